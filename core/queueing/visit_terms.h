#pragma once
// Internal to the solver (closed_level.cpp, solve_closed.cpp, solve_open.cpp): one visit's
// contribution to a job's response time given its wait, and the spread of that wait.
// Fork-join: maximum of k sub-request times by Clark's normal approximation (order_statistics.h).

#include <algorithm>

#include "queueing/network.h"
#include "queueing/order_statistics.h"

namespace raidadv::queueing::detail {

/// Weight and weighted first and second moments of the busy times of a mix of visits.
struct BusyMix {
    double weight = 0.0;
    double first = 0.0;
    double second = 0.0;

    void add(double w, double busy, double random_var) {
        weight += w;
        first += w * busy;
        second += w * (busy * busy + random_var);
    }
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

/// The visit's constants: whether it overlaps, its count, servers and fork factors.
void prepare_visit(Prepared& v, const Visit& visit, double servers);

/// The visit's service `p` at one level. `previous_foreground` is the foreground time of the
/// last visit that was not overlapped: a pipelined (overlapped) visit only adds what exceeds it.
void prepare_service(Prepared& v, const ServiceParts& p, double previous_foreground);

/// One visit's contribution to a job's response mean and variance, given the waiting time in
/// the station's queue. Inline: called for every visit at every step of a solve.
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
    // requests found vary: ClosedLevel::set; Takacs' M/G/1 spread in solve_open) to the variance.
    const double ahead = wait * v.servers / v.busy;
    const MaxMoments mm =
        max_of_iid(v.factors, v.random_mean + wait, v.own_var + v.random_var * ahead + v.wait_var);
    return {v.count * (v.base + mm.mean), v.count * (mm.var + wait_var)};
}

/// What an overlapped visit after `v` overlaps: v's own time without waiting, its electronics
/// delay included, the fork's longest sub-request for a fork (derived: a pipelined stage after a
/// fork-join runs while the slowest sibling still works).
double overlap_span(const Prepared& v, const ServiceParts& p);

/// Squared coefficient of variation of a mix of busy times given its total weight and weighted
/// first and second moments (`otherwise` when there are none), at least 0.
double squared_cv(double weight, double first, double second, double otherwise);

/// Extra variance of the wait at a queue that serves in its own order, over the wait's
/// `wait_s` in order of arrival, with the server busy with probability `busy`. A disk that
/// chooses the nearest request picks a given one at each decision about as if at random (the
/// head moves between decisions), so its order is taken as random order of service, whose
/// waiting time has second moment 2 / (2 - rho) times first-come-first-served's in M/G/1
/// (Kingman 1962, "On queues in which customers are served in random order"; Takacs 1963);
/// derived: with the closed level's wait taken as its mean (the requests ahead are known), the
/// extra is (2 / (2 - rho) - 1) wait^2. It is a sibling's own: each disk chooses on its own.
double random_order_extra_var(double busy, double wait_s);

}  // namespace raidadv::queueing::detail
