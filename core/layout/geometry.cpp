#include "layout/geometry.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <string>

namespace raidadv {

namespace {

int parity_of(RaidLevel level) {
    switch (level) {
        case RaidLevel::Raid5:
        case RaidLevel::Raid50:
            return 1;
        case RaidLevel::Raid6:
        case RaidLevel::Raid60:
            return 2;
        default:
            return 0;
    }
}

/// A piece of a request inside one stripe unit.
struct UnitPiece {
    long long unit_index;  ///< logical data unit number in the volume
    double begin;          ///< byte offset inside the unit
    double end;
};

std::vector<UnitPiece> split_into_units(double offset, double bytes, double unit) {
    std::vector<UnitPiece> pieces;
    double pos = offset;
    const double stop = offset + bytes;
    while (pos < stop) {
        const auto index = static_cast<long long>(std::floor(pos / unit));
        const double unit_start = static_cast<double>(index) * unit;
        const double end = std::min(stop, unit_start + unit);
        pieces.push_back({index, pos - unit_start, end - unit_start});
        pos = end;
    }
    return pieces;
}

/// Adds an I/O to a phase, merging with an I/O already aimed at the same disk and section
/// (consecutive rows of one disk section are contiguous, so merged pieces are one sequential
/// transfer).
void add_io(IoPhase& phase, int disk, double bytes, bool write, int section = 0) {
    phase.pieces += 1.0;
    for (auto& io : phase.ios) {
        if (io.disk == disk && io.write == write && io.section == section) {
            io.bytes += bytes;
            return;
        }
    }
    phase.ios.push_back({disk, bytes, write, section});
}

/// md raid5.c: the stripe cache handles a parity row in pages (STRIPE_SIZE = PAGE_SIZE,
/// 4 KiB), one bio per page of each member (ops_run_io), which the block layer then merges.
void count_pages(ArrayRequest& req) {
    constexpr double kPage = 4096.0;
    for (auto& phase : req.phases) {
        phase.pieces = 0.0;
        for (const auto& io : phase.ios) {
            phase.pieces += std::ceil(io.bytes / kPage - 1e-9);
        }
    }
}

/// md raid1.c has no chunks: a request is one bio per copy, not split (its stripe unit here is
/// only the geometry's bookkeeping).
void unsplit_mirror(const Geometry& g, IoPhase& phase) {
    if (g.level == RaidLevel::Raid1) {
        phase.pieces = static_cast<double>(phase.ios.size());
    }
}

/// Where a data unit of a parity layout lives: group, row within the group, and disk.
struct ParityLocation {
    int group;
    long long row;
    int disk;  ///< disk index within the volume
};

ParityLocation parity_data_location(const Geometry& g, long long unit_index) {
    const int data_per_group_row = g.group_drives - g.parity_per_group;
    const long long group_stripe = unit_index / data_per_group_row;  // across groups
    const int group = static_cast<int>(group_stripe % g.groups);
    const long long row = group_stripe / g.groups;
    const int i = static_cast<int>(unit_index % data_per_group_row);
    // Left-symmetric rotation: parity moves one disk left each row, data follows it.
    const int p_disk = (g.group_drives - 1) - static_cast<int>(row % g.group_drives);
    const int disk_in_group = (p_disk + g.parity_per_group + i) % g.group_drives;
    return {group, row, group * g.group_drives + disk_in_group};
}

int parity_disk(const Geometry& g, int group, long long row, int which) {
    const int p_disk = (g.group_drives - 1) - static_cast<int>(row % g.group_drives);
    return group * g.group_drives + (p_disk + which) % g.group_drives;
}

/// Whether a disk of the volume is down (degraded mode: disks 0..failed_drives-1).
bool is_failed(const Geometry& g, int disk) {
    return disk < g.failed_drives;
}

/// The disks of one parity row: its data units in order, then its parity units.
struct ParityRow {
    std::vector<int> data;
    std::vector<int> parity;
};

ParityRow parity_row(const Geometry& g, int group, long long row) {
    ParityRow r;
    const int data_per_row = g.group_drives - g.parity_per_group;
    const long long first_unit_of_row =
        (row * g.groups + group) * static_cast<long long>(data_per_row);
    for (int i = 0; i < data_per_row; ++i) {
        r.data.push_back(parity_data_location(g, first_unit_of_row + i).disk);
    }
    for (int p = 0; p < g.parity_per_group; ++p) {
        r.parity.push_back(parity_disk(g, group, row, p));
    }
    return r;
}

/// Length of the union of [begin, end) intervals.
double union_length(std::vector<std::pair<double, double>> spans) {
    std::sort(spans.begin(), spans.end());
    double total = 0.0, cur_b = -1.0, cur_e = -1.0;
    for (const auto& [b, e] : spans) {
        if (b > cur_e) {
            total += std::max(0.0, cur_e - cur_b);
            cur_b = b;
            cur_e = e;
        } else {
            cur_e = std::max(cur_e, e);
        }
    }
    total += std::max(0.0, cur_e - cur_b);
    return total;
}

/// How one partial row of a parity write is done.
enum class RowWrite {
    ReadModifyWrite,   ///< read old data and parity, write new data and parity
    ReconstructWrite,  ///< read the untouched data, write new data and parity
    ReadSurvivors,     ///< degraded, neither possible: read every surviving unit, then write
    DataOnly           ///< degraded, no surviving parity unit: just write the data
};

/// The pieces of one (group, row) a request touches, each with its disk.
using RowPieces = std::vector<std::pair<UnitPiece, int>>;

int alive_count(const Geometry& g, const std::vector<int>& disks) {
    int alive = 0;
    for (int d : disks) {
        alive += is_failed(g, d) ? 0 : 1;
    }
    return alive;
}

/// A full row: new data and parity written, nothing read. Degraded: units on failed drives are
/// not written (Holland & Gibson 1992).
void write_full_row(const Geometry& g, const RowPieces& pieces, const ParityRow& units,
                    ArrayRequest& req, IoPhase& writes) {
    const int data_per_row = g.group_drives - g.parity_per_group;
    for (const auto& [piece, disk] : pieces) {
        if (!is_failed(g, disk)) {
            add_io(writes, disk, g.unit, true);
        }
    }
    for (int pd : units.parity) {
        if (!is_failed(g, pd)) {
            add_io(writes, pd, g.unit, true);
        }
    }
    req.parity_bytes += alive_count(g, units.parity) > 0 ? g.unit * data_per_row : 0.0;
}

/// derived: read-modify-write issues 2(k+p) I/Os, reconstruct-write (G-p-k) reads plus
/// (k+p) writes (Chen et al. 1994; md picks the cheaper, raid5.c handle_stripe_dirtying).
/// Degraded (Holland & Gibson 1992): read-modify-write needs the old contents of every
/// touched data unit, reconstruct-write every untouched one; a row that has neither reads
/// all its surviving units (rebuilding the lost one); a row whose parity units are all
/// lost just writes its data.
RowWrite choose_row_write(int k, int data_per_row, int touched_alive, int parity_alive,
                          bool untouched_failed) {
    if (parity_alive <= 0) {
        return RowWrite::DataOnly;
    }
    const bool rmw_ok = touched_alive == k;
    const bool rcw_ok = !untouched_failed;
    const int rmw_ios = 2 * (k + parity_alive);
    const int rcw_ios = (data_per_row - k) + (touched_alive + parity_alive);
    if (rmw_ok && (!rcw_ok || rmw_ios <= rcw_ios)) {
        return RowWrite::ReadModifyWrite;
    }
    return rcw_ok ? RowWrite::ReconstructWrite : RowWrite::ReadSurvivors;
}

/// Bytes through the XOR/P+Q computation for one partial row written by `method`: old data +
/// old parity + new data (RMW), all data units (RCW), every surviving unit plus the new data
/// (degraded, read survivors). `row_bytes`: new data; `parity_range`: the parity units' range.
double parity_input_bytes(RowWrite method, double row_bytes, double parity_range, int parity_alive,
                          int data_per_row, int units_alive) {
    switch (method) {
        case RowWrite::ReadModifyWrite:
            return 2.0 * row_bytes + parity_range * parity_alive;
        case RowWrite::ReconstructWrite:
            return parity_range * data_per_row;
        case RowWrite::ReadSurvivors:
            return parity_range * units_alive + row_bytes;
        case RowWrite::DataOnly:
            break;
    }
    return 0.0;
}

/// A partial row: the cheaper of read-modify-write and reconstruct-write (choose_row_write);
/// the parity units are rewritten over the union of the touched ranges.
void write_partial_row(const Geometry& g, const RowPieces& pieces, const ParityRow& units,
                       ArrayRequest& req, IoPhase& reads, IoPhase& writes) {
    const int data_per_row = g.group_drives - g.parity_per_group;
    const int k = static_cast<int>(pieces.size());
    std::vector<std::pair<double, double>> ranges;
    for (const auto& [piece, disk] : pieces) {
        ranges.emplace_back(piece.begin, piece.end);
    }
    const double parity_range = union_length(ranges);
    double row_bytes = 0.0;
    for (const auto& r : ranges) {
        row_bytes += r.second - r.first;
    }
    const int parity_alive = alive_count(g, units.parity);
    auto touched = [&](int disk) {
        return std::any_of(pieces.begin(), pieces.end(),
                           [&](const auto& p) { return p.second == disk; });
    };
    int touched_alive = 0;
    for (const auto& [piece, disk] : pieces) {
        touched_alive += is_failed(g, disk) ? 0 : 1;
    }
    bool untouched_failed = false;
    int units_alive = parity_alive;
    for (int d : units.data) {
        untouched_failed = untouched_failed || (!touched(d) && is_failed(g, d));
        units_alive += is_failed(g, d) ? 0 : 1;
    }
    const RowWrite method =
        choose_row_write(k, data_per_row, touched_alive, parity_alive, untouched_failed);
    const bool use_rmw = method == RowWrite::ReadModifyWrite;
    for (const auto& [piece, disk] : pieces) {
        if (is_failed(g, disk)) {
            continue;
        }
        const double b = piece.end - piece.begin;
        if (use_rmw) {
            add_io(reads, disk, b, false);
        }
        add_io(writes, disk, b, true);
    }
    for (int pd : units.parity) {
        if (is_failed(g, pd)) {
            continue;
        }
        if (use_rmw) {
            add_io(reads, pd, parity_range, false);
        }
        add_io(writes, pd, parity_range, true);
    }
    if (method == RowWrite::ReconstructWrite) {
        // Read the untouched data units of the row over the parity range.
        for (int d : units.data) {
            if (!touched(d)) {
                add_io(reads, d, parity_range, false);
            }
        }
    } else if (method == RowWrite::ReadSurvivors) {
        for (const auto* list : {&units.data, &units.parity}) {
            for (int d : *list) {
                if (!is_failed(g, d)) {
                    add_io(reads, d, parity_range, false);
                }
            }
        }
    }
    req.parity_bytes += parity_input_bytes(method, row_bytes, parity_range, parity_alive,
                                           data_per_row, units_alive);
}

/// The phases of a parity write: the reads (if any), then the writes, which rewrite what was just
/// read where every write's drive was read; md's page count.
void finish_parity_write(IoPhase reads, IoPhase writes, bool full_stripe, ArrayRequest& req) {
    if (!reads.ios.empty()) {
        writes.rewrites_previous =
            std::all_of(writes.ios.begin(), writes.ios.end(), [&](const DiskIo& w) {
                return std::any_of(reads.ios.begin(), reads.ios.end(),
                                   [&](const DiskIo& r) { return r.disk == w.disk; });
            });
        req.phases.push_back(std::move(reads));
    }
    req.phases.push_back(std::move(writes));
    req.full_stripe = full_stripe;
    count_pages(req);
}

ArrayRequest map_parity_write(const Geometry& g, double offset, double bytes) {
    ArrayRequest req;
    IoPhase reads, writes;
    const int data_per_row = g.group_drives - g.parity_per_group;
    // Group pieces by (group, row): each such row is updated on its own.
    std::map<std::pair<int, long long>, RowPieces> rows;
    for (const auto& piece : split_into_units(offset, bytes, g.unit)) {
        const auto loc = parity_data_location(g, piece.unit_index);
        rows[{loc.group, loc.row}].push_back({piece, loc.disk});
    }
    bool all_full = true;
    for (const auto& [key, pieces] : rows) {
        const auto [group, row] = key;
        bool full_row = static_cast<int>(pieces.size()) == data_per_row;
        for (const auto& [piece, disk] : pieces) {
            full_row = full_row && piece.begin == 0.0 && piece.end == g.unit;
        }
        const ParityRow units = parity_row(g, group, row);
        if (full_row) {
            write_full_row(g, pieces, units, req, writes);
        } else {
            all_full = false;
            write_partial_row(g, pieces, units, req, reads, writes);
        }
    }
    finish_parity_write(std::move(reads), std::move(writes), all_full, req);
    return req;
}

/// Degraded parity read: a piece on a failed drive is rebuilt from the same range of G - p
/// surviving units of its row, data units first, then parity (Holland & Gibson 1992: a read of
/// a lost RAID 5 unit reads all G - 1 survivors). Ranges a disk reads anyway are read once.
ArrayRequest map_parity_read_degraded(const Geometry& g, double offset, double bytes) {
    const int data_per_row = g.group_drives - g.parity_per_group;
    std::map<std::pair<int, long long>, std::vector<std::pair<UnitPiece, int>>> rows;
    for (const auto& piece : split_into_units(offset, bytes, g.unit)) {
        const auto loc = parity_data_location(g, piece.unit_index);
        rows[{loc.group, loc.row}].push_back({piece, loc.disk});
    }
    ArrayRequest req;
    IoPhase phase;
    for (const auto& [key, pieces] : rows) {
        std::map<int, std::vector<std::pair<double, double>>> spans;
        std::vector<std::pair<double, double>> lost;
        for (const auto& [piece, disk] : pieces) {
            (is_failed(g, disk) ? lost : spans[disk]).emplace_back(piece.begin, piece.end);
        }
        if (!lost.empty()) {
            // XOR input: the G - p surviving units over each lost range.
            req.parity_bytes += union_length(lost) * data_per_row;
            const ParityRow units = parity_row(g, key.first, key.second);
            int needed = data_per_row;
            for (const auto* list : {&units.data, &units.parity}) {
                for (int d : *list) {
                    if (needed > 0 && !is_failed(g, d)) {
                        auto& s = spans[d];
                        s.insert(s.end(), lost.begin(), lost.end());
                        --needed;
                    }
                }
            }
        }
        for (const auto& [disk, ranges] : spans) {
            add_io(phase, disk, union_length(ranges), false);
        }
    }
    req.phases.push_back(std::move(phase));
    count_pages(req);
    return req;
}

/// Mirror set (raid10) or drive (raid0) holding a unit, nested as spans x sets per span.
int striped_target(const Geometry& g, long long unit_index, int targets_per_group) {
    const int group = static_cast<int>((unit_index / targets_per_group) % g.groups);
    const int within = static_cast<int>(unit_index % targets_per_group);
    return group * targets_per_group + within;
}

/// Disk holding copy `copy` (0..copies-1) of a data unit on raid0/1/10/01.
int copy_disk(const Geometry& g, long long unit_index, int copy) {
    switch (g.level) {
        case RaidLevel::Raid1:
            return copy;
        case RaidLevel::Raid10: {
            if (g.placement != CopyPlacement::Near) {
                // md far / offset (raid10.c, __raid10_find_phys with near_copies 1): chunk u's
                // first copy on device u mod drives, copy c on the c-th device after it.
                return static_cast<int>((unit_index % g.drives + copy) % g.drives);
            }
            if (g.groups == 1) {
                // md raid10 "near" layout (drivers/md/raid10.c, __raid10_find_phys): copy c of
                // chunk u on device (u x copies + c) mod drives; with a multiple of the copies
                // this is the usual stripe over mirror sets, on copies + 1 drives every pair of
                // drives shares chunks.
                return static_cast<int>((unit_index * g.copies + copy) % g.drives);
            }
            const int sets_per_span = g.group_drives / g.copies;
            return striped_target(g, unit_index, sets_per_span) * g.copies + copy;
        }
        case RaidLevel::Raid01:
            return copy * g.group_drives + static_cast<int>(unit_index % g.group_drives);
        default:
            return striped_target(g, unit_index, g.group_drives);
    }
}

/// Whether copy `copy` of a unit can be used: its disk is up; on raid01 its whole side is
/// (a side is a RAID 0: one failed drive takes the side down).
bool copy_alive(const Geometry& g, long long unit_index, int copy) {
    if (g.level == RaidLevel::Raid01) {
        return copy * g.group_drives >= g.failed_drives;
    }
    return !is_failed(g, copy_disk(g, unit_index, copy));
}

/// The copy a read uses: `read_copy` among the surviving copies (all of them when healthy).
int read_copy_of(const Geometry& g, long long unit_index, int read_copy) {
    std::vector<int> alive;
    for (int c = 0; c < g.copies; ++c) {
        if (copy_alive(g, unit_index, c)) {
            alive.push_back(c);
        }
    }
    if (alive.empty()) {
        return 0;  // more failures than the level tolerates: not modelled (see failed_drives)
    }
    if (g.placement != CopyPlacement::Near) {
        return alive.front();  // md far/offset: the lowest address (read_choices)
    }
    const int n = static_cast<int>(alive.size());
    return alive[static_cast<std::size_t>(((read_copy % n) + n) % n)];
}

}  // namespace

Geometry make_geometry(const Layout& layout) {
    Geometry g;
    g.level = layout.level;
    g.unit = layout.stripe_unit_bytes;
    g.volumes = std::max(1, layout.volumes);
    g.drives = std::max(1, layout.drives);
    g.parity_per_group = parity_of(layout.level);
    switch (layout.level) {
        case RaidLevel::Simple:
            g.level = RaidLevel::Raid0;
            g.volumes *= g.drives;
            g.drives = 1;
            g.group_drives = 1;
            g.data_units_per_row = 1;
            break;
        case RaidLevel::Raid0:
            g.group_drives = g.drives;
            g.data_units_per_row = g.drives;
            break;
        case RaidLevel::Raid1:
            g.copies = g.drives;
            g.group_drives = g.drives;
            g.data_units_per_row = 1;
            break;
        case RaidLevel::Raid10: {
            g.copies = std::max(2, layout.mirror_copies);
            const int span = layout.disks_per_span > 0 ? layout.disks_per_span : g.drives;
            g.groups = std::max(1, g.drives / span);
            g.group_drives = span;
            // derived: the near layout repeats after drives / gcd(drives, copies) chunks
            // (drives / copies for a multiple of the copies; 3 on md's 3-drive raid10).
            g.data_units_per_row = g.drives % g.copies == 0 ? g.drives / g.copies : g.drives;
            if (g.groups == 1 && layout.placement != CopyPlacement::Near) {
                // md far / offset: a row of the first section (or an even row) holds `drives`
                // distinct chunks, one per device (raid10.c, __raid10_find_phys).
                g.placement = layout.placement;
                g.data_units_per_row = g.drives;
            }
            break;
        }
        case RaidLevel::Raid01:
            g.copies = std::max(2, layout.mirror_copies);
            g.groups = g.copies;
            g.group_drives = g.drives / g.copies;
            g.data_units_per_row = g.group_drives;
            break;
        case RaidLevel::Raid5:
        case RaidLevel::Raid6:
            g.groups = 1;
            g.group_drives = g.drives;
            g.data_units_per_row = g.drives - g.parity_per_group;
            break;
        case RaidLevel::Raid50:
        case RaidLevel::Raid60: {
            const int span = layout.disks_per_span > 0 ? layout.disks_per_span : g.drives;
            g.groups = std::max(1, g.drives / span);
            g.group_drives = span;
            g.data_units_per_row = g.groups * (span - g.parity_per_group);
            break;
        }
        case RaidLevel::ZfsMirror:
        case RaidLevel::Raidz1:
        case RaidLevel::Raidz2:
        case RaidLevel::Raidz3:
        case RaidLevel::Draid1:
        case RaidLevel::Draid2:
        case RaidLevel::Draid3:
            g.zfs = make_zfs_pool(layout);
            g.groups = g.zfs.vdevs;
            g.group_drives = g.zfs.children;
            g.drives = g.groups * g.group_drives;
            g.copies = layout.level == RaidLevel::ZfsMirror ? g.zfs.children : 1;
            g.parity_per_group = g.zfs.parity;
            g.unit = g.zfs.record;
            g.data_units_per_row = g.groups;
            break;
    }
    g.failed_drives = std::clamp(layout.failed_drives, 0, g.drives);
    return g;
}

double data_drive_equivalents(const Layout& layout) {
    const Geometry g = make_geometry(layout);
    if (is_zfs(g.level)) {
        // derived: one drive per mirror vdev; else the data share of a record of the pool's
        // record size, over the drives that allocate (dRAID's spares do not).
        if (g.level == RaidLevel::ZfsMirror) {
            return static_cast<double>(g.groups);
        }
        return zfs_data_share(g.zfs, g.zfs.record) *
               (is_draid(g.level) ? g.drives - g.groups * g.zfs.draid_spares : g.drives);
    }
    switch (g.level) {
        case RaidLevel::Raid1:
            return 1.0;
        case RaidLevel::Raid10:
        case RaidLevel::Raid01:
            return static_cast<double>(g.drives) / g.copies;
        default:
            return static_cast<double>(g.data_units_per_row);
    }
}

double usable_bytes(const Layout& layout, double drive_capacity_bytes) {
    if (is_zfs(layout.level)) {
        return zfs_space(layout, drive_capacity_bytes).usable_bytes;
    }
    const Geometry g = make_geometry(layout);
    return data_drive_equivalents(layout) * drive_capacity_bytes * g.volumes;
}

int failures_tolerated(const Layout& layout) {
    if (is_zfs(layout.level)) {
        return zfs_failures_tolerated(layout);
    }
    const Geometry g = make_geometry(layout);
    if (g.copies > 1) {
        return g.copies - 1;  // worst case: all copies of one block
    }
    return g.parity_per_group;
}

std::string degraded_layout_problem(const Layout& layout) {
    const int tolerated = failures_tolerated(layout);
    const std::string level(to_string(layout.level));
    if (layout.failed_drives < 0) {
        return "failed_drives must be 0 or more, got " + std::to_string(layout.failed_drives);
    }
    if (layout.failed_drives > 0 && tolerated == 0) {
        return level +
               " has no redundancy: a failed drive loses data, so failed_drives must be 0, got " +
               std::to_string(layout.failed_drives);
    }
    if (layout.failed_drives > tolerated) {
        return level + " tolerates " + std::to_string(tolerated) +
               " failed drive(s) per volume in the worst placement, so failed_drives must be at "
               "most " +
               std::to_string(tolerated) + ", got " + std::to_string(layout.failed_drives);
    }
    const double share = layout.rebuild_rate_fraction;
    if (!(share >= 0.0 && share < 1.0)) {
        std::ostringstream text;
        text << "rebuild_rate_fraction must be from 0 to below 1, got " << share;
        return text.str();
    }
    if (share > 0.0 && layout.failed_drives == 0) {
        return "rebuild_rate_fraction needs failed_drives of at least 1 (a rebuild runs only on a "
               "degraded volume)";
    }
    return {};
}

ArrayRequest map_read(const Geometry& g, double offset, double bytes, int read_copy) {
    if (is_zfs(g.level)) {
        return map_zfs_read(g, offset, bytes, read_copy);
    }
    if (g.parity_per_group > 0 && g.failed_drives > 0) {
        return map_parity_read_degraded(g, offset, bytes);
    }
    ArrayRequest req;
    IoPhase phase;
    const auto pieces = split_into_units(offset, bytes, g.unit);
    for (const auto& piece : pieces) {
        const double b = piece.end - piece.begin;
        if (g.parity_per_group > 0) {
            add_io(phase, parity_data_location(g, piece.unit_index).disk, b, false);
            continue;
        }
        const int copy = read_copy_of(g, piece.unit_index, read_copy);
        add_io(phase, copy_disk(g, piece.unit_index, copy), b, false,
               g.placement == CopyPlacement::Far ? copy : 0);
    }
    unsplit_mirror(g, phase);
    req.phases.push_back(std::move(phase));
    return req;
}

ArrayRequest map_write(const Geometry& g, double offset, double bytes) {
    if (is_zfs(g.level)) {
        return map_zfs_write(g, offset, bytes);
    }
    if (g.parity_per_group > 0) {
        return map_parity_write(g, offset, bytes);
    }
    // Mirrors write every surviving copy; raid0 writes its one copy. md far: copy c lies in
    // section c of its drive (offset: the next row, contiguous with the drive's own chunk).
    ArrayRequest req;
    IoPhase phase;
    const bool far = g.placement == CopyPlacement::Far;
    for (int copy = 0; copy < g.copies; ++copy) {
        for (const auto& piece : split_into_units(offset, bytes, g.unit)) {
            if (copy_alive(g, piece.unit_index, copy)) {
                add_io(phase, copy_disk(g, piece.unit_index, copy), piece.end - piece.begin, true,
                       far ? copy : 0);
            }
        }
    }
    unsplit_mirror(g, phase);
    req.phases.push_back(std::move(phase));
    return req;
}

int read_choices(const Geometry& g) {
    // (make_geometry gives copies > 1 to the mirrored levels only.)
    return g.placement == CopyPlacement::Near ? g.copies : 1;
}

double far_section_share(const Geometry& g, double read_fraction) {
    if (g.placement != CopyPlacement::Far) {
        return 0.0;
    }
    // derived: a read is 1 I/O in section 0, a write 1 I/O in each of the `copies` sections.
    const double r = std::clamp(read_fraction, 0.0, 1.0);
    const double far_ios = (1.0 - r) * (g.copies - 1);
    return far_ios / (r + (1.0 - r) * g.copies);
}

double placement_span(const Geometry& g, double span, double far_share) {
    if (g.placement != CopyPlacement::Far) {
        return span;
    }
    // derived: with 2 sections, a drive's positions lie uniformly over [0, s/2] (share 1 - f)
    // or [1/2, 1/2 + s/2] (share f). Two in the same section are s/6 apart on average, two in
    // different ones about 1/2; a uniform span L has mean distance L/3, so
    // L = 3 ((1 - 2f(1 - f)) s/6 + f(1 - f)), at most the whole drive.
    const double s = std::clamp(span, 0.0, 1.0);
    const double f = std::clamp(far_share, 0.0, 1.0);
    const double mixed = f * (1.0 - f);
    return std::min(1.0, (1.0 - 2.0 * mixed) * s / 2.0 + 3.0 * mixed);
}

int small_write_ios(const Geometry& g) {
    if (is_zfs(g.level)) {
        // derived: a record rewritten whole, copy on write (every column of one vdev).
        return static_cast<int>(map_zfs_write(g, 0.0, g.unit).phases.back().ios.size());
    }
    if (g.parity_per_group > 0) {
        return 2 * (1 + g.parity_per_group);
    }
    return g.copies;
}

}  // namespace raidadv

namespace raidadv {

std::vector<double> mapping_period_samples(const Geometry& g, double step, bool one_per_unit) {
    const double rotation = g.parity_per_group > 0 ? std::max(1, g.group_drives) : 1;
    const double period = g.unit * std::max(1, g.data_units_per_row) * rotation;
    const double period_units = std::max(1.0, std::round(period / g.unit));
    double per_unit = std::floor(std::min(256.0 / period_units, g.unit / step));
    if (one_per_unit) {
        per_unit = std::max(1.0, per_unit);
    }
    const int samples =
        static_cast<int>(per_unit >= 1.0 ? period_units * per_unit
                                         : std::clamp(std::floor(period / step), 1.0, 256.0));
    std::vector<double> offsets;
    offsets.reserve(static_cast<std::size_t>(samples));
    for (int j = 0; j < samples; ++j) {
        offsets.push_back(std::floor(j * period / samples / step) * step);
    }
    return offsets;
}

double gather_row_bytes(const Geometry& g) {
    if (g.parity_per_group > 0 && !is_zfs(g.level)) {
        return g.unit * std::max(1, g.group_drives - g.parity_per_group);
    }
    return g.unit * std::max(1, g.data_units_per_row);
}

namespace {

/// Appends `more`'s phases to `into`'s, phase by phase (the first phases together).
void merge_phases(ArrayRequest& into, const ArrayRequest& more) {
    for (std::size_t i = 0; i < more.phases.size(); ++i) {
        if (i >= into.phases.size()) {
            into.phases.push_back(more.phases[i]);
            continue;
        }
        IoPhase& phase = into.phases[i];
        for (const DiskIo& io : more.phases[i].ios) {
            add_io(phase, io.disk, io.bytes, io.write, io.section);
        }
        phase.rewrites_previous = phase.rewrites_previous && more.phases[i].rewrites_previous;
    }
    into.parity_bytes += more.parity_bytes;
}

}  // namespace

ArrayRequest map_gathered_write(const Geometry& g,
                                const std::vector<std::pair<double, double>>& extents) {
    // Each unit's extents as one span [begin, end) inside the unit.
    std::map<long long, UnitPiece> spans;
    for (const auto& [offset, bytes] : extents) {
        for (const auto& piece : split_into_units(offset, bytes, g.unit)) {
            const auto [it, fresh] = spans.emplace(piece.unit_index, piece);
            if (!fresh) {
                it->second.begin = std::min(it->second.begin, piece.begin);
                it->second.end = std::max(it->second.end, piece.end);
            }
        }
    }
    ArrayRequest req;
    if (spans.empty()) {
        return req;
    }
    if (is_zfs(g.level) || g.failed_drives > 0 || g.parity_per_group <= 0) {
        for (const auto& [index, s] : spans) {
            merge_phases(
                req, map_write(g, static_cast<double>(index) * g.unit + s.begin, s.end - s.begin));
        }
        return req;
    }
    // derived: the parity range is one interval [lo, hi) over the units' spans; a unit is
    // complete when its dirty bytes cover it. Read-modify-write reads each touched unit's span
    // and the parity; reconstruct-write reads the range from every unit not complete (the
    // controller must have every byte of the range to compute the parity, Chen et al. 1994);
    // the fewer I/Os wins, read-modify-write on a tie (map_write's rule).
    const int data_per_row = g.group_drives - g.parity_per_group;
    std::map<long long, std::vector<std::pair<double, double>>> pieces_of;
    for (const auto& [offset, bytes] : extents) {
        for (const auto& piece : split_into_units(offset, bytes, g.unit)) {
            pieces_of[piece.unit_index].emplace_back(piece.begin, piece.end);
        }
    }
    std::map<long long, double> dirty;  // bytes of each unit written (overlaps once)
    for (auto& [index, ranges] : pieces_of) {
        dirty[index] = union_length(std::move(ranges));
    }
    double lo = g.unit, hi = 0.0;
    for (const auto& [index, s] : spans) {
        lo = std::min(lo, s.begin);
        hi = std::max(hi, s.end);
    }
    const double range = hi - lo;
    const auto first = parity_data_location(g, spans.begin()->first);
    const ParityRow units = parity_row(g, first.group, first.row);
    const long long first_unit =
        (first.row * g.groups + first.group) * static_cast<long long>(data_per_row);
    int incomplete = 0;
    double dirty_bytes = 0.0;
    for (int i = 0; i < data_per_row; ++i) {
        const auto it = dirty.find(first_unit + i);
        const double d = it == dirty.end() ? 0.0 : it->second;
        dirty_bytes += d;
        incomplete += d < range ? 1 : 0;
    }
    const int k = static_cast<int>(spans.size());
    const int p = g.parity_per_group;
    IoPhase reads, writes;
    const bool full_row = incomplete == 0 && range == g.unit;
    const bool rmw = !full_row && 2 * (k + p) <= incomplete + k + p;
    for (const auto& [index, s] : spans) {
        const int disk = parity_data_location(g, index).disk;
        if (rmw) {
            add_io(reads, disk, s.end - s.begin, false);
        }
        add_io(writes, disk, s.end - s.begin, true);
    }
    for (int pd : units.parity) {
        if (rmw) {
            add_io(reads, pd, range, false);
        }
        add_io(writes, pd, range, true);
    }
    if (!rmw && !full_row) {
        for (int i = 0; i < data_per_row; ++i) {
            const auto it = dirty.find(first_unit + i);
            if (it == dirty.end() || it->second < range) {
                add_io(reads, units.data[static_cast<std::size_t>(i)], range, false);
            }
        }
    }
    req.parity_bytes = rmw ? 2.0 * dirty_bytes + range * p : range * data_per_row;
    finish_parity_write(std::move(reads), std::move(writes), full_row, req);
    return req;
}

}  // namespace raidadv
