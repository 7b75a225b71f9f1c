#!/usr/bin/env bash
# Installs what is missing, builds RAID Advisor and starts it on the bundled example project.
# Without a display it prints the command-line recommendation for that example instead.
# Extra arguments are passed to the program (raid-advisor, or raid-advisor-cli without a display).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

# shellcheck source=scripts/deps.sh
source scripts/deps.sh
raid_install_deps

cmake --preset default
cmake --build build --parallel "$(nproc)"

example=resources/examples/advisor-small-nas.json
if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
    echo "run.sh: no display (DISPLAY and WAYLAND_DISPLAY unset); printing" \
        "'raid-advisor-cli recommend $example' instead of opening the window." >&2
    exec build/bin/raid-advisor-cli recommend "$example" "$@"
fi
exec build/bin/raid-advisor "$example" "$@"
