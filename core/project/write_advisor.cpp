// The writer's "advisor" section (writer.h), in the keys and units read_advisor.cpp takes:
// capacity in GB (10^9 bytes), growth and rebuild share in percent, the budget in the
// project's currency, stripe units in KiB.

#include "project/keys.h"
#include "project/sections.h"
#include "project/writer.h"
#include "units/units.h"

namespace raidadv::project_json {

namespace {

ProjectJson strings(const std::vector<std::string>& items) {
    ProjectJson out = ProjectJson::array();
    for (const std::string& item : items) {
        out.push_back(item);
    }
    return out;
}

ProjectJson allowed(const advisor::Constraints& c) {
    namespace k = project_keys::allowed;
    ProjectJson out = ProjectJson::object();
    if (!c.interfaces.empty()) {
        out[k::interfaces] = strings(c.interfaces);
    }
    if (!c.form_factors.empty()) {
        out[k::form_factors] = strings(c.form_factors);
    }
    if (!c.drive_kinds.empty()) {
        ProjectJson kinds = ProjectJson::array();
        for (DriveKind kind : c.drive_kinds) {
            kinds.push_back(kind == DriveKind::Hdd ? "hdd" : "ssd");
        }
        out[k::drive_kinds] = std::move(kinds);
    }
    if (!c.levels.empty()) {
        ProjectJson levels = ProjectJson::array();
        for (RaidLevel level : c.levels) {
            levels.push_back(std::string(to_string(level)));
        }
        out[k::levels] = std::move(levels);
    }
    if (!c.drives.empty()) {
        out[k::drives] = strings(c.drives);
    }
    if (!c.controllers.empty()) {
        out[k::controllers] = strings(c.controllers);
    }
    if (c.min_year > 0) {
        out[k::min_year] = c.min_year;
    }
    if (c.max_year > 0) {
        out[k::max_year] = c.max_year;
    }
    return out;
}

}  // namespace

ProjectJson to_json(const advisor::Request& r) {
    namespace k = project_keys::advisor;
    const advisor::Constraints& c = r.constraints;
    ProjectJson out = ProjectJson::object();
    out[k::workload] = r.workload.name;
    out[k::host] = to_json(r.host);
    out[k::can_spread_over_volumes] = r.can_spread_over_volumes;
    out[k::capacity_gb] = file_number(c.capacity_bytes, units::GB);
    out[k::growth_percent_per_year] = file_number(c.growth_per_year, 0.01);
    out[k::horizon_years] = file_number(c.horizon_years);
    const double rate = c.usd_per_currency_unit > 0.0 ? c.usd_per_currency_unit : 1.0;
    out[k::budget] = file_number(c.budget_usd, rate);  // the file's budget is in `currency`
    out[k::currency] = c.currency;
    out[k::usd_per_currency_unit] = file_number(c.usd_per_currency_unit);
    out[k::min_failures_tolerated] = c.min_failures_tolerated;
    out[k::max_rebuild_hours] = file_number(c.max_rebuild_hours);
    out[k::max_drive_bays] = c.max_drive_bays;
    out[k::max_power_w] = file_number(c.max_power_w);
    out[k::power_loss_safe_writes] = c.power_loss_safe_writes;
    if (c.raid_software != advisor::RaidSoftware::Any) {
        out[k::raid_software] = advisor::to_string(c.raid_software);
    }
    out[k::raid_software_owned] = c.raid_software_owned;
    if (c.md_bitmap != MdBitmap::Auto) {
        out[k::md_bitmap] = std::string(to_string(c.md_bitmap));
    }
    ProjectJson allowed_parts = allowed(c);
    if (!allowed_parts.empty()) {
        out[k::allowed] = std::move(allowed_parts);
    }
    if (!c.owned_controller.empty()) {
        out[k::owned_controller] = c.owned_controller;
    }
    namespace weight = project_keys::weights;
    out[k::weights] = {{weight::performance, file_number(r.weights.performance)},
                       {weight::cost, file_number(r.weights.cost)},
                       {weight::reliability, file_number(r.weights.reliability)},
                       {weight::capacity, file_number(r.weights.capacity)}};
    if (!r.stripe_units_bytes.empty()) {
        ProjectJson stripes = ProjectJson::array();
        for (double bytes : r.stripe_units_bytes) {
            stripes.push_back(file_number(bytes, units::KiB));
        }
        out[k::stripe_kib] = std::move(stripes);
    }
    out[k::enclosure_cost_per_bay_usd] = file_number(r.enclosure_cost_per_bay_usd);
    out[k::bays_owned] = r.bays_owned;
    out[k::include_power_cost] = r.include_power_cost;
    out[k::power_price_usd_per_kwh] = file_number(r.power_price_usd_per_kwh);
    out[k::rebuild_rate_percent] = file_number(r.rebuild_rate_fraction, 0.01);
    // Issue 25's keys: duty cycle of the SSD wear estimate, file-system headroom, hot spares and
    // the delay before a rebuild starts without one (read_advisor.cpp reads them back).
    out[k::busy_hours_per_day] = file_number(c.busy_hours_per_day);
    if (c.writes_per_day_bytes > 0.0) {  // (version 6; not given: the load point's rate)
        out[k::writes_per_day_tb] = file_number(c.writes_per_day_bytes, 1e12);
    }
    out[k::max_fill_percent] = file_number(c.max_fill_fraction, 0.01);
    switch (r.hot_spares) {
        case advisor::HotSpares::None:
            out[k::hot_spares] = 0;
            break;
        case advisor::HotSpares::One:
            out[k::hot_spares] = 1;
            break;
        case advisor::HotSpares::PerVolume:
            out[k::hot_spares] = k::hot_spares_per_volume;
            break;
    }
    out[k::replacement_hours] = file_number(r.replacement_hours);
    return out;
}

}  // namespace raidadv::project_json
