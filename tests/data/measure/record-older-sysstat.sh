#!/bin/sh
# Records iostat fixtures with OLDER sysstat releases than Debian 12's 12.6.1, so that the
# iostat formats are imported from real files of more than one sysstat version:
# sysstat 11.2.13 (the 11.2 series Ubuntu 16.04 ships: the old -x columns avgrq-sz, avgqu-sz,
# await, svctm; no JSON) and sysstat 11.7.4 (the 11.7 series RHEL 8 ships: the columns
# introduced in 11.5.7, rareq-sz, wareq-sz, aqu-sz, and -o JSON), each the release of that tag
# run unmodified. The load is record.sh's: Debian's fio, 16 KiB random I/O rate-limited to
# 500 reads + 500 writes a second on a file in SCRATCH_DIR.
# Run as: sh record-older-sysstat.sh IOSTAT_BINARY SCRATCH_DIR (a real file system, 100 MB
# free). Paths and the host name are scrubbed afterwards as in record.sh.
set -eu
IOSTAT=${1:?usage: sh record-older-sysstat.sh IOSTAT_BINARY SCRATCH_DIR}
S=${2:?usage: sh record-older-sysstat.sh IOSTAT_BINARY SCRATCH_DIR}
OUT=$(cd "$(dirname "$0")" && pwd)
export LC_ALL=C
V=$("$IOSTAT" -V 2>&1 | sed -n 's/^sysstat version //p')   # e.g. 11.2.13
F="$S/fio-data"

fio --name=bg --filename="$F" --size=64M --direct=1 --time_based --runtime=14 --rw=randrw \
    --rwmixread=80 --bs=16k --ioengine=libaio --iodepth=8 --rate_iops=500,500 --output=/dev/null &
BG=$!
sleep 1
"$IOSTAT" -x -d 1 10 > "$OUT/iostat-$V-x-d-1-10.txt" &
if "$IOSTAT" --help 2>&1 | grep -q JSON; then
    S_TIME_FORMAT=ISO "$IOSTAT" -x -d -t -o JSON 1 10 > "$OUT/iostat-$V-x-d-t-1-10.json"
fi
wait $BG || true
wait
rm -f "$F"

host=$(uname -n)
for f in "$OUT/iostat-$V"-*; do
    sed -i "s#$S#/scratch#g; s#$host#buildhost#g" "$f"
done
