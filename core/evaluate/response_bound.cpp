// A lower bound on evaluate()'s mean response time from the service demands (response_bound.h).

#include "evaluate/response_bound.h"

#include <algorithm>
#include <cmath>

#include "evaluate/network_builder.h"
#include "evaluate/zfs_prefetch.h"
#include "system/working_set.h"

namespace raidadv {

namespace {

struct Demands {
    double busiest = 0.0;  ///< the largest station demand per job, per copy and per server
    double alone = 0.0;    ///< the job's visits without waiting
};

/// The network's demands with every queue-dependent service at its floor for at most
/// `present` requests found.
Demands demands(const queueing::Network& net, double present) {
    // Per station: busy time per job, per copy and per server, as the closed solve counts it
    // (closed_level.cpp: prepare_entry's share x busy / servers for the foreground, and the
    // same for detached visits as background_utilization, linear in the throughput): the cap
    // on the throughput is on their sum. And the job's own time at its stations when nothing
    // waits: a visit that is not overlapped adds at least its foreground time
    // (queueing/visit_terms.h, terms_at: the fixed part and the fork's maximum of the random
    // parts plus the wait, which is at least one).
    std::vector<double> per_station(net.stations.size(), 0.0);
    Demands d;
    for (const queueing::JobVariant& variant : net.variants) {
        for (const queueing::Visit& visit : variant.visits) {
            const queueing::Station& st = net.stations[static_cast<std::size_t>(visit.station)];
            queueing::ServiceFloor f;
            if (visit.service.at) {
                if (visit.service.floor_at) {
                    f = visit.service.floor_at(present);
                }
            } else {
                f = {visit.service.parts.busy(), visit.service.parts.foreground()};
            }
            if (!visit.overlapped && !visit.detached) {
                d.alone += variant.probability * visit.count * std::max(0.0, f.foreground_s);
            }
            if (st.kind == queueing::StationKind::Queue) {
                per_station[static_cast<std::size_t>(visit.station)] +=
                    variant.probability * visit.count * queueing::share(visit, st) *
                    std::max(0.0, f.busy_s) / std::max(1.0, st.servers);
            }
        }
    }
    for (double demand : per_station) {
        d.busiest = std::max(d.busiest, demand);
    }
    return d;
}

}  // namespace

ResponseBound response_lower_bound(const System& system, const Workload& asked) {
    const Workload workload = on_system(system, asked);  // as evaluate() takes it
    // (the write-rate mechanisms at their least work: evaluate() solves them at the rate)
    const BuiltNetwork built = build_network(system, workload, WriteLoad{-1.0, 0, true});
    const queueing::Network& net = built.network;
    bool fixed_demands = true;
    for (const queueing::JobVariant& variant : net.variants) {
        for (const queueing::Visit& visit : variant.visits) {
            fixed_demands = fixed_demands && !visit.service.at;
        }
    }
    ResponseBound bound;
    bound.throughput_rises = fixed_demands;
    double log_sum = 0.0;
    bool all_bounded = true;
    for (int n : workload.concurrency) {
        // ZFS prefetch: the network holds n + depth jobs, the application's n are served from
        // them (evaluate(): R = n / X), so its response can be below its own visits' times.
        const int depth = zfs_prefetch_depth(system, workload, n);
        // A closed level of N jobs finds at most N requests at a station copy (one per job).
        const Demands d = demands(net, static_cast<double>(n + depth));
        // Denning & Buzen 1978: X(n) <= 1 / D_max, so R(n) = n / X(n) - Z >= n D_max - Z; and
        // the solve's response is at least the sum of the visits' times (solve_closed.cpp).
        const double r =
            std::max({0.0, n * d.busiest - workload.think_time_s, depth > 0 ? 0.0 : d.alone});
        bound.points_s.push_back(r);
        all_bounded = all_bounded && r > 0.0;
        log_sum += r > 0.0 ? std::log(r) : 0.0;
    }
    for (std::size_t i = 0; i < workload.arrival_rates_per_s.size(); ++i) {
        bound.points_s.push_back(0.0);
        all_bounded = false;
    }
    if (all_bounded && !bound.points_s.empty()) {
        // derived: as advisor::measure's geometric mean over the load points.
        bound.mean_s = std::exp(log_sum / static_cast<double>(bound.points_s.size()));
    }
    return bound;
}

}  // namespace raidadv
