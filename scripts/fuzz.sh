#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan, build-fuzz/) and runs each for SECONDS
# seconds (default 600) on one core, from the seeds and the corpus kept in build-fuzz/fuzz-corpus.
# Prints each target's executions, executions per second and whether it found anything; a crash,
# leak or timeout leaves its reproducer in build-fuzz/fuzz-artifacts/<target>/ and makes the exit
# status 1.
#   scripts/fuzz.sh [SECONDS] [TARGET ...]     targets: project catalog_csv size_listing
# RAID_FUZZ_RUNS=N also stops each target after N executions (e.g. 10000000, the hardening goal);
# RAID_FUZZ_TIMEOUT=S is the per-input hang limit (default 10 s; raise it on a loaded machine).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds="${1:-600}"
shift || true
targets=("$@")
if ((${#targets[@]} == 0)); then
    targets=(project catalog_csv size_listing)
fi
build="${RAID_FUZZ_BUILD_DIR:-build-fuzz}"

if [[ ! -f "$build/CMakeCache.txt" ]]; then
    cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_CXX_COMPILER=clang++ -DRAID_FUZZ=ON -DRAID_BUILD_TESTS=OFF \
        -DRAID_BUILD_GUI=OFF -DRAID_BUILD_BENCH=OFF >/dev/null
fi
cmake --build "$build" --target raid_fuzzers

declare -A seeds=(
    [project]=resources/examples
    [catalog_csv]=resources/catalog
    [size_listing]=fuzz/seeds/size_listing
)
declare -A max_len=([project]=4096 [catalog_csv]=2048 [size_listing]=1024)

status=0
for t in "${targets[@]}"; do
    corpus="$build/fuzz-corpus/$t"
    artifacts="$build/fuzz-artifacts/$t"
    log="$build/fuzz-$t.log"
    mkdir -p "$corpus" "$artifacts"
    echo "fuzz $t: ${seconds}s ..." >&2
    rc=0
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        "$build/bin/fuzz_$t" -max_total_time="$seconds" -timeout="${RAID_FUZZ_TIMEOUT:-10}" \
        ${RAID_FUZZ_RUNS:+-runs="$RAID_FUZZ_RUNS"} -rss_limit_mb=2048 \
        -max_len="${max_len[$t]}" -print_final_stats=1 -artifact_prefix="$artifacts/" \
        "$corpus" "${seeds[$t]}" >"$log" 2>&1 || rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n1)
    corpus_size=$(find "$corpus" -type f | wc -l)
    if ((rc == 0)); then
        result="no crash, hang or leak"
    else
        result="FAILED (exit $rc): see $log and $artifacts/"
        status=1
    fi
    printf '%-13s %12s executions  %8s exec/s  corpus %6s  %s\n' \
        "$t" "${runs:-?}" "${rate:-?}" "$corpus_size" "$result"
done
exit "$status"
