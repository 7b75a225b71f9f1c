// What would change the choice: constructed candidates whose utilities are worked by hand
// (rank.cpp's weighted log-utility), and the standard set on a bundled example.

#include <catch2/catch.hpp>
#include <cmath>

#include "advisor/sensitivity.h"
#include "advisor_fixture.h"

using namespace raidadv;
using namespace raidadv::advisor;

namespace {

Candidate made(const std::string& name, double response_s, double usd) {
    Candidate c;
    c.system.name = name;
    c.performance.mean_response_s = response_s;
    c.assessment.total_usd = usd;
    c.assessment.price_known = true;
    c.assessment.p_data_loss = 0.01;
    c.assessment.usable_bytes = 4e12;
    return c;
}

/// Fast-and-dear A against slow-and-cheap B: ln(RB/RA) = ln 1.35 = 0.300 and
/// ln(CA/CB) = ln 1.57 = 0.451. At equal weights B wins (0.300 < 0.451); with performance
/// counted twice A wins (0.600 > 0.451); with cost counted twice B wins by more.
struct Pair {
    Request request;
    Result result;
    Pair(double performance_weight, double budget_usd) {
        request.weights = {performance_weight, 1.0, 0.0, 0.0};
        request.constraints.budget_usd = budget_usd;
        request.constraints.capacity_bytes = 1e12;
        request.constraints.horizon_years = 0.0;
        result.ranked = {made("A", 0.010, 1570.0), made("B", 0.0135, 1000.0)};
        rank(result, request);
    }
};

using K = Perturbation::Kind;

}  // namespace

TEST_CASE("sensitivity: weights toward performance flip a close pick, toward cost do not",
          "[advisor][sensitivity]") {
    const Pair pair(1.0, 0.0);
    REQUIRE(pair.result.ranked.front().system.name == "B");
    const Sensitivity s =
        sensitivity(pair.result, pair.request, {{K::WeightPerformance, 2.0}, {K::WeightCost, 2.0}});
    REQUIRE(s.entries.size() == 2);
    CHECK(s.pick == "B");
    CHECK(s.examined == 2);
    CHECK(s.entries[0].applicable);
    CHECK(s.entries[0].pick_changes);
    CHECK(s.entries[0].new_pick == "A");
    CHECK(s.entries[0].new_pick_rank == 2);
    CHECK(s.entries[0].change == "performance weight 1 -> 2");
    CHECK_FALSE(s.entries[1].pick_changes);
    CHECK(s.entries[1].new_pick.empty());
}

TEST_CASE("sensitivity: a budget cut below the pick's price hands the pick to the next",
          "[advisor][sensitivity]") {
    // Performance counted twice: A is the pick; a 25% cut of a $1,600 budget leaves $1,200.
    const Pair dear(2.0, 1600.0);
    REQUIRE(dear.result.ranked.front().system.name == "A");
    const Sensitivity cut = sensitivity(dear.result, dear.request, {{K::Budget, 0.75}});
    REQUIRE(cut.entries.size() == 1);
    CHECK(cut.entries[0].pick_changes);
    CHECK(cut.entries[0].new_pick == "B");
    CHECK(cut.entries[0].note.find("over the budget") != std::string::npos);
    // At equal weights B ($1,000) is the pick and stays within $1,200.
    const Pair cheap(1.0, 1600.0);
    const Sensitivity kept = sensitivity(cheap.result, cheap.request, {{K::Budget, 0.75}});
    CHECK_FALSE(kept.entries[0].pick_changes);
    // A budget cut to a tenth leaves nothing among the candidates examined.
    const Sensitivity none = sensitivity(cheap.result, cheap.request, {{K::Budget, 0.1}});
    CHECK(none.entries[0].pick_changes);
    CHECK_FALSE(none.entries[0].any_left);
    // Capacity x5 (5 TB needed, 4 TB usable) drops both.
    const Sensitivity capacity = sensitivity(cheap.result, cheap.request, {{K::Capacity, 5.0}});
    CHECK_FALSE(capacity.entries[0].any_left);
}

TEST_CASE("sensitivity: changes that do nothing are marked, not counted",
          "[advisor][sensitivity]") {
    Pair pair(1.0, 0.0);
    pair.request.workload.read_fraction = 1.0;
    pair.request.workload.concurrency = {1};
    const Sensitivity s =
        sensitivity(pair.result, pair.request, {{K::ReadFraction, 0.2}, {K::Load, 0.5}});
    REQUIRE(s.entries.size() == 2);
    CHECK_FALSE(s.entries[0].applicable);  // 100% reads + 0.2 is still 100%
    CHECK_FALSE(s.entries[1].applicable);  // 1 outstanding / 2 is still 1
    CHECK_FALSE(s.entries[0].pick_changes);
    const Sensitivity empty = sensitivity(Result{}, pair.request, standard_perturbations());
    CHECK(empty.entries.size() == standard_perturbations().size());
    CHECK_FALSE(empty.entries[0].applicable);
}

TEST_CASE("sensitivity: the standard set on the file-server example", "[advisor][sensitivity]") {
    const Request request = test::example_request("advisor-file-server-2007.json");
    const Result result = test::run_advisor(request);
    REQUIRE(result.ranked.size() >= 2);
    const std::vector<Perturbation> set = standard_perturbations();
    const Sensitivity s = sensitivity(result, request, set, 6);
    REQUIRE(s.entries.size() == set.size());
    CHECK(s.pick == result.ranked.front().system.name);
    CHECK(s.examined == std::min<int>(6, static_cast<int>(result.ranked.size())));
    for (const SensitivityEntry& e : s.entries) {
        INFO(e.change << ": " << e.note);
        CHECK_FALSE(e.change.empty());
        CHECK_FALSE(e.note.empty());
        if (e.pick_changes && e.any_left) {
            // The new pick is one of the candidates examined, and not the old pick.
            CHECK(e.new_pick != s.pick);
            CHECK(e.new_pick_rank >= 2);
            CHECK(e.new_pick_rank <= s.examined);
            CHECK(e.new_pick ==
                  result.ranked[static_cast<std::size_t>(e.new_pick_rank - 1)].system.name);
        } else {
            CHECK(e.new_pick.empty());
        }
    }
    // Doubling the load is a real change for this request; the pick (ranked on the geometric
    // mean response) either stays or is handed on with a reason.
    CHECK(s.entries[2].applicable);
    // Same answer when asked twice (deterministic).
    const Sensitivity again = sensitivity(result, request, set, 6);
    for (std::size_t i = 0; i < s.entries.size(); ++i) {
        CHECK(again.entries[i].new_pick == s.entries[i].new_pick);
    }
}
