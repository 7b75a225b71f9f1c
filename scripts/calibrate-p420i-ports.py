#!/usr/bin/env python3
"""Re-runs the calibration of the HP Smart Array P420i's per-command port times.

Every SSD behind the P420i levels off at a rate its data sheet and its own AHCI runs exceed,
the same for different drives: writes near 48,000 a second in RAID and HBA mode alike (the
860 PRO and the D3-S4610, which reach 65,000 on the MicroServer Gen10's AHCI port), reads at
50,000-70,000; three MX200s in md RAID 0 reach three times one (144,000 reads a second), so
the ceiling is the drive's port, not the controller's processor (HP's 200,000 commands/s).
How long the firmware holds a port per command (SATA tunnelled over SAS, SCSI translated to
ATA) no HP document gives, so the two times (ControllerSpec::port_read_command_s and
port_write_command_s) are calibrated once, in the louwrentius-2019-p420i-controller-cache
study, on a stated subset, by the rules of shared/reference/measurements/README.md:

- writes: both SSDs' 4 KiB random writes at iodepth 64 x numjobs 1 in HBA mode (the subset
  that already chose the SSDs' state: scripts/calibrate-ssd-state.py), two IOPS figures;
- reads: the four ranked SSD configurations' (each SSD in RAID and in HBA mode) 4 KiB random
  reads at iodepth 16 x numjobs 1, four IOPS figures: the deepest single-thread point below
  the HBA mode's fall beyond 32 outstanding, both modes weighed alike.

For each time the script writes the study's project with that value on every P420i into a
temporary copy of resources/validation, runs `raid-advisor-cli validate --json`, and prints
the RMS of ln(predicted / measured) over the subset, searching 0-30 us by golden section; the
mx200 study's P420i takes the values found (a prediction there).

usage: scripts/calibrate-p420i-ports.py [--build DIR]
"""

import argparse
import json
import math
import pathlib
import shutil
import subprocess
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
STUDY = "louwrentius-2019-p420i-controller-cache"
WRITE = ": 4 KiB random write, iodepth 64 x numjobs 1"
READ = ": 4 KiB random read, iodepth 16 x numjobs 1"
SUBSETS = {
    "port_write_command_us": [
        "Samsung 860 PRO behind P420i in HBA mode" + WRITE,
        "Intel D3-S4610 behind P420i in HBA mode" + WRITE,
    ],
    "port_read_command_us": [
        "Samsung 860 PRO behind P420i (RAID mode), TEST01" + READ,
        "Samsung 860 PRO behind P420i in HBA mode" + READ,
        "Intel D3-S4610 (SSDSC2KG48) behind P420i (RAID mode), TEST01" + READ,
        "Intel D3-S4610 behind P420i in HBA mode" + READ,
    ],
}


def rms_error(validation, names):
    study = next(s for s in validation["studies"] if s["name"] == STUDY)
    logs = [math.log(f["predicted"] / f["measured"]) for f in study["figures"]
            if f["name"] in names and f["unit"] == "IOPS"]
    if len(logs) != len(names):
        raise SystemExit(f"calibration figures of '{STUDY}' not found")
    return math.sqrt(sum(x * x for x in logs) / len(logs))


def p420i_controllers(project):
    return [s["controller"] for s in project["systems"]
            if isinstance(s.get("controller"), dict) and "P420i" in s["controller"]["name"]]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=str(ROOT / "build"))
    args = ap.parse_args()
    cli = pathlib.Path(args.build) / "bin" / "raid-advisor-cli"
    with tempfile.TemporaryDirectory() as tmp:
        vdir = pathlib.Path(tmp) / "validation"
        shutil.copytree(ROOT / "resources" / "validation", vdir)
        path = vdir / f"{STUDY}.json"
        original = json.loads(path.read_text())
        for column, names in SUBSETS.items():
            def error_at(us):
                project = json.loads(json.dumps(original))
                for c in p420i_controllers(project):
                    c[column] = us
                path.write_text(json.dumps(project, indent=1))
                out = subprocess.run([str(cli), "validate", "--json", "--validation-dir",
                                      str(vdir)], check=True, capture_output=True, text=True)
                return rms_error(json.loads(out.stdout), names)

            # Golden-section search over 0-30 us (the error is unimodal in the time).
            lo, hi = 0.0, 30.0
            g = (math.sqrt(5.0) - 1.0) / 2.0
            a, b = hi - g * (hi - lo), lo + g * (hi - lo)
            fa, fb = error_at(a), error_at(b)
            while hi - lo > 0.02:
                if fa < fb:
                    hi, b, fb = b, a, fa
                    a = hi - g * (hi - lo)
                    fa = error_at(a)
                else:
                    lo, a, fa = a, b, fb
                    b = lo + g * (hi - lo)
                    fb = error_at(b)
            best = round((lo + hi) / 2.0, 1)
            now = [c.get(column) for c in p420i_controllers(original)]
            print(f"{column}: {best} us (RMS ln error {error_at(best):.4f} over "
                  f"{len(names)} figures; at 0: {error_at(0.0):.4f}; the profile now: {now})")
        path.write_text(json.dumps(original, indent=1))


if __name__ == "__main__":
    main()
