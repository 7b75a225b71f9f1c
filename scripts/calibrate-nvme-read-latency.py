#!/usr/bin/env python3
"""Re-runs the calibration of the Intel DC P3608 namespace's QD1 random read latency.

The oberstet-2017-md-raid0-16-nvme study's drive row took its QD1 read latency (77 us) from
the catalog's Intel DC P4510 row: the P3608's product specification gives only sequential
latencies ('Seq Latency (typ) R/W: 20/20us'), no random read latency. It is calibrated once,
on one stated figure, by the rules of shared/reference/measurements/README.md: the 16 raw
namespaces' 8 KiB random reads from one thread (fio sync engine, numjobs 1: 8,411 IOPS, 119 us
a read end to end, the host's estimated 10 us and the lseek included), the one figure where a
read's latency alone sets the rate. Every other thread count, the md array's reads and the
70/30 mixes are then predicted.

For each latency the script writes the study's project with that value on both systems' drive
into a temporary copy of resources/validation, runs `raid-advisor-cli validate --json`, and
prints |ln(predicted / measured)| of the figure, searching 20-300 us by golden section.

usage: scripts/calibrate-nvme-read-latency.py [--build DIR]
"""

import json
import math

from calibration_support import cli_from_arguments, golden_section, scratch_validation, validate

STUDY = "oberstet-2017-md-raid0-16-nvme"
FIGURE = "16 raw namespaces (no RAID): 8 KiB random read, sync, numjobs 1"


def main():
    cli = cli_from_arguments()
    with scratch_validation() as vdir:
        path = vdir / f"{STUDY}.json"
        original = json.loads(path.read_text())

        def error_at(us):
            project = json.loads(json.dumps(original))
            for system in project["systems"]:
                system["drive"]["read_latency_us"] = us
            path.write_text(json.dumps(project, indent=1))
            study = next(s for s in validate(cli, vdir)["studies"] if s["name"] == STUDY)
            fig = next(f for f in study["figures"] if f["name"] == FIGURE)
            return abs(math.log(fig["predicted"] / fig["measured"]))

        best = round(golden_section(error_at, 20.0, 300.0, 0.05))
        now = sorted({s["drive"]["read_latency_us"] for s in original["systems"]})
        print(f"read_latency_us: {best} us (|ln error| {error_at(best):.4f} on '{FIGURE}'; "
              f"at the P4510 row's 77 us: {error_at(77.0):.4f}; the profile now: {now})")
        path.write_text(json.dumps(original, indent=1))


if __name__ == "__main__":
    main()
