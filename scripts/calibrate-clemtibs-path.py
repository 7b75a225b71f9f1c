#!/usr/bin/env python3
"""Re-derives the one calibrated parameter of the clemtibs 2025 ZFS study.

The five HDDs of clemtibs' NAS (TOPTON / CWWK CW-5105NAS, N6005) hang off the board's SATA
controller, which the source does not name. In every one of its zpool iostat logs the HDD
vdev's disk-level bandwidth (parity included, one-second samples) levels off near 820 MiB/s,
reads and writes alike, raidz2 and dRAID alike, never above 868 MiB/s: a shared path in front
of the drives (a JMB585-class bridge on one PCIe 3.0 lane, 985 MB/s before packet overhead,
would fit; the source does not say). Its ceiling is a parameter no data sheet gives, so it is
calibrated once for the study (shared/reference/measurements/README.md), on runs whose figures
are not encoded: the sequential writes on the pools with a special vdev (async_seq_write and
sync_seq_write of tank_raidz2_special_slog and tank_draid_special_slog, sync_seq_write of
tank_raidz2_special_noslog and tank_draid_special_noslog). Every encoded figure is predicted.

The ceiling is the mean of those runs' plateau samples (the HDD vdev's write bandwidth above
600 MiB/s, the first sample, an average since boot, left out), in MB/s (10^6 bytes/s; zpool
iostat prints MiB/s).

usage: scripts/calibrate-clemtibs-path.py GIT_DIR
  GIT_DIR: a clone (bare or not) of github.com/clemtibs/zfs_benchmark_tools holding commit
  0e21f713.
"""

import statistics
import subprocess
import sys

COMMIT = "0e21f713"
RUNS = [
    "tank_raidz2_special_slog/async_seq_write",
    "tank_raidz2_special_slog/sync_seq_write",
    "tank_draid_special_slog/async_seq_write",
    "tank_draid_special_slog/sync_seq_write",
    "tank_raidz2_special_noslog/sync_seq_write",
    "tank_draid_special_noslog/sync_seq_write",
]
PLATEAU_MIB_S = 600.0


def mib_per_s(text):
    """zpool iostat's human-readable rate in MiB/s ("826M", "31.9K", "0")."""
    scale = {"K": 1.0 / 1024, "M": 1.0, "G": 1024.0}
    if text[-1] in scale:
        return float(text[:-1]) * scale[text[-1]]
    return float(text) / 2**20


def vdev_write_samples(git_dir, run):
    path = f"zfs_benchmark_logs/{run}/zfs/zpool_iostat.log"
    log = subprocess.run(["git", "-C", git_dir, "show", f"{COMMIT}:{path}"], check=True,
                         capture_output=True, text=True).stdout
    rows = [line.split() for line in log.splitlines()
            if line.startswith("  raidz2-") or line.startswith("  draid2")]
    # columns: name alloc free read-ops write-ops read-bw write-bw
    return [mib_per_s(r[6]) for r in rows[1:]]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    plateau = []
    for run in RUNS:
        samples = [s for s in vdev_write_samples(sys.argv[1], run) if s > PLATEAU_MIB_S]
        print(f"{run}: {len(samples)} samples, mean {statistics.mean(samples):.1f} MiB/s, "
              f"max {max(samples):.0f}")
        plateau += samples
    mean = statistics.mean(plateau)
    print(f"all: {len(plateau)} samples, mean {mean:.1f} MiB/s = {mean * 1.048576:.0f} MB/s")


if __name__ == "__main__":
    main()
