#pragma once
// The advisor: enumerate systems from the catalog, prune by the constraints, evaluate each with
// the analytic model, rank by the user's weights, keep the Pareto front, and explain the picks.

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "advisor/request.h"
#include "advisor/stripe_rule.h"
#include "advisor/topology.h"
#include "queueing/network.h"
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
    int spare_drives = 0;            ///< hot spares (Request::hot_spares), in bays of their own
    double spares_usd = 0.0;         ///< the spares and the enclosure bays they take
    double power_usd = 0.0;          ///< over the horizon, if the request includes power
    double total_usd = 0.0;
    bool price_known = false;  ///< every part that costs something has a catalog price
    double usd_per_usable_tb = 0.0;
    double power_w = 0.0;         ///< drives, active
    double rebuild_time_s = 0.0;  ///< 0 if the layout has no redundancy
    double mttdl_hours = 0.0;
    double mttr_hours = 0.0;  ///< degraded per failure: replacement delay + rebuild
    double p_ure_during_rebuild = 0.0;
    double p_data_loss = 0.0;          ///< over the planning horizon: both kinds below together
    double p_array_loss = 0.0;         ///< ... from drive failures beyond the redundancy
    double p_unreadable_stripe = 0.0;  ///< ... from a URE in a rebuild with no redundancy left
    /// How the drives attach beyond the controller's own ports (extra cards, SAS expanders,
    /// JBOD enclosures: advisor/topology.h), e.g. "1 x Broadcom HBA 9500-8i + 1 x ..."; empty
    /// when the controller's ports suffice.
    std::string attached_as;
    std::vector<TopologyPart> attached_parts;  ///< the parts behind attached_as, to buy
    std::vector<std::string> assumptions;
    /// Plain-words warnings a buyer should read (risky layout, consumer drives in a 24x7
    /// server, SSD wear, unknown prices).
    std::vector<std::string> warnings;
};

/// Where the user bytes written a day of a wear estimate come from (advisor/wear.h).
enum class WearBasis {
    Stated,      ///< the user's (Constraints::writes_per_day_bytes)
    LoadRate,    ///< the heaviest load point's write rate for the busy hours (open or paced loads)
    DataPerDay,  ///< the data written once a day (closed loads with no pause state no volume)
};

/// SSD wear of a candidate under the workload (advisor/wear.h computes it).
struct Wear {
    bool applies = false;              ///< an SSD with a known endurance rating
    double drive_bytes_per_day = 0.0;  ///< written to each drive per day
    double user_write_Bps = 0.0;       ///< user bytes written a second at the heaviest point
    WearBasis basis = WearBasis::LoadRate;
    double user_bytes_per_day = 0.0;   ///< the day's user bytes (before the layout's amplification)
    double write_amplification = 1.0;  ///< bytes the drives write per byte the user writes
    double years_to_wear_out = 0.0;    ///< endurance / (bytes per day x 365.25)
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
    Wear wear;  ///< SSD wear at the heaviest load point and the request's duty cycle
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
    /// Near-identical candidates folded into this row (same drives, controller and cost,
    /// performance and loss risk within 5%): their short layout names, e.g. "RAID 10 of 8,
    /// 4 disks per span". This row is the simplest of them.
    std::vector<std::string> variants;
    /// Its mean response and the pick's differ by less than the model's 80% error in comparing
    /// two configurations (ties.h): on speed the two cannot be told apart. False for the pick.
    bool speed_tied_with_pick = false;
};

struct Explanation {
    std::string headline;              ///< one line: what and why
    std::vector<std::string> reasons;  ///< bottleneck, write penalty, stripe unit, reliability
    std::vector<std::string> what_would_change;  ///< crossovers and budget steps
};

struct SearchStats {
    long long candidates = 0;  ///< systems enumerated
    long long evaluated = 0;   ///< analytic evaluations run (stripe alternatives included)
    /// Candidates that met every constraint but were never evaluated: their known cost, loss
    /// risk and capacity and a lower bound on their response time show they cannot change the
    /// answer (advisor/prune.h).
    long long skipped = 0;
    std::map<std::string, long long> rejected;  ///< reason -> count
    double seconds = 0.0;
};

struct Result {
    std::vector<Candidate> ranked;    ///< feasible candidates, best first
    std::vector<std::size_t> pareto;  ///< indices into `ranked`
    /// Candidates beyond the budget (up to twice it), for "with $X more" explanations; their
    /// assessments hold the figures, not the assumptions and warnings in words.
    std::vector<Candidate> over_budget;
    std::vector<Explanation> explanations;  ///< for ranked[0..], as many as were asked for
    SearchStats stats;
    std::vector<std::string> problems;  ///< why nothing is recommended, if `ranked` is empty
    /// When nothing fits: the constraint that rules out the most and the ways out (the
    /// cheapest configuration meeting everything else, the most capacity within budget and bays).
    std::vector<std::string> way_out;
    bool cancelled = false;  ///< SearchOptions::progress asked to stop; the rest is incomplete
};

struct SearchOptions {
    int explain_top = 3;  ///< explanations for this many candidates
    int refine_top = 8;   ///< candidates whose stripe unit the model refines
    /// Called now and then (from the searching thread) with the fraction done, 0..1; returning
    /// false stops the search: the result is then marked `cancelled` and holds no ranking.
    std::function<bool(double fraction_done)> progress;
    /// When nothing fits, search again with the budget and then the capacity lifted to name
    /// the way out (Result::way_out). The repeat searches do not look further.
    bool find_way_out = true;
    /// Skip candidates that cannot change the answer (advisor/prune.h): the Pareto front, the
    /// first `exact_top` rows, the stripe refinement and what the explanations name stay as an
    /// evaluation of every candidate gives them; rows further down may be missing (those a
    /// front member dominates), so a re-rank under other weights keeps the front and its best
    /// but not every row below. false: evaluate every candidate.
    bool prune = true;
    int exact_top = 10;  ///< rows (after folding) that stay exactly as without skipping
    /// Threads the model runs on (the search's first pass); 0 = one per processor (at most
    /// 16). The answer and the counts do not depend on it.
    int threads = 0;
    /// The cheapest priced row and the row with the most capacity stay exact too (way_out).
    bool keep_extremes = false;
};

/// Runs the whole search. Never throws for a request the project reader accepted.
Result recommend(const Request& request, const Catalog& catalog, const SearchOptions& options = {});

/// When nothing fits `request`: which constraint binds and what meets everything else (the
/// cheapest configuration without the budget, the most capacity within the budget and bays).
/// `stats` are the failed search's (their most frequent rejection names the binding constraint
/// when lifting the budget or the capacity does not help).
std::vector<std::string> way_out(const Request& request, const Catalog& catalog,
                                 const SearchStats& stats);

/// Re-ranks `result` under the request's weights (no re-evaluation): utilities, order, scores,
/// and the Pareto indices (the front itself does not depend on weights).
void rank(Result& result, const Request& request);

/// Index of the candidate rank() would put first under `weights` (0 if `candidates` is empty),
/// without reordering or copying them.
std::size_t first_under(const std::vector<Candidate>& candidates, const Weights& weights);

/// a is a simpler layout to set up than b: fewer volumes, then no spans, then fewer spans.
bool simpler_layout(const Layout& a, const Layout& b);

/// Folds near-identical candidates (same drive, drive count, level, cost, usable capacity and
/// failures tolerated; mean response and loss probability within 5%; the controller may differ
/// when the cost is the same) into the simplest of them, which keeps the others' short names in
/// Candidate::variants.
void fold_variants(std::vector<Candidate>& candidates);

/// Sets Candidate::pareto: not dominated on response time, cost, loss probability and capacity.
void mark_pareto(std::vector<Candidate>& candidates);

/// Hot spares `policy` gives `layout`: none without redundancy, 1, or one per volume.
int hot_spare_count(const Layout& layout, HotSpares policy);

/// Cost and reliability of a system under the request's horizon and prices. `explain` false:
/// the figures only, without assumptions and warnings in words (the search's screening of
/// candidates before the model runs, and the over-budget candidates it keeps aside).
Assessment assess(const System& system, const Request& request, bool controller_owned,
                  bool explain = true);

/// Performance at the request's load points; `saturated_at` is set (and the rest undefined) if
/// any point saturates.
struct PerformanceOutcome {
    Performance performance;
    bool feasible = false;
    std::string problem;  ///< why not, e.g. "saturated at 500 requests/s (drives)"
    /// The watch stopped the evaluation: not feasible, and performance.points holds the load
    /// points solved before it stopped (the others have PointMetrics::stopped set).
    bool stopped = false;
};
PerformanceOutcome measure(const System& system, const Workload& workload,
                           const queueing::LevelWatch& watch = {});

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

/// The last part of describe(): the controller's name, or on an appliance NAS whose own ports or
/// md build the array, its storage manager ("Synology DSM storage pool (md)").
std::string array_builder_name(const System& system);

}  // namespace raidadv::advisor
