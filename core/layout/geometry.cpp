#include "layout/geometry.h"

#include <algorithm>
#include <cmath>
#include <map>

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

/// Adds an I/O to a phase, merging with an I/O already aimed at the same disk (consecutive rows
/// of one disk are contiguous, so merged pieces are one sequential transfer).
void add_io(IoPhase& phase, int disk, double bytes, bool write) {
    for (auto& io : phase.ios) {
        if (io.disk == disk && io.write == write) {
            io.bytes += bytes;
            return;
        }
    }
    phase.ios.push_back({disk, bytes, write});
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

ArrayRequest map_parity_write(const Geometry& g, double offset, double bytes) {
    ArrayRequest req;
    IoPhase reads, writes;
    const int data_per_row = g.group_drives - g.parity_per_group;
    // Group pieces by (group, row): each such row is updated on its own.
    std::map<std::pair<int, long long>, std::vector<std::pair<UnitPiece, int>>> rows;
    for (const auto& piece : split_into_units(offset, bytes, g.unit)) {
        const auto loc = parity_data_location(g, piece.unit_index);
        rows[{loc.group, loc.row}].push_back({piece, loc.disk});
    }
    bool all_full = true;
    for (const auto& [key, pieces] : rows) {
        const auto [group, row] = key;
        const int k = static_cast<int>(pieces.size());
        bool full_row = (k == data_per_row);
        std::vector<std::pair<double, double>> ranges;
        for (const auto& [piece, disk] : pieces) {
            ranges.emplace_back(piece.begin, piece.end);
            full_row = full_row && piece.begin == 0.0 && piece.end == g.unit;
        }
        const double parity_range = union_length(ranges);
        double row_bytes = 0.0;
        for (const auto& r : ranges) {
            row_bytes += r.second - r.first;
        }
        if (full_row) {
            for (const auto& [piece, disk] : pieces) {
                add_io(writes, disk, g.unit, true);
            }
            for (int p = 0; p < g.parity_per_group; ++p) {
                add_io(writes, parity_disk(g, group, row, p), g.unit, true);
            }
            req.parity_bytes += g.unit * data_per_row;
            continue;
        }
        all_full = false;
        // derived: read-modify-write issues 2(k+p) I/Os, reconstruct-write (G-p-k) reads plus
        // (k+p) writes (Chen et al. 1994; md picks the cheaper, raid5.c handle_stripe_dirtying).
        const int rmw_ios = 2 * (k + g.parity_per_group);
        const int rcw_ios = (data_per_row - k) + (k + g.parity_per_group);
        const bool use_rmw = rmw_ios <= rcw_ios;
        for (const auto& [piece, disk] : pieces) {
            const double b = piece.end - piece.begin;
            if (use_rmw) {
                add_io(reads, disk, b, false);
            }
            add_io(writes, disk, b, true);
        }
        for (int p = 0; p < g.parity_per_group; ++p) {
            const int pd = parity_disk(g, group, row, p);
            if (use_rmw) {
                add_io(reads, pd, parity_range, false);
            }
            add_io(writes, pd, parity_range, true);
        }
        if (!use_rmw) {
            // Read the untouched data units of the row over the parity range.
            for (int i = 0; i < data_per_row; ++i) {
                const long long first_unit_of_row =
                    (row * g.groups + group) * static_cast<long long>(data_per_row);
                const auto loc = parity_data_location(g, first_unit_of_row + i);
                const bool touched = std::any_of(pieces.begin(), pieces.end(), [&](const auto& p) {
                    return p.second == loc.disk;
                });
                if (!touched) {
                    add_io(reads, loc.disk, parity_range, false);
                }
            }
        }
        // XOR input: old data + old parity + new data (RMW) or all data units (RCW).
        req.parity_bytes += use_rmw ? 2.0 * row_bytes + parity_range * g.parity_per_group
                                    : parity_range * data_per_row;
    }
    if (!reads.ios.empty()) {
        writes.rewrites_previous =
            std::all_of(writes.ios.begin(), writes.ios.end(), [&](const DiskIo& w) {
                return std::any_of(reads.ios.begin(), reads.ios.end(),
                                   [&](const DiskIo& r) { return r.disk == w.disk; });
            });
        req.phases.push_back(std::move(reads));
    }
    req.phases.push_back(std::move(writes));
    req.full_stripe = all_full;
    return req;
}

/// Mirror set (raid10) or drive (raid0) holding a unit, nested as spans x sets per span.
int striped_target(const Geometry& g, long long unit_index, int targets_per_group) {
    const int group = static_cast<int>((unit_index / targets_per_group) % g.groups);
    const int within = static_cast<int>(unit_index % targets_per_group);
    return group * targets_per_group + within;
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
            g.data_units_per_row = g.drives / g.copies;
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
    }
    return g;
}

double data_drive_equivalents(const Layout& layout) {
    const Geometry g = make_geometry(layout);
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
    const Geometry g = make_geometry(layout);
    return data_drive_equivalents(layout) * drive_capacity_bytes * g.volumes;
}

int failures_tolerated(const Layout& layout) {
    const Geometry g = make_geometry(layout);
    if (g.copies > 1) {
        return g.copies - 1;  // worst case: all copies of one block
    }
    return g.parity_per_group;
}

ArrayRequest map_read(const Geometry& g, double offset, double bytes, int read_copy) {
    ArrayRequest req;
    IoPhase phase;
    const auto pieces = split_into_units(offset, bytes, g.unit);
    for (const auto& piece : pieces) {
        const double b = piece.end - piece.begin;
        int disk = 0;
        switch (g.level) {
            case RaidLevel::Raid0:
            case RaidLevel::Simple:
                disk = striped_target(g, piece.unit_index, g.group_drives);
                break;
            case RaidLevel::Raid1:
                disk = read_copy % g.copies;
                break;
            case RaidLevel::Raid10: {
                const int sets_per_span = g.group_drives / g.copies;
                const int set = striped_target(g, piece.unit_index, sets_per_span);
                disk = set * g.copies + read_copy % g.copies;
                break;
            }
            case RaidLevel::Raid01: {
                const int side = read_copy % g.copies;
                disk = side * g.group_drives + static_cast<int>(piece.unit_index % g.group_drives);
                break;
            }
            default:
                disk = parity_data_location(g, piece.unit_index).disk;
                break;
        }
        add_io(phase, disk, b, false);
    }
    req.phases.push_back(std::move(phase));
    return req;
}

ArrayRequest map_write(const Geometry& g, double offset, double bytes) {
    if (g.parity_per_group > 0) {
        return map_parity_write(g, offset, bytes);
    }
    ArrayRequest req;
    IoPhase phase;
    for (int copy = 0; copy < g.copies; ++copy) {
        const ArrayRequest read = map_read(g, offset, bytes, copy);
        for (const auto& io : read.phases.front().ios) {
            add_io(phase, io.disk, io.bytes, true);
        }
    }
    req.phases.push_back(std::move(phase));
    return req;
}

int small_write_ios(const Geometry& g) {
    if (g.parity_per_group > 0) {
        return 2 * (1 + g.parity_per_group);
    }
    return g.copies;
}

}  // namespace raidadv
