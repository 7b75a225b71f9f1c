#pragma once
// ZFS prefetch as queue depth: a sequential read stream on a ZFS pool keeps reads in flight at
// the drives ahead of the application, whatever the application's own depth.

#include "system/system.h"
#include "workload/workload.h"

namespace raidadv {

/// Requests' worth of reads ZFS prefetch keeps in flight beyond the application's own
/// `outstanding`, for a closed workload on `system` (0 where it does not apply: no ZFS, no
/// sequential reads, under 90% sequential requests, data in the ARC, think time, whole-file
/// workloads).
int zfs_prefetch_depth(const System& system, const Workload& workload, int outstanding);

}  // namespace raidadv
