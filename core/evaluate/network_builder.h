#pragma once
// Turns (system, workload) into a queueing network: the one place that wires component models,
// RAID geometry and workload together.

#include <memory>
#include <string>
#include <vector>

#include "evaluate/system.h"
#include "queueing/network.h"
#include "workload/workload.h"

namespace raidadv {

/// Stable station keys, also used as the `utilization` keys of the results.
inline constexpr const char* kHostCpu = "host_cpu";
inline constexpr const char* kHostLink = "host_link";
inline constexpr const char* kController = "controller";
inline constexpr const char* kDriveLink = "drive_link";
inline constexpr const char* kDrives = "drives";
inline constexpr const char* kDriveBandwidth = "drive_bandwidth";  ///< SSD bandwidth stage

/// Solve one BuiltNetwork on one thread at a time: its drive service callbacks remember their
/// last answer without synchronization (separate builds share nothing mutable).
struct BuiltNetwork {
    queueing::Network network;
    double bytes_per_job = 0.0;     ///< mean user bytes moved per job (request or file)
    double disk_ios_per_job = 0.0;  ///< mean drive I/Os per job (write penalty included)
    /// Owns the models the service callbacks refer to.
    std::vector<std::shared_ptr<const void>> keep_alive;
};

/// Whether writes are absorbed by a write-back cache (controller cache, or host RAM for host RAID).
bool uses_write_back(const System& system);

/// Whether the HDDs acknowledge writes from their own write cache (WCE) and destage them later.
/// Auto: desktop and nearline drives ship with WCE on and a plain HBA, host RAID or software RAID
/// leaves it so (IBM DARA/DBCA OEM specifications, 10.11 "Write Cache Function"; Ou 2007's
/// ICH8R); a hardware RAID controller, which caches itself, is taken to turn the drives' caches
/// off (assumption: its setting "disk cache policy" / "drive write cache policy", e.g. Microchip
/// SmartRAID user guide 7.4.1, is left at the safe choice). Always false for SSDs and for
/// drives without a buffer.
bool uses_drive_write_cache(const System& system);

/// The network of `system` under `workload`. A degraded layout (failed_drives > 0) goes
/// through build_degraded_network (evaluate/degraded.h) and throws std::invalid_argument if
/// it cannot be modelled.
BuiltNetwork build_network(const System& system, const Workload& workload);

/// build_network without degraded-mode handling: every volume is mapped with the layout as
/// given and the drive station has one copy per drive.
BuiltNetwork build_mapped_network(const System& system, const Workload& workload);

}  // namespace raidadv
