#pragma once
// ZFS pools: what a block of a given size costs on a vdev, and the pool's usable space
// (OpenZFS module/zfs/vdev_raidz.c, vdev_draid.c, spa_misc.c; zpoolconcepts(7)).

#include <string>

#include "layout/layout.h"

namespace raidadv {

/// The shape of one ZFS pool, from its layout (levels zfs-mirror, raidz1-3, draid1-3).
struct ZfsPool {
    RaidLevel level = RaidLevel::Raidz1;
    int vdevs = 1;             ///< top-level vdevs
    int children = 1;          ///< drives per vdev
    int parity = 0;            ///< raidz/draid parity sectors per row; 0 for mirrors
    int draid_data = 0;        ///< dRAID data disks per redundancy group (resolved default)
    int draid_spares = 0;      ///< dRAID distributed spares per vdev
    double sector = 4096.0;    ///< 2^ashift bytes
    double record = 131072.0;  ///< recordsize or volblocksize
};

ZfsPool make_zfs_pool(const Layout& layout);

/// zpool create's default dRAID data disks per group: min(children - spares - parity, 8)
/// (cmd/zpool/zpool_vdev.c, draid_config_by_type).
int default_draid_data(int children, int parity, int spares);

/// Sectors a block of `psize` bytes allocates on one vdev, parity and padding included:
/// vdev_raidz_asize (data sectors, parity per row of children - parity, rounded up to a
/// multiple of parity + 1), vdev_draid_asize (rows of draid_data sectors, each row the group's
/// full width), or its own sectors on a mirror vdev (whose space is one child's; every child
/// holds a copy).
double zfs_asize_sectors(const ZfsPool& pool, double psize);

/// OpenZFS include/sys/vdev_draid.h: VDEV_DRAID_ROWHEIGHT (1 << 24), a dRAID row's height on
/// each child. vdev_draid.c: a group's columns are whole rows of its children, filled block
/// after block before the next group, its first nparity columns parity for every block in it.
inline constexpr double kDraidRowHeight = 16.0 * 1024 * 1024;

/// OpenZFS dmu_zfetch.c: zfetch_max_distance, how far a sequential stream is read ahead.
inline constexpr double kZfetchMaxDistance = 64.0 * 1024 * 1024;
/// OpenZFS vdev_queue.c: zfs_vdev_aggregation_limit, adjacent queued I/Os of a child issued as
/// one up to this size (1 MiB), and zfs_vdev_aggregation_limit_non_rotating (128 KiB) on SSDs.
inline constexpr double kZfsAggregationLimitRotating = 1048576.0;
inline constexpr double kZfsAggregationLimitNonRotating = 131072.0;

/// Children a whole record's data spreads over: children - parity on raidz, draid_data on
/// dRAID (vdev_raidz_map_alloc, vdev_draid_map_alloc_row); 1 on a mirror, whose child holds it.
int zfs_data_columns(const ZfsPool& pool);

/// Share of the allocated sectors of a block of `psize` bytes that hold its data (4 of 9 for
/// 16 KiB on a 5-drive raidz2 with ashift 12). Mirrors: 1 (of the vdev's space).
double zfs_data_share(const ZfsPool& pool, double psize);

/// How the pool's space works out, per the rules above.
struct ZfsSpace {
    double raw_bytes = 0.0;       ///< every drive's capacity
    double allocatable = 0.0;     ///< vdev space the allocator hands out (spares excluded)
    double slop_bytes = 0.0;      ///< spa_get_slop_space: held back from every dataset
    double usable_bytes = 0.0;    ///< data that fits, records of `record` bytes, slop taken off
    double reported_bytes = 0.0;  ///< what `zfs list` shows free on an empty pool (128 KiB deflate)
    double data_share = 0.0;      ///< zfs_data_share at the record size
};

ZfsSpace zfs_space(const Layout& layout, double drive_capacity_bytes);

/// Drives of a vdev that may fail without losing the pool (parity, or children - 1 for
/// mirrors); a dRAID's distributed spares add to it once rebuilt, which this does not count.
int zfs_failures_tolerated(const Layout& layout);

/// Why a ZFS layout cannot be built, or an empty message.
struct ZfsLayoutProblem {
    std::string key;  ///< the project file's key ("drives", "vdevs", "ashift", "recordsize", ...)
    std::string message;
    bool empty() const { return message.empty(); }
};

/// Checks drives per vdev against the vdev type, dRAID data + parity + spares against the
/// children, ashift 9 to 16, the record size a power of two from 512 bytes to 16 MiB and at
/// least one sector. The record's key is the size base "recordsize" or "volblocksize".
ZfsLayoutProblem zfs_layout_problem(const Layout& layout);

}  // namespace raidadv
