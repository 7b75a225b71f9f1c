#pragma once
// Pruning by dominance before the model runs: a part that costs at least as much as another and
// is no better in any specification the model or the reliability estimate reads can never give a
// better candidate in the same place, under any weights.

#include <vector>

#include "components/specs.h"

namespace raidadv::advisor {

/// Drive a is at least as good as b for every purpose and costs no more (same kind, interface
/// and form factor). Ties are broken by id so that exactly one of two identical drives survives.
bool drive_dominates(const DriveSpec& a, const DriveSpec& b);

/// Controller a (with its host link bandwidth) is at least as good as b for every purpose and
/// costs no more. `owned` controllers cost nothing.
bool controller_dominates(const ControllerSpec& a, double a_host_Bps, const ControllerSpec& b,
                          double b_host_Bps);

/// The drives no other drive in the list dominates.
std::vector<DriveSpec> undominated_drives(std::vector<DriveSpec> drives);

}  // namespace raidadv::advisor
