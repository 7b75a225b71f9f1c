#!/usr/bin/env python3
"""Re-runs the calibration of the controllers' per-command port times.

A controller's port time (ControllerSpec::port_read_command_s, port_write_command_s) is how
long its hardware or firmware holds a drive's port per command beyond the link's own
overhead. No data sheet gives it; where a study's SSDs level off below the SATA lane's ceiling
at a rate that is the port's, not the drive's (different drives, the same ceiling), the two
times are calibrated once per controller profile, on a stated subset, by the rules of
shared/reference/measurements/README.md:

- louwrentius-2019-p420i-controller-cache, the HP Smart Array P420i (every SSD behind it
  levels off near 48,000 writes/s in RAID and HBA mode alike; three MX200s in md RAID 0 read
  three times one, so the ceiling is per port): writes on both SSDs' 4 KiB random writes at
  iodepth 64 x numjobs 1 in HBA mode (the subset that chose the SSDs' state,
  scripts/calibrate-ssd-state.py), reads on both SSDs' HBA-mode reads at iodepth 16 x numjobs 1,
  the deepest single-thread point before the HBA mode's fall with more jobs (the RAID-mode
  TEST01 reads, once in the subset, read blocks never written and are not compared since stop
  52: scripts/ssd-read-history.py); the mx200 study's P420i takes the values (a prediction);
- louwrentius-2019-sata-ssds, each of its three ports (the MicroServer Gen10's AHCI, the
  Gen8's AHCI at 3 Gb/s, the M1015's SAS2008): every drive's compared reads and writes at
  iodepth 16 x numjobs 4 on that port (four submitting threads: one fio thread stops near
  60,000 IOPS on these ports, below what four reach). No read on the Gen10's port is compared
  (both its drives read blocks never written there), so its time per read is not calibrated.

For each time the script writes the study's project with that value on the controllers whose
name holds the port's key into a temporary copy of resources/validation, runs
`raid-advisor-cli validate --json`, and prints the RMS of ln(predicted / measured) over the
subset, searching 0-30 us by golden section.

usage: scripts/calibrate-port-times.py [--build DIR]
"""

import json

from calibration_support import (ROOT, cli_from_arguments, golden_section, rms_log_error,
                                 scratch_validation, validate)

P420I = "louwrentius-2019-p420i-controller-cache"
SATA = "louwrentius-2019-sata-ssds"
P420I_WRITE = ": 4 KiB random write, iodepth 64 x numjobs 1"
P420I_READ = ": 4 KiB random read, iodepth 16 x numjobs 1"
P420I_CONFIGS = [
    "Samsung 860 PRO behind P420i in HBA mode",
    "Intel D3-S4610 behind P420i in HBA mode",
]
# us: core/validation/fio_grid.h kNeverWrittenMedianUs, the same rule.
NEVER_WRITTEN_US = 60


def never_written(study):
    """The configurations of `study` whose reads are not compared (reads of blocks never
    written: their qd1_read_completion_median_us in the .measured.json is under 60 us)."""
    measured = json.loads((ROOT / "resources" / "validation" / f"{study}.measured.json")
                          .read_text())
    return {c for c, us in measured.get("qd1_read_completion_median_us", {}).items()
            if us < NEVER_WRITTEN_US}


NEVER_WRITTEN = never_written(SATA)
SATA_PORTS = {
    "MicroServer Gen10": ["Intel D3-S4610 480 GB (SSDSC2KG48) on the MicroServer Gen10's AHCI port",
                          "Samsung PM883 480 GB (MZ7LH480) on the MicroServer Gen10's AHCI port"],
    "MicroServer Gen8": ["Intel D3-S4610 on the MicroServer Gen8's SATA 3 Gb/s port",
                         "Samsung 860 PRO on the MicroServer Gen8's SATA 3 Gb/s port",
                         "Samsung PM883 on the MicroServer Gen8's SATA 3 Gb/s port"],
    "M1015": ["Intel D3-S4610 on an IBM M1015 (LSI SAS2008) HBA",
              "Samsung 860 PRO on an IBM M1015 (LSI SAS2008) HBA",
              "Samsung PM883 on an IBM M1015 (LSI SAS2008) HBA"],
}
SATA_LOAD = ": 4 KiB random {}, iodepth 16 x numjobs 4"

# (study, key in the controllers' names, column, the subset's figure names)
SUBSETS = [
    (P420I, "P420i", "port_write_command_us",
     ["Samsung 860 PRO behind P420i in HBA mode" + P420I_WRITE,
      "Intel D3-S4610 behind P420i in HBA mode" + P420I_WRITE]),
    (P420I, "P420i", "port_read_command_us", [c + P420I_READ for c in P420I_CONFIGS]),
] + [
    (SATA, port, f"port_{kind}_command_us",
     [c + SATA_LOAD.format(kind) for c in configs if kind == "write" or c not in NEVER_WRITTEN])
    for port, configs in SATA_PORTS.items() for kind in ("read", "write")
]
SUBSETS = [s for s in SUBSETS if s[3]]


def controllers(project, key):
    return [s["controller"] for s in project["systems"]
            if isinstance(s.get("controller"), dict) and key in s["controller"]["name"]]


def main():
    cli = cli_from_arguments()
    with scratch_validation() as vdir:
        for study, key, column, names in SUBSETS:
            path = vdir / f"{study}.json"
            original = json.loads(path.read_text())

            def error_at(us):
                project = json.loads(json.dumps(original))
                for c in controllers(project, key):
                    c[column] = us
                path.write_text(json.dumps(project, indent=1))
                return rms_log_error(validate(cli, vdir), study, names)

            # The error is unimodal in the time: golden section over 0-30 us.
            best = round(golden_section(error_at, 0.0, 30.0, 0.02), 1)
            now = sorted({c.get(column) for c in controllers(original, key)}, key=str)
            print(f"{study}, {key}, {column}: {best} us (RMS ln error {error_at(best):.4f} "
                  f"over {len(names)} figures; at 0: {error_at(0.0):.4f}; the profile now: {now})")
            path.write_text(json.dumps(original, indent=1))


if __name__ == "__main__":
    main()
