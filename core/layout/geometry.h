#pragma once
// RAID geometry: capacity, fault tolerance, and how a logical request on a volume becomes disk
// I/Os (Chen, Lee, Gibson, Katz & Patterson, "RAID: High-Performance, Reliable Secondary
// Storage", ACM Computing Surveys 26(2), 1994; small-write choice as in Linux md raid5.c).

#include <string>
#include <utility>
#include <vector>

#include "layout/layout.h"
#include "layout/zfs_pool.h"

namespace raidadv {

/// The layout reduced to the numbers the mapping needs. `simple` becomes single-disk raid0
/// volumes, one per drive.
struct Geometry {
    RaidLevel level = RaidLevel::Raid0;
    int drives = 1;              ///< drives in one volume
    int volumes = 1;             ///< identical volumes sharing the load
    int copies = 1;              ///< mirror copies (raid1/10/01), 1 otherwise
    int groups = 1;              ///< raid10 spans / raid50-60 parity groups / raid01 sides
    int group_drives = 1;        ///< drives per group
    int parity_per_group = 0;    ///< 1 for raid5/50, 2 for raid6/60
    int data_units_per_row = 1;  ///< stripe units of user data in one full row of the volume
    double unit = 65536.0;       ///< stripe unit in bytes
    int failed_drives = 0;       ///< drives 0..failed_drives-1 of the volume are down (degraded)
    /// raid10 without spans: md's near, far or offset placement (Near for every other level).
    CopyPlacement placement = CopyPlacement::Near;
    /// ZFS pools (is_zfs(level)): groups = vdevs, group_drives = children, unit = the record
    /// size, data_units_per_row = vdevs (a row is one record on each vdev), copies = children on
    /// mirror vdevs, parity_per_group = raidz/draid parity. Mapped by zfs_mapping.cpp.
    ZfsPool zfs;
};

Geometry make_geometry(const Layout& layout);

/// Copies a read may be served from: a mirror's copies where the volume manager picks one
/// (raid1, raid01, raid10 near), 1 otherwise. md's far and offset raid10 always read the copy
/// at the lowest address, the first one (drivers/md/raid10.c, read_balance: "for far > 1
/// always use the lowest address").
int read_choices(const Geometry& g);
/// Share of the drive's width the positions of a workload covering `span` of the volume lie
/// in, as one uniform span with the same mean seek distance. `far_share`: share of the drive's
/// I/Os in the far section (md far raid10), else ignored. Near and offset: `span`.
double placement_span(const Geometry& g, double span, double far_share);
/// md far raid10: share of a drive's I/Os in its far section for a workload with this read
/// share of requests (each read 1 I/O in the near section, each write 1 near and 1 far).
double far_section_share(const Geometry& g, double read_fraction);

/// User-visible bytes of all volumes together.
double usable_bytes(const Layout& layout, double drive_capacity_bytes);
/// Drives that may fail, in the worst placement, without losing data (per volume).
int failures_tolerated(const Layout& layout);
/// Drives whose capacity holds user data in one volume (excludes parity and mirror copies).
double data_drive_equivalents(const Layout& layout);
/// Why the layout's degraded-mode fields cannot be modelled, or empty if they can:
/// `failed_drives` from 0 to failures_tolerated() (levels without redundancy: 0, any failure
/// loses data), `rebuild_rate_fraction` from 0 to below 1 and only with failed drives.
std::string degraded_layout_problem(const Layout& layout);

struct DiskIo {
    int disk = 0;  ///< index within the volume, 0..drives-1
    double bytes = 0.0;
    bool write = false;
    /// md far raid10: the section of the drive (0 = the first, the near copies) the I/O lies
    /// in; I/Os in different sections of one drive are separate transfers. 0 otherwise.
    int section = 0;
};

/// I/Os issued together; the phase completes when all of them have.
struct IoPhase {
    std::vector<DiskIo> ios;
    /// Every I/O rewrites the place the previous phase just read on the same disk (the write
    /// half of read-modify-write): the head waits for the sectors to come round again.
    bool rewrites_previous = false;
    /// Pieces a software RAID that splits at chunk boundaries handles one by one before the
    /// block layer merges them into these I/Os: one per stripe-unit piece (Linux md raid0.c,
    /// raid1.c and raid10.c split a request at every chunk boundary, one bio per copy), or for
    /// parity rows one per 4 KiB page of each I/O (md raid5.c's stripe cache works in pages).
    double pieces = 0.0;
    /// Copy-on-write (ZFS): the writes go where the allocator's cursor is, after the previous
    /// ones on each drive (a transaction group is written out in allocation order), not to the
    /// logical address: each continues the drive's write stream.
    bool allocated = false;
    /// Done before the request is acknowledged even where a write-back cache absorbs its
    /// writes: ZFS reads a partial record into memory before dirtying it (dbuf_will_dirty).
    bool before_ack = false;
    /// Written through to stable media before the request is acknowledged (a synchronous
    /// write): not acknowledged from a drive's volatile write cache, followed by a cache flush
    /// (Linux Documentation/block/writeback_cache_control.rst: REQ_PREFLUSH / REQ_FUA).
    bool stable = false;
    /// A ZFS intent-log (ZIL) block: it continues the log's chain where the previous log block
    /// on each drive ended, and commits waiting at the same time share it (zil_commit).
    bool log_block = false;
    /// On the pool's separate log devices (SLOG), not its vdevs: DiskIo::disk counts them.
    bool log_device = false;
};

/// What one logical request costs the array.
struct ArrayRequest {
    std::vector<IoPhase> phases;  ///< in order; e.g. read old data+parity, then write
    double parity_bytes = 0.0;    ///< bytes that pass through the XOR/P+Q computation
    bool full_stripe = false;     ///< a parity write that needed no reads
};

/// Disk I/Os for reading `bytes` at volume offset `offset`. `read_copy` picks the mirror copy
/// (0..copies-1) for mirrored levels; ignored otherwise.
/// Degraded (g.failed_drives > 0): a mirror read picks among the surviving copies (read_copy
/// modulo their number); a parity read of a unit on a failed drive reads the same range from
/// G - p surviving units of its row (data first, then parity) and rebuilds it (Holland & Gibson
/// 1992; for RAID 5 that is all G - 1 survivors).
ArrayRequest map_read(const Geometry& g, double offset, double bytes, int read_copy = 0);
/// Disk I/Os for writing `bytes` at `offset`: mirrors write every copy; parity levels use
/// full-stripe, read-modify-write or reconstruct-write, whichever issues fewer I/Os.
/// Degraded: mirrors write the surviving copies; parity rows write only surviving units and pick
/// the cheaper of the methods still possible: read-modify-write needs every touched data unit,
/// reconstruct-write every untouched one; with neither, every surviving unit is read; with no
/// surviving parity unit the data is just written (Holland & Gibson 1992).
ArrayRequest map_write(const Geometry& g, double offset, double bytes);

/// Volume offsets, multiples of `step`, that sample one period of the mapping: a row for
/// striping and mirrors, group_drives rows for the rotating parity of RAID 5/6/50/60 (derived:
/// one period covers every placement). The same offsets within every stripe unit, so that drives
/// the mapping treats alike are sampled alike, as many per unit as fit in 256 samples; where not
/// one per unit fits, one per unit all the same (`one_per_unit`) or 256 spread over the period.
std::vector<double> mapping_period_samples(const Geometry& g, double step, bool one_per_unit);

/// Bytes of user data a write-back cache destages together (map_gathered_write): one row of a
/// parity group (unit x its data units) on parity levels, one row of the volume otherwise; a
/// contiguous range of the volume either way.
double gather_row_bytes(const Geometry& g);

/// Disk I/Os for writing back together dirty extents (volume offset, bytes) that all lie in one
/// gather row (gather_row_bytes): a write-back cache's destage of a row (system/write_cache.h,
/// write_back_hold). The extents of one stripe unit are one transfer over their span (derived:
/// a unit lies within a track or two of its drive, and the drive's queue takes the pieces in
/// the order they pass the head: one positioning, then the span). Parity rows: a full-row write
/// when the spans cover the row, else read-modify-write or reconstruct-write, whichever issues
/// fewer I/Os (map_write's rule); other levels write each unit's span as map_write does.
/// Healthy, non-ZFS volumes only (ZFS and degraded volumes: map_write of each extent).
ArrayRequest map_gathered_write(const Geometry& g,
                                const std::vector<std::pair<double, double>>& extents);

/// ZFS pools (called by map_read / map_write; zfs_mapping.cpp): a record is read whole (its
/// checksum covers the block): one child of a mirror vdev, the data columns of a raidz or
/// dRAID vdev. A write rewrites every record it touches whole, copy on write, after reading a
/// record it only partly covers (phase marked before_ack); its writes are `allocated`.
ArrayRequest map_zfs_read(const Geometry& g, double offset, double bytes, int read_copy);
ArrayRequest map_zfs_write(const Geometry& g, double offset, double bytes);

/// ZFS synchronous writes (zfs_mapping.cpp, OpenZFS module/zfs/zil.c, zfs_log.c): the intent
/// log (ZIL) block a commit writes and flushes before the write returns.
struct ZilWrite {
    bool indirect = false;   ///< WR_INDIRECT: data written to its record now, not copied
    double log_bytes = 0.0;  ///< bytes of log blocks written (whole ZIL_MIN_BLKSZ units)
    int log_blocks = 0;      ///< log blocks (each at most zil_maxblocksize)
};

/// What a synchronous write of `bytes` puts in the log of a pool with records of `record`
/// bytes, with (`slog`) or without a separate log device.
ZilWrite zil_write(double bytes, double record, bool slog);

/// Makes `req` (a ZFS write of `bytes`, its data write the last phase) synchronous: before the
/// acknowledgement the log block(s) are written and flushed (phase log_block, stable; on the log
/// devices, `log_devices` of them as a mirror, or on vdev `log_sequence` mod vdevs of the pool); an
/// indirect write instead writes its records now (stable, before_ack) and the transaction group
/// does not write them again.
void add_zil_write(const Geometry& g, double bytes, long long log_sequence, int log_devices,
                   ArrayRequest& req);
/// map_zfs_write with add_zil_write.
ArrayRequest map_zfs_sync_write(const Geometry& g, double offset, double bytes,
                                long long log_sequence, int log_devices);

/// Disk I/Os of one small write (within one stripe unit): 1 for raid0, copies for mirrors,
/// 4 for raid5 and 6 for raid6 read-modify-write (Chen et al. 1994, section 3.4).
int small_write_ios(const Geometry& g);

}  // namespace raidadv
