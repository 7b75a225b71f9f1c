// Failure rates, rebuild time, unrecoverable read errors and group MTTDL (sources in
// reliability.h).

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "reliability/reliability.h"

namespace raidadv {

namespace {

std::string percent(double fraction) {
    std::ostringstream s;
    s.precision(3);
    s << fraction * 100.0 << "%";
    return s.str();
}

}  // namespace

double afr_from_mtbf(double mtbf_hours) {
    if (!(mtbf_hours > 0.0)) {
        return 0.0;
    }
    // derived: exponential lifetime, P(fail within a year) = 1 - exp(-8766 / MTBF).
    return -std::expm1(-kHoursPerYear / mtbf_hours);
}

double mttf_hours_from_afr(double afr) {
    // derived: inverse of afr_from_mtbf; -log1p(-afr) = -ln(1 - afr), stable for small afr.
    return kHoursPerYear / -std::log1p(-afr);
}

DriveAfr field_afr(const DriveSpec& drive, const FieldAfrRule& rule, double override_afr,
                   bool explain) {
    if (override_afr > 0.0) {
        return {override_afr,
                explain ? "given: " + percent(override_afr) + " per year (override)" : ""};
    }
    if (!(drive.afr > 0.0) && !(drive.mtbf_hours > 0.0)) {
        return {rule.unknown_afr,
                explain ? "assumed " + percent(rule.unknown_afr) +
                              ": the drive has no datasheet AFR or MTBF (Schroeder & Gibson 2007 "
                              "found 2-4% per year common in the field)"
                        : ""};
    }
    const double datasheet = drive.afr > 0.0 ? drive.afr : afr_from_mtbf(drive.mtbf_hours);
    // Schroeder & Gibson 2007: field rates above datasheet ones by a factor of 2-10, typically
    // above 1% per year.
    const double scaled = datasheet * rule.multiplier;
    const double afr = std::max(scaled, rule.floor);
    if (!explain) {
        return {afr, {}};
    }
    std::string from;
    if (drive.afr > 0.0) {
        from = "datasheet AFR " + percent(datasheet);
    } else {
        std::ostringstream s;
        s << "datasheet MTBF " << std::fixed << std::setprecision(0) << drive.mtbf_hours
          << " h (AFR " << percent(datasheet) << ")";
        from = s.str();
    }
    std::ostringstream basis;
    if (scaled >= rule.floor) {
        basis << from << " x " << rule.multiplier
              << " for field evidence (Schroeder & Gibson 2007) = " << percent(afr);
    } else {
        basis << from << ", raised to the field floor of " << percent(afr)
              << " (Schroeder & Gibson 2007)";
    }
    return {afr, basis.str()};
}

double rebuild_source_rate_Bps(const DriveSpec& drive) {
    if (drive.kind == DriveKind::Ssd) {
        return drive.ssd.seq_write_Bps;  // the replacement is written sequentially
    }
    // derived: a rebuild streams the whole surface, outer to inner zone; the mean of the two
    // datasheet rates stands for the sweep.
    return 0.5 * (drive.hdd.media_rate_outer_Bps + drive.hdd.media_rate_inner_Bps);
}

double rebuild_time_s(const DriveSpec& drive, double rebuild_rate_fraction) {
    // derived: the whole capacity at the rebuild's share of the sustained rate.
    return drive.capacity_bytes / (rebuild_rate_fraction * rebuild_source_rate_Bps(drive));
}

double p_unrecoverable_read(double bits, double ber) {
    if (!(bits > 0.0) || !(ber > 0.0)) {
        return 0.0;
    }
    // derived: 1 - (1 - ber)^bits without cancellation.
    return -std::expm1(bits * std::log1p(-ber));
}

double group_mttdl_hours(const LossModel& model, double mttf_hours, double mttr_hours) {
    // Gibson 1992 (Patterson, Gibson & Katz 1988 for f = 1): MTTF_m^(f+1) / (n (n-1) ... (n-f)
    // MTTR^f), MTTF_m = MTTF / drives per member.
    const double mttf_member = mttf_hours / std::max(1, model.drives_per_member);
    double mttdl = mttf_member / model.members;
    for (int i = 1; i <= model.tolerated; ++i) {
        mttdl *= mttf_member / ((model.members - i) * mttr_hours);
    }
    return mttdl;
}

double group_critical_rate_per_hour(const LossModel& model, double mttf_hours, double mttr_hours) {
    if (model.tolerated <= 0) {
        return 0.0;
    }
    // Same Markov model: n lambda_m to lose the first member, then (n - i) lambda_m MTTR the
    // chance of losing the next before the repair ends.
    const double lambda_member = std::max(1, model.drives_per_member) / mttf_hours;
    double rate = model.members * lambda_member;
    for (int i = 1; i < model.tolerated; ++i) {
        rate *= (model.members - i) * lambda_member * mttr_hours;
    }
    return rate;
}

}  // namespace raidadv
