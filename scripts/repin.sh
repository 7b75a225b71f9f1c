#!/usr/bin/env bash
# Re-pins the golden figures (tests/data/golden): every validation figure and Kendall's tau, and
# the Pareto front of every bundled advisor example. The ONE way to move a pinned figure on
# purpose: run this, review `git diff tests/data/golden`, and commit it together with the change
# that moved the figures, saying in the commit message and in docs/model.md what moved and why
# (docs/testing.md).
# Usage: scripts/repin.sh [build-dir]   (default build/, configured with cmake --preset default)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=${1:-build}
cmake --build "$build" --target test_validation test_advisor
RAID_REPIN=1 "$build/bin/test_validation" "Every validation figure and Kendall's tau match their pinned values (0.5%)"
RAID_REPIN=1 ctest --test-dir "$build" -R "pinned value" --output-on-failure
git --no-pager diff --stat -- tests/data/golden
