// SSD wear (sources in wear.h).

#include "advisor/wear.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>

#include "layout/geometry.h"

namespace raidadv::advisor {

double write_amplification(const Layout& layout, double write_bytes, double alignment_bytes) {
    if (!(write_bytes > 0.0)) {
        return 1.0;
    }
    // Remembered per thread: a pure function of these, asked for every candidate of a search.
    const std::array<double, 10> key{static_cast<double>(static_cast<int>(layout.level)),
                                     static_cast<double>(layout.drives),
                                     static_cast<double>(layout.disks_per_span),
                                     static_cast<double>(layout.mirror_copies),
                                     static_cast<double>(static_cast<int>(layout.placement)),
                                     layout.stripe_unit_bytes,
                                     static_cast<double>(layout.volumes),
                                     layout.rebuild_rate_fraction,
                                     write_bytes,
                                     alignment_bytes};
    thread_local std::map<std::array<double, 10>, double> memo;
    if (const auto it = memo.find(key); it != memo.end()) {
        return it->second;
    }
    Layout healthy = layout;
    healthy.failed_drives = 0;
    const Geometry g = make_geometry(healthy);
    const double row = g.unit * g.data_units_per_row;
    const double align = alignment_bytes > 0.0 ? alignment_bytes : 512.0;
    double written = 0.0;
    constexpr int kOffsets = 4;
    for (int i = 0; i < kOffsets; ++i) {
        const double offset = std::floor(row * i / kOffsets / align) * align;
        const ArrayRequest r = map_write(g, offset, write_bytes);
        for (const IoPhase& phase : r.phases) {
            for (const DiskIo& io : phase.ios) {
                written += io.write ? io.bytes : 0.0;
            }
        }
    }
    const double amplification = written / (kOffsets * write_bytes);
    memo.emplace(key, amplification);
    return amplification;
}

double user_write_Bps(const PointMetrics& point, const Workload& workload) {
    return point.iops * (1.0 - workload.read_fraction) * workload.size.mean_bytes();
}

Wear ssd_wear(const System& system, const Workload& workload, const PointMetrics& point,
              double busy_hours_per_day, double writes_per_day_bytes) {
    Wear w;
    const DriveSpec& d = system.drive;
    w.write_amplification =
        write_amplification(system.layout, workload.size.mean_bytes(), workload.alignment_bytes);
    const int drives = std::max(1, system.total_drives());
    w.user_write_Bps = user_write_Bps(point, workload);
    w.stated = writes_per_day_bytes > 0.0;
    // derived: a day's user bytes, stated or the point's rate for the busy hours.
    const double user_per_day =
        w.stated ? writes_per_day_bytes : w.user_write_Bps * busy_hours_per_day * 3600.0;
    w.drive_bytes_per_day = user_per_day * w.write_amplification / drives;
    w.applies = d.kind == DriveKind::Ssd && d.endurance_bytes > 0.0;
    if (w.applies) {
        w.years_to_wear_out = w.drive_bytes_per_day > 0.0
                                  ? d.endurance_bytes / (w.drive_bytes_per_day * 365.25)
                                  : std::numeric_limits<double>::infinity();
    }
    return w;
}

double wear_throughput_limit(const System& system, const Workload& workload,
                             double busy_hours_per_day, double horizon_years,
                             double writes_per_day_bytes) {
    const DriveSpec& d = system.drive;
    if (d.kind != DriveKind::Ssd || !(d.endurance_bytes > 0.0) || writes_per_day_bytes > 0.0) {
        return std::numeric_limits<double>::infinity();  // no wear limit (as below)
    }
    const double write_share = 1.0 - workload.read_fraction;
    const double amplification =
        write_amplification(system.layout, workload.size.mean_bytes(), workload.alignment_bytes);
    // derived: years < horizon <=> iops x write share x size x amplification x busy s / drives
    // x 365.25 > endurance / horizon.
    const double per_job = write_share * workload.size.mean_bytes() * amplification *
                           busy_hours_per_day * 3600.0 * 365.25 * horizon_years /
                           std::max(1, system.total_drives());
    if (d.kind != DriveKind::Ssd || !(d.endurance_bytes > 0.0) || !(per_job > 0.0)) {
        return std::numeric_limits<double>::infinity();
    }
    return d.endurance_bytes / per_job;
}

}  // namespace raidadv::advisor
