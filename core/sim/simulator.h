#pragma once
// Request-level discrete-event simulator of the systems `evaluate` models: the same hardware
// (HddSpec, SsdSpec, links, controller, host) and the same RAID mapping (layout/geometry.h), with
// every request, disk head, platter angle, queue and cache tracked in simulated time. Used to
// cross-check the analytic queueing model: differences measure its approximations.
// Method: event scheduling with batch means (Law, "Simulation Modeling and Analysis", 5th ed.,
// 2015, ch. 9.5.3).

#include <cstdint>
#include <string>
#include <vector>

#include "system/metrics.h"
#include "system/system.h"
#include "workload/workload.h"

namespace raidadv::sim {

struct SimOptions {
    std::uint64_t seed = 1;
    double warmup_s = 1.0;   ///< warm-up ends after this simulated time or `warmup_jobs` jobs
    int warmup_jobs = 2000;  ///< ... whichever comes first (never before 2 x population; with a
                             ///< write-back cache, not before it fills or destage keeps up)
    int batches = 20;        ///< batch means for the confidence intervals
    int min_jobs_per_batch = 500;
    double max_sim_seconds = 3600.0;        ///< bound on simulated time per load point
    std::uint64_t max_events = 50'000'000;  ///< bound on events per load point
    double confidence = 0.95;
};

/// Drive I/Os seen by one drive after the warm-up (drive index = volume * drives + disk).
struct DiskCounters {
    long long reads = 0;
    long long writes = 0;
    long long cache_hits = 0;      ///< reads served from the read-ahead cache (HDD)
    double read_service_s = 0.0;   ///< summed service times of the reads (HDD)
    double write_service_s = 0.0;  ///< summed service times of the writes (HDD)
};

/// Linux md's write-intent bitmap in one point's run (after the warm-up; sim/md_bitmap_gate.h).
struct MdBitmapCounts {
    long long writes = 0;   ///< writes that passed the gate or waited at it
    long long clear = 0;    ///< ... of them finding their chunk's bit clear
    long long updates = 0;  ///< bitmap updates completed
    double update_s = 0.0;  ///< their summed durations (start to the last member's page)

    double clear_share() const { return share(clear, writes); }
    double updates_per_write() const { return share(updates, writes); }
    /// Mean seconds an update took; 0 if none completed.
    double mean_update_s() const {
        return updates > 0 ? update_s / static_cast<double>(updates) : 0.0;
    }

  private:
    static double share(long long part, long long of) {
        return of > 0 ? static_cast<double>(part) / static_cast<double>(of) : 0.0;
    }
};

/// One load point. `metrics` is filled as the analytic model fills it (iops = jobs/s, mb_per_s in
/// 10^6 B/s, mean and empirical p95 response, utilization per component, bottleneck); a saturated
/// open point has no throughput or response figures and reports the offered load (may exceed 1).
struct SimPoint {
    PointMetrics metrics;
    double iops_ci = 0, mb_per_s_ci = 0, mean_response_ci_s = 0;  ///< CI half-widths
    long long jobs = 0;         ///< jobs measured (after the warm-up)
    long long os_requests = 0;  ///< OS requests completed after the warm-up
    std::vector<DiskCounters> disks;
    std::uint64_t events = 0;       ///< events processed, warm-up included
    double measured_s = 0;          ///< simulated seconds measured (after the warm-up)
    bool truncated = false;         ///< stopped by max_sim_seconds or max_events
    long long writes_cached = 0;    ///< write-back writes the cache took (after the warm-up)
    long long writes_absorbed = 0;  ///< ... of them replacing a block still dirty there
    MdBitmapCounts md_bitmap;       ///< md's bitmap gate (zero without one)
};

struct SimEvaluation {
    std::string system, workload;
    SystemSummary summary;
    std::vector<SimPoint> points;  ///< every concurrency, then every arrival rate
};

/// Simulates every load point of `workload` on `system`. Deterministic for a given seed.
SimEvaluation simulate(const System& system, const Workload& workload,
                       const SimOptions& options = {});

}  // namespace raidadv::sim
