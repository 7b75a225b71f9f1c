// Prices, power and Bang per buck (sources in cost.h).

#include "cost/cost.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "system/summary.h"
#include "units/units.h"

namespace raidadv {

namespace {

void require(bool ok, const std::string& what, double value) {
    if (!ok) {
        std::ostringstream s;
        s << "cost: " << what << ", got " << value;
        throw std::invalid_argument(s.str());
    }
}

/// The project reader's stand-in for a controller the file leaves out (read_system.cpp): not a
/// part that is bought.
bool controller_modelled(const ControllerSpec& c) {
    return c.info.source.rfind("not modelled", 0) != 0;
}

}  // namespace

double drive_power_usd(int drives, const DriveSpec& drive, double duty_active_fraction,
                       double horizon_years, double usd_per_kwh) {
    // derived: mean power x hours / 1000 = kWh, times the price.
    const double mean_w = duty_active_fraction * drive.power_active_w +
                          (1.0 - duty_active_fraction) * drive.power_idle_w;
    return drives * mean_w * units::year_hours * horizon_years / 1000.0 * usd_per_kwh;
}

CostResult estimate_cost(const CostInputs& in) {
    require(in.enclosure_cost_per_bay_usd >= 0.0, "enclosure_cost_per_bay_usd must be 0 or more",
            in.enclosure_cost_per_bay_usd);
    require(in.bays_owned >= 0, "bays_owned must be 0 or more", in.bays_owned);
    require(in.power_price_usd_per_kwh >= 0.0, "power_price_usd_per_kwh must be 0 or more",
            in.power_price_usd_per_kwh);
    require(in.horizon_years >= 0.0, "horizon_years must be 0 or more", in.horizon_years);
    require(in.duty_active_fraction >= 0.0 && in.duty_active_fraction <= 1.0,
            "duty_active_fraction must be from 0 to 1", in.duty_active_fraction);
    const System& s = in.system;
    require(s.drive.info.price_usd >= 0.0, "the drive's price must be 0 (unknown) or more",
            s.drive.info.price_usd);
    require(s.controller.info.price_usd >= 0.0,
            "the controller's price must be 0 (unknown) or more", s.controller.info.price_usd);

    CostResult r;
    const int n = s.total_drives();
    r.drives_usd = n * s.drive.info.price_usd;
    if (!s.drive.info.price_known()) {
        r.missing_prices.push_back("drive '" + s.drive.info.name + "'");
    }
    if (!in.controller_owned && controller_modelled(s.controller)) {
        r.controller_usd = s.controller.info.price_usd;
        if (!s.controller.info.price_known()) {
            r.missing_prices.push_back("controller '" + s.controller.info.name + "'");
        }
    }
    if (s.log.count > 0) {  // a ZFS pool's separate log devices
        r.drives_usd += s.log.count * s.log.drive.info.price_usd;
        if (!s.log.drive.info.price_known()) {
            r.missing_prices.push_back("log device '" + s.log.drive.info.name + "'");
        }
    }
    r.enclosure_usd = std::max(0, s.all_drives() - in.bays_owned) * in.enclosure_cost_per_bay_usd;
    // Hauser et al. 1996, Table II: the same array costs more per GB as RAID than as simple
    // volumes by the price of the RAID software; independent drives need none.
    require(s.controller.raid_software_usd >= 0.0,
            "the controller's raid_software_usd must be 0 or more", s.controller.raid_software_usd);
    if (!in.raid_software_owned && s.layout.level != RaidLevel::Simple) {
        r.raid_software_usd = s.controller.raid_software_usd;
    }
    if (in.include_power) {
        if (s.drive.power_active_w > 0.0 && s.drive.power_idle_w > 0.0) {
            r.power_usd = drive_power_usd(n, s.drive, in.duty_active_fraction, in.horizon_years,
                                          in.power_price_usd_per_kwh);
        } else {
            r.missing_prices.push_back("power figures of drive '" + s.drive.info.name + "'");
        }
    }
    r.total_usd =
        r.drives_usd + r.controller_usd + r.enclosure_usd + r.raid_software_usd + r.power_usd;
    r.prices_known = r.missing_prices.empty();
    r.usable_bytes = summarize(s).usable_bytes;
    r.usd_per_usable_tb = r.usable_bytes > 0.0 ? r.total_usd / (r.usable_bytes / 1e12) : 0.0;
    return r;
}

double hauser_bang_Bps(double file_bytes, double retrieval_s, double additional_s) {
    const double t = retrieval_s + additional_s;
    // Hauser et al. 1996: Bang = file size / (retrieval time + additional time per process).
    return t > 0.0 ? file_bytes / t : 0.0;
}

double kusd_per_usable_gb(double price_usd, double usable_bytes) {
    // Hauser et al. 1996, Table II: price / GB of user data, in thousands of dollars.
    return usable_bytes > 0.0 ? (price_usd / 1000.0) / (usable_bytes / 1e9) : 0.0;
}

double hauser_bang_per_kusd_per_gb(double bang_Bps, double price_usd, double usable_bytes) {
    const double kusd_per_gb = kusd_per_usable_gb(price_usd, usable_bytes);
    // Hauser et al. 1996, Table II: Bang (KB/ms = 10^6 B/s) / (K$ per GB).
    return kusd_per_gb > 0.0 ? (bang_Bps / 1e6) / kusd_per_gb : 0.0;
}

}  // namespace raidadv
