// "advisor": the question for the advisor (docs/file-format.md, "The advisor section"): which
// workload, what is needed, what is allowed, and how the criteria are weighed.

#include <cmath>

#include "catalog/catalog.h"
#include "project/sections.h"
#include "units/units.h"

namespace raidadv::project_detail {
namespace {

using namespace advisor::limits;

/// An optional array of strings, each checked by `check` (which reports its own problems).
template <typename Check>
void string_list(ObjectReader& r, std::string_view key, std::vector<std::string>& out,
                 Check check) {
    const json* v = r.find(key);
    if (v == nullptr) {
        return;
    }
    const std::string path = r.key_path(key);
    if (!v->is_array() || v->size() > kMaxListLength) {
        r.problem(key, "must be an array of at most " + std::to_string(kMaxListLength) +
                           " strings, got " + describe(*v));
        return;
    }
    for (std::size_t i = 0; i < v->size(); ++i) {
        const json& item = (*v)[i];
        const std::string item_path = index_path(path, i);
        if (!item.is_string() || item.get_ref<const std::string&>().empty() ||
            item.get_ref<const std::string&>().size() > kMaxIdLength) {
            r.issues().add(item_path, "must be a non-empty string of at most " +
                                          std::to_string(kMaxIdLength) + " characters, got " +
                                          describe(item));
            continue;
        }
        const std::string text = item.get<std::string>();
        if (check(text, item_path)) {
            out.push_back(text);
        }
    }
}

void read_allowed(const json& value, const std::string& path, const Catalog& catalog,
                  advisor::Constraints& c, Issues& issues) {
    ObjectReader r(
        value, path, issues,
        {"interfaces", "form_factors", "drive_kinds", "levels", "drives", "controllers", "min_year",
         "max_year"},
        "an object like {\"levels\": [\"raid5\", \"raid10\"], \"drive_kinds\": [\"hdd\"]}");
    if (!r.valid()) {
        return;
    }
    string_list(r, "interfaces", c.interfaces, [&](const std::string& id, const std::string& p) {
        if (!catalog.link(id)) {
            issues.add(p,
                       "no link '" + id + "' in the catalog (use a link id such as \"sata-6g\")");
            return false;
        }
        return true;
    });
    string_list(r, "form_factors", c.form_factors,
                [](const std::string&, const std::string&) { return true; });
    std::vector<std::string> kinds;
    string_list(r, "drive_kinds", kinds, [&](const std::string& k, const std::string& p) {
        if (k != "hdd" && k != "ssd") {
            issues.add(p, "must be \"hdd\" or \"ssd\", got \"" + k + "\"");
            return false;
        }
        return true;
    });
    for (const std::string& k : kinds) {
        c.drive_kinds.push_back(k == "hdd" ? DriveKind::Hdd : DriveKind::Ssd);
    }
    std::vector<std::string> levels;
    string_list(r, "levels", levels, [&](const std::string& name, const std::string& p) {
        if (!raid_level_from_string(name)) {
            issues.add(p, "unknown RAID level \"" + name +
                              "\"; use simple, raid0, raid1, raid10, raid01, raid5, raid6, "
                              "raid50 or raid60");
            return false;
        }
        return true;
    });
    for (const std::string& name : levels) {
        c.levels.push_back(*raid_level_from_string(name));
    }
    string_list(r, "drives", c.drives, [&](const std::string& id, const std::string& p) {
        if (!catalog.drive(id)) {
            issues.add(p, "no drive '" + id + "' in the catalog");
            return false;
        }
        return true;
    });
    string_list(r, "controllers", c.controllers, [&](const std::string& id, const std::string& p) {
        if (!catalog.controller(id)) {
            issues.add(p, "no controller '" + id + "' in the catalog");
            return false;
        }
        return true;
    });
    r.integer("min_year", 1950, 2100, c.min_year);
    r.integer("max_year", 1950, 2100, c.max_year);
    if (c.min_year > 0 && c.max_year > 0 && c.min_year > c.max_year) {
        r.problem("max_year", "must not be before min_year (" + std::to_string(c.min_year) + ")");
    }
}

void read_weights(const json& value, const std::string& path, advisor::Weights& w, Issues& issues) {
    ObjectReader r(value, path, issues, {"performance", "cost", "reliability", "capacity"},
                   "an object like {\"performance\": 1, \"cost\": 1, \"reliability\": 1}");
    if (!r.valid()) {
        return;
    }
    const Range weight{0, 100};
    r.number("performance", weight, w.performance);
    r.number("cost", weight, w.cost);
    r.number("reliability", weight, w.reliability);
    r.number("capacity", weight, w.capacity);
    if (w.performance + w.cost + w.reliability + w.capacity <= 0.0) {
        issues.add(path, "at least one weight must be greater than 0");
    }
}

/// "hot_spares": 0, 1 or "per_volume".
void read_hot_spares(ObjectReader& r, advisor::Request& req) {
    const json* v = r.find("hot_spares");
    if (v == nullptr) {
        return;
    }
    if (v->is_number_integer() && (v->get<long long>() == 0 || v->get<long long>() == 1)) {
        req.hot_spares =
            v->get<long long>() == 0 ? advisor::HotSpares::None : advisor::HotSpares::One;
    } else if (v->is_string() && v->get_ref<const std::string&>() == "per_volume") {
        req.hot_spares = advisor::HotSpares::PerVolume;
    } else {
        r.problem("hot_spares", "must be 0, 1 or \"per_volume\", got " + describe(*v));
    }
}

}  // namespace

std::optional<advisor::Request> read_advisor(const json& value, const std::string& path,
                                             const std::vector<Workload>& workloads,
                                             const Catalog& catalog, Issues& issues) {
    ObjectReader r(
        value, path, issues,
        {"workload",
         "host",
         "can_spread_over_volumes",
         "capacity_gb",
         "growth_percent_per_year",
         "horizon_years",
         "budget",
         "currency",
         "usd_per_currency_unit",
         "min_failures_tolerated",
         "max_rebuild_hours",
         "max_drive_bays",
         "max_power_w",
         "power_loss_safe_writes",
         "raid_software_owned",
         "allowed",
         "owned_controller",
         "weights",
         "stripe_kib",
         "enclosure_cost_per_bay_usd",
         "bays_owned",
         "include_power_cost",
         "power_price_usd_per_kwh",
         "rebuild_rate_percent",
         "busy_hours_per_day",
         "max_fill_percent",
         "hot_spares",
         "replacement_hours"},
        "an object like {\"workload\": \"File server\", \"host\": \"...\", \"capacity_gb\": 4000}");
    if (!r.valid()) {
        return std::nullopt;
    }
    const std::size_t before = issues.count();
    advisor::Request req;
    advisor::Constraints& c = req.constraints;

    std::string workload_name;
    if (r.text("workload", workload_name, kMaxNameLength, Need::Required)) {
        bool found = false;
        for (const Workload& w : workloads) {
            if (w.name == workload_name) {
                req.workload = w;
                found = true;
            }
        }
        if (!found) {
            r.problem("workload", "no workload named '" + workload_name + "' in 'workloads'");
        }
    }
    req.name = workload_name;
    if (const json* host = r.find("host")) {
        if (auto spec = read_host(*host, r.key_path("host"), catalog, issues)) {
            req.host = *spec;
        }
    } else {
        r.missing("host", "the computer the storage attaches to: a catalog host id or object");
    }
    r.boolean("can_spread_over_volumes", req.can_spread_over_volumes);
    r.number("capacity_gb", {0, kMaxCapacityGb}, c.capacity_bytes, 1e9, Need::Required);
    r.number("growth_percent_per_year", {0, 1000}, c.growth_per_year, 0.01);
    r.number("horizon_years", {0, kMaxYears, true, false}, c.horizon_years);
    r.number("budget", {0, kMaxBudget}, c.budget_usd);
    r.text("currency", c.currency, kMaxCurrencyLength);
    r.number("usd_per_currency_unit", {0, kMaxUsdPerCurrencyUnit, true, false},
             c.usd_per_currency_unit);
    c.budget_usd *= c.usd_per_currency_unit;  // budget is in `currency`; the catalog in USD
    r.integer("min_failures_tolerated", 0, 3, c.min_failures_tolerated);
    r.number("max_rebuild_hours", {0, kMaxRebuildHours}, c.max_rebuild_hours);
    r.integer("max_drive_bays", 1, kMaxDriveBays, c.max_drive_bays);
    r.number("max_power_w", {0, kMaxPowerW}, c.max_power_w);
    r.boolean("power_loss_safe_writes", c.power_loss_safe_writes);
    r.boolean("raid_software_owned", c.raid_software_owned);
    if (const json* allowed = r.find("allowed")) {
        read_allowed(*allowed, r.key_path("allowed"), catalog, c, issues);
    }
    if (r.text("owned_controller", c.owned_controller, kMaxIdLength) &&
        !catalog.controller(c.owned_controller)) {
        r.problem("owned_controller", "no controller '" + c.owned_controller + "' in the catalog");
    }
    if (const json* weights = r.find("weights")) {
        read_weights(*weights, r.key_path("weights"), req.weights, issues);
    }
    if (const json* units_kib = r.find("stripe_kib")) {
        const std::string p = r.key_path("stripe_kib");
        if (!units_kib->is_array() || units_kib->empty() || units_kib->size() > 64) {
            r.problem("stripe_kib", "must be an array of 1 to 64 stripe units in KiB, got " +
                                        describe(*units_kib));
        } else {
            for (std::size_t i = 0; i < units_kib->size(); ++i) {
                if (auto v = read_size((*units_kib)[i], index_path(p, i), size_units()[1],
                                       {kMinStripeBytes, kMaxStripeBytes}, units::sector, issues)) {
                    req.stripe_units_bytes.push_back(*v);
                }
            }
        }
    }
    r.number("enclosure_cost_per_bay_usd", {0, 1e6}, req.enclosure_cost_per_bay_usd);
    r.integer("bays_owned", 0, kMaxTotalDrives, req.bays_owned);
    r.boolean("include_power_cost", req.include_power_cost);
    r.number("power_price_usd_per_kwh", {0, 100}, req.power_price_usd_per_kwh);
    r.number("rebuild_rate_percent", {0, 100, true, false}, req.rebuild_rate_fraction, 0.01);
    r.number("busy_hours_per_day", {0, 24, true, false}, c.busy_hours_per_day);
    r.number("max_fill_percent", {0, 100, true, false}, c.max_fill_fraction, 0.01);
    read_hot_spares(r, req);
    r.number("replacement_hours", {0, kMaxRebuildHours}, req.replacement_hours);
    if (issues.count() > before) {
        return std::nullopt;
    }
    return req;
}

}  // namespace raidadv::project_detail
