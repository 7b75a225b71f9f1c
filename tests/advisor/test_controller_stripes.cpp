// The advisor offers only stripe units the controller can build (controllers.csv
// min_stripe_kib / max_stripe_kib): the Intel ICH8R's 4 to 128 KiB.

#include <catch2/catch.hpp>

#include "advisor_fixture.h"

using namespace raidadv;
using raidadv::test::example_request;
using raidadv::test::pick;
using raidadv::test::run_advisor;

SCENARIO("Stripe units stay within what the controller offers", "[advisor][stripe]") {
    GIVEN("deep-queue sequential reads on an owned ICH8R, where the rule asks for MBs") {
        const auto request = example_request("advisor-sequential-capacity-2007.json");
        REQUIRE(request.constraints.owned_controller == "intel-ich8r");
        WHEN("the advisor searches") {
            const auto result = run_advisor(request);
            THEN("every striped candidate and every unit tried is within 4 to 128 KiB") {
                int striped = 0;
                for (const auto& cand : result.ranked) {
                    const auto& layout = cand.system.layout;
                    if (layout.level == RaidLevel::Simple || layout.level == RaidLevel::Raid1) {
                        continue;
                    }
                    ++striped;
                    CHECK(layout.stripe_unit_bytes >= 4.0 * 1024);
                    CHECK(layout.stripe_unit_bytes <= 128.0 * 1024);
                    for (double unit : cand.stripes_tried) {
                        CHECK(unit <= 128.0 * 1024);
                    }
                }
                CHECK(striped > 0);
                // Chen & Patterson's unit for 32 outstanding requests is far above 128 KiB.
                CHECK(pick(result).stripe_rule.unit_bytes > 1024.0 * 1024);
                CHECK(pick(result).system.layout.stripe_unit_bytes == 128.0 * 1024);
            }
            THEN("the explanation says why the unit stops there") {
                bool said = false;
                REQUIRE_FALSE(result.explanations.empty());
                for (const auto& reason : result.explanations.front().reasons) {
                    said = said ||
                           reason.find("offers stripe units of 4 to 128 KiB") != std::string::npos;
                }
                CHECK(said);
            }
        }
    }
}
