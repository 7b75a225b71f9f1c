#pragma once
// Ties on speed (issue 24): two candidates whose mean responses lie within each other's 80%
// error bands (evaluate/error_band.h) cannot be told apart by the model; the advisor says so
// instead of ranking them on noise.

#include "advisor/advisor.h"

namespace raidadv::advisor {

/// The 80% band of a candidate's mean response over its load points: derived: the geometric
/// mean of the points' bands, as Performance::mean_response_s is the geometric mean of theirs.
/// Empty (zero) if any point has no band.
Interval response_band(const Performance& p);

/// Each candidate's mean response lies within the other's band.
bool speed_tied(const Candidate& a, const Candidate& b);

}  // namespace raidadv::advisor
