#pragma once
// A lower bound on the mean response time evaluate() gives, from the network's service demands
// alone (no solve): what the advisor's search needs to skip candidates that cannot reach its
// answer without running the model on them.

#include <vector>

#include "system/system.h"
#include "workload/workload.h"

namespace raidadv {

/// Lower bounds on the mean response time of each load point of evaluate(system, workload)
/// and on their geometric mean (what the advisor ranks by); never above what evaluate() gives.
struct ResponseBound {
    std::vector<double> points_s;  ///< per load point, in evaluate()'s order (closed, then open)
    double mean_s = 0.0;           ///< geometric mean of points_s (0 if any point has no bound)
    /// No service depends on the queue: every station's demand is the same at every population,
    /// so the closed solve's throughput does not fall as the population grows (solve_closed.cpp,
    /// raise_to_floor: never below the previous population's, whose is within this capacity).
    bool throughput_rises = false;
};

/// Closed points: the larger of the asymptotic bound R(n) >= n D - Z of every station (Denning &
/// Buzen 1978), with D the station's demand per job and per server (detached work included) at
/// its least service (queueing::Service::floor_at where the service depends on the queue, for
/// at most n requests found: one per job), and the job's visits without waiting (their least
/// foreground times):
/// the closed solve holds the throughput at or below 1 / the busiest station's demand at every
/// population (queueing/solve_closed.cpp, solve_level and raise_to_floor) and its response at
/// or above the sum of the visits' times, so its response is at least this. Open points get no
/// bound (0). Throws as evaluate() does for a system it cannot model.
ResponseBound response_lower_bound(const System& system, const Workload& workload);

}  // namespace raidadv
