#pragma once
// The ZFS pools the search offers where the host runs ZFS on plain drives (zpoolconcepts(7)):
// mirror vdevs, RAID-Z vdevs of every width that divides the drives, one dRAID over many, and
// the recordsize the workload asks for.

#include <vector>

#include "layout/layout.h"
#include "workload/workload.h"

namespace raidadv::advisor {

/// Pools of `level` over exactly `drives` drives that survive `min_failures` failed drives per
/// vdev: 2-way mirror vdevs (3-way where two failures must be survived); RAID-Z vdevs of
/// parity + 2 to 12 drives, as many as divide the drives; one dRAID of 10 or more children
/// with one distributed spare and zpool's default group. Each gets `record_bytes`.
std::vector<Layout> zfs_layouts_for(RaidLevel level, int drives, int min_failures,
                                    double record_bytes);

/// The recordsize for `workload`, as the OpenZFS "Workload Tuning" guide advises: the
/// application's I/O size for small random requests (a power of two from 4 KiB), 1 MiB for
/// sequential streams, large requests and large files, the default 128 KiB otherwise.
double zfs_record_for(const Workload& workload);

}  // namespace raidadv::advisor
