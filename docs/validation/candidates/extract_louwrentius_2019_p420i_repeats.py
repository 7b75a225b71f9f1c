#!/usr/bin/env python3
"""Extract the D3-S4610's two repeat series behind the P420i in RAID mode (TEST02_RANDREPEAT_1,
TEST03_RANDREPEAT_0, 14-15 September 2019) in the figure format of
louwrentius-2019-p420i-controller-cache.measured.json, from a clone of louwrentius/fio-plot.

Usage: extract_louwrentius_2019_p420i_repeats.py FIO_PLOT_GIT_DIR > figures.json
Copies every IOPS figure of iodepth x numjobs in {1,4,16,64}^2 and the mean latency (lat_ns
mean) at numjobs 1, reads and writes, as the study's other configurations were copied (0.1
IOPS, 0.0001 ms), and each series' qd1_read_completion_median_us (clat_ns 50th percentile of
its reads at 1 x 1).
"""
import json
import sys

from fio_plot_data import grid_figures

FOLDER = "HPDL380G8/RAID/P420i_INTEL_D3-S4610_SSDSC2KG48"
SERIES = [
    ("Intel D3-S4610 (SSDSC2KG48) behind P420i (RAID mode), TEST02_RANDREPEAT_1",
     "TEST02_RANDREPEAT_1"),
    ("Intel D3-S4610 (SSDSC2KG48) behind P420i (RAID mode), TEST03_RANDREPEAT_0",
     "TEST03_RANDREPEAT_0"),
]
GRID = [1, 4, 16, 64]


def base_of(j, job, path, depth, jobs, read):
    return {
        "level": "single (one-drive logical drive or HBA pass-through)", "drives": 1,
        "chunk_bytes": None, "controller_mode": "RAID (logical drive)",
        "write_cache": "not stated", "request_bytes": 4096,
        "read_fraction": 1.0 if read else 0.0, "random": True, "queue_depth": depth,
        "jobs": jobs, "runtime_s": int(job["job options"]["runtime"]), "file": path,
        "measured_at": j["time"],
    }


def main():
    repo = sys.argv[1]
    figures, medians = [], {}
    for config, series in SERIES:
        for figure, _, job in grid_figures(repo, config, f"{FOLDER}/{series}", GRID, base_of,
                                           "fio lat_ns mean (submission+completion) converted "
                                           "to ms"):
            figures.append(figure)
            if figure["id"].endswith("random read, iodepth 1 x numjobs 1"):
                medians[config] = round(job["read"]["clat_ns"]["percentile"]["50.000000"] / 1e3)
    print(json.dumps({"figures": figures, "qd1_read_completion_median_us": medians}, indent=1))


main()
