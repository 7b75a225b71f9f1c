#pragma once
// What the cross-check tests share: the grid's layouts on the disk or SSD fixture, and the
// simulator's run length for them.

#include "fixtures.h"
#include "sim/simulator.h"

namespace raidadv::test {

struct GridLevel {
    RaidLevel level;
    int drives;
    int span;  ///< disks per span (RAID 10/50/60), 0 otherwise
};

/// The fixture system of a grid layout: the 7200 rpm disk, or the SATA SSD on a 600 MB/s link.
inline System grid_system(bool ssd, const GridLevel& l) {
    System s = plain_system(ssd ? ssd_sata() : hdd_7200(), l.level, l.drives);
    s.layout.disks_per_span = l.span;
    if (ssd) {
        s.drive_link.bandwidth_Bps = 600e6;
    }
    return s;
}

/// 4000 jobs per point after a 200-job warm-up: CI half-width about 1-3%.
inline sim::SimOptions grid_sim_options() {
    sim::SimOptions o;
    o.min_jobs_per_batch = 200;
    o.warmup_jobs = 200;
    return o;
}

}  // namespace raidadv::test
