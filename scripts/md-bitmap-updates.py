#!/usr/bin/env python3
"""How often Linux md updated its write-intent bitmap in Louwrentius' md RAID 5 fio grid.

fio's disk_util section counts every member's reads and writes. A 4 KiB random write to md
RAID 5 costs a read-modify-write: two member reads and two member writes (the grid shows 2.000
reads per write everywhere). A bitmap update writes one page to every member (md-bitmap.c,
write_sb_page through md_super_write), so the member writes beyond two per write, per member,
count the updates (a few come from the bitmap daemon writing pages whose bits it cleared).

Prints, for every randwrite point of the M1015 grid: fio's writes a second, the member reads
and writes per write, the bitmap updates a second, the share of writes per update, and the
members' mean read and write service times (read_ticks / read_ios, write_ticks / write_ios).

usage: scripts/md-bitmap-updates.py GIT_DIR
  GIT_DIR: a clone (bare or not) of github.com/louwrentius/fio-plot holding commit 11f6ae4b.
"""

import json
import re
import subprocess
import sys

COMMIT = "11f6ae4b7"
FOLDER = "benchmark_data/SERVER/IBM_M1015/8x2TBRAID5MDADM"


def git(git_dir, *args):
    return subprocess.run(["git", "-C", git_dir, *args], check=True, capture_output=True,
                          text=True).stdout


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    git_dir = sys.argv[1]
    names = [n for n in git(git_dir, "ls-tree", "--name-only", f"{COMMIT}:{FOLDER}").split()
             if re.fullmatch(r"randwrite-\d+-\d+\.json", n)]
    names.sort(key=lambda n: tuple(int(x) for x in re.findall(r"\d+", n)))
    print("point             writes/s  reads/w  writes/w  updates/s  writes/update  "
          "read ms  write ms")
    for name in names:
        d = json.loads(git(git_dir, "show", f"{COMMIT}:{FOLDER}/{name}"))
        jobs = d["jobs"]
        writes = sum(j["write"]["total_ios"] for j in jobs)
        seconds = jobs[0]["write"]["runtime"] / 1000.0
        members = [u for u in d["disk_util"] if not u["name"].startswith("md")]
        reads_m = sum(u["read_ios"] for u in members)
        writes_m = sum(u["write_ios"] for u in members)
        updates = (writes_m - 2 * writes) / len(members)
        read_ms = sum(u["read_ticks"] for u in members) / max(1, reads_m)
        write_ms = sum(u["write_ticks"] for u in members) / max(1, writes_m)
        print(f"{name:17s} {writes / seconds:8.1f} {reads_m / writes:8.3f} "
              f"{writes_m / writes:9.3f} {updates / seconds:10.2f} "
              f"{writes / max(updates, 1e-9):14.1f} {read_ms:8.2f} {write_ms:9.2f}")


if __name__ == "__main__":
    main()
