#pragma once
// "What would it take?": the user states a target (a 95th-percentile response time at some
// multiple of today's load, a capacity by some year, drive failures to survive) and the advisor
// answers with the cheapest candidate of its search that meets it, what that changes against
// today's pick, and when today's pick runs out as the data and the load grow.

#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "advisor/advisor.h"

namespace raidadv {
class Catalog;
}

namespace raidadv::advisor {

/// The ranges a target's fields may take (the CLI and the GUI check against these).
namespace target_limits {
inline constexpr double kMinP95Ms = 0.001;  ///< 1 us
inline constexpr double kMaxP95Ms = 1e6;    ///< about 17 minutes
inline constexpr double kMinLoadFactor = 0.01;
inline constexpr double kMaxLoadFactor = 1000.0;
inline constexpr double kMaxCapacityTb = limits::kMaxCapacityGb / 1000.0;
inline constexpr double kMaxYears = limits::kMaxYears;
inline constexpr int kMaxFailures = 8;
}  // namespace target_limits

/// What the user wants to reach. Every field is optional; what is not set keeps the project's
/// own requirement.
struct Target {
    /// 95th-percentile response time at every load point, in seconds; 0 = no limit.
    double p95_s = 0.0;
    /// The project's load points scaled by this (concurrency rounded, at least 1).
    double load_factor = 1.0;
    /// Usable bytes needed; 0 = the project's capacity (grown over `years` if given).
    double capacity_bytes = 0.0;
    /// When the capacity is needed, in years from now; < 0 = not given (the project's horizon).
    double years = -1.0;
    /// Drive failures to survive without data loss; < 0 = the project's requirement.
    int failures = -1;
};

/// The problems with a target, one message per bad field naming it as `names` says (the
/// field's name where the user typed it: a command-line flag or a dialog label) and what is
/// allowed; empty when the target is good.
struct TargetFieldNames {
    std::string p95 = "p95_ms", load_factor = "load_factor", capacity = "capacity_tb",
                years = "years", failures = "failures";
};
std::vector<std::string> check_target(const Target& target, const TargetFieldNames& names = {});

/// When a system runs out as the data and the load grow at the project's growth rate, in years
/// from now; infinity = not within target_limits::kMaxYears (or no growth).
struct RunOut {
    double capacity_year = std::numeric_limits<double>::infinity();
    /// The load (grown from today's) first breaks the p95 target, or saturates without one.
    double load_year = std::numeric_limits<double>::infinity();
};

/// One way to meet the target: a candidate and how it differs from today's pick.
struct TargetOption {
    /// "today's pick", "more drives", "another RAID level", "other drives", "another
    /// controller" or "several changes".
    std::string kind;
    Candidate candidate;               ///< performance at the target's load
    double p95_s = 0.0;                ///< worst 95th percentile over the target's load points
    double extra_usd = 0.0;            ///< cost over today's pick (negative: cheaper)
    std::vector<std::string> changes;  ///< against today's pick, in words
    bool within_budget = true;         ///< the project's budget, if it has one
    RunOut runs_out;                   ///< from today's load and capacity
};

struct TargetAnswer {
    Target target;
    Request request;        ///< the project's question with the target applied (what was searched)
    bool has_pick = false;  ///< the project's own search found a pick
    Candidate today;        ///< today's pick: the project's recommendation
    bool today_meets = false;
    std::string today_problem;    ///< why today's pick does not meet the target
    double today_p95_s = 0.0;     ///< at the target's load (0 if saturated)
    Performance today_at_target;  ///< today's pick measured at the target's load
    RunOut today_runs_out;
    bool found = false;  ///< a candidate meets the target
    TargetOption cheapest;
    std::vector<TargetOption> by_kind;  ///< the cheapest of each kind of change, cheapest first
    long long meeting = 0;              ///< candidates that meet the target
    SearchStats stats;                  ///< of the target's search
    std::vector<std::string> problems;  ///< why nothing meets it, or the target is bad
    std::vector<std::string> assumptions;
    bool cancelled = false;
};

struct TargetOptions {
    /// Today's pick if the caller has it (the GUI's ranking); null = searched here.
    const Candidate* today = nullptr;
    /// As SearchOptions::progress: the fraction done, 0..1; false stops.
    std::function<bool(double fraction_done)> progress;
};

/// The cheapest candidate of the advisor's search under `request` changed by `target` (its
/// budget lifted, so that the answer says what the target costs) that meets the target, the
/// cheapest of each kind of change, and when today's pick and the answer run out. Never throws
/// for a request the project reader accepted; a bad target gives `problems`.
TargetAnswer what_would_it_take(const Request& request, const Catalog& catalog,
                                const Target& target, const TargetOptions& options = {});

/// `request` with `target` applied: the load scaled, the capacity and failures required, no
/// budget limit.
Request apply_target(const Request& request, const Target& target);

/// Whether a candidate meets a target.
struct TargetCheck {
    bool meets = false;
    std::string problem;  ///< why not, in words ("" if it meets it)
    double p95_s = 0.0;   ///< its worst 95th percentile over the load points (0 if saturated)
};

/// Checks `candidate`, whose performance was measured under `applied` (apply_target's
/// request), against `target` and `applied`'s capacity and failure requirements.
TargetCheck check_candidate(const Candidate& candidate, const Request& applied,
                            const Target& target);

/// When `system` runs out from today's data and load (`request`, before the target is applied)
/// growing at the request's growth rate: the year its usable capacity falls short and the year
/// its load first breaks target.p95_s (saturates, if there is no p95 target).
RunOut runs_out(const System& system, double usable_bytes, const Request& request,
                const Target& target);

/// The workload's load points scaled by `factor` (closed concurrency rounded, at least 1).
Workload scaled_load(const Workload& workload, double factor);

}  // namespace raidadv::advisor
