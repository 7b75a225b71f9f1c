// The advisor never returns a candidate that breaks a constraint: one test per constraint
// (capacity, budget, bays, failures tolerated, rebuild hours, power), each with a limit chosen
// so that it binds (the unconstrained search returns candidates on both sides of it), and the
// Pareto front is exactly the set of candidates no other candidate dominates on all four criteria
// (response time, cost, data-loss probability, capacity).
#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>

#include "advisor_fixture.h"
#include "layout/geometry.h"

using namespace raidadv;
using raidadv::test::example_request;
using raidadv::test::run_advisor;

namespace {

constexpr const char* kExample = "advisor-nvme-scratch.json";

const advisor::Result& unconstrained() {
    static const advisor::Result r = run_advisor(example_request(kExample));
    return r;
}

/// The median of `value` over the unconstrained candidates: a limit there binds.
double median_of(const std::function<double(const advisor::Candidate&)>& value) {
    std::vector<double> v;
    for (const auto& c : unconstrained().ranked) {
        v.push_back(value(c));
    }
    REQUIRE(v.size() > 10);
    std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
    return v[v.size() / 2];
}

/// Runs the search with `limit` applied and checks `meets` on every candidate returned, after
/// checking that the limit binds: the unconstrained search returns candidates breaking it.
void check_constraint(const std::function<void(advisor::Request&)>& limit,
                      const std::function<bool(const advisor::Candidate&)>& meets) {
    const auto breaking =
        std::count_if(unconstrained().ranked.begin(), unconstrained().ranked.end(),
                      [&](const advisor::Candidate& c) { return !meets(c); });
    REQUIRE(breaking > 0);
    advisor::Request request = example_request(kExample);
    limit(request);
    const advisor::Result result = run_advisor(request);
    REQUIRE_FALSE(result.ranked.empty());
    for (const auto& c : result.ranked) {
        INFO(advisor::describe(c.system));
        CHECK(meets(c));
    }
    CHECK(result.ranked.size() < unconstrained().ranked.size());
}

}  // namespace

TEST_CASE("capacity: every candidate holds the capacity needed at the horizon",
          "[advisor][constraint]") {
    const double need = median_of([](const auto& c) { return c.assessment.usable_bytes; });
    check_constraint(
        [&](advisor::Request& r) {
            r.constraints.capacity_bytes = need;
            r.constraints.growth_per_year = 0.0;
        },
        [&](const advisor::Candidate& c) {
            // Usable bytes recomputed from the layout (core/layout), not taken
            // from the advisor's own assessment.
            return usable_bytes(c.system.layout, c.system.drive.capacity_bytes) >= need &&
                   c.assessment.usable_bytes >= need;
        });
}

TEST_CASE("budget: every candidate costs at most the budget", "[advisor][constraint]") {
    const double budget = median_of([](const auto& c) { return c.assessment.total_usd; });
    check_constraint([&](advisor::Request& r) { r.constraints.budget_usd = budget; },
                     [&](const advisor::Candidate& c) { return c.assessment.total_usd <= budget; });
}

TEST_CASE("bays: every candidate fits the drive bays", "[advisor][constraint]") {
    const double bays = median_of([](const auto& c) { return c.system.total_drives(); });
    check_constraint(
        [&](advisor::Request& r) { r.constraints.max_drive_bays = static_cast<int>(bays); },
        [&](const advisor::Candidate& c) { return c.system.total_drives() <= bays; });
}

TEST_CASE("failures: every candidate survives the failures asked for", "[advisor][constraint]") {
    check_constraint([](advisor::Request& r) { r.constraints.min_failures_tolerated = 2; },
                     [](const advisor::Candidate& c) {
                         return failures_tolerated(c.system.layout) >= 2 &&
                                c.assessment.failures_tolerated >= 2;
                     });
}

TEST_CASE("rebuild hours: every candidate rebuilds a drive within max_rebuild_hours",
          "[advisor][constraint]") {
    const double hours =
        median_of([](const auto& c) { return c.assessment.rebuild_time_s; }) / 3600.0;
    REQUIRE(hours > 0.0);
    check_constraint(
        [&](advisor::Request& r) { r.constraints.max_rebuild_hours = hours; },
        [&](const advisor::Candidate& c) { return c.assessment.rebuild_time_s <= hours * 3600.0; });
}

TEST_CASE("power: every candidate's drives draw at most max_power_w", "[advisor][constraint]") {
    const double watts = median_of([](const auto& c) { return c.assessment.power_w; });
    REQUIRE(watts > 0.0);
    check_constraint([&](advisor::Request& r) { r.constraints.max_power_w = watts; },
                     [&](const advisor::Candidate& c) {
                         // Active power of every drive (the constraint's definition).
                         return c.system.total_drives() * c.system.drive.power_active_w <=
                                watts * (1.0 + 1e-12);
                     });
}

namespace {

bool dominates(const advisor::Candidate& a, const advisor::Candidate& b) {
    const auto& pa = a.performance;
    const auto& pb = b.performance;
    const auto& sa = a.assessment;
    const auto& sb = b.assessment;
    const bool no_worse = pa.mean_response_s <= pb.mean_response_s &&
                          sa.total_usd <= sb.total_usd && sa.p_data_loss <= sb.p_data_loss &&
                          sa.usable_bytes >= sb.usable_bytes;
    const bool better = pa.mean_response_s < pb.mean_response_s || sa.total_usd < sb.total_usd ||
                        sa.p_data_loss < sb.p_data_loss || sa.usable_bytes > sb.usable_bytes;
    return no_worse && better;
}

advisor::Candidate candidate(double response_s, double usd, double p_loss, double bytes) {
    advisor::Candidate c;
    c.performance.mean_response_s = response_s;
    c.assessment.total_usd = usd;
    c.assessment.p_data_loss = p_loss;
    c.assessment.usable_bytes = bytes;
    return c;
}

}  // namespace

TEST_CASE("mark_pareto on hand-made candidates: each criterion counts", "[advisor][property]") {
    std::vector<advisor::Candidate> c = {
        candidate(1.0, 100, 0.10, 1e12),   // 0: dominated by 1 (same but riskier)
        candidate(1.0, 100, 0.01, 1e12),   // 1: front
        candidate(1.0, 100, 0.001, 5e11),  // 2: front: safest, though smaller
        candidate(0.5, 200, 0.01, 1e12),   // 3: front: fastest
        candidate(2.0, 50, 0.5, 1e11),     // 4: front: cheapest
        candidate(2.0, 60, 0.5, 1e11),     // 5: dominated by 4 (dearer)
        candidate(1.0, 100, 0.01, 2e12),   // 6: front, and dominates 1 (more capacity)
    };
    advisor::mark_pareto(c);
    const bool expected[] = {false, false, true, true, true, false, true};
    for (std::size_t i = 0; i < c.size(); ++i) {
        INFO("candidate " << i);
        CHECK(c[i].pareto == expected[i]);
    }
}

TEST_CASE("the Pareto front is exactly the non-dominated candidates", "[advisor][property]") {
    for (const char* file : {"advisor-nvme-scratch.json", "advisor-small-nas.json"}) {
        INFO(file);
        const advisor::Result& r =
            std::string(file) == kExample ? unconstrained() : run_advisor(example_request(file));
        REQUIRE(r.ranked.size() > 10);
        std::size_t front = 0;
        for (std::size_t i = 0; i < r.ranked.size(); ++i) {
            bool dominated = false;
            for (std::size_t j = 0; j < r.ranked.size() && !dominated; ++j) {
                dominated = j != i && dominates(r.ranked[j], r.ranked[i]);
            }
            INFO(advisor::describe(r.ranked[i].system));
            CHECK(r.ranked[i].pareto == !dominated);
            front += dominated ? 0 : 1;
        }
        CHECK(r.pareto.size() == front);
        CHECK(front < r.ranked.size());  // the front is a real selection
    }
}
