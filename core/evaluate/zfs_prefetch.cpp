#include "evaluate/zfs_prefetch.h"

#include <algorithm>
#include <cmath>

#include "layout/geometry.h"
#include "layout/zfs_pool.h"
#include "system/read_cache.h"

namespace raidadv {

int zfs_prefetch_depth(const System& system, const Workload& workload, int outstanding) {
    if (!is_zfs(system.layout.level) || workload.unit != Workload::Unit::Request ||
        workload.think_time_s > 0.0 || outstanding < 1) {
        return 0;
    }
    // derived: the extra jobs carry the workload's mean request; that stands for prefetched
    // reads only where (nearly) every request is sequential. A mix with random requests (a VM
    // datastore's 20% sequential) keeps its own depth.
    constexpr double kMinSequential = 0.9;
    if (workload.sequential_fraction < kMinSequential) {
        return 0;
    }
    const double prefetched = workload.read_fraction * workload.sequential_fraction;
    const double request = workload.size.mean_bytes();
    const double ws = working_set_bytes(system, workload.span_fraction);
    if (!(prefetched > 0.0) || !(request > 0.0) || read_hit_ratio(system, ws, true) >= 1.0) {
        return 0;
    }
    // vdev_queue.c: prefetch reads are the async-read class, at most
    // zfs_vdev_async_read_max_active (3) in flight per child, each aggregated with adjacent
    // queued reads up to zfs_vdev_aggregation_limit (1 MiB; 128 KiB on SSDs).
    constexpr double kAsyncReadMaxActive = 3.0;
    const double aggregation = system.drive.kind == DriveKind::Hdd
                                   ? kZfsAggregationLimitRotating
                                   : kZfsAggregationLimitNonRotating;
    const ZfsPool z = make_zfs_pool(system.layout);
    const double streams =
        workload.streams > 0 ? std::min(workload.streams, outstanding) : outstanding;
    // derived: the children that hold the streams' data each take that many bytes at once: a
    // raidz/dRAID record's data columns; on a mirror the child each stream stays on
    // (vdev_mirror_load), so at most one child per stream.
    const double holding = z.parity == 0 ? std::min(static_cast<double>(z.children), streams)
                                         : static_cast<double>(zfs_data_columns(z));
    const double at_drives = kAsyncReadMaxActive * aggregation * holding * z.vdevs;
    const double in_flight =
        std::min(streams * kZfetchMaxDistance /* dmu_zfetch.c, per stream */, at_drives);
    // derived: past about a thousand jobs the closed network is at its bound; the cap keeps
    // the solution cheap for small requests (64 MiB of 4 KiB reads).
    constexpr double kMaxDepth = 1024.0;
    return static_cast<int>(std::min(kMaxDepth, std::ceil(prefetched * in_flight / request)));
}

}  // namespace raidadv
