#!/usr/bin/env python3
"""Each SSD's fio-plot series in time order: how much it had written before, and its QD1 reads.

Louwrentius' SATA-SSD and P420i studies test the same three drives (an Intel D3-S4610 480 GB, a
Samsung 860 PRO, a Samsung PM883 480 GB) on several ports, series after series. Their QD1 random
reads split by the drive's history, not by the port: a drive's first series read fast, later
ones slow. What fits every series: the flash translation layer answers a read of an LBA never
written (since the drive was new or purged) without a flash read; fio's randrepeat=1 (its
default) gives every run of a job the same offsets, so a series reads what earlier series wrote
(slow) unless the offsets moved: randrepeat=0 (the D3-S4610's TEST03, fast), or a P420i logical
drive (RAID mode), whose LBAs sit at an offset on the drive, against the raw drive (each drive's
second series, on the raw drive after a first through a logical drive: fast). This script
prints the evidence, nothing is fitted: per drive, every series (a folder of fio JSONs), its
first timestamp, the bytes its write runs wrote, the bytes written in earlier series, the mean
latency of its 4 KiB random reads at iodepth 1 x numjobs 1 (fio's lat_ns, host included) and
their median completion latency (fio's clat_ns 50th percentile). The medians fall in two groups,
37-45 us and 87-134 us, with nothing between: below NEVER_WRITTEN_US most of a series' reads
found no data (the .measured.json files' qd1_read_completion_median_us, which the validation
reads to leave such a series' reads uncompared: docs/model.md).

Folders are mapped to drives by name (the only Intel SSD is the D3-S4610; "SAMSUNG_DC" and
"PM833" are the PM883). Series of other drives (the 4-SSD RAID 0 sets) are not counted: which
drives they used is not stated, so "written before" is a lower bound.

usage: scripts/ssd-read-history.py GIT_DIR
  GIT_DIR: a clone (bare or not) of github.com/louwrentius/fio-plot holding commit 11f6ae4b.
"""

import json
import subprocess
import sys
import time

COMMIT = "11f6ae4b7"
DRIVES = {
    "Intel D3-S4610": ("INTEL",),
    "Samsung 860 PRO": ("860",),
    "Samsung PM883": ("PM883", "PM833", "SAMSUNG_DC"),
    "Crucial MX200": ("MX200",),
}
# us: the gap between the two groups of medians (core/validation/fio_grid.cpp, same value)
NEVER_WRITTEN_US = 60


def git(git_dir, *args):
    return subprocess.run(["git", "-C", git_dir, *args], check=True, capture_output=True,
                          text=True).stdout


def drive_of(folder):
    for drive, keys in DRIVES.items():
        if any(k in folder.upper() for k in keys):
            return drive
    return None


def series(git_dir):
    """{(drive, folder): [(timestamp, name, written bytes, qd1 read latency or None)]}"""
    files = [f for f in git(git_dir, "ls-tree", "-r", "--name-only", COMMIT,
                            "benchmark_data").split() if f.endswith(".json")]
    out = {}
    for f in files:
        folder, name = f.rsplit("/", 1)
        drive = drive_of(folder)
        if drive is None or not (name.startswith("randread") or name.startswith("randwrite")):
            continue
        d = json.loads(git(git_dir, "show", f"{COMMIT}:{f}"))
        written = sum(j["write"]["io_bytes"] for j in d["jobs"])
        qd1 = None
        if name == "randread-1-1.json":
            read = d["jobs"][0]["read"]
            qd1 = (read["lat_ns"]["mean"] / 1e3, read["clat_ns"]["percentile"]["50.000000"] / 1e3)
        out.setdefault((drive, folder), []).append((d["timestamp"], name, written, qd1))
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    runs = series(sys.argv[1])
    for drive in DRIVES:
        rows = sorted(((min(r[0] for r in v), folder, sum(r[2] for r in v),
                        next((r[3] for r in v if r[3] is not None), None))
                       for (d, folder), v in runs.items() if d == drive))
        print(f"== {drive}")
        before = 0
        for start, folder, written, qd1 in rows:
            when = time.strftime("%Y-%m-%d %H:%M", time.gmtime(start))
            lat = "     -   " if qd1 is None else (
                f"{qd1[0]:6.0f} us, median {qd1[1]:4.0f} us"
                + (" (never written)" if qd1[1] < NEVER_WRITTEN_US else "                "))
            print(f"  {when}  QD1 read {lat}  written before {before / 1e9:7.0f} GB, "
                  f"in series {written / 1e9:5.0f} GB  {folder.removeprefix('benchmark_data/')}")
            before += written


if __name__ == "__main__":
    main()
