// "What would it take?" (target.h): the advisor's search under the project's question changed
// by the target, the cheapest candidate that meets it, and how it differs from today's pick.

#include "advisor/target.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include "advisor/explain.h"
#include "advisor/target_changes.h"

namespace raidadv::advisor {

namespace {

/// A number as a person writes it: whole numbers without an exponent ("1000000"), others to
/// six significant digits ("0.001", "2.5").
std::string number(double value) {
    if (std::isfinite(value) && value == std::round(value) && std::abs(value) < 1e15) {
        return std::to_string(std::llround(value));
    }
    std::ostringstream s;
    s << value;
    return s.str();
}

/// Fraction-done reporter for one stage of the work, [from, to] of the whole.
std::function<bool(double)> stage(const TargetOptions& options, double from, double to) {
    if (!options.progress) {
        return {};
    }
    return [&options, from, to](double f) { return options.progress(from + (to - from) * f); };
}

/// Today's pick: the caller's, or the project's own search's first.
bool find_today(const Request& request, const Catalog& catalog, const TargetOptions& options,
                TargetAnswer& answer) {
    if (options.today != nullptr) {
        answer.today = *options.today;
        answer.has_pick = true;
        return true;
    }
    SearchOptions search;
    search.explain_top = 0;
    search.progress = stage(options, 0.0, 0.4);
    Result today = recommend(request, catalog, search);
    if (today.cancelled) {
        answer.cancelled = true;
        return false;
    }
    if (!today.ranked.empty()) {
        answer.today = std::move(today.ranked.front());
        answer.has_pick = true;
    }
    return true;
}

/// Today's pick measured at the target's load and checked against the target.
void check_today(const Request& applied, const Target& target, TargetAnswer& answer) {
    Candidate at_target = answer.today;
    PerformanceOutcome outcome = measure(at_target.system, applied.workload);
    if (!outcome.feasible) {
        answer.today_meets = false;
        answer.today_problem = outcome.problem;
        return;
    }
    at_target.performance = std::move(outcome.performance);
    answer.today_at_target = at_target.performance;
    const TargetCheck check = check_candidate(at_target, applied, target);
    answer.today_meets = check.meets;
    answer.today_problem = check.problem;
    answer.today_p95_s = check.p95_s;
}

TargetOption make_option(const Candidate& c, double p95_s, const TargetAnswer& answer,
                         const Request& request) {
    TargetOption o;
    o.candidate = c;
    o.p95_s = p95_s;
    const double budget = request.constraints.budget_usd;
    o.within_budget = budget <= 0.0 || c.assessment.total_usd <= budget;
    if (answer.has_pick) {
        o.kind = change_kind(answer.today.system, c.system);
        o.changes = describe_changes(answer.today.system, c.system);
        o.extra_usd = c.assessment.total_usd - answer.today.assessment.total_usd;
    } else {
        o.kind = "new system";
        o.extra_usd = c.assessment.total_usd;
    }
    return o;
}

/// Cheaper first; equal cost: the lower 95th percentile (then the search's order).
bool cheaper(const TargetOption& a, const TargetOption& b) {
    if (a.candidate.assessment.total_usd != b.candidate.assessment.total_usd) {
        return a.candidate.assessment.total_usd < b.candidate.assessment.total_usd;
    }
    return a.p95_s < b.p95_s;
}

/// The candidates of `result` (and today's pick, if it meets the target) that meet it: the
/// cheapest overall and the cheapest of each kind of change.
void choose(const Result& result, const Request& request, const Request& applied,
            const Target& target, TargetAnswer& answer) {
    std::vector<TargetOption> meeting;
    if (answer.has_pick && answer.today_meets && answer.today.assessment.price_known) {
        Candidate today = answer.today;
        today.performance = answer.today_at_target;
        meeting.push_back(make_option(today, answer.today_p95_s, answer, request));
    }
    for (const Candidate& c : result.ranked) {
        const TargetCheck check = check_candidate(c, applied, target);
        if (check.meets && c.assessment.price_known) {
            meeting.push_back(make_option(c, check.p95_s, answer, request));
        }
    }
    answer.meeting = static_cast<long long>(meeting.size());
    if (meeting.empty()) {
        return;
    }
    std::stable_sort(meeting.begin(), meeting.end(), cheaper);
    answer.found = true;
    answer.cheapest = meeting.front();
    std::map<std::string, bool> seen;
    for (const TargetOption& o : meeting) {
        if (!seen[o.kind]) {
            seen[o.kind] = true;
            answer.by_kind.push_back(o);
        }
    }
}

/// The project's limits on the hardware the search may use, in words ("" if none).
std::string project_limits(const Constraints& c) {
    std::vector<std::string> parts;
    parts.push_back("at most " + std::to_string(c.max_drive_bays) + " drive bays");
    const auto list = [&](const std::string& what, const std::vector<std::string>& items) {
        if (!items.empty()) {
            std::string text = what + " ";
            for (std::size_t i = 0; i < items.size(); ++i) {
                text += (i > 0 ? ", " : "") + items[i];
            }
            parts.push_back(text);
        }
    };
    std::vector<std::string> kinds;
    for (DriveKind k : c.drive_kinds) {
        kinds.push_back(k == DriveKind::Hdd ? "HDD" : "SSD");
    }
    list("drive kinds", kinds);
    list("drives", c.drives);
    list("interfaces", c.interfaces);
    list("form factors", c.form_factors);
    list("controllers", c.controllers);
    if (!c.owned_controller.empty()) {
        parts.push_back("the owned controller " + c.owned_controller);
    }
    std::vector<std::string> levels;
    for (RaidLevel l : c.levels) {
        levels.push_back(level_display_name(l));
    }
    list("RAID levels", levels);
    if (c.max_power_w > 0.0) {
        parts.push_back("at most " + number(c.max_power_w) + " W");
    }
    if (c.max_rebuild_hours > 0.0) {
        parts.push_back("rebuilds within " + number(c.max_rebuild_hours) + " h");
    }
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        out += (i > 0 ? "; " : "") + parts[i];
    }
    return out;
}

/// Why nothing meets the target: the search's own rejections, then how close the fastest came.
void explain_nothing(const Result& result, const Request& applied, const Target& target,
                     TargetAnswer& answer) {
    answer.problems.push_back("No candidate in the catalog meets the target.");
    double best = std::numeric_limits<double>::infinity();
    for (const Candidate& c : result.ranked) {
        best = std::min(best, check_candidate(c, applied, target).p95_s);
    }
    if (target.p95_s > 0.0 && std::isfinite(best)) {
        answer.problems.push_back("The lowest 95th percentile found at that load is " +
                                  format_time(best) + ".");
    }
    const std::string limits = project_limits(applied.constraints);
    if (!limits.empty()) {
        answer.problems.push_back("The project's own limits still apply: " + limits + ".");
    }
    // The host's own places for drives bind before the project's bays where it states them (a
    // 5-bay appliance under the default 24 bays): say what they are (advisor/topology.h).
    if (const HostSpec& h = applied.host; h.drive_bays > 0) {
        const auto count = [](int n, const char* what) {
            return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
        };
        std::string where =
            "The host, " + h.info.name + ", has " + count(h.drive_bays, "drive bay");
        if (h.nvme_bays > 0) {
            where += ", " + count(h.nvme_bays, "NVMe bay");
        }
        if (h.m2_slots > 0) {
            where += ", " + count(h.m2_slots, "M.2 socket");
        }
        where += h.pcie_slots > 0 ? " and " + count(h.pcie_slots, "free slot") +
                                        " for controller cards (a JBOD can hang off one)."
                                  : " and no free slot for a controller card.";
        answer.problems.push_back(where);
    }
    for (const auto& [reason, count] : result.stats.rejected) {
        if (count > 0) {
            answer.problems.push_back(std::to_string(count) + " rejected: " + reason);
        }
    }
}

void note_assumptions(const Request& request, const Target& target, TargetAnswer& answer) {
    const Constraints& c = request.constraints;
    if (c.budget_usd > 0.0) {
        answer.assumptions.push_back(
            "The budget is not applied: the answer says what the target costs.");
    }
    if (target.load_factor != 1.0) {
        answer.assumptions.push_back("Every load point is scaled by " + number(target.load_factor) +
                                     " (outstanding requests rounded).");
    }
    if (c.growth_per_year > 0.0) {
        answer.assumptions.push_back("The data and the load grow by " +
                                     number(100.0 * c.growth_per_year) +
                                     "% a year (the project's growth rate).");
    } else {
        answer.assumptions.push_back(
            "The project has no growth rate: nothing runs out as time passes.");
    }
    if (target.p95_s <= 0.0 && request.workload.arrival_rates_per_s.empty()) {
        answer.assumptions.push_back(
            "A load of outstanding requests never saturates: without a p95 target its load "
            "does not run out.");
    }
}

}  // namespace

std::vector<std::string> check_target(const Target& t, const TargetFieldNames& names) {
    namespace L = target_limits;
    std::vector<std::string> out;
    const auto range = [&](const std::string& name, double v, double lo, double hi, bool zero_ok) {
        if (!(std::isfinite(v) && ((zero_ok && v == 0.0) || (v >= lo && v <= hi)))) {
            out.push_back(name + ": must be a number from " + number(lo) + " to " + number(hi) +
                          ", got " + number(v));
        }
    };
    range(names.p95, t.p95_s * 1e3, L::kMinP95Ms, L::kMaxP95Ms, true);
    range(names.load_factor, t.load_factor, L::kMinLoadFactor, L::kMaxLoadFactor, false);
    range(names.capacity, t.capacity_bytes / 1e12, 1e-3, L::kMaxCapacityTb, true);
    if (t.years >= 0.0 || !std::isfinite(t.years)) {
        range(names.years, t.years, 0.0, L::kMaxYears, false);
    }
    if (t.failures > L::kMaxFailures) {
        out.push_back(names.failures + ": must be a whole number from 0 to " +
                      std::to_string(L::kMaxFailures) + ", got " + std::to_string(t.failures));
    }
    return out;
}

Request apply_target(const Request& request, const Target& target) {
    Request r = request;
    r.workload = scaled_load(request.workload, target.load_factor);
    Constraints& c = r.constraints;
    if (target.capacity_bytes > 0.0) {
        c.capacity_bytes = target.capacity_bytes;
        c.growth_per_year = 0.0;  // the stated capacity is what is needed
    } else if (target.years >= 0.0) {
        // derived: compound growth, as Constraints::capacity_needed_bytes, to the target's year.
        c.capacity_bytes = request.constraints.capacity_bytes *
                           std::pow(1.0 + request.constraints.growth_per_year, target.years);
        c.growth_per_year = 0.0;
    }
    if (target.failures >= 0) {
        c.min_failures_tolerated = target.failures;
    }
    c.budget_usd = 0.0;
    return r;
}

TargetCheck check_candidate(const Candidate& candidate, const Request& applied,
                            const Target& target) {
    TargetCheck out;
    const Assessment& a = candidate.assessment;
    const Constraints& c = applied.constraints;
    for (const PointMetrics& p : candidate.performance.points) {
        if (p.saturated) {
            out.problem = "saturates at the target's load (" + component_name(p.bottleneck) + ")";
            out.p95_s = 0.0;
            return out;
        }
        out.p95_s = std::max(out.p95_s, p.p95_response_s);
    }
    if (candidate.performance.points.empty()) {
        out.problem = "not measured at the target's load";
    } else if (target.p95_s > 0.0 && out.p95_s > target.p95_s) {
        out.problem = "95th percentile " + format_time(out.p95_s) + " at the target's load, over " +
                      format_time(target.p95_s);
    } else if (a.usable_bytes < c.capacity_to_provide_bytes()) {
        out.problem = "usable capacity " + format_capacity(a.usable_bytes) + ", under " +
                      format_capacity(c.capacity_to_provide_bytes());
    } else if (a.failures_tolerated < c.min_failures_tolerated) {
        out.problem = "survives " + std::to_string(a.failures_tolerated) +
                      " drive failure(s), not " + std::to_string(c.min_failures_tolerated);
    }
    out.meets = out.problem.empty();
    return out;
}

TargetAnswer what_would_it_take(const Request& request, const Catalog& catalog,
                                const Target& target, const TargetOptions& options) {
    TargetAnswer answer;
    answer.target = target;
    answer.problems = check_target(target);
    if (!answer.problems.empty()) {
        return answer;
    }
    answer.request = apply_target(request, target);
    note_assumptions(request, target, answer);
    if (!find_today(request, catalog, options, answer)) {
        return answer;
    }
    if (answer.has_pick) {
        check_today(answer.request, target, answer);
        answer.today_runs_out =
            runs_out(answer.today.system, answer.today.assessment.usable_bytes, request, target);
    }
    SearchOptions search;
    search.explain_top = 0;
    search.progress = stage(options, options.today != nullptr ? 0.0 : 0.4, 0.9);
    // Every candidate: the target is a 95th percentile at another load, which a candidate
    // skipped for its mean response (advisor/prune.h) may meet at a lower price.
    search.prune = false;
    const Result result = recommend(answer.request, catalog, search);
    answer.stats = result.stats;
    if (result.cancelled) {
        answer.cancelled = true;
        return answer;
    }
    choose(result, request, answer.request, target, answer);
    if (!answer.found) {
        explain_nothing(result, answer.request, target, answer);
        return answer;
    }
    for (std::size_t i = 0; i < answer.by_kind.size(); ++i) {
        TargetOption& o = answer.by_kind[i];
        o.runs_out =
            runs_out(o.candidate.system, o.candidate.assessment.usable_bytes, request, target);
        if (options.progress &&
            !options.progress(0.9 + 0.1 * static_cast<double>(i + 1) /
                                        static_cast<double>(answer.by_kind.size()))) {
            answer.cancelled = true;
            return answer;
        }
    }
    answer.cheapest.runs_out = answer.by_kind.front().runs_out;  // the cheapest leads by_kind
    return answer;
}

}  // namespace raidadv::advisor
