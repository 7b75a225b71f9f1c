// RAID mapping with drive offsets (sources in array.h).
#include "sim/array.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace raidadv::sim {

ArrayMap::ArrayMap(const Layout& layout, double drive_capacity_bytes) : g_(make_geometry(layout)) {
    row_bytes_ = g_.unit * std::max(1, g_.data_units_per_row);
    const double capacity = drive_capacity_bytes > 0.0 ? drive_capacity_bytes : 1e12;
    // Every drive holds one stripe unit of every row (geometry.cpp mappings); md far and offset
    // raid10 hold each row `copies` times (raid10.c: far sections, offset rows).
    const int repeats = g_.placement == CopyPlacement::Near ? 1 : std::max(1, g_.copies);
    rows_per_drive_ = std::floor(capacity / g_.unit / repeats);
    volume_bytes_ = rows_per_drive_ * row_bytes_;
    drive_bytes_ = capacity;
    if (is_zfs(g_.level)) {
        // derived: a record allocates asize sectors spread over the vdev's children (a mirror
        // child holds it whole); the volume is as many records as the children hold.
        const ZfsPool& z = g_.zfs;
        zfs_footprint_ = g_.level == RaidLevel::ZfsMirror
                             ? z.record
                             : zfs_asize_sectors(z, z.record) * z.sector / z.children;
        rows_per_drive_ = std::floor(capacity / zfs_footprint_);
        volume_bytes_ = rows_per_drive_ * row_bytes_;
        alloc_cursor_.assign(static_cast<std::size_t>(std::max(1, g_.drives)), 0.0);
    }
}

SimArrayRequest ArrayMap::place_zfs(const ArrayRequest& req, double offset) const {
    SimArrayRequest out;
    out.parity_bytes = req.parity_bytes;
    const double q = std::floor(std::floor(offset / g_.unit) / std::max(1, g_.zfs.vdevs));
    for (const IoPhase& phase : req.phases) {
        SimPhase sp;
        sp.before_ack = phase.before_ack;
        out.pieces += phase.pieces;
        for (const DiskIo& io : phase.ios) {
            double where = q * zfs_footprint_;
            if (phase.allocated) {
                double& cursor = alloc_cursor_[static_cast<std::size_t>(io.disk)];
                if (cursor + io.bytes > drive_bytes_) {
                    cursor = 0.0;
                }
                where = cursor;
                cursor += io.bytes;
            }
            sp.ios.push_back({io.disk, where, io.bytes, io.write});
            ++out.ops;
            out.disk_bytes += io.bytes;
        }
        out.phases.push_back(std::move(sp));
    }
    return out;
}

double ArrayMap::disk_offset(double row, double within, int copy) const {
    switch (g_.placement) {
        case CopyPlacement::Far:  // copy c in section c (raid10.c: addr + c x stride)
            return (copy * rows_per_drive_ + row) * g_.unit + within;
        case CopyPlacement::Offset:  // copy c in row (row x copies + c)
            return (row * g_.copies + copy) * g_.unit + within;
        case CopyPlacement::Near:
            break;
    }
    return row * g_.unit + within;
}

int ArrayMap::copy_of_read(double unit_index, int disk) const {
    if (g_.placement == CopyPlacement::Near) {
        return 0;
    }
    const long long n = std::max(1, g_.drives);
    const auto u = static_cast<long long>(unit_index);
    return static_cast<int>(((disk - u % n) % n + n) % n);
}

int ArrayMap::read_copies() const {
    return read_choices(g_);
}

SimArrayRequest ArrayMap::read(double offset, double bytes, int copy) const {
    return place(map_read(g_, offset, bytes, copy), offset, bytes, false, copy);
}

SimArrayRequest ArrayMap::write(double offset, double bytes) const {
    return place(map_write(g_, offset, bytes), offset, bytes, true, 0);
}

SimArrayRequest ArrayMap::write_gathered(
    const std::vector<std::pair<double, double>>& extents) const {
    if (extents.empty()) {
        return {};
    }
    if (is_zfs(g_.level)) {
        return place_zfs(map_gathered_write(g_, extents), extents.front().first);
    }
    return place_extents(map_gathered_write(g_, extents), extents, true, 0);
}

SimArrayRequest ArrayMap::place(const ArrayRequest& req, double offset, double bytes, bool write,
                                int copy) const {
    if (is_zfs(g_.level)) {
        return place_zfs(req, offset);
    }
    return place_extents(req, {{offset, bytes}}, write, copy);
}

SimArrayRequest ArrayMap::place_extents(const ArrayRequest& req,
                                        const std::vector<std::pair<double, double>>& extents,
                                        bool write, int copy) const {
    constexpr double kNone = std::numeric_limits<double>::infinity();
    const int drives = std::max(1, g_.drives);
    const int group_drives = std::max(1, g_.group_drives);
    // Per drive and section (md far raid10: one per copy; else one), the lowest piece.
    const int sections = g_.placement == CopyPlacement::Far ? std::max(1, g_.copies) : 1;
    std::vector<double> at(static_cast<std::size_t>(drives * sections), kNone);
    std::vector<double> group_at(static_cast<std::size_t>(drives / group_drives + 1), kNone);
    // Each stripe-unit piece lives at (row * unit + offset in unit) on its drive (disk_offset
    // for md far / offset): every drive holds one unit per row in all the geometry.cpp
    // layouts. The drive comes from map_read of the piece alone; a drive's I/O starts at its
    // lowest piece (add_io merges contiguous rows).
    const int copies = write ? g_.copies : 1;  // a write places every mirror copy
    for (const auto& [offset, bytes] : extents) {
        double pos = offset;
        const double stop = offset + bytes;
        while (pos < stop) {
            const double unit_index = std::floor(pos / g_.unit);
            const double unit_start = unit_index * g_.unit;
            const double end = std::min(stop, unit_start + g_.unit);
            const double row = std::floor(unit_index / std::max(1, g_.data_units_per_row));
            for (int c = 0; c < copies; ++c) {
                // A read's copy: the one map_read picks (md far/offset: the first surviving).
                const ArrayRequest one = map_read(g_, pos, end - pos, copies > 1 ? c : copy);
                const int d = one.phases.front().ios.front().disk;
                const int placed = copies > 1 ? c : copy_of_read(unit_index, d);
                const double where = disk_offset(row, pos - unit_start, placed);
                const int section = sections > 1 ? placed : 0;
                double& a = at[static_cast<std::size_t>(section * drives + d)];
                a = std::min(a, where);
                double& ga = group_at[static_cast<std::size_t>(d / group_drives)];
                ga = std::min(ga, where);
            }
            pos = end;
        }
    }
    SimArrayRequest out;
    out.parity_bytes = req.parity_bytes;
    for (const IoPhase& phase : req.phases) {
        SimPhase sp;
        out.pieces += phase.pieces;
        for (const DiskIo& io : phase.ios) {
            // Parity units and reconstruct-write reads sit in the same row as the group's data.
            double where = at[static_cast<std::size_t>(io.section * drives + io.disk)];
            if (where == kNone) {
                where = group_at[static_cast<std::size_t>(io.disk / group_drives)];
            }
            if (where == kNone) {
                where = 0.0;
            }
            sp.ios.push_back({io.disk, where, io.bytes, io.write});
            ++out.ops;
            out.disk_bytes += io.bytes;
        }
        out.phases.push_back(std::move(sp));
    }
    return out;
}

}  // namespace raidadv::sim
