// Degraded-mode evaluation (evaluate/degraded.h): demand per request, drive balance, volumes,
// rebuild share, refusal of layouts without redundancy, and the simulator's view.

#include <catch2/catch.hpp>
#include <cmath>
#include <stdexcept>

#include "components/ssd_model.h"
#include "evaluate/degraded.h"
#include "evaluate/evaluator.h"
#include "evaluate/network_builder.h"
#include "fixtures.h"
#include "sim/simulator.h"

using namespace raidadv;

namespace {

int drive_copies(const BuiltNetwork& built) {
    for (const auto& st : built.network.stations) {
        if (st.name == kDrives) {
            return st.copies;
        }
    }
    return -1;
}

System with_failed(System s, int failed, double rebuild = 0.0) {
    s.layout.failed_drives = failed;
    s.layout.rebuild_rate_fraction = rebuild;
    return s;
}

Workload random_reads() {
    Workload w = test::request_workload(4096, 1.0, 0.0, {1});
    w.arrival_rates_per_s = {40.0};
    return w;
}

}  // namespace

SCENARIO("Degraded RAID 5 of 4 drives: random reads") {
    const System healthy = test::plain_system(test::hdd_7200(), RaidLevel::Raid5, 4);
    const System degraded = with_failed(healthy, 1);
    const Workload w = random_reads();
    GIVEN("the drive I/Os per request") {
        THEN(
            "healthy: 1; degraded: 3/4 x 1 + 1/4 x 3 = 1.5 (1/G of reads hit the failed drive, "
            "each costs G - 1 reads)") {
            CHECK(build_network(healthy, w).disk_ios_per_job == Approx(1.0));
            CHECK(build_network(degraded, w).disk_ios_per_job == Approx(1.5));
        }
    }
    GIVEN("the drive station") {
        THEN("the three survivors carry the load evenly: 3 copies instead of 4") {
            CHECK(drive_copies(build_network(healthy, w)) == 4);
            CHECK(drive_copies(build_network(degraded, w)) == 3);
            const auto shares = drive_work_shares(degraded, w);
            REQUIRE(shares.size() == 4);
            CHECK(shares[0] == 0.0);
            for (int d = 1; d < 4; ++d) {
                CHECK(shares[static_cast<std::size_t>(d)] == Approx(1.0 / 3.0));
            }
        }
    }
    GIVEN("an open load of 40 reads/s") {
        const Evaluation h = evaluate(healthy, w);
        const Evaluation d = evaluate(degraded, w);
        const Evaluation via = evaluate_degraded(healthy, w);
        THEN("each survivor's load doubles (1.5 / 3 against 1 / 4 I/Os per request)") {
            const auto& hp = h.points.back();
            const auto& dp = d.points.back();
            REQUIRE_FALSE(dp.saturated);
            CHECK(dp.utilization.at(kDrives) / hp.utilization.at(kDrives) ==
                  Approx(2.0).epsilon(0.05));
            CHECK(dp.mean_response_s > hp.mean_response_s);
            CHECK(via.points.back().mean_response_s == Approx(dp.mean_response_s));
        }
        THEN("the summary says no more failures can be tolerated") {
            CHECK(h.summary.failures_tolerated == 1);
            CHECK(d.summary.failures_tolerated == 0);
            CHECK(d.summary.usable_bytes == Approx(h.summary.usable_bytes));
        }
    }
    GIVEN("a rebuild taking half of each survivor's time") {
        const Evaluation d = evaluate(degraded, w);
        const Evaluation r = evaluate_degraded(healthy, w, {1, 0.5});
        THEN("user requests see drives half as fast (shadow server): utilization x 2") {
            CHECK(r.points.back().utilization.at(kDrives) /
                      d.points.back().utilization.at(kDrives) ==
                  Approx(2.0).epsilon(0.05));
            CHECK(r.points.back().mean_response_s > d.points.back().mean_response_s);
        }
    }
}

SCENARIO("Degraded RAID 10 of 4 drives (2 pairs) loses read balancing on one pair") {
    System healthy = test::plain_system(test::hdd_7200(), RaidLevel::Raid10, 4);
    healthy.layout.disks_per_span = 2;
    const System degraded = with_failed(healthy, 1);
    const Workload w = random_reads();
    THEN("the failed drive's partner does half the work: the station acts as 2 drives, not 4") {
        const auto shares = drive_work_shares(degraded, w);
        REQUIRE(shares.size() == 4);
        CHECK(shares[0] == 0.0);
        CHECK(shares[1] == Approx(0.5));
        CHECK(shares[2] == Approx(0.25));
        CHECK(shares[3] == Approx(0.25));
        CHECK(build_network(degraded, w).disk_ios_per_job == Approx(1.0));
        CHECK(drive_copies(build_network(healthy, w)) == 4);
        CHECK(drive_copies(build_network(degraded, w)) == 2);
    }
}

SCENARIO("Only the first of several volumes is degraded") {
    const System healthy = test::plain_system(test::hdd_7200(), RaidLevel::Raid5, 4, 2);
    const System degraded = with_failed(healthy, 1);
    const Workload w = random_reads();
    THEN("half the requests cost 1.5 I/Os, half 1: 1.25; copies 1 / (0.5 / 2.5) = 5") {
        CHECK(build_network(degraded, w).disk_ios_per_job == Approx(1.25));
        CHECK(drive_copies(build_network(degraded, w)) == 5);
        CHECK(drive_work_shares(degraded, w).size() == 8);
    }
}

SCENARIO("Degraded SSD RAID 5: both drive stages are balanced") {
    const System healthy = test::plain_system(test::ssd_sata(), RaidLevel::Raid5, 4);
    const System degraded = with_failed(healthy, 1);
    const BuiltNetwork built = build_network(degraded, random_reads());
    const int units = ssd_flash_units(test::ssd_sata().ssd);
    for (const auto& st : built.network.stations) {
        // Three balanced drives: the bandwidth stage a copy each, the flash stage a copy per
        // flash unit of each (until stop 42 it had three copies in all: a degraded SSD array
        // ran on three flash units, 25-70 times slower than healthy at 64 outstanding).
        if (st.name == kDriveBandwidth) {
            CHECK(st.copies == 3);
        }
        if (st.name == kDrives) {
            CHECK(st.copies == 3 * units);
        }
    }
    CHECK_FALSE(evaluate(degraded, random_reads()).points.back().saturated);
    const Workload deep = test::request_workload(4096, 1.0, 0.0, {64});
    const double x_healthy = evaluate(healthy, deep).points.front().iops;
    const double x_degraded = evaluate(degraded, deep).points.front().iops;
    // A lost drive's reads are rebuilt from the other three (3 reads for a quarter of the reads:
    // 1.5 reads each on three drives against 1 on four): about half the healthy rate.
    CHECK(x_degraded < x_healthy);
    CHECK(x_degraded > 0.4 * x_healthy);
}

SCENARIO("Levels without redundancy cannot run degraded") {
    const System raid0 = test::plain_system(test::hdd_7200(), RaidLevel::Raid0, 4);
    const Workload w = random_reads();
    THEN("evaluate_degraded and evaluate refuse them, naming the field") {
        CHECK_THROWS_AS(evaluate_degraded(raid0, w), std::invalid_argument);
        CHECK_THROWS_WITH(
            evaluate(with_failed(raid0, 1), w),
            Catch::Contains("raid0 has no redundancy") && Catch::Contains("failed_drives"));
        CHECK_THROWS_WITH(
            evaluate_degraded(test::plain_system(test::hdd_7200(), RaidLevel::Raid5, 4), w, {2}),
            Catch::Contains("at most 1"));
    }
}

SCENARIO("Degraded RAID 5 of 6 drives: five survivors, five copies") {
    const System healthy = test::plain_system(test::hdd_7200(), RaidLevel::Raid5, 6);
    const System degraded = with_failed(healthy, 1);
    const Workload w = test::request_workload(8192, 0.0, 0.0, {16});
    THEN("the rotating parity loads the survivors alike: 1/5 each, so 5 copies at full speed") {
        // The mapping is sampled at the same offsets within every stripe unit of a parity
        // rotation: before, 256 offsets spread over its 30 units gave 0.198-0.202, and
        // floor(1 / 0.202) = 4 copies took a fifth of the array's throughput away.
        const auto shares = drive_work_shares(degraded, w);
        REQUIRE(shares.size() == 6);
        CHECK(shares[0] == 0.0);
        for (int d = 1; d < 6; ++d) {
            CHECK(shares[static_cast<std::size_t>(d)] == Approx(0.2).epsilon(1e-9));
        }
        const BalancedDrives b = balanced_drives(shares, 1);
        CHECK(b.copies == 5);
        CHECK(b.slow_down == Approx(1.0));
        CHECK(drive_copies(build_network(degraded, w)) == 5);
    }
}

TEST_CASE("Balanced drives: copies rounded up, each slowed to carry the busiest share") {
    // Shares 0.35 / 0.35 / 0.3: ceil(1 / 0.35) = 3 copies, each 3 x 0.35 = 1.05 times as slow:
    // each carries 0.35 of the work, as the busiest drive does.
    const BalancedDrives uneven = balanced_drives({0.0, 0.3, 0.35, 0.35}, 1);
    CHECK(uneven.copies == 3);
    CHECK(uneven.slow_down == Approx(1.05));
    // A mirror's lone survivor with half the work: 2 copies, not slowed.
    const BalancedDrives mirror = balanced_drives({0.0, 0.5, 0.25, 0.25}, 1);
    CHECK(mirror.copies == 2);
    CHECK(mirror.slow_down == Approx(1.0));
    // At least the widest fork, at most the drives.
    CHECK(balanced_drives({0.0, 0.5, 0.25, 0.25}, 3).copies == 3);
    CHECK(balanced_drives({0.0, 0.5, 0.25, 0.25}, 3).slow_down == Approx(1.5));
    CHECK(balanced_drives({0.25, 0.25, 0.25, 0.25}, 8).copies == 4);
    // The slowed station saturates where the busiest drive does: copies / slow_down = 1 / max.
    CHECK(uneven.copies / uneven.slow_down == Approx(1.0 / 0.35));
}

TEST_CASE("Degraded parity arrays: analytic model within 12% of the simulator", "[sim][slow]") {
    // 8 KiB random I/O at 16 outstanding, one drive failed. The simulator maps every request
    // through the same degraded geometry and queues each drive on its own; the model's balanced
    // drive station (balanced_drives) stands for the survivors. Before the survivors' shares were
    // sampled alike and the copies rounded up (4 copies for 5 survivors where sampling gave one
    // of them 0.202), these cases gave -12%, -7%, -20% and -19% against the simulator; now
    // +5%, +5%, +1% and -7%.
    struct Case {
        RaidLevel level;
        int drives;
        double read_fraction;
    };
    for (const Case c : {Case{RaidLevel::Raid5, 6, 0.0}, Case{RaidLevel::Raid5, 8, 0.0},
                         Case{RaidLevel::Raid50, 6, 0.7}, Case{RaidLevel::Raid50, 8, 1.0}}) {
        System s = with_failed(test::plain_system(test::hdd_7200(), c.level, c.drives), 1);
        if (c.level == RaidLevel::Raid50) {
            s.layout.disks_per_span = c.drives / 2;
        }
        const Workload w = test::request_workload(8192, c.read_fraction, 0.0, {16});
        const double analytic = evaluate(s, w).points.at(0).iops;
        sim::SimOptions o;
        o.warmup_jobs = 2000;
        o.min_jobs_per_batch = 4000;
        const double simulated = sim::simulate(s, w, o).points.at(0).metrics.iops;
        INFO("level " << static_cast<int>(c.level) << ", " << c.drives << " drives, read share "
                      << c.read_fraction << ": analytic " << analytic << " IOPS, simulated "
                      << simulated);
        CHECK(std::abs(analytic - simulated) <= 0.12 * simulated);
    }
}
