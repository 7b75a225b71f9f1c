// Mean value analysis of the generic network (network.h).
// Closed: Reiser & Lavenberg, "Mean-value analysis of closed multichain queuing networks",
// JACM 27(2), 1980 (exact recursion); Schweitzer 1979 / Bard 1979 (approximation for large N);
// Seidmann, Schweitzer & Shalev-Oren, Perf. Eval. 7(4), 1987 (multi-server transform).
// Open: Pollaczek-Khinchine mean waiting time for M/G/1.
// Fork-join: maximum of k sub-request times by Clark's normal approximation (order_statistics.h).

#include <algorithm>
#include <cmath>
#include <limits>

#include "queueing/network.h"
#include "queueing/order_statistics.h"

namespace raidadv::queueing {

namespace {

constexpr double kMaxOpenUtilization = 0.995;

/// Per-copy share of a visit: k of `copies` copies receive one sub-request each.
double share(const Visit& v, const Station& s) {
    return static_cast<double>(v.fork) / static_cast<double>(std::max(1, s.copies));
}

struct StepResult {
    double response = 0.0;
    double response_var = 0.0;
    std::vector<double> queue_per_throughput;  // Little: Q = X * this
    std::vector<double> busy_per_throughput;   // U = X * this (closed part, per server)
};

/// Adds one visit's contribution to a job's response mean and variance, given the waiting time
/// in the station's queue. `previous_foreground` is the foreground time of the last visit that was
/// not overlapped: a pipelined (overlapped) visit only adds what exceeds it.
void add_response(const Visit& visit, const ServiceParts& p, double wait, double servers,
                  double previous_foreground, double& mean, double& var) {
    if (visit.overlapped) {
        const double excess = std::max(0.0, p.foreground() - previous_foreground);
        mean += visit.count * (wait + excess);
        var += visit.count * wait * wait;
        return;
    }
    // derived: a sub-request waits behind q requests whose service times are independent across
    // the fork's siblings while q itself is common to them (the same jobs queue at every sibling
    // in a closed system). So the siblings differ by the random parts of q + 1 services, and the
    // fork-join maximum (order_statistics.h) applies to that spread only; the common waiting time
    // adds to the mean and, as an exponential-like term, to the variance.
    const double busy = std::max(p.busy(), 1e-12);
    const double ahead = wait * servers / busy;
    const double own_var = p.sibling_var >= 0.0 ? p.sibling_var : p.random.var;
    const MaxMoments mm =
        max_of_iid(visit.fork, p.random.mean + wait, own_var + p.random.var * ahead);
    const double extra = visit.fork > 1 ? visit.service.fixed_max_extra_s : 0.0;
    mean += visit.count * (p.fixed_s + extra + p.delay_s + mm.mean);
    var += visit.count * (mm.var + wait * wait);
}

/// Residence times for given queue lengths seen on arrival and open (detached) utilizations.
/// What an arrival finds at each station: requests present and the chance the server is busy.
struct Seen {
    std::vector<double> queue;
    std::vector<double> busy;  ///< utilization per server (probability the server is busy)
};

/// Service parts of every visit (variants in order, visits in order) at the queue lengths an
/// arrival sees: fixed within one population level, so computed once per level.
std::vector<ServiceParts> parts_seen(const Network& net, const std::vector<double>& seen) {
    std::vector<ServiceParts> parts;
    for (const auto& variant : net.variants) {
        for (const auto& visit : variant.visits) {
            parts.push_back(visit.service.parts_at(seen[visit.station] + 1.0));
        }
    }
    return parts;
}

StepResult residence(const Network& net, const Seen& seen_state,
                     const std::vector<double>& open_util, const std::vector<ServiceParts>& parts) {
    const std::vector<double>& seen = seen_state.queue;
    const std::size_t ns = net.stations.size();
    // Mean and mean residual of the busy time of the requests at each station (the mix of
    // every visit to it), for the request found in service.
    std::vector<double> weight(ns, 0.0), first(ns, 0.0), second(ns, 0.0);
    std::size_t index = 0;
    for (const auto& variant : net.variants) {
        for (const auto& visit : variant.visits) {
            const auto& st = net.stations[visit.station];
            const ServiceParts& p = parts[index++];
            const double w = share(visit, st) * variant.probability * visit.count;
            const double b = p.busy();
            weight[visit.station] += w;
            first[visit.station] += w * b;
            second[visit.station] += w * (b * b + p.random.var);
        }
    }
    StepResult r;
    r.queue_per_throughput.assign(ns, 0.0);
    r.busy_per_throughput.assign(ns, 0.0);
    double second_moment = 0.0;
    index = 0;
    for (const auto& variant : net.variants) {
        double rv = 0.0, vv = 0.0, previous_fg = 0.0;
        for (const auto& visit : variant.visits) {
            const ServiceParts& p = parts[index++];
            if (visit.detached) {
                continue;
            }
            const auto& st = net.stations[visit.station];
            const double q = seen[visit.station];
            const double c = std::max(1.0, st.servers);
            double wait = 0.0;
            double at_station = p.foreground();  // Little's law: requests present per job/s
            if (st.kind == StationKind::Queue) {
                const double slow =
                    1.0 / (1.0 - std::min(open_util[visit.station], kMaxOpenUtilization));
                // Seidmann: a c-server queue ~ a queue with service s/c plus a delay s(c-1)/c.
                // The requests waiting ahead each hold the station for a mean busy time, the one
                // in service (found with the server's busy probability) for its mean residual
                // E[B^2]/(2E[B]) (renewal theory; with exponential service this is plain MVA).
                const std::size_t k = static_cast<std::size_t>(visit.station);
                const double mean_b = weight[k] > 0.0 ? first[k] / weight[k] : p.busy();
                const double residual = first[k] > 0.0 ? second[k] / (2.0 * first[k]) : 0.0;
                const double u = std::clamp(seen_state.busy[k], 0.0, std::min(1.0, q));
                const double ahead = mean_b / c * (q - u) + u * residual / c;
                wait = (ahead + p.foreground() / c) * slow - p.foreground() / c;
                at_station = (ahead + p.foreground() / c) * slow;
            }
            add_response(visit, p, wait, c, previous_fg, rv, vv);
            if (visit.overlapped) {
                // A pipelined visit holds the job on its own only for its wait and its excess.
                at_station = wait + std::max(0.0, p.foreground() - previous_fg);
            } else {
                previous_fg = p.foreground();
            }
            const double sh = share(visit, st) * variant.probability * visit.count;
            r.queue_per_throughput[visit.station] += sh * at_station;
            r.busy_per_throughput[visit.station] += sh * p.busy() / c;
        }
        r.response += variant.probability * rv;
        second_moment += variant.probability * (vv + rv * rv);
    }
    r.response_var = std::max(0.0, second_moment - r.response * r.response);
    return r;
}

/// Utilization per station from detached (background) visits at throughput x.
std::vector<double> open_utilization(const Network& net, const std::vector<ServiceParts>& parts,
                                     double x) {
    std::vector<double> u(net.stations.size(), 0.0);
    std::size_t index = 0;
    for (const auto& variant : net.variants) {
        for (const auto& visit : variant.visits) {
            const ServiceParts& p = parts[index++];
            if (!visit.detached) {
                continue;
            }
            const auto& st = net.stations[visit.station];
            const double s = p.busy();
            u[visit.station] += x * variant.probability * visit.count * share(visit, st) * s /
                                std::max(1.0, st.servers);
        }
    }
    return u;
}

/// One population level: solves residence times with the detached load in a short fixed point,
/// then applies the asymptotic bound X <= 1 / max demand (Denning & Buzen 1978).
Solution solve_level(const Network& net, double n, double think, const Seen& seen_state,
                     double x_guess) {
    Solution sol;
    const bool has_detached = std::any_of(net.variants.begin(), net.variants.end(), [](auto& v) {
        return std::any_of(v.visits.begin(), v.visits.end(), [](auto& s) { return s.detached; });
    });
    const std::vector<ServiceParts> parts = parts_seen(net, seen_state.queue);
    auto respond = [&](double x) {
        return residence(net, seen_state, open_utilization(net, parts, x), parts);
    };
    StepResult r = respond(0.0);
    double x = n / (think + r.response);
    if (has_detached) {
        // Detached (background) load slows everyone as throughput grows: f(x) = n/(Z + R(x)) - x
        // is decreasing with f(0) > 0 >= f(x0), so its root is bracketed. Illinois variant of
        // regula falsi (Dowell & Jarratt 1971): superlinear, and it keeps the bracket, so it
        // always terminates; bounded iterations.
        auto f = [&](double at) {
            ++sol.iterations;
            return n / (think + respond(at).response) - at;
        };
        // The previous population's throughput is a good lower end: throughput does not fall
        // as the population grows. Fall back to 0 if it does not bracket the root.
        double lo = x_guess > 0.0 && x_guess < x ? x_guess : 0.0, hi = x;
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
        x = f_hi >= 0.0 ? hi : lo;
        r = respond(x);
    }
    const std::vector<double> u_open = open_utilization(net, parts, x);
    double max_u = 0.0;
    sol.utilization.resize(net.stations.size());
    for (std::size_t s = 0; s < net.stations.size(); ++s) {
        sol.utilization[s] = x * r.busy_per_throughput[s] + u_open[s];
        max_u = std::max(max_u, sol.utilization[s]);
    }
    if (max_u > 1.0) {
        x /= max_u;
        for (auto& u : sol.utilization) {
            u /= max_u;
        }
    }
    sol.throughput = x;
    sol.response_mean = std::max(r.response, n / x - think);
    sol.response_var = r.response_var;
    sol.queue_length.resize(net.stations.size());
    for (std::size_t s = 0; s < net.stations.size(); ++s) {
        sol.queue_length[s] = x * r.queue_per_throughput[s];
    }
    return sol;
}

Solution schweitzer(const Network& net, int n, double think) {
    const std::size_t ns = net.stations.size();
    std::vector<double> q(ns, 0.0), u(ns, 0.0);
    Seen seen{std::vector<double>(ns, 0.0), std::vector<double>(ns, 0.0)};
    Solution sol;
    double x = 0.0;
    int it = 0;
    for (; it < kMaxClosedIterations; ++it) {
        for (std::size_t s = 0; s < ns; ++s) {
            // Bard-Schweitzer: remove the arriving job's share of the queue (and of the busy time)
            seen.queue[s] = q[s] * (n - 1.0) / n;
            seen.busy[s] = u[s] * (n - 1.0) / n;
        }
        sol = solve_level(net, n, think, seen, x > 0.0 ? x : 1.0);
        u = sol.utilization;
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

}  // namespace

std::vector<Solution> solve_closed(const Network& net, const std::vector<int>& populations,
                                   double think_time, int exact_limit) {
    std::vector<Solution> out(populations.size());
    // The exact recursion runs up to the largest population within the limit, so that small
    // populations stay exact when a large one (solved by Bard-Schweitzer) is asked for too.
    int n_max = 0;
    for (int n : populations) {
        if (n <= exact_limit) {
            n_max = std::max(n_max, n);
        }
    }
    std::vector<int> done(populations.size(), 0);
    double x_exact = 0.0;  // throughput at n_max
    {
        Seen seen{std::vector<double>(net.stations.size(), 0.0),
                  std::vector<double>(net.stations.size(), 0.0)};
        double x = 0.0;
        for (int n = 1; n <= n_max; ++n) {
            // Arrival theorem: an arriving job sees the queues of the network with n - 1 jobs.
            Solution sol = solve_level(net, n, think_time, seen, x > 0.0 ? x : 1.0);
            seen.queue = sol.queue_length;
            seen.busy = sol.utilization;
            if (sol.throughput < x) {
                // A closed network's throughput never falls as its population grows (true of
                // the networks this approximates); guard against the approximations (residual
                // service at a bottleneck, write-back load as an open class) and keep Little's law.
                for (auto& u : sol.utilization) {
                    u = std::min(1.0, u * x / sol.throughput);
                }
                sol.throughput = x;
                sol.response_mean = n / x - think_time;
            }
            x = sol.throughput;
            for (std::size_t i = 0; i < populations.size(); ++i) {
                if (populations[i] == n) {
                    out[i] = sol;
                    out[i].iterations = n;
                    done[i] = 1;
                }
            }
        }
        x_exact = x;
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
        if (sol.throughput < x_floor) {
            for (auto& u : sol.utilization) {
                u = std::min(1.0, u * x_floor / sol.throughput);
            }
            sol.throughput = x_floor;
            sol.response_mean = populations[i] / x_floor - think_time;
        }
        x_floor = sol.throughput;
        out[i] = sol;
    }
    return out;
}

/// Offered utilization of every station at arrival rate lambda with the given queue lengths.
std::vector<double> offered_utilization(const Network& net, double lambda,
                                        const std::vector<double>& q) {
    std::vector<double> u(net.stations.size(), 0.0);
    for (const auto& variant : net.variants) {
        for (const auto& visit : variant.visits) {
            const auto& st = net.stations[visit.station];
            const ServiceParts p = visit.service.parts_at(q[visit.station] + 1.0);
            u[visit.station] += lambda * variant.probability * visit.count * share(visit, st) *
                                p.busy() / std::max(1.0, st.servers);
        }
    }
    return u;
}

Solution solve_open(const Network& net, double lambda) {
    const std::size_t ns = net.stations.size();
    Solution sol;
    sol.utilization.assign(ns, 0.0);
    sol.queue_length.assign(ns, 0.0);
    std::vector<double> q(ns, 0.0), wait(ns, 0.0);
    bool converged = false;
    for (int it = 0; it < kMaxOpenIterations && !converged; ++it) {
        sol.iterations = it + 1;
        converged = true;
        for (std::size_t s = 0; s < ns; ++s) {
            const auto& st = net.stations[s];
            const double c = std::max(1.0, st.servers);
            double rate = 0.0, m1 = 0.0, m2 = 0.0, fg = 0.0;
            for (const auto& variant : net.variants) {
                for (const auto& visit : variant.visits) {
                    if (visit.station != static_cast<int>(s)) {
                        continue;
                    }
                    const double lv = lambda * variant.probability * visit.count * share(visit, st);
                    const ServiceParts p = visit.service.parts_at(q[s] + 1.0);
                    rate += lv;
                    m1 += lv * p.busy();
                    m2 += lv * (p.busy() * p.busy() + p.random.var);
                    fg += visit.detached ? 0.0 : lv * p.foreground();
                }
            }
            const double work = m1 / c;
            sol.utilization[s] = work;
            if (rate == 0.0) {
                wait[s] = 0.0;
                q[s] = 0.0;
                continue;
            }
            if (st.kind == StationKind::Delay) {
                wait[s] = 0.0;
                q[s] = fg;
                continue;
            }
            double nq;
            if (work >= 1.0) {
                // Beyond capacity at this queue length; a reordering station may catch up with
                // a longer queue, so let the queue grow and try again.
                wait[s] = std::numeric_limits<double>::infinity();
                nq = 2.0 * q[s] + 1.0;
            } else {
                const double mean_s = m1 / rate;
                const double scv = std::max(0.0, (m2 / rate) / (mean_s * mean_s) - 1.0);
                // Pollaczek-Khinchine with Seidmann's s/c server: W = rho/(1-rho) (s/c)(1+cv^2)/2
                wait[s] = work / (1.0 - work) * (mean_s / c) * (1.0 + scv) / 2.0;
                nq = rate * wait[s] + fg;
            }
            if (std::abs(nq - q[s]) > 1e-9 * std::max(1.0, q[s])) {
                converged = false;
            }
            q[s] = 0.5 * q[s] + 0.5 * nq;
            if (q[s] > 1e7) {
                sol.saturated = true;
                sol.utilization = offered_utilization(net, lambda, q);
                return sol;
            }
        }
    }
    for (std::size_t s = 0; s < ns; ++s) {
        if (sol.utilization[s] >= 1.0 || !std::isfinite(wait[s])) {
            sol.saturated = true;
            sol.utilization = offered_utilization(net, lambda, q);
            return sol;
        }
    }
    double second_moment = 0.0;
    for (const auto& variant : net.variants) {
        double rv = 0.0, vv = 0.0, previous_fg = 0.0;
        for (const auto& visit : variant.visits) {
            if (visit.detached) {
                continue;
            }
            const ServiceParts p = visit.service.parts_at(q[visit.station] + 1.0);
            const double c = std::max(1.0, net.stations[visit.station].servers);
            add_response(visit, p, wait[visit.station], c, previous_fg, rv, vv);
            if (!visit.overlapped) {
                previous_fg = p.foreground();
            }
        }
        sol.response_mean += variant.probability * rv;
        second_moment += variant.probability * (vv + rv * rv);
    }
    sol.response_var = std::max(0.0, second_moment - sol.response_mean * sol.response_mean);
    sol.throughput = lambda;
    sol.queue_length = q;
    return sol;
}

}  // namespace raidadv::queueing
