// Cost (core/cost) and reliability (core/reliability) of a candidate, under the request's
// horizon, prices, rebuild share and hot-spare policy, with the warnings a buyer should read.

#include <algorithm>
#include <cstdio>

#include "advisor/advisor.h"
#include "advisor/search_context.h"
#include "advisor/wear.h"
#include "cost/cost.h"
#include "layout/geometry.h"
#include "reliability/reliability.h"

namespace raidadv::advisor {

namespace {

ReliabilityInputs reliability_inputs(const System& system, const Request& request) {
    ReliabilityInputs in;
    in.layout = system.layout;
    in.drive = system.drive;
    in.rebuild_rate_fraction = request.rebuild_rate_fraction;
    in.horizon_years = request.constraints.horizon_years;
    in.replacement_delay_h = hot_spare_count(system.layout, request.hot_spares) > 0
                                 ? 0.0
                                 : std::max(0.0, request.replacement_hours);
    // A ZFS resilver copies what is allocated: the data asked for, of the pool's usable space.
    const double usable = usable_bytes(system.layout, system.drive.capacity_bytes);
    if (is_zfs(system.layout.level) && request.constraints.capacity_bytes > 0.0 && usable > 0.0) {
        in.fill_fraction = std::clamp(request.constraints.capacity_bytes / usable, 0.0, 1.0);
    }
    return in;
}

std::string fixed(double v, int decimals) {
    char text[48];
    std::snprintf(text, sizeof text, "%.*f", decimals, v);
    return text;
}

/// Drives rated for desk-side duty: an SSD without power-loss protection, or an HDD rated under
/// 1,000,000 h MTBF (or not rated). Desktop HDDs are specified for 2,400 power-on hours a year
/// (Seagate BarraCuda product manual, "Power-On Hours"); NAS and enterprise HDDs state 1 to 2.5
/// million hours for 8,760 hours a year (WD Red Plus, Seagate Exos datasheets).
bool consumer_class(const DriveSpec& d) {
    return d.kind == DriveKind::Ssd ? !d.power_loss_protection : d.mtbf_hours < 1e6;
}

void add_warnings(const System& system, const Request& request, Assessment& a) {
    const Layout& l = system.layout;
    const DriveSpec& d = system.drive;
    const bool single_parity = l.level == RaidLevel::Raid5 || l.level == RaidLevel::Raid50;
    // derived: over a day degraded, or one rebuild in ten meeting an unreadable sector, is a
    // risk an architect names (the numbers are the model's own).
    if (single_parity && (a.mttr_hours > 24.0 || a.p_ure_during_rebuild > 0.1)) {
        a.warnings.push_back(
            "RAID 5 on " + fixed(d.capacity_bytes / 1e12, 1) +
            " TB drives is risky: after a "
            "failure the array runs without redundancy for about " +
            fixed(a.mttr_hours, 0) + " h, and the rebuild has a " +
            fixed(100.0 * a.p_ure_during_rebuild, 0) +
            "% chance of hitting an unreadable sector. RAID 6 or RAID 10 is the usual choice.");
    }
    if (request.constraints.busy_hours_per_day >= 20.0 && consumer_class(d)) {
        a.warnings.push_back(
            "The " + d.info.name + " is a consumer-class drive (" +
            (d.kind == DriveKind::Ssd ? std::string("no power-loss protection")
                                      : std::string("rated for desk-side duty")) +
            ") in a server busy " + fixed(request.constraints.busy_hours_per_day, 0) +
            " h a day: expect more failures than its rating; NAS or enterprise drives are made "
            "for it.");
    }
    if (d.smr && a.failures_tolerated > 0) {
        a.warnings.push_back("The " + d.info.name +
                             " records shingled (SMR): rebuilds and sustained writes can be much "
                             "slower than the model's CMR figures, and some RAID software drops "
                             "such drives on timeouts.");
    }
    if (!a.price_known) {
        a.warnings.push_back("Price unknown for part of it: the cost shown is a lower bound.");
    }
}

}  // namespace

int hot_spare_count(const Layout& layout, HotSpares policy) {
    if (failures_tolerated(layout) == 0) {
        return 0;  // nothing is rebuilt without redundancy
    }
    switch (policy) {
        case HotSpares::None:
            return 0;
        case HotSpares::One:
            return 1;
        case HotSpares::PerVolume:
            return make_geometry(layout).volumes;
    }
    return 0;
}

Assessment assess(const System& system, const Request& request, bool controller_owned,
                  bool explain) {
    return detail::assess(system, request, controller_owned, explain, nullptr);
}

std::string detail::reliability_key(const System& system) {
    // What reliability_inputs() reads of the system: the drive (one id, one drive within a
    // search) and the layout; the rest is the request's.
    if (system.drive.info.id.empty()) {
        return {};
    }
    const Layout& l = system.layout;
    const double fields[] = {static_cast<double>(static_cast<int>(l.level)),
                             static_cast<double>(l.drives),
                             static_cast<double>(l.disks_per_span),
                             static_cast<double>(l.mirror_copies),
                             static_cast<double>(static_cast<int>(l.placement)),
                             l.stripe_unit_bytes,
                             static_cast<double>(l.volumes),
                             static_cast<double>(l.failed_drives),
                             l.rebuild_rate_fraction};
    std::string key = system.drive.info.id;
    key.push_back('\0');
    key.append(reinterpret_cast<const char*>(fields), sizeof fields);
    return key;
}

Assessment detail::assess(const System& system, const Request& request, bool controller_owned,
                          bool explain, ReliabilityMemo* memo) {
    Assessment a;
    CostInputs cost_in;
    cost_in.system = system;
    cost_in.enclosure_cost_per_bay_usd = request.enclosure_cost_per_bay_usd;
    cost_in.bays_owned = request.bays_owned;
    cost_in.controller_owned = controller_owned;
    cost_in.raid_software_owned = request.constraints.raid_software_owned;
    cost_in.include_power = request.include_power_cost;
    cost_in.power_price_usd_per_kwh = request.power_price_usd_per_kwh;
    cost_in.horizon_years = request.constraints.horizon_years;
    const CostResult cost = estimate_cost(cost_in);
    a.usable_bytes = cost.usable_bytes;
    a.drives_usd = cost.drives_usd;
    a.controller_usd = cost.controller_usd;
    a.enclosure_usd = cost.enclosure_usd;
    a.raid_software_usd = cost.raid_software_usd;
    a.power_usd = cost.power_usd;
    a.price_known = cost.prices_known;
    a.power_w = system.total_drives() * system.drive.power_active_w;

    // Hot spares: a drive each, the bays they take beyond those owned, and their idle power.
    const int n = system.total_drives();
    a.spare_drives = hot_spare_count(system.layout, request.hot_spares);
    if (a.spare_drives > 0) {
        const int owned = request.bays_owned;
        const int extra_bays = std::max(0, n + a.spare_drives - owned) - std::max(0, n - owned);
        a.spares_usd = a.spare_drives * system.drive.info.price_usd +
                       extra_bays * request.enclosure_cost_per_bay_usd;
        a.power_w += a.spare_drives * system.drive.power_idle_w;
        if (request.include_power_cost) {
            a.power_usd +=
                drive_power_usd(a.spare_drives, system.drive, 0.0,
                                request.constraints.horizon_years, request.power_price_usd_per_kwh);
        }
    }
    a.total_usd = cost.total_usd + a.spares_usd + (a.power_usd - cost.power_usd);
    a.usd_per_usable_tb = a.usable_bytes > 0.0 ? a.total_usd / (a.usable_bytes / 1e12) : 0.0;

    // Figures only: remembered per drive and layout (the controller does not enter them).
    const std::string key = memo != nullptr && !explain ? reliability_key(system) : std::string();
    const auto known = key.empty() ? ReliabilityMemo::const_iterator{} : memo->find(key);
    ReliabilityResult rel;
    if (!key.empty() && known != memo->end()) {
        rel = known->second;
    } else {
        rel = assess_reliability(reliability_inputs(system, request), explain);
        if (!key.empty()) {
            memo->emplace(key, rel);
        }
    }
    a.failures_tolerated = rel.failures_tolerated;
    a.rebuild_time_s = rel.failures_tolerated > 0 ? rel.rebuild_time_s : 0.0;
    a.mttr_hours = rel.mttr_hours;
    a.mttdl_hours = rel.mttdl_hours;
    a.p_ure_during_rebuild = rel.p_ure_during_rebuild;
    a.p_data_loss = std::clamp(rel.p_data_loss_horizon, 0.0, 1.0);
    a.p_array_loss = std::clamp(rel.p_loss_drive_failures_horizon, 0.0, 1.0);
    a.p_unreadable_stripe = std::clamp(rel.p_loss_ure_horizon, 0.0, 1.0);
    if (!explain) {
        return a;  // the figures only
    }
    a.assumptions = rel.assumptions;
    if (a.spare_drives > 0) {
        a.assumptions.push_back(std::to_string(a.spare_drives) + " hot spare" +
                                (a.spare_drives > 1 ? "s" : "") +
                                " in bays of their own, counted in the cost.");
    }
    for (const std::string& missing : cost.missing_prices) {
        a.assumptions.push_back("No price for " + missing + ": the cost is a lower bound.");
    }
    add_warnings(system, request, a);
    return a;
}

std::vector<LossPoint> loss_over_time(const System& system, const Request& request,
                                      double last_years, int steps) {
    std::vector<LossPoint> curve;
    if (!(last_years > 0.0) || steps < 1) {
        return curve;
    }
    ReliabilityInputs in = reliability_inputs(system, request);
    for (int i = 0; i <= steps; ++i) {
        in.horizon_years = last_years * i / steps;
        const ReliabilityResult rel = assess_reliability(in);
        curve.push_back({in.horizon_years, std::clamp(rel.p_data_loss_horizon, 0.0, 1.0)});
    }
    return curve;
}

}  // namespace raidadv::advisor
