// Skipping candidates the model need not run on (prune.h): the bounds, the online test, and the
// check of every skipped candidate against the finished answer.

#include "advisor/prune.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "advisor/explain.h"
#include "layout/geometry.h"

namespace raidadv::advisor {

namespace {

/// Larger than any utility (|utility| stays far below: logs of seconds, dollars and bytes times
/// weights of at most a few units), so a known price outranks every unknown one.
constexpr double kPriceKnownTier = 1e9;

/// As variants.cpp's within(): |a - b| <= band x the larger.
bool within(double a, double b, double band) {
    return std::abs(a - b) <= band * std::max(std::abs(a), std::abs(b));
}

/// The k-th largest value of `keys` (k >= 1), or -infinity when there are fewer.
double kth_largest(const std::multiset<double>& keys, int k) {
    if (k < 1 || keys.size() < static_cast<std::size_t>(k)) {
        return -std::numeric_limits<double>::infinity();
    }
    auto it = keys.rbegin();
    std::advance(it, k - 1);
    return *it;
}

double key_of(const Candidate& c, const Weights& w) {
    return rank_key(utility_of(c.performance.mean_response_s, c.assessment.total_usd,
                               c.assessment.p_data_loss, c.assessment.usable_bytes, w),
                    c.assessment.price_known, w.cost > 0.0);
}

/// The best key `o` could have under `w`: its response at the bound.
double optimistic_key(const Outlook& o, const Weights& w) {
    return rank_key(utility_of(o.response_floor_s, o.cost_usd, o.p_data_loss, o.usable_bytes, w),
                    o.price_known, w.cost > 0.0);
}

Criteria floor_of(const Outlook& o) {
    return {o.response_floor_s, o.cost_usd, o.p_data_loss, o.usable_bytes};
}

/// Whether a member of `front` (in order of response) dominates `floor` (dominates_floor): only
/// those with a response at most the floor's can.
bool any_dominates(const std::vector<Criteria>& front, const Criteria& floor) {
    for (const Criteria& f : front) {
        if (f.response_s > floor.response_s) {
            return false;
        }
        if (dominates_floor(f, floor)) {
            return true;
        }
    }
    return false;
}

}  // namespace

double floor_mean(const std::vector<double>& points_s) {
    double log_sum = 0.0;
    for (double r : points_s) {
        if (!(r > 0.0) || !std::isfinite(r)) {
            return 0.0;
        }
        log_sum += std::log(r);
    }
    // derived: as advisor::measure's geometric mean over the load points.
    return points_s.empty() ? 0.0 : std::exp(log_sum / static_cast<double>(points_s.size()));
}

double rank_key(double utility, bool price_known, bool cost_counts) {
    return (cost_counts && price_known ? kPriceKnownTier : 0.0) + utility;
}

std::vector<Weights> doubled_weights(const Weights& base) {
    // As explain.cpp's weight_sensitivity: each criterion twice as much (at least 0.5).
    std::vector<Weights> out;
    Weights w = base;
    w.performance = std::max(0.5, 2.0 * base.performance);
    out.push_back(w);
    w = base;
    w.cost = std::max(0.5, 2.0 * base.cost);
    out.push_back(w);
    w = base;
    w.reliability = std::max(0.5, 2.0 * base.reliability);
    out.push_back(w);
    return out;
}

Criteria criteria_of(const Candidate& c) {
    return {c.performance.mean_response_s, c.assessment.total_usd, c.assessment.p_data_loss,
            c.assessment.usable_bytes};
}

bool dominates_floor(const Criteria& a, const Criteria& f) {
    // As rank.cpp's dominates(), with the floor's response a lower bound: `a` is no worse than
    // anything at or above the floor, and strictly better somewhere whatever the true response.
    const bool no_worse = a.response_s <= f.response_s && a.cost_usd <= f.cost_usd &&
                          a.p_data_loss <= f.p_data_loss && a.usable_bytes >= f.usable_bytes;
    const bool better = a.response_s < f.response_s || a.cost_usd < f.cost_usd ||
                        a.p_data_loss < f.p_data_loss || a.usable_bytes > f.usable_bytes;
    return f.response_s > 0.0 && no_worse && better;
}

bool could_fold_with(const Outlook& x, const Criteria& m, bool m_price_known) {
    // variants.cpp, near_identical(): cost and capacity within 0.5%, the same price knowledge,
    // loss within 5% (or 1e-6 apart), and a response within 5% of m's, which x can reach only
    // if its floor is at most m's / 0.95 (a slack of 1e-9 for rounding).
    return within(x.cost_usd, m.cost_usd, 0.005) && within(x.usable_bytes, m.usable_bytes, 0.005) &&
           x.price_known == m_price_known &&
           (within(x.p_data_loss, m.p_data_loss, 0.05) ||
            std::abs(x.p_data_loss - m.p_data_loss) < 1e-6) &&
           x.response_floor_s <= m.response_s / 0.95 * (1.0 + 1e-9);
}

OnlinePruner::OnlinePruner(const Request& request, int top_rows, int refine_top)
    : request_(request),
      top_rows_(std::max(1, top_rows)),
      refine_top_(refine_top),
      doubled_(doubled_weights(request.weights)),
      doubled_best_(doubled_.size(), -std::numeric_limits<double>::infinity()) {}

void OnlinePruner::add(const Outlook& o, const Candidate& c) {
    const Criteria k = criteria_of(c);
    // The front of what was evaluated (any candidate that dominates a floor, a member does).
    bool dominated = false;
    for (const Criteria& f : front_) {
        if (f.response_s > k.response_s) {
            break;  // in order of response: none after this one either
        }
        if (f.cost_usd <= k.cost_usd && f.p_data_loss <= k.p_data_loss &&
            f.usable_bytes >= k.usable_bytes) {
            dominated = true;
            break;
        }
    }
    if (!dominated) {
        std::erase_if(front_, [&](const Criteria& f) {
            return k.response_s <= f.response_s && k.cost_usd <= f.cost_usd &&
                   k.p_data_loss <= f.p_data_loss && k.usable_bytes >= f.usable_bytes;
        });
        // Kept in order of response, so that skippable() looks only at the members as fast as
        // the floor (no other can dominate it).
        front_.insert(std::upper_bound(front_.begin(), front_.end(), k,
                                       [](const Criteria& a, const Criteria& b) {
                                           return a.response_s < b.response_s;
                                       }),
                      k);
    }
    const double key = key_of(c, request_.weights);
    auto [it, fresh] = family_best_.try_emplace(o.family, key);
    if (fresh) {
        family_keys_.insert(key);
    } else if (key > it->second) {
        family_keys_.erase(family_keys_.find(it->second));
        family_keys_.insert(key);
        it->second = key;
    }
    if (o.striped) {
        striped_keys_.insert(key);
    }
    auto [lit, lfresh] = level_best_.try_emplace(o.level_family, key);
    if (!lfresh) {
        lit->second = std::max(lit->second, key);
    }
    for (std::size_t i = 0; i < doubled_.size(); ++i) {
        doubled_best_[i] = std::max(doubled_best_[i], key_of(c, doubled_[i]));
    }
    members_[o.family].push_back({k, c.assessment.price_known});
}

bool OnlinePruner::skippable(const Outlook& o) const {
    if (!(o.response_floor_s > 0.0)) {
        return false;
    }
    const Criteria floor = floor_of(o);
    if (!any_dominates(front_, floor)) {
        return false;  // it may reach the front
    }
    const double key = optimistic_key(o, request_.weights);
    // One row per family at least: the top rows are at or above the k-th best family.
    if (key >= kth_largest(family_keys_, top_rows_)) {
        return false;
    }
    if (o.striped && refine_top_ > 0 && key >= kth_largest(striped_keys_, refine_top_)) {
        return false;  // it may be among the candidates whose stripe unit is refined
    }
    const auto level = level_best_.find(o.level_family);
    if (level == level_best_.end() || key >= level->second) {
        return false;  // it may be the best of its kind: the explanation's rival
    }
    for (std::size_t i = 0; i < doubled_.size(); ++i) {
        if (optimistic_key(o, doubled_[i]) >= doubled_best_[i]) {
            return false;  // it may be the pick with one criterion counted twice
        }
    }
    if (const auto m = members_.find(o.family); m != members_.end()) {
        for (const Member& member : m->second) {
            if (could_fold_with(o, member.criteria, member.price_known)) {
                return false;  // it may fold into a row as a variant or as its simplest form
            }
        }
    }
    return true;
}

namespace {

/// Where `rows` (ranked) has its first row whose level family differs from the pick's.
const Candidate* rival_row(const Result& rows) {
    if (rows.ranked.empty()) {
        return nullptr;
    }
    const std::string pick = level_family(rows.ranked.front().system.layout);
    for (const Candidate& c : rows.ranked) {
        if (level_family(c.system.layout) != pick) {
            return &c;
        }
    }
    return nullptr;
}

/// explain.cpp's cheaper_alternative: the cheapest priced row within 10% of the pick's response.
const Candidate* cheaper_row(const Result& rows) {
    if (rows.ranked.empty()) {
        return nullptr;
    }
    const Candidate& pick = rows.ranked.front();
    const Candidate* best = nullptr;
    for (const Candidate& c : rows.ranked) {
        if (c.assessment.price_known &&
            c.performance.mean_response_s <= 1.1 * pick.performance.mean_response_s &&
            c.assessment.total_usd < pick.assessment.total_usd &&
            (best == nullptr || c.assessment.total_usd < best->assessment.total_usd)) {
            best = &c;
        }
    }
    return best;
}

}  // namespace

FoldMember fold_member(const Candidate& c) {
    return {fold_family_key(c.system, c.assessment.failures_tolerated), criteria_of(c),
            c.assessment.price_known};
}

std::vector<std::size_t> needed_after(const NeededAfter& what, double refine_key,
                                      const std::vector<FoldMember>& members, const Result& rows,
                                      const std::vector<Outlook>& waiting) {
    const Weights& w = what.request.weights;
    const auto& ranked = rows.ranked;
    std::vector<Criteria> front;  // in order of response (any_dominates)
    for (const Candidate& c : ranked) {
        if (c.pareto) {
            front.push_back(criteria_of(c));
        }
    }
    std::stable_sort(front.begin(), front.end(), [](const Criteria& a, const Criteria& b) {
        return a.response_s < b.response_s;
    });
    const int top = std::max(what.top_rows, what.explain_top);
    const double top_key = ranked.size() >= static_cast<std::size_t>(top)
                               ? key_of(ranked[static_cast<std::size_t>(top) - 1], w)
                               : -std::numeric_limits<double>::infinity();
    std::map<std::string, std::vector<const FoldMember*>> families;
    for (const FoldMember& m : members) {
        families[m.family].push_back(&m);
    }
    const Candidate* pick = ranked.empty() ? nullptr : &ranked.front();
    const Candidate* rival = rival_row(rows);
    const std::string pick_level = pick != nullptr ? level_family(pick->system.layout) : "";
    const Candidate* cheaper = cheaper_row(rows);
    const std::vector<Weights> doubled = doubled_weights(w);
    std::vector<double> doubled_keys;
    for (const Weights& v : doubled) {
        doubled_keys.push_back(ranked.empty() ? -std::numeric_limits<double>::infinity()
                                              : key_of(ranked[first_under(ranked, v)], v));
    }
    const Candidate* cheapest = nullptr;
    const Candidate* largest = nullptr;
    for (const Candidate& c : ranked) {
        if (c.assessment.price_known &&
            (cheapest == nullptr || c.assessment.total_usd < cheapest->assessment.total_usd)) {
            cheapest = &c;
        }
        if (largest == nullptr || c.assessment.usable_bytes > largest->assessment.usable_bytes) {
            largest = &c;
        }
    }

    std::vector<std::size_t> must;                             // needed whatever the limit
    std::vector<std::pair<double, std::size_t>> rivals;        // by key, best first
    std::vector<std::pair<double, std::size_t>> cheaper_ones;  // by cost, cheapest first
    for (std::size_t i = 0; i < waiting.size(); ++i) {
        const Outlook& o = waiting[i];
        const double key = optimistic_key(o, w);
        const Criteria floor = floor_of(o);
        const bool off_front = any_dominates(front, floor);
        bool folds = false;
        if (const auto fam = families.find(o.family); fam != families.end()) {
            folds = std::any_of(fam->second.begin(), fam->second.end(), [&](const FoldMember* m) {
                return could_fold_with(o, m->criteria, m->price_known);
            });
        }
        if (!off_front || folds || key >= top_key || (o.striped && key >= refine_key)) {
            must.push_back(i);
            continue;
        }
        bool doubled_pick = false;
        for (std::size_t v = 0; v < doubled.size(); ++v) {
            doubled_pick = doubled_pick || optimistic_key(o, doubled[v]) >= doubled_keys[v];
        }
        if (doubled_pick) {
            must.push_back(i);
            continue;
        }
        if (what.extremes &&
            ((o.price_known && cheapest != nullptr &&
              (o.cost_usd < cheapest->assessment.total_usd ||
               (o.cost_usd == cheapest->assessment.total_usd && key >= key_of(*cheapest, w)))) ||
             (o.price_known && cheapest == nullptr) ||
             (largest != nullptr && (o.usable_bytes > largest->assessment.usable_bytes ||
                                     (o.usable_bytes == largest->assessment.usable_bytes &&
                                      key >= key_of(*largest, w)))))) {
            must.push_back(i);
            continue;
        }
        if (pick == nullptr || what.explain_top < 1) {
            continue;
        }
        // The explanation of the pick names the first row of another kind (crossover) and the
        // cheapest priced row within 10% of its response time (cheaper_alternative).
        const bool rival_possible =
            o.level_family != pick_level && (rival == nullptr || key >= key_of(*rival, w));
        const bool cheaper_possible =
            o.price_known && o.cost_usd < pick->assessment.total_usd &&
            o.response_floor_s <= 1.1 * pick->performance.mean_response_s &&
            (cheaper == nullptr || o.cost_usd < cheaper->assessment.total_usd ||
             (o.cost_usd == cheaper->assessment.total_usd && key >= key_of(*cheaper, w)));
        if (rival_possible) {
            rivals.emplace_back(-key, i);
        } else if (cheaper_possible) {
            cheaper_ones.emplace_back(o.cost_usd, i);
        }
    }
    // Evaluated best first, a few per round: the first feasible one settles the question and
    // lets the next round skip the rest.
    constexpr std::size_t kFirstOfPerRound = 16;
    for (auto* list : {&rivals, &cheaper_ones}) {
        std::sort(list->begin(), list->end());
        for (std::size_t j = 0; j < list->size() && j < kFirstOfPerRound; ++j) {
            must.push_back((*list)[j].second);
        }
    }
    return must;
}

}  // namespace raidadv::advisor
