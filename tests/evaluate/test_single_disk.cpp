#include <catch2/catch.hpp>

#include <cmath>

#include "components/hdd_model.h"
#include "components/ssd_model.h"
#include "evaluate/evaluator.h"
#include "fixtures.h"
#include "sim/simulator.h"

using namespace raidadv;

SCENARIO("One 7200 rpm disk, 4 KiB random reads at queue depth 1") {
    const System sys = test::plain_system(test::hdd_7200(), RaidLevel::Raid0, 1);
    const Workload wl = test::request_workload(4096, 1.0, 0.0, {1});
    const Evaluation ev = evaluate(sys, wl);
    const HddSpec& h = sys.drive.hdd;
    // 1 / (overhead + average seek + half a rotation + transfer), worked by hand:
    // 0.3 + 11 + 4.1667 + 4096 * ln(72/40)/32e6 s (0.0752 ms) = 15.542 ms -> 64.34 IOPS.
    const double service = h.command_overhead_s + h.seek_average_s + 0.5 * 60.0 / h.rpm +
                           hdd_transfer_time(h, 4096, 1.0);
    CHECK(service == Approx(15.542e-3).epsilon(1e-3));
    THEN("throughput is the inverse of the service time and the disk is the bottleneck") {
        REQUIRE(ev.points.size() == 1);
        CHECK(ev.points[0].iops == Approx(1.0 / service).epsilon(0.01));
        CHECK(ev.points[0].mean_response_s == Approx(service).epsilon(0.01));
        CHECK(ev.points[0].bottleneck == "drives");
        CHECK(ev.points[0].p95_response_s > ev.points[0].mean_response_s);
    }
}

SCENARIO("Command queueing raises random throughput") {
    const System sys = test::plain_system(test::hdd_7200(), RaidLevel::Raid0, 1);
    const Evaluation ev = evaluate(sys, test::request_workload(4096, 1.0, 0.0, {1, 32}));
    // NCQ roughly doubles random IOPS at deep queues (modeling notes); allow 1.7x to 3.2x.
    const double gain = ev.points[1].iops / ev.points[0].iops;
    CHECK(gain > 1.7);
    CHECK(gain < 3.2);
}

SCENARIO("Large sequential reads approach the media rate") {
    const System sys = test::plain_system(test::hdd_7200(), RaidLevel::Raid0, 1);
    Workload wl = test::request_workload(1024.0 * 1024, 1.0, 1.0, {1, 4});
    wl.streams = 1;
    const Evaluation ev = evaluate(sys, wl);
    const double media = 1024.0 * 1024 / hdd_transfer_time(sys.drive.hdd, 1024.0 * 1024, 1.0);
    for (const auto& p : ev.points) {
        CHECK(p.mb_per_s * 1e6 == Approx(media).epsilon(0.05));
        CHECK(p.mb_per_s * 1e6 <= media * 1.0001);
    }
}

SCENARIO("RAID 0 sequential throughput scales with drives until the host link limits it") {
    Workload wl = test::request_workload(1024.0 * 1024, 1.0, 1.0, {16});
    wl.streams = 1;
    System one = test::plain_system(test::hdd_7200(), RaidLevel::Raid0, 1);
    one.host_link.bandwidth_Bps = 250e6;
    const double single = evaluate(one, wl).points[0].mb_per_s;
    for (int n : {2, 3}) {
        System s = one;
        s.layout.drives = n;
        const auto p = evaluate(s, wl).points[0];
        INFO("drives " << n);
        CHECK(p.mb_per_s == Approx(n * single).epsilon(0.08));
        CHECK(p.bottleneck == "drives");
    }
    for (int n : {6, 8, 12}) {
        System s = one;
        s.layout.drives = n;
        const auto p = evaluate(s, wl).points[0];
        INFO("drives " << n);
        CHECK(p.mb_per_s <= 250.0 * 1.0001);
        CHECK(p.mb_per_s == Approx(250.0).epsilon(0.02));
        CHECK(p.bottleneck == "host_link");
    }
}

SCENARIO("Write penalties counted in drive I/Os per request") {
    const Workload writes = test::request_workload(4096, 0.0, 0.0, {1});
    struct Row {
        RaidLevel level;
        int drives;
        double ios;
        int tolerated;  ///< worst placement: copies - 1 for mirrors, parity units per group
    };
    for (const Row& row : {Row{RaidLevel::Raid0, 4, 1.0, 0}, Row{RaidLevel::Raid1, 2, 2.0, 1},
                           Row{RaidLevel::Raid10, 4, 2.0, 1}, Row{RaidLevel::Raid01, 4, 2.0, 1},
                           Row{RaidLevel::Raid5, 5, 4.0, 1}, Row{RaidLevel::Raid6, 8, 6.0, 2},
                           Row{RaidLevel::Raid50, 8, 4.0, 1}, Row{RaidLevel::Raid60, 12, 6.0, 2}}) {
        System s = test::plain_system(test::hdd_7200(), row.level, row.drives);
        s.layout.disks_per_span = (row.level == RaidLevel::Raid10) ? 2 : row.drives / 2;
        s.layout.stripe_unit_bytes = 64.0 * 1024;
        Workload w = writes;
        w.alignment_bytes = 4096;
        const Evaluation ev = evaluate(s, w);
        INFO(to_string(row.level));
        CHECK(ev.disk_ios_per_job == Approx(row.ios));
        CHECK(ev.summary.failures_tolerated == row.tolerated);
    }
    THEN("reads cost one I/O on every level") {
        for (RaidLevel level : {RaidLevel::Raid1, RaidLevel::Raid5, RaidLevel::Raid6}) {
            System s = test::plain_system(test::hdd_7200(), level, 6);
            if (level == RaidLevel::Raid1) {
                s.layout.drives = 2;
            }
            CHECK(evaluate(s, test::request_workload(4096, 1.0, 0.0, {1})).disk_ios_per_job ==
                  Approx(1.0));
        }
    }
}

SCENARIO("RAID 5 small random writes fall below a single drive without a write-back cache") {
    const Workload writes = test::request_workload(32768, 0.0, 0.0, {1, 4, 16});
    const auto raid5 = evaluate(test::plain_system(test::hdd_7200(), RaidLevel::Raid5, 4), writes);
    const auto single = evaluate(test::plain_system(test::hdd_7200(), RaidLevel::Raid0, 1), writes);
    CHECK(raid5.points[0].iops < single.points[0].iops);
    AND_THEN("a write-back cache hides the latency but not the destage work") {
        System wb = test::plain_system(test::hdd_7200(), RaidLevel::Raid5, 4);
        wb.controller.kind = ControllerKind::HardwareRaid;
        wb.controller.cache_bytes = 256e6;
        wb.write_back_cache = true;
        const auto cached = evaluate(wb, writes);
        CHECK(cached.points[0].mean_response_s < raid5.points[0].mean_response_s);
        // Destage gains from reordering but still pays four I/Os per write.
        CHECK(cached.points[2].iops < 4.0 * single.points[2].iops);
    }
}

SCENARIO(
    "Independent volumes avoid split requests: two RAID 1 pairs beat RAID 10 on random reads") {
    const Workload reads = test::request_workload(32768, 1.0, 0.0, {16});
    Workload w = reads;
    w.alignment_bytes = 512;
    const auto pairs = evaluate(test::plain_system(test::hdd_7200(), RaidLevel::Raid1, 2, 2), w);
    System r10 = test::plain_system(test::hdd_7200(), RaidLevel::Raid10, 4);
    r10.layout.disks_per_span = 2;
    const auto raid10 = evaluate(r10, w);
    CHECK(pairs.points[0].iops > raid10.points[0].iops);
    CHECK(raid10.disk_ios_per_job > 1.2);
}

SCENARIO("An SSD serves random reads in parallel up to its rated IOPS") {
    System sys = test::plain_system(test::ssd_sata(), RaidLevel::Raid0, 1);
    sys.drive_link.bandwidth_Bps = 600e6;  // SATA 6 Gb/s
    const auto ev = evaluate(sys, test::request_workload(4096, 1.0, 0.0, {1, 32, 256}));
    // QD1: flash latency, then the transfer over the lane (longer than the internal one).
    CHECK(ev.points[0].mean_response_s == Approx(90e-6 + 4096 / 600e6).epsilon(0.03));
    CHECK(ev.points[2].iops == Approx(98000).epsilon(0.05));
    // At most the whole flash units' rate: 98,000 x 90 us = 8.82 units, 9 of them (+2%).
    CHECK(ssd_flash_units(sys.drive.ssd) == 9);
    CHECK(ev.points[2].iops <= 9 / 90e-6 * 1.0001);
    CHECK(ev.points[1].iops > 5 * ev.points[0].iops);
    AND_THEN("on a SATA 3 Gb/s lane the lane is the limit") {
        System slow = sys;
        slow.drive_link.bandwidth_Bps = 300e6;
        const auto p = evaluate(slow, test::request_workload(4096, 1.0, 0.0, {256})).points[0];
        CHECK(p.iops == Approx(300e6 / 4096).epsilon(0.01));
        CHECK(p.bottleneck == "drive_link");
    }
}

SCENARIO("A drive's stated flash units replace Little's law, in model and simulator") {
    GIVEN("the SATA SSD (98,000 IOPS x 90 us: 9 units) stated to have 4") {
        System nine = test::plain_system(test::ssd_sata(), RaidLevel::Simple, 1);
        nine.drive_link.bandwidth_Bps = 600e6;
        System four = nine;
        four.drive.ssd.flash_units = 4;
        REQUIRE(ssd_flash_units(four.drive.ssd) == 4);
        const Workload w = test::request_workload(4096, 1.0, 0.0, {1, 4, 256});
        const auto e4 = evaluate(four, w);
        const auto e9 = evaluate(nine, w);
        THEN("one read at a time takes as long; the ceiling is 4 units' rate") {
            CHECK(e4.points[0].mean_response_s == Approx(e9.points[0].mean_response_s));
            CHECK(e4.points[2].iops == Approx(4 / 90e-6).epsilon(0.05));
            CHECK(e4.points[2].iops <= 4 / 90e-6 * 1.0001);
        }
        THEN("four outstanding reads collide more often on 4 random units than on 9") {
            // derived: random routing, n / (n + c - 1) of c units busy (ssd_model.h)
            CHECK(e4.points[1].iops < 0.85 * e9.points[1].iops);
            sim::SimOptions o;
            o.min_jobs_per_batch = 20000;
            const Workload w4 = test::request_workload(4096, 1.0, 0.0, {4});
            const double simulated = sim::simulate(four, w4, o).points.at(0).metrics.iops;
            CHECK(e4.points[1].iops == Approx(simulated).epsilon(0.10));
        }
    }
}

SCENARIO("Open workloads: saturation is reported, not a number") {
    const System sys = test::plain_system(test::hdd_7200(), RaidLevel::Raid0, 1);
    Workload wl = test::request_workload(4096, 1.0, 0.0, {});
    wl.arrival_rates_per_s = {20, 60, 500};
    const auto ev = evaluate(sys, wl);
    REQUIRE(ev.points.size() == 3);
    CHECK_FALSE(ev.points[0].saturated);
    CHECK(ev.points[1].mean_response_s > ev.points[0].mean_response_s);
    CHECK(ev.points[2].saturated);
    CHECK(ev.points[2].iops == 0.0);
    CHECK(ev.points[2].bottleneck == "drives");
    CHECK(ev.points[2].utilization.at("drives") >= 1.0);
}

TEST_CASE("Summary: usable capacity, fault tolerance and cost") {
    System s = test::plain_system(test::hdd_7200(), RaidLevel::Raid6, 8);
    s.controller.info.price_usd = 400;
    const SystemSummary sum = summarize(s);
    CHECK(sum.usable_bytes == Approx(6 * 500e9));
    CHECK(sum.failures_tolerated == 2);
    CHECK(sum.cost_known);
    CHECK(sum.cost_usd == Approx(8 * 100 + 400));
}

SCENARIO("The 95th percentile at a deep queue: random requests spread, one stream does not") {
    const System sys = test::plain_system(test::hdd_7200(), RaidLevel::Raid0, 1);
    GIVEN("32 outstanding requests on one disk that serves the nearest first") {
        Workload random = test::request_workload(4096, 1.0, 0.0, {32});
        Workload stream = test::request_workload(64.0 * 1024, 1.0, 1.0, {32});
        stream.streams = 1;
        const PointMetrics r = evaluate(sys, random).points.front();
        const PointMetrics s = evaluate(sys, stream).points.front();
        THEN("random reads wait for a chance number of others (random order of service)") {
            CHECK(r.p95_response_s > 1.5 * r.mean_response_s);
        }
        THEN("a stream's reads are served in turn: every one waits about as long") {
            CHECK(s.p95_response_s < 1.05 * s.mean_response_s);
        }
    }
}

namespace {

/// A single SSD's 4 KiB random writes at 32 outstanding, in service and fresh out of the box.
struct SteadyAndFresh {
    System system;  ///< the fresh one
    Workload workload;
    PointMetrics steady, fresh;
};

SteadyAndFresh steady_and_fresh(System s) {
    SteadyAndFresh r{s, test::request_workload(4096, 0.0, 0.0, {32}), {}, {}};
    r.steady = evaluate(s, r.workload).points.at(0);
    r.system.ssd_state = SsdState::Fresh;
    r.fresh = evaluate(r.system, r.workload).points.at(0);
    return r;
}

/// The simulator's IOPS of the fresh drive.
double simulated_fresh(const SteadyAndFresh& r) {
    sim::SimOptions o;
    o.min_jobs_per_batch = 5000;
    return sim::simulate(r.system, r.workload, o).points.at(0).metrics.iops;
}

}  // namespace

SCENARIO(
    "A fresh client SSD takes random writes at its data sheet's rate, in model and simulator") {
    GIVEN("one SATA SSD of 7% over-provisioning, 4 KiB random writes at 32 outstanding") {
        System s = test::plain_system(test::ssd_sata(), RaidLevel::Simple, 1);
        s.drive.interface = "sata-6g";
        const SteadyAndFresh r = steady_and_fresh(s);
        INFO("steady " << r.steady.iops << " IOPS, fresh " << r.fresh.iops);
        THEN("in service the cleaning costs (write amplification 7.8), fresh it does not") {
            CHECK(r.steady.iops == Approx(530e6 / 4096 / write_amplification(0.07)).epsilon(0.05));
            CHECK(r.fresh.iops > 4.0 * r.steady.iops);
            CHECK(r.fresh.iops <= 88000 * 1.001);
        }
        THEN("fresh SATA drives' writes are measured (two studies); fresh NVMe ones are not") {
            CHECK(r.fresh.band.widened.find("fresh") == std::string::npos);
            CHECK(r.steady.band.widened.find("fresh") == std::string::npos);
            System nvme = r.system;
            nvme.drive.interface = "nvme-pcie4-x4";
            const PointMetrics n = evaluate(nvme, r.workload).points.at(0);
            CHECK(n.band.widened.find("fresh NVMe or SAS SSDs") != std::string::npos);
        }
        THEN("the simulator agrees on the fresh drive") {
            const double simulated = simulated_fresh(r);
            INFO("simulated " << simulated);
            CHECK(std::abs(r.fresh.iops - simulated) <= 0.10 * simulated);
        }
    }
    GIVEN("a data-center SSD whose data sheet gives only steady-state writes (20,000 IOPS)") {
        System s = test::plain_system(test::ssd_sata(), RaidLevel::Simple, 1);
        s.drive.ssd.write_iops_steady_state = true;
        s.drive.ssd.random_write_iops = 20000;
        s.drive.ssd.over_provisioning = 0.28;
        const SteadyAndFresh r = steady_and_fresh(s);
        INFO("steady " << r.steady.iops << " IOPS, fresh " << r.fresh.iops);
        THEN("fresh, it skips the cleaning the figure paid for: A(28%) = 2.5 times the rate") {
            CHECK(r.steady.iops == Approx(20000).epsilon(0.05));
            CHECK(r.fresh.iops == Approx(20000 * write_amplification(0.28)).epsilon(0.05));
        }
        THEN("the simulator agrees") {
            const double simulated = simulated_fresh(r);
            INFO("simulated " << simulated);
            CHECK(std::abs(r.fresh.iops - simulated) <= 0.10 * simulated);
        }
    }
}
