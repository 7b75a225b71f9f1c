"""What the calibration scripts share: a scratch copy of resources/validation, one run of
`raid-advisor-cli validate --json` on it, the RMS log error of a subset of a study's figures and
a golden-section search (the rules: shared/reference/measurements/README.md)."""

import argparse
import contextlib
import json
import math
import pathlib
import shutil
import subprocess
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent


def cli_from_arguments():
    """The raid-advisor-cli of the build the command line names (--build DIR, default build/)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=str(ROOT / "build"))
    return pathlib.Path(ap.parse_args().build) / "bin" / "raid-advisor-cli"


@contextlib.contextmanager
def scratch_validation():
    """A temporary copy of resources/validation, removed afterwards."""
    with tempfile.TemporaryDirectory() as tmp:
        vdir = pathlib.Path(tmp) / "validation"
        shutil.copytree(ROOT / "resources" / "validation", vdir)
        yield vdir


def validate(cli, vdir):
    """Every study of `vdir`, as `validate --json` gives them."""
    out = subprocess.run([str(cli), "validate", "--json", "--validation-dir", str(vdir)],
                         check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def rms_log_error(validation, study_name, names):
    """RMS of ln(predicted / measured) over the IOPS figures of `study_name` named in `names`."""
    study = next(s for s in validation["studies"] if s["name"] == study_name)
    logs = [math.log(f["predicted"] / f["measured"]) for f in study["figures"]
            if f["name"] in names and f["unit"] == "IOPS"]
    if len(logs) != len(names):
        raise SystemExit(f"calibration figures of '{study_name}' not found")
    return math.sqrt(sum(x * x for x in logs) / len(logs))


def golden_section(cost, lo, hi, tolerance):
    """The argument in [lo, hi] where the unimodal `cost` is least, within `tolerance`."""
    g = (math.sqrt(5.0) - 1.0) / 2.0
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    fa, fb = cost(a), cost(b)
    while hi - lo > tolerance:
        if fa < fb:
            hi, b, fb = b, a, fa
            a = hi - g * (hi - lo)
            fa = cost(a)
        else:
            lo, a, fa = a, b, fb
            b = lo + g * (hi - lo)
            fb = cost(b)
    return (lo + hi) / 2.0


def errors_of_drive_choices(cli, study, subset, values, drive_matches, set_value):
    """RMS ln errors of `subset` of `study` for each of `values` (a choice among discrete
    alternatives): the study's project written into a scratch copy of resources/validation with
    `set_value(drive, value)` applied to every inline drive whose name `drive_matches`, then
    validated with `cli`. Returns [(error, value)] in the order of `values`."""
    with scratch_validation() as vdir:
        path = vdir / f"{study}.json"
        original = json.loads(path.read_text())
        results = []
        for value in values:
            project = json.loads(json.dumps(original))
            for system in project["systems"]:
                drive = system["drive"]
                if isinstance(drive, dict) and drive_matches(drive["name"]):
                    set_value(drive, value)
            path.write_text(json.dumps(project, indent=1))
            results.append((rms_log_error(validate(cli, vdir), study, subset), value))
        return results
