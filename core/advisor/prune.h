#pragma once
// Skipping candidates the model need not run on (issue 25: the whole-catalog search must get
// several times faster per candidate). A candidate whose cost, capacity and loss risk are known
// before the model runs, and whose response time is bounded below (evaluate/response_bound.h),
// is skipped when that optimistic view of it is strictly dominated by a candidate already
// evaluated (it cannot reach the Pareto front) and it cannot reach anything else the answer
// shows: the first rows, the stripe refinement, the rivals and alternatives the explanation
// names, the rows it would fold into. The search evaluates in the order of the optimistic
// utility, so strong candidates come first and prune the rest, and checks every skipped one
// again against the finished answer (needed_after), evaluating any that could change it.

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "advisor/advisor.h"

namespace raidadv::advisor {

/// What is known of a candidate before the model runs on it.
struct Outlook {
    double cost_usd = 0.0;
    double p_data_loss = 0.0;
    double usable_bytes = 0.0;
    bool price_known = true;
    bool striped = false;
    double response_floor_s = 0.0;  ///< lower bound on the mean response time (0: none)
    /// Per load point (the workload's closed points, then its open ones): lower bounds on the
    /// response time, or the response itself where the model has solved it; response_floor_s
    /// is their geometric mean (floor_mean).
    std::vector<double> point_floors_s;
    /// Kept only at or below this throughput at the heaviest point (SSD wear, wear.h).
    double wear_limit = 0.0;
    /// The model's throughput does not fall as the population grows (response_bound.h).
    bool throughput_rises = false;
    std::string family;        ///< fold_variants' family (drive, drives, level, failures)
    std::string level_family;  ///< the explanation's rival grouping (level, several volumes)
};

/// The geometric mean of per-point floors (as advisor::measure's mean), 0 if any is not above 0.
double floor_mean(const std::vector<double>& points_s);

/// The ranking key rank() orders by, as one number: where cost counts a known price ranks
/// first, then the utility (rank.cpp, ranks_before). `a` may rank before `b` only if
/// key(a) >= key(b).
double rank_key(double utility, bool price_known, bool cost_counts);

/// Utility of a candidate with these criteria (rank.cpp, the one formula).
double utility_of(double response_s, double cost_usd, double p_data_loss, double usable_bytes,
                  const Weights& w);

/// The weights weight_sensitivity() tries (explain.cpp): each criterion counted twice.
std::vector<Weights> doubled_weights(const Weights& w);

/// The four criteria of the Pareto front (rank.cpp, mark_pareto).
struct Criteria {
    double response_s = 0.0;
    double cost_usd = 0.0;
    double p_data_loss = 0.0;
    double usable_bytes = 0.0;
};
Criteria criteria_of(const Candidate& c);

/// `a` dominates every candidate whose criteria are at least as bad as `floor`'s (its response
/// at or above floor.response_s), and strictly on a criterion `floor` states exactly or in the
/// response: no such candidate can be on the front.
bool dominates_floor(const Criteria& a, const Criteria& floor);

/// fold_variants()'s family: only candidates of one family fold (drive, drives, level, failures).
std::string fold_family_key(const System& system, int failures_tolerated);

/// Near-identical as fold_variants() folds (variants.cpp) is possible: `x` (response unknown,
/// at least x_floor_s) against a member `m` of its family.
bool could_fold_with(const Outlook& x, const Criteria& m, bool m_price_known);

/// What the search has evaluated so far, for deciding online whether the next candidate needs
/// the model. Every skip is checked again by needed_after; this only keeps that check short.
class OnlinePruner {
  public:
    OnlinePruner(const Request& request, int top_rows, int refine_top);
    /// A feasible candidate the model evaluated (before the stripe refinement).
    void add(const Outlook& o, const Candidate& c);
    /// The candidate may be skipped on what is known now.
    bool skippable(const Outlook& o) const;

  private:
    struct Member {
        Criteria criteria;
        bool price_known = true;
    };
    const Request& request_;
    int top_rows_ = 0;
    int refine_top_ = 0;
    std::vector<Weights> doubled_;
    std::vector<Criteria> front_;
    std::map<std::string, double> family_best_;  ///< family -> best rank key
    std::multiset<double> family_keys_;          ///< the family_best_ values
    std::multiset<double> striped_keys_;
    std::map<std::string, double> level_best_;
    std::vector<double> doubled_best_;
    std::map<std::string, std::vector<Member>> members_;
};

/// What the finished answer must keep exact (the search's options).
struct NeededAfter {
    const Request& request;
    int top_rows = 10;
    int explain_top = 3;
    int refine_top = 8;
    bool extremes = false;  ///< the cheapest and the largest rows must be exact (way_out)
};
/// What needed_after reads of an evaluated candidate before folding: its fold family, criteria
/// and whether its price is known.
struct FoldMember {
    std::string family;
    Criteria criteria;
    bool price_known = true;
};
FoldMember fold_member(const Candidate& c);

/// The candidates among `waiting` (skipped so far) that could change the finished answer
/// `rows` (ranked, folded, the front marked) of the evaluated candidates `members` (after the
/// stripe refinement, before folding); `refine_key` is the rank key of the last candidate the
/// refinement reached (-infinity: it reached every striped one; +infinity: none is refined).
/// Indices into `waiting`: all that could reach the front, the first rows, the refinement, a
/// row by folding, or the pick under doubled weights (or, with `extremes`, the cheapest or the
/// largest row); and the best few that could be the explanation's rival or cheaper alternative.
std::vector<std::size_t> needed_after(const NeededAfter& what, double refine_key,
                                      const std::vector<FoldMember>& members, const Result& rows,
                                      const std::vector<Outlook>& waiting);

}  // namespace raidadv::advisor
