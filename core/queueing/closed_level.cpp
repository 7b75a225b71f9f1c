// The closed solve's residence times at one population level (closed_level.h): mean value
// analysis (Reiser & Lavenberg, JACM 27(2), 1980) with Seidmann's multi-server transform
// (Seidmann, Schweitzer & Shalev-Oren, Perf. Eval. 7(4), 1987), the residual of the request
// found in service (renewal theory), low-priority work as Cobham's non-preemptive priority
// (1954), and the detached load as an open class that slows the queue down.

#include "queueing/closed_level.h"

#include <algorithm>
#include <cmath>

namespace raidadv::queueing::detail {

namespace {

/// The detached load's utilization of a station is capped below 1 (its queue stays finite).
constexpr double kMaxOpenUtilization = 0.995;

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

/// What a request finds at its station besides the station's low-priority work.
struct Found {
    double q = 0.0;         ///< requests found
    double n = 0.0;         ///< jobs at the level
    double servers = 1.0;   ///< c
    double busy = 0.0;      ///< probability the server is busy (low-priority work included)
    double low = 0.0;       ///< probability it is busy with low-priority work
    double own_busy = 0.0;  ///< the visit's own busy time (when the station has no mix)
    double spread = 1.0;    ///< found_count_var's spread
    double cv2 = 1.0;       ///< the whole mix's squared coefficient of variation
};

/// The time ahead at a station with low-priority work. Such work is never queued ahead of a
/// request, only found in progress (Cobham's non-preemptive priority, 1954): the requests ahead
/// are the others', each its mean busy time, the one found in service its residual, the
/// low-priority work found in progress its own.
/// derived: a job's next request comes as soon as its low-priority work is handed over, and a
/// station that had nothing else to do then (1 - u) starts on it at once: a request reaching it
/// waits for the whole of its job's own low-priority work there (own_low_priority, per job),
/// not a residual; that is there with probability 1 - u (Bernoulli).
QueuedAhead low_priority_ahead(const StationState& st, const Found& f) {
    const BusyMix& all = st.all;
    const BusyMix& low = st.low_priority;
    const double c = f.servers;
    const double w_fg = all.weight - low.weight;
    const double first_fg = all.first - low.first;
    const double mean_b = w_fg > 0.0 ? first_fg / w_fg : f.own_busy;
    const double u_y = std::clamp(f.low, 0.0, 1.0);
    const double u_fg = std::clamp(f.busy - u_y, 0.0, std::min(1.0 - u_y, f.q));
    const double res_fg = first_fg > 0.0 ? (all.second - low.second) / (2.0 * first_fg) : 0.0;
    const double res_y = low.second / (2.0 * low.first);
    const double u = u_fg + u_y;
    QueuedAhead a;
    a.time = mean_b / c * (f.q - u_fg) + (u_fg * res_fg + u_y * res_y) / c +
             (1.0 - u) * st.own_low_priority;
    const double cv2_y = squared_cv(low.weight, low.first, low.second, 1.0);
    const double per_fg = mean_b / c;
    a.var = found_count_var(f.q, f.n, f.spread) * per_fg * per_fg +
            in_service_extra_var(u_fg, res_fg / c, f.cv2, f.cv2 * per_fg * per_fg) +
            found_residual_var(u_y, res_y / c, cv2_y) +
            u * (1.0 - u) * st.own_low_priority * st.own_low_priority;
    a.own_time = (1.0 - u) * st.own_low_priority;
    a.own_var = u * (1.0 - u) * st.own_low_priority * st.own_low_priority;
    a.per_request = mean_b / c;
    a.busy = u;
    return a;
}

/// The time ahead of a request that chooses among `visit.choice` copies of its station
/// (`a`: the time ahead at one copy taken at random, found busy with probability `a.busy`;
/// `chosen`: the share of the station's work brought by requests that choose).
/// derived, the copies taken as independent: it takes an idle copy when there is one (Linux
/// md's read balancing, HP Smart Array's and Promise's controllers), so it waits only when
/// every copy is busy, with probability
/// busy^(k - 1) given its own is, and then behind what a busy copy holds. Work that goes to every
/// copy (mirror writes and their destages) keeps the copies busy together and leaves nothing to
/// choose: the share of chosen work weights the two (as the open solve's joined_wait_share); the
/// job's own low-priority work is on every copy its write went to, so no choice avoids it.
QueuedAhead chosen_ahead(QueuedAhead a, const Visit& visit, double chosen) {
    const double idle_other =
        std::pow(std::clamp(a.busy, 0.0, 1.0), static_cast<double>(visit.choice) - 1.0);
    const double share = 1.0 - std::clamp(chosen, 0.0, 1.0) * (1.0 - idle_other);
    a.time = a.own_time + share * (a.time - a.own_time);
    a.var = a.own_var + share * std::max(0.0, a.var - a.own_var);
    a.busy *= share;
    return a;
}

}  // namespace

ClosedLevel::ClosedLevel(const Network& net) : net_(net) {
    const std::size_t ns = net.stations.size();
    std::vector<char> loaded(ns, 0);  // stations with detached (background) visits
    std::size_t visits = 0;
    for (const auto& variant : net.variants) {
        visits += variant.visits.size();
        for (const auto& visit : variant.visits) {
            if (visit.detached) {
                loaded[static_cast<std::size_t>(visit.station)] = 1;
            }
        }
    }
    entries_.reserve(visits);  // (one allocation: the search builds many levels)
    variant_end_.reserve(net.variants.size() + 1);
    probability_.reserve(net.variants.size());
    for (const auto& variant : net.variants) {
        variant_end_.push_back(entries_.size());
        probability_.push_back(variant.probability);
        for (const auto& visit : variant.visits) {
            add_entry(visit, variant.probability, loaded);
        }
    }
    variant_end_.push_back(entries_.size());
    const std::size_t variants = probability_.size();
    variant_sum_.assign(variants, Terms{});
    variant_changed_.assign(variants, 1);
    for (std::size_t v = 0; v < variants; ++v) {
        for (std::size_t i = variant_end_[v]; i < variant_end_[v + 1]; ++i) {
            entries_[i].variant = v;
        }
    }
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        // Service that does not depend on the queue is the same at every level.
        if (entries_[i].visit->service.at) {
            dynamic_.push_back(i);
        } else {
            entries_[i].parts = entries_[i].visit->service.parts;
        }
    }
    stations_.assign(ns, StationState{});
}

void ClosedLevel::add_entry(const Visit& visit, double probability,
                            const std::vector<char>& loaded) {
    const auto& st = net_.stations[visit.station];
    Entry e;
    e.visit = &visit;
    e.station = static_cast<std::size_t>(visit.station);
    e.queue = st.kind == StationKind::Queue;
    e.share = share(visit, st) * probability * visit.count;
    prepare_visit(e.prepared, visit, std::max(1.0, st.servers));
    const std::size_t i = entries_.size();
    if (visit.detached) {
        Load d;
        d.entry = i;
        d.station = e.station;
        d.probability = probability;
        d.count = visit.count;
        d.share = share(visit, st);
        d.servers = std::max(1.0, st.servers);
        d.low_priority = visit.low_priority;
        d.outlives_job = visit.outlives_job;
        d.common = device_in_step(visit, st);
        loads_.push_back(d);
    } else if (e.queue && loaded[e.station]) {
        variable_.push_back(i);
    }
    entries_.push_back(e);
}

void ClosedLevel::set(const Seen& seen, double n, double think) {
    last_x_ = std::numeric_limits<double>::quiet_NaN();  // a new level: nothing to reuse
    terms_changed_ = true;
    std::fill(variant_changed_.begin(), variant_changed_.end(), 1);
    refresh_services(seen, n, think);
    mix_busy_times();
    low_priority_left(think);
    for (StationState& st : stations_) {
        st.busy_per_throughput = 0.0;
        st.ahead_known[0] = st.ahead_known[1] = false;
    }
    for (std::size_t v = 0; v + 1 < variant_end_.size(); ++v) {
        double previous_fg = 0.0;
        for (std::size_t i = variant_end_[v]; i < variant_end_[v + 1]; ++i) {
            prepare_entry(i, previous_fg, seen, n);
        }
    }
}

/// The service parts of the visits whose service depends on what an arrival finds.
void ClosedLevel::refresh_services(const Seen& seen, double n, double think) {
    const double jobs = think <= 0.0 ? n : 0.0;
    for (std::size_t i : dynamic_) {
        const auto st = static_cast<std::size_t>(entries_[i].station);
        entries_[i].parts = entries_[i].visit->service.parts_at(
            {seen.queue[st] + 1.0, std::clamp(seen.busy[st], 0.0, 1.0), jobs});
    }
}

/// Mean and mean residual of the busy time of the requests at each station (the mix of every
/// visit to it), for the request found in service.
void ClosedLevel::mix_busy_times() {
    for (StationState& st : stations_) {
        st.all = {};
        st.low_priority = {};
        st.chosen_first = 0.0;
    }
    for (const Entry& e : entries_) {
        if (e.visit->detached && e.visit->outlives_job) {
            continue;  // never queued ahead of a request: its own wait (open_wait)
        }
        const ServiceParts& p = e.parts;
        StationState& st = stations_[e.station];
        st.all.add(e.share, p.busy(), p.random.var);
        st.chosen_first += e.visit->choice > 1 ? e.share * p.busy() : 0.0;
        if (e.visit->low_priority) {
            st.low_priority.add(e.share, p.busy(), p.random.var);
        }
    }
}

/// Each detached visit's busy time at the level, and what remains of a job's low-priority work
/// when its next request comes, after its think time.
void ClosedLevel::low_priority_left(double think) {
    for (StationState& st : stations_) {
        st.own_low_priority = 0.0;
        st.own_low_priority_place_var = 0.0;
    }
    for (Load& d : loads_) {
        d.busy = entries_[d.entry].parts.busy();
        d.var = entries_[d.entry].parts.random.var;
        if (!d.low_priority) {
            continue;
        }
        const double left = std::max(0.0, d.busy - think) / d.servers;
        const double w = d.probability * d.count;
        StationState& st = stations_[d.station];
        st.own_low_priority += w * d.share * left;
        // derived: each of the w pieces a job leaves lies on a given copy with probability
        // share (a Bernoulli, independent between pieces); whether the job left it is common
        // to the copies, where it lies is not: variance w share (1 - share) left^2 per copy.
        st.own_low_priority_place_var += w * d.share * (1.0 - d.share) * left * left;
    }
}

/// Entry i's constants at the level (its time ahead, service and terms without slow-down);
/// `previous_fg` is what the next overlapped visit of the variant overlaps.
void ClosedLevel::prepare_entry(std::size_t i, double& previous_fg, const Seen& seen, double n) {
    Entry& e = entries_[i];
    const ServiceParts& p = e.parts;
    e.memo_slow = std::numeric_limits<double>::quiet_NaN();
    if (e.visit->detached) {
        return;  // adds nothing to the response (its terms stay 0)
    }
    const double c = e.prepared.servers;
    const double foreground = p.foreground();
    if (e.queue) {
        QueuedAhead ahead = shared_ahead(e, seen, n);
        // A later visit whose job's own low-priority work there an earlier one waited for (a
        // flush) finds only what is left of it (Visit::own_low_priority_left).
        const double left = std::clamp(e.visit->own_low_priority_left, 0.0, 1.0);
        if (left < 1.0) {
            ahead.time -= (1.0 - left) * ahead.own_time;
            ahead.var = std::max(0.0, ahead.var - (1.0 - left * left) * ahead.own_var);
            ahead.own_time *= left;
            ahead.own_var *= left * left;
        }
        // (Streams keep a copy of their own: their service says how they share the copies.)
        if (e.visit->choice > 1 && e.visit->idle_copy_first && !e.visit->stream_arrivals) {
            const StationState& st = stations_[e.station];
            ahead = chosen_ahead(ahead, *e.visit,
                                 st.all.first > 0.0 ? st.chosen_first / st.all.first : 0.0);
        }
        e.with_own = ahead.time + foreground / c;
        e.own = foreground / c;
        e.ahead_var = ahead.var;
        e.prepared.wait_var = sibling_wait_var(*e.visit, net_.stations[e.station], n,
                                               seen.queue[e.station], ahead.per_request);
        // The job's own low-priority work is found (an idle station: 1 - busy) on the copies
        // its writes went to, not alike on every sibling's: that spread is the siblings' own
        // (the fork waits for the one that finds it).
        if (ahead.own_time > 0.0) {
            const StationState& st = stations_[e.station];
            e.prepared.wait_var += (1.0 - std::clamp(ahead.busy, 0.0, 1.0)) * left * left *
                                   st.own_low_priority_place_var;
        }
        if (e.visit->nearest_first) {
            e.prepared.wait_var += random_order_extra_var(ahead.busy, ahead.time);
        }
    }
    e.foreground = foreground;
    prepare_service(e.prepared, p, previous_fg);
    // An overlapped visit extends what the next one overlaps to its own end (derived: stages of
    // one pipeline: the job waits for the slowest, not their sum).
    previous_fg =
        e.visit->overlapped ? std::max(previous_fg, foreground) : overlap_span(e.prepared, p);
    stations_[e.station].busy_per_throughput += e.share * p.busy() / c;
    // A station without detached load is never slowed down (slow = 1 at every x).
    evaluate(i, 1.0);
}

bool ClosedLevel::routed(const Entry& e) const {
    const Visit& v = *e.visit;
    return v.fork < net_.stations[e.station].copies && v.choice <= 1 && !v.nearest_first &&
           !v.stream_arrivals;
}

/// queue_ahead(e), computed once per station, level and spread: it reads of the entry only its
/// station, its servers (the station's), whether its requests are routed at random, and its own
/// busy time where the station's mix has no foreground weight (then it is not shared).
QueuedAhead ClosedLevel::shared_ahead(const Entry& e, const Seen& seen, double n) {
    StationState& st = stations_[e.station];
    const double foreground_weight =
        st.low_priority.first > 0.0 ? st.all.weight - st.low_priority.weight : st.all.weight;
    if (!(foreground_weight > 0.0)) {
        return queue_ahead(e, seen, n);
    }
    const int r = routed(e) ? 1 : 0;
    if (!st.ahead_known[r]) {
        st.ahead[r] = queue_ahead(e, seen, n);
        st.ahead_known[r] = true;
    }
    return st.ahead[r];
}

/// The time queued ahead of entry e's request. Seidmann: a c-server queue ~ a queue with
/// service s/c plus a delay s(c-1)/c. The requests waiting ahead each hold the station for a
/// mean busy time, the one in service (found with the server's busy probability) for its mean
/// residual E[B^2]/(2E[B]) (renewal theory; with exponential service this is plain MVA).
QueuedAhead ClosedLevel::queue_ahead(const Entry& e, const Seen& seen, double n) const {
    const std::size_t k = e.station;
    const StationState& st = stations_[k];
    const BusyMix& mix = st.all;
    const double c = e.prepared.servers;
    Found f;
    f.q = seen.queue[k];
    f.n = n;
    f.servers = c;
    f.busy = seen.busy[k];
    f.low = seen.low_priority[k];
    f.own_busy = e.parts.busy();
    const double mean_b = mix.weight > 0.0 ? mix.first / mix.weight : f.own_busy;
    const double residual = mix.first > 0.0 ? mix.second / (2.0 * mix.first) : 0.0;
    // (work that outlives its job is not ahead of the request: its wait is open_wait)
    const double u = std::clamp(f.busy - f.low, 0.0, std::min(1.0, f.q));
    f.cv2 = squared_cv(mix.weight, mix.first, mix.second, 1.0);
    // How much the time ahead varies (derived): the number of requests found (found_count_var),
    // each its mean busy time, and the residual of the one in service (in_service_extra_var).
    // Copies a request lands on at random are unevenly loaded whatever the service's spread; a
    // fork to every copy, a choice of the shorter queue, nearest-first order or stream arrivals
    // even them out.
    f.spread = routed(e) ? 1.0 : f.cv2;
    if (st.low_priority.first > 0.0) {
        return low_priority_ahead(st, f);
    }
    QueuedAhead a;
    const double per = mean_b / c;
    a.time = mean_b / c * (f.q - u) + u * residual / c;
    a.var = found_count_var(f.q, n, f.spread) * per * per +
            in_service_extra_var(u, residual / c, f.cv2, f.cv2 * per * per);
    a.per_request = mean_b / c;
    a.busy = u;
    return a;
}

void ClosedLevel::background_utilization(double x) {
    for (StationState& st : stations_) {
        st.background = 0.0;
        st.background_low_priority = 0.0;
        st.open_busy = st.open_wait = st.open_wait_var = st.open_common = 0.0;
    }
    open_moments_.assign(stations_.size(), {0.0, 0.0});
    for (const Load& d : loads_) {
        const double u = x * d.probability * d.count * d.share * d.busy / d.servers;
        StationState& st = stations_[d.station];
        st.background += u;
        st.background_low_priority += d.low_priority ? u : 0.0;
        if (d.outlives_job && d.busy > 0.0) {
            const double rate = u / d.busy;  // pieces per second per server
            st.open_busy += u;
            st.open_common += u * d.common;
            open_moments_[d.station][0] += rate;
            open_moments_[d.station][1] += rate * (d.busy * d.busy + d.var);
        }
    }
    for (std::size_t s = 0; s < stations_.size(); ++s) {
        StationState& st = stations_[s];
        if (!(st.open_busy > 0.0)) {
            continue;
        }
        // Found in progress with probability open_busy: its residual E[S^2] / (2 E[S]) (renewal
        // theory), the copy's server (Cobham 1954: a non-preemptive lower class).
        const double rate = open_moments_[s][0];
        const double m2 = open_moments_[s][1] / rate;  // E[S^2]
        const double m1 = st.open_busy / rate;         // E[S]
        const double u = std::min(st.open_busy, 1.0);
        st.open_common /= st.open_busy;
        st.open_wait = u * m2 / (2.0 * m1);
        st.open_wait_var =
            found_residual_var(u, m2 / (2.0 * m1), std::max(0.0, m2 / (m1 * m1) - 1.0));
    }
}

/// Each station's slow-down by the detached load at throughput x, and the terms of the visits
/// at stations with detached load whose slow-down changed.
void ClosedLevel::slow_down(double x) {
    background_utilization(x);
    for (StationState& st : stations_) {
        // Low-priority detached work (a drive's held writes) slows the requests only by what
        // does not fit in the time they leave the station. derived: served while no request
        // waits, it is a queue served by the station's idle time; below its buffer's mark
        // (hundreds of writes) that queue is stable while its work is less than the idle time,
        // and an arrival waits at most for the work in progress (found busy: its residual,
        // Cobham's non-preemptive priority, 1954); beyond that the buffer sits at its mark and
        // the excess is forced ahead of the requests, an open class like other detached work.
        // Work that outlives its job is never forced ahead: beyond the station's capacity the
        // writes wait for room in the device's buffer instead (the asymptotic bound's wait,
        // solve_closed.cpp).
        const double low = st.background_low_priority;
        const double open = st.background - low - st.open_busy;
        const double spare = std::max(0.0, 1.0 - x * st.busy_per_throughput - open);
        const double forced = open + std::max(0.0, low - spare);
        st.slow = 1.0 / (1.0 - std::min(forced, kMaxOpenUtilization));
    }
    for (std::size_t i : variable_) {
        const StationState& st = stations_[entries_[i].station];
        if (!(st.slow == entries_[i].memo_slow && st.open_wait == entries_[i].memo_open)) {
            evaluate(i, st.slow);
        }
    }
}

StepResult ClosedLevel::respond(double x, bool queues) {
    StepResult r;
    respond(x, queues, r);
    return r;
}

void ClosedLevel::respond(double x, bool queues, StepResult& r) {
    r.response = 0.0;
    r.response_var = 0.0;
    if (x == last_x_) {
        // The same throughput as the last call of this level: the same response.
        r.response = last_.response;
        r.response_var = last_.response_var;
        if (queues) {
            add_queues(r);
        }
        return;
    }
    // The slow-downs reach only the visits at stations with detached load (variable_); with
    // none, the response does not depend on x.
    if (!variable_.empty()) {
        slow_down(x);
    }
    if (terms_changed_) {
        double second_moment = 0.0;
        for (std::size_t v = 0; v + 1 < variant_end_.size(); ++v) {
            if (variant_changed_[v]) {
                // Each variant's sum is redone, in the same order, only if one of its terms
                // changed since it was last summed.
                double rv = 0.0, vv = 0.0;
                for (std::size_t i = variant_end_[v]; i < variant_end_[v + 1]; ++i) {
                    rv += entries_[i].mean;
                    vv += entries_[i].var;
                }
                variant_sum_[v] = {rv, vv};
                variant_changed_[v] = 0;
            }
            const double rv = variant_sum_[v].mean;
            const double vv = variant_sum_[v].var;
            const double probability = probability_[v];
            r.response += probability * rv;
            second_moment += probability * (vv + rv * rv);
        }
        r.response_var = std::max(0.0, second_moment - r.response * r.response);
        terms_changed_ = false;
    } else {
        // No visit's terms changed since the last sum (no station's slow-down moved): the same
        // sum in the same order, so the same numbers.
        r.response = last_.response;
        r.response_var = last_.response_var;
    }
    last_x_ = x;
    last_.response = r.response;
    last_.response_var = r.response_var;
    if (queues) {
        add_queues(r);
    }
}

/// Queue lengths and busy fractions per unit of throughput at the last call's throughput.
void ClosedLevel::add_queues(StepResult& r) const {
    const std::size_t ns = net_.stations.size();
    r.queue_per_throughput.assign(ns, 0.0);
    r.busy_per_throughput.resize(ns);
    for (std::size_t s = 0; s < ns; ++s) {
        r.busy_per_throughput[s] = stations_[s].busy_per_throughput;
    }
    for (const Entry& e : entries_) {
        if (!e.visit->detached) {
            r.queue_per_throughput[e.station] += e.share * e.at_station;
        }
    }
}

/// Entry i's response terms and requests present per job/s with its station slowed down by
/// `slow` (1 / (1 - detached utilization)).
void ClosedLevel::evaluate(std::size_t i, double slow) {
    Entry& e = entries_[i];
    double wait = 0.0;                 // time in the queue
    double at_station = e.foreground;  // Little's law: requests present per job/s
    const StationState& st = stations_[e.station];
    if (e.queue) {
        // (and the piece of work that outlives its job found in progress: open_wait)
        wait = e.with_own * slow - e.own + st.open_wait;
        at_station = e.with_own * slow + st.open_wait;
    }
    if (e.prepared.overlapped) {
        // A pipelined visit holds the job on its own only for its wait and its excess.
        at_station = wait + e.prepared.excess;
    }
    // The detached work's slow-down stretches what is queued ahead and adds its own,
    // exponential-like spread (as an open class's wait).
    const double stretch = (slow - 1.0) * e.with_own;
    const double wait_var = e.queue ? slow * slow * e.ahead_var + stretch * stretch : 0.0;
    Terms t;
    if (e.queue && st.open_wait_var > 0.0) {
        // A piece of work that outlives its job is in progress at each sibling's copy or not:
        // the siblings' own spread (the fork's maximum), but for what they find alike
        // (open_common), which is common to them.
        Prepared own = e.prepared;
        own.wait_var += (1.0 - st.open_common) * st.open_wait_var;
        t = terms_at(own, wait, wait_var + st.open_common * st.open_wait_var);
    } else {
        t = terms_at(e.prepared, wait, wait_var);
    }
    e.mean = t.mean;
    e.var = t.var;
    e.at_station = at_station;
    e.memo_slow = slow;
    e.memo_open = st.open_wait;
    terms_changed_ = true;
    variant_changed_[e.variant] = 1;
}

}  // namespace raidadv::queueing::detail
