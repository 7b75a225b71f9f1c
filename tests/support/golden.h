#pragma once
// Pinned figures (issue 29): values a test compares with a committed golden file under
// tests/data/golden, so that any change that moves one fails a test naming it. Re-pinning is done
// on purpose with scripts/repin.sh (RAID_REPIN=1), in the commit that moves the figures, with the
// reason in the commit message and docs/model.md (docs/testing.md).

#include <string>
#include <vector>

namespace raidadv::test {

/// One pinned value: a name a reader can find in the output ("hauser-1996 | <figure> |
/// predicted") and its value.
struct Pinned {
    std::string key;
    double value = 0.0;
};

/// True when RAID_REPIN=1: the golden checks write their files instead of comparing.
bool repinning();

/// Compares `actual` with tests/data/golden/<file> within `relative_tolerance` (0: exact): every
/// pinned key must be present and agree, every actual key must be pinned (a new figure is pinned
/// on purpose too). Each difference is a failed CHECK naming the key, the pinned and the new value.
/// Under RAID_REPIN=1 it rewrites the file (with `header` as its leading comment) and warns.
void check_pinned(const std::string& file, const std::string& header,
                  const std::vector<Pinned>& actual, double relative_tolerance);

}  // namespace raidadv::test
