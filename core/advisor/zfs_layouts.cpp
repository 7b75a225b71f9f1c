#include "advisor/zfs_layouts.h"

#include <algorithm>
#include <cmath>

namespace raidadv::advisor {

namespace {

constexpr double KiB = 1024.0;
/// Widest RAID-Z vdev offered. estimated: a bound on the search, not a limit of ZFS; wider
/// vdevs resilver more data per failure and pad small records more (zfs_pool.h).
constexpr int kMaxRaidzWidth = 12;
/// Fewest children for a dRAID. estimated: a bound on the search; on fewer drives the
/// distributed spare's faster rebuild (zfs_rebuild_time_s) gains little over RAID-Z.
constexpr int kMinDraidChildren = 10;

Layout pool_layout(RaidLevel level, int drives, int vdevs, double record) {
    Layout l;
    l.level = level;
    l.drives = drives;  // the pool's
    l.vdevs = vdevs;
    l.record_bytes = record;
    return l;
}

}  // namespace

std::vector<Layout> zfs_layouts_for(RaidLevel level, int drives, int min_failures,
                                    double record_bytes) {
    std::vector<Layout> out;
    if (level == RaidLevel::ZfsMirror) {
        const int copies = min_failures >= 2 ? 3 : 2;
        if (drives >= copies && drives % copies == 0) {
            out.push_back(pool_layout(level, drives, drives / copies, record_bytes));
        }
        return out;
    }
    const int parity = zfs_parity(level);
    if (parity < min_failures) {
        return out;
    }
    if (is_raidz(level)) {
        for (int width = parity + 2; width <= std::min(drives, kMaxRaidzWidth); ++width) {
            if (drives % width == 0) {
                out.push_back(pool_layout(level, drives, drives / width, record_bytes));
            }
        }
        return out;
    }
    if (drives >= kMinDraidChildren) {
        Layout l = pool_layout(level, drives, 1, record_bytes);
        l.draid_spares = 1;
        out.push_back(l);
    }
    return out;
}

double zfs_record_for(const Workload& w) {
    const double size = w.size.mean_bytes();
    constexpr double kDefault = 128 * KiB;
    constexpr double kLarge = 1024 * KiB;
    if (w.unit == Workload::Unit::File) {
        return size >= kLarge ? kLarge : kDefault;
    }
    if (w.sequential_fraction >= 0.5 || size >= kDefault) {
        return kLarge;
    }
    // derived: the smallest power of two that holds the mean request, from 4 KiB.
    const double fit = std::exp2(std::ceil(std::log2(std::max(4 * KiB, size)) - 1e-9));
    return std::clamp(fit, 4 * KiB, kDefault);
}

}  // namespace raidadv::advisor
