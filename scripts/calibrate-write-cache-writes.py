#!/usr/bin/env python3
"""Re-runs the choice of the 2.5-inch HGST disk's write-cache depth (write_cache_writes).

How many writes a drive's write cache holds before a new one must wait for a destage is in no
data sheet of the Travelstar 7K100 (issue 24: "from one, in old drives, to hundreds"). On the
MicroServer Gen10's AHCI port the HGST writes 43-46 IOPS at every depth from 1 to 32 (22.8 ms a
write at iodepth 1, longer than a read; fio's latency percentiles put 1% of writes at 0.5 ms and
the median at 25 ms: acknowledged from the cache only when it has room). The depth is chosen
once, in louwrentius-2019-ahci-hdds, on a stated subset, by the rules of
shared/reference/measurements/README.md: the HGST's 4 KiB random writes at iodepth 1 x numjobs 1
(the IOPS figure; its mean latency, the same load point, is marked calibration with it). The
P420i cache study's HGST, the same drive, takes the value.

For each depth (0: as many as its 8 MB hold, the default) the script writes the study's project
with that depth on the HGST into a temporary copy of resources/validation, runs
`raid-advisor-cli validate --json`, and prints the RMS of ln(predicted / measured); the least
one is chosen.

usage: scripts/calibrate-write-cache-writes.py [--build DIR]
"""

from calibration_support import cli_from_arguments, errors_of_drive_choices

STUDY = "louwrentius-2019-ahci-hdds"
SUBSET = ["HGST 2.5-inch 7200 rpm 100 GB (HTS72101) on the MicroServer Gen10's AHCI port: "
          "4 KiB random write, iodepth 1 x numjobs 1"]
DEPTHS = [0, 1, 2, 4, 8, 16, 32]


def set_depth(drive, depth):
    drive.pop("write_cache_writes", None)
    if depth:
        drive["write_cache_writes"] = depth


def main():
    results = errors_of_drive_choices(cli_from_arguments(), STUDY, SUBSET, DEPTHS,
                                      lambda name: "HGST" in name, set_depth)
    for err, depth in results:
        print(f"  write_cache_writes {depth or 'default':>7}: RMS ln error {err:.4f}")
    print(f"chosen: {min(results)[1] or 'default'}")


if __name__ == "__main__":
    main()
