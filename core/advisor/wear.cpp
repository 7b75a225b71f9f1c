// SSD wear (sources in wear.h).

#include "advisor/wear.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>

#include "format/format.h"
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

namespace {

/// Whether the workload states a rate of its own: open load points, or users who pause between
/// requests (think time); else its closed points keep requests outstanding with no pause.
bool states_a_rate(const Workload& workload) {
    return !workload.arrival_rates_per_s.empty() || workload.think_time_s > 0.0;
}

}  // namespace

WearBasis wear_basis(const Workload& workload, const PointMetrics& point, const Constraints& c) {
    if (c.writes_per_day_bytes > 0.0) {
        return WearBasis::Stated;
    }
    if (point.arrival_rate_per_s > 0.0 || workload.think_time_s > 0.0) {
        return WearBasis::LoadRate;
    }
    return WearBasis::DataPerDay;
}

std::string unstated_writes_basis(const Workload& workload, const Constraints& c) {
    if (states_a_rate(workload)) {
        return "the heaviest load point's rate for " + format::number(c.busy_hours_per_day) +
               " busy hours a day";
    }
    if (c.capacity_needed_bytes() > 0.0) {
        return "the data (" + format::capacity(c.capacity_needed_bytes()) + ") written once a day";
    }
    return "the data filling the array written once a day";
}

Wear ssd_wear(const System& system, const Workload& workload, const PointMetrics& point,
              const Constraints& c) {
    Wear w;
    const DriveSpec& d = system.drive;
    w.write_amplification =
        write_amplification(system.layout, workload.size.mean_bytes(), workload.alignment_bytes);
    const int drives = std::max(1, system.total_drives());
    w.user_write_Bps = user_write_Bps(point, workload);
    w.basis = wear_basis(workload, point, c);
    switch (w.basis) {
        case WearBasis::Stated:
            w.user_bytes_per_day = c.writes_per_day_bytes;
            break;
        case WearBasis::LoadRate:  // derived: the point's rate for the busy hours
            w.user_bytes_per_day = w.user_write_Bps * c.busy_hours_per_day * 3600.0;
            break;
        case WearBasis::DataPerDay: {
            // The data once a day (wear.h); a load that only reads wears nothing.
            const double data =
                c.capacity_needed_bytes() > 0.0
                    ? c.capacity_needed_bytes()
                    : usable_bytes(system.layout, d.capacity_bytes) * c.max_fill_fraction;
            w.user_bytes_per_day = workload.read_fraction < 1.0 ? data : 0.0;
            break;
        }
    }
    w.drive_bytes_per_day = w.user_bytes_per_day * w.write_amplification / drives;
    w.applies = d.kind == DriveKind::Ssd && d.endurance_bytes > 0.0;
    if (w.applies) {
        w.years_to_wear_out = w.drive_bytes_per_day > 0.0
                                  ? d.endurance_bytes / (w.drive_bytes_per_day * 365.25)
                                  : std::numeric_limits<double>::infinity();
    }
    return w;
}

double wear_throughput_limit(const System& system, const Workload& workload, const Constraints& c) {
    const DriveSpec& d = system.drive;
    if (d.kind != DriveKind::Ssd || !(d.endurance_bytes > 0.0) || c.writes_per_day_bytes > 0.0 ||
        !states_a_rate(workload)) {
        return std::numeric_limits<double>::infinity();  // no wear limit (as below)
    }
    const double write_share = 1.0 - workload.read_fraction;
    const double amplification =
        write_amplification(system.layout, workload.size.mean_bytes(), workload.alignment_bytes);
    // derived: years < horizon <=> iops x write share x size x amplification x busy s / drives
    // x 365.25 > endurance / horizon.
    const double per_job = write_share * workload.size.mean_bytes() * amplification *
                           c.busy_hours_per_day * 3600.0 * 365.25 * c.horizon_years /
                           std::max(1, system.total_drives());
    if (!(per_job > 0.0)) {
        return std::numeric_limits<double>::infinity();
    }
    return d.endurance_bytes / per_job;
}

}  // namespace raidadv::advisor
