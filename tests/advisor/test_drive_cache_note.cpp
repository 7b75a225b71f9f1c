// The explanation says when a pick's write speed counts on the drives' volatile write cache.

#include <catch2/catch.hpp>

#include "advisor_fixture.h"
#include "evaluate/network_builder.h"

using namespace raidadv;
using raidadv::test::example_request;
using raidadv::test::pick;
using raidadv::test::run_advisor;

namespace {

bool mentions_drive_cache(const advisor::Result& result) {
    REQUIRE_FALSE(result.explanations.empty());
    for (const auto& reason : result.explanations.front().reasons) {
        if (reason.find("drives' own write cache") != std::string::npos) {
            return true;
        }
    }
    return false;
}

}  // namespace

SCENARIO("A pick that relies on the drives' write cache says so", "[advisor][explain]") {
    GIVEN("a small NAS with writes, hard drives and host software RAID") {
        const auto result = run_advisor(example_request("advisor-small-nas.json"));
        const System& s = pick(result).system;
        THEN("the explanation warns exactly when the model used the drives' cache") {
            CHECK(mentions_drive_cache(result) == uses_drive_write_cache(s));
        }
        THEN("turning the cache off for the same pick is a different model") {
            System off = s;
            off.drive_write_cache = DriveWriteCache::Off;
            CHECK_FALSE(uses_drive_write_cache(off));
        }
    }
    GIVEN("a read-only archive") {
        const auto result = run_advisor(example_request("advisor-archive-1996-cost.json"));
        THEN("nothing is said about write caches") {
            CHECK_FALSE(mentions_drive_cache(result));
        }
    }
}
