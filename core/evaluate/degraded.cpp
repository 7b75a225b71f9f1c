// Degraded mode (sources in degraded.h).

#include "evaluate/degraded.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "components/hdd_model.h"
#include "components/ssd_model.h"
#include "evaluate/evaluator.h"
#include "layout/geometry.h"
#include "system/stations.h"
#include "units/units.h"

namespace raidadv {

namespace {

/// Busy time of one disk I/O, only to weigh drives against each other.
/// HDD: hdd_mean_access_time (components/hdd_model.h); SSD: the busier of its flash and
/// bandwidth stages (ssd_model.h).
double io_busy_estimate(const DriveSpec& drive, const Workload& wl, const DiskIo& io) {
    const double random_share = 1.0 - std::clamp(wl.sequential_fraction, 0.0, 1.0);
    if (drive.kind == DriveKind::Ssd) {
        const SsdDemand d = io.write ? ssd_write_demand(drive.ssd, io.bytes, random_share < 0.5,
                                                        false, wl.span_fraction)
                                     : ssd_read_demand(drive.ssd, io.bytes);
        return std::max(d.flash_s / std::max(1.0, ssd_parallelism(drive.ssd)), d.bandwidth_s);
    }
    return hdd_mean_access_time(drive.hdd, io.bytes, wl.span_fraction, random_share, io.write);
}

/// Work per job on each drive of one volume whose jobs are mapped with `g`.
std::vector<double> volume_work(const Geometry& g, const DriveSpec& drive, const Workload& wl) {
    std::vector<double> work(static_cast<std::size_t>(std::max(1, g.drives)), 0.0);
    const std::vector<double> offsets =
        mapping_period_samples(g, std::max(units::sector, wl.alignment_bytes), false);
    const double samples = static_cast<double>(offsets.size());
    const double read_fraction = std::clamp(wl.read_fraction, 0.0, 1.0);
    for (const auto& [bytes, weight] : wl.size.discretize(12)) {
        for (const double offset : offsets) {
            const double w = weight / samples;
            auto add = [&](const ArrayRequest& r, double share) {
                for (const auto& phase : r.phases) {
                    for (const auto& io : phase.ios) {
                        work[static_cast<std::size_t>(io.disk)] +=
                            share * io_busy_estimate(drive, wl, io);
                    }
                }
            };
            if (read_fraction > 0.0) {
                // Reads alternate over the copies (read_copy), as the network builder's
                // samples do.
                for (int c = 0; c < g.copies; ++c) {
                    add(map_read(g, offset, bytes, c), w * read_fraction / g.copies);
                }
            }
            if (read_fraction < 1.0) {
                add(map_write(g, offset, bytes), w * (1.0 - read_fraction));
            }
        }
    }
    return work;
}

void slow_down(queueing::ServiceParts& p, double factor) {
    p.fixed_s *= factor;
    p.random.mean *= factor;
    p.random.var *= factor * factor;
    p.hidden_s *= factor;
    if (p.sibling_var >= 0.0) {
        p.sibling_var *= factor * factor;
    }
}

/// Every drive visit of `net` (stations where `is_drive`) `factor` times as long.
template <typename IsDrive>
void slow_drive_visits(queueing::Network& net, const IsDrive& is_drive, double factor) {
    for (auto& variant : net.variants) {
        for (auto& visit : variant.visits) {
            if (!is_drive(visit.station)) {
                continue;
            }
            queueing::Service& s = visit.service;
            s.fixed_max_extra_s *= factor;
            slow_down(s.parts, factor);
            if (s.at) {
                auto inner = s.at;
                s.at = [inner, factor](const queueing::Arrival& found) {
                    queueing::ServiceParts p = inner(found);
                    slow_down(p, factor);
                    return p;
                };
            }
        }
    }
}

int station_index(const queueing::Network& net, const char* name) {
    for (std::size_t s = 0; s < net.stations.size(); ++s) {
        if (net.stations[s].name == name) {
            return static_cast<int>(s);
        }
    }
    return -1;
}

void require_degradable(const System& system) {
    const std::string problem = degraded_layout_problem(system.layout);
    if (!problem.empty()) {
        throw std::invalid_argument("system '" + system.name + "', layout: " + problem);
    }
}

}  // namespace

std::vector<double> drive_work_shares(const System& system, const Workload& workload) {
    const Geometry degraded = make_geometry(system.layout);
    Layout healthy_layout = system.layout;
    healthy_layout.failed_drives = 0;
    const Geometry healthy = make_geometry(healthy_layout);
    const std::vector<double> first = volume_work(degraded, system.drive, workload);
    const std::vector<double> others =
        degraded.volumes > 1 ? volume_work(healthy, system.drive, workload) : std::vector<double>{};
    // Jobs spread evenly over the volumes: each volume gets 1 / volumes of them.
    std::vector<double> shares = first;
    for (int v = 1; v < degraded.volumes; ++v) {
        shares.insert(shares.end(), others.begin(), others.end());
    }
    double total = 0.0;
    for (double s : shares) {
        total += s;
    }
    if (total > 0.0) {
        for (double& s : shares) {
            s /= total;
        }
    }
    return shares;
}

BalancedDrives balanced_drives(const std::vector<double>& shares, int min_copies) {
    const int n = static_cast<int>(shares.size());
    const double busiest = shares.empty() ? 0.0 : *std::max_element(shares.begin(), shares.end());
    if (busiest <= 0.0) {
        return {std::max(1, n), 1.0};
    }
    // derived: with total work W per job the busiest drive does W * busiest; equal copies each
    // doing that much number 1 / busiest: rounded up, each copy's visits slowed by busiest x
    // copies (>= 1), so that each carries exactly the busiest drive's work (its utilization and
    // saturation point), at a service time up to that factor long.
    const int copies = std::clamp(static_cast<int>(std::ceil(1.0 / busiest - 1e-6)),
                                  std::max(1, std::min(min_copies, n)), std::max(1, n));
    return {copies, std::max(1.0, busiest * copies)};
}

BuiltNetwork build_degraded_network(const System& system, const Workload& workload,
                                    const WriteLoad& write_load) {
    require_degradable(system);
    BuiltNetwork built = build_mapped_network(system, workload, write_load);
    const int drives_station = station_index(built.network, kDrives);
    const int bandwidth_station = station_index(built.network, kDriveBandwidth);
    auto is_drive = [&](int station) {
        return station == drives_station ||
               (bandwidth_station >= 0 && station == bandwidth_station);
    };
    const double share = system.layout.rebuild_rate_fraction;
    if (share > 0.0) {
        // Shadow server (Sevcik 1977): the rebuild holds `share` of each surviving drive's
        // time, so user requests see a drive 1 / (1 - share) slower.
        slow_drive_visits(built.network, is_drive, 1.0 / (1.0 - share));
    }
    const int volumes = make_geometry(system.layout).volumes;
    if (volumes > 1) {
        // Only the first volume is degraded: 1 / volumes of the jobs go to it.
        System healthy = system;
        healthy.layout.failed_drives = 0;
        healthy.layout.rebuild_rate_fraction = 0.0;
        BuiltNetwork rest = build_mapped_network(healthy, workload, write_load);
        const double v = static_cast<double>(volumes);
        for (auto& variant : built.network.variants) {
            variant.probability /= v;
        }
        for (auto& variant : rest.network.variants) {
            variant.probability *= (v - 1.0) / v;
            built.network.variants.push_back(std::move(variant));
        }
        built.disk_ios_per_job = built.disk_ios_per_job / v + rest.disk_ios_per_job * (v - 1.0) / v;
        built.keep_alive.insert(built.keep_alive.end(), rest.keep_alive.begin(),
                                rest.keep_alive.end());
    }
    // The solver spreads a station's load evenly over its copies; give the drive station as
    // many copies as make each carry the busiest drive's load.
    int widest_fork = 1;
    for (const auto& variant : built.network.variants) {
        for (const auto& visit : variant.visits) {
            if (is_drive(visit.station)) {
                widest_fork = std::max(widest_fork, visit.fork);
            }
        }
    }
    const BalancedDrives balance =
        balanced_drives(drive_work_shares(system, workload), widest_fork);
    for (int station : {drives_station, bandwidth_station}) {
        if (station >= 0) {
            // An SSD's flash stage has a copy per flash unit of each drive (device_copies).
            queueing::Station& st = built.network.stations[static_cast<std::size_t>(station)];
            st.copies = balance.copies * std::max(1, st.device_copies);
        }
    }
    if (balance.slow_down > 1.0 + 1e-9) {
        slow_drive_visits(built.network, is_drive, balance.slow_down);
    }
    return built;
}

Evaluation evaluate_degraded(const System& system, const Workload& workload,
                             const DegradedOptions& options) {
    System degraded = system;
    degraded.layout.failed_drives = options.failed_drives;
    degraded.layout.rebuild_rate_fraction = options.rebuild_rate_fraction;
    require_degradable(degraded);
    return evaluate(degraded, workload);
}

}  // namespace raidadv
