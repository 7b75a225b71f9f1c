#pragma once
// Degraded mode: a system whose first volume runs with failed drives (Layout::failed_drives),
// with or without a rebuild taking a share of each surviving drive's time
// (Layout::rebuild_rate_fraction). The degraded RAID mapping (reconstruction reads, writes that
// skip failed drives) is layout/geometry.cpp's; this file adapts the queueing network, whose
// drive station spreads load evenly over identical copies, to a volume whose drives are no
// longer evenly loaded. Sources: Holland & Gibson, "Parity declustering for continuous
// operation in redundant disk arrays", ASPLOS-V 1992 (degraded-mode accesses); Sevcik,
// "Priority scheduling disciplines in queueing network models of computer systems", IFIP 1977
// (shadow server for the rebuild's share).

#include <vector>

#include "evaluate/network_builder.h"
#include "system/metrics.h"
#include "system/system.h"
#include "workload/workload.h"

namespace raidadv {

struct DegradedOptions {
    int failed_drives = 1;               ///< failed drives in the first volume
    double rebuild_rate_fraction = 0.0;  ///< share of each survivor's time a running rebuild
                                         ///< takes; 0 = no rebuild running
};

/// evaluate() of `system` with `options.failed_drives` drives of its first volume failed (the
/// worst placement: one mirror set, one parity group; other volumes healthy), the same as
/// evaluate() with those Layout fields set. Throws std::invalid_argument, naming the system
/// and the field, when the layout cannot run degraded (degraded_layout_problem: levels without
/// redundancy, more failures than tolerated).
Evaluation evaluate_degraded(const System& system, const Workload& workload,
                             const DegradedOptions& options = {});

/// Share of the drives' work per job that falls on each drive of every volume (drives x volumes
/// entries, volume 0 first, summing to 1), from the RAID mapping of sampled requests weighted
/// by an estimate of each I/O's busy time. A failed drive's share is 0.
std::vector<double> drive_work_shares(const System& system, const Workload& workload);

/// Identical drive copies that carry the drives' work as the busiest drive carries its share:
/// `copies` = ceil(1 / max share), at least `min_copies` (the widest fork) and at most the
/// number of shares, each copy's visits `slow_down` = max share x copies (>= 1) times as long.
struct BalancedDrives {
    int copies = 1;
    double slow_down = 1.0;
};
BalancedDrives balanced_drives(const std::vector<double>& shares, int min_copies);

/// build_network for a layout with failed drives: the first volume mapped degraded, the others
/// healthy (jobs split 1 : volumes - 1), the drive station reduced to balanced_drives,
/// and, with a rebuild running, the degraded volume's drive visits slowed by
/// 1 / (1 - rebuild_rate_fraction), each at `write_load` (network_builder.h). Throws
/// std::invalid_argument like evaluate_degraded.
BuiltNetwork build_degraded_network(const System& system, const Workload& workload,
                                    const WriteLoad& write_load = {});

}  // namespace raidadv
