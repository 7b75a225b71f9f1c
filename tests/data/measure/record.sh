#!/bin/sh
# Records the measurement fixtures in this folder with the real tools (fio 3.33, sysstat 12.6.1
# on Debian 12); record-older-fio.sh and record-older-sysstat.sh add older releases, and
# README.md says where the blkparse fixture's trace comes from. Run as: sh record.sh SCRATCH_DIR
# (a folder on a real file system, not tmpfs, with 100 MB free). Paths and the host name are
# scrubbed afterwards (SCRATCH_DIR -> /scratch, host -> buildhost) so the files carry nothing of
# the machine they were made on.
set -eu
S=${1:?usage: sh record.sh SCRATCH_DIR}
OUT=$(cd "$(dirname "$0")" && pwd)
export LC_ALL=C
F="$S/fio-data"
common="--filename=$F --size=64M --direct=1 --runtime=3 --time_based"

# fio JSON: 70% random reads, 8 KiB, libaio queue depth 4 x 2 jobs, group_reporting.
fio --name=oltp $common --rw=randrw --rwmixread=70 --bs=8k --ioengine=libaio --iodepth=4 \
    --numjobs=2 --group_reporting --output-format=json --output="$OUT/fio-3.33-randrw70-8k-qd4x2-group.json"
# fio json+ (adds the latency bins): random 4 KiB reads at queue depth 8, one job.
fio --name=randread $common --rw=randread --bs=4k --ioengine=libaio --iodepth=8 \
    --output-format=json+ --output="$OUT/fio-3.33-randread-4k-qd8.jsonplus"
# fio JSON: sequential 64 KiB writes, synchronous (psync, one outstanding), one job.
fio --name=seqwrite $common --rw=write --bs=64k --ioengine=psync \
    --output-format=json --output="$OUT/fio-3.33-seqwrite-64k-qd1.json"
# fio JSON: three jobs of 50% random reads, 16 KiB, queue depth 2, no group_reporting.
fio --name=mixed $common --rw=randrw --rwmixread=50 --bs=16k --ioengine=libaio --iodepth=2 \
    --numjobs=3 --output-format=json --output="$OUT/fio-3.33-randrw50-16k-qd2x3-jobs.json"
# fio JSON from a job file: two different jobs (bssplit reader, sequential writer).
cat > "$S/two-jobs.fio" <<JOB
[global]
filename=$F
size=64M
direct=1
runtime=3
time_based
ioengine=libaio

[reader]
rw=randread
bssplit=4k/50:16k/30:64k/20
iodepth=2

[logger]
rw=write
bs=16k
iodepth=1
JOB
fio --output-format=json --output="$OUT/fio-3.33-bssplit-two-jobs.json" "$S/two-jobs.fio"
# fio iolog version 3 (fio >= 3.31 writes v3): 60% reads, 4 KiB, 30% sequential, 4096 requests.
fio --name=trace --filename="$F" --size=64M --rw=randrw --rwmixread=60 --percentage_random=70 \
    --bs=4k --io_size=16M --write_iolog="$OUT/fio-3.33-randrw60-4k-seq30.iolog" --output=/dev/null
# fio iolog version 2 (fio < 3.31 writes v2): record-older-fio.sh, with fio 3.16.

# iostat -x while a varying fio load runs: 10 one-second intervals, every device (text and JSON).
fio --name=bg $common --runtime=14 --rw=randrw --rwmixread=80 --bs=16k --ioengine=libaio \
    --iodepth=8 --rate_iops=500,500 --output=/dev/null &
BG=$!
sleep 1
iostat -x -d 1 10 > "$OUT/iostat-12.6.1-x-d-1-10.txt" &
S_TIME_FORMAT=ISO iostat -x -d -t -o JSON 1 10 > "$OUT/iostat-12.6.1-x-d-t-1-10.json"
wait $BG || true
wait
rm -f "$F" "$S/two-jobs.fio"

host=$(uname -n)
for f in "$OUT"/fio-* "$OUT"/iostat-*; do
    sed -i "s#$S#/scratch#g; s#$host#buildhost#g" "$f"
done
