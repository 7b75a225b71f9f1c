#pragma once
// Evaluate a storage system under a workload: builds the queueing network from the component
// models and RAID geometry, solves it at every load point, and reports metrics.

#include "queueing/network.h"
#include "system/metrics.h"
#include "system/summary.h"
#include "system/system.h"
#include "workload/workload.h"

namespace raidadv {

struct EvaluateOptions {
    /// Closed points up to this population are solved by exact MVA recursion (every population
    /// from 1 up); larger ones, or all if 0, by the Bard-Schweitzer fixed point, whose cost does
    /// not grow with the population (the advisor's screening pass uses 0).
    int exact_limit = 512;
    /// Called after every population of the closed solve's exact recursion; false stops the
    /// evaluation there (the advisor's search, once a candidate is settled: advisor/prune.h).
    /// The points not reached come back with PointMetrics::stopped set.
    queueing::LevelWatch watch;
};

/// Metrics at every concurrency point and every arrival-rate point of the workload.
/// Assumes a valid system and workload (the project reader validates them).
Evaluation evaluate(const System& system, const Workload& workload,
                    const EvaluateOptions& options = {});

}  // namespace raidadv
