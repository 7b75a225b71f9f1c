// The search's model runs on several threads (SearchOptions::threads): the answer and the
// counts must not depend on how many.

#include <catch2/catch.hpp>

#include <string>

#include "advisor_fixture.h"

using namespace raidadv;

TEST_CASE("The search gives the same answer and counts on one thread and on four", "[advisor]") {
    for (const char* file : {"advisor-small-nas.json", "advisor-zfs-nas.json",
                             "advisor-nvme-scratch.json", "advisor-home-nas-spares.json"}) {
        INFO(file);
        const advisor::Request request = test::example_request(file);
        advisor::SearchOptions one;
        one.explain_top = 1;
        one.threads = 1;
        advisor::SearchOptions four = one;
        four.threads = 4;
        const advisor::Result a = advisor::recommend(request, test::bundled_catalog(), one);
        const advisor::Result b = advisor::recommend(request, test::bundled_catalog(), four);
        CHECK(a.stats.evaluated == b.stats.evaluated);
        CHECK(a.stats.skipped == b.stats.skipped);
        CHECK(a.stats.rejected == b.stats.rejected);
        REQUIRE(a.ranked.size() == b.ranked.size());
        for (std::size_t i = 0; i < a.ranked.size(); ++i) {
            CHECK(a.ranked[i].system.name == b.ranked[i].system.name);
            CHECK(a.ranked[i].utility == b.ranked[i].utility);
            CHECK(a.ranked[i].performance.mean_response_s ==
                  b.ranked[i].performance.mean_response_s);
        }
        REQUIRE_FALSE(a.explanations.empty());
        CHECK(a.explanations.front().reasons == b.explanations.front().reasons);
    }
}
