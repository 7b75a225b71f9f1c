#include "layout/zfs_pool.h"

#include <algorithm>
#include <cmath>

namespace raidadv {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;
constexpr double kGiB = 1024.0 * kMiB;
/// vdev_impl.h: VDEV_LABEL_START_SIZE (2 labels of 256 KiB + the 3.5 MiB boot block) and
/// VDEV_LABEL_END_SIZE (2 labels) on every child.
constexpr double kLabelBytes = 4.0 * kMiB + 0.5 * kMiB;
/// spa_misc.c: spa_slop_shift = 5, spa_min_slop = 128 MiB, spa_max_slop = 128 GiB.
constexpr int kSlopShift = 5;
constexpr double kMinSlop = 128.0 * kMiB;
constexpr double kMaxSlop = 128.0 * kGiB;
/// SPA_OLD_MAXBLOCKSIZE: the block size vdev_set_deflate_ratio reports space in (vdev.c).
constexpr double kDeflateBlock = 128.0 * 1024;

bool power_of_two(double v) {
    if (!(v >= 1.0)) {
        return false;
    }
    const double l = std::log2(v);
    return l == std::floor(l);
}

}  // namespace

int zfs_data_columns(const ZfsPool& pool) {
    if (pool.parity == 0) {
        return 1;
    }
    return std::max(1, is_draid(pool.level) ? pool.draid_data : pool.children - pool.parity);
}

int default_draid_data(int children, int parity, int spares) {
    return std::max(1, std::min(children - spares - parity, 8));
}

ZfsPool make_zfs_pool(const Layout& layout) {
    ZfsPool p;
    p.level = layout.level;
    p.vdevs = std::max(1, layout.vdevs);
    p.children = std::max(1, layout.drives / p.vdevs);
    p.parity = zfs_parity(layout.level);
    p.sector = std::ldexp(1.0, std::clamp(layout.ashift, 9, 16));
    p.record = std::max(p.sector, layout.record_bytes);
    if (is_draid(layout.level)) {
        p.draid_spares = std::max(0, layout.draid_spares);
        p.draid_data = layout.draid_data > 0
                           ? layout.draid_data
                           : default_draid_data(p.children, p.parity, p.draid_spares);
    }
    return p;
}

double zfs_asize_sectors(const ZfsPool& pool, double psize) {
    const double sectors = std::ceil(std::max(1.0, psize) / pool.sector - 1e-9);
    if (is_raidz(pool.level)) {
        // vdev_raidz_asize: asize += nparity * ceil(asize / (cols - nparity));
        // asize = roundup(asize, nparity + 1).
        const double data_cols = std::max(1, pool.children - pool.parity);
        const double with_parity = sectors + pool.parity * std::ceil(sectors / data_cols - 1e-9);
        const double pad_to = pool.parity + 1;
        return std::ceil(with_parity / pad_to - 1e-9) * pad_to;
    }
    if (is_draid(pool.level)) {
        // vdev_draid_asize: rows of ndata sectors, each row a full group of ndata + nparity.
        const double rows = std::ceil(sectors / std::max(1, pool.draid_data) - 1e-9);
        return rows * (pool.draid_data + pool.parity);
    }
    return sectors;  // a mirror vdev's space is one child's (vdev_default_asize: psize)
}

double zfs_data_share(const ZfsPool& pool, double psize) {
    const double sectors = std::ceil(std::max(1.0, psize) / pool.sector - 1e-9);
    return sectors / zfs_asize_sectors(pool, psize);
}

ZfsSpace zfs_space(const Layout& layout, double drive_capacity_bytes) {
    const ZfsPool pool = make_zfs_pool(layout);
    ZfsSpace s;
    const double child = std::max(0.0, drive_capacity_bytes - kLabelBytes);
    s.raw_bytes = drive_capacity_bytes * pool.children * pool.vdevs;
    // Space the allocator hands out, before parity: all children of a raidz vdev (parity is
    // allocated with each block), the non-spare children of a dRAID, one child of a mirror.
    const double per_vdev = pool.level == RaidLevel::ZfsMirror ? child  // the vdev's space
                            : is_draid(pool.level) ? child * (pool.children - pool.draid_spares)
                                                   : child * pool.children;
    s.allocatable = per_vdev * pool.vdevs;
    // vdev_set_deflate_ratio: space is reported as if every block were 128 KiB.
    const double dspace = s.allocatable * zfs_data_share(pool, kDeflateBlock);
    // spa_get_slop_space: 1/32 of the pool, at most 128 GiB, at least 128 MiB (or half).
    s.slop_bytes = std::max(std::min(std::ldexp(dspace, -kSlopShift), kMaxSlop),
                            std::min(dspace / 2.0, kMinSlop));
    s.reported_bytes = std::max(0.0, dspace - s.slop_bytes);
    s.data_share = zfs_data_share(pool, pool.record);
    // derived: the reported space is in 128 KiB-block units; blocks of `record` bytes keep
    // data_share(record) of what they allocate instead of data_share(128 KiB).
    s.usable_bytes = s.reported_bytes * s.data_share / zfs_data_share(pool, kDeflateBlock);
    if (layout.volumes > 1) {
        s.raw_bytes *= layout.volumes;
        s.allocatable *= layout.volumes;
        s.slop_bytes *= layout.volumes;
        s.reported_bytes *= layout.volumes;
        s.usable_bytes *= layout.volumes;
    }
    return s;
}

int zfs_failures_tolerated(const Layout& layout) {
    if (layout.level == RaidLevel::ZfsMirror) {
        return std::max(0, make_zfs_pool(layout).children - 1);
    }
    return zfs_parity(layout.level);
}

ZfsLayoutProblem zfs_layout_problem(const Layout& layout) {
    const std::string name(to_string(layout.level));
    if (layout.vdevs < 1) {
        return {"vdevs", "must be at least 1, got " + std::to_string(layout.vdevs)};
    }
    if (layout.drives % layout.vdevs != 0) {
        return {"drives", "every vdev has the same number of drives; " +
                              std::to_string(layout.drives) + " drives do not split into " +
                              std::to_string(layout.vdevs) + " vdevs"};
    }
    const int drives = layout.drives / layout.vdevs;  // per vdev
    if (layout.ashift < 9 || layout.ashift > 16) {
        return {"ashift",
                "must be from 9 (512-byte sectors) to 16, got " + std::to_string(layout.ashift)};
    }
    const double sector = std::ldexp(1.0, layout.ashift);
    const std::string record_key = layout.zvol ? "volblocksize" : "recordsize";
    if (!power_of_two(layout.record_bytes) || layout.record_bytes < 512.0 ||
        layout.record_bytes > 16.0 * kMiB) {
        return {record_key, "must be a power of two from 512 bytes to 16 MiB (zfsprops(7))"};
    }
    if (layout.record_bytes < sector) {
        return {record_key, "must be at least one sector (2^ashift = " +
                                std::to_string(static_cast<long long>(sector)) + " bytes)"};
    }
    if (layout.level == RaidLevel::ZfsMirror) {
        if (drives >= 2) {
            return {};
        }
        return {"drives",
                "a zfs-mirror vdev needs at least 2 drives, got " + std::to_string(drives)};
    }
    const int parity = zfs_parity(layout.level);
    if (is_raidz(layout.level)) {
        if (drives >= parity + 1) {
            return {};
        }
        return {"drives", name + " needs at least " + std::to_string(parity + 1) +
                              " drives per vdev (parity + 1), got " + std::to_string(drives)};
    }
    const int spares = layout.draid_spares;
    if (spares < 0) {
        return {"draid_spares", "must be 0 or more, got " + std::to_string(spares)};
    }
    const int data =
        layout.draid_data > 0 ? layout.draid_data : default_draid_data(drives, parity, spares);
    if (data + parity + spares > drives || drives - spares - parity < 1) {
        return {"drives", name + " with " + std::to_string(data) + " data, " +
                              std::to_string(parity) + " parity and " + std::to_string(spares) +
                              " spare disks needs at least " +
                              std::to_string(data + parity + spares) +
                              " children (data + parity + spares), got " + std::to_string(drives)};
    }
    return {};
}

}  // namespace raidadv
