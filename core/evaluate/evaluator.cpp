#include "evaluate/evaluator.h"

#include <algorithm>
#include <cmath>

#include "evaluate/error_band.h"
#include "evaluate/network_builder.h"
#include "evaluate/write_rate_search.h"
#include "evaluate/zfs_prefetch.h"
#include "layout/geometry.h"
#include "queueing/percentile.h"
#include "system/md_bitmap.h"
#include "system/working_set.h"
#include "system/write_cache.h"

namespace raidadv {

namespace {

PointMetrics to_metrics(const queueing::Solution& sol, const BuiltNetwork& built) {
    PointMetrics m;
    m.saturated = sol.saturated;
    if (!sol.saturated) {
        m.iops = sol.throughput;
        m.mb_per_s = sol.throughput * built.bytes_per_job / 1e6;
        m.mean_response_s = sol.response_mean;
        m.p95_response_s = std::max(
            sol.response_mean, queueing::gamma_quantile(sol.response_mean, sol.response_var, 0.95));
    }
    double top = -1.0;
    for (std::size_t s = 0; s < built.network.stations.size(); ++s) {
        std::string key = built.network.stations[s].name;
        // An SSD's two stages are one component to the user: report the busier.
        if (key == kDriveBandwidth) {
            key = kDrives;
        }
        // Saturated points report the offered load (which may exceed 1) so the bottleneck shows.
        const double u = sol.saturated ? std::max(0.0, sol.utilization[s])
                                       : std::clamp(sol.utilization[s], 0.0, 1.0);
        auto [it, inserted] = m.utilization.try_emplace(key, u);
        if (!inserted) {
            it->second = std::max(it->second, u);
        }
        if (it->second > top) {
            top = it->second;
            m.bottleneck = key;
        }
    }
    return m;
}

/// Mechanisms that depend on the write rate, which the solve gives: the share of writes that
/// wait for Linux md's bitmap update (system/md_bitmap.h), the share a write-back controller's
/// cache absorbs as overwrites and the band its sorted destages lie in (system/write_cache.h).
/// derived: a fixed point per load point, started from the solve without them (a held cache's
/// from its least work, WriteLoad::least), solved to within 1% of the rate it was built for
/// (WriteRateSearch) in at most this many rounds (one more than the two plain rounds
/// before stop 50: on the md RAID 5 study at one outstanding write the plain rounds stopped
/// 13% above the fixed point; three rounds come within 1%, and the advisor's VM datastore search
/// takes 20 s of processor time against 17 s).
constexpr int kWriteRateRounds = 3;

double writes_per_volume(const System& system, const Workload& workload, double jobs_per_s) {
    return std::max(0.0, jobs_per_s) * (1.0 - workload.read_fraction) /
           std::max(1, system.layout.volumes);
}

/// The share of writes whose bit md finds clear at `jobs_per_s` (system/md_bitmap.h).
double clear_share_at(const System& system, const Workload& workload, double jobs_per_s) {
    return md_bitmap_clear_share(system, writes_per_volume(system, workload, jobs_per_s),
                                 workload.span_fraction, workload.sequential_fraction >= 0.5,
                                 workload.size.mean_bytes());
}

/// Whether the write rate at a load point of `jobs_per_s` can move the answer: the bitmap's
/// updates could move the response by 1%, the cache absorbs at least 0.5% of the random writes,
/// or it holds more destages than a drive's queue. derived: an update writes its page to every
/// member (md_bitmap_page_s); where the members keep writes in their own caches its
/// REQ_PREFLUSH first waits for every write they hold to be destaged (md_bitmap_visits.cpp),
/// and the writes arriving meanwhile wait for it too, which no page time bounds: then any
/// clear share can matter.
bool write_rate_matters(const System& system, const Workload& workload, bool bitmap,
                        double jobs_per_s, double response_s) {
    const double writes = writes_per_volume(system, workload, jobs_per_s);
    if (bitmap) {
        const double share = clear_share_at(system, workload, jobs_per_s);
        if (share > 0.0 && uses_drive_write_cache(system, workload)) {
            return true;
        }
        if ((1.0 - workload.read_fraction) * share *
                md_bitmap_page_s(system, workload.span_fraction) >=
            0.01 * response_s) {
            return true;
        }
    }
    const WriteBackHold hold =
        write_back_hold(system, workload, writes * std::max(1, system.layout.volumes));
    return hold.absorbed_share >= 0.005 || write_back_destage_band(system, workload, hold) < 1.0;
}

/// Whether the networks built at `a` and at `b` jobs a second are the same: no md bitmap and
/// no rewrites counted in the cache, and the sorted destages' band on one grid step
/// (write_back_destage_band). Then solving again at `b` gives the answer at `a`.
bool same_network_at(const System& system, const Workload& workload, bool bitmap, double a,
                     double b) {
    if (bitmap || write_back_overwrites(system, workload)) {
        return false;
    }
    const auto band_at = [&](double jobs_per_s) {
        const double writes =
            writes_per_volume(system, workload, jobs_per_s) * std::max(1, system.layout.volumes);
        return write_back_destage_band(system, workload, write_back_hold(system, workload, writes));
    };
    return band_at(a) == band_at(b);
}

/// The load point of `population` solved with its network built for `jobs_per_s`.
PointMetrics solve_at_rate(const System& system, const Workload& workload, int population,
                           double jobs_per_s, const EvaluateOptions& options) {
    const BuiltNetwork built = build_network(
        system, workload, WriteLoad{writes_per_volume(system, workload, jobs_per_s), population});
    const auto sols = queueing::solve_closed(built.network, {population}, workload.think_time_s,
                                             options.exact_limit);
    return to_metrics(sols.front(), built);
}

/// md's bitmap can hold a load point at either of two rates (or more): slow, where most writes
/// find their chunk's bit clear and wait for an update, or fast, where chunks are written again
/// before md clears their bits; the search from the rate without the bitmap finds the fast one
/// (`top`, solved). derived: md's daemon clears the bit of a chunk idle for a few of its
/// periods, so an array starts a load with its bits clear and its write rate rises from the
/// throughput with every write finding its bit clear, f(0), to the first rate x = f(x) above
/// it (the least fixed point: iterating x <- f(x) from below stops there while f grows with x;
/// Tarski 1955). Returns that point where one lies below `top`, else `top`: found by doubling
/// the rate from f(0) until f falls below it (then a fixed point lies between), and the bracket
/// narrowed to 1% (Illinois regula falsi, as solve_closed's).
PointMetrics least_bitmap_rate(const System& system, const Workload& workload, int population,
                               const EvaluateOptions& options, PointMetrics top) {
    constexpr double kTolerance = 0.01;   // as WriteRateSearch's
    constexpr double kShareMoves = 0.99;  // the clear share at `top`: below it f can vary
    if (top.saturated || !(top.iops > 0.0) ||
        clear_share_at(system, workload, top.iops) >= kShareMoves) {
        return top;
    }
    const auto solve = [&](double x) {
        return solve_at_rate(system, workload, population, x, options);
    };
    const PointMetrics cold = solve(1e-6 * top.iops);  // (every write finds its bit clear)
    if (cold.saturated || !(cold.iops > 0.0) || cold.iops >= (1.0 - kTolerance) * top.iops) {
        return top;
    }
    double lo = cold.iops;
    PointMetrics at_lo = solve(lo);
    double g_lo = at_lo.saturated ? -lo : at_lo.iops - lo;
    double hi = lo;
    PointMetrics at_hi = at_lo;
    double g_hi = g_lo;
    while (g_hi > kTolerance * hi) {
        lo = hi;
        g_lo = g_hi;
        at_lo = at_hi;
        hi = 2.0 * lo;
        if (hi >= (1.0 - kTolerance) * top.iops) {
            return top;  // (f above the rate up to `top`: no fixed point below it)
        }
        at_hi = solve(hi);
        g_hi = at_hi.saturated ? -hi : at_hi.iops - hi;
    }
    if (!(g_hi < -kTolerance * hi)) {
        return at_hi;  // (within 1% of the rate it was built for)
    }
    int side = 0;
    for (int i = 0; i < 8 && hi - lo > kTolerance * hi; ++i) {
        const double x = (lo * g_hi - hi * g_lo) / (g_hi - g_lo);
        PointMetrics at = solve(x);
        const double g = at.saturated ? -x : at.iops - x;
        if (std::abs(g) <= kTolerance * x) {
            return at;
        }
        if (g > 0.0) {
            lo = x;
            g_lo = g;
            at_lo = std::move(at);
            g_hi *= side == -1 ? 0.5 : 1.0;  // Illinois: halve the stale end
            side = -1;
        } else {
            hi = x;
            g_hi = g;
            at_hi = std::move(at);
            g_lo *= side == 1 ? 0.5 : 1.0;
            side = 1;
        }
    }
    // (the end whose answer lies nearer the rate it was built for)
    return at_lo.iops - lo < hi - at_hi.iops ? at_lo : at_hi;
}

/// Replaces the closed points of `ev` (solved at no write rate, or at the least work where
/// `from_least`: then every point is solved again) by the write rate's fixed point.
void solve_with_write_rate(const System& system, const Workload& workload, bool bitmap,
                           bool from_least, const std::vector<int>& populations,
                           const EvaluateOptions& options, Evaluation& ev) {
    for (std::size_t i = 0; i < ev.points.size() && i < populations.size(); ++i) {
        PointMetrics& m = ev.points[i];
        if (m.stopped || m.saturated) {
            continue;
        }
        const bool matters =
            from_least || write_rate_matters(system, workload, bitmap, m.iops, m.mean_response_s);
        WriteRateSearch search(m.iops);
        for (int round = 0; matters && round < kWriteRateRounds; ++round) {
            const double x = search.rate();
            PointMetrics next = solve_at_rate(system, workload, populations[i], x, options);
            next.concurrency = m.concurrency;
            m = std::move(next);
            if (m.saturated || same_network_at(system, workload, bitmap, x, m.iops) ||
                search.converged_after(m.iops)) {
                break;  // (within 1% of the rate it was built for, or its network: converged)
            }
        }
        if (matters && bitmap) {
            const int concurrency = m.concurrency;
            const double fast = m.saturated ? 0.0 : m.iops;
            m = least_bitmap_rate(system, workload, populations[i], options, std::move(m));
            m.concurrency = concurrency;
            m.md_bitmap_fast_iops = !m.saturated && fast > 1.05 * m.iops ? fast : 0.0;
        }
        // The caller watches the load points as they are solved: show it this one again at its
        // write rate, and stop where it has what it asked for.
        if (options.watch && !m.saturated) {
            queueing::Solution at;
            at.throughput = m.iops;
            at.response_mean = m.mean_response_s;
            if (!options.watch(populations[i], at)) {
                for (std::size_t j = i; j < ev.points.size(); ++j) {
                    ev.points[j] = PointMetrics{};
                    ev.points[j].stopped = true;
                    ev.points[j].concurrency = j < populations.size() ? populations[j] : 0;
                }
                ev.stopped = true;
                return;
            }
        }
    }
}

}  // namespace

Evaluation evaluate(const System& system, const Workload& asked, const EvaluateOptions& options) {
    // A working set given in bytes is a share of this system's volumes.
    const Workload workload = on_system(system, asked);
    Evaluation ev;
    ev.system = system.name;
    ev.workload = workload.name;
    ev.summary = summarize(system);
    const BuiltNetwork built = build_network(system, workload);
    // Linux md's write-intent bitmap (of a healthy array) and a write-back cache's hold (degraded
    // or not): writes are solved again at their rate (solve_with_write_rate).
    const bool healthy =
        system.layout.failed_drives == 0 && system.layout.rebuild_rate_fraction <= 0.0;
    const bool bitmap = md_bitmap_on(system) && workload.read_fraction < 1.0 && healthy;
    const bool held = write_back_overwrites(system, workload) || write_back_sorts(system, workload);
    const bool rate_dependent = bitmap || held;
    ev.disk_ios_per_job = built.disk_ios_per_job;
    ev.bytes_per_job = built.bytes_per_job;
    if (!workload.concurrency.empty()) {
        // ZFS prefetch keeps reads in flight at the drives beyond the application's own: the
        // network holds both; the application's requests are served in order from them.
        std::vector<int> populations = workload.concurrency;
        for (int& n : populations) {
            n += zfs_prefetch_depth(system, workload, n);
        }
        // The caller watches the application's load points: show it those levels only, with
        // the application's response (below).
        queueing::LevelWatch watch = options.watch;
        if (options.watch && populations != workload.concurrency) {
            watch = [&](int n, const queueing::Solution& at) {
                for (std::size_t i = 0; i < populations.size(); ++i) {
                    if (populations[i] == n) {
                        queueing::Solution own = at;
                        own.response_mean =
                            workload.concurrency[i] / std::max(1e-300, at.throughput);
                        return options.watch(workload.concurrency[i], own);
                    }
                }
                return true;
            };
        }
        // A write-back cache that holds writes is first solved at its least work (WriteLoad::
        // least: faster than the answer, which the write rate's fixed point then gives), so a
        // caller that stops watching stops on a view no slower than the answer.
        const BuiltNetwork least =
            held ? build_network(system, workload, WriteLoad{-1.0, 0, true}) : BuiltNetwork{};
        const BuiltNetwork& first = held ? least : built;
        const auto sols = queueing::solve_closed(first.network, populations, workload.think_time_s,
                                                 options.exact_limit, watch);
        for (std::size_t i = 0; i < sols.size(); ++i) {
            PointMetrics m;
            if (sols[i].stopped) {
                m.stopped = true;
                ev.stopped = true;
            } else {
                m = to_metrics(sols[i], first);
                if (populations[i] > workload.concurrency[i] && !m.saturated) {
                    // derived: Little's law on the application's own requests; the response
                    // distribution keeps its shape (coefficient of variation).
                    const double own = workload.concurrency[i] / std::max(1e-300, m.iops);
                    const double scale = own / std::max(1e-300, m.mean_response_s);
                    m.mean_response_s = own;
                    m.p95_response_s *= scale;
                }
            }
            m.concurrency = workload.concurrency[i];
            ev.points.push_back(std::move(m));
        }
        if (ev.stopped) {
            return ev;  // the caller has what it asked for
        }
        if (rate_dependent && populations == workload.concurrency) {
            solve_with_write_rate(system, workload, bitmap, held, populations, options, ev);
            if (ev.stopped) {
                return ev;  // the caller has what it asked for
            }
        }
    }
    for (double rate : workload.arrival_rates_per_s) {
        const BuiltNetwork open_built =
            rate_dependent ? build_network(system, workload,
                                           WriteLoad{writes_per_volume(system, workload, rate), 0})
                           : BuiltNetwork{};
        const BuiltNetwork& use = rate_dependent ? open_built : built;
        PointMetrics m = to_metrics(queueing::solve_open(use.network, rate), use);
        m.arrival_rate_per_s = rate;
        ev.points.push_back(std::move(m));
    }
    attach_bands(ev, system, workload);
    return ev;
}

}  // namespace raidadv
