// The search: catalog drives x controllers x drive counts x layouts, pruned by the constraints
// before the model runs (here), then evaluated best-looking first with the candidates that
// cannot change the answer skipped, and the stripe unit refined by the model for the leading
// candidates (search_evaluate.cpp).

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <sstream>
#include <utility>

#include "advisor/advisor.h"
#include "advisor/build_plan.h"
#include "advisor/buyer_rules.h"
#include "advisor/dominance.h"
#include "advisor/explain.h"
#include "advisor/layouts.h"
#include "advisor/search_context.h"
#include "advisor/topology.h"
#include "advisor/wear.h"
#include "advisor/zfs_layouts.h"
#include "catalog/catalog.h"
#include "evaluate/response_bound.h"
#include "layout/geometry.h"
#include "system/raid_software.h"

namespace raidadv::advisor {

using detail::Context;
using detail::ControllerChoice;
using detail::Pending;

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

/// Whether `software` (the user's RAID software choice) uses a controller of `kind`: hardware
/// RAID needs the card's (or the chipset's) own RAID; md and ZFS take plain drives from an HBA
/// or on-board ports.
bool software_uses(RaidSoftware software, ControllerKind kind) {
    switch (software) {
        case RaidSoftware::Any:
            return true;
        case RaidSoftware::Hardware:
            return kind != ControllerKind::Hba;
        case RaidSoftware::Md:
        case RaidSoftware::Zfs:
            return kind == ControllerKind::Hba;
    }
    return true;
}

/// Whether `software` builds `level`: ZFS its pools, md and hardware RAID the block levels;
/// independent drives only when no RAID software was chosen.
bool software_builds(RaidSoftware software, RaidLevel level) {
    switch (software) {
        case RaidSoftware::Any:
            return true;
        case RaidSoftware::Zfs:
            return is_zfs(level);
        case RaidSoftware::Hardware:
        case RaidSoftware::Md:
            return !is_zfs(level) && level != RaidLevel::Simple;
    }
    return true;
}

/// Whether the catalog's levels list names "zfs": the row gives ZFS plain drives (as
/// nvme-direct-cpu, whose other levels are md's).
bool lists_zfs(const std::string& levels) {
    const auto names = split_list(levels);
    return std::find(names.begin(), names.end(), "zfs") != names.end();
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

/// Lower bounds on the response times `system` can have if the search keeps it, into `o`: the
/// model's (evaluate/response_bound.h) at each load point, and no faster than the SSD wear
/// limit lets a kept candidate be: a closed point's response is at least n / throughput - Z,
/// and a kept candidate's throughput at the heaviest point is at most the limit (wear.h), as
/// is its throughput at any smaller population where throughput rises with the population.
void response_floors(Context& ctx, const System& system, Outlook& o) {
    const Workload& w = ctx.request.workload;
    const std::string key = detail::performance_key(system);
    const auto known = key.empty() ? ctx.bounds.end() : ctx.bounds.find(key);
    ResponseBound bound;
    if (known != ctx.bounds.end()) {
        bound = known->second;
    } else {
        try {
            bound = response_lower_bound(system, w);
        } catch (const std::exception&) {
            return;  // no floor: the model will say why it cannot evaluate it
        }
        if (!key.empty()) {
            ctx.bounds.emplace(key, bound);
        }
    }
    const Constraints& c = ctx.request.constraints;
    o.throughput_rises = bound.throughput_rises;
    o.wear_limit = wear_throughput_limit(system, w, c);
    if (w.arrival_rates_per_s.empty() && !w.concurrency.empty() && std::isfinite(o.wear_limit) &&
        o.wear_limit > 0.0 && bound.points_s.size() == w.concurrency.size()) {
        const int heaviest = w.concurrency.back();
        for (std::size_t i = 0; i < w.concurrency.size(); ++i) {
            const int n = w.concurrency[i];
            if (i + 1 == w.concurrency.size() || (bound.throughput_rises && n <= heaviest)) {
                bound.points_s[i] = std::max(bound.points_s[i], n / o.wear_limit - w.think_time_s);
            }
        }
    }
    o.point_floors_s = std::move(bound.points_s);
    o.response_floor_s = floor_mean(o.point_floors_s);
}

/// Points `p` at the attachment plan of its array's drives and `spares` hot spares (a bay and a
/// port each, on the same controller: they may need another card, expander or JBOD); false
/// when they do not fit.
bool plan_spares(Context& ctx, Pending& p, int spares) {
    const auto key = std::make_pair(p.plan, spares);
    auto it = ctx.spare_plans.find(key);
    if (it == ctx.spare_plans.end()) {
        const int drives = p.layout.drives * p.layout.volumes;
        AttachmentPlan plan =
            plan_attachment({ctx.request.host, ctx.drives[p.drive], ctx.controllers[p.choice].spec,
                             drives, ctx.enclosures, ctx.links, spares});
        std::size_t index = SIZE_MAX;
        if (plan.feasible) {
            ctx.plans.push_back(std::move(plan));
            index = ctx.plans.size() - 1;
        }
        it = ctx.spare_plans.emplace(key, index).first;
    }
    if (it->second >= ctx.plans.size()) {
        return false;
    }
    p.plan = it->second;
    return true;
}

/// The candidate `p` stands for: rejected, parked (over budget) or kept for the model with
/// what is known of it before the model runs.
void consider(Context& ctx, Pending p, int slots) {
    const Constraints& c = ctx.request.constraints;
    ++ctx.result.stats.candidates;
    const Layout& layout = p.layout;
    if (failures_tolerated(layout) < c.min_failures_tolerated) {
        ctx.reject("tolerates fewer failures than required");
        return;
    }
    // A resilver onto a drive-managed SMR drive can stall: openzfs/zfs#10214 (2020), a WD40EFAX
    // replacing a pool member hung at 27% with its IOPS at zero and write errors rising (ZFS
    // resilvers in block order, not sequentially as md rebuilds).
    if (is_zfs(layout.level) && ctx.drives[p.drive].smr && failures_tolerated(layout) > 0) {
        ctx.reject("shingled (SMR) drives in a ZFS pool: resilvers onto them can stall");
        return;
    }
    if (ctx.controllers[p.choice].spec.kind == ControllerKind::Hba) {
        if (const std::string why = host_layout_problem(ctx.request.host, layout); !why.empty()) {
            ctx.reject(why);
            return;
        }
        // A Storage Spaces parity stripe fits one NTFS cluster: the rule's unit at most.
        if (const double most = storage_spaces_max_interleave_bytes(
                ctx.request.host, ctx.controllers[p.choice].spec, layout);
            most > 0.0 && p.layout.stripe_unit_bytes > most) {
            p.layout.stripe_unit_bytes = most;
        }
    }
    const int drives = layout.drives * layout.volumes;
    const int spares = hot_spare_count(layout, ctx.request.hot_spares);
    if (drives + spares > slots || (spares > 0 && !plan_spares(ctx, p, spares))) {
        ctx.reject("no bay or port left for the hot spare");
        return;
    }
    if (usable_bytes(layout, ctx.drives[p.drive].capacity_bytes) < ctx.capacity_needed) {
        ctx.reject("too little usable capacity");
        return;
    }
    System system = detail::build_system(ctx, p, false);  // named only if parked below
    Candidate cand;
    const ControllerChoice& choice = ctx.controllers[p.choice];
    cand.assessment =
        detail::assess(system, ctx.request, choice.owned, false, &ctx.reliability);  // figures
    // topology (issue 25): extra cards, expanders, JBODs
    add_plan_cost(ctx.plans[p.plan], cand.assessment);
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
    if (c.budget_usd > 0.0 && a.total_usd > c.budget_usd) {
        if (a.total_usd <= 2.0 * c.budget_usd) {
            system.name = describe(system);
            cand.system = std::move(system);
            cand.stripe_rule = ctx.rules[p.rule];
            ctx.result.over_budget.push_back(std::move(cand));
        }
        ctx.reject("over budget");
        return;
    }
    Outlook& o = p.outlook;
    o.cost_usd = a.total_usd;
    o.p_data_loss = a.p_data_loss;
    o.usable_bytes = a.usable_bytes;
    o.price_known = a.price_known;
    o.striped = is_striped(layout.level);
    o.family = fold_family_key(system, a.failures_tolerated);
    o.level_family = level_family(layout);
    if (ctx.options.prune) {
        response_floors(ctx, system, o);
    }
    ctx.pending.push_back(std::move(p));
}

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
        if (!owned && ctl.onboard_only && ctx.request.host.onboard_controller != ctl.info.id) {
            ctx.reject("another kind of host's own on-board ports");
            continue;
        }
        if (!owned && !onboard_problem(ctx.request.host, ctl).empty()) {
            ctx.reject("not the host's on-board SATA controller");
            continue;
        }
        if (ctl.kind == ControllerKind::HardwareRaid &&
            !host_takes_hardware_raid(ctx.request.host)) {
            ctx.reject("the host's storage software takes plain disks, not a hardware RAID volume");
            continue;
        }
        if (is_md_software(ctl) && !host_offers_md(ctx.request.host)) {
            ctx.reject("the host's operating system does not run Linux md");
            continue;
        }
        if (!software_uses(c.raid_software, ctl.kind)) {
            ctx.reject(std::string("controller does not suit the chosen RAID software (") +
                       to_string(c.raid_software) + ")");
            continue;
        }
        const auto host_link = ctx.links.find(ctl.host_link);
        if (host_link == ctx.links.end()) {
            ctx.reject("controller has no host link in the catalog");
            continue;
        }
        ControllerChoice choice;
        choice.levels = controller_levels(ctl);
        if (ctl.kind == ControllerKind::Hba) {
            // Host software RAID: only the levels the host's own software builds.
            std::erase_if(choice.levels,
                          [&](RaidLevel l) { return !host_builds_level(ctx.request.host, l); });
        }
        if (ctl.kind == ControllerKind::Hba && (ctl.levels.empty() || lists_zfs(ctl.levels)) &&
            host_runs_zfs(ctx.request.host)) {
            // ZFS takes the drives as a plain HBA or on-board ports give them, or as a row
            // whose levels name zfs (nvme-direct-cpu: NVMe on CPU lanes). (linux-md, whose
            // levels are md's alone, stands for md itself.)
            std::size_t count = 0;
            const RaidLevel* zfs = all_zfs_levels(count);
            choice.levels.insert(zfs, zfs + count);
        }
        if (const double chunk = appliance_chunk_bytes(ctx.request.host, ctl); chunk > 0.0) {
            // The appliance's storage manager builds the array with its own chunk.
            ctl.min_stripe_bytes = chunk;
            ctl.max_stripe_bytes = chunk;
        }
        choice.accepts = split_list(ctl.drive_interfaces);
        choice.host_link = card_host_link(ctx.request.host, ctl, host_link->second, ctx.links);
        choice.owned = owned;
        choice.stripe_units = offered_stripe_units(ctx.stripe_units, ctl);
        System probe;
        probe.controller = ctl;
        const BuildTool tool = build_tool(probe);
        if (tool == BuildTool::StorCli || tool == BuildTool::PercCli ||
            tool == BuildTool::MegaCli) {
            choice.read_ahead = controller_read_ahead(ctx.request.workload)
                                    ? ControllerReadAhead::Always
                                    : ControllerReadAhead::None;
        }
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
        for (auto* list : {&all_raid_levels, &all_zfs_levels}) {
            std::size_t count = 0;
            const RaidLevel* all = (*list)(count);
            levels.insert(levels.end(), all, all + count);
        }
    }
    if (c.raid_software == RaidSoftware::Zfs && !host_runs_zfs(req.host)) {
        ctx.reject("the host does not run ZFS (its RAID software lists no zfs)");
    }
    std::erase_if(levels, [&](RaidLevel l) { return !software_builds(c.raid_software, l); });
    const double zfs_record = zfs_record_for(req.workload);
    const double design_n = design_concurrency(req.workload);
    ctx.drives = std::move(drives);
    ctx.controllers = eligible_controllers(ctx);
    ctx.enclosures = ctx.catalog.enclosures();  // topology
    const std::vector<ControllerChoice>& controllers = ctx.controllers;
    const std::vector<EnclosureSpec>& enclosures = ctx.enclosures;
    for (std::size_t d = 0; d < ctx.drives.size(); ++d) {
        if (!ctx.keep_going(detail::kEnumerationShare * static_cast<double>(d) /
                            static_cast<double>(ctx.drives.size()))) {
            return;
        }
        const DriveSpec& drive = ctx.drives[d];
        const auto link = ctx.links.find(drive.interface);
        if (link == ctx.links.end()) {
            continue;
        }
        for (const ControllerChoice* choice : controllers_for(drive, controllers, ctx)) {
            const ControllerSpec& ctl = choice->spec;
            const std::vector<double>& units = choice->stripe_units;
            ctx.rules.push_back(units.empty() ? StripeRule{}
                                              : chen_patterson_stripe_unit(drive, design_n, units));
            const StripeRule& rule = ctx.rules.back();
            const std::size_t rule_index = ctx.rules.size() - 1;
            // Topology (issue 25): ports, cards, expanders and JBODs decide how many fit.
            const int max_drives = std::min(
                c.max_drive_bays, max_attachable({req.host, drive, ctl, 0, enclosures, ctx.links}));
            for (int n : drive_counts(max_drives)) {
                AttachmentPlan plan =
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
                ctx.plans.push_back(std::move(plan));
                const std::size_t plan_index = ctx.plans.size() - 1;
                for (RaidLevel level : levels) {
                    if (choice->levels.count(level) == 0) {
                        continue;
                    }
                    if (units.empty() && is_striped(level)) {
                        ctx.result.stats
                            .rejected["no allowed stripe unit that the controller offers"] += 1;
                        continue;
                    }
                    // Host software RAID (an HBA with RAID levels: Linux md) builds raid10 on 3
                    // (md's near, far and offset layouts; not Storage Spaces).
                    const bool md = ctl.kind == ControllerKind::Hba && !ctl.levels.empty() &&
                                    host_builds_md_layouts(req.host);
                    const std::vector<Layout> options =
                        is_zfs(level)
                            ? zfs_layouts_for(level, n, c.min_failures_tolerated, zfs_record)
                            : layouts_for(level, n, req.can_spread_over_volumes,
                                          c.min_failures_tolerated, md);
                    for (Layout layout : options) {
                        if (is_striped(layout.level)) {
                            layout.stripe_unit_bytes = rule.rounded_bytes;
                        }
                        Pending p;
                        p.drive = d;
                        p.choice = static_cast<std::size_t>(choice - controllers.data());
                        p.plan = plan_index;
                        p.rule = rule_index;
                        p.layout = layout;
                        consider(ctx, std::move(p), max_drives);
                    }
                }
            }
        }
    }
}

}  // namespace

double Constraints::capacity_needed_bytes() const {
    // derived: compound growth over the horizon.
    return capacity_bytes * std::pow(1.0 + growth_per_year, std::max(0.0, horizon_years));
}

const char* to_string(RaidSoftware software) {
    switch (software) {
        case RaidSoftware::Any:
            return "any";
        case RaidSoftware::Hardware:
            return "hardware";
        case RaidSoftware::Md:
            return "md";
        case RaidSoftware::Zfs:
            return "zfs";
    }
    return "any";
}

double Constraints::capacity_to_provide_bytes() const {
    // derived: the data may fill max_fill_fraction of the array (headroom).
    return capacity_needed_bytes() / (max_fill_fraction > 0.0 ? max_fill_fraction : 1.0);
}

System detail::build_system(const Context& ctx, const Pending& p, bool named) {
    const Constraints& c = ctx.request.constraints;
    const DriveSpec& drive = ctx.drives[p.drive];
    const ControllerChoice& choice = ctx.controllers[p.choice];
    const ControllerSpec& ctl = choice.spec;
    const LinkSpec& link = ctx.links.at(drive.interface);
    System system;
    system.drive = drive;
    system.layout = p.layout;
    system.layout.md_bitmap = c.md_bitmap;  // (used only where the RAID is md)
    system.controller = ctl;
    system.write_back_cache = ctl.battery_backed;
    system.controller_read_ahead = choice.read_ahead;
    system.drive_write_cache =
        c.power_loss_safe_writes ? DriveWriteCache::Off : DriveWriteCache::Auto;
    system.drive_link = link;
    const int n = p.layout.drives * p.layout.volumes;
    system.drives_per_link = link.shared  // a bus; else a lane each
                                 ? (n + ctl.ports - 1) / std::max(1, ctl.ports)
                                 : 1;
    system.host_link = choice.host_link;
    system.host = ctx.request.host;
    apply_plan(ctx.plans[p.plan], system);  // a shared expander uplink, if any
    if (named) {
        system.name = describe(system);
    }
    return system;
}

Result recommend(const Request& request, const Catalog& catalog, const SearchOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    Context ctx{request, catalog, options};
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
    if (!result.cancelled) {
        detail::evaluate_and_rank(ctx);
    }
    if (result.cancelled) {
        result.ranked.clear();
        result.pareto.clear();
        result.over_budget.clear();
        result.problems = {"The search was cancelled."};
        result.stats.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return std::move(result);  // (a reference to ctx's member: returned by value it is copied)
    }
    if (options.progress) {
        options.progress(1.0);  // done; a late request to stop changes nothing
    }
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
    return std::move(result);  // (as above: moved out of ctx, not copied)
}

}  // namespace raidadv::advisor
