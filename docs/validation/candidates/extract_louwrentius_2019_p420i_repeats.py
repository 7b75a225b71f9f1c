#!/usr/bin/env python3
"""Extract the D3-S4610's two repeat series behind the P420i in RAID mode (TEST02_RANDREPEAT_1,
TEST03_RANDREPEAT_0, 14-15 September 2019) in the figure format of
louwrentius-2019-p420i-controller-cache.measured.json, from a clone of louwrentius/fio-plot.

Usage: extract_louwrentius_2019_p420i_repeats.py FIO_PLOT_GIT_DIR > figures.json
Reads the raw fio JSON files with `git show 11f6ae4b:<path>`; copies every IOPS figure of
iodepth x numjobs in {1,4,16,64}^2 and the mean latency (lat_ns mean) at numjobs 1, reads and
writes, as the study's other configurations were copied (0.1 IOPS, 0.0001 ms), and prints each
series' qd1_read_completion_median_us (clat_ns 50th percentile of its reads at 1 x 1).
"""
import json
import subprocess
import sys

COMMIT = "11f6ae4b7f10f33b73883c26ec1126c011faa76a"
FOLDER = "HPDL380G8/RAID/P420i_INTEL_D3-S4610_SSDSC2KG48"
SERIES = [
    ("Intel D3-S4610 (SSDSC2KG48) behind P420i (RAID mode), TEST02_RANDREPEAT_1",
     "TEST02_RANDREPEAT_1"),
    ("Intel D3-S4610 (SSDSC2KG48) behind P420i (RAID mode), TEST03_RANDREPEAT_0",
     "TEST03_RANDREPEAT_0"),
]
GRID = [1, 4, 16, 64]


def fio_json(repo, path):
    text = subprocess.run(["git", "-C", repo, "show", f"{COMMIT}:{path}"], check=True,
                          capture_output=True, text=True).stdout
    return json.loads(text)


def main():
    repo = sys.argv[1]
    figures, medians = [], {}
    for config, series in SERIES:
        for rw, word, key in (("randread", "read", "read"), ("randwrite", "write", "write")):
            for depth in GRID:
                for jobs in GRID:
                    path = f"benchmark_data/{FOLDER}/{series}/{rw}-{depth}-{jobs}.json"
                    j = fio_json(repo, path)
                    job = j["jobs"][0]
                    opts = job["job options"]
                    assert opts["iodepth"] == str(depth) and opts["numjobs"] == str(jobs)
                    test = f"4 KiB random {word}, iodepth {depth} x numjobs {jobs}"
                    base = {
                        "level": "single (one-drive logical drive or HBA pass-through)",
                        "drives": 1, "chunk_bytes": None,
                        "controller_mode": "RAID (logical drive)", "write_cache": "not stated",
                        "request_bytes": 4096,
                        "read_fraction": 1.0 if key == "read" else 0.0, "random": True,
                        "queue_depth": depth, "jobs": jobs,
                        "runtime_s": int(opts["runtime"]), "file": path,
                        "measured_at": j["time"],
                    }
                    figures.append({"id": f"{config}|{test}",
                                    "measured": round(job[key]["iops"], 1), "unit": "IOPS",
                                    **base})
                    if jobs == 1:
                        figures.append({"id": f"{config}|{test}|mean latency",
                                        "measured": round(job[key]["lat_ns"]["mean"] / 1e6, 4),
                                        "unit": "ms", **base,
                                        "note": "fio lat_ns mean (submission+completion) "
                                                "converted to ms"})
                    if key == "read" and depth == 1 and jobs == 1:
                        medians[config] = round(
                            job["read"]["clat_ns"]["percentile"]["50.000000"] / 1e3)
    print(json.dumps({"figures": figures, "qd1_read_completion_median_us": medians}, indent=1))


main()
