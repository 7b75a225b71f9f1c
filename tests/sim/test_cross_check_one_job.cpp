// One job whose next request follows its last at once, writing into the drives' own caches
// faster than they destage (hdd_service.cpp, idle_held_writes): the drive holds many writes and
// destages the quickest of them, not each write alone. Before stop 53 the model took the number
// held from the other jobs' busy share, which the arrival theorem makes 0 for one job, and gave
// a single disk at 30% reads 15.5 ms against the simulator's 7.4.
#include <catch2/catch.hpp>
#include <cmath>

#include "cross_check_support.h"
#include "evaluate/evaluator.h"
#include "fixtures.h"
#include "sim/simulator.h"

using namespace raidadv;

namespace {

struct Compared {
    double model_s = 0.0;
    double simulated_s = 0.0;
    double error() const { return model_s / simulated_s - 1.0; }
};

Compared compare(const System& s, const Workload& w) {
    const PointMetrics m = evaluate(s, w).points.at(0);
    const sim::SimEvaluation simulated = sim::simulate(s, w, test::grid_sim_options());
    return {m.mean_response_s, simulated.points.at(0).metrics.mean_response_s};
}

}  // namespace

SCENARIO("One job's writes held in the drive's cache", "[sim]") {
    GIVEN("4 KiB random requests, 30% reads, one outstanding") {
        const Workload w = test::request_workload(4096.0, 0.3, 0.0, {1});
        WHEN("one disk takes them") {
            const Compared c =
                compare(test::plain_system(test::hdd_7200(), RaidLevel::Simple, 1), w);
            INFO("model " << c.model_s * 1e3 << " ms, simulated " << c.simulated_s * 1e3);
            THEN("the model is within 10% of the simulator") {
                CHECK(std::abs(c.error()) <= 0.10);
            }
        }
        WHEN("a mirror of two takes them") {
            const Compared c =
                compare(test::plain_system(test::hdd_7200(), RaidLevel::Raid1, 2), w);
            INFO("model " << c.model_s * 1e3 << " ms, simulated " << c.simulated_s * 1e3);
            THEN("the model is within 10% of the simulator") {
                CHECK(std::abs(c.error()) <= 0.10);
            }
        }
    }
    GIVEN("the same over four drives, where each drive gets a quarter of the writes") {
        // (what the trials that scaled the held count by the jobs got wrong: RAID 0 and 10 at
        // two outstanding 18-50% slow, docs/model.md section 4)
        const Workload w = test::request_workload(4096.0, 0.3, 0.0, {2});
        const Compared raid0 =
            compare(test::plain_system(test::hdd_7200(), RaidLevel::Raid0, 4), w);
        const Compared raid10 =
            compare(test::plain_system(test::hdd_7200(), RaidLevel::Raid10, 4), w);
        INFO("RAID 0: model " << raid0.model_s * 1e3 << " ms, simulated " << raid0.simulated_s * 1e3
                              << "; RAID 10: model " << raid10.model_s * 1e3 << " ms, simulated "
                              << raid10.simulated_s * 1e3);
        THEN("RAID 0 and RAID 10 at two outstanding stay within 15% of the simulator") {
            CHECK(std::abs(raid0.error()) <= 0.15);
            CHECK(std::abs(raid10.error()) <= 0.15);
        }
    }
    GIVEN("md RAID 1 with its bitmap, 8 KiB, 20% reads over 5% of the array, one outstanding") {
        // The update's flush finds the job's held writes and waits for them all
        // (MdBitmapVisits::Flush::destage_s): without it the held writes made the slow
        // update rate vanish and the model gave 2.6 ms against the simulator's 16.7.
        System s = test::plain_system(test::hdd_7200(), RaidLevel::Raid1, 2);
        s.controller.chunk_split = true;  // linux-md (its internal bitmap by default)
        s.layout.stripe_unit_bytes = 512.0 * 1024.0;
        Workload w = test::request_workload(8192.0, 0.2, 0.0, {1});
        w.span_fraction = 0.05;
        const Compared c = compare(s, w);
        INFO("model " << c.model_s * 1e3 << " ms, simulated " << c.simulated_s * 1e3);
        THEN("the model is within 40% of the simulator") {
            CHECK(std::abs(c.error()) <= 0.40);
        }
    }
}
