// A program that seeks before each request (Workload::lseek_per_request: fio's sync engine on a
// block device) takes the device's inode lock for the host's block_llseek_s (Linux block_llseek:
// inode_lock around fixed_size_llseek), one lock per volume (docs/model.md, "A block device's
// inode lock"), on the SATA SSD fixture.
#include <catch2/catch.hpp>

#include "advisor/explain.h"
#include "evaluate/evaluator.h"
#include "fixtures.h"
#include "system/stations.h"

using namespace raidadv;

namespace {

PointMetrics at(const System& s, const Workload& w) {
    const Evaluation e = evaluate(s, w);
    REQUIRE(e.points.size() == 1);
    return e.points[0];
}

Workload reads(int outstanding, bool seeks) {
    Workload w = test::request_workload(4096, 1.0, 0.0, {outstanding});
    w.lseek_per_request = seeks;
    return w;
}

}  // namespace

SCENARIO("Seeking before each request serializes on the device's inode lock") {
    GIVEN("an md RAID 0 of four SSDs whose host holds the lock 20 us an lseek") {
        System s = test::plain_system(test::ssd_sata(), RaidLevel::Raid0, 4);
        s.host.block_llseek_s = 20e-6;
        WHEN("64 requests are outstanding") {
            const PointMetrics seeking = at(s, reads(64, true));
            const PointMetrics pread = at(s, reads(64, false));
            THEN("the one lock binds at 1 / 20 us, where pread goes on to the drives") {
                CHECK(seeking.bottleneck == kDeviceLock);
                CHECK(seeking.iops == Approx(50000).epsilon(0.02));
                CHECK(pread.bottleneck != kDeviceLock);
                CHECK(pread.iops > 3.0 * seeking.iops);
                CHECK(pread.utilization.count(kDeviceLock) == 0);
            }
        }
        WHEN("one request is outstanding") {
            THEN("it adds the lock's hold time to the response, no more") {
                CHECK(at(s, reads(1, true)).mean_response_s ==
                      Approx(at(s, reads(1, false)).mean_response_s + 20e-6).epsilon(1e-6));
            }
        }
        WHEN("the requests are sequential") {
            Workload w = reads(64, true);
            w.sequential_fraction = 1.0;
            THEN("the next read continues the last: no lseek, no lock") {
                CHECK(at(s, w).bottleneck != kDeviceLock);
            }
        }
    }
    GIVEN("four SSDs as four simple volumes (four devices, four locks)") {
        System s = test::plain_system(test::ssd_sata(), RaidLevel::Simple, 4);
        s.host.block_llseek_s = 20e-6;
        THEN("the load spreads over the four locks") {
            const PointMetrics p = at(s, reads(64, true));
            CHECK(p.iops > 3.0 * 50000);
        }
    }
    THEN("the advisor names the component") {
        CHECK(advisor::component_name(kDeviceLock) == "block device lock");
    }
}
