// One job whose next request follows its last at once, writing into the drives' own caches
// faster than they destage (hdd_service.cpp, idle_held_writes): the drive holds many writes and
// destages the quickest of them, not each write alone. Before stop 53 the model took the number
// held from the other jobs' busy share, which the arrival theorem makes 0 for one job, and gave
// a single disk at 30% reads 15.5 ms against the simulator's 7.4.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "cross_check_support.h"
#include "evaluate/evaluator.h"
#include "fixtures.h"
#include "sim/simulator.h"

using namespace raidadv;

namespace {

/// The model's relative error against the simulator on `level` of `drives` test disks.
double error_on(RaidLevel level, int drives, const Workload& w, std::string& said) {
    const System s = test::plain_system(test::hdd_7200(), level, drives);
    const double model = evaluate(s, w).points.at(0).mean_response_s;
    const double simulated =
        sim::simulate(s, w, test::grid_sim_options()).points.at(0).metrics.mean_response_s;
    said += std::string(to_string(level)) + " of " + std::to_string(drives) + ": model " +
            std::to_string(model * 1e3) + " ms, simulated " + std::to_string(simulated * 1e3) +
            " ms; ";
    return model / simulated - 1.0;
}

}  // namespace

SCENARIO("One job's writes held in the drive's cache", "[sim]") {
    GIVEN("4 KiB random requests, 30% reads, on one disk, a mirror, RAID 0 and RAID 10") {
        // One disk and the mirror at one outstanding (15.5 and 12.8 ms before stop 53); RAID 0
        // and 10 of four at two, each drive taking a quarter of the writes (what the trials
        // that scaled the held count by the jobs got wrong: 18-50% slow, docs/model.md
        // section 4).
        struct Case {
            RaidLevel level;
            int drives;
            int outstanding;
            double bound;
        };
        const Case cases[] = {{RaidLevel::Simple, 1, 1, 0.10},
                              {RaidLevel::Raid1, 2, 1, 0.10},
                              {RaidLevel::Raid0, 4, 2, 0.15},
                              {RaidLevel::Raid10, 4, 2, 0.15}};
        std::string said;
        std::vector<double> excess;
        for (const Case& c : cases) {
            const Workload w = test::request_workload(4096.0, 0.3, 0.0, {c.outstanding});
            excess.push_back(std::abs(error_on(c.level, c.drives, w, said)) - c.bound);
        }
        INFO(said);
        THEN("the model is within 10% of the simulator at one outstanding, 15% at two") {
            for (double e : excess) {
                CHECK(e <= 0.0);
            }
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
        const double model = evaluate(s, w).points.at(0).mean_response_s;
        const double simulated =
            sim::simulate(s, w, test::grid_sim_options()).points.at(0).metrics.mean_response_s;
        INFO("model " << model * 1e3 << " ms, simulated " << simulated * 1e3);
        THEN("the model is within 40% of the simulator") {
            CHECK(std::abs(model / simulated - 1.0) <= 0.40);
        }
    }
}
