#!/bin/sh
# Records fixtures with an OLDER fio than Debian 12's, so that each fio format is imported from
# real files of more than one fio version: fio 3.16 (what Ubuntu 20.04 ships) and fio 3.28
# (Ubuntu 22.04), each the release of that tag run unmodified. fio before 3.31 writes iolog
# version 2 (iolog.c: "fio version 2 iolog", no timestamps); 3.31 and later write version 3.
# Run as: sh record-older-fio.sh FIO_BINARY SCRATCH_DIR (SCRATCH_DIR on a real file system,
# not tmpfs, 100 MB free). The output names carry the version `FIO_BINARY --version` prints.
# Paths and the host name are scrubbed afterwards as in record.sh.
set -eu
FIO=${1:?usage: sh record-older-fio.sh FIO_BINARY SCRATCH_DIR}
S=${2:?usage: sh record-older-fio.sh FIO_BINARY SCRATCH_DIR}
OUT=$(cd "$(dirname "$0")" && pwd)
export LC_ALL=C
V=$("$FIO" --version)   # e.g. fio-3.16
F="$S/fio-data"
common="--filename=$F --size=64M --direct=1 --runtime=3 --time_based"

# JSON, group_reporting: 70% random reads, 8 KiB, libaio depth 4 x 2 jobs (as record.sh).
"$FIO" --name=oltp $common --rw=randrw --rwmixread=70 --bs=8k --ioengine=libaio --iodepth=4 \
    --numjobs=2 --group_reporting --output-format=json --output="$OUT/$V-randrw70-8k-qd4x2-group.json"
# json+: random 4 KiB reads at depth 8, one job (as record.sh).
"$FIO" --name=randread $common --rw=randread --bs=4k --ioengine=libaio --iodepth=8 \
    --output-format=json+ --output="$OUT/$V-randread-4k-qd8.jsonplus"
# JSON without group_reporting: three jobs of 50% random reads, 16 KiB, depth 2 (as record.sh).
"$FIO" --name=mixed $common --rw=randrw --rwmixread=50 --bs=16k --ioengine=libaio --iodepth=2 \
    --numjobs=3 --output-format=json --output="$OUT/$V-randrw50-16k-qd2x3-jobs.json"
# iolog as this version writes it (v2 before fio 3.31): 60% reads, 4 KiB, 30% sequential,
# 4096 requests (the same job as record.sh's iolog).
"$FIO" --name=trace --filename="$F" --size=64M --rw=randrw --rwmixread=60 --percentage_random=70 \
    --bs=4k --io_size=16M --write_iolog="$OUT/$V-randrw60-4k-seq30.iolog" --output=/dev/null
rm -f "$F"

host=$(uname -n)
for f in "$OUT/$V"-*; do
    sed -i "s#$S#/scratch#g; s#$host#buildhost#g" "$f"
done
