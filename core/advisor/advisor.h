#pragma once
// The advisor: enumerate systems from the catalog, prune by the constraints, evaluate each with
// the analytic model, rank by the user's weights, keep the Pareto front, and explain the picks.

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "advisor/request.h"
#include "advisor/stripe_rule.h"
#include "system/metrics.h"
#include "system/system.h"

namespace raidadv {
class Catalog;
}

namespace raidadv::advisor {

/// Cost and reliability of one candidate (no workload needed).
struct Assessment {
    double usable_bytes = 0.0;
    int failures_tolerated = 0;
    double drives_usd = 0.0;
    double controller_usd = 0.0;
    double enclosure_usd = 0.0;
    double raid_software_usd = 0.0;  ///< the controller's RAID software, unless owned
    double power_usd = 0.0;          ///< over the horizon, if the request includes power
    double total_usd = 0.0;
    bool price_known = false;  ///< every part that costs something has a catalog price
    double usd_per_usable_tb = 0.0;
    double power_w = 0.0;         ///< drives, active
    double rebuild_time_s = 0.0;  ///< 0 if the layout has no redundancy
    double mttdl_hours = 0.0;
    double p_ure_during_rebuild = 0.0;
    double p_data_loss = 0.0;  ///< over the planning horizon
    std::vector<std::string> assumptions;
};

/// The model's verdict on one candidate at the user's load points.
struct Performance {
    std::vector<PointMetrics> points;
    double mean_response_s = 0.0;  ///< geometric mean over the load points
    double throughput = 0.0;       ///< at the heaviest load point (requests or files per second)
    double mb_per_s = 0.0;         ///< at the heaviest load point
    std::string bottleneck;        ///< at the heaviest load point
    double bottleneck_utilization = 0.0;
    double disk_ios_per_job = 0.0;
};

/// The model's mean response time with one stripe unit (the stripe-unit sensitivity).
struct StripeTrial {
    double unit_bytes = 0.0;
    bool feasible = false;         ///< false: saturated or not evaluable with this unit
    double mean_response_s = 0.0;  ///< geometric mean over the load points, if feasible
};

struct Candidate {
    System system;
    Assessment assessment;
    Performance performance;
    StripeRule stripe_rule;                  ///< the rule's unit for this drive at the user's load
    std::vector<double> stripes_tried;       ///< units the model compared (empty if unstriped)
    std::vector<StripeTrial> stripe_trials;  ///< the model's verdict per unit, ascending
    double utility = 0.0;  ///< weighted log-utility (higher is better); see rank()
    double score = 0.0;    ///< utility rescaled to 0..100 over the feasible candidates
    bool pareto = false;   ///< on the Pareto front of performance, cost, loss risk, capacity
};

struct Explanation {
    std::string headline;              ///< one line: what and why
    std::vector<std::string> reasons;  ///< bottleneck, write penalty, stripe unit, reliability
    std::vector<std::string> what_would_change;  ///< crossovers and budget steps
};

struct SearchStats {
    long long candidates = 0;  ///< systems enumerated
    long long evaluated = 0;   ///< analytic evaluations run (stripe alternatives included)
    std::map<std::string, long long> rejected;  ///< reason -> count
    double seconds = 0.0;
};

struct Result {
    std::vector<Candidate> ranked;    ///< feasible candidates, best first
    std::vector<std::size_t> pareto;  ///< indices into `ranked`
    /// Candidates beyond the budget (up to twice it), for "with $X more" explanations.
    std::vector<Candidate> over_budget;
    std::vector<Explanation> explanations;  ///< for ranked[0..], as many as were asked for
    SearchStats stats;
    std::vector<std::string> problems;  ///< why nothing is recommended, if `ranked` is empty
    bool cancelled = false;  ///< SearchOptions::progress asked to stop; the rest is incomplete
};

struct SearchOptions {
    int explain_top = 3;  ///< explanations for this many candidates
    int refine_top = 8;   ///< candidates whose stripe unit the model refines
    /// Called now and then (from the searching thread) with the fraction done, 0..1; returning
    /// false stops the search: the result is then marked `cancelled` and holds no ranking.
    std::function<bool(double fraction_done)> progress;
};

/// Runs the whole search. Never throws for a request the project reader accepted.
Result recommend(const Request& request, const Catalog& catalog, const SearchOptions& options = {});

/// Re-ranks `result` under the request's weights (no re-evaluation): utilities, order, scores,
/// and the Pareto indices (the front itself does not depend on weights).
void rank(Result& result, const Request& request);

/// Index of the candidate rank() would put first under `weights` (0 if `candidates` is empty),
/// without reordering or copying them.
std::size_t first_under(const std::vector<Candidate>& candidates, const Weights& weights);

/// Sets Candidate::pareto: not dominated on response time, cost, loss probability and capacity.
void mark_pareto(std::vector<Candidate>& candidates);

/// Cost and reliability of a system under the request's horizon and prices.
Assessment assess(const System& system, const Request& request, bool controller_owned);

/// Performance at the request's load points; `saturated_at` is set (and the rest undefined) if
/// any point saturates.
struct PerformanceOutcome {
    Performance performance;
    bool feasible = false;
    std::string problem;  ///< why not, e.g. "saturated at 500 requests/s (drives)"
};
PerformanceOutcome measure(const System& system, const Workload& workload);

/// Probability of data loss after `years` of service (1 - survival, core/reliability).
struct LossPoint {
    double years = 0.0;
    double p_data_loss = 0.0;
};
/// Loss probability from 0 to `last_years` in `steps` equal steps (steps >= 1), under the
/// request's rebuild share: the curve whose end at the horizon is Assessment::p_data_loss.
std::vector<LossPoint> loss_over_time(const System& system, const Request& request,
                                      double last_years, int steps);

/// Short human name: "6 x Seagate ST31200W, RAID 5, 64 KiB stripe, on Sun SSA".
std::string describe(const System& system);

}  // namespace raidadv::advisor
