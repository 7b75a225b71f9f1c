// An SSD's own read-ahead (issue 24, NVMe and SSDs: "sequential reads inside an SSD are faster
// than random ones at the same size"): a stream's next data are read from the flash before the
// command comes (Memblaze, PBlaze7 7940: 4K QD1 sequential reads 56.95 us without read-ahead,
// 5.96 us with it), so a sequential read waits only for its transfer; the flash read still
// loads the drive. Model against simulator, and random reads unchanged.
#include <catch2/catch.hpp>

#include <cmath>

#include "components/ssd_model.h"
#include "evaluate/evaluator.h"
#include "fixtures.h"
#include "sim/simulator.h"

using namespace raidadv;

namespace {

/// An NVMe drive with round figures (PCIe 3.0 x4 class) on its own x4 link.
System nvme_system(RaidLevel level, int drives) {
    DriveSpec d = test::ssd_sata();
    d.info.name = "test NVMe SSD";
    d.interface = "pcie3-x4";
    d.ssd.read_latency_s = 80e-6;
    d.ssd.seq_read_Bps = 3.5e9;
    d.ssd.random_read_iops = 600000;
    System s = test::plain_system(d, level, drives);
    s.drive_link.bandwidth_Bps = 3.9e9;
    s.host_link.bandwidth_Bps = 32e9;
    return s;
}

sim::SimEvaluation simulate_points(const System& s, const Workload& w) {
    sim::SimOptions o;
    o.min_jobs_per_batch = 4000;
    return sim::simulate(s, w, o);
}

}  // namespace

TEST_CASE("Which SSD I/Os find their data read ahead") {
    CHECK(ssd_reads_ahead(false, true));
    CHECK_FALSE(ssd_reads_ahead(false, false));  // random reads wait for the flash
    CHECK_FALSE(ssd_reads_ahead(true, true));    // writes go to the drive's buffer anyway
}

TEST_CASE("SSD sequential reads run ahead of random ones at the same size, model and simulator") {
    for (const bool nvme : {false, true}) {
        for (const RaidLevel level : {RaidLevel::Simple, RaidLevel::Raid0}) {
            const int drives = level == RaidLevel::Simple ? 1 : 4;
            const System s = nvme ? nvme_system(level, drives)
                                  : test::plain_system(test::ssd_sata(), level, drives);
            const Workload seq = test::request_workload(4096, 1.0, 1.0, {1, 4, 32});
            const Workload rnd = test::request_workload(4096, 1.0, 0.0, {1, 4, 32});
            const Evaluation a = evaluate(s, seq);
            const Evaluation r = evaluate(s, rnd);
            const sim::SimEvaluation m = simulate_points(s, seq);
            for (std::size_t i = 0; i < a.points.size(); ++i) {
                const PointMetrics& p = a.points[i];
                const PointMetrics& q = m.points[i].metrics;
                INFO(s.drive.info.name << " " << to_string(level) << ", " << p.concurrency
                                       << " outstanding: sequential " << p.iops << " IOPS ("
                                       << p.mean_response_s * 1e6 << " us), simulated " << q.iops
                                       << " (" << q.mean_response_s * 1e6 << " us); random "
                                       << r.points[i].iops);
                CHECK(std::abs(p.mean_response_s - q.mean_response_s) <= 0.15 * q.mean_response_s);
                CHECK(std::abs(p.iops - q.iops) <= 0.15 * q.iops);
                // Never slower than random reads of the same size.
                CHECK(p.iops >= 0.99 * r.points[i].iops);
            }
            // One at a time the flash latency is off the path: well above random.
            CHECK(a.points[0].iops > 1.5 * r.points[0].iops);
            // The band says no study measured it.
            CHECK(a.points[0].band.widened.find("read-ahead") != std::string::npos);
        }
    }
}
