// A lower bound on evaluate()'s mean response time from the service demands (response_bound.h).

#include "evaluate/response_bound.h"

#include <algorithm>
#include <cmath>

#include "evaluate/network_builder.h"

namespace raidadv {

ResponseBound response_lower_bound(const System& system, const Workload& workload) {
    const BuiltNetwork built = build_network(system, workload);
    const queueing::Network& net = built.network;
    // Per station: busy time per job, per copy and per server, as the closed solve counts it
    // (closed_level.cpp: prepare_entry's share x busy / servers for the foreground, and the
    // same for detached visits as background_utilization, linear in the throughput): the cap
    // on the throughput is on their sum.
    std::vector<double> demand(net.stations.size(), 0.0);
    // And the job's own time at its stations when nothing waits: a visit that is not
    // overlapped adds at least its foreground time (queueing/visit_terms.h, terms_at: the fixed
    // part and the fork's maximum of the random parts plus the wait, which is at least one).
    double alone = 0.0;
    bool fixed_demands = true;
    for (const queueing::JobVariant& variant : net.variants) {
        for (const queueing::Visit& visit : variant.visits) {
            fixed_demands = fixed_demands && !visit.service.at;
            const queueing::Station& st = net.stations[static_cast<std::size_t>(visit.station)];
            if (!visit.overlapped && !visit.detached) {
                const double fg = visit.service.at ? visit.service.foreground_floor_s
                                                   : visit.service.parts.foreground();
                alone += variant.probability * visit.count * std::max(0.0, fg);
            }
            if (st.kind != queueing::StationKind::Queue) {
                continue;
            }
            const double busy =
                visit.service.at ? visit.service.busy_floor_s : visit.service.parts.busy();
            demand[static_cast<std::size_t>(visit.station)] +=
                variant.probability * visit.count * queueing::share(visit, st) *
                std::max(0.0, busy) / std::max(1.0, st.servers);
        }
    }
    const double busiest = demand.empty() ? 0.0 : *std::max_element(demand.begin(), demand.end());
    ResponseBound bound;
    bound.throughput_rises = fixed_demands;
    double log_sum = 0.0;
    bool all_bounded = true;
    for (int n : workload.concurrency) {
        // Denning & Buzen 1978: X(n) <= 1 / D_max, so R(n) = n / X(n) - Z >= n D_max - Z; and
        // the solve's response is at least the sum of the visits' times (solve_closed.cpp).
        const double r = std::max({0.0, n * busiest - workload.think_time_s, alone});
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
