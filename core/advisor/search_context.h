#pragma once
// The search's working state, shared by the enumeration (search.cpp) and the evaluation of the
// candidates it keeps (search_evaluate.cpp). Internal to the advisor.

#include <algorithm>
#include <cstddef>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "advisor/advisor.h"
#include "advisor/prune.h"
#include "advisor/topology.h"
#include "evaluate/response_bound.h"
#include "reliability/reliability.h"

namespace raidadv::advisor::detail {

/// A controller the search may use, with what it needs from the catalog resolved.
struct ControllerChoice {
    ControllerSpec spec;
    LinkSpec host_link;
    bool owned = false;
    std::set<RaidLevel> levels;
    std::vector<std::string> accepts;
    std::vector<double> stripe_units;  ///< the allowed units this controller offers
    /// The read policy its build plan sets (build_plan.h: controller_read_ahead, where the
    /// controller's tool sets one: MegaRAID and PERC); else the controller's default, adaptive.
    ControllerReadAhead read_ahead = ControllerReadAhead::Adaptive;
};

/// A candidate that met every constraint the model is not needed for: how to build it again
/// (indices into the Context's tables, the layout with its stripe unit) and what is known of it.
struct Pending {
    std::size_t drive = 0;
    std::size_t choice = 0;
    std::size_t plan = 0;
    std::size_t rule = 0;
    Layout layout;
    Outlook outlook;
};

struct Context {
    Context(const Request& r, const Catalog& c, const SearchOptions& o)
        : request(r), catalog(c), options(o) {}

    const Request& request;
    const Catalog& catalog;
    const SearchOptions& options;
    std::map<std::string, LinkSpec> links;
    std::vector<double> stripe_units;
    double capacity_needed = 0.0;
    Result result;
    std::vector<DriveSpec> drives;
    std::vector<ControllerChoice> controllers;
    std::vector<EnclosureSpec> enclosures;
    std::vector<AttachmentPlan> plans;
    /// The plan with hot spares by (plan of the array's drives, spares): an index into
    /// `plans`, or SIZE_MAX for none (the spares do not fit).
    std::map<std::pair<std::size_t, int>, std::size_t> spare_plans;
    std::vector<StripeRule> rules;
    std::vector<Pending> pending;  ///< in enumeration order
    /// The model's verdicts by performance_key(): systems that differ only in names and
    /// prices are evaluated once.
    std::unordered_map<std::string, PerformanceOutcome> measured;
    /// The response-time bounds by performance_key(), for the same reason.
    std::unordered_map<std::string, ResponseBound> bounds;
    /// The reliability figures of the candidates' screening (consider()).
    std::unordered_map<std::string, ReliabilityResult> reliability;

    void reject(const std::string& reason) { ++result.stats.rejected[reason]; }
    /// Reports progress; false (and `result.cancelled` set) once the caller asked to stop.
    bool keep_going(double fraction_done) {
        if (!result.cancelled && options.progress &&
            !options.progress(std::clamp(fraction_done, 0.0, 1.0))) {
            result.cancelled = true;
        }
        return !result.cancelled;
    }
};

/// Share of the progress bar the enumeration takes, and the end of the evaluation's share; the
/// stripe refinement takes the rest.
inline constexpr double kEnumerationShare = 0.2;
inline constexpr double kEvaluationEnd = 0.9;

/// Reliability figures by reliability_key().
using ReliabilityMemo = std::unordered_map<std::string, ReliabilityResult>;

/// What the reliability figures of a system depend on within one search (empty: no reuse).
std::string reliability_key(const System& system);

/// advisor::assess; with `memo`, and `explain` false, the reliability figures of a drive and
/// layout already assessed are taken from it (the same inputs, so the same figures).
Assessment assess(const System& system, const Request& request, bool controller_owned, bool explain,
                  ReliabilityMemo* memo);

/// The system `p` stands for, named unless `named` is false (describe() formats text; the model,
/// the bounds, the assessment and the performance key do not read the name).
System build_system(const Context& ctx, const Pending& p, bool named = true);

/// What evaluate() reads of a system within one search, as a key: systems with equal keys get
/// equal evaluations (empty: no key, evaluate it on its own).
std::string performance_key(const System& system);

/// Runs the model on the pending candidates, skipping those that cannot change the answer
/// (prune.h), refines the stripe units of the leading ones, and leaves the finished ranking
/// (folded, the front marked) in ctx.result.
void evaluate_and_rank(Context& ctx);

}  // namespace raidadv::advisor::detail
