// The studies' conclusions, from the example projects' inputs (resources/examples/advisor-*.json):
// the advisor has no special case for any of them.

#include <algorithm>
#include <catch2/catch.hpp>

#include "advisor_fixture.h"

using namespace raidadv;
using raidadv::test::example_request;
using raidadv::test::pick;
using raidadv::test::run_advisor;

SCENARIO("A random small-I/O server that can use several volumes", "[advisor][ou-2007]") {
    GIVEN("Ou 2007's four drives on the ICH8R, the File Server mix, one failure survived") {
        const auto result = run_advisor(example_request("advisor-file-server-2007.json"));
        THEN("independent RAID 1 pairs win, ahead of RAID 10 and RAID 5") {
            const auto& best = pick(result);
            CHECK(best.system.layout.level == RaidLevel::Raid1);
            CHECK(best.system.layout.volumes == 2);
            double raid10 = 0.0, raid5 = 0.0;
            for (const auto& c : result.ranked) {
                if (c.system.layout.level == RaidLevel::Raid10 && raid10 == 0.0) {
                    raid10 = c.performance.mean_response_s;
                }
                if (c.system.layout.level == RaidLevel::Raid5 && raid5 == 0.0) {
                    raid5 = c.performance.mean_response_s;
                }
            }
            REQUIRE(raid10 > 0.0);
            REQUIRE(raid5 > 0.0);
            CHECK(best.performance.mean_response_s < raid10);
            CHECK(raid10 < raid5);
        }
    }
}

SCENARIO("Deep-queue sequential reads with as much capacity as possible", "[advisor][ou-2007]") {
    const auto result = run_advisor(example_request("advisor-sequential-capacity-2007.json"));
    const auto& best = pick(result);
    CHECK(best.system.layout.level == RaidLevel::Raid5);
    CHECK(best.system.total_drives() == 4);
}

// Issue 25: without the catalog's endurance and power-loss columns (the advisor branch alone) md
// passed the year filter and wear did not apply, so RAID 6 of consumer NVMe drives on md
// won on price, held back only by a model bug (the CPU root complex charged 1 us per command as
// one link: "link to the host 100% busy at 3.7 GB/s on a PCIe 5.0 x128 link"). With the catalog
// of issue 25 and that bug fixed, 64 outstanding 70%-write requests for 8 busy hours a day wear a
// 600 TBW consumer drive out in weeks, and RAID 6 writes each small write three times (RAID 10
// twice) besides its 6 disk I/Os against 2: the pick is RAID 10 of mixed-use enterprise NVMe, as
// the expectation says. The wear check no longer takes the throughput at 64 outstanding (a
// closed workload writes as fast as the array lets it, which made the faster arrays "wear out"
// first) but the data written once a day (advisor/wear.h): the pick is then striped mirrors of
// enterprise NVMe drives, as a ZFS pool (mirror vdevs: ZFS's RAID 10) or md/hardware RAID 10.
SCENARIO("Random-write-heavy VM storage on current hardware", "[advisor][vm][slow]") {
    const auto result = run_advisor(example_request("advisor-vm-datastore.json"));
    const auto& best = pick(result);
    const Layout& l = best.system.layout;
    INFO(best.system.name);
    CHECK((l.level == RaidLevel::Raid10 ||
           (l.level == RaidLevel::ZfsMirror && l.vdevs >= 2 && l.drives == 2 * l.vdevs)));
    CHECK(best.system.drive.kind == DriveKind::Ssd);
    CHECK(best.system.drive.power_loss_protection);  // enterprise drives
    CHECK(best.assessment.failures_tolerated >= 1);
    CHECK(best.assessment.usable_bytes >= 8000e9);
}

SCENARIO("The 1996 image archive with cost weighted", "[advisor][hauser-1996]") {
    const auto result = run_advisor(example_request("advisor-archive-1996-cost.json"));
    CHECK(pick(result).system.layout.level == RaidLevel::Raid5);
}

SCENARIO("The 1996 image archive with no fault tolerance and a tight budget",
         "[advisor][hauser-1996]") {
    const auto request = example_request("advisor-archive-1996-budget.json");
    const auto result = run_advisor(request);
    const auto& best = pick(result);
    CHECK(best.system.layout.level == RaidLevel::Simple);
    CHECK(best.assessment.total_usd <= request.constraints.budget_usd);
    AND_THEN("the explanation says what more money would buy") {
        REQUIRE_FALSE(result.explanations.empty());
        CHECK_FALSE(result.explanations.front().reasons.empty());
    }
    AND_THEN("it says a failure loses one drive's files, not all of them") {
        REQUIRE_FALSE(result.explanations.empty());
        const auto& reasons = result.explanations.front().reasons;
        CHECK(std::any_of(reasons.begin(), reasons.end(), [](const std::string& text) {
            return text.find("1/3 of the data") != std::string::npos;
        }));
    }
}

// The study measured RAID 0+1 as the fastest fault-tolerant layout (Table I). The model gets
// there from its nearest-arm mirror reads, no longer capped at the drive's own queue depth (1
// for this drive: the host picks the copy), and from a file's later pieces staying on the copy
// it started on. Volume Manager's RAID 5 reads still cost 12-21 ms more per file than its
// RAID 0 in the measurements, a cost the model has no documented mechanism for.
SCENARIO("The 1996 image archive, fault tolerant, cost no object", "[advisor][hauser-1996]") {
    const auto result = run_advisor(example_request("advisor-archive-1996-fast.json"));
    const RaidLevel level = pick(result).system.layout.level;
    CHECK((level == RaidLevel::Raid01 || level == RaidLevel::Raid10));
}

// For one process on six ST31200W in RAID 0 the model and the simulator (core/sim) agree on the
// shape (checked 2026-11-25): 50-275 KB files fastest at 16 KiB (model 107 ms, simulator 109 ms;
// 32 KiB: 110 / 119 ms, 1 MiB: 125 / 125 ms), 1-12.5 MB files at 64 KiB (model 699 ms, simulator
// 728 ms; 32 KiB: 728 / 746 ms, 4 KiB: 932 / 937 ms, 1 MiB: 1552 / 1536 ms). A large file's
// read-ahead windows pipeline: while one cluster is on the disks the next passes the controller,
// and the drives read ahead while the stream is on other disks (network_builder.cpp).
SCENARIO("Stripe unit for a single user: large files large, small files small",
         "[advisor][hauser-1996]") {
    auto request = example_request("advisor-stripe-1996.json");
    const double small_unit = pick(run_advisor(request)).system.layout.stripe_unit_bytes;
    const auto p = load_project(
        std::filesystem::path(RAID_RESOURCES_DIR) / "examples" / "advisor-stripe-1996.json",
        raidadv::test::bundled_catalog());
    request.workload = p.workloads.at(1);
    const double large_unit = pick(run_advisor(request)).system.layout.stripe_unit_bytes;
    CHECK(large_unit > small_unit);
}

SCENARIO("The stripe unit widens as concurrency grows", "[advisor][hauser-1996]") {
    auto request = example_request("advisor-stripe-1996.json");
    GIVEN("Chen & Patterson's rule for the 1996 drive") {
        const auto result_1 = run_advisor(request);
        request.workload.concurrency = {12};
        const auto result_12 = run_advisor(request);
        THEN("the rule's unit at 12 processes is wider than at 1") {
            CHECK(pick(result_12).stripe_rule.rounded_bytes >
                  pick(result_1).stripe_rule.rounded_bytes);
        }
        THEN("the model's pick at 12 processes is at least as wide as at 1") {
            CHECK(pick(result_12).system.layout.stripe_unit_bytes >=
                  pick(result_1).system.layout.stripe_unit_bytes);
        }
    }
}
