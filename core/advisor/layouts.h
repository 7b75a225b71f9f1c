#pragma once
// The layouts a given number of drives can be arranged in, as the search enumerates them.

#include <vector>

#include "layout/layout.h"

namespace raidadv::advisor {

/// Every layout of `level` over exactly `total_drives` drives: spans (raid10/50/60 disks per
/// span), 2- or 3-way mirrors, and, if `spread` (the application can use several volumes), the
/// drives split into identical independent volumes. `simple` (independent disks) needs `spread`
/// unless there is one drive. `md_raid10`: the RAID is host software that builds raid10 as
/// Linux md does, so a 3-drive raid10 (near layout) is offered too, and md's far and offset
/// layouts on 2, 3 and every even number of drives. The stripe unit is left at its default; the
/// search sets it.
std::vector<Layout> layouts_for(RaidLevel level, int total_drives, bool spread,
                                int min_failures_tolerated, bool md_raid10 = false);

/// Drive counts worth trying up to `max_drives`: every count to 8, then even counts to 16, then
/// multiples of 4 (arrays are bought in such steps; it bounds the search).
std::vector<int> drive_counts(int max_drives);

}  // namespace raidadv::advisor
