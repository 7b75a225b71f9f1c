// The search: catalog drives x controllers x drive counts x layouts, pruned by the constraints
// before the model runs, then the stripe unit refined by the model for the leading candidates.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "advisor/advisor.h"
#include "advisor/buyer_rules.h"
#include "advisor/dominance.h"
#include "advisor/explain.h"
#include "advisor/layouts.h"
#include "advisor/topology.h"
#include "advisor/wear.h"
#include "catalog/catalog.h"
#include "layout/geometry.h"

namespace raidadv::advisor {

namespace {

template <typename T>
bool allowed(const std::vector<T>& list, const T& value) {
    return list.empty() || std::find(list.begin(), list.end(), value) != list.end();
}

std::vector<std::string> split_list(const std::string& text) {
    std::vector<std::string> items;
    std::string item;
    std::istringstream in(text);
    while (std::getline(in, item, ',')) {
        item.erase(0, item.find_first_not_of(" \t"));
        item.erase(item.find_last_not_of(" \t") + 1);
        if (!item.empty()) {
            items.push_back(item);
        }
    }
    return items;
}

/// Levels a controller builds ("0,1,01,5" in the catalog); independent drives always work.
std::set<RaidLevel> controller_levels(const ControllerSpec& c) {
    std::set<RaidLevel> levels{RaidLevel::Simple};
    const auto names = split_list(c.levels);
    if (names.empty()) {
        std::size_t count = 0;
        const RaidLevel* all = all_raid_levels(count);
        levels.insert(all, all + count);
        return levels;
    }
    for (const std::string& name : names) {
        if (auto level = raid_level_from_string("raid" + name)) {
            levels.insert(*level);
        } else if (auto plain = raid_level_from_string(name)) {
            levels.insert(*plain);
        }
    }
    return levels;
}

/// The units of `units` (sorted) that the controller's RAID offers: all of them when it states
/// no limits (host software RAID stripes at any power of two).
std::vector<double> offered_stripe_units(const std::vector<double>& units,
                                         const ControllerSpec& ctl) {
    std::vector<double> out;
    for (double u : units) {
        if ((ctl.min_stripe_bytes <= 0.0 || u >= ctl.min_stripe_bytes) &&
            (ctl.max_stripe_bytes <= 0.0 || u <= ctl.max_stripe_bytes)) {
            out.push_back(u);
        }
    }
    return out;
}

/// The load the array sees, for the stripe rule: the largest closed concurrency, or Little's law
/// at the highest arrival rate with a typical 10 ms response (derived: N = X R).
double design_concurrency(const Workload& w) {
    double n = 1.0;
    for (int c : w.concurrency) {
        n = std::max(n, static_cast<double>(c));
    }
    for (double rate : w.arrival_rates_per_s) {
        n = std::max(n, rate * 0.010);
    }
    return n;
}

struct Context {
    const Request& request;
    const Catalog& catalog;
    std::map<std::string, LinkSpec> links;
    std::vector<double> stripe_units;
    double capacity_needed = 0.0;
    Result result;
    const std::function<bool(double)>* progress = nullptr;

    void reject(const std::string& reason) { ++result.stats.rejected[reason]; }
    /// Reports progress; false (and `result.cancelled` set) once the caller asked to stop.
    bool keep_going(double fraction_done) {
        if (!result.cancelled && progress != nullptr && *progress &&
            !(*progress)(std::clamp(fraction_done, 0.0, 1.0))) {
            result.cancelled = true;
        }
        return !result.cancelled;
    }
};

/// Share of the progress bar the enumeration takes; the stripe refinement takes the rest.
constexpr double kEnumerationShare = 0.9;

/// "At this load the drives' rated endurance lasts about 7.5 years": the wear warning.
std::string wear_warning(const Candidate& cand, const Constraints& c) {
    const Wear& w = cand.performance.wear;
    char text[320];
    std::snprintf(text, sizeof text,
                  "SSD wear: about %.0f GB written to each drive per day (%.0f busy hours, write "
                  "amplification %.1f), so the rated %.0f TBW lasts about %.1f years, near the "
                  "%.0f-year horizon.",
                  w.drive_bytes_per_day / 1e9, c.busy_hours_per_day, w.write_amplification,
                  cand.system.drive.endurance_bytes / 1e12, w.years_to_wear_out, c.horizon_years);
    return text;
}

/// Builds the system and either keeps it (feasible), parks it (over budget) or rejects it.
void consider(Context& ctx, System system, bool owned, const StripeRule& rule,
              const AttachmentPlan& plan, int slots) {
    const Constraints& c = ctx.request.constraints;
    ++ctx.result.stats.candidates;
    const Layout& layout = system.layout;
    if (failures_tolerated(layout) < c.min_failures_tolerated) {
        ctx.reject("tolerates fewer failures than required");
        return;
    }
    if (system.total_drives() + hot_spare_count(layout, ctx.request.hot_spares) > slots) {
        ctx.reject("no bay or port left for the hot spare");
        return;
    }
    if (usable_bytes(layout, system.drive.capacity_bytes) < ctx.capacity_needed) {
        ctx.reject("too little usable capacity");
        return;
    }
    if (is_striped(layout.level)) {
        system.layout.stripe_unit_bytes = rule.rounded_bytes;
    }
    system.name = describe(system);
    Candidate cand;
    cand.assessment = assess(system, ctx.request, owned);
    add_plan_cost(plan, cand.assessment);  // topology (issue 25): extra cards, expanders, JBODs
    const Assessment& a = cand.assessment;
    if (c.max_rebuild_hours > 0.0 && a.rebuild_time_s > c.max_rebuild_hours * 3600.0) {
        ctx.reject("rebuild takes longer than allowed");
        return;
    }
    if (c.max_power_w > 0.0 && a.power_w > c.max_power_w) {
        ctx.reject("draws more power than allowed");
        return;
    }
    // A part without a price stays in the search ("price unknown", ranked after the priced
    // candidates) unless cost is all that counts: then it cannot be compared at all.
    const Weights& w = ctx.request.weights;
    const bool cost_only =
        w.cost > 0.0 && w.performance <= 0.0 && w.reliability <= 0.0 && w.capacity <= 0.0;
    if (cost_only && !a.price_known) {
        ctx.reject("a part has no price in the catalog");
        return;
    }
    cand.system = std::move(system);
    cand.stripe_rule = rule;
    if (c.budget_usd > 0.0 && a.total_usd > c.budget_usd) {
        if (a.total_usd <= 2.0 * c.budget_usd) {
            ctx.result.over_budget.push_back(std::move(cand));
        }
        ctx.reject("over budget");
        return;
    }
    ++ctx.result.stats.evaluated;
    PerformanceOutcome outcome = measure(cand.system, ctx.request.workload);
    if (!outcome.feasible) {
        ctx.reject(outcome.problem.rfind("saturated", 0) == 0 ? "saturated at the workload's load"
                                                              : "not evaluable");
        return;
    }
    cand.performance = std::move(outcome.performance);
    Wear& wear = cand.performance.wear;
    wear = ssd_wear(cand.system, ctx.request.workload, cand.performance.points.back(),
                    c.busy_hours_per_day);
    if (wear.applies && wear.years_to_wear_out < c.horizon_years) {
        ctx.reject("SSDs wear out before the horizon");
        return;
    }
    if (wear.applies && wear.years_to_wear_out < 2.0 * c.horizon_years) {
        cand.assessment.warnings.push_back(wear_warning(cand, c));
    }
    ctx.result.ranked.push_back(std::move(cand));
}

/// A controller the search may use, with what it needs from the catalog resolved.
struct ControllerChoice {
    ControllerSpec spec;
    LinkSpec host_link;
    bool owned = false;
    std::set<RaidLevel> levels;
    std::vector<std::string> accepts;
    std::vector<double> stripe_units;  ///< the allowed units this controller offers
};

std::vector<ControllerChoice> eligible_controllers(Context& ctx) {
    const Constraints& c = ctx.request.constraints;
    std::vector<ControllerChoice> out;
    for (ControllerSpec& ctl : ctx.catalog.controllers()) {
        const bool owned = !c.owned_controller.empty() && ctl.info.id == c.owned_controller;
        if (!c.owned_controller.empty() && !owned) {
            continue;
        }
        if (!owned && (!allowed(c.controllers, ctl.info.id) || !in_era(ctl.info, c))) {
            continue;
        }
        const auto host_link = ctx.links.find(ctl.host_link);
        if (host_link == ctx.links.end()) {
            ctx.reject("controller has no host link in the catalog");
            continue;
        }
        ControllerChoice choice;
        choice.levels = controller_levels(ctl);
        choice.accepts = split_list(ctl.drive_interfaces);
        choice.host_link = host_link->second;
        choice.owned = owned;
        choice.stripe_units = offered_stripe_units(ctx.stripe_units, ctl);
        choice.spec = std::move(ctl);
        out.push_back(std::move(choice));
    }
    return out;
}

/// The controllers that take `drive` and that no other such controller dominates.
std::vector<const ControllerChoice*> controllers_for(const DriveSpec& drive,
                                                     const std::vector<ControllerChoice>& all,
                                                     Context& ctx) {
    std::vector<const ControllerChoice*> fit;
    for (const ControllerChoice& c : all) {
        if (c.accepts.empty() || allowed(c.accepts, drive.interface)) {
            fit.push_back(&c);
        }
    }
    std::vector<const ControllerChoice*> kept;
    for (const ControllerChoice* c : fit) {
        const bool dominated = std::any_of(fit.begin(), fit.end(), [&](const ControllerChoice* o) {
            return o != c && !c->owned &&
                   controller_dominates(o->spec, o->host_link.bandwidth_Bps, c->spec,
                                        c->host_link.bandwidth_Bps);
        });
        if (dominated) {
            ctx.reject("controller dominated (costs more, no better)");
        } else {
            kept.push_back(c);
        }
    }
    return kept;
}

void enumerate(Context& ctx) {
    const Request& req = ctx.request;
    const Constraints& c = req.constraints;
    std::vector<DriveSpec> drives;
    for (DriveSpec& d : ctx.catalog.drives()) {
        if (allowed(c.drives, d.info.id) && allowed(c.drive_kinds, d.kind) &&
            allowed(c.interfaces, d.interface) && allowed(c.form_factors, d.form_factor) &&
            in_era(d.info, c)) {
            if (const std::string why = drive_refused(d, c); !why.empty()) {
                ctx.reject(why);
                continue;
            }
            drives.push_back(std::move(d));
        }
    }
    const std::size_t before = drives.size();
    drives = undominated_drives(std::move(drives));
    ctx.result.stats.rejected["drive dominated (costs more, no better)"] +=
        static_cast<long long>(before - drives.size());
    std::vector<RaidLevel> levels = c.levels;
    if (levels.empty()) {
        std::size_t count = 0;
        const RaidLevel* all = all_raid_levels(count);
        levels.assign(all, all + count);
    }
    const double design_n = design_concurrency(req.workload);
    const std::vector<ControllerChoice> controllers = eligible_controllers(ctx);
    const std::vector<EnclosureSpec> enclosures = ctx.catalog.enclosures();  // topology
    for (std::size_t d = 0; d < drives.size(); ++d) {
        if (!ctx.keep_going(kEnumerationShare * static_cast<double>(d) /
                            static_cast<double>(drives.size()))) {
            return;
        }
        const DriveSpec& drive = drives[d];
        const auto link = ctx.links.find(drive.interface);
        if (link == ctx.links.end()) {
            continue;
        }
        for (const ControllerChoice* choice : controllers_for(drive, controllers, ctx)) {
            const ControllerSpec& ctl = choice->spec;
            const std::vector<double>& units = choice->stripe_units;
            const StripeRule rule =
                units.empty() ? StripeRule{} : chen_patterson_stripe_unit(drive, design_n, units);
            // Topology (issue 25): ports, cards, expanders and JBODs decide how many fit.
            const int max_drives = std::min(
                c.max_drive_bays,
                max_attachable({req.host, drive, ctl, 0, enclosures, ctx.links}));
            for (int n : drive_counts(max_drives)) {
                const AttachmentPlan plan =
                    plan_attachment({req.host, drive, ctl, n, enclosures, ctx.links});
                if (!plan.feasible) {
                    ctx.reject("cannot be attached to the host (ports, slots or bays)");
                    continue;
                }
                // Costs only grow with n: stop once even the drives alone are far over budget.
                if (c.budget_usd > 0.0 && drive.info.price_usd > 0.0 &&
                    n * drive.info.price_usd > 2.0 * c.budget_usd) {
                    break;
                }
                for (RaidLevel level : levels) {
                    if (choice->levels.count(level) == 0) {
                        continue;
                    }
                    if (units.empty() && is_striped(level)) {
                        ctx.result.stats
                            .rejected["no allowed stripe unit that the controller offers"] += 1;
                        continue;
                    }
                    // Host software RAID (an HBA with RAID levels: Linux md) builds raid10 on 3.
                    const bool md = ctl.kind == ControllerKind::Hba && !ctl.levels.empty();
                    for (const Layout& layout : layouts_for(level, n, req.can_spread_over_volumes,
                                                            c.min_failures_tolerated, md)) {
                        System system;
                        system.drive = drive;
                        system.layout = layout;
                        system.controller = ctl;
                        system.write_back_cache = ctl.battery_backed;
                        system.drive_write_cache =
                            c.power_loss_safe_writes ? DriveWriteCache::Off : DriveWriteCache::Auto;
                        system.drive_link = link->second;
                        system.drives_per_link = link->second.shared  // a bus; else a lane each
                                                     ? (n + ctl.ports - 1) / std::max(1, ctl.ports)
                                                     : 1;
                        system.host_link = choice->host_link;
                        system.host = req.host;
                        apply_plan(plan, system);  // a shared expander uplink, if any
                        consider(ctx, std::move(system), choice->owned, rule, plan, max_drives);
                    }
                }
            }
        }
    }
}

/// The model checks the stripe unit: every allowed unit is tried for the leading striped
/// candidates and the fastest kept (the rule's unit wins ties: it is the grounded default).
void refine_stripes(Context& ctx, int top) {
    auto& ranked = ctx.result.ranked;
    int refined = 0;
    for (std::size_t i = 0; i < ranked.size() && refined < top; ++i) {
        Candidate& cand = ranked[i];
        if (!is_striped(cand.system.layout.level)) {
            continue;
        }
        if (!ctx.keep_going(kEnumerationShare + (1.0 - kEnumerationShare) *
                                                    static_cast<double>(refined) /
                                                    static_cast<double>(std::max(1, top)))) {
            return;
        }
        ++refined;
        const double rule_unit = cand.system.layout.stripe_unit_bytes;
        const double rule_response = cand.performance.mean_response_s;
        for (double unit : offered_stripe_units(ctx.stripe_units, cand.system.controller)) {
            cand.stripes_tried.push_back(unit);
            if (unit == rule_unit) {
                cand.stripe_trials.push_back({unit, true, rule_response});
                continue;
            }
            System trial = cand.system;
            trial.layout.stripe_unit_bytes = unit;
            ++ctx.result.stats.evaluated;
            PerformanceOutcome outcome = measure(trial, ctx.request.workload);
            cand.stripe_trials.push_back(
                {unit, outcome.feasible,
                 outcome.feasible ? outcome.performance.mean_response_s : 0.0});
            // derived: ask for a 1% gain before moving off the rule's unit (model noise level).
            if (outcome.feasible &&
                outcome.performance.mean_response_s < 0.99 * cand.performance.mean_response_s) {
                trial.name = describe(trial);
                cand.system = std::move(trial);
                cand.performance = std::move(outcome.performance);
            }
        }
    }
}

}  // namespace

double Constraints::capacity_needed_bytes() const {
    // derived: compound growth over the horizon.
    return capacity_bytes * std::pow(1.0 + growth_per_year, std::max(0.0, horizon_years));
}

double Constraints::capacity_to_provide_bytes() const {
    // derived: the data may fill max_fill_fraction of the array (headroom).
    return capacity_needed_bytes() / (max_fill_fraction > 0.0 ? max_fill_fraction : 1.0);
}

Result recommend(const Request& request, const Catalog& catalog, const SearchOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    Context ctx{request, catalog, {}, {}, 0.0, {}, &options.progress};
    for (LinkSpec& l : catalog.links()) {
        const std::string id = l.info.id;
        ctx.links.emplace(id, std::move(l));
    }
    ctx.stripe_units =
        request.stripe_units_bytes.empty() ? default_stripe_units() : request.stripe_units_bytes;
    std::sort(ctx.stripe_units.begin(), ctx.stripe_units.end());
    ctx.capacity_needed = request.constraints.capacity_to_provide_bytes();

    Result& result = ctx.result;
    enumerate(ctx);
    rank(result, request);
    refine_stripes(ctx, options.refine_top);
    if (result.cancelled) {
        result.ranked.clear();
        result.pareto.clear();
        result.over_budget.clear();
        result.problems = {"The search was cancelled."};
        result.stats.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return result;
    }
    if (options.progress) {
        options.progress(1.0);  // done; a late request to stop changes nothing
    }
    fold_variants(result.ranked);
    mark_pareto(result.ranked);
    rank(result, request);
    if (result.ranked.empty()) {
        result.problems.push_back("No candidate meets every constraint.");
        for (const auto& [reason, count] : result.stats.rejected) {
            result.problems.push_back(std::to_string(count) + " rejected: " + reason);
        }
        if (options.find_way_out) {
            result.way_out = way_out(request, catalog, result.stats);
        }
    }
    explain_top(result, request, options.explain_top);
    result.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace raidadv::advisor
