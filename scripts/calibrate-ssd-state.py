#!/usr/bin/env python3
"""Re-runs the choice of the SSDs' state (steady or fresh) in two Louwrentius studies.

Whether a drive was in steady state or fresh (new or purged, and written less than its capacity
since: SNIA SSS PTS Enterprise 1.0, section 1) is its history, which no data sheet and neither
study states (fio-plot's runs on raw devices, no preconditioning stated). The assumption
documents took "steady" before the model ran; the writes then measured 2-4 times the
steady-state rates. The state is therefore chosen once per study, on a stated subset of its
figures, by the rules of shared/reference/measurements/README.md:

- louwrentius-2019-sata-ssds: the three drives' 4 KiB random writes at iodepth 64 x numjobs 1
  on the M1015 (a plain HBA, one submitting thread, a deep queue: the drive's write rate shows
  most directly), three IOPS figures (their mean latencies, the same load point, are marked
  calibration with them);
- louwrentius-2019-p420i-controller-cache: the two SSDs' writes at iodepth 64 x numjobs 1 in
  HBA mode (the controller's pass-through), two IOPS figures (and their latencies).

For each study and state the script writes the study's project with every SSD system in that
state into a temporary copy of resources/validation, runs `raid-advisor-cli validate --json`,
and prints the RMS of ln(predicted / measured) over the subset; the state with the lesser RMS
is the one chosen.

usage: scripts/calibrate-ssd-state.py [--build DIR]
"""

import json

from calibration_support import (ROOT, cli_from_arguments, rms_log_error, scratch_validation,
                                 validate)

WRITE = ": 4 KiB random write, iodepth 64 x numjobs 1"
SUBSETS = {
    "louwrentius-2019-sata-ssds": [
        "Intel D3-S4610 on an IBM M1015 (LSI SAS2008) HBA" + WRITE,
        "Samsung 860 PRO on an IBM M1015 (LSI SAS2008) HBA" + WRITE,
        "Samsung PM883 on an IBM M1015 (LSI SAS2008) HBA" + WRITE,
    ],
    "louwrentius-2019-p420i-controller-cache": [
        "Samsung 860 PRO behind P420i in HBA mode" + WRITE,
        "Intel D3-S4610 behind P420i in HBA mode" + WRITE,
    ],
}
STATES = ["steady", "fresh"]


def is_ssd(system, catalog_ssds):
    drive = system["drive"]
    if isinstance(drive, dict):
        return drive.get("kind") == "ssd"
    return drive in catalog_ssds


def catalog_ssd_ids():
    ids = set()
    for line in (ROOT / "resources" / "catalog" / "drives.csv").read_text().splitlines():
        fields = line.split(",")
        if len(fields) > 4 and fields[4] == "ssd":
            ids.add(fields[0])
    return ids


def main():
    cli = cli_from_arguments()
    ssds = catalog_ssd_ids()
    with scratch_validation() as vdir:
        for study, names in SUBSETS.items():
            path = vdir / f"{study}.json"
            original = json.loads(path.read_text())
            current = sorted({s.get("ssd_state", "steady") for s in original["systems"]
                              if is_ssd(s, ssds)})
            results = []
            for state in STATES:
                project = json.loads(json.dumps(original))
                for system in project["systems"]:
                    if is_ssd(system, ssds):
                        system["ssd_state"] = state
                path.write_text(json.dumps(project, indent=1))
                results.append((rms_log_error(validate(cli, vdir), study, names), state))
            path.write_text(json.dumps(original, indent=1))
            chosen = min(results)[1]
            print(f"{study} (profile now: {', '.join(current)}; chosen: {chosen})")
            for err, state in results:
                print(f"  {state:6}: RMS ln error {err:.4f} over {len(names)} figures")


if __name__ == "__main__":
    main()
