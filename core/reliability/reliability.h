#pragma once
// Reliability of a RAID layout: rebuild time, mean time to data loss (MTTDL), unrecoverable read
// errors during rebuild, and the probability of losing data over a planning horizon.
// Sources: Patterson, Gibson & Katz, "A case for redundant arrays of inexpensive disks (RAID)",
// SIGMOD 1988, and Gibson, "Redundant disk arrays: reliable, parallel secondary storage", MIT
// Press 1992 (MTTDL of independent groups with repair); Chen, Lee, Gibson, Katz & Patterson,
// ACM Computing Surveys 26(2), 1994 (RAID 5 and RAID 6 MTTDL); Schroeder & Gibson, "Disk
// failures in the real world: what does an MTTF of 1,000,000 hours mean to you?", FAST 2007
// (field replacement rates); Elerath & Pecht, IEEE Trans. Computers 58(3), 2009 (how far
// MTTDL can be off).

#include <string>
#include <vector>

#include "components/specs.h"
#include "layout/layout.h"
#include "units/units.h"

namespace raidadv {

/// Hours in a year (365.25 days): the year AFR figures use.
inline constexpr double kHoursPerYear = units::year_hours;

/// Field evidence applied to datasheet failure rates (see field_afr()).
struct FieldAfrRule {
    /// Field AFR = max(datasheet AFR x multiplier, floor). Schroeder & Gibson 2007 (section 7):
    /// for drives under five years old field replacement rates exceeded the datasheet's by a
    /// factor of 2 to 10; 2 is the low end.
    double multiplier = 2.0;
    /// Schroeder & Gibson 2007 (abstract): annual replacement rates "typically exceed 1%";
    /// Backblaze drive stats report about 1-2% for current drives.
    double floor = 0.01;
    /// Used when the drive has neither an AFR nor an MTBF: Schroeder & Gibson 2007 found 2-4%
    /// common; 3% is the middle of that range.
    double unknown_afr = 0.03;
};

struct ReliabilityInputs {
    Layout layout;  ///< assessed healthy: failed_drives and rebuild_rate_fraction are ignored
    DriveSpec drive;
    /// Share of a drive's sustained rate the rebuild gets (0 < share <= 1).
    double rebuild_rate_fraction = 0.5;
    double horizon_years = 5.0;  ///< planning horizon (>= 0)
    /// Hours from a drive failure until its rebuild starts (>= 0): 0 with a hot spare, else the
    /// time to notice, obtain and fit a replacement. The array runs degraded for this time plus
    /// the rebuild, so both make up the MTTR.
    double replacement_delay_h = 0.0;
    /// AFR to use instead of the datasheet and the field rule (0 < afr < 1); 0 = none.
    double field_afr_override = 0.0;
    FieldAfrRule field_rule;
    /// ZFS pools: share of the pool's space allocated (a resilver copies allocated blocks
    /// only; 0 to 1). 1 = full, the worst case. Ignored for other layouts.
    double fill_fraction = 1.0;
};

struct ReliabilityResult {
    int failures_tolerated = 0;  ///< per volume, worst placement (layout/geometry.h)
    /// Time to rebuild one failed drive onto a replacement, seconds (the MTTR). 0 = the layout
    /// has no redundancy and nothing is rebuilt.
    double rebuild_time_s = 0.0;
    /// Hours the array runs with less redundancy after a failure: the replacement delay plus
    /// the rebuild (the MTTR of the Markov model); 0 without redundancy.
    double mttr_hours = 0.0;
    double drive_afr_used = 0.0;  ///< annualized failure rate per drive (fraction)
    std::string afr_basis;        ///< where drive_afr_used comes from, in words
    /// Mean time to data loss from whole-drive failures, hours. Without redundancy it is the
    /// mean time to the first drive failure.
    double mttdl_hours = 0.0;
    /// Probability of at least one unrecoverable read error while rebuilding with no redundancy
    /// left (the last failure the layout tolerates has happened); 0 without redundancy.
    double p_ure_during_rebuild = 0.0;
    double p_loss_drive_failures_horizon = 0.0;  ///< 1 - exp(-T / MTTDL)
    double p_loss_ure_horizon = 0.0;             ///< from UREs in rebuilds over the horizon
    double p_data_loss_horizon = 0.0;            ///< both together, in [0, 1]
    std::vector<std::string> assumptions;        ///< plain-language statements behind the numbers
};

/// How a layout loses data, as identical independent groups in series (all volumes together):
/// a group of `members`, each made of `drives_per_member` drives (a member fails when any of
/// its drives does), loses data when more than `tolerated` members are down at once.
struct LossModel {
    int groups = 1;             ///< groups in series over all volumes
    int members = 1;            ///< members per group
    int drives_per_member = 1;  ///< 1, or the drives of a RAID 0+1 side
    int tolerated = 0;          ///< member failures a group survives
    /// Drives read to rebuild a group that has lost `tolerated` members (none left to spare).
    int critical_read_drives = 0;
    std::string description;  ///< "1 RAID 5 group of 4 drives"
};

/// The loss model of `layout`, with disks_per_span, mirror_copies and volumes as layout/geometry
/// interprets them (RAID 10 fails by mirror set whatever the span size; RAID 0+1 by side).
LossModel loss_model(const Layout& layout);

/// AFR = 1 - exp(-8766 h / MTBF): exponential lifetimes (derived).
double afr_from_mtbf(double mtbf_hours);
/// MTTF in hours of a drive with annualized failure rate `afr`: 8766 / -ln(1 - afr) (derived,
/// the inverse of afr_from_mtbf).
double mttf_hours_from_afr(double afr);

/// The AFR the assessment uses, and why. Override if given; else the datasheet AFR (or one from
/// the MTBF) raised by the field rule; else the rule's unknown_afr.
struct DriveAfr {
    double afr = 0.0;
    std::string basis;
};
/// `explain` false: the rate only, `basis` left empty.
DriveAfr field_afr(const DriveSpec& drive, const FieldAfrRule& rule, double override_afr = 0.0,
                   bool explain = true);

/// Sustained rate a rebuild writes the replacement at before its share is applied: HDD the mean
/// of the outer and inner media rates, SSD the sequential write rate (derived).
double rebuild_source_rate_Bps(const DriveSpec& drive);
/// Seconds to rebuild one drive: capacity / (share x rebuild_source_rate_Bps) (derived: the
/// rebuild streams the whole drive at its share of the sustained rate).
double rebuild_time_s(const DriveSpec& drive, double rebuild_rate_fraction);

/// Probability of at least one unrecoverable read error in `bits` bits read at `ber` errors per
/// bit: 1 - (1 - ber)^bits, computed as -expm1(bits * log1p(-ber)) (derived).
double p_unrecoverable_read(double bits, double ber);

/// MTTDL in hours of one group (Gibson 1992, Markov model with repair, MTTR << MTTF):
/// MTTF_m^(f+1) / (n (n-1) ... (n-f) MTTR^f) with n members, f tolerated, MTTF_m = MTTF / drives
/// per member. RAID 5 (f = 1): MTTF^2 / (G (G-1) MTTR); RAID 6: MTTF^3 / (G (G-1) (G-2) MTTR^2);
/// c-way mirror: MTTF^c / (c! MTTR^(c-1)).
double group_mttdl_hours(const LossModel& model, double mttf_hours, double mttr_hours);

/// Rate (per hour) at which one group enters its critical state (exactly `tolerated` members
/// down): n (n-1) ... (n-f+1) lambda_m^f MTTR^(f-1) (same Markov model; f = 1: every member
/// failure).
double group_critical_rate_per_hour(const LossModel& model, double mttf_hours, double mttr_hours);

/// The whole assessment. Throws std::invalid_argument with a message naming the input for
/// inputs it cannot assess (capacity <= 0, rebuild share outside (0, 1], negative horizon, BER
/// outside [0, 1), an AFR override outside [0, 1), a rebuild rate <= 0 on a redundant layout).
/// `explain` false: the figures only, without the assumptions in words (afr_basis included),
/// for a search that ranks many candidates and shows a few.
ReliabilityResult assess_reliability(const ReliabilityInputs& inputs, bool explain = true);

/// Time to rebuild one failed drive of a ZFS pool: a resilver of the allocated blocks onto a
/// replacement, or a dRAID's sequential rebuild onto its distributed spares (all children).
double zfs_rebuild_time_s(const ReliabilityInputs& inputs);

}  // namespace raidadv
