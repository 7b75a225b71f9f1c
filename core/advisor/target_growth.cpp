// "What would it take?" (target.h): the target's load, and when a system runs out as the data
// and the load grow at the project's growth rate.

#include <algorithm>
#include <cmath>

#include "advisor/target.h"

namespace raidadv::advisor {

Workload scaled_load(const Workload& workload, double factor) {
    Workload w = workload;
    for (int& n : w.concurrency) {
        // derived: a closed load point is whole outstanding requests; at least one.
        const double scaled = std::round(static_cast<double>(n) * factor);
        n = static_cast<int>(std::clamp(scaled, 1.0, 1e9));
    }
    for (double& rate : w.arrival_rates_per_s) {
        rate *= factor;
    }
    return w;
}

namespace {

/// Whether `system` holds the workload's load scaled by `factor`: no point saturates and, with
/// a p95 limit, none is above it.
bool holds_load(const System& system, const Workload& workload, double factor, double p95_s) {
    const PerformanceOutcome outcome = measure(system, scaled_load(workload, factor));
    if (!outcome.feasible) {
        return false;
    }
    if (p95_s <= 0.0) {
        return true;
    }
    return std::all_of(outcome.performance.points.begin(), outcome.performance.points.end(),
                       [&](const PointMetrics& p) { return p.p95_response_s <= p95_s; });
}

/// derived: data growing by a fraction g a year reach `need` x (1 + g)^t after t years, so a
/// capacity `have` lasts t = ln(have / need) / ln(1 + g) years.
double capacity_run_out(double have, double need, double growth) {
    if (need <= 0.0) {
        return std::numeric_limits<double>::infinity();
    }
    if (have < need) {
        return 0.0;
    }
    if (!(growth > 0.0)) {
        return std::numeric_limits<double>::infinity();
    }
    const double years = std::log(have / need) / std::log1p(growth);
    return years > target_limits::kMaxYears ? std::numeric_limits<double>::infinity() : years;
}

/// The first year the load, grown by (1 + g)^t (derived: the load taken to grow as the data
/// do), no longer holds: a yearly scan, then bisection to about a day.
double load_run_out(const System& system, const Workload& workload, double growth, double p95_s) {
    if (!holds_load(system, workload, 1.0, p95_s)) {
        return 0.0;
    }
    if (!(growth > 0.0)) {
        return std::numeric_limits<double>::infinity();
    }
    const auto factor = [&](double years) { return std::pow(1.0 + growth, years); };
    double lo = 0.0;
    double hi = 1.0;
    while (hi <= target_limits::kMaxYears && holds_load(system, workload, factor(hi), p95_s)) {
        lo = hi;
        hi += 1.0;
    }
    if (hi > target_limits::kMaxYears) {
        return std::numeric_limits<double>::infinity();
    }
    for (int i = 0; i < 9; ++i) {  // 2^-9 of a year: under a day
        const double mid = 0.5 * (lo + hi);
        (holds_load(system, workload, factor(mid), p95_s) ? lo : hi) = mid;
    }
    return hi;
}

}  // namespace

RunOut runs_out(const System& system, double usable_bytes, const Request& request,
                const Target& target) {
    const Constraints& c = request.constraints;
    RunOut out;
    out.capacity_year = capacity_run_out(usable_bytes, c.capacity_bytes, c.growth_per_year);
    out.load_year = load_run_out(system, request.workload, c.growth_per_year, target.p95_s);
    return out;
}

}  // namespace raidadv::advisor
