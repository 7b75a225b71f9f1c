// Performance of one candidate at the user's load points, and its short name.

#include <algorithm>
#include <cmath>
#include <sstream>

#include "advisor/advisor.h"
#include "advisor/target_changes.h"
#include "evaluate/evaluator.h"
#include "system/raid_software.h"
#include "units/units.h"

namespace raidadv::advisor {

namespace {

std::string load_point_name(const PointMetrics& p) {
    std::ostringstream s;
    if (p.concurrency > 0) {
        s << p.concurrency << " outstanding";
    } else {
        s << p.arrival_rate_per_s << " per second";
    }
    return s.str();
}

std::string layout_name(const Layout& l) {
    std::ostringstream s;
    const std::string volumes = l.volumes > 1 ? std::to_string(l.volumes) + " x " : "";
    switch (l.level) {
        case RaidLevel::Simple:
            s << (l.drives == 1 ? "single drive"
                                : std::to_string(l.drives) + " independent drives");
            return s.str();
        case RaidLevel::Raid1:
            s << volumes
              << (l.drives == 2 ? "RAID 1 pair" : std::to_string(l.drives) + "-way RAID 1")
              << (l.volumes > 1 ? "s" : "");
            return s.str();
        case RaidLevel::Raid0:
            s << volumes << "RAID 0";
            break;
        case RaidLevel::Raid10:
            s << volumes << "RAID 10";
            break;
        case RaidLevel::Raid01:
            s << volumes << "RAID 0+1";
            break;
        case RaidLevel::Raid5:
            s << volumes << "RAID 5";
            break;
        case RaidLevel::Raid6:
            s << volumes << "RAID 6";
            break;
        case RaidLevel::Raid50:
            s << volumes << "RAID 50";
            break;
        case RaidLevel::Raid60:
            s << volumes << "RAID 60";
            break;
        default: {  // ZFS: "2 x RAID-Z2 vdevs of 6, 128 KiB records"
            const int vdevs = std::max(1, l.vdevs);
            s << volumes << vdevs << " x "
              << (l.level == RaidLevel::ZfsMirror ? "mirror" : level_display_name(l.level))
              << " vdev" << (vdevs == 1 ? "" : "s") << " of " << l.drives / vdevs << ", "
              << l.record_bytes / units::KiB << " KiB records";
            return s.str();
        }
    }
    s << " of " << l.drives;
    if (l.level == RaidLevel::Raid10 && l.placement != CopyPlacement::Near) {
        s << " (md " << to_string(l.placement) << " layout)";
    } else if (l.level == RaidLevel::Raid10 && l.drives % l.mirror_copies != 0) {
        s << " (md near layout)";
    }
    if (l.disks_per_span > 0) {
        s << ", " << l.disks_per_span << " disks per span";
    }
    s << ", " << l.stripe_unit_bytes / units::KiB << " KiB stripe";
    return s.str();
}

}  // namespace

std::string array_builder_name(const System& system) {
    // On an appliance NAS its storage manager builds the array on the unit's own ports.
    const std::string appliance = appliance_array_name(system.host, system.controller);
    return appliance.empty() ? system.controller.info.name : appliance;
}

std::string describe(const System& system) {
    std::ostringstream s;
    s << system.total_drives() << " x " << system.drive.info.name << ", "
      << layout_name(system.layout) << ", " << array_builder_name(system);
    return s.str();
}

PerformanceOutcome measure(const System& system, const Workload& workload,
                           const queueing::LevelWatch& watch) {
    PerformanceOutcome out;
    Evaluation ev;
    try {
        EvaluateOptions options;
        options.watch = watch;
        ev = evaluate(system, workload, options);
    } catch (const std::exception& e) {
        out.problem = std::string("the model could not evaluate it: ") + e.what();
        return out;
    }
    if (ev.stopped) {
        out.stopped = true;
        out.problem = "stopped";
        out.performance.points = std::move(ev.points);
        return out;
    }
    if (ev.points.empty()) {
        out.problem = "the workload has no load point";
        return out;
    }
    double log_sum = 0.0;
    for (const PointMetrics& p : ev.points) {
        if (p.saturated) {
            out.problem = "saturated at " + load_point_name(p) + " (" + p.bottleneck + ")";
            return out;
        }
        if (!(std::isfinite(p.mean_response_s) && p.mean_response_s > 0.0)) {
            out.problem = "no finite response time at " + load_point_name(p);
            return out;
        }
        log_sum += std::log(p.mean_response_s);
    }
    Performance& perf = out.performance;
    perf.points = ev.points;
    // derived: geometric mean, so a factor of 2 at any point counts the same.
    perf.mean_response_s = std::exp(log_sum / static_cast<double>(ev.points.size()));
    const PointMetrics& heaviest = ev.points.back();
    perf.throughput = heaviest.iops;
    perf.mb_per_s = heaviest.mb_per_s;
    perf.bottleneck = heaviest.bottleneck;
    const auto it = heaviest.utilization.find(heaviest.bottleneck);
    perf.bottleneck_utilization = it == heaviest.utilization.end() ? 0.0 : it->second;
    perf.disk_ios_per_job = ev.disk_ios_per_job;
    out.feasible = true;
    return out;
}

}  // namespace raidadv::advisor
