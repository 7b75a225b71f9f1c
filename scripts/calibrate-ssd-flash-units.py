#!/usr/bin/env python3
"""Re-runs the choice of the Crucial MX200's flash units (flash_units) behind the P420i.

How many flash units (dies or planes) a drive's random reads spread over is in no data sheet.
The model derives it from the data sheet's random read IOPS and the QD1 read latency (Little's
law: 100,000 x 90 us = 9 for the MX200, the latency estimated); behind the P420i one MX200
levels off near 47,000 reads/s and ramps up to it more slowly than nine units give. The count is
chosen once, in louwrentius-2019-p420i-mx200-md-raid0, among whole numbers, on a stated subset,
by the rules of shared/reference/measurements/README.md: the single drive's 4 KiB random reads
at iodepth 1 x numjobs 4, 8 and 16 (its ramp; the study's code marks them calibration). The
study's three drive rows (one drive, two md RAID 0 arrays of three) take the value.

For each count the script writes the study's project with that count on every MX200 row into a
temporary copy of resources/validation, runs `raid-advisor-cli validate --json`, and prints the
RMS of ln(predicted / measured); the least one is chosen.

usage: scripts/calibrate-ssd-flash-units.py [--build DIR]
"""

from calibration_support import cli_from_arguments, errors_of_drive_choices

STUDY = "louwrentius-2019-p420i-mx200-md-raid0"
SUBSET = [f"single Crucial MX200 (P420i logical drive, /dev/sdb): 4 KiB random read, "
          f"iodepth 1 x numjobs {jobs}" for jobs in (4, 8, 16)]
UNITS = [2, 3, 4, 5, 6, 7, 9, 12]


def main():
    results = errors_of_drive_choices(cli_from_arguments(), STUDY, SUBSET, UNITS,
                                      lambda name: "MX200" in name,
                                      lambda drive, units: drive.update(flash_units=units))
    for err, units in results:
        print(f"  flash_units {units:>3}: RMS ln error {err:.4f}")
    print(f"chosen: {min(results)[1]}")


if __name__ == "__main__":
    main()
