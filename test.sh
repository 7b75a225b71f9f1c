#!/usr/bin/env bash
# Installs what is missing, builds RAID Advisor with its tests and runs them with CTest.
# With CI=true compiler warnings are errors. With RAID_HARDENING=1 the suite then runs again under
# ASan + UBSan, fuzz targets included (not in CI: a second whole build does not fit CI's 15 minutes).
# Needs no display and no standard input: the GUI tests run on Qt's offscreen platform. Exits with 0
# if every CTest run passed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

# shellcheck source=scripts/deps.sh
source scripts/deps.sh
raid_install_deps </dev/null

werror=OFF
if [[ "${CI:-}" == "true" || "${RAID_HARDENING:-}" == "1" ]]; then
    werror=ON
fi
cmake --preset default -DRAID_WARNINGS_AS_ERRORS="$werror"
cmake --build build --parallel "$(nproc)"

status=0
ctest --test-dir build --output-on-failure -j2 </dev/null || status=$?

# With RAID_HARDENING=1 (before a release, and before each stop's submission) the whole suite runs a
# second time under AddressSanitizer + UndefinedBehaviorSanitizer: the `sanitize` preset (clang,
# -O2 -g, build-sanitize/), which also builds the libFuzzer targets; its CTest runs every test and
# each fuzz target for 10 s, except the simulator's statistical cross-checks (label sim-slow: long
# runs of the same engine code the fast sim tests cover; they run in the normal build above).
# CI leaves this out: on CI's 2 cores the second build and the sanitized run took 30 of the 45
# minutes of stop 23's CI, three times the 15-minute target.
if [[ "${RAID_HARDENING:-}" == "1" ]]; then
    cmake --preset sanitize -DRAID_WARNINGS_AS_ERRORS="$werror" -DRAID_FUZZ_SECONDS=10
    cmake --build build-sanitize --parallel "$(nproc)"
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
        LSAN_OPTIONS="suppressions=$PWD/cmake/sanitizers/lsan.supp" \
        ctest --test-dir build-sanitize --output-on-failure -j2 -LE '^sim-slow$' </dev/null || status=$?
fi
exit "$status"
