// A controller's time per command on a drive's port (ControllerSpec::port_read_command_s,
// port_write_command_s; issue 24, the HP P420i's SATA path): each command holds the drive's
// lane for the link's overhead, the port time of its direction and its data, so one drive
// levels off at the inverse of that sum, each port on its own, in the model and the simulator.
#include <catch2/catch.hpp>

#include <cmath>

#include "evaluate/evaluator.h"
#include "fixtures.h"
#include "sim/simulator.h"

using namespace raidadv;

namespace {

constexpr double kRead = 5e-6;    // port time per read
constexpr double kWrite = 12e-6;  // port time per write

/// `drives` SATA SSDs in RAID 0 (4 KiB chunks), each on its own 600 MB/s lane with 5 us of
/// command overhead, behind an HBA with the port times above (or none); fresh, so that its
/// writes (88,000 a second) outrun the lane.
System behind_ports(int drives, bool port_times) {
    System s = test::plain_system(test::ssd_sata(), RaidLevel::Raid0, drives);
    s.ssd_state = SsdState::Fresh;
    s.layout.stripe_unit_bytes = 4096;
    s.drive_link.bandwidth_Bps = 600e6;
    s.drive_link.command_overhead_s = 5e-6;
    if (port_times) {
        s.controller.port_read_command_s = kRead;
        s.controller.port_write_command_s = kWrite;
    }
    return s;
}

/// The lane's time per 4 KiB command of one direction.
double lane_s(bool write, bool port_times) {
    return 5e-6 + (port_times ? (write ? kWrite : kRead) : 0.0) + 4096 / 600e6;
}

}  // namespace

SCENARIO("A controller's port time per command caps each drive's rate") {
    GIVEN("one SATA SSD behind ports that take 5 us a read and 12 us a write") {
        for (const bool write : {false, true}) {
            WHEN(std::string("64 outstanding 4 KiB random ") + (write ? "writes" : "reads")) {
                const Workload w = test::request_workload(4096, write ? 0.0 : 1.0, 0.0, {64});
                const PointMetrics with = evaluate(behind_ports(1, true), w).points.at(0);
                const PointMetrics without = evaluate(behind_ports(1, false), w).points.at(0);
                const double ceiling = 1.0 / lane_s(write, true);
                INFO("with port time " << with.iops << " IOPS, without " << without.iops
                                       << ", lane ceiling " << ceiling);
                THEN("the drive levels off at the lane's ceiling with the port time in it") {
                    CHECK(with.iops <= ceiling * 1.001);
                    CHECK(with.iops >= 0.95 * ceiling);
                    CHECK(without.iops > 1.2 * with.iops);
                }
                THEN("the simulator finds the same rate") {
                    sim::SimOptions o;
                    o.min_jobs_per_batch = 2000;
                    const auto p = sim::simulate(behind_ports(1, true), w, o).points.at(0);
                    CHECK(std::abs(with.iops - p.metrics.iops) <= 0.05 * p.metrics.iops);
                }
            }
        }
    }
    GIVEN("three such SSDs in RAID 0 with 4 KiB chunks, each on its own port") {
        const Workload w = test::request_workload(4096, 1.0, 0.0, {192});
        const PointMetrics one = evaluate(behind_ports(1, true), w).points.at(0);
        const PointMetrics three = evaluate(behind_ports(3, true), w).points.at(0);
        THEN("the ports work side by side: three drives read about three times one") {
            INFO("one " << one.iops << " IOPS, three " << three.iops);
            CHECK(three.iops >= 2.8 * one.iops);
            CHECK(three.iops <= 3.0 * one.iops * 1.001);
        }
    }
    GIVEN("a controller with no port time (every catalog row without one)") {
        const Workload w = test::request_workload(4096, 1.0, 0.0, {64});
        System zero = behind_ports(1, true);
        zero.controller.port_read_command_s = 0.0;
        zero.controller.port_write_command_s = 0.0;
        THEN("its drives are as fast as the lane alone allows") {
            CHECK(evaluate(zero, w).points.at(0).iops ==
                  Approx(evaluate(behind_ports(1, false), w).points.at(0).iops));
        }
    }
}
