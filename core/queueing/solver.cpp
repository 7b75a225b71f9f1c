// Mean value analysis of the generic network (network.h).
// Closed: Reiser & Lavenberg, "Mean-value analysis of closed multichain queuing networks",
// JACM 27(2), 1980 (exact recursion); Schweitzer 1979 / Bard 1979 (approximation for large N);
// Seidmann, Schweitzer & Shalev-Oren, Perf. Eval. 7(4), 1987 (multi-server transform).
// Open: Pollaczek-Khinchine mean waiting time for M/G/1 (Sakasegawa 1977 for c servers); a
// queue that reorders by what waits, its embedded Markov chain (state_dependent.h).
// Fork-join: maximum of k sub-request times by Clark's normal approximation (order_statistics.h).

#include <algorithm>
#include <cmath>
#include <limits>

#include "queueing/network.h"
#include "queueing/order_statistics.h"
#include "queueing/state_dependent.h"

namespace raidadv::queueing {

namespace {

constexpr double kMaxOpenUtilization = 0.995;

struct StepResult {
    double response = 0.0;
    double response_var = 0.0;
    std::vector<double> queue_per_throughput;  // Little: Q = X * this
    std::vector<double> busy_per_throughput;   // U = X * this (closed part, per server)
};

/// One visit's contribution to a job's response mean and variance.
struct Terms {
    double mean = 0.0;
    double var = 0.0;
};

/// What a visit's response terms need besides its waiting time: the visit's constants
/// (prepare_visit) and its service at the queue lengths of one level (prepare_service).
struct Prepared {
    // The visit's:
    bool overlapped = false;
    double count = 1.0;
    double servers = 1.0;
    double fork_extra = 0.0;  ///< extra fixed time of the fork's largest sub-request (fork > 1)
    MaxFactors factors;
    // Its service at one level:
    double excess = 0.0;  ///< overlapped: foreground beyond the previous visit's
    double busy = 0.0;    ///< busy time, at least 1e-12
    double own_var = 0.0;
    double random_mean = 0.0;
    double random_var = 0.0;
    double base = 0.0;      ///< fixed, fork-maximum extra and delay parts
    double wait_var = 0.0;  ///< variance of the wait that differs between the fork's siblings
};

void prepare_visit(Prepared& v, const Visit& visit, double servers) {
    v.overlapped = visit.overlapped;
    v.count = visit.count;
    v.servers = servers;
    v.fork_extra = visit.fork > 1 ? visit.service.fixed_max_extra_s : 0.0;
    v.factors = max_factors(visit.fork);
}

/// `previous_foreground` is the foreground time of the last visit that was not overlapped: a
/// pipelined (overlapped) visit only adds what exceeds it.
void prepare_service(Prepared& v, const ServiceParts& p, double previous_foreground) {
    if (v.overlapped) {
        v.excess = std::max(0.0, p.foreground() - previous_foreground);
        return;
    }
    v.busy = std::max(p.busy(), 1e-12);
    v.own_var = p.sibling_var >= 0.0 ? p.sibling_var : p.random.var;
    v.random_mean = p.random.mean;
    v.random_var = p.random.var;
    v.base = p.fixed_s + v.fork_extra + p.delay_s;
}

/// One visit's contribution to a job's response mean and variance, given the waiting time in
/// the station's queue.
inline Terms terms_at(const Prepared& v, double wait, double wait_var) {
    if (v.overlapped) {
        return {v.count * (wait + v.excess), v.count * wait_var};
    }
    // derived: a sub-request waits behind q requests whose service times are independent across
    // the fork's siblings while q itself is common to them when the fork spans every copy (the
    // same jobs queue at every sibling in a closed system; otherwise the part they do not share
    // is v.wait_var, sibling_wait_var). So the siblings differ by the random parts of q + 1
    // services (and that part of q), and the fork-join maximum (order_statistics.h) applies to
    // that spread only; the common waiting time adds to the mean, and `wait_var` (how much the
    // requests found vary: Level::set; Takacs' M/G/1 spread in solve_open) to the variance.
    const double ahead = wait * v.servers / v.busy;
    const MaxMoments mm =
        max_of_iid(v.factors, v.random_mean + wait, v.own_var + v.random_var * ahead + v.wait_var);
    return {v.count * (v.base + mm.mean), v.count * (mm.var + wait_var)};
}

/// Variance of the part of a fork sibling's wait that the other siblings do not share, at a
/// closed level with `n` jobs, `q` requests found at the copy, each holding it `per_request`.
/// derived: a fork to k of a station's C copies waits behind different requests at each copy,
/// except for the requests of jobs that hold the other siblings' copies too: another job's
/// request at one sibling's copy has one at another's with probability (k - 1) / (C - 1) (1 when
/// the fork spans every copy, as a full-stripe transfer does). The count of the rest varies as
/// if each of the n - 1 other jobs were at the copy independently with probability q / (n - 1)
/// (binomial variance); each adds a mean busy time.
double sibling_wait_var(const Visit& visit, const Station& st, double n, double q,
                        double per_request) {
    const double k = static_cast<double>(visit.fork);
    const double copies = static_cast<double>(st.copies);
    if (k <= 1.0 || copies <= k || n <= 1.0) {
        return 0.0;
    }
    const double shared = (k - 1.0) / (copies - 1.0);
    const double others = n - 1.0;
    const double count_var = q * std::max(0.0, 1.0 - q / others);
    return (1.0 - shared) * count_var * per_request * per_request;
}

/// Squared coefficient of variation of a mix of busy times given its total weight and weighted
/// first and second moments (`otherwise` when there are none), at least 0.
double squared_cv(double weight, double first, double second, double otherwise) {
    if (!(weight > 0.0) || !(first > 0.0)) {
        return otherwise;
    }
    return std::max(0.0, second * weight / (first * first) - 1.0);
}

/// Variance of the number of requests a request finds at a copy at a closed level with `n`
/// jobs, `q` found on average; `spread` (0..1) scales it down where the jobs keep their places.
/// derived: in a product-form network of M equal stations every placement of the K = n - 1
/// other jobs is equally likely (Gordon & Newell 1967), so one station holds K / M on average
/// with variance K (M - 1) (K + M) / (M^2 (M + 1)); M = K / q is the number of equal stations
/// that would hold q each (1: all at this one, no spread; many: about q (1 + q), geometric).
/// Product form holds for exponential service; with constant service a closed queue keeps its
/// order (no spread), so the variance is scaled by the service's squared coefficient of
/// variation, except where requests land on copies at random (their counts differ whatever the
/// service). Chosen against the simulator over the grid (docs/model.md, section 3).
double found_count_var(double q, double n, double spread) {
    const double others = n - 1.0;
    if (q <= 1e-12 || others <= 0.0) {
        return 0.0;
    }
    const double k = std::max(others, q);
    const double m = k / q;
    return k * (m - 1.0) * (k + m) / (m * m * (m + 1.0)) * std::clamp(spread, 0.0, 1.0);
}

/// Second moment of the residual of a busy time found in progress, mean `residual`, of busy
/// times with squared coefficient of variation `cv2`. derived: E[R^2] = E[B^3] / (3 E[B])
/// (renewal theory) with a gamma B: residual^2 * 4 (1 + 2 cv2) / (3 (1 + cv2)).
double residual_second_moment(double residual, double cv2) {
    cv2 = std::max(0.0, cv2);
    return residual * residual * 4.0 * (1.0 + 2.0 * cv2) / (3.0 * (1.0 + cv2));
}

/// Variance of a residual found in progress with probability `u` (and nothing otherwise).
double found_residual_var(double u, double residual, double cv2) {
    const double r2 = residual_second_moment(residual, cv2);
    return std::max(0.0, u * r2 - u * u * residual * residual);
}

/// What the residual of the request found in service (probability `u`) adds to the spread of
/// the wait beyond what counting it as one of the requests found already gives: its own
/// variance less a whole busy time's random part `busy_var` (none with exponential service,
/// whose residual is a whole service again; a twelfth of the busy time squared with constant
/// service).
double in_service_extra_var(double u, double residual, double cv2, double busy_var) {
    const double own = residual_second_moment(residual, cv2) - residual * residual;
    return u * std::max(0.0, own - busy_var);
}

/// Extra variance of the wait at a queue that serves in its own order, over the wait's
/// `wait_s` in order of arrival, with the server busy with probability `busy`. A disk that
/// chooses the nearest request picks a given one at each decision about as if at random (the
/// head moves between decisions), so its order is taken as random order of service, whose
/// waiting time has second moment 2 / (2 - rho) times first-come-first-served's in M/G/1
/// (Kingman 1962, "On queues in which customers are served in random order"; Takacs 1963);
/// derived: with the closed level's wait taken as its mean (the requests ahead are known), the
/// extra is (2 / (2 - rho) - 1) wait^2. It is a sibling's own: each disk chooses on its own.
double random_order_extra_var(double busy, double wait_s) {
    const double rho = std::clamp(busy, 0.0, 1.0);
    return rho / (2.0 - rho) * wait_s * wait_s;
}

/// What an overlapped visit after `v` overlaps: v's own time without waiting, its electronics
/// delay included, the fork's longest sub-request for a fork (derived: a pipelined stage after a
/// fork-join runs while the slowest sibling still works).
double overlap_span(const Prepared& v, const ServiceParts& p) {
    if (v.factors.k <= 1) {
        return p.foreground() + p.delay_s;
    }
    return p.foreground() + p.delay_s + v.fork_extra +
           (max_of_iid(v.factors, v.random_mean, v.own_var).mean - v.random_mean);
}

/// Residence times for given queue lengths seen on arrival and open (detached) utilizations.
/// What an arrival finds at each station: requests present and the chance the server is busy.
struct Seen {
    std::vector<double> queue;
    std::vector<double> busy;      ///< utilization per server (probability the server is busy)
    std::vector<double> yielding;  ///< the part of `busy` spent on work that yields
};

/// Whether any visit is detached (background load that grows with throughput).
bool has_detached_visits(const Network& net) {
    return std::any_of(net.variants.begin(), net.variants.end(), [](auto& v) {
        return std::any_of(v.visits.begin(), v.visits.end(), [](auto& s) { return s.detached; });
    });
}

/// The residence-time model of a network at one population level. What does not depend on the
/// throughput (the service parts an arrival sees, each station's busy-time moments, each visit's
/// queue ahead, and every visit at a station without detached load) is computed once per level
/// by set(); respond(x) then redoes only the visits at stations whose slow-down by the detached
/// load changed since its last call, and sums every visit's terms. Same arithmetic in the same
/// order as evaluating every visit afresh, so the same numbers. One Level serves every population
/// level of a solve (no allocation per level).
class Level {
  public:
    explicit Level(const Network& net) : net_(net) {
        const std::size_t ns = net.stations.size();
        std::vector<char> loaded(ns, 0);  // stations with detached (background) visits
        for (const auto& variant : net.variants) {
            for (const auto& visit : variant.visits) {
                if (visit.detached) {
                    loaded[static_cast<std::size_t>(visit.station)] = 1;
                }
            }
        }
        for (const auto& variant : net.variants) {
            variant_end_.push_back(entries_.size());
            probability_.push_back(variant.probability);
            for (const auto& visit : variant.visits) {
                const auto& st = net.stations[visit.station];
                Entry e;
                e.visit = &visit;
                e.station = static_cast<std::size_t>(visit.station);
                e.queue = st.kind == StationKind::Queue;
                e.share = share(visit, st) * variant.probability * visit.count;
                prepare_visit(e.prepared, visit, std::max(1.0, st.servers));
                const std::size_t i = entries_.size();
                if (visit.detached) {
                    Load d;
                    d.entry = i;
                    d.station = e.station;
                    d.probability = variant.probability;
                    d.count = visit.count;
                    d.share = share(visit, st);
                    d.servers = std::max(1.0, st.servers);
                    d.yields = visit.yields;
                    loads_.push_back(d);
                } else if (e.queue && loaded[e.station]) {
                    variable_.push_back(i);
                }
                entries_.push_back(e);
            }
        }
        variant_end_.push_back(entries_.size());
        const std::size_t ne = entries_.size();
        parts_.resize(ne);
        for (std::size_t i = 0; i < ne; ++i) {
            // Service that does not depend on the queue is the same at every level.
            if (entries_[i].visit->service.at) {
                dynamic_.push_back(i);
            } else {
                parts_[i] = entries_[i].visit->service.parts;
            }
        }
        mean_.assign(ne, 0.0);
        var_.assign(ne, 0.0);
        at_station_.assign(ne, 0.0);
        memo_slow_.assign(ne, 0.0);
        weight_.resize(ns);
        first_.resize(ns);
        second_.resize(ns);
        busy_per_throughput_.resize(ns);
        open_util_.resize(ns);
        yield_util_.resize(ns);
        own_yield_.resize(ns);
        yield_weight_.resize(ns);
        first_yield_.resize(ns);
        second_yield_.resize(ns);
        slow_.assign(ns, 1.0);
    }

    /// Prepares the level an arrival sees: queue lengths and busy probabilities per station;
    /// `think` is the time a job spends away between requests.
    void set(const Seen& seen_state, double n, double think) {
        last_x_ = std::numeric_limits<double>::quiet_NaN();  // a new level: nothing to reuse
        const std::vector<double>& seen = seen_state.queue;
        for (std::size_t i : dynamic_) {
            const auto st = static_cast<std::size_t>(entries_[i].station);
            parts_[i] = entries_[i].visit->service.parts_at(
                {seen[st] + 1.0, std::clamp(seen_state.busy[st], 0.0, 1.0)});
        }
        // Mean and mean residual of the busy time of the requests at each station (the mix of
        // every visit to it), for the request found in service.
        std::fill(weight_.begin(), weight_.end(), 0.0);
        std::fill(first_.begin(), first_.end(), 0.0);
        std::fill(second_.begin(), second_.end(), 0.0);
        std::fill(yield_weight_.begin(), yield_weight_.end(), 0.0);
        std::fill(first_yield_.begin(), first_yield_.end(), 0.0);
        std::fill(second_yield_.begin(), second_yield_.end(), 0.0);
        for (std::size_t i = 0; i < entries_.size(); ++i) {
            const Entry& e = entries_[i];
            const ServiceParts& p = parts_[i];
            const double w = e.share;
            const double b = p.busy();
            weight_[e.station] += w;
            first_[e.station] += w * b;
            second_[e.station] += w * (b * b + p.random.var);
            if (e.visit->yields) {
                yield_weight_[e.station] += w;
                first_yield_[e.station] += w * b;
                second_yield_[e.station] += w * (b * b + p.random.var);
            }
        }
        std::fill(own_yield_.begin(), own_yield_.end(), 0.0);
        for (Load& d : loads_) {
            d.busy = parts_[d.entry].busy();
            // What remains of it when the job's next request comes, after its think time.
            own_yield_[d.station] += d.yields ? d.probability * d.count * d.share *
                                                    std::max(0.0, d.busy - think) / d.servers
                                              : 0.0;
        }
        std::fill(busy_per_throughput_.begin(), busy_per_throughput_.end(), 0.0);
        for (std::size_t v = 0; v + 1 < variant_end_.size(); ++v) {
            double previous_fg = 0.0;
            for (std::size_t i = variant_end_[v]; i < variant_end_[v + 1]; ++i) {
                Entry& e = entries_[i];
                const ServiceParts& p = parts_[i];
                memo_slow_[i] = std::numeric_limits<double>::quiet_NaN();
                if (e.visit->detached) {
                    continue;  // adds nothing to the response (its terms stay 0)
                }
                const double c = e.prepared.servers;
                const double foreground = p.foreground();
                if (e.queue) {
                    // Seidmann: a c-server queue ~ a queue with service s/c plus a delay s(c-1)/c.
                    // The requests waiting ahead each hold the station for a mean busy time, the
                    // one in service (found with the server's busy probability) for its mean
                    // residual E[B^2]/(2E[B]) (renewal theory; with exponential service this is
                    // plain MVA).
                    const std::size_t k = e.station;
                    const double q = seen[k];
                    double mean_b = weight_[k] > 0.0 ? first_[k] / weight_[k] : p.busy();
                    double residual = first_[k] > 0.0 ? second_[k] / (2.0 * first_[k]) : 0.0;
                    double u = std::clamp(seen_state.busy[k], 0.0, std::min(1.0, q));
                    double ahead = mean_b / c * (q - u) + u * residual / c;
                    const double cv2 = squared_cv(weight_[k], first_[k], second_[k], 1.0);
                    // How much the time ahead varies (derived): the number of requests found
                    // (found_count_var), each its mean busy time, and the residual of the one
                    // in service (in_service_extra_var). Copies a request lands on at random are
                    // unevenly loaded whatever the service's spread; a fork to every copy, a
                    // choice of the shorter queue or a drive's own order even them out.
                    const bool routed = e.visit->fork < net_.stations[k].copies &&
                                        e.visit->choice <= 1 && !e.visit->reorders &&
                                        !e.visit->streams;
                    const double spread = routed ? 1.0 : cv2;
                    const double per = mean_b / c;
                    double ahead_var = found_count_var(q, n, spread) * per * per +
                                       in_service_extra_var(u, residual / c, cv2, cv2 * per * per);
                    if (first_yield_[k] > 0.0) {
                        // Work that yields is never queued ahead of a request, only found in
                        // progress (Cobham's non-preemptive priority): the requests ahead are
                        // the others', each its mean busy time, the one found in service its
                        // residual, the destage found in progress its own.
                        const double w_fg = weight_[k] - yield_weight_[k];
                        const double first_fg = first_[k] - first_yield_[k];
                        mean_b = w_fg > 0.0 ? first_fg / w_fg : p.busy();
                        const double u_y = std::clamp(seen_state.yielding[k], 0.0, 1.0);
                        const double u_fg =
                            std::clamp(seen_state.busy[k] - u_y, 0.0, std::min(1.0 - u_y, q));
                        const double res_fg =
                            first_fg > 0.0 ? (second_[k] - second_yield_[k]) / (2.0 * first_fg)
                                           : 0.0;
                        const double res_y = second_yield_[k] / (2.0 * first_yield_[k]);
                        u = u_fg + u_y;
                        // derived: a job's next request comes as soon as its writes are held,
                        // and a drive that had nothing else to do then (1 - u) destages them
                        // at once: a request reaching it waits for the whole destage of its
                        // job's own writes there (own_yield_, per job), not a residual.
                        ahead = mean_b / c * (q - u_fg) + (u_fg * res_fg + u_y * res_y) / c +
                                (1.0 - u) * own_yield_[k];
                        const double cv2_y =
                            squared_cv(yield_weight_[k], first_yield_[k], second_yield_[k], 1.0);
                        // The job's own destage is there with probability 1 - u (Bernoulli).
                        const double per_fg = mean_b / c;
                        ahead_var =
                            found_count_var(q, n, spread) * per_fg * per_fg +
                            in_service_extra_var(u_fg, res_fg / c, cv2, cv2 * per_fg * per_fg) +
                            found_residual_var(u_y, res_y / c, cv2_y) +
                            u * (1.0 - u) * own_yield_[k] * own_yield_[k];
                    }
                    e.with_own = ahead + foreground / c;
                    e.own = foreground / c;
                    e.ahead_var = ahead_var;
                    e.prepared.wait_var =
                        sibling_wait_var(*e.visit, net_.stations[k], n, q, mean_b / c);
                    if (e.visit->reorders) {
                        e.prepared.wait_var += random_order_extra_var(u, ahead);
                    }
                }
                e.foreground = foreground;
                prepare_service(e.prepared, p, previous_fg);
                // An overlapped visit extends what the next one overlaps to its own end (derived:
                // stages of one pipeline: the job waits for the slowest, not their sum).
                previous_fg = e.visit->overlapped ? std::max(previous_fg, foreground)
                                                  : overlap_span(e.prepared, p);
                busy_per_throughput_[e.station] += e.share * p.busy() / c;
                // A station without detached load is never slowed down (slow = 1 at every x).
                evaluate(i, 1.0);
            }
        }
    }

    /// Utilization per station from detached (background) visits at throughput x.
    const std::vector<double>& open_utilization(double x) {
        std::fill(open_util_.begin(), open_util_.end(), 0.0);
        std::fill(yield_util_.begin(), yield_util_.end(), 0.0);
        double* util = open_util_.data();
        for (const Load& d : loads_) {
            const double u = x * d.probability * d.count * d.share * d.busy / d.servers;
            util[d.station] += u;
            yield_util_[d.station] += d.yields ? u : 0.0;
        }
        return open_util_;
    }

    /// The yielding part of the detached utilization at the last open_utilization() call.
    const std::vector<double>& yield_utilization() const { return yield_util_; }

    /// Response mean and variance at throughput x; with `queues` also the queue lengths and
    /// busy fractions per unit of throughput.
    StepResult respond(double x, bool queues) {
        StepResult r;
        if (x == last_x_) {
            // The same throughput as the last call of this level: the same response.
            r.response = last_.response;
            r.response_var = last_.response_var;
            if (queues) {
                add_queues(r);
            }
            return r;
        }
        const std::vector<double>& open_util = open_utilization(x);
        for (std::size_t s = 0; s < slow_.size(); ++s) {
            // Detached work that yields (a drive's held writes) slows the requests only by
            // what does not fit in the time they leave the station. derived: destaged while
            // no request waits, the held writes are a queue served by the drive's idle time;
            // below the high-water mark (hundreds of writes) that queue is stable while its
            // work is less than the idle time, and an arrival waits at most for the destage in
            // progress (found busy: its residual, Cobham's non-preemptive priority, 1954);
            // beyond that the buffer sits at its mark and the excess is forced ahead of the
            // requests, an open class like other detached work.
            const double yielding = yield_util_[s];
            const double spare =
                std::max(0.0, 1.0 - x * busy_per_throughput_[s] - (open_util[s] - yielding));
            const double forced = open_util[s] - yielding + std::max(0.0, yielding - spare);
            slow_[s] = 1.0 / (1.0 - std::min(forced, kMaxOpenUtilization));
        }
        for (std::size_t i : variable_) {
            const double slow = slow_[entries_[i].station];
            if (!(slow == memo_slow_[i])) {
                evaluate(i, slow);
            }
        }
        double second_moment = 0.0;
        const double* mean = mean_.data();
        const double* var = var_.data();
        const std::size_t* end = variant_end_.data();
        const std::size_t variants = probability_.size();
        for (std::size_t v = 0; v < variants; ++v) {
            double rv = 0.0, vv = 0.0;
            const std::size_t last = end[v + 1];
            for (std::size_t i = end[v]; i < last; ++i) {
                rv += mean[i];
                vv += var[i];
            }
            const double probability = probability_[v];
            r.response += probability * rv;
            second_moment += probability * (vv + rv * rv);
        }
        r.response_var = std::max(0.0, second_moment - r.response * r.response);
        last_x_ = x;
        last_.response = r.response;
        last_.response_var = r.response_var;
        if (queues) {
            add_queues(r);
        }
        return r;
    }

  private:
    /// Queue lengths and busy fractions per unit of throughput at the last call's throughput.
    void add_queues(StepResult& r) const {
        r.queue_per_throughput.assign(net_.stations.size(), 0.0);
        r.busy_per_throughput = busy_per_throughput_;
        for (std::size_t i = 0; i < entries_.size(); ++i) {
            if (!entries_[i].visit->detached) {
                r.queue_per_throughput[entries_[i].station] += entries_[i].share * at_station_[i];
            }
        }
    }

    /// Entry i's response terms and requests present per job/s with its station slowed down by
    /// `slow` (1 / (1 - detached utilization)).
    void evaluate(std::size_t i, double slow) {
        const Entry& e = entries_[i];
        double wait = 0.0;                 // time in the queue
        double at_station = e.foreground;  // Little's law: requests present per job/s
        if (e.queue) {
            wait = e.with_own * slow - e.own;
            at_station = e.with_own * slow;
        }
        if (e.prepared.overlapped) {
            // A pipelined visit holds the job on its own only for its wait and its excess.
            at_station = wait + e.prepared.excess;
        }
        // The detached work's slow-down stretches what is queued ahead and adds its own,
        // exponential-like spread (as an open class's wait).
        const double stretch = (slow - 1.0) * e.with_own;
        const double wait_var = e.queue ? slow * slow * e.ahead_var + stretch * stretch : 0.0;
        const Terms t = terms_at(e.prepared, wait, wait_var);
        mean_[i] = t.mean;
        var_[i] = t.var;
        at_station_[i] = at_station;
        memo_slow_[i] = slow;
    }

    struct Entry {
        const Visit* visit = nullptr;
        std::size_t station = 0;
        bool queue = false;
        double share = 0.0;  ///< per-copy share x probability x count
        Prepared prepared;
        // Per level (set()):
        double with_own = 0.0;    ///< queue ahead plus own service, per server
        double own = 0.0;         ///< own service per server
        double foreground = 0.0;  ///< the visit's foreground time
        double ahead_var = 0.0;   ///< variance of the time queued ahead (no slow-down)
    };
    /// A detached visit: its load on its station grows with throughput.
    struct Load {
        std::size_t entry = 0;
        std::size_t station = 0;
        double probability = 0.0, count = 0.0, share = 0.0, servers = 1.0;
        double busy = 0.0;  ///< at the level (set())
        bool yields = false;
    };

    const Network& net_;
    std::vector<Entry> entries_;            ///< every visit, variants in order
    std::vector<std::size_t> variant_end_;  ///< entries_ of variant v: [end[v], end[v + 1])
    std::vector<double> probability_;       ///< per variant
    std::vector<Load> loads_;               ///< the detached entries
    std::vector<std::size_t> variable_;     ///< entries at queues with detached load
    std::vector<std::size_t> dynamic_;      ///< entries whose service depends on the queue
    std::vector<ServiceParts> parts_;       ///< per entry, at the level's queue lengths
    // Per entry: response terms, requests present per job/s, and the slow-down they are for.
    std::vector<double> mean_, var_, at_station_, memo_slow_;
    std::vector<double> weight_, first_, second_, busy_per_throughput_, open_util_, slow_;
    std::vector<double> yield_util_;  ///< per station: the part of open_util_ that yields
    std::vector<double> own_yield_;   ///< per copy: a job's yielding work left at its next request
    std::vector<double> yield_weight_, first_yield_, second_yield_;  ///< the yielding visits' share
    double last_x_ = std::numeric_limits<double>::quiet_NaN();       ///< the last call's throughput
    StepResult last_;                                                ///< its response (no queues)
};

/// Variance of the waiting time `extra_s` that the asymptotic bound adds to a level's response
/// with `n` jobs: they queue at the saturated station beyond what the level's residence times
/// hold. derived: where requests land on its copies at random (not a stream's, no choice of the
/// shorter queue), a fork over w of its C copies at once, the jobs ahead of a request vary as
/// one of M = C / w balanced stations' queues in a product-form network (Gordon & Newell 1967:
/// every placement of the K = n jobs equally likely; the job's own earlier work is still at the
/// saturated copies, hence n, not n - 1): variance K (M - 1) (K + M) / (M^2 (M + 1)) around
/// K / M, whatever the service's spread (as found_count_var for random placement); a saturated
/// copy that serves random requests in its own order (a disk choosing the nearest) adds a
/// geometric number of services, about the wait squared (random order of service at rho = 1,
/// Kingman 1962); a stream's next request is the nearest anyway.
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
    const int copies = net.stations[busiest].copies;
    bool by_chance = false, reorders = false;
    int widest = 1;
    for (const auto& variant : net.variants) {
        for (const auto& visit : variant.visits) {
            if (static_cast<std::size_t>(visit.station) != busiest || visit.streams) {
                continue;
            }
            if (visit.choice <= 1 && visit.fork < copies) {
                by_chance = true;
                widest = std::max(widest, visit.fork);
            }
            reorders = reorders || (visit.reorders && !visit.detached);
        }
    }
    const double m = std::max(1.0, static_cast<double>(copies) / widest);
    const double mean = n / m;
    const double count_var = by_chance ? n * (m - 1.0) * (n + m) / (m * m * (m + 1.0)) : 0.0;
    return (count_var / (mean * mean) + (reorders ? 1.0 : 0.0)) * extra_s * extra_s;
}

/// One population level: solves residence times with the detached load in a short fixed point,
/// then applies the asymptotic bound X <= 1 / max demand (Denning & Buzen 1978).
Solution solve_level(const Network& net, Level& level, double n, double think,
                     const Seen& seen_state, double x_guess, bool has_detached) {
    Solution sol;
    level.set(seen_state, n, think);
    StepResult r = level.respond(0.0, !has_detached);
    double x = n / (think + r.response);
    if (has_detached) {
        // Detached (background) load slows everyone as throughput grows: f(x) = n/(Z + R(x)) - x
        // is decreasing with f(0) > 0 >= f(x0), so its root is bracketed. Illinois variant of
        // regula falsi (Dowell & Jarratt 1971): superlinear, and it keeps the bracket, so it
        // always terminates; bounded iterations.
        auto f = [&](double at) {
            ++sol.iterations;
            return n / (think + level.respond(at, false).response) - at;
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
        r = level.respond(x, true);
    }
    const std::vector<double>& u_open = level.open_utilization(x);
    sol.yielding = level.yield_utilization();
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
        for (auto& u : sol.yielding) {
            u /= max_u;
        }
    }
    sol.throughput = x;
    sol.response_mean = std::max(r.response, n / x - think);
    sol.queue_length.resize(net.stations.size());
    for (std::size_t s = 0; s < net.stations.size(); ++s) {
        sol.queue_length[s] = x * r.queue_per_throughput[s];
    }
    sol.response_var =
        r.response_var + bound_wait_var(net, sol.utilization, sol.response_mean - r.response, n);
    return sol;
}

Solution schweitzer(const Network& net, int n, double think) {
    const std::size_t ns = net.stations.size();
    std::vector<double> q(ns, 0.0), u(ns, 0.0), y(ns, 0.0);
    Seen seen{std::vector<double>(ns, 0.0), std::vector<double>(ns, 0.0),
              std::vector<double>(ns, 0.0)};
    Solution sol;
    double x = 0.0;
    int it = 0;
    const bool detached = has_detached_visits(net);
    Level level(net);
    for (; it < kMaxClosedIterations; ++it) {
        for (std::size_t s = 0; s < ns; ++s) {
            // Bard-Schweitzer: remove the arriving job's share of the queue (and of the busy time)
            seen.queue[s] = q[s] * (n - 1.0) / n;
            seen.busy[s] = u[s] * (n - 1.0) / n;
            seen.yielding[s] = y[s] * (n - 1.0) / n;
        }
        sol = solve_level(net, level, n, think, seen, x > 0.0 ? x : 1.0, detached);
        u = sol.utilization;
        y = sol.yielding;
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
/// this guards against the approximations (residual service at a bottleneck, write-back load as
/// an open class) by raising `sol` to the previous population's throughput `x_before`, keeping
/// Little's law. It never raises it above this population's own capacity (1 / the busiest
/// station's demand at these queues): where demand grows with the queue (sequential streams
/// that interleave on a drive each pay positioning) throughput does fall, as it does in the
/// simulator (derived: the asymptotic bound of the level's own demands).
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
    for (auto& u : sol.yielding) {
        u = std::min(1.0, u * floor / sol.throughput);
    }
    sol.throughput = floor;
    const double before = sol.response_mean;
    sol.response_mean = n / floor - think_time;
    sol.response_var += bound_wait_var(net, sol.utilization, sol.response_mean - before, n);
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
                  std::vector<double>(net.stations.size(), 0.0),
                  std::vector<double>(net.stations.size(), 0.0)};
        double x = 0.0;
        const bool detached = has_detached_visits(net);
        Level level(net);
        for (int n = 1; n <= n_max; ++n) {
            // Arrival theorem: an arriving job sees the queues of the network with n - 1 jobs.
            Solution sol =
                solve_level(net, level, n, think_time, seen, x > 0.0 ? x : 1.0, detached);
            seen.queue = sol.queue_length;
            seen.busy = sol.utilization;
            seen.yielding = sol.yielding;
            raise_to_floor(net, sol, n, think_time, x);
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
        raise_to_floor(net, sol, populations[i], think_time, x_floor);
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
            const ServiceParts p = visit.service.parts_at({q[visit.station] + 1.0, 1.0});
            u[visit.station] += lambda * variant.probability * visit.count * share(visit, st) *
                                p.busy() / std::max(1.0, st.servers);
        }
    }
    return u;
}

namespace {

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
    int upstream = -1;
    double slowest = 0.0, quickest_upstream = std::numeric_limits<double>::infinity();
    for (const auto& variant : net.variants) {
        for (std::size_t i = 0; i < variant.visits.size(); ++i) {
            const Visit& v = variant.visits[i];
            if (v.station != static_cast<int>(s)) {
                continue;
            }
            if (!v.fed_by_previous || !v.overlapped || v.detached || v.service.at || i == 0) {
                return false;
            }
            const Visit& u = variant.visits[i - 1];
            const Station& ust = net.stations[static_cast<std::size_t>(u.station)];
            if ((upstream >= 0 && u.station != upstream) || u.detached || u.fork != v.fork ||
                u.count != v.count || ust.copies != st.copies || ust.servers != 1.0 ||
                ust.kind != StationKind::Queue) {
                return false;
            }
            upstream = u.station;
            slowest = std::max(slowest, v.service.parts.busy() + v.service.fixed_max_extra_s);
        }
    }
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

/// `chain_wait` >= 0: the station's wait from open_reordering_wait (state_dependent.h), used
/// instead of Pollaczek-Khinchine's.
OpenStation open_station_at(const Network& net, double lambda, std::size_t s, double q,
                            double chain_wait = -1.0, bool paced = false) {
    const auto& st = net.stations[s];
    const double c = std::max(1.0, st.servers);
    OpenStation out;
    // An arrival finds the server busy with the station's utilization (PASTA); that depends on
    // the service, so the work is taken once without it and then with it.
    double busy = 0.0;
    double m1 = 0.0, m2 = 0.0, fg = 0.0;
    double chosen_m1 = 0.0;       // work of sub-requests that choose a copy
    double rate_by_choice = 0.0;  // arrivals per second, each times its joined_wait_share
    for (int pass = 0; pass < 2; ++pass) {
        out.rate = m1 = m2 = fg = chosen_m1 = 0.0;
        for (const auto& variant : net.variants) {
            for (const auto& visit : variant.visits) {
                if (visit.station != static_cast<int>(s)) {
                    continue;
                }
                const double lv = lambda * variant.probability * visit.count * share(visit, st);
                const ServiceParts p = visit.service.parts_at({q + 1.0, busy});
                out.rate += lv;
                chosen_m1 += visit.choice > 1 ? lv * p.busy() : 0.0;
                m1 += lv * p.busy();
                m2 += lv * (p.busy() * p.busy() + p.random.var);
                fg += visit.detached ? 0.0 : lv * p.foreground();
            }
        }
        busy = std::min(1.0, m1 / c);
    }
    out.work = m1 / c;
    if (out.rate == 0.0) {
        return out;
    }
    if (st.kind == StationKind::Delay) {
        out.implied_queue = fg;
        return out;
    }
    if (out.work >= 1.0) {
        out.wait = std::numeric_limits<double>::infinity();
        out.implied_queue = std::numeric_limits<double>::infinity();
        return out;
    }
    const double mean_s = m1 / out.rate;
    const double scv = std::max(0.0, (m2 / out.rate) / (mean_s * mean_s) - 1.0);
    // Pollaczek-Khinchine, for c servers Sakasegawa's M/G/c form (Annals of the Institute of
    // Statistical Mathematics 29, 1977; Hopp & Spearman, Factory Physics, the G/G/m queue):
    // W = rho^(sqrt(2(c+1)) - 1) / (c (1-rho)) s (1+cv^2)/2, exact for one server and for any
    // (fractional) c; a reordering queue: its embedded chain's wait (open_reordering_wait).
    const double many = std::pow(out.work, std::sqrt(2.0 * (c + 1.0)) - 2.0);
    out.wait = chain_wait >= 0.0 ? chain_wait
               : paced           ? 0.0
                       : many * out.work / (1.0 - out.work) * (mean_s / c) * (1.0 + scv) / 2.0;
    out.chosen = m1 > 0.0 ? chosen_m1 / m1 : 0.0;
    // Arrivals per second times the share of the wait each sees: the sum over visits of
    // rate x chosen_wait_share = rate (1 - chosen) + (rate x joined_wait_share) chosen.
    for (const auto& variant : net.variants) {
        for (const auto& visit : variant.visits) {
            if (visit.station == static_cast<int>(s)) {
                rate_by_choice += lambda * variant.probability * visit.count * share(visit, st) *
                                  joined_wait_share(visit.choice, c, out.work);
            }
        }
    }
    const double waiting = out.rate * (1.0 - out.chosen) + rate_by_choice * out.chosen;
    out.implied_queue = waiting * out.wait + fg;
    return out;
}

}  // namespace

Solution solve_open(const Network& net, double lambda) {
    const std::size_t ns = net.stations.size();
    Solution sol;
    sol.utilization.assign(ns, 0.0);
    sol.queue_length.assign(ns, 0.0);
    std::vector<double> q(ns, 0.0), wait(ns, 0.0), chosen(ns, 0.0);
    std::vector<char> chained(ns, 0);  // the wait is the embedded chain's (state_dependent.h)
    // Each queue's service depends only on its own queue length, so each is solved alone: its
    // mean queue length is the first q, growing from an empty queue, at which the wait the
    // service at q implies no longer makes the queue longer (derived: the queue grows while the
    // implied queue exceeds it). A reordering station (SATF in a disk) serves faster with a
    // longer queue, so its implied queue can cross q more than once; a fixed-point iteration
    // oscillated between them and gave a response time that fell as the load rose.
    constexpr double kMaxQueue = 1e7;
    for (std::size_t s = 0; s < ns; ++s) {
        int evaluations = 0;
        const double chain_wait = open_reordering_wait(net, lambda, s);
        chained[s] = chain_wait >= 0.0;
        const bool paced = paced_by_upstream(net, s);
        auto excess = [&](double at) {
            ++evaluations;
            return open_station_at(net, lambda, s, at, chain_wait, paced).implied_queue - at;
        };
        double lo = 0.0, hi = 0.0;
        if (excess(0.0) > 0.0) {
            // Geometric scan (steps of 25%) for the first queue length the wait does not
            // exceed, then bisection between it and the last one it does.
            hi = 1e-3;
            while (hi <= kMaxQueue && excess(hi) > 0.0) {
                lo = hi;
                hi *= 1.25;
            }
            if (hi > kMaxQueue) {
                sol.iterations = std::max(sol.iterations, evaluations);
                sol.saturated = true;
                q[s] = kMaxQueue;
                sol.utilization = offered_utilization(net, lambda, q);
                return sol;
            }
            for (int i = 0; i < 100 && hi - lo > 1e-10 * std::max(1.0, hi); ++i) {
                const double mid = 0.5 * (lo + hi);
                (excess(mid) > 0.0 ? lo : hi) = mid;
            }
        }
        const OpenStation at = open_station_at(net, lambda, s, hi, chain_wait, paced);
        q[s] = at.rate == 0.0 ? 0.0 : at.implied_queue;
        wait[s] = at.wait;
        chosen[s] = at.chosen;
        sol.utilization[s] = at.work;
        sol.iterations = std::max(sol.iterations, evaluations);
    }
    for (std::size_t s = 0; s < ns; ++s) {
        if (sol.utilization[s] >= 1.0 || !std::isfinite(wait[s])) {
            sol.saturated = true;
            sol.utilization = offered_utilization(net, lambda, q);
            return sol;
        }
    }
    // Each station's busy times (all its visits, background included): mean per server and
    // squared coefficient of variation, for the spread of its wait (below).
    std::vector<double> rate(ns, 0.0), first(ns, 0.0), second(ns, 0.0);
    for (const auto& variant : net.variants) {
        for (const auto& visit : variant.visits) {
            const auto s = static_cast<std::size_t>(visit.station);
            const ServiceParts p =
                visit.service.parts_at({q[s] + 1.0, std::min(1.0, sol.utilization[s])});
            const double r = variant.probability * visit.count * share(visit, net.stations[s]);
            rate[s] += r;
            first[s] += r * p.busy();
            second[s] += r * (p.busy() * p.busy() + p.random.var);
        }
    }
    double second_moment = 0.0;
    for (const auto& variant : net.variants) {
        double rv = 0.0, vv = 0.0, previous_fg = 0.0;
        for (const auto& visit : variant.visits) {
            if (visit.detached) {
                continue;
            }
            const ServiceParts p = visit.service.parts_at(
                {q[visit.station] + 1.0, std::min(1.0, sol.utilization[visit.station])});
            const double c = std::max(1.0, net.stations[visit.station].servers);
            Prepared prepared;
            prepare_visit(prepared, visit, c);
            prepare_service(prepared, p, previous_fg);
            const double w = wait[visit.station] *
                             chosen_wait_share(visit, chosen[visit.station], c,
                                               std::min(1.0, sol.utilization[visit.station]));
            if (visit.reorders && chained[static_cast<std::size_t>(visit.station)]) {
                // Each disk's own order (as in the closed solve), where the wait is the chain's:
                // an M/G/1 queue of its own, no destage or mirror choice there.
                prepared.wait_var +=
                    random_order_extra_var(std::min(1.0, sol.utilization[visit.station]), w);
            }
            // derived: Takacs' M/G/1 waiting-time variance, E[W^2] - E[W]^2 = W^2 + lambda
            // E[S^3] / (3 (1 - rho)), with a gamma busy time (E[S^3] = E[S]^3 (1 + cv2)
            // (1 + 2 cv2)) and Pollaczek-Khinchine's W = lambda E[S^2] / (2 (1 - rho)): the
            // extra is (2 / 3) W E[S] (1 + 2 cv2) (per server of a multi-server station).
            const auto st = static_cast<std::size_t>(visit.station);
            const double mean_s = rate[st] > 0.0 ? first[st] / rate[st] / c : 0.0;
            const double cv2 = squared_cv(rate[st], first[st], second[st], 0.0);
            // terms_at adds the random parts of the services ahead itself (their count times
            // the visit's random variance): the rest is the wait's.
            const double ahead = w * c / std::max(p.busy(), 1e-12);
            const double wait_var = std::max(
                0.0, w * w + 2.0 / 3.0 * w * mean_s * (1.0 + 2.0 * cv2) - ahead * p.random.var);
            const Terms t = terms_at(prepared, w, wait_var);
            rv += t.mean;
            vv += t.var;
            // as in Level::set
            previous_fg = visit.overlapped ? std::max(previous_fg, p.foreground())
                                           : overlap_span(prepared, p);
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
