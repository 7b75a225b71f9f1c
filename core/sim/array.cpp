// RAID mapping with drive offsets (sources in array.h).
#include "sim/array.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace raidadv::sim {

ArrayMap::ArrayMap(const Layout& layout, double drive_capacity_bytes) : g_(make_geometry(layout)) {
    row_bytes_ = g_.unit * std::max(1, g_.data_units_per_row);
    const double capacity = drive_capacity_bytes > 0.0 ? drive_capacity_bytes : 1e12;
    // Every drive holds one stripe unit of every row (geometry.cpp mappings).
    volume_bytes_ = std::floor(capacity / g_.unit) * row_bytes_;
}

int ArrayMap::read_copies() const {
    switch (g_.level) {
        case RaidLevel::Raid1:
        case RaidLevel::Raid10:
        case RaidLevel::Raid01:
            return g_.copies;
        default:
            return 1;
    }
}

SimArrayRequest ArrayMap::read(double offset, double bytes, int copy) const {
    return place(map_read(g_, offset, bytes, copy), offset, bytes, false, copy);
}

SimArrayRequest ArrayMap::write(double offset, double bytes) const {
    return place(map_write(g_, offset, bytes), offset, bytes, true, 0);
}

SimArrayRequest ArrayMap::place(const ArrayRequest& req, double offset, double bytes, bool write,
                                int copy) const {
    constexpr double kNone = std::numeric_limits<double>::infinity();
    const int drives = std::max(1, g_.drives);
    const int group_drives = std::max(1, g_.group_drives);
    std::vector<double> at(static_cast<std::size_t>(drives), kNone);
    std::vector<double> group_at(static_cast<std::size_t>(drives / group_drives + 1), kNone);
    // Each stripe-unit piece lives at (row * unit + offset in unit) on its drive: every drive
    // holds one unit per row in all the geometry.cpp layouts. The drive comes from map_read of
    // the piece alone; a drive's I/O starts at its lowest piece (add_io merges contiguous rows).
    const int copies = (write && read_copies() > 1) ? g_.copies : 1;
    double pos = offset;
    const double stop = offset + bytes;
    while (pos < stop) {
        const double unit_index = std::floor(pos / g_.unit);
        const double unit_start = unit_index * g_.unit;
        const double end = std::min(stop, unit_start + g_.unit);
        const double row = std::floor(unit_index / std::max(1, g_.data_units_per_row));
        const double disk_offset = row * g_.unit + (pos - unit_start);
        for (int c = 0; c < copies; ++c) {
            const ArrayRequest one = map_read(g_, pos, end - pos, copies > 1 ? c : copy);
            const int d = one.phases.front().ios.front().disk;
            double& a = at[static_cast<std::size_t>(d)];
            a = std::min(a, disk_offset);
            double& ga = group_at[static_cast<std::size_t>(d / group_drives)];
            ga = std::min(ga, disk_offset);
        }
        pos = end;
    }
    SimArrayRequest out;
    out.parity_bytes = req.parity_bytes;
    for (const IoPhase& phase : req.phases) {
        SimPhase sp;
        for (const DiskIo& io : phase.ios) {
            // Parity units and reconstruct-write reads sit in the same row as the group's data.
            double where = at[static_cast<std::size_t>(io.disk)];
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
