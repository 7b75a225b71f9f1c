// "advisor": the question for the advisor (docs/file-format.md, "The advisor section"): which
// workload, what is needed, what is allowed, and how the criteria are weighed.

#include <cmath>

#include "catalog/catalog.h"
#include "project/keys.h"
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
    namespace k = project_keys::allowed;
    ObjectReader r(
        value, path, issues,
        {k::interfaces, k::form_factors, k::drive_kinds, k::levels, k::drives, k::controllers,
         k::min_year, k::max_year},
        "an object like {\"levels\": [\"raid5\", \"raid10\"], \"drive_kinds\": [\"hdd\"]}");
    if (!r.valid()) {
        return;
    }
    string_list(r, k::interfaces, c.interfaces, [&](const std::string& id, const std::string& p) {
        if (!catalog.link(id)) {
            issues.add(p,
                       "no link '" + id + "' in the catalog (use a link id such as \"sata-6g\")");
            return false;
        }
        return true;
    });
    string_list(r, k::form_factors, c.form_factors,
                [](const std::string&, const std::string&) { return true; });
    std::vector<std::string> kinds;
    string_list(r, k::drive_kinds, kinds, [&](const std::string& kind, const std::string& p) {
        if (kind != "hdd" && kind != "ssd") {
            issues.add(p, "must be \"hdd\" or \"ssd\", got \"" + kind + "\"");
            return false;
        }
        return true;
    });
    for (const std::string& kind : kinds) {
        c.drive_kinds.push_back(kind == "hdd" ? DriveKind::Hdd : DriveKind::Ssd);
    }
    std::vector<std::string> levels;
    string_list(r, k::levels, levels, [&](const std::string& name, const std::string& p) {
        if (!raid_level_from_string(name)) {
            issues.add(p, "unknown RAID level \"" + name + "\"; use one of " + raid_level_names());
            return false;
        }
        return true;
    });
    for (const std::string& name : levels) {
        c.levels.push_back(*raid_level_from_string(name));
    }
    string_list(r, k::drives, c.drives, [&](const std::string& id, const std::string& p) {
        if (!catalog.drive(id)) {
            issues.add(p, "no drive '" + id + "' in the catalog");
            return false;
        }
        return true;
    });
    string_list(r, k::controllers, c.controllers, [&](const std::string& id, const std::string& p) {
        if (!catalog.controller(id)) {
            issues.add(p, "no controller '" + id + "' in the catalog");
            return false;
        }
        return true;
    });
    r.integer(k::min_year, 1950, 2100, c.min_year);
    r.integer(k::max_year, 1950, 2100, c.max_year);
    if (c.min_year > 0 && c.max_year > 0 && c.min_year > c.max_year) {
        r.problem(k::max_year, "must not be before min_year (" + std::to_string(c.min_year) + ")");
    }
}

void read_weights(const json& value, const std::string& path, advisor::Weights& w, Issues& issues) {
    namespace k = project_keys::weights;
    ObjectReader r(value, path, issues, {k::performance, k::cost, k::reliability, k::capacity},
                   "an object like {\"performance\": 1, \"cost\": 1, \"reliability\": 1}");
    if (!r.valid()) {
        return;
    }
    const Range weight{0, 100};
    r.number(k::performance, weight, w.performance);
    r.number(k::cost, weight, w.cost);
    r.number(k::reliability, weight, w.reliability);
    r.number(k::capacity, weight, w.capacity);
    if (w.performance + w.cost + w.reliability + w.capacity <= 0.0) {
        issues.add(path, "at least one weight must be greater than 0");
    }
}

/// "hot_spares": 0, 1 or "per_volume".
void read_hot_spares(ObjectReader& r, advisor::Request& req) {
    const json* v = r.find(project_keys::advisor::hot_spares);
    if (v == nullptr) {
        return;
    }
    if (v->is_number_integer() && (v->get<long long>() == 0 || v->get<long long>() == 1)) {
        req.hot_spares =
            v->get<long long>() == 0 ? advisor::HotSpares::None : advisor::HotSpares::One;
    } else if (v->is_string() &&
               v->get_ref<const std::string&>() == project_keys::advisor::hot_spares_per_volume) {
        req.hot_spares = advisor::HotSpares::PerVolume;
    } else {
        r.problem(project_keys::advisor::hot_spares,
                  "must be 0, 1 or \"per_volume\", got " + describe(*v));
    }
}

/// `raid_software`: "any", "hardware", "md" or "zfs".
void read_raid_software(ObjectReader& r, advisor::Constraints& c) {
    const json* v = r.find(project_keys::advisor::raid_software);
    if (v == nullptr) {
        return;
    }
    for (advisor::RaidSoftware s : {advisor::RaidSoftware::Any, advisor::RaidSoftware::Hardware,
                                    advisor::RaidSoftware::Md, advisor::RaidSoftware::Zfs}) {
        if (v->is_string() && v->get_ref<const std::string&>() == advisor::to_string(s)) {
            c.raid_software = s;
            return;
        }
    }
    r.problem(project_keys::advisor::raid_software,
              "must be \"any\", \"hardware\", \"md\" or \"zfs\", got " + describe(*v));
}

/// `md_bitmap`: "auto", "internal" or "none".
void read_md_bitmap(ObjectReader& r, advisor::Constraints& c) {
    const json* v = r.find(project_keys::advisor::md_bitmap);
    if (v == nullptr) {
        return;
    }
    if (v->is_string()) {
        if (const auto bitmap = md_bitmap_from_string(v->get_ref<const std::string&>())) {
            c.md_bitmap = *bitmap;
            return;
        }
    }
    r.problem(project_keys::advisor::md_bitmap,
              "must be \"auto\" (mdadm's default), \"internal\" or \"none\" (mdadm --bitmap), "
              "got " +
                  describe(*v));
}

}  // namespace

// Long: one validated read per key of the section, in the order of docs/file-format.md's table.
std::optional<advisor::Request> read_advisor(const json& value, const std::string& path,
                                             const std::vector<Workload>& workloads,
                                             const Catalog& catalog, Issues& issues) {
    namespace k = project_keys::advisor;
    ObjectReader r(
        value, path, issues,
        {k::workload,
         k::host,
         k::can_spread_over_volumes,
         k::capacity_gb,
         k::growth_percent_per_year,
         k::horizon_years,
         k::budget,
         k::currency,
         k::usd_per_currency_unit,
         k::min_failures_tolerated,
         k::max_rebuild_hours,
         k::max_drive_bays,
         k::max_power_w,
         k::power_loss_safe_writes,
         k::raid_software,
         k::raid_software_owned,
         k::md_bitmap,
         k::allowed,
         k::owned_controller,
         k::weights,
         k::stripe_kib,
         k::enclosure_cost_per_bay_usd,
         k::bays_owned,
         k::include_power_cost,
         k::power_price_usd_per_kwh,
         k::rebuild_rate_percent,
         k::busy_hours_per_day,
         k::writes_per_day_tb,
         k::max_fill_percent,
         k::hot_spares,
         k::replacement_hours},
        "an object like {\"workload\": \"File server\", \"host\": \"...\", \"capacity_gb\": 4000}");
    if (!r.valid()) {
        return std::nullopt;
    }
    const std::size_t before = issues.count();
    advisor::Request req;
    advisor::Constraints& c = req.constraints;

    std::string workload_name;
    if (r.text(k::workload, workload_name, kMaxNameLength, Need::Required)) {
        bool found = false;
        for (const Workload& w : workloads) {
            if (w.name == workload_name) {
                req.workload = w;
                found = true;
            }
        }
        if (!found) {
            r.problem(k::workload, "no workload named '" + workload_name + "' in 'workloads'");
        }
    }
    req.name = workload_name;
    if (const json* host = r.find(k::host)) {
        if (auto spec = read_host(*host, r.key_path(k::host), catalog, issues)) {
            req.host = *spec;
        }
    } else {
        r.missing(k::host, "the computer the storage attaches to: a catalog host id or object");
    }
    r.boolean(k::can_spread_over_volumes, req.can_spread_over_volumes);
    r.number(k::capacity_gb, {0, kMaxCapacityGb}, c.capacity_bytes, 1e9, Need::Required);
    r.number(k::growth_percent_per_year, {0, 1000}, c.growth_per_year, 0.01);
    r.number(k::horizon_years, {0, kMaxYears, true, false}, c.horizon_years);
    r.number(k::budget, {0, kMaxBudget}, c.budget_usd);
    r.text(k::currency, c.currency, kMaxCurrencyLength);
    r.number(k::usd_per_currency_unit, {0, kMaxUsdPerCurrencyUnit, true, false},
             c.usd_per_currency_unit);
    c.budget_usd *= c.usd_per_currency_unit;  // budget is in `currency`; the catalog in USD
    r.integer(k::min_failures_tolerated, 0, 3, c.min_failures_tolerated);
    r.number(k::max_rebuild_hours, {0, kMaxRebuildHours}, c.max_rebuild_hours);
    r.integer(k::max_drive_bays, 1, kMaxDriveBays, c.max_drive_bays);
    r.number(k::max_power_w, {0, kMaxPowerW}, c.max_power_w);
    r.boolean(k::power_loss_safe_writes, c.power_loss_safe_writes);
    read_raid_software(r, c);
    read_md_bitmap(r, c);
    r.boolean(k::raid_software_owned, c.raid_software_owned);
    if (const json* allowed = r.find(k::allowed)) {
        read_allowed(*allowed, r.key_path(k::allowed), catalog, c, issues);
    }
    if (r.text(k::owned_controller, c.owned_controller, kMaxIdLength) &&
        !catalog.controller(c.owned_controller)) {
        r.problem(k::owned_controller, "no controller '" + c.owned_controller + "' in the catalog");
    }
    if (const json* weights = r.find(k::weights)) {
        read_weights(*weights, r.key_path(k::weights), req.weights, issues);
    }
    if (const json* units_kib = r.find(k::stripe_kib)) {
        const std::string p = r.key_path(k::stripe_kib);
        if (!units_kib->is_array() || units_kib->empty() || units_kib->size() > 64) {
            r.problem(k::stripe_kib, "must be an array of 1 to 64 stripe units in KiB, got " +
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
    r.number(k::enclosure_cost_per_bay_usd, {0, 1e6}, req.enclosure_cost_per_bay_usd);
    r.integer(k::bays_owned, 0, kMaxTotalDrives, req.bays_owned);
    r.boolean(k::include_power_cost, req.include_power_cost);
    r.number(k::power_price_usd_per_kwh, {0, 100}, req.power_price_usd_per_kwh);
    r.number(k::rebuild_rate_percent, {0, 100, true, false}, req.rebuild_rate_fraction, 0.01);
    r.number(k::busy_hours_per_day, {0, 24, true, false}, c.busy_hours_per_day);
    r.number(k::writes_per_day_tb, {0, advisor::limits::kMaxWritesPerDayTb}, c.writes_per_day_bytes,
             1e12);  // TB = 10^12 bytes
    r.number(k::max_fill_percent, {0, 100, true, false}, c.max_fill_fraction, 0.01);
    read_hot_spares(r, req);
    r.number(k::replacement_hours, {0, kMaxRebuildHours}, req.replacement_hours);
    if (issues.count() > before) {
        return std::nullopt;
    }
    return req;
}

}  // namespace raidadv::project_detail
