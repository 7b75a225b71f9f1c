// ZFS pools as disk I/Os: records on vdevs, columns on children (sources in geometry.h and
// zfs_pool.h: OpenZFS module/zfs/vdev_raidz.c vdev_raidz_map_alloc, vdev_draid.c,
// vdev_mirror.c, dbuf.c).
#include <algorithm>
#include <cmath>
#include <vector>

#include "layout/geometry.h"

namespace raidadv {

namespace {

/// One column of a block on a child of its vdev.
struct Column {
    int disk = 0;        ///< index within the pool (vdev x children + child)
    double sectors = 0;  ///< sectors of the block on that child
    bool parity = false;
};

bool failed(const Geometry& g, int disk) {
    return disk < g.failed_drives;
}

void add(IoPhase& phase, int disk, double bytes, bool write) {
    phase.pieces += 1.0;  // one child zio per column (vdev_raidz_io_start)
    for (auto& io : phase.ios) {
        if (io.disk == disk && io.write == write) {
            io.bytes += bytes;  // contiguous on the child: the vdev queue aggregates them
            return;
        }
    }
    phase.ios.push_back({disk, bytes, write, 0});
}

/// The columns of the `q`-th record of vdev `v`. raidz (vdev_raidz_map_alloc): s data sectors
/// over cols - p data columns, the first s mod (cols - p) one sector longer, p parity columns
/// as long as the longest, starting at the block's first column (its offset modulo the
/// children). derived: records of one size whose allocation is a multiple of the children
/// would all start on one column, but the metadata, indirect blocks and file tails allocated
/// among them shift it; the start is taken as spread evenly (record q of a vdev: q mod n).
/// dRAID (vdev_draid_map_alloc_row): rows of ndata + nparity columns, data padded to full rows;
/// its columns are not the block's but its group's: every block of a group has its parity on
/// the same children, and the next group (kDraidRowHeight of each child further on, another
/// permutation of the children) on others. derived: the group's first column rotates over the
/// children as the groups follow one another (the permutations spread parity evenly).
/// A block of `psize` bytes is laid out the same way (block_columns).
std::vector<Column> block_columns(const Geometry& g, int v, long long q, double psize) {
    const ZfsPool& z = g.zfs;
    const double s = std::ceil(psize / z.sector - 1e-9);
    const int n = z.children;
    const int p = z.parity;
    const bool draid = is_draid(g.level);
    const int width = draid ? z.draid_data + p : n;
    const int data_cols = width - p;
    long long start = q;
    if (draid) {
        // Records of the pool's record size a group holds: a row height on each of its columns.
        const double per_column = zfs_asize_sectors(z, z.record) / width * z.sector;
        const double per_group = std::max(1.0, std::floor(kDraidRowHeight / per_column));
        start = static_cast<long long>(std::floor(static_cast<double>(q) / per_group));
    }
    const auto first = static_cast<int>(start % n);
    const double rows = std::ceil(s / data_cols - 1e-9);
    const double full = std::floor(s / data_cols);
    const int longer = static_cast<int>(s - full * data_cols);
    std::vector<Column> cols;
    for (int c = 0; c < width; ++c) {
        Column col;
        col.disk = v * n + (first + c) % n;
        col.parity = c < p;
        if (col.parity || draid) {
            col.sectors = rows;  // parity (and a dRAID data column with its padding)
        } else {
            const int i = c - p;
            col.sectors = full + (i < longer ? 1.0 : 0.0);
        }
        cols.push_back(col);
    }
    return cols;
}

std::vector<Column> record_columns(const Geometry& g, int v, long long q) {
    return block_columns(g, v, q, g.zfs.record);
}

/// Data sectors a dRAID data column really holds (the rest of its rows is padding): the block's
/// sectors fill the data columns as raidz would.
double draid_data_sectors(const Geometry& g, int data_index) {
    const ZfsPool& z = g.zfs;
    const double s = std::ceil(z.record / z.sector - 1e-9);
    const double full = std::floor(s / z.draid_data);
    const int longer = static_cast<int>(s - full * z.draid_data);
    return full + (data_index < longer ? 1.0 : 0.0);
}

/// Reads record (v, q) whole into `phase`. Mirror: one surviving child (read_copy among them;
/// vdev_mirror.c picks the least busy, which the queueing model does). raidz/dRAID: every data
/// column holding data; a failed one is rebuilt from as many surviving parity columns
/// (vdev_raidz_reconstruct), its bytes through the parity computation.
void read_record(const Geometry& g, int v, long long q, int read_copy, IoPhase& phase,
                 double& parity_bytes) {
    const ZfsPool& z = g.zfs;
    if (g.level == RaidLevel::ZfsMirror) {
        std::vector<int> alive;
        for (int c = 0; c < z.children; ++c) {
            if (!failed(g, v * z.children + c)) {
                alive.push_back(v * z.children + c);
            }
        }
        if (alive.empty()) {
            return;  // more failures than the vdev tolerates: not modelled
        }
        const int n = static_cast<int>(alive.size());
        add(phase, alive[static_cast<std::size_t>(((read_copy % n) + n) % n)], z.record, false);
        return;
    }
    const std::vector<Column> cols = record_columns(g, v, q);
    int lost = 0;
    int data_index = 0;
    for (const Column& c : cols) {
        if (c.parity) {
            continue;
        }
        const double sectors = is_draid(g.level) ? draid_data_sectors(g, data_index) : c.sectors;
        ++data_index;
        if (sectors <= 0.0) {
            continue;
        }
        if (failed(g, c.disk)) {
            ++lost;
        } else {
            add(phase, c.disk, sectors * z.sector, false);
        }
    }
    const bool rebuilt = lost > 0;
    for (const Column& c : cols) {
        if (lost > 0 && c.parity && !failed(g, c.disk)) {
            add(phase, c.disk, c.sectors * z.sector, false);
            --lost;
        }
    }
    if (rebuilt) {
        parity_bytes += z.record;
    }
}

/// Writes record (v, q) whole into `phase`: every surviving child of a mirror, every surviving
/// column of a raidz or dRAID block (dRAID's padding too).
void write_record(const Geometry& g, int v, long long q, IoPhase& phase, double& parity_bytes) {
    const ZfsPool& z = g.zfs;
    if (g.level == RaidLevel::ZfsMirror) {
        for (int c = 0; c < z.children; ++c) {
            if (!failed(g, v * z.children + c)) {
                add(phase, v * z.children + c, z.record, true);
            }
        }
        return;
    }
    for (const Column& c : record_columns(g, v, q)) {
        if (c.sectors > 0.0 && !failed(g, c.disk)) {
            add(phase, c.disk, c.sectors * z.sector, true);
        }
    }
    parity_bytes += z.record;  // vdev_raidz_generate_parity reads the whole block
}

/// The records [first, last] a byte range touches, and whether each is covered whole.
struct RecordSpan {
    long long index;
    bool whole;
};

std::vector<RecordSpan> records_of(const Geometry& g, double offset, double bytes) {
    std::vector<RecordSpan> out;
    const double rec = g.zfs.record;
    double pos = offset;
    const double stop = offset + bytes;
    while (pos < stop) {
        const auto index = static_cast<long long>(std::floor(pos / rec));
        const double begin = static_cast<double>(index) * rec;
        const double end = std::min(stop, begin + rec);
        out.push_back({index, pos == begin && end == begin + rec});
        pos = end;
    }
    return out;
}

}  // namespace

ArrayRequest map_zfs_read(const Geometry& g, double offset, double bytes, int read_copy) {
    ArrayRequest req;
    IoPhase phase;
    const long long vdevs = std::max(1, g.zfs.vdevs);
    for (const RecordSpan& r : records_of(g, offset, bytes)) {
        read_record(g, static_cast<int>(r.index % vdevs), r.index / vdevs, read_copy, phase,
                    req.parity_bytes);
    }
    req.phases.push_back(std::move(phase));
    return req;
}

ArrayRequest map_zfs_write(const Geometry& g, double offset, double bytes) {
    ArrayRequest req;
    IoPhase reads, writes;
    const long long vdevs = std::max(1, g.zfs.vdevs);
    double read_parity = 0.0;
    bool all_whole = true;
    for (const RecordSpan& r : records_of(g, offset, bytes)) {
        const int v = static_cast<int>(r.index % vdevs);
        const long long q = r.index / vdevs;
        if (!r.whole) {
            // dbuf_will_dirty: a record only partly overwritten is read first (not cached here;
            // the ARC, where modelled, serves it).
            read_record(g, v, q, 0, reads, read_parity);
            all_whole = false;
        }
        write_record(g, v, q, writes, req.parity_bytes);
    }
    req.parity_bytes += read_parity;
    if (!reads.ios.empty()) {
        reads.before_ack = true;
        req.phases.push_back(std::move(reads));
    }
    writes.allocated = true;
    req.phases.push_back(std::move(writes));
    req.full_stripe = all_whole && g.level != RaidLevel::ZfsMirror;
    return req;
}

namespace {

// zil.c: zfs_immediate_write_sz, the largest write whose data is copied into the log.
constexpr double kImmediateWriteBytes = 32768.0;
// include/sys/zil.h: ZIL_MIN_BLKSZ; log blocks are written in whole units of it (zil.c,
// zil_lwb_write_issue: a slim lwb writes P2ROUNDUP(lwb_nused, ZIL_MIN_BLKSZ)).
constexpr double kLogUnitBytes = 4096.0;
// zil.c: zil_maxblocksize = SPA_OLD_MAXBLOCKSIZE, the largest log block.
constexpr double kMaxLogBlockBytes = 131072.0;
// include/sys/zil.h: sizeof(zil_chain_t) (8 + blkptr_t 128 + 8 + zio_eck_t 40) ends each block,
// sizeof(lr_write_t) (lr_t 32 + 4 x 8 + blkptr_t 128) heads each write record.
constexpr double kChainBytes = 184.0;
constexpr double kWriteRecordBytes = 192.0;

/// Writes a log block of `bytes` as block `q` of vdev `v` (every child of a mirror; the data
/// and parity columns of a raidz or dRAID block), or on every log device.
void write_log_block(const Geometry& g, int v, long long q, double bytes, int log_devices,
                     IoPhase& phase, double& parity_bytes) {
    const ZfsPool& z = g.zfs;
    if (log_devices > 0) {
        for (int d = 0; d < log_devices; ++d) {
            add(phase, d, bytes, true);  // a mirrored log writes every child (vdev_mirror.c)
        }
        return;
    }
    if (g.level == RaidLevel::ZfsMirror) {
        for (int c = 0; c < z.children; ++c) {
            if (!failed(g, v * z.children + c)) {
                add(phase, v * z.children + c, bytes, true);
            }
        }
        return;
    }
    for (const Column& c : block_columns(g, v, q, bytes)) {
        if (c.sectors > 0.0 && !failed(g, c.disk)) {
            add(phase, c.disk, c.sectors * z.sector, true);
        }
    }
    parity_bytes += bytes;
}

}  // namespace

ZilWrite zil_write(double bytes, double record, bool slog) {
    ZilWrite w;
    // zil.c, zil_write_state: with commit, indirect when size >= zfs_immediate_write_sz and
    // size >= blocksize / 2, never with a separate log device (logbias=latency assumed).
    w.indirect = !slog && bytes >= kImmediateWriteBytes && bytes >= record / 2.0;
    // zfs_log.c, zfs_log_write: an indirect record holds only its block pointer; otherwise the
    // data follows the record (WR_COPIED, or WR_NEED_COPY split across log blocks).
    const double data = w.indirect ? 0.0 : bytes;
    const double capacity = kMaxLogBlockBytes - kChainBytes - kWriteRecordBytes;
    w.log_blocks = std::max(1, static_cast<int>(std::ceil(data / capacity - 1e-9)));
    const double per_block = kChainBytes + kWriteRecordBytes + data / w.log_blocks;
    w.log_bytes = w.log_blocks * std::ceil(per_block / kLogUnitBytes - 1e-9) * kLogUnitBytes;
    return w;
}

void add_zil_write(const Geometry& g, double bytes, long long log_sequence, int log_devices,
                   ArrayRequest& req) {
    const ZfsPool& z = g.zfs;
    const ZilWrite w = zil_write(bytes, z.record, log_devices > 0);
    IoPhase log;
    log.before_ack = true;
    log.stable = true;  // zil.c, zil_lwb_write_done: zio_flush of every vdev the lwb wrote
    log.log_block = true;
    log.log_device = log_devices > 0;
    const long long vdevs = std::max(1, z.vdevs);
    // A log block is at least one sector of the pool (or of the log device, taken as 4 KiB).
    const double block = std::max(w.log_bytes / w.log_blocks, log_devices > 0 ? 0.0 : z.sector);
    for (int b = 0; b < w.log_blocks; ++b) {
        // derived: the allocator's rotor moves each log block to the next vdev
        // (metaslab.c, metaslab_alloc_dva via zio_alloc_zil).
        const long long k = log_sequence + b;
        write_log_block(g, static_cast<int>(k % vdevs), k / vdevs, block, log_devices, log,
                        req.parity_bytes);
    }
    if (w.indirect) {
        // zil.c, zil_lwb_commit -> zfs_get_data -> dmu_sync: the records are written to their
        // place now and flushed with the log block; the txg sync does not write them again.
        // (The model issues them before the log block; OpenZFS issues both together.)
        IoPhase& data = req.phases.back();
        data.before_ack = true;
        data.stable = true;
        req.phases.push_back(std::move(log));
    } else {
        // WR_COPIED: the log block carries the data; the txg writes the record later (async).
        req.phases.insert(req.phases.end() - 1, std::move(log));
    }
    req.full_stripe = false;
}

ArrayRequest map_zfs_sync_write(const Geometry& g, double offset, double bytes,
                                long long log_sequence, int log_devices) {
    ArrayRequest req = map_zfs_write(g, offset, bytes);
    add_zil_write(g, bytes, log_sequence, log_devices, req);
    return req;
}

}  // namespace raidadv
