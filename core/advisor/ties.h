#pragma once
// Ties on speed (issue 24): two candidates whose mean responses differ by less than the
// model's 80% error in comparing two configurations (evaluate/error_band.h) cannot be told
// apart by the model; the advisor says so instead of ranking them on noise.

#include "advisor/advisor.h"

namespace raidadv::advisor {

/// The 80% band of a candidate's mean response over its load points: derived: the geometric
/// mean of the points' bands, as Performance::mean_response_s is the geometric mean of theirs.
/// Empty (zero) if any point has no band.
Interval response_band(const Performance& p);

/// The log-scale spread of the model's error in the ratio of two candidates' mean responses:
/// derived: the two errors are independent draws, sqrt(sa^2 + sb^2), each the mean over its
/// load points of the band's spread against another configuration: where both come from one
/// evidence class (the bias a study's profile shares cancels in the ratio),
/// PointBand::relative_log_sd when `same_hardware` (the same drive and controller models),
/// else PointBand::other_hardware_log_sd; PointBand::log_sd across classes. 0 if a point has
/// no band.
double comparison_log_sd(const Performance& a, const Performance& b, bool same_hardware);

/// The model cannot tell which of the two is faster: their mean responses differ by less than
/// the 80% interval of the ratio's error, |ln(ra / rb)| <= z80 comparison_log_sd.
bool speed_tied(const Candidate& a, const Candidate& b);

}  // namespace raidadv::advisor
