// The advisor evaluates a RAID controller's candidates with the read policy its build plan sets
// (advisor/build_plan.h, controller_read_ahead): MegaRAID and PERC read ahead for a sequential
// workload and not for a random one; a controller whose tool sets none keeps its default.

#include <catch2/catch.hpp>

#include "advisor/build_plan.h"
#include "advisor_fixture.h"

using namespace raidadv;
using raidadv::test::example_request;
using raidadv::test::pick;
using raidadv::test::run_advisor;

namespace {

advisor::Request on_controller(const std::string& controller, double sequential) {
    auto request = example_request("advisor-small-nas.json");
    request.constraints.owned_controller.clear();  // (the example owns Linux md)
    request.constraints.controllers = {controller};
    request.constraints.budget_usd = 4000.0;
    request.workload.sequential_fraction = sequential;
    return request;
}

}  // namespace

SCENARIO("The advisor's RAID controller candidates read ahead as their build plan says",
         "[advisor][build]") {
    GIVEN("a MegaRAID 9460-8i, whose plan sets read ahead (storcli ra / nora)") {
        const auto sequential = run_advisor(on_controller("broadcom-9460-8i", 1.0));
        const auto random = run_advisor(on_controller("broadcom-9460-8i", 0.0));
        THEN("a sequential workload's pick reads ahead on every read, a random one's never") {
            REQUIRE(pick(sequential).system.controller.kind == ControllerKind::HardwareRaid);
            CHECK(pick(sequential).system.controller_read_ahead == ControllerReadAhead::Always);
            CHECK(pick(random).system.controller_read_ahead == ControllerReadAhead::None);
        }
        THEN("the sequential pick's explanation says what read-ahead does for it") {
            REQUIRE_FALSE(sequential.explanations.empty());
            std::string said;
            for (const auto& reason : sequential.explanations.front().reasons) {
                if (reason.find("The controller reads ahead") != std::string::npos) {
                    said = reason;
                }
            }
            INFO(said);
            CHECK(said.find("The controller reads ahead (on every read): a sequential read that "
                            "starts a stripe reads all of it") != std::string::npos);
            CHECK(said.find("come from the controller's cache") != std::string::npos);
        }
    }
    GIVEN("a Microchip SmartRAID 3152-8i, whose plan (arcconf) sets no read policy") {
        const auto result = run_advisor(on_controller("microchip-smartraid-3152-8i", 1.0));
        THEN("its pick keeps the default, adaptive") {
            REQUIRE(pick(result).system.controller.kind == ControllerKind::HardwareRaid);
            CHECK(pick(result).system.controller_read_ahead == ControllerReadAhead::Adaptive);
        }
    }
}
