// Small sequential reads against the simulator: the drive serves them from its read-ahead
// (hdd_service.cpp, command_parts and interleave). A hit holds the drive for its command
// overhead, so one stream's queued 4 KiB reads go one per overhead (before stop 54 the model let
// them overlap: a quarter of the simulated time at four outstanding); and where the head reads a
// whole request of a stream during another command's overhead, several streams take turns from
// their segments instead of each paying a seek (before: up to 20 times the simulated time).
#include <algorithm>
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

struct Compared {
    std::vector<double> errors;  ///< model / simulated - 1, per load point
    std::string said;

    /// The largest factor between model and simulator (>= 1) over the points.
    double worst_factor() const {
        double w = 1.0;
        for (double e : errors) {
            w = std::max({w, 1.0 + e, 1.0 / (1.0 + e)});
        }
        return w;
    }
};

/// The model against the simulator's mean over three seeds (where the streams start decides
/// how fast their zones are, and so whether their read-ahead keeps up).
Compared compare(RaidLevel level, int drives, double chunk, const Workload& w) {
    System s = test::plain_system(test::hdd_7200(), level, drives);
    s.layout.stripe_unit_bytes = chunk;
    const Evaluation a = evaluate(s, w);
    constexpr int kSeeds = 3;
    std::vector<double> simulated_s(a.points.size(), 0.0);
    for (int seed = 1; seed <= kSeeds; ++seed) {
        sim::SimOptions o = test::grid_sim_options();
        o.seed = static_cast<std::uint64_t>(seed);
        const sim::SimEvaluation m = sim::simulate(s, w, o);
        for (std::size_t i = 0; i < a.points.size(); ++i) {
            simulated_s[i] += m.points.at(i).metrics.mean_response_s / kSeeds;
        }
    }
    Compared c;
    for (std::size_t i = 0; i < a.points.size(); ++i) {
        const double model = a.points[i].mean_response_s;
        const double simulated = simulated_s[i];
        c.errors.push_back(model / simulated - 1.0);
        c.said += std::to_string(a.points[i].concurrency) + " outstanding: model " +
                  std::to_string(model * 1e3) + " ms, simulated " +
                  std::to_string(simulated * 1e3) + " ms; ";
    }
    return c;
}

}  // namespace

SCENARIO("Small sequential reads served from the drive's read-ahead", "[sim]") {
    GIVEN("4 KiB read streams on one disk and on RAID 5 of five, and 64 KiB ones on one disk") {
        struct Case {
            const char* what;
            RaidLevel level;
            int drives;
            double chunk, bytes;
            std::vector<int> outstanding;
            int streams;    ///< 0: one per outstanding request
            double span;    ///< share of the volume
            double factor;  ///< bound on model / simulated, both ways
        };
        const Case cases[] = {
            // the hits go one per command overhead
            {"one stream, one disk", RaidLevel::Simple, 1, 65536.0, 4096.0, {4, 32}, 1, 1.0, 1.1},
            // the streams take turns from their segments
            {"streams over 5% of one disk",
             RaidLevel::Simple,
             1,
             65536.0,
             4096.0,
             {2, 4, 8, 16},
             0,
             0.05,
             1.1},
            // how the streams fall on the five disks, several on one or each on its own, is
            // what the model takes on average: up to 25% apart (3 to 21 times before); two
            // streams falling in step on an array are a known miss of their own
            // (test_cross_check_sequential.cpp)
            {"streams on RAID 5, 512 KiB chunk",
             RaidLevel::Raid5,
             5,
             524288.0,
             4096.0,
             {4, 8, 16},
             0,
             1.0,
             1.5},
            // one overhead reads 21.6 KB of the outer zone, a third of a request: no stream's
            // next request is read ahead while others wait, and each pays its seek
            {"64 KiB streams, one disk",
             RaidLevel::Simple,
             1,
             65536.0,
             65536.0,
             {4, 8, 16},
             0,
             1.0,
             1.15},
        };
        std::string said;
        std::vector<double> excess;
        for (const Case& k : cases) {
            Workload w = test::request_workload(k.bytes, 1.0, 1.0, k.outstanding);
            w.streams = k.streams;
            w.span_fraction = k.span;
            const Compared c = compare(k.level, k.drives, k.chunk, w);
            said += std::string(k.what) + ": " + c.said + "\n";
            excess.push_back(c.worst_factor() - k.factor);
        }
        INFO(said);
        THEN("each is within its factor of the simulator") {
            for (double e : excess) {
                CHECK(e <= 0.0);
            }
        }
    }
}
