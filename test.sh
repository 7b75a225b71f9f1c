#!/usr/bin/env bash
# Installs what is missing, builds RAID Advisor with its tests and runs them with CTest.
# With CI=true compiler warnings are errors. Needs no display and no standard input: the GUI
# tests run on Qt's offscreen platform. Exits with CTest's exit code.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

# shellcheck source=scripts/deps.sh
source scripts/deps.sh
raid_install_deps </dev/null

werror=OFF
if [[ "${CI:-}" == "true" ]]; then
    werror=ON
fi
cmake --preset default -DRAID_WARNINGS_AS_ERRORS="$werror"
cmake --build build --parallel "$(nproc)"

exec ctest --test-dir build --output-on-failure -j2 </dev/null
