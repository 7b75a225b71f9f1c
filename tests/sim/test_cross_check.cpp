// First cross-check of the analytic queueing model (raidadv::evaluate) against the simulator:
// same hardware, same RAID mapping, same workloads. The simulator is the reference; the analytic
// mean response must fall within 25% of it.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "evaluate/evaluator.h"
#include "fixtures.h"
#include "sim/simulator.h"

using namespace raidadv;

namespace {

struct Case {
    std::string name;
    System system;
    Workload workload;
};

std::vector<Case> cases() {
    std::vector<Case> out;
    const System one = test::plain_system(test::hdd_7200(), RaidLevel::Raid0, 1);
    out.push_back(
        {"1 HDD 4K random read", one, test::request_workload(4096, 1.0, 0.0, {1, 8, 32})});
    out.push_back({"RAID 0 x4 64K random read",
                   test::plain_system(test::hdd_7200(), RaidLevel::Raid0, 4),
                   test::request_workload(65536, 1.0, 0.0, {16})});
    out.push_back({"RAID 5 x4 4K random write",
                   test::plain_system(test::hdd_7200(), RaidLevel::Raid5, 4),
                   test::request_workload(4096, 0.0, 0.0, {8})});
    out.push_back({"RAID 10 x4 4K 70% read",
                   test::plain_system(test::hdd_7200(), RaidLevel::Raid10, 4),
                   test::request_workload(4096, 0.7, 0.0, {16})});
    // The drives' own write cache (WCE): on behind an HBA or host RAID, off when set so.
    System no_wce = test::plain_system(test::hdd_7200(), RaidLevel::Simple, 1);
    no_wce.drive_write_cache = DriveWriteCache::Off;
    out.push_back(
        {"1 HDD 32K write, WCE off", no_wce, test::request_workload(32768, 0.0, 0.0, {1, 16})});
    out.push_back({"1 HDD 32K write, WCE on",
                   test::plain_system(test::hdd_7200(), RaidLevel::Simple, 1),
                   test::request_workload(32768, 0.0, 0.0, {1, 16})});
    // A drive whose seeks scatter about its scheduler's estimate (seek_jitter_s): it orders by
    // the expected access time and sometimes misses its block by a revolution; its write cache
    // destages in the same order.
    auto rough = test::hdd_7200();
    rough.hdd.seek_jitter_s = 2.5e-3;
    out.push_back({"1 HDD 4K read, seek jitter", test::plain_system(rough, RaidLevel::Simple, 1),
                   test::request_workload(4096, 1.0, 0.0, {1, 8, 32})});
    out.push_back({"1 HDD 4K write, WCE, jitter", test::plain_system(rough, RaidLevel::Simple, 1),
                   test::request_workload(4096, 0.0, 0.0, {1, 16})});
    // Random writes over a tenth of an SSD: the written span has the spare space to itself.
    Workload tenth = test::request_workload(4096, 0.0, 0.0, {1, 32});
    tenth.span_fraction = 0.1;
    out.push_back({"1 SSD 4K write, span 0.1",
                   test::plain_system(test::ssd_sata(), RaidLevel::Simple, 1), tenth});
    // Every request seeks first (fio's sync engine on a block device): the array's one inode
    // lock, taken long here (20 us) so that it binds at 32 outstanding.
    System locked = test::plain_system(test::ssd_sata(), RaidLevel::Raid0, 4);
    locked.host.block_llseek_s = 20e-6;
    Workload seeking = test::request_workload(4096, 1.0, 0.0, {1, 32});
    seeking.lseek_per_request = true;
    out.push_back({"RAID 0 x4 SSD read, lseek", locked, seeking});
    out.push_back({"1 SSD 4K random read",
                   test::plain_system(test::ssd_sata(), RaidLevel::Raid0, 1),
                   test::request_workload(4096, 1.0, 0.0, {32})});
    // A controller that holds the drive's port per command (the P420i's SATA path): reads and
    // writes mixed, each paying its direction's port time on the lane.
    System ported = test::plain_system(test::ssd_sata(), RaidLevel::Raid0, 2);
    ported.ssd_state = SsdState::Fresh;
    ported.layout.stripe_unit_bytes = 4096;
    ported.drive_link.command_overhead_s = 5e-6;
    ported.controller.port_read_command_s = 5e-6;
    ported.controller.port_write_command_s = 12e-6;
    out.push_back({"RAID 0 x2 SSD 70% read, ports", ported,
                   test::request_workload(4096, 0.7, 0.0, {1, 8, 64})});
    return out;
}

}  // namespace

TEST_CASE("Cross-check: analytic mean response within 25% of the simulated one", "[slow]") {
    // Every case is asserted: none was off by more than 25% when this test was written. The
    // simulator's known differences from the analytic model (SATF candidates, read-modify-write
    // rewrites) show as the negative errors below.
    std::printf("\n%-28s %4s %12s %24s %8s %18s\n", "case", "QD", "analytic ms",
                "simulated ms (95% CI)", "error", "p95 ana / sim ms");
    for (const Case& c : cases()) {
        const Evaluation ev = evaluate(c.system, c.workload);
        const sim::SimEvaluation sv = sim::simulate(c.system, c.workload);
        REQUIRE(ev.points.size() == sv.points.size());
        for (std::size_t i = 0; i < ev.points.size(); ++i) {
            const PointMetrics& a = ev.points[i];
            const sim::SimPoint& s = sv.points[i];
            const double err =
                (a.mean_response_s - s.metrics.mean_response_s) / s.metrics.mean_response_s;
            std::printf("%-28s %4d %12.3f %14.3f +- %7.3f %+7.1f%% %9.3f / %7.3f\n", c.name.c_str(),
                        a.concurrency, a.mean_response_s * 1e3, s.metrics.mean_response_s * 1e3,
                        s.mean_response_ci_s * 1e3, 100.0 * err, a.p95_response_s * 1e3,
                        s.metrics.p95_response_s * 1e3);
            INFO(c.name << " QD " << a.concurrency << ": analytic " << a.mean_response_s
                        << " s, simulated " << s.metrics.mean_response_s << " s");
            CHECK_FALSE(s.truncated);
            CHECK(s.mean_response_ci_s < 0.05 * s.metrics.mean_response_s);
            CHECK(std::abs(err) <= 0.25);
            // Both see the same bottleneck and carry the same load there.
            CHECK(a.bottleneck == s.metrics.bottleneck);
            CHECK(a.iops == Approx(s.metrics.iops).epsilon(0.3));
        }
    }
}

TEST_CASE("Simulated drive: its write cache speeds random writes up", "[slow]") {
    System off = test::plain_system(test::hdd_7200(), RaidLevel::Simple, 1);
    off.drive_write_cache = DriveWriteCache::Off;
    System on = off;
    on.drive_write_cache = DriveWriteCache::On;
    const Workload w = test::request_workload(32768, 0.0, 0.0, {4});
    sim::SimOptions o;
    o.min_jobs_per_batch = 100;
    const double iops_off = sim::simulate(off, w, o).points.at(0).metrics.iops;
    const double iops_on = sim::simulate(on, w, o).points.at(0).metrics.iops;
    INFO("off " << iops_off << ", on " << iops_on << " IOPS");
    CHECK(iops_on > 1.2 * iops_off);
}
