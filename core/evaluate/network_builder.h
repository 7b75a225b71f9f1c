#pragma once
// Turns (system, workload) into a queueing network: the one place that wires component models,
// RAID geometry and workload together.

#include <memory>
#include <string>
#include <vector>

#include "queueing/network.h"
#include "system/stations.h"
#include "system/system.h"
#include "workload/workload.h"

namespace raidadv {

/// Solve one BuiltNetwork on one thread at a time: its drive service callbacks remember their
/// last answer without synchronization (separate builds share nothing mutable).
struct BuiltNetwork {
    queueing::Network network;
    double bytes_per_job = 0.0;     ///< mean user bytes moved per job (request or file)
    double disk_ios_per_job = 0.0;  ///< mean drive I/Os per job (write penalty included)
    /// Owns the models the service callbacks refer to.
    std::vector<std::shared_ptr<const void>> keep_alive;
};

/// The network of `system` under `workload`. A degraded layout (failed_drives > 0) goes
/// through build_degraded_network (evaluate/degraded.h) and throws std::invalid_argument if
/// it cannot be modelled.
/// The write rate at one load point, which the evaluator solves for, for the mechanisms that
/// depend on it: Linux md's write-intent bitmap (system/md_bitmap.h) and a write-back
/// controller's overwrites in cache (system/write_cache.h). Write requests per second on one
/// volume (< 0: not given, neither mechanism), and the closed population (0: open arrivals).
struct WriteLoad {
    double writes_per_s = -1.0;
    int population = 0;
    /// Instead of a rate: the least service any write rate gives (response_bound.h): the
    /// controller's cache holding and sorting as much as it can.
    bool least = false;
};

BuiltNetwork build_network(const System& system, const Workload& workload,
                           const WriteLoad& write_load = {});

/// build_network without degraded-mode handling: every volume is mapped with the layout as
/// given and the drive station has one copy per drive.
BuiltNetwork build_mapped_network(const System& system, const Workload& workload,
                                  const WriteLoad& write_load = {});

}  // namespace raidadv
