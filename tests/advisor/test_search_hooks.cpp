// The search's progress and stop hook, the per-unit stripe trials, and the loss curve.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "advisor_fixture.h"

namespace raidadv::test {

SCENARIO("the search reports progress and stops when asked", "[advisor][progress]") {
    GIVEN("the 2007 file server question") {
        const advisor::Request request = example_request("advisor-file-server-2007.json");
        WHEN("the caller only watches") {
            std::vector<double> seen;
            advisor::SearchOptions options;
            options.progress = [&](double f) {
                seen.push_back(f);
                return true;
            };
            const advisor::Result result = advisor::recommend(request, bundled_catalog(), options);
            THEN("fractions rise from below 0.5 to 1 and the result is whole") {
                REQUIRE(seen.size() >= 3);
                CHECK(seen.front() < 0.5);
                CHECK(seen.back() == 1.0);
                CHECK(std::is_sorted(seen.begin(), seen.end()));
                CHECK_FALSE(result.cancelled);
                CHECK_FALSE(result.ranked.empty());
            }
        }
        WHEN("the caller asks to stop at the second report") {
            int calls = 0;
            advisor::SearchOptions options;
            options.progress = [&](double) { return ++calls < 2; };
            const advisor::Result result = advisor::recommend(request, bundled_catalog(), options);
            THEN("the search stops there, marked cancelled, with no ranking") {
                CHECK(calls == 2);
                CHECK(result.cancelled);
                CHECK(result.ranked.empty());
                REQUIRE(result.problems.size() == 1);
                CHECK(result.problems.front().find("cancelled") != std::string::npos);
            }
        }
    }
}

TEST_CASE("the refined candidates carry the model's verdict per stripe unit", "[advisor][stripe]") {
    // Striped leaders (RAID 60 of large HDDs) from a search of a fraction of a second.
    const advisor::Result result = run_advisor(example_request("advisor-archive-24-bay.json"));
    int refined = 0;
    for (const advisor::Candidate& c : result.ranked) {
        if (c.stripe_trials.empty()) {
            continue;
        }
        ++refined;
        REQUIRE(c.stripe_trials.size() == c.stripes_tried.size());
        double best = INFINITY;
        bool chosen_tried = false;
        for (std::size_t i = 0; i < c.stripe_trials.size(); ++i) {
            const advisor::StripeTrial& t = c.stripe_trials[i];
            CHECK(t.unit_bytes == c.stripes_tried[i]);
            if (t.feasible) {
                CHECK(std::isfinite(t.mean_response_s));
                CHECK(t.mean_response_s > 0.0);
                best = std::min(best, t.mean_response_s);
            }
            chosen_tried = chosen_tried || t.unit_bytes == c.system.layout.stripe_unit_bytes;
        }
        CHECK(chosen_tried);
        // The kept unit is within the 1% tie band of the best trial.
        CHECK(c.performance.mean_response_s <= best * 1.0101);
    }
    CHECK(refined >= 1);
}

TEST_CASE("the loss curve starts at zero, rises, and ends at the horizon's figure",
          "[advisor][reliability]") {
    const advisor::Request request = example_request("advisor-file-server-2007.json");
    const advisor::Result result = run_advisor(request);
    const advisor::Candidate& c = pick(result);
    const double horizon = request.constraints.horizon_years;
    const std::vector<advisor::LossPoint> curve =
        advisor::loss_over_time(c.system, request, horizon, 10);
    REQUIRE(curve.size() == 11);
    CHECK(curve.front().years == 0.0);
    CHECK(curve.front().p_data_loss == Approx(0.0).margin(1e-12));
    for (std::size_t i = 1; i < curve.size(); ++i) {
        CHECK(curve[i].p_data_loss >= curve[i - 1].p_data_loss);
        CHECK(curve[i].p_data_loss <= 1.0);
    }
    CHECK(curve.back().years == Approx(horizon));
    CHECK(curve.back().p_data_loss == Approx(c.assessment.p_data_loss).epsilon(1e-9));
    CHECK(advisor::loss_over_time(c.system, request, 0.0, 10).empty());
    CHECK(advisor::loss_over_time(c.system, request, horizon, 0).empty());
}

}  // namespace raidadv::test
