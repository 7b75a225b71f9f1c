#!/usr/bin/env python3
"""Re-runs the calibration of the seek jitter of the Samsung F1 in the AHCI study.

No data sheet gives how far a drive's seeks scatter about the estimate its queue scheduler plans
with (HddSpec::seek_jitter_s, components/hdd_model.h hdd_expected_wait). It is fitted once, on
the Samsung SpinPoint F1's 4 KiB random reads at iodepth 16 and 32 x numjobs 1 on the MicroServer
Gen10's AHCI port (louwrentius-2019-ahci-hdds: two IOPS figures, marked calibration with their
mean latencies). The HGST disk of the same study (and of the P420i cache study, which copies its
profile) takes the F1's value as an estimate. Every other figure - the F1's reads at 1-4 in
flight and from several jobs, its writes (the drive's write cache destages in the same order),
every HGST figure - is predicted. The script also prints the HGST's own curve, for reference: its
best value leaves its reads 40-50% above the measurement, so it is not used.

For each disk and each value on the grid the script writes the study's project with that value
into a temporary copy of resources/validation, runs `raid-advisor-cli validate --json`, and
prints the RMS of ln(predicted / measured) over the calibration figures, best first, and the
value chosen: the least on the grid whose RMS is within 1% of the best (beyond a few ms the
error levels off: the drive no longer uses the rotation in its choice, and larger values change
nothing, so the least of the plateau is taken).

usage: scripts/calibrate-seek-jitter.py [--build DIR] [--top N]
"""

import argparse
import json
import math
import pathlib
import shutil
import subprocess
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
STUDY = "louwrentius-2019-ahci-hdds"
# system name in the project -> configuration name in the measured figures
DISKS = {
    "HGST 2.5-inch 7200 rpm disk on AHCI (MicroServer Gen10)":
        "HGST 2.5-inch 7200 rpm 100 GB (HTS72101) on the MicroServer Gen10's AHCI port",
    "Samsung SpinPoint F1 1 TB on AHCI (MicroServer Gen10)":
        "Samsung SpinPoint F1 1 TB 7200 rpm on the MicroServer Gen10's AHCI port",
}
CALIBRATION_TESTS = [
    "4 KiB random read, iodepth 16 x numjobs 1",
    "4 KiB random read, iodepth 32 x numjobs 1",
]
GRID_MS = [round(0.1 * i, 1) for i in range(0, 51)]


def rms_error(validation, config):
    study = next(s for s in validation["studies"] if s["name"] == STUDY)
    logs = [math.log(f["predicted"] / f["measured"]) for f in study["figures"]
            if f["name"] in {config + ": " + t for t in CALIBRATION_TESTS}]
    if len(logs) != len(CALIBRATION_TESTS):
        raise SystemExit(f"calibration figures of '{config}' not found")
    return math.sqrt(sum(x * x for x in logs) / len(logs))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=str(ROOT / "build"))
    ap.add_argument("--top", type=int, default=5)
    args = ap.parse_args()
    cli = pathlib.Path(args.build) / "bin" / "raid-advisor-cli"
    with tempfile.TemporaryDirectory() as tmp:
        vdir = pathlib.Path(tmp) / "validation"
        shutil.copytree(ROOT / "resources" / "validation", vdir)
        project_path = vdir / f"{STUDY}.json"
        original = json.loads(project_path.read_text())
        for system_name, config in DISKS.items():
            current = next(s for s in original["systems"] if s["name"] == system_name)
            current_ms = current["drive"].get("seek_jitter_ms", 0.0)
            results = []
            for ms in GRID_MS:
                project = json.loads(json.dumps(original))
                drive = next(s for s in project["systems"] if s["name"] == system_name)["drive"]
                drive["seek_jitter_ms"] = ms
                project_path.write_text(json.dumps(project, indent=1))
                out = subprocess.run([str(cli), "validate", "--json", "--validation-dir",
                                      str(vdir)], check=True, capture_output=True, text=True)
                results.append((rms_error(json.loads(out.stdout), config), ms))
            project_path.write_text(json.dumps(original, indent=1))
            best = min(err for err, _ in results)
            chosen = min(ms for err, ms in results if err <= 1.01 * best)
            results.sort()
            role = "calibrated" if system_name.startswith("Samsung") else "reference only, not used"
            print(f"{system_name} ({role}; profile now: {current_ms} ms; least within 1%: "
                  f"{chosen} ms)")
            for err, ms in results[:args.top]:
                mark = "  <- profile" if abs(ms - current_ms) < 1e-9 else ""
                print(f"  seek_jitter_ms {ms:4.1f}: RMS ln error {err:.4f}{mark}")


if __name__ == "__main__":
    main()
