#pragma once
// What a person asks the advisor: their workload, what they need (capacity, budget, fault
// tolerance, bays, ...), what they may or must use, and how they weigh the trade-offs.

#include <string>
#include <vector>

#include "components/specs.h"
#include "layout/raid_level.h"
#include "workload/workload.h"

namespace raidadv::advisor {

/// The ranges the project file allows for the advisor's limits (docs/file-format.md); the
/// wizard and the what-if panel check their fields against the same numbers.
namespace limits {
inline constexpr double kMaxBudget = 1e9;      ///< in the project's currency
inline constexpr double kMaxCapacityGb = 1e9;  // an exabyte
inline constexpr double kMaxYears = 50.0;
inline constexpr double kMaxRebuildHours = 1e5;
inline constexpr double kMaxPowerW = 1e7;
inline constexpr double kMaxWritesPerDayTb = 1e6;  ///< writes_per_day_tb: a million TB a day
inline constexpr int kMaxDriveBays = 4096;
inline constexpr double kMaxUsdPerCurrencyUnit = 1e6;
inline constexpr int kMaxCurrencyLength = 8;
}  // namespace limits

/// How much each criterion counts when candidates are ranked (relative, >= 0, not all 0).
struct Weights {
    double performance = 1.0;  ///< mean response time at the user's load points
    double cost = 1.0;         ///< purchase (and optionally power) cost
    double reliability = 1.0;  ///< probability of data loss over the planning horizon
    double capacity = 0.0;     ///< usable capacity beyond what is required
};

/// Which software builds the array's redundancy (the wizard's "RAID software" choice).
enum class RaidSoftware {
    Any,       ///< whatever the host and the controllers offer
    Hardware,  ///< the controller's own RAID (hardware_raid and host_raid rows)
    Md,        ///< host software RAID (Linux md) on an HBA or on-board ports
    Zfs        ///< ZFS pools (the host must run ZFS)
};

/// The project file's word for `software` ("any", "hardware", "md", "zfs").
const char* to_string(RaidSoftware software);

/// Hard limits: a candidate that breaks one is not recommended (the reason is counted).
struct Constraints {
    double budget_usd = 0.0;  ///< 0 = no limit. Prices in the catalog are US dollars.
    std::string currency = "USD";
    double usd_per_currency_unit = 1.0;     ///< exchange rate for showing costs in `currency`
    double capacity_bytes = 0.0;            ///< usable capacity needed now
    double growth_per_year = 0.0;           ///< fractional growth of the data per year (0.2 = 20%)
    double horizon_years = 5.0;             ///< planning horizon (capacity growth, reliability)
    int min_failures_tolerated = 0;         ///< drives that may fail without data loss
    double max_rebuild_hours = 0.0;         ///< 0 = no limit
    int max_drive_bays = 24;                ///< drive bays available in the enclosure(s)
    double max_power_w = 0.0;               ///< 0 = no limit (drives, active)
    std::vector<std::string> interfaces;    ///< allowed drive link ids; empty = any
    std::vector<std::string> form_factors;  ///< allowed drive form factors; empty = any
    std::vector<DriveKind> drive_kinds;     ///< empty = any
    std::vector<RaidLevel> levels;          ///< allowed layouts; empty = any
    std::vector<std::string> drives;        ///< allowed drive ids; empty = any in the catalog
    std::vector<std::string> controllers;   ///< allowed controller ids; empty = any
    std::string owned_controller;  ///< a controller the user already has: used, and costs nothing
    /// The user has the host RAID software the controllers' RAID levels need (raid_software_usd).
    bool raid_software_owned = false;
    /// Only layouts this RAID software builds (no independent drives unless Any).
    RaidSoftware raid_software = RaidSoftware::Any;
    /// Linux md arrays are built with this write-intent bitmap (mdadm --bitmap; Auto: mdadm's
    /// default, system/md_bitmap.h).
    MdBitmap md_bitmap = MdBitmap::Auto;
    int min_year = 0;  ///< hardware introduced in or after this year; 0 = any
    int max_year = 0;  ///< hardware introduced in or before this year; 0 = any
    /// Every write the array acknowledges must survive a power cut: the drives' volatile write
    /// caches are turned off (a battery-backed controller cache still counts as safe).
    bool power_loss_safe_writes = false;
    /// Hours a day the workload runs at its load points (the rest of the day it is idle): the
    /// duty cycle of the SSD wear estimate where the load states a rate (advisor/wear.h).
    double busy_hours_per_day = 8.0;
    /// Bytes the users write a day (before RAID), where they know it: the SSD wear estimate then
    /// takes it. 0 = not given: the load's rate for busy_hours_per_day where it states one, else
    /// the data once a day (advisor/wear.h, wear_basis).
    double writes_per_day_bytes = 0.0;
    /// Share of the usable capacity the data may fill (file-system headroom): the capacity
    /// needed is capacity_needed_bytes() / max_fill_fraction.
    double max_fill_fraction = 0.8;

    /// Usable bytes needed at the end of the horizon: capacity x (1 + growth)^years.
    double capacity_needed_bytes() const;
    /// Usable bytes the array must offer: capacity_needed_bytes() / max_fill_fraction.
    double capacity_to_provide_bytes() const;
};

/// Hot spares: drives that wait, powered, in a bay so that a rebuild starts at once.
enum class HotSpares {
    None,      ///< a failed drive is replaced by hand after `replacement_hours`
    One,       ///< one global spare for the whole system
    PerVolume  ///< one spare per independent volume
};

/// The whole question.
struct Request {
    std::string name;
    Workload workload;  ///< load points: concurrency (closed) and/or arrival rates (open)
    /// The application can spread its data over several volumes (databases with extent striping,
    /// mail servers, the 2007 report's IOMeter workers): independent volumes are candidates.
    bool can_spread_over_volumes = false;
    HostSpec host;  ///< the computer the storage is attached to
    Constraints constraints;
    Weights weights;
    /// Stripe units the search may pick from; empty = 4 KiB to 1 MiB in powers of two.
    std::vector<double> stripe_units_bytes;
    double enclosure_cost_per_bay_usd = 0.0;  ///< cost of each bay used beyond bays_owned
    int bays_owned = 0;
    bool include_power_cost = false;
    double power_price_usd_per_kwh = 0.15;
    double rebuild_rate_fraction = 0.5;  ///< share of a drive's sustained rate a rebuild gets
    HotSpares hot_spares = HotSpares::None;
    /// Without a hot spare: hours from a drive failure until a replacement is fitted and the
    /// rebuild starts (noticed, ordered, delivered, swapped).
    double replacement_hours = 72.0;
};

}  // namespace raidadv::advisor
