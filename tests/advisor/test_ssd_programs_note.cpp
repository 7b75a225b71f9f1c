// The explanation says why an SSD pick's reads slow down as the writes grow: its flash programs
// the buffered writes on the units the reads need (components/ssd_model.h, ssd_write_stages).

#include <catch2/catch.hpp>

#include "advisor_fixture.h"

using namespace raidadv;
using raidadv::test::example_request;
using raidadv::test::pick;
using raidadv::test::run_advisor;

namespace {

/// The reason that mentions the programs, or an empty string.
std::string programs_reason(const advisor::Result& result) {
    REQUIRE_FALSE(result.explanations.empty());
    for (const auto& reason : result.explanations.front().reasons) {
        if (reason.find("its flash programs them later") != std::string::npos) {
            return reason;
        }
    }
    return {};
}

}  // namespace

SCENARIO("An SSD pick for a read-write mix says its writes' programs share the flash",
         "[advisor][explain]") {
    // (The OLTP example, not the VM datastore: the same note, from a search a tenth as long.)
    GIVEN("an OLTP database (random reads and writes), SSDs picked") {
        const auto result = run_advisor(example_request("advisor-oltp-power-safe.json"));
        REQUIRE(pick(result).system.drive.kind == DriveKind::Ssd);
        THEN("the explanation says so, with the drive's steady-state program rate") {
            const std::string reason = programs_reason(result);
            CHECK_THAT(reason, Catch::Contains("a read that finds a program in progress waits"));
            CHECK_THAT(reason, Catch::Contains("random 4 KiB writes a second per drive"));
        }
    }
    GIVEN("a small NAS on hard drives") {
        const auto result = run_advisor(example_request("advisor-small-nas.json"));
        REQUIRE(pick(result).system.drive.kind == DriveKind::Hdd);
        THEN("nothing is said about it") {
            CHECK(programs_reason(result).empty());
        }
    }
}
