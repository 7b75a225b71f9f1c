#pragma once
// Two more advisor charts: how the model's response time depends on the stripe unit, and how
// the probability of losing data grows over the planning horizon. Plain data from the core
// (Candidate::stripe_trials, advisor::loss_over_time); nothing is computed here but axes.

#include <vector>

#include "advice_charts.h"
#include "advisor/advisor.h"
#include "advisor/request.h"
#include "charts.h"

namespace raidadv::gui {

/// Mean response time against stripe unit (log2 axis, KiB) for the candidates whose unit the
/// model refined, one line each; the unit each one uses is marked. Saturated units are left out.
/// Empty series (and a title saying so) when no candidate was refined.
raidadv::charts::Chart stripeChart(const std::vector<NamedCandidate>& candidates);

/// Probability of data loss (%) from the start to the planning horizon (at least one year),
/// one line per candidate; a logarithmic axis when the lines differ by more than 100 times.
raidadv::charts::Chart lossChart(const std::vector<NamedCandidate>& candidates,
                                 const raidadv::advisor::Request& request);

/// True if any of `candidates` has stripe trials to draw.
bool hasStripeTrials(const std::vector<NamedCandidate>& candidates);

}  // namespace raidadv::gui
