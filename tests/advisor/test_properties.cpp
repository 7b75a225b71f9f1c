// Properties of the search that hold for any request: constraints only remove candidates, so a
// tighter budget never yields a more expensive pick and a larger capacity need never a smaller one.

#include <catch2/catch.hpp>

#include "advisor_fixture.h"

using namespace raidadv;
using raidadv::test::example_request;
using raidadv::test::run_advisor;

TEST_CASE("a tighter budget never yields a more expensive pick", "[advisor][property]") {
    for (const char* file : {"advisor-file-server-2007.json", "advisor-archive-1996-cost.json"}) {
        INFO(file);
        auto request = example_request(file);
        request.weights.cost = 0.2;  // cost counts a little, so richer budgets can buy more
        double previous_cost = 1e300;
        for (double budget : {5000.0, 2400.0, 2000.0, 1600.0, 1500.0, 1200.0}) {
            INFO("budget " << budget);
            request.constraints.budget_usd = budget;
            const auto result = run_advisor(request);
            if (result.ranked.empty()) {
                CHECK_FALSE(result.problems.empty());  // says why
                previous_cost = 0.0;                   // tighter budgets stay empty
                continue;
            }
            const double cost = result.ranked.front().assessment.total_usd;
            CHECK(cost <= budget);
            CHECK(cost <= previous_cost);
            previous_cost = cost;
        }
    }
}

TEST_CASE("raising the required capacity never yields less capacity", "[advisor][property]") {
    auto request = example_request("advisor-archive-1996-cost.json");
    double previous = 0.0;
    for (double gb : {1.0, 2.0, 3.0, 4.0, 5.0}) {
        INFO("capacity " << gb << " GB");
        request.constraints.capacity_bytes = gb * 1e9;
        const auto result = run_advisor(request);
        REQUIRE_FALSE(result.ranked.empty());
        const double usable = result.ranked.front().assessment.usable_bytes;
        CHECK(usable >= gb * 1e9);
        CHECK(usable >= previous);
        previous = usable;
    }
}

TEST_CASE("every recommended candidate meets every constraint", "[advisor][property]") {
    // A current-hardware question whose search takes a fraction of a second (the VM datastore
    // one, over the whole catalog of issue 25, takes ten seconds; test_study_conclusions runs it).
    const auto request = example_request("advisor-archive-24-bay.json");
    const auto result = run_advisor(request);
    REQUIRE(result.ranked.size() > 10);
    for (const auto& c : result.ranked) {
        CHECK(c.assessment.failures_tolerated >= request.constraints.min_failures_tolerated);
        CHECK(c.assessment.usable_bytes >= request.constraints.capacity_to_provide_bytes());
        CHECK(c.system.total_drives() <= request.constraints.max_drive_bays);
        CHECK(std::isfinite(c.performance.mean_response_s));
        CHECK(c.performance.mean_response_s > 0.0);
        CHECK(c.assessment.p_data_loss >= 0.0);
        CHECK(c.assessment.p_data_loss <= 1.0);
    }
}

TEST_CASE("the Pareto front holds no dominated candidate and re-ranking keeps it",
          "[advisor][property]") {
    auto request = example_request("advisor-archive-1996-cost.json");
    auto result = run_advisor(request);
    auto no_worse = [](const advisor::Candidate& a, const advisor::Candidate& b) {
        return a.performance.mean_response_s <= b.performance.mean_response_s &&
               a.assessment.total_usd <= b.assessment.total_usd &&
               a.assessment.p_data_loss <= b.assessment.p_data_loss &&
               a.assessment.usable_bytes >= b.assessment.usable_bytes;
    };
    for (std::size_t i : result.pareto) {
        for (const auto& other : result.ranked) {
            if (&other != &result.ranked[i] && no_worse(other, result.ranked[i])) {
                CHECK_FALSE((other.performance.mean_response_s <
                                 result.ranked[i].performance.mean_response_s ||
                             other.assessment.total_usd < result.ranked[i].assessment.total_usd));
            }
        }
    }
    const std::size_t front = result.pareto.size();
    request.weights = {0.0, 1.0, 0.0, 0.0};  // cost only
    advisor::rank(result, request);
    CHECK(result.pareto.size() == front);
    for (std::size_t i = 1; i < result.ranked.size(); ++i) {
        CHECK(result.ranked[i - 1].assessment.total_usd <= result.ranked[i].assessment.total_usd);
    }
}

TEST_CASE("a request nothing can meet is explained, not answered", "[advisor]") {
    auto request = example_request("advisor-archive-1996-cost.json");
    request.constraints.capacity_bytes = 100e9;  // 100 GB from 1 GB drives in 6 bays
    const auto result = run_advisor(request);
    CHECK(result.ranked.empty());
    REQUIRE_FALSE(result.problems.empty());
    bool names_capacity = false;
    for (const auto& p : result.problems) {
        names_capacity = names_capacity || p.find("capacity") != std::string::npos;
    }
    CHECK(names_capacity);
}
