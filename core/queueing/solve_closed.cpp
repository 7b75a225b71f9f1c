// Closed networks (network.h, solve_closed): Reiser & Lavenberg, "Mean-value analysis of closed
// multichain queuing networks", JACM 27(2), 1980 (exact recursion over the population);
// Schweitzer 1979 / Bard 1979 (approximation for large populations); the asymptotic bound
// X <= 1 / max demand (Denning & Buzen 1978). The residence times of one level: closed_level.h.

#include <algorithm>
#include <cmath>
#include <limits>

#include "queueing/closed_level.h"
#include "queueing/network.h"

namespace raidadv::queueing {

namespace {

using detail::ClosedLevel;
using detail::Seen;
using detail::StepResult;

/// Whether any visit is detached (background load that grows with throughput).
bool has_detached_visits(const Network& net) {
    return std::any_of(net.variants.begin(), net.variants.end(), [](auto& v) {
        return std::any_of(v.visits.begin(), v.visits.end(), [](auto& s) { return s.detached; });
    });
}

/// Variance of the waiting time `extra_s` that the asymptotic bound adds to a level's response
/// with `n` jobs: they queue at the saturated station beyond what the level's residence times
/// hold. derived: where requests land on its copies at random (not stream arrivals, no choice of
/// the shorter queue), a fork over w of its C copies at once, the jobs ahead of a request vary
/// as one of M = C / w balanced stations' queues in a product-form network (Gordon & Newell
/// 1967: every placement of the K = n jobs equally likely; the job's own earlier work is still
/// at the saturated copies, hence n, not n - 1): variance K (M - 1) (K + M) / (M^2 (M + 1))
/// around K / M, whatever the service's spread (as found_count_var for random placement); a
/// saturated copy that serves random requests nearest-first (a disk choosing the nearest) adds
/// a geometric number of services, about the wait squared (random order of service at rho = 1,
/// Kingman 1962); a stream's next request is the nearest anyway.
/// The spread of the bound's wait where the busiest station is saturated by work that outlives
/// its jobs (an SSD's programs): the jobs that bring it wait for room in their devices' buffers,
/// first come first served; -1 where no such work is at `busiest`. derived: the devices are the
/// queues (placed at random: as bound_wait_var); only those jobs wait (reads go first): the
/// wait, extra / share for a share of the jobs and none for the rest, varies by extra^2 (1 -
/// share) / share; and a write finding its buffer full waits for the piece in progress to end,
/// its residual R (mean r = E[S^2] / (2 E[S]), renewal theory; E[R^2] = 4 r^2 / 3 for pieces of
/// one length): where the wait is shorter than r, that residual with the probability wait / r
/// and nothing otherwise; longer, a whole residual's spread (r^2 / 3) about it. Pieces that run
/// in step on every device a job writes (device_in_step) are found at the same point every
/// time by a closed loop: only the rest varies.
double buffered_wait_var(const Network& net, std::size_t busiest, double extra_s, double n) {
    const Station& station = net.stations[busiest];
    double pieces = 0.0, m1 = 0.0, m2 = 0.0, in_step = 0.0, share = 0.0;
    int widest = 1;
    for (const auto& variant : net.variants) {
        bool brings = false;
        for (const auto& visit : variant.visits) {
            if (static_cast<std::size_t>(visit.station) != busiest || !visit.detached ||
                !visit.outlives_job) {
                continue;
            }
            brings = true;
            const double w = variant.probability * visit.count * visit.fork;
            const ServiceParts& p = visit.service.parts;
            pieces += w;
            in_step += w * device_in_step(visit, station);
            m1 += w * p.busy();
            m2 += w * (p.busy() * p.busy() + p.random.var);
            widest = std::max(widest, visit.fork / std::max(1, visit.spread));
        }
        share += brings ? variant.probability : 0.0;
    }
    if (!(pieces > 0.0 && m1 > 0.0)) {
        return -1.0;
    }
    const int devices = std::max(1, station.copies / std::max(1, station.device_copies));
    const double m = std::max(1.0, static_cast<double>(devices) / widest);
    const double count_var = m > 1.0 ? n * (m - 1.0) * (n + m) / (m * m * (m + 1.0)) : 0.0;
    const double writing = std::clamp(share, 1e-6, 1.0);
    const double r = m2 / (2.0 * m1);
    const double varied = 1.0 - in_step / pieces;
    return count_var / ((n / m) * (n / m)) * extra_s * extra_s +
           extra_s * extra_s * (1.0 - writing) / writing +
           varied * (extra_s < r ? extra_s * 4.0 * r / 3.0 - extra_s * extra_s : r * r / 3.0);
}

double bound_wait_var(const Network& net, const std::vector<double>& utilization, double extra_s,
                      double n) {
    if (!(extra_s > 0.0) || n <= 0.0) {
        return 0.0;
    }
    std::size_t busiest = 0;
    for (std::size_t s = 1; s < utilization.size(); ++s) {
        busiest = utilization[s] > utilization[busiest] ? s : busiest;
    }
    if (busiest >= net.stations.size() || utilization[busiest] < 0.999) {
        return 0.0;
    }
    const double buffered = buffered_wait_var(net, busiest, extra_s, n);
    if (buffered >= 0.0) {
        return buffered;
    }
    const int copies = net.stations[busiest].copies;
    bool by_chance = false, nearest_first = false;
    int widest = 1;
    for (const auto& variant : net.variants) {
        for (const auto& visit : variant.visits) {
            if (static_cast<std::size_t>(visit.station) != busiest || visit.stream_arrivals) {
                continue;
            }
            if (visit.choice <= 1 && visit.fork < copies) {
                by_chance = true;
                widest = std::max(widest, visit.fork);
            }
            nearest_first = nearest_first || (visit.nearest_first && !visit.detached);
        }
    }
    const double m = std::max(1.0, static_cast<double>(copies) / widest);
    const double mean = n / m;
    const double count_var = by_chance ? n * (m - 1.0) * (n + m) / (m * m * (m + 1.0)) : 0.0;
    return (count_var / (mean * mean) + (nearest_first ? 1.0 : 0.0)) * extra_s * extra_s;
}

/// The throughput of a level with detached (background) load, which slows everyone as
/// throughput grows: the root of f(x) = n/(Z + R(x)) - x, which is decreasing with f(0) > 0 >=
/// f(x0), so its root is bracketed. Illinois variant of regula falsi (Dowell & Jarratt 1971):
/// superlinear, and it keeps the bracket, so it always terminates; bounded iterations.
/// `x_guess` (the previous population's throughput) is a good lower end: throughput does not
/// fall as the population grows; 0 if it does not bracket the root.
double throughput_with_background(ClosedLevel& level, double n, double think, double x0,
                                  double x_guess, int& iterations) {
    auto f = [&](double at) {
        ++iterations;
        return n / (think + level.respond(at, false).response) - at;
    };
    double lo = x_guess > 0.0 && x_guess < x0 ? x_guess : 0.0, hi = x0;
    double f_lo = f(lo);
    if (f_lo <= 0.0 && lo > 0.0) {
        lo = 0.0;
        f_lo = f(lo);
    }
    double f_hi = f(hi);
    int side = 0;
    for (int i = 0; i < 60 && hi - lo > 1e-9 * hi && f_lo > 0.0 && f_hi < 0.0; ++i) {
        const double mid = (lo * f_hi - hi * f_lo) / (f_hi - f_lo);
        const double f_mid = f(mid);
        if (f_mid > 0.0) {
            lo = mid;
            f_lo = f_mid;
            if (side == -1) {
                f_hi *= 0.5;  // Illinois: halve the stale end so it moves next time
            }
            side = -1;
        } else {
            hi = mid;
            f_hi = f_mid;
            if (side == 1) {
                f_lo *= 0.5;
            }
            side = 1;
        }
    }
    return f_hi >= 0.0 ? hi : lo;
}

/// One population level: solves residence times with the detached load in a short fixed point,
/// then applies the asymptotic bound X <= 1 / max demand (Denning & Buzen 1978).
/// Into `sol` (its vectors reused, every field set); `r` is scratch space for the level's
/// response.
void solve_level(const Network& net, ClosedLevel& level, double n, double think, const Seen& seen,
                 double x_guess, bool has_detached, Solution& sol, StepResult& r) {
    sol.saturated = false;
    sol.stopped = false;
    sol.iterations = 0;
    level.set(seen, n, think);
    level.respond(0.0, !has_detached, r);
    double x = n / (think + r.response);
    if (has_detached) {
        x = throughput_with_background(level, n, think, x, x_guess, sol.iterations);
        level.respond(x, true, r);
    }
    const std::size_t ns = net.stations.size();
    level.background_utilization(x);
    sol.low_priority_utilization.resize(ns);
    double max_u = 0.0;
    sol.utilization.resize(ns);
    for (std::size_t s = 0; s < ns; ++s) {
        // (work that outlives its job too: not ahead of a request either)
        sol.low_priority_utilization[s] =
            level.station(s).background_low_priority + level.station(s).open_busy;
        sol.utilization[s] = x * r.busy_per_throughput[s] + level.station(s).background;
        max_u = std::max(max_u, sol.utilization[s]);
    }
    if (max_u > 1.0) {
        x /= max_u;
        for (auto& u : sol.utilization) {
            u /= max_u;
        }
        for (auto& u : sol.low_priority_utilization) {
            u /= max_u;
        }
    }
    sol.throughput = x;
    sol.response_mean = std::max(r.response, n / x - think);
    sol.queue_length.resize(ns);
    for (std::size_t s = 0; s < ns; ++s) {
        sol.queue_length[s] = x * r.queue_per_throughput[s];
    }
    sol.response_var =
        r.response_var + bound_wait_var(net, sol.utilization, sol.response_mean - r.response, n);
}

/// Bard-Schweitzer's fixed point for population n (closed points above the exact limit).
Solution schweitzer(const Network& net, int n, double think) {
    const std::size_t ns = net.stations.size();
    std::vector<double> q(ns, 0.0), u(ns, 0.0), y(ns, 0.0);
    Seen seen(ns);
    Solution sol;
    double x = 0.0;
    int it = 0;
    const bool detached = has_detached_visits(net);
    ClosedLevel level(net);
    StepResult r;
    for (; it < kMaxClosedIterations; ++it) {
        for (std::size_t s = 0; s < ns; ++s) {
            // Bard-Schweitzer: remove the arriving job's share of the queue (and of the busy time)
            seen.queue[s] = q[s] * (n - 1.0) / n;
            seen.busy[s] = u[s] * (n - 1.0) / n;
            seen.low_priority[s] = y[s] * (n - 1.0) / n;
        }
        solve_level(net, level, n, think, seen, x > 0.0 ? x : 1.0, detached, sol, r);
        u = sol.utilization;
        y = sol.low_priority_utilization;
        x = sol.throughput;
        double change = 0.0;
        for (std::size_t s = 0; s < ns; ++s) {
            const double nq = 0.5 * q[s] + 0.5 * sol.queue_length[s];  // damped
            change = std::max(change, std::abs(nq - q[s]));
            q[s] = nq;
        }
        if (change < 1e-9 * std::max(1.0, static_cast<double>(n))) {
            break;
        }
    }
    sol.iterations = std::min(it + 1, kMaxClosedIterations);
    return sol;
}

/// Throughput does not fall as a closed network's population grows when its service demands
/// do not grow with the queues (Denning & Buzen 1978: X(n) is nondecreasing for fixed demands);
/// this guards against the approximations (residual service at a bottleneck, background load as
/// an open class) by raising `sol` to the previous population's throughput `x_before`, keeping
/// Little's law. It never raises it above this population's own capacity (1 / the busiest
/// station's demand at these queues): where demand grows with the queue (stream arrivals that
/// interleave at a station each pay a setup, as sequential streams on a drive pay positioning)
/// throughput does fall, as it does in the simulator (derived: the asymptotic bound of the
/// level's own demands).
void raise_to_floor(const Network& net, Solution& sol, double n, double think_time,
                    double x_before) {
    double busiest = 0.0;
    for (double u : sol.utilization) {
        busiest = std::max(busiest, u);
    }
    const double capacity =
        busiest > 0.0 ? sol.throughput / busiest : std::numeric_limits<double>::infinity();
    const double floor = std::min(x_before, capacity);
    if (sol.throughput >= floor || sol.throughput <= 0.0) {
        return;
    }
    for (auto& u : sol.utilization) {
        u = std::min(1.0, u * floor / sol.throughput);
    }
    for (auto& u : sol.low_priority_utilization) {
        u = std::min(1.0, u * floor / sol.throughput);
    }
    sol.throughput = floor;
    const double before = sol.response_mean;
    sol.response_mean = n / floor - think_time;
    sol.response_var += bound_wait_var(net, sol.utilization, sol.response_mean - before, n);
}

/// The exact recursion from 1 to `n_max` jobs; the solutions of the asked `populations` go to
/// `out` (marked in `done`). Returns the throughput at n_max (0 if n_max < 1).
double exact_recursion(const Network& net, const std::vector<int>& populations, double think_time,
                       int n_max, std::vector<Solution>& out, std::vector<char>& done,
                       const LevelWatch& watch, bool& stopped) {
    Seen seen(net.stations.size());
    double x = 0.0;
    const bool detached = has_detached_visits(net);
    ClosedLevel level(net);
    Solution sol;
    StepResult r;
    for (int n = 1; n <= n_max; ++n) {
        // Arrival theorem: an arriving job sees the queues of the network with n - 1 jobs.
        solve_level(net, level, n, think_time, seen, x > 0.0 ? x : 1.0, detached, sol, r);
        seen.queue = sol.queue_length;
        seen.busy = sol.utilization;
        seen.low_priority = sol.low_priority_utilization;
        raise_to_floor(net, sol, n, think_time, x);
        x = sol.throughput;
        for (std::size_t i = 0; i < populations.size(); ++i) {
            if (populations[i] == n) {
                out[i] = sol;
                out[i].iterations = n;
                done[i] = 1;
            }
        }
        if (watch && !watch(n, sol)) {
            stopped = true;
            break;
        }
    }
    return x;
}

}  // namespace

std::vector<Solution> solve_closed(const Network& net, const std::vector<int>& populations,
                                   double think_time, int exact_limit) {
    return solve_closed(net, populations, think_time, exact_limit, LevelWatch{});
}

std::vector<Solution> solve_closed(const Network& net, const std::vector<int>& populations,
                                   double think_time, int exact_limit, const LevelWatch& watch) {
    std::vector<Solution> out(populations.size());
    // The exact recursion runs up to the largest population within the limit, so that small
    // populations stay exact when a large one (solved by Bard-Schweitzer) is asked for too.
    int n_max = 0;
    for (int n : populations) {
        if (n <= exact_limit) {
            n_max = std::max(n_max, n);
        }
    }
    std::vector<char> done(populations.size(), 0);
    bool stopped = false;
    const double x_exact =
        exact_recursion(net, populations, think_time, n_max, out, done, watch, stopped);
    if (stopped) {
        for (std::size_t i = 0; i < populations.size(); ++i) {
            if (!done[i]) {
                out[i] = Solution{};
                out[i].stopped = true;
            }
        }
        return out;
    }
    // Larger populations, in increasing order, by the fixed point; the same guard as above keeps
    // throughput from falling as the population grows (and Little's law).
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < populations.size(); ++i) {
        if (!done[i] && populations[i] > 0) {
            order.push_back(i);
        }
    }
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return populations[a] < populations[b]; });
    double x_floor = x_exact;
    for (std::size_t i : order) {
        Solution sol = schweitzer(net, populations[i], think_time);
        raise_to_floor(net, sol, populations[i], think_time, x_floor);
        x_floor = sol.throughput;
        out[i] = sol;
    }
    return out;
}

}  // namespace raidadv::queueing
