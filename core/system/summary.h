#pragma once
// What a system is, before any workload: usable capacity, failures tolerated, cost.

#include "system/metrics.h"
#include "system/system.h"

namespace raidadv {

/// Usable capacity, failures tolerated and cost of a system (no workload needed).
SystemSummary summarize(const System& system);

}  // namespace raidadv
