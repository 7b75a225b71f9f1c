// simulate(): every load point of a workload, converted to the analytic model's metrics.
#include "sim/simulator.h"

#include <algorithm>

#include "sim/engine.h"
#include "sim/rng.h"
#include "sim/statistics.h"
#include "system/stations.h"
#include "system/summary.h"
#include "system/working_set.h"

namespace raidadv::sim {

namespace {

/// Open point whose queue grows without bound: a station offered work at or beyond capacity,
/// the backlog overflowed, or the jobs present kept growing through the run.
bool overloaded(const PointResult& r, const BatchSummary& b, double rate) {
    if (r.overflow || !r.warmed_up || r.samples.empty()) {
        return true;
    }
    for (const auto& [key, u] : r.utilization) {
        // Offered utilization: measured busy fraction scaled by arrivals / completions. Drives
        // that also destage a write-back cache run busy while stable (their backlog sits in the
        // cache and feeds SATF), and so do drives that choose from their queue (a longer queue
        // serves faster): for them only the growth test below applies.
        if (key == kDrives && (r.background_drives || r.reordering_drives)) {
            continue;
        }
        if (b.iops > 0.0 && u * rate / b.iops >= 0.995) {
            return true;
        }
    }
    return b.last_quarter_in_system > 2.0 * b.first_quarter_in_system + 20.0 &&
           b.iops < 0.98 * rate;
}

SimPoint to_point(PointResult r, const SimOptions& options, int population, double rate,
                  double think_time_s) {
    SimPoint p;
    p.metrics.concurrency = population;
    p.metrics.arrival_rate_per_s = population > 0 ? 0.0 : rate;
    const BatchSummary b = summarize_batches(r.samples, r.t_begin, r.t_end, options.batches,
                                             options.confidence, r.in_flight_ages);
    p.jobs = static_cast<long long>(r.samples.size());
    p.os_requests = r.os_requests;
    p.writes_cached = r.writes_cached;
    p.writes_absorbed = r.writes_absorbed;
    p.md_bitmap = r.md_bitmap;
    p.disks = std::move(r.disks);
    p.events = r.events;
    p.measured_s = r.warmed_up ? r.t_end - r.t_begin : 0.0;
    p.truncated = r.truncated;
    const bool saturated = population <= 0 && overloaded(r, b, rate);
    // As the analytic model: busy fractions in 0..1; a saturated point reports the offered load
    // (measured busy fraction x arrivals / completions, may exceed 1) so the bottleneck shows.
    const double offered = (saturated && r.completion_rate > 0.0) ? rate / r.completion_rate : 1.0;
    double top = -1.0;
    for (const std::string& key : r.station_order) {
        const double u = saturated ? std::max(0.0, r.utilization[key] * offered)
                                   : std::clamp(r.utilization[key], 0.0, 1.0);
        p.metrics.utilization[key] = u;
        if (u > top) {
            top = u;
            p.metrics.bottleneck = key;
        }
    }
    if (saturated) {
        p.metrics.saturated = true;  // no throughput or response figures, as the analytic model
        return p;
    }
    p.metrics.iops = b.iops;
    p.metrics.mb_per_s = b.mb_per_s;
    p.metrics.mean_response_s = b.mean_response_s;
    p.metrics.p95_response_s = b.p95_response_s;
    p.iops_ci = b.iops_ci;
    p.mb_per_s_ci = b.mb_per_s_ci;
    p.mean_response_ci_s = b.mean_response_ci_s;
    if (population > 0 && b.iops > 0.0) {
        // Closed point: Little's law, R = N / X - Z (Lazowska et al. 1984, ch. 3), counts the
        // jobs still waiting at the end too; the completed jobs' mean leaves out those a
        // drive's shortest-positioning-first order keeps passing over (streams at fixed places).
        p.metrics.mean_response_s = std::max(0.0, population / b.iops - think_time_s);
        p.mean_response_ci_s = population * b.iops_ci / (b.iops * b.iops);
    }
    return p;
}

}  // namespace

SimEvaluation simulate(const System& system, const Workload& asked, const SimOptions& options) {
    // A working set given in bytes is a share of this system's volumes.
    const Workload workload = on_system(system, asked);
    SimEvaluation ev;
    ev.system = system.name;
    ev.workload = workload.name;
    ev.summary = summarize(system);
    std::uint64_t index = 0;
    for (int n : workload.concurrency) {
        PointResult r = run_point(system, workload, options, std::max(1, n), 0.0,
                                  mix_seed(options.seed, index++));
        ev.points.push_back(
            to_point(std::move(r), options, std::max(1, n), 0.0, workload.think_time_s));
    }
    for (double rate : workload.arrival_rates_per_s) {
        PointResult r =
            run_point(system, workload, options, 0, rate, mix_seed(options.seed, index++));
        ev.points.push_back(to_point(std::move(r), options, 0, rate, 0.0));
    }
    return ev;
}

}  // namespace raidadv::sim
