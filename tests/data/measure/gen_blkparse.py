#!/usr/bin/env python3
"""Writes blkparse-default-synthetic.txt: a block trace in blkparse's documented default text
output (blkparse(1), "DEFAULT OUTPUT": "%D %2c %8s %5T.%9t %5p %2a %3d " then
"SECTOR + COUNT [process]", completions "SECTOR + COUNT [error]", and the per-CPU and total
summary at the end). blktrace cannot run in the container this project is built in (opening
/sys/kernel/debug/block/<dev>/trace<N> fails with EPERM), so this file is SYNTHETIC: made by this
script from a known workload, not recorded. It prints the workload's true figures, which
tests/measure/test_blkparse.cpp checks the import against.
Usage: python3 gen_blkparse.py > /dev/null  (writes the .txt next to this script)"""
import os
import random

rng = random.Random(27)
N = 1500
RATE = 300.0           # requests per second (Poisson)
MEAN_SERVICE = 0.002   # seconds from issue (D) to completion (C), exponential
events = []
t = 0.0
prev_end = None
reads = sequential = 0
latency_sum = 0.0
for i in range(N):
    t += rng.expovariate(RATE)
    read = rng.random() < 0.7
    count = 8 if rng.random() < 0.6 else 128
    if prev_end is not None and rng.random() < 0.5:
        sector = prev_end
        sequential += 1
    else:
        sector = rng.randrange(0, 200_000_000 // 8) * 8
    prev_end = sector + count
    reads += read
    rwbs = "R" if read else ("WS" if rng.random() < 0.3 else "W")
    pid = 4162 + (i % 4)
    cpu = i % 2
    service = rng.expovariate(1.0 / MEAN_SERVICE)
    done = t + 5e-6 + service
    latency_sum += done - t
    events.append((t, cpu, pid, "Q", rwbs, sector, count, "fio"))
    events.append((t + 1e-6, cpu, pid, "G", rwbs, sector, count, "fio"))
    events.append((t + 3e-6, cpu, pid, "I", rwbs, sector, count, "fio"))
    events.append((t + 5e-6, cpu, pid, "D", rwbs, sector, count, "fio"))
    events.append((done, 1 - cpu, 0, "C", rwbs, sector, count, "0"))
    if i % 100 == 50:  # a cache flush without data, as journaling file systems issue
        events.append((t + 6e-6, cpu, pid, "D", "FWS", None, 0, "kworker"))
events.sort(key=lambda e: e[0])
seq = [0, 0]
lines = []
for (time, cpu, pid, action, rwbs, sector, count, tail) in events:
    seq[cpu] += 1
    sec = int(time)
    nsec = int(round((time - sec) * 1e9))
    head = f"{8:3d},{16:<3d} {cpu:2d} {seq[cpu]:8d} {sec:5d}.{nsec:09d} {pid:5d} {action:>2s} {rwbs:>3s} "
    if sector is None:
        lines.append(head + f"[{tail}]")
    else:
        lines.append(head + f"{sector} + {count} [{tail}]")
lines.append("CPU0 (8,16):")
lines.append(" Reads Queued:      %6d, %8dKiB\t Writes Queued:     %6d, %8dKiB" % (reads // 2, 0, (N - reads) // 2, 0))
lines.append("Total (8,16):")
lines.append(" Reads Queued:      %6d, %8dKiB\t Writes Queued:     %6d, %8dKiB" % (reads, 0, N - reads, 0))
lines.append("")
lines.append("Throughput (R/W): 0KiB/s / 0KiB/s")
lines.append("Events (8,16): %d entries" % len(events))
lines.append("Skips: 0 forward (0 -   0.0%)")
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "blkparse-default-synthetic.txt")
with open(out, "w") as f:
    f.write("\n".join(lines) + "\n")
span = events[-1][0] - events[0][0]
print(f"requests {N} reads {reads} read_fraction {reads / N:.4f} "
      f"sequential {sequential} sequential_fraction {sequential / N:.4f} "
      f"mean_latency_ms {latency_sum / N * 1e3:.4f}")
