// Open networks (network.h, solve_open): Poisson arrivals, each queue solved on its own at the
// queue length its wait implies. Pollaczek-Khinchine mean waiting time for M/G/1 (Sakasegawa
// 1977 for c servers); Takacs' M/G/1 waiting-time variance; a queue whose service depends on
// what waits (nearest-first), its embedded Markov chain (state_dependent.h).

#include <algorithm>
#include <cmath>
#include <limits>

#include "queueing/network.h"
#include "queueing/state_dependent.h"
#include "queueing/visit_terms.h"

namespace raidadv::queueing {

namespace {

using detail::BusyMix;
using detail::Prepared;
using detail::Terms;

/// Offered utilization of every station at arrival rate lambda with the given queue lengths.
std::vector<double> offered_utilization(const Network& net, double lambda,
                                        const std::vector<double>& q) {
    std::vector<double> u(net.stations.size(), 0.0);
    for (const auto& variant : net.variants) {
        for (const auto& visit : variant.visits) {
            const auto& st = net.stations[visit.station];
            const ServiceParts p = visit.service.parts_at({q[visit.station] + 1.0, 1.0});
            u[visit.station] += lambda * variant.probability * visit.count * share(visit, st) *
                                p.busy() / std::max(1.0, st.servers);
        }
    }
    return u;
}

/// One queue of an open network at an assumed mean queue length: offered work per server, the
/// Pollaczek-Khinchine wait and the queue length that wait implies.
struct OpenStation {
    double rate = 0.0, work = 0.0, wait = 0.0, implied_queue = 0.0;
    double chosen = 0.0;  ///< share of the work brought by sub-requests that choose a copy
};

/// The wait of a sub-request that joins the shortest of k copies' queues, each of c servers at
/// utilization rho, as a share of the wait at one copy. derived: if every request at the copies
/// could choose, the k copies would act as one queue of k c servers (Sakasegawa's M/G/c wait, as
/// open_station_at takes it: rho^(sqrt(2(kc+1)) - sqrt(2(c+1))) / k of the wait; k = 2 single
/// servers at 85%: 0.46, the exact M/M/2 against M/M/1 0.46); work that goes to every copy
/// (mirror writes) makes their queues alike and leaves nothing to choose; in between, the share
/// of chosen work weights the two.
double joined_wait_share(int choice, double servers, double rho) {
    const double k = static_cast<double>(std::max(1, choice));
    const double c = std::max(1.0, servers);
    return std::pow(std::clamp(rho, 0.0, 1.0),
                    std::sqrt(2.0 * (k * c + 1.0)) - std::sqrt(2.0 * (c + 1.0))) /
           k;
}

double chosen_wait_share(const Visit& visit, double chosen, double servers, double rho) {
    return 1.0 - chosen + chosen * joined_wait_share(visit.choice, servers, rho);
}

/// The upstream station of pipelined station `s` when every request reaching s comes straight
/// from it, its copies map one to one onto s's and it is a single-server queue too (-1
/// otherwise); `slowest` gets s's longest service.
int single_upstream(const Network& net, std::size_t s, double& slowest) {
    const Station& st = net.stations[s];
    int upstream = -1;
    for (const auto& variant : net.variants) {
        for (std::size_t i = 0; i < variant.visits.size(); ++i) {
            const Visit& v = variant.visits[i];
            if (v.station != static_cast<int>(s)) {
                continue;
            }
            if (!v.fed_by_previous || !v.overlapped || v.detached || v.service.at || i == 0) {
                return -1;
            }
            const Visit& u = variant.visits[i - 1];
            const Station& ust = net.stations[static_cast<std::size_t>(u.station)];
            if ((upstream >= 0 && u.station != upstream) || u.detached || u.fork != v.fork ||
                u.count != v.count || ust.copies != st.copies || ust.servers != 1.0 ||
                ust.kind != StationKind::Queue) {
                return -1;
            }
            upstream = u.station;
            slowest = std::max(slowest, v.service.parts.busy() + v.service.fixed_max_extra_s);
        }
    }
    return upstream;
}

/// Whether every request reaching pipelined station `s` comes straight from one upstream
/// station whose copies map one to one onto s's and whose shortest service is at least s's
/// longest: then s never waits. derived: a single server's departures are at least its
/// shortest service apart, so a downstream server that is quicker than that is always free when
/// the next one arrives (a drive's transfer on its own link: a SATA SSD's 64 KiB at 560 MB/s
/// on a 600 MB/s lane).
bool paced_by_upstream(const Network& net, std::size_t s) {
    const Station& st = net.stations[s];
    if (st.kind != StationKind::Queue || st.servers != 1.0) {
        return false;
    }
    double slowest = 0.0, quickest_upstream = std::numeric_limits<double>::infinity();
    const int upstream = single_upstream(net, s, slowest);
    if (upstream < 0) {
        return false;
    }
    for (const auto& variant : net.variants) {
        for (const auto& u : variant.visits) {
            if (u.station == upstream) {
                // A fork's pieces of unequal size: its smallest is not known, so none is paced.
                const double quickest = u.fork > 1 && u.service.fixed_max_extra_s > 0.0
                                            ? 0.0
                                            : u.service.parts_at({1.0, 0.0}).fixed_s;
                quickest_upstream = std::min(quickest_upstream, quickest);
            }
        }
    }
    return quickest_upstream >= slowest;
}

/// The work offered to station `s` at lambda with `q` requests found: arrivals per second,
/// the busy times' first and second moments, the chosen work and the foreground work.
struct OfferedWork {
    double rate = 0.0, m1 = 0.0, m2 = 0.0, fg = 0.0, chosen_m1 = 0.0;
    /// Work that outlives its job (Visit::outlives_job): arrivals per second and busy time.
    double later_rate = 0.0, later_m1 = 0.0;
};

OfferedWork offered_work(const Network& net, double lambda, std::size_t s, double q) {
    const auto& st = net.stations[s];
    const double c = std::max(1.0, st.servers);
    // An arrival finds the server busy with the station's utilization (PASTA); that depends on
    // the service, so the work is taken once without it and then with it.
    double busy = 0.0;
    OfferedWork w;
    for (int pass = 0; pass < 2; ++pass) {
        w = OfferedWork{};
        for (const auto& variant : net.variants) {
            for (const auto& visit : variant.visits) {
                if (visit.station != static_cast<int>(s)) {
                    continue;
                }
                const double lv = lambda * variant.probability * visit.count * share(visit, st);
                const ServiceParts p = visit.service.parts_at({q + 1.0, busy});
                w.rate += lv;
                w.chosen_m1 += visit.choice > 1 ? lv * p.busy() : 0.0;
                w.m1 += lv * p.busy();
                w.m2 += lv * (p.busy() * p.busy() + p.random.var);
                w.fg += visit.detached ? 0.0 : lv * p.foreground();
                if (visit.detached && visit.outlives_job) {
                    w.later_rate += lv;
                    w.later_m1 += lv * p.busy();
                }
            }
        }
        busy = std::min(1.0, w.m1 / c);
    }
    return w;
}

/// `chain_wait` >= 0: the station's wait from open_reordering_wait (state_dependent.h), used
/// instead of Pollaczek-Khinchine's.
OpenStation open_station_at(const Network& net, double lambda, std::size_t s, double q,
                            double chain_wait = -1.0, bool paced = false) {
    const auto& st = net.stations[s];
    const double c = std::max(1.0, st.servers);
    OpenStation out;
    const OfferedWork w = offered_work(net, lambda, s, q);
    out.rate = w.rate;
    out.work = w.m1 / c;
    if (out.rate == 0.0) {
        return out;
    }
    if (st.kind == StationKind::Delay) {
        out.implied_queue = w.fg;
        return out;
    }
    if (out.work >= 1.0) {
        out.wait = std::numeric_limits<double>::infinity();
        out.implied_queue = std::numeric_limits<double>::infinity();
        return out;
    }
    const double mean_s = w.m1 / out.rate;
    const double scv = std::max(0.0, (w.m2 / out.rate) / (mean_s * mean_s) - 1.0);
    // Pollaczek-Khinchine, for c servers Sakasegawa's M/G/c form (Annals of the Institute of
    // Statistical Mathematics 29, 1977; Hopp & Spearman, Factory Physics, the G/G/m queue):
    // W = rho^(sqrt(2(c+1)) - 1) / (c (1-rho)) s (1+cv^2)/2, exact for one server and for any
    // (fractional) c; a nearest-first queue: its embedded chain's wait (open_reordering_wait).
    const double many = std::pow(out.work, std::sqrt(2.0 * (c + 1.0)) - 2.0);
    // Work that outlives its job waits behind the requests (a lower, non-preemptive class):
    // a request waits for the work of its own class and the piece in progress, Cobham (1954):
    // W = lambda E[S^2] / (2 (1 - rho of the requests)) for one server.
    const double free_of_requests = 1.0 - (w.m1 - w.later_m1) / c;
    out.wait = chain_wait >= 0.0 ? chain_wait
               : paced           ? 0.0
                       : many * out.work / free_of_requests * (mean_s / c) * (1.0 + scv) / 2.0;
    out.chosen = w.m1 > 0.0 ? w.chosen_m1 / w.m1 : 0.0;
    // Arrivals per second times the share of the wait each sees: the sum over visits of
    // rate x chosen_wait_share = rate (1 - chosen) + (rate x joined_wait_share) chosen.
    double rate_by_choice = 0.0;  // arrivals per second, each times its joined_wait_share
    for (const auto& variant : net.variants) {
        for (const auto& visit : variant.visits) {
            if (visit.station == static_cast<int>(s)) {
                rate_by_choice += lambda * variant.probability * visit.count * share(visit, st) *
                                  joined_wait_share(visit.choice, c, out.work);
            }
        }
    }
    // (the requests wait; the work that outlives its job is not one of them)
    const double waiting =
        (out.rate - w.later_rate) * (1.0 - out.chosen) + rate_by_choice * out.chosen;
    out.implied_queue = waiting * out.wait + w.fg;
    return out;
}

/// Each queue's solved state.
struct OpenQueues {
    std::vector<double> q, wait, chosen, utilization;
    std::vector<char> chained;  ///< the wait is the embedded chain's (state_dependent.h)
    int evaluations = 0;        ///< the most any one queue took
    bool saturated = false;
};

/// Mean queue length of station s: the first q, growing from an empty queue, at which the wait
/// the service at q implies no longer makes the queue longer (derived: the queue grows while
/// the implied queue exceeds it). A nearest-first station serves faster with a longer queue, so
/// its implied queue can cross q more than once; a fixed-point iteration oscillated between
/// them and gave a response time that fell as the load rose. False if it exceeds kMaxQueue.
bool solve_queue(const Network& net, double lambda, std::size_t s, OpenQueues& out) {
    constexpr double kMaxQueue = 1e7;
    int evaluations = 0;
    const double chain_wait = open_reordering_wait(net, lambda, s);
    out.chained[s] = chain_wait >= 0.0;
    const bool paced = paced_by_upstream(net, s);
    auto excess = [&](double at) {
        ++evaluations;
        return open_station_at(net, lambda, s, at, chain_wait, paced).implied_queue - at;
    };
    double lo = 0.0, hi = 0.0;
    if (excess(0.0) > 0.0) {
        // Geometric scan (steps of 25%) for the first queue length the wait does not exceed,
        // then bisection between it and the last one it does.
        hi = 1e-3;
        while (hi <= kMaxQueue && excess(hi) > 0.0) {
            lo = hi;
            hi *= 1.25;
        }
        if (hi > kMaxQueue) {
            out.evaluations = std::max(out.evaluations, evaluations);
            out.q[s] = kMaxQueue;
            return false;
        }
        for (int i = 0; i < 100 && hi - lo > 1e-10 * std::max(1.0, hi); ++i) {
            const double mid = 0.5 * (lo + hi);
            (excess(mid) > 0.0 ? lo : hi) = mid;
        }
    }
    const OpenStation at = open_station_at(net, lambda, s, hi, chain_wait, paced);
    out.q[s] = at.rate == 0.0 ? 0.0 : at.implied_queue;
    out.wait[s] = at.wait;
    out.chosen[s] = at.chosen;
    out.utilization[s] = at.work;
    out.evaluations = std::max(out.evaluations, evaluations);
    return true;
}

/// Each queue solved alone: its service depends only on its own queue length.
OpenQueues solve_queues(const Network& net, double lambda) {
    const std::size_t ns = net.stations.size();
    OpenQueues out;
    out.q.assign(ns, 0.0);
    out.wait.assign(ns, 0.0);
    out.chosen.assign(ns, 0.0);
    out.utilization.assign(ns, 0.0);
    out.chained.assign(ns, 0);
    for (std::size_t s = 0; s < ns; ++s) {
        if (!solve_queue(net, lambda, s, out)) {
            out.saturated = true;
            return out;
        }
    }
    for (std::size_t s = 0; s < ns; ++s) {
        if (out.utilization[s] >= 1.0 || !std::isfinite(out.wait[s])) {
            out.saturated = true;
            return out;
        }
    }
    return out;
}

/// A station's busy times per job: every visit's (background included), and the requests'
/// (without the work that outlives its job, which waits behind them).
struct StationMix {
    BusyMix all, requests;
};

/// Each station's busy times per job: for the mean per server and squared coefficient of
/// variation behind the spread of its wait.
std::vector<StationMix> busy_mixes(const Network& net, const OpenQueues& queues) {
    std::vector<StationMix> mix(net.stations.size());
    for (const auto& variant : net.variants) {
        for (const auto& visit : variant.visits) {
            const auto s = static_cast<std::size_t>(visit.station);
            const ServiceParts p =
                visit.service.parts_at({queues.q[s] + 1.0, std::min(1.0, queues.utilization[s])});
            const double r = variant.probability * visit.count * share(visit, net.stations[s]);
            mix[s].all.add(r, p.busy(), p.random.var);
            if (!(visit.detached && visit.outlives_job)) {
                mix[s].requests.add(r, p.busy(), p.random.var);
            }
        }
    }
    return mix;
}

/// One visit's response terms at the solved queues; `previous_fg` as in ClosedLevel::set.
Terms open_visit_terms(const Network& net, const Visit& visit, const OpenQueues& queues,
                       const std::vector<StationMix>& mix, double& previous_fg) {
    const auto st = static_cast<std::size_t>(visit.station);
    const double rho = std::min(1.0, queues.utilization[st]);
    const ServiceParts p = visit.service.parts_at({queues.q[st] + 1.0, rho});
    const double c = std::max(1.0, net.stations[st].servers);
    Prepared prepared;
    detail::prepare_visit(prepared, visit, c);
    detail::prepare_service(prepared, p, previous_fg);
    const double w = queues.wait[st] * chosen_wait_share(visit, queues.chosen[st], c, rho);
    if (visit.nearest_first && queues.chained[st]) {
        // Nearest-first order (as in the closed solve), where the wait is the chain's: an M/G/1
        // queue of its own, no background work or choice of copy there.
        prepared.wait_var += detail::random_order_extra_var(rho, w);
    }
    // derived: Takacs' M/G/1 waiting-time variance, E[W^2] - E[W]^2 = W^2 + lambda E[S^3] /
    // (3 (1 - rho)), with a gamma busy time (E[S^3] = E[S]^3 (1 + cv2) (1 + 2 cv2)) and
    // Pollaczek-Khinchine's W = lambda E[S^2] / (2 (1 - rho)): the extra is (2 / 3) W E[S]
    // (1 + 2 cv2) (per server of a multi-server station).
    const BusyMix& m = mix[st].all;
    const double mean_s = m.weight > 0.0 ? m.first / m.weight / c : 0.0;
    const double cv2 = detail::squared_cv(m.weight, m.first, m.second, 0.0);
    // Where work that outlives its job waits behind the requests (Cobham's non-preemptive
    // classes), E[W^2] = lambda E[S^3] / (3 (1 - rho_r)) + 2 W lambda_r E[S_r^2] / (2 (1 -
    // rho_r)) for the requests (r) (Takagi 1991, vol. 1, non-preemptive priority): the second
    // term is 2 q W^2, q the requests' share of lambda E[S^2] (1 for first come first served).
    const double q =
        m.second > 0.0 ? std::clamp(mix[st].requests.second / m.second, 0.0, 1.0) : 1.0;
    // terms_at adds the random parts of the services ahead itself (their count times the
    // visit's random variance): the rest is the wait's.
    const double ahead = w * c / std::max(p.busy(), 1e-12);
    const double wait_var =
        std::max(0.0, (2.0 * q - 1.0) * w * w + 2.0 / 3.0 * w * mean_s * (1.0 + 2.0 * cv2) -
                          ahead * p.random.var);
    const Terms t = detail::terms_at(prepared, w, wait_var);
    // as in ClosedLevel::prepare_entry
    previous_fg = visit.overlapped ? std::max(previous_fg, p.foreground())
                                   : detail::overlap_span(prepared, p);
    return t;
}

}  // namespace

Solution solve_open(const Network& net, double lambda) {
    Solution sol;
    const OpenQueues queues = solve_queues(net, lambda);
    sol.iterations = queues.evaluations;
    sol.queue_length.assign(net.stations.size(), 0.0);
    if (queues.saturated) {
        sol.saturated = true;
        sol.utilization = offered_utilization(net, lambda, queues.q);
        return sol;
    }
    sol.utilization = queues.utilization;
    const std::vector<StationMix> mix = busy_mixes(net, queues);
    double second_moment = 0.0;
    for (const auto& variant : net.variants) {
        double rv = 0.0, vv = 0.0, previous_fg = 0.0;
        for (const auto& visit : variant.visits) {
            if (visit.detached) {
                continue;
            }
            const Terms t = open_visit_terms(net, visit, queues, mix, previous_fg);
            rv += t.mean;
            vv += t.var;
        }
        sol.response_mean += variant.probability * rv;
        second_moment += variant.probability * (vv + rv * rv);
    }
    sol.response_var = std::max(0.0, second_moment - sol.response_mean * sol.response_mean);
    sol.throughput = lambda;
    sol.queue_length = queues.q;
    return sol;
}

}  // namespace raidadv::queueing
