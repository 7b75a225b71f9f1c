// The explanation says when a pick's write speed counts on the drives' volatile write cache.

#include <catch2/catch.hpp>

#include "advisor_fixture.h"
#include "system/working_set.h"
#include "system/write_cache.h"

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

/// The small NAS question on a PERC H755 (8 GB of cache), 70% writes.
advisor::Request nas_on_perc() {
    auto request = example_request("advisor-small-nas.json");
    request.constraints.owned_controller.clear();  // (the example owns Linux md)
    request.constraints.controllers = {"dell-perc-h755"};
    request.constraints.budget_usd = 4000.0;
    request.workload.read_fraction = 0.3;
    return request;
}

/// The first explanation's text from `start` to the end of its reason ("" if none says it).
std::string sentence_from(const advisor::Result& result, const std::string& start) {
    REQUIRE_FALSE(result.explanations.empty());
    for (const auto& reason : result.explanations.front().reasons) {
        if (const auto at = reason.find(start); at != std::string::npos) {
            return reason.substr(at);
        }
    }
    return "";
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

SCENARIO("Writes that must survive a power cut", "[advisor][explain]") {
    GIVEN("the small NAS, ranked on speed alone") {
        auto request = example_request("advisor-small-nas.json");
        request.weights = {1.0, 0.0, 0.0, 0.0};
        const auto cached = run_advisor(request);
        request.constraints.power_loss_safe_writes = true;
        const auto safe = run_advisor(request);
        THEN("no candidate counts on a volatile drive cache") {
            REQUIRE_FALSE(safe.ranked.empty());
            for (const auto& c : safe.ranked) {
                CHECK_FALSE(uses_drive_write_cache(c.system));
            }
            CHECK_FALSE(mentions_drive_cache(safe));
        }
        THEN("the pick says why its writes wait for the disk") {
            bool said = false;
            for (const auto& reason : safe.explanations.front().reasons) {
                said = said || reason.find("as asked") != std::string::npos;
            }
            CHECK(said);
        }
        THEN("the fastest safe configuration is slower than the fastest cached one") {
            REQUIRE(uses_drive_write_cache(pick(cached).system));
            CHECK(pick(safe).performance.mean_response_s >
                  pick(cached).performance.mean_response_s);
        }
    }
}

SCENARIO("A pick whose SSDs slow down after their SLC cache says so", "[advisor][explain]") {
    GIVEN("the small NAS on Samsung 870 QVO 8 TB drives only") {
        auto request = example_request("advisor-small-nas.json");
        request.constraints.drive_kinds.clear();  // (the example asks for hard disks)
        request.constraints.drives = {"samsung-870-qvo-8tb"};
        request.constraints.budget_usd = 3000.0;
        request.constraints.writes_per_day_bytes = 50e9;  // a home NAS's day (QLC wears fast)
        const auto result = run_advisor(request);
        REQUIRE_FALSE(result.explanations.empty());
        bool said = false;
        for (const auto& reason : result.explanations.front().reasons) {
            said = said || reason.find(
                               "530 MB/s only into its SLC write cache, at 160 MB/s once "
                               "that is full") != std::string::npos;
        }
        THEN("the explanation gives both rates and which one the figures use") {
            CHECK(said);
        }
    }
}

SCENARIO("A write-back controller whose cache holds much of the working set says so",
         "[advisor][explain]") {
    GIVEN("the small NAS on a PERC H755 (8 GB of cache), 70% writes over a few GB of the volume") {
        auto request = nas_on_perc();
        request.workload.span_fraction = 0.0002;
        const auto result = run_advisor(request);
        const System& s = pick(result).system;
        REQUIRE(write_back_overwrites(s, request.workload));
        const std::string sentence =
            sentence_from(result, "The working set is small against that cache");
        INFO(sentence);
        THEN("the explanation gives the share of writes that never go to the drives alone") {
            CHECK_FALSE(sentence.empty());
            CHECK(sentence.find("of the random writes rewriting data still waiting") !=
                  std::string::npos);
        }
        THEN("and, on hard drives, how many dirty blocks a stripe's destage carries") {
            REQUIRE(s.drive.kind == DriveKind::Hdd);
            CHECK(sentence.find("writes a stripe's dirty blocks back together") !=
                  std::string::npos);
            CHECK(sentence.find("a destage carries about ") != std::string::npos);
            CHECK(sentence.find("e+") == std::string::npos);
        }
    }
    GIVEN("the same question over the whole volume") {
        auto request = example_request("advisor-small-nas.json");
        request.constraints.owned_controller.clear();
        request.constraints.controllers = {"dell-perc-h755"};
        request.constraints.budget_usd = 4000.0;
        const auto result = run_advisor(request);
        THEN("nothing is said: 8 GB is too little of a volume of terabytes") {
            for (const auto& reason : result.explanations.front().reasons) {
                CHECK(reason.find("The working set is small") == std::string::npos);
            }
        }
    }
}

SCENARIO("A write-back controller in front of hard drives says it destages in address order",
         "[advisor][explain]") {
    GIVEN("the small NAS on a PERC H755 (8 GB of cache), 70% random writes over the whole volume") {
        const auto request = nas_on_perc();
        const auto result = run_advisor(request);
        const System& s = pick(result).system;
        REQUIRE(s.drive.kind == DriveKind::Hdd);
        REQUIRE(write_back_sorts(s, on_system(s, request.workload)));
        const std::string sentence =
            sentence_from(result, "The controller destages what it holds in address order");
        INFO(sentence);
        THEN("the explanation names the destages waiting and the band a drive chooses in") {
            CHECK_FALSE(sentence.empty());
            CHECK(sentence.find("destages wait in the cache") != std::string::npos);
            CHECK(sentence.find("of the span it writes") != std::string::npos);
            CHECK(sentence.find("e+") == std::string::npos);
            CHECK(sentence.find("nan") == std::string::npos);
        }
    }
}

SCENARIO("An md pick that its bitmap can hold at two speeds says which one the model gives",
         "[advisor][explain]") {
    GIVEN(
        "the small NAS question on md RAID 10, 64 KiB random writes to a 50 GiB file, one "
        "at a time") {
        auto request = example_request("advisor-small-nas.json");
        request.constraints.levels = {RaidLevel::Raid10};
        request.workload.read_fraction = 0.0;
        request.workload.working_set_bytes = 50.0 * 1024.0 * 1024.0 * 1024.0;
        request.workload.size = SizeDistribution{};
        request.workload.size.fixed_bytes = 64.0 * 1024.0;
        request.workload.concurrency = {1};
        const auto result = run_advisor(request);
        const advisor::Candidate& best = pick(result);
        INFO(best.system.name);
        REQUIRE_FALSE(best.performance.points.empty());
        const PointMetrics& point = best.performance.points.back();
        THEN("the pick's point is the slow one and the explanation names the fast one") {
            REQUIRE(point.md_bitmap_fast_iops > 1.05 * point.iops);
            CHECK(sentence_from(result, "Here the bitmap can hold the array at two speeds")
                      .find("requests/s instead of") != std::string::npos);
        }
    }
}
