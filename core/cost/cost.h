#pragma once
// What a system costs: parts, enclosure bays, power over a horizon, dollars per usable TB; and
// Hauser, Berman & Thoma's "Bang per buck" (Hauser et al., "Is the Bang Worth the Buck?: A
// RAID Performance Study", 1996; /work/shared/reference/studies), which weighs retrieval speed
// against the price of a GB of user data.

#include <string>
#include <vector>

#include "system/system.h"

namespace raidadv {

struct CostInputs {
    System system;
    /// Cost of each drive bay used beyond `bays_owned` (an enclosure's price per bay);
    /// 0 = enclosures are not counted.
    double enclosure_cost_per_bay_usd = 0.0;
    int bays_owned = 0;
    bool controller_owned = false;  ///< the user has the controller already: it costs nothing
    /// The user has the host RAID software the controller's RAID levels need (its licence).
    bool raid_software_owned = false;
    bool include_power = false;  ///< add the drives' electricity over the horizon
    double power_price_usd_per_kwh = 0.15;
    double horizon_years = 5.0;
    /// Share of the time the drives are active (the rest idle) for the power estimate.
    double duty_active_fraction = 0.3;
};

struct CostResult {
    double drives_usd = 0.0;      ///< drives x catalog price
    double controller_usd = 0.0;  ///< one controller, unless owned or not modelled
    double enclosure_usd = 0.0;
    /// The controller's raid_software_usd when the layout is RAID (not simple volumes) and the
    /// user does not have the software yet.
    double raid_software_usd = 0.0;
    double power_usd = 0.0;  ///< drives only, over the horizon; 0 unless include_power
    double total_usd = 0.0;  ///< the parts whose price is known
    /// Every counted part has a price; otherwise total_usd and usd_per_usable_tb are lower
    /// bounds and `missing_prices` says what is missing.
    bool prices_known = false;
    std::vector<std::string> missing_prices;  ///< "drive 'Seagate ...'", "drive power figures"
    double usable_bytes = 0.0;                ///< summarize(system).usable_bytes
    double usd_per_usable_tb = 0.0;           ///< total / usable TB (10^12 bytes); 0 if none
};

/// Prices the system. Throws std::invalid_argument, naming the input, for negative prices or
/// bays, a duty fraction outside [0, 1] or a negative horizon.
CostResult estimate_cost(const CostInputs& inputs);

/// Energy price of `drives` drives over `horizon_years`: drives x (duty x active W + (1 - duty)
/// x idle W) x 8766 h/year x years / 1000 x USD/kWh (derived).
double drive_power_usd(int drives, const DriveSpec& drive, double duty_active_fraction,
                       double horizon_years, double usd_per_kwh);

/// Hauser et al. 1996: Bang = average file size / (average retrieval time + average additional
/// time per file per process), in bytes per second; 0 if the times add up to 0 or less.
double hauser_bang_Bps(double file_bytes, double retrieval_s, double additional_s);

/// Thousands of US dollars per GB (10^9 bytes) of user data (Hauser et al. 1996, Table II);
/// 0 without usable bytes.
double kusd_per_usable_gb(double price_usd, double usable_bytes);

/// Hauser et al. 1996, Table II: "Bang / K$ / GB" = Bang in the paper's unit (KB per ms, that
/// is 10^6 bytes per second) / (thousands of USD per GB of user data); 0 if that price is 0.
double hauser_bang_per_kusd_per_gb(double bang_Bps, double price_usd, double usable_bytes);

}  // namespace raidadv
