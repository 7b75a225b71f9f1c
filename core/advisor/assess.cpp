// Cost (core/cost) and reliability (core/reliability) of a candidate, under the request's
// horizon, prices and rebuild share.

#include <algorithm>

#include "advisor/advisor.h"
#include "cost/cost.h"
#include "reliability/reliability.h"

namespace raidadv::advisor {

Assessment assess(const System& system, const Request& request, bool controller_owned) {
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
    a.total_usd = cost.total_usd;
    a.price_known = cost.prices_known;
    a.usd_per_usable_tb = cost.usd_per_usable_tb;
    a.power_w = system.total_drives() * system.drive.power_active_w;

    ReliabilityInputs rel_in;
    rel_in.layout = system.layout;
    rel_in.drive = system.drive;
    rel_in.rebuild_rate_fraction = request.rebuild_rate_fraction;
    rel_in.horizon_years = request.constraints.horizon_years;
    const ReliabilityResult rel = assess_reliability(rel_in);
    a.failures_tolerated = rel.failures_tolerated;
    a.rebuild_time_s = rel.failures_tolerated > 0 ? rel.rebuild_time_s : 0.0;
    a.mttdl_hours = rel.mttdl_hours;
    a.p_ure_during_rebuild = rel.p_ure_during_rebuild;
    a.p_data_loss = std::clamp(rel.p_data_loss_horizon, 0.0, 1.0);
    a.assumptions = rel.assumptions;
    for (const std::string& missing : cost.missing_prices) {
        a.assumptions.push_back("No price for " + missing + ": the cost is a lower bound.");
    }
    return a;
}

std::vector<LossPoint> loss_over_time(const System& system, const Request& request,
                                      double last_years, int steps) {
    std::vector<LossPoint> curve;
    if (!(last_years > 0.0) || steps < 1) {
        return curve;
    }
    ReliabilityInputs in;
    in.layout = system.layout;
    in.drive = system.drive;
    in.rebuild_rate_fraction = request.rebuild_rate_fraction;
    for (int i = 0; i <= steps; ++i) {
        in.horizon_years = last_years * i / steps;
        const ReliabilityResult rel = assess_reliability(in);
        curve.push_back({in.horizon_years, std::clamp(rel.p_data_loss_horizon, 0.0, 1.0)});
    }
    return curve;
}

}  // namespace raidadv::advisor
