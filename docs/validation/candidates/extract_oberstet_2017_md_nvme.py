#!/usr/bin/env python3
"""Extracts resources/validation/oberstet-2017-md-raid0-16-nvme.measured.json from a clone of
github.com/oberstet/scratchbox (folder cruncher/): Tobias Oberstein's fio runs of January 2017 on
svr-psql19 (8 x Intel DC P3608 4 TB = 16 NVMe namespaces, Linux md RAID 0 of all 16, 8 KiB chunk).

Usage: extract_oberstet_2017_md_nvme.py <clone> [commit] > measured.json

Two parts are read, verbatim:
- A2: the text layer of "cruncher/sql19/Performance Results - NVMe Scaling with IO
  Concurrency.pdf" (pdftotext -layout; German number format, "1.712.600" = 1712600): random
  8 KiB IOPS at 15 concurrencies (fio numjobs, ioengine=sync, iodepth 1), reads, writes and a
  70/30 mix (its read and write rows summed: the mix's total IOPS), on the 16 raw namespaces and
  on the md RAID 0. The "XFS over MD" table is left out (a file system over the array).
- A1: cruncher/sync-engines/sector-size-512/*.log: random 4 KiB reads, numjobs 512/1024/2048,
  engines sync, psync, pvsync, pvsync2 (the hipri runs poll for completions: left out), on the
  16 raw namespaces and on the md RAID 0, devices formatted with 512-byte sectors as in A2.
"""
import json
import re
import subprocess
import sys

CLONE = sys.argv[1]
COMMIT = sys.argv[2] if len(sys.argv) > 2 else "d561a6e78ed5c621561c9866a47a07881f3df1c8"
PDF = "cruncher/sql19/Performance Results - NVMe Scaling with IO Concurrency.pdf"
MD = "md RAID 0 of the 16 namespaces (/dev/md1, 8 KiB chunk)"
RAW = "16 raw namespaces (no RAID)"


def show(path):
    return subprocess.run(["git", "-C", CLONE, "show", f"{COMMIT}:{path}"], check=True,
                          capture_output=True).stdout


def german(text):
    return int(text.replace(".", ""))


def pdf_tables():
    pdf = show(PDF)
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, check=True,
                          capture_output=True).stdout.decode()
    tables, current, header = {}, None, None
    for line in text.splitlines():
        if line.startswith("Random 8KB IOPS"):
            current = (RAW if "raw NVMe" in line else
                       "XFS" if "XFS" in line else MD)
            tables[current] = {}
        elif line.startswith("IO Concurrency:"):
            header = [int(x) for x in line.split(":")[1].split()]
        elif current and "measured" in line:
            words = line.split()
            i = words.index("measured")
            row = " ".join(words[:i]) or "W"
            values = [german(x) for x in words[i + 1:]]
            assert len(values) == len(header), line
            tables[current][row] = dict(zip(header, values))
    return tables


def figure(config, test, value, rf, jobs, size, engine, source, note=None):
    f = {"id": f"{config}|{test}", "measured": value, "unit": "IOPS",
         "level": "raid0" if config == MD else "independent", "drives": 16,
         "chunk_bytes": 8192 if config == MD else None, "request_bytes": size,
         "read_fraction": rf, "random": True, "queue_depth": 1, "jobs": jobs,
         "ioengine": engine, "source_file": source}
    if note:
        f["note"] = note
    return f


def main():
    figs = []
    tables = pdf_tables()
    rows = {"READ": ("8 KiB random read", 1.0), "WRITE": ("8 KiB random write", 0.0)}
    for config in (RAW, MD):
        t = tables[config]
        for key, (name, rf) in rows.items():
            for jobs, v in t[key].items():
                figs.append(figure(config, f"{name}, sync, numjobs {jobs}", v, rf, jobs, 8192,
                                   "sync", PDF))
        mix_r = t["R/W-70/30 R"]
        mix_w = t["W"]
        for jobs in mix_r:
            figs.append(figure(config, f"8 KiB random 70/30 read/write, sync, numjobs {jobs}",
                               mix_r[jobs] + mix_w[jobs], 0.7, jobs, 8192, "sync", PDF,
                               note=f"reads {mix_r[jobs]} + writes {mix_w[jobs]} IOPS (the "
                                    "PDF's two rows of the mix, summed)"))
    for config, prefix in ((RAW, "individual-nvmes"), (MD, "md-nvmes")):
        for engine in ("sync", "psync", "pvsync", "pvsync2"):
            for jobs in (512, 1024, 2048):
                path = f"cruncher/sync-engines/sector-size-512/{prefix}-{engine}-{jobs}.log"
                log = show(path).decode()
                m = re.search(r"read: IOPS=(\d+)k,", log)
                assert m, path
                figs.append(figure(config, f"4 KiB random read, {engine}, numjobs {jobs}",
                                   int(m.group(1)) * 1000, 1.0, jobs, 4096, engine, path,
                                   note=f"fio-2.17 'IOPS={m.group(1)}k' (k = 1000)"))
    out = {
        "study": "oberstet-2017-md-raid0-16-nvme",
        "title": "Tobias Oberstein (Crossbar.io), github.com/oberstet/scratchbox, cruncher/: "
                 "'NVMe scaling with IO concurrency' (22 Jan 2017, cruncher/sql19) and "
                 "'sync-engines' (23-24 Jan 2017): fio on 8 x Intel DC P3608 4 TB (16 NVMe "
                 "namespaces), raw and as Linux md RAID 0",
        "url": "https://github.com/oberstet/scratchbox/tree/" + COMMIT + "/cruncher",
        "year": 2016,
        "year_note": "Intel DC P3608 (2015), 4 x Xeon E7-8880 v4 (2016); measured January 2017",
        "source": "A2: the text layer of the PDF (pdftotext -layout), commit 88d04666; A1: the "
                  "fio logs of cruncher/sync-engines/sector-size-512, commit 69ddabf3. "
                  "Extracted by docs/validation/candidates/extract_oberstet_2017_md_nvme.py.",
        "hardware": {
            "host": "svr-psql19: 4 x Intel Xeon E7-8880 v4 @ 2.20 GHz, 88 cores / 176 threads, "
                    "3 TB RAM, 4 NUMA nodes (sync-engines-perf/README.md)",
            "drives": "8 x Intel DC P3608 4 TB add-in cards, each two NVMe controllers: 16 "
                      "namespaces /dev/nvme0n1..nvme15n1; formatted with 512-byte sectors",
            "raid": "mdadm --create /dev/md1 --chunk=8 --level=0 --raid-devices=16 "
                    "(xfs-compared/README.md)",
            "os": "Debian 8, kernel 4.8.0-0.bpo.2-amd64",
            "tool": "A2: fio 2.1.11, bs=8k, ioengine=sync, iodepth=1, thread, direct=1, "
                    "time_based, randrepeat=0, norandommap, size=30G, runtime 120 s "
                    "(sql19/nvme-fio.txt); numjobs = the 'IO concurrency'. A1: fio-2.17, "
                    "bs=4k, iodepth=1, thread, direct=1, norandommap, size=30G, runtime 30 s "
                    "(sync-engines/md-nvmes.fio, individual-nvmes.fio, test.sh)",
        },
        "left_out": "the PDF's 'XFS over MD' table (a file system over the array: its writes "
                    "collapse from 1.36 M to 28 k IOPS at 256 jobs, a file-system lock the "
                    "model does not have); the 4096-byte-sector runs (the profile has no "
                    "sector-format input; A2 ran on 512-byte sectors); the pvsync2 hipri runs "
                    "(polled completions); the sql19 ext4/XFS result files (file systems)",
        "figures": figs,
    }
    json.dump(out, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")


main()
