// Ranking: a weighted log-utility that does not depend on which other candidates exist, so a
// tighter budget or a larger capacity need can only remove candidates, never reorder the rest.

#include <algorithm>
#include <cmath>

#include "advisor/advisor.h"
#include "advisor/prune.h"
#include "advisor/ties.h"

namespace raidadv::advisor {

namespace {

/// Below this probability of data loss over the horizon a layout gets no further credit (a
/// user who weighs reliability wants "safe enough", not ever more nines at any price).
constexpr double kLossProbabilityFloor = 1e-4;

double utility(const Candidate& c, const Weights& w) {
    return utility_of(c.performance.mean_response_s, c.assessment.total_usd,
                      c.assessment.p_data_loss, c.assessment.usable_bytes, w);
}

/// a is at least as good as b on every criterion and better on one.
bool dominates(const Candidate& a, const Candidate& b) {
    const double ar = a.performance.mean_response_s, br = b.performance.mean_response_s;
    const double ac = a.assessment.total_usd, bc = b.assessment.total_usd;
    const double ap = a.assessment.p_data_loss, bp = b.assessment.p_data_loss;
    const double au = a.assessment.usable_bytes, bu = b.assessment.usable_bytes;
    const bool no_worse = ar <= br && ac <= bc && ap <= bp && au >= bu;
    const bool better = ar < br || ac < bc || ap < bp || au > bu;
    return no_worse && better;
}

/// The ranking order, a before b: where cost counts, candidates with a known price first (an
/// unknown price is only a lower bound, so it cannot win on cost); then higher utility; ties
/// (equal utility) go to the cheaper, then the simpler layout (simpler_layout), then fewer
/// drives; the name only makes the order of true duplicates deterministic.
bool ranks_before(double a_utility, const Candidate& a, double b_utility, const Candidate& b,
                  bool cost_counts) {
    if (cost_counts && a.assessment.price_known != b.assessment.price_known) {
        return a.assessment.price_known;
    }
    if (a_utility != b_utility) {
        return a_utility > b_utility;
    }
    if (a.assessment.total_usd != b.assessment.total_usd) {
        return a.assessment.total_usd < b.assessment.total_usd;
    }
    if (simpler_layout(a.system.layout, b.system.layout) ||
        simpler_layout(b.system.layout, a.system.layout)) {
        return simpler_layout(a.system.layout, b.system.layout);
    }
    if (a.system.total_drives() != b.system.total_drives()) {
        return a.system.total_drives() < b.system.total_drives();
    }
    return a.system.name < b.system.name;
}

}  // namespace

double utility_of(double response_s, double cost_usd, double p_data_loss, double usable_bytes,
                  const Weights& w) {
    // derived: each term is the log of a ratio, so "twice as fast" and "half the price" weigh the
    // same at equal weights.
    const double perf = -std::log(response_s);
    const double cost = cost_usd > 0.0 ? -std::log(cost_usd) : 0.0;
    const double loss = -std::log(std::max(p_data_loss, kLossProbabilityFloor));
    const double capacity = std::log(std::max(usable_bytes, 1.0));
    return w.performance * perf + w.cost * cost + w.reliability * loss + w.capacity * capacity;
}

bool simpler_layout(const Layout& a, const Layout& b) {
    // derived: fewer volumes to manage, then no span setting, then fewer spans, then md's
    // default raid10 placement (near).
    if (a.volumes != b.volumes) {
        return a.volumes < b.volumes;
    }
    if ((a.disks_per_span > 0) != (b.disks_per_span > 0)) {
        return a.disks_per_span == 0;
    }
    if (a.disks_per_span != b.disks_per_span) {
        return a.disks_per_span > b.disks_per_span;  // fewer spans
    }
    if (a.placement != b.placement) {
        return a.placement == CopyPlacement::Near;  // md's default layout (mdadm(8))
    }
    return false;
}

std::size_t first_under(const std::vector<Candidate>& candidates, const Weights& weights) {
    std::size_t best = 0;
    double best_utility = 0.0;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const double u = utility(candidates[i], weights);
        if (i == 0 ||
            ranks_before(u, candidates[i], best_utility, candidates[best], weights.cost > 0.0)) {
            best = i;
            best_utility = u;
        }
    }
    return best;
}

void mark_pareto(std::vector<Candidate>& candidates) {
    // Sorted by response time, a candidate can only be dominated by one before it or by an equal
    // one; checking against the front found so far is enough (the front is small).
    std::vector<std::size_t> order(candidates.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
    }
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return candidates[a].performance.mean_response_s <
               candidates[b].performance.mean_response_s;
    });
    std::vector<std::size_t> front;
    for (std::size_t i : order) {
        bool dominated = false;
        for (std::size_t f : front) {
            if (dominates(candidates[f], candidates[i])) {
                dominated = true;
                break;
            }
        }
        candidates[i].pareto = !dominated;
        if (!dominated) {
            // A newcomer may dominate an earlier front member with equal response time.
            std::erase_if(front, [&](std::size_t f) {
                if (dominates(candidates[i], candidates[f])) {
                    candidates[f].pareto = false;
                    return true;
                }
                return false;
            });
            front.push_back(i);
        }
    }
}

void rank(Result& result, const Request& request) {
    auto& ranked = result.ranked;
    for (Candidate& c : ranked) {
        c.utility = utility(c, request.weights);
    }
    // Sorting indices and then moving each candidate once gives the same order as sorting the
    // candidates (std::sort's steps depend only on the comparisons) without moving large objects
    // at every step.
    std::vector<std::size_t> order(ranked.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
    }
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return ranks_before(ranked[a].utility, ranked[a], ranked[b].utility, ranked[b],
                            request.weights.cost > 0.0);
    });
    std::vector<Candidate> sorted;
    sorted.reserve(ranked.size());
    for (std::size_t i : order) {
        sorted.push_back(std::move(ranked[i]));
    }
    ranked = std::move(sorted);
    if (!ranked.empty()) {
        const Weights& w = request.weights;
        const double weight_sum = w.performance + w.cost + w.reliability + w.capacity;
        const double top = ranked.front().utility;
        for (Candidate& c : ranked) {
            // derived: exp((u - u_best) / sum of weights) is the weighted geometric mean of the
            // candidate's ratios to the best on each criterion: 100 = as good as the best, 50 =
            // half as good on average; equal utilities give equal scores, and no candidate
            // that was kept scores 0.
            c.score = weight_sum > 0.0
                          ? std::min(100.0, 100.0 * std::exp((c.utility - top) / weight_sum))
                          : 100.0;
        }
    }
    for (std::size_t i = 0; i < ranked.size(); ++i) {
        ranked[i].speed_tied_with_pick = i > 0 && speed_tied(ranked[i], ranked.front());
    }
    result.pareto.clear();
    for (std::size_t i = 0; i < ranked.size(); ++i) {
        if (ranked[i].pareto) {
            result.pareto.push_back(i);
        }
    }
}

}  // namespace raidadv::advisor
