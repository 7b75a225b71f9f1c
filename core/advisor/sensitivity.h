#pragma once
// What would change the choice: the advisor's pick re-examined under small changes of the
// question (read share, load, request or file size, budget, capacity, weights). Only the top few
// ranked candidates are re-measured under each changed request and re-ranked, so the answer costs
// a few dozen model evaluations, not a new search; a candidate outside those few that might win
// under the change is not seen (stated in the result).

#include <string>
#include <vector>

#include "advisor/advisor.h"

namespace raidadv::advisor {

/// One change of the request, applied to a copy of it.
struct Perturbation {
    enum class Kind {
        ReadFraction,  ///< read_fraction + amount, clamped to [0, 1]
        Load,          ///< concurrency and arrival rates x amount (concurrency at least 1)
        Size,          ///< request or file sizes x amount
        Budget,        ///< budget x amount (no budget: amount x the pick's cost)
        Capacity,      ///< required capacity x amount
        WeightCost,    ///< the cost weight x amount (1 if it was 0)
        WeightPerformance,
        WeightReliability
    };
    Kind kind = Kind::ReadFraction;
    double amount = 0.0;
};

/// The standard set: read share +-0.2, load x2 and /2, size x2 and /2, budget -25%, capacity
/// x1.5, and each of the cost, performance and reliability weights doubled.
std::vector<Perturbation> standard_perturbations();

struct SensitivityEntry {
    Perturbation perturbation;
    std::string change;      ///< "read share 70% -> 90%"
    bool applicable = true;  ///< false: the change does nothing to this request (e.g. 100% + 0.2)
    bool pick_changes = false;  ///< another candidate (or none) would be picked
    bool any_left = true;       ///< false: none of the candidates examined survives the change
    std::string new_pick;       ///< describe() of the new pick; empty if unchanged or none left
    int new_pick_rank = 0;      ///< its rank in the original ranking (1-based), 0 if none
    std::string note;           ///< why: "the pick saturates", "the pick is over the budget", ...
};

struct Sensitivity {
    std::string pick;                       ///< describe() of the current pick
    int examined = 0;                       ///< candidates re-examined per change
    std::vector<SensitivityEntry> entries;  ///< one per perturbation, in the order given
    double seconds = 0.0;
};

/// Applies `p` to a copy of `request`; `pick_usd` is the current pick's cost (for a budget cut
/// when the request has no budget). Sets `applicable` false when nothing changes.
Request perturbed_request(const Request& request, const Perturbation& p, double pick_usd,
                          bool& applicable);

/// Re-examines the first `top` ranked candidates of `result` under each perturbation. Never
/// throws for a result recommend() produced; an empty result gives entries that are not
/// applicable.
Sensitivity sensitivity(const Result& result, const Request& request,
                        const std::vector<Perturbation>& perturbations, int top = 8);

}  // namespace raidadv::advisor
