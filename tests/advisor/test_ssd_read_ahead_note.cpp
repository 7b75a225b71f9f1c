// The explanation says why an SSD pick's sequential reads are fast: the drive reads the stream
// ahead (components/ssd_model.h, ssd_reads_ahead).

#include <catch2/catch.hpp>

#include "advisor_fixture.h"

using namespace raidadv;
using raidadv::test::example_request;
using raidadv::test::pick;
using raidadv::test::run_advisor;

namespace {

bool mentions_ssd_read_ahead(const advisor::Result& result) {
    REQUIRE_FALSE(result.explanations.empty());
    for (const auto& reason : result.explanations.front().reasons) {
        if (reason.find("read ahead inside the SSD") != std::string::npos) {
            return true;
        }
    }
    return false;
}

}  // namespace

SCENARIO("An SSD pick for sequential reads says the drive reads ahead", "[advisor][explain]") {
    GIVEN("render scratch: half sequential reads, SSDs picked") {
        const auto result = run_advisor(example_request("advisor-scratch-no-redundancy.json"));
        REQUIRE(pick(result).system.drive.kind == DriveKind::Ssd);
        THEN("the explanation says so") {
            CHECK(mentions_ssd_read_ahead(result));
        }
    }
    GIVEN("a small NAS on hard drives") {
        const auto result = run_advisor(example_request("advisor-small-nas.json"));
        REQUIRE(pick(result).system.drive.kind == DriveKind::Hdd);
        THEN("nothing is said about it") {
            CHECK_FALSE(mentions_ssd_read_ahead(result));
        }
    }
}
