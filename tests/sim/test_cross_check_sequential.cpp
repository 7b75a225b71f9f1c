// The analytic model against the request-level simulator for sequential streams, outside the
// issue's grid of random requests: one stream per outstanding request on the disk fixture, the
// simulated means averaged over three seeds (where streams start decides how far apart they
// are, and so what each switch between them costs).
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <string>

#include "cross_check_support.h"
#include "evaluate/evaluator.h"
#include "sim/simulator.h"

using namespace raidadv;

namespace {

/// Where the model is knowingly more than 25% off (docs/model.md section 4), with the bound
/// asserted there: `ratio` bounds analytic / simulated from both sides (1/ratio .. ratio).
/// - Reads at two outstanding requests. On an array the two simulated streams fall into step,
///   each on its own disk at any moment, and do not meet (the model takes random phases: up to
///   5.8 times the simulated time; on RAID 10, where each stream keeps the copy whose head is
///   nearest its data, 7.8 times); on one disk they alternate at every request (the model
///   counts half of them: down to 0.43 of it).
/// - 64 KiB writes at eight outstanding requests (simple, RAID 0, RAID 10): the model lets each
///   stream's writes leave the drive's buffer in runs of a cache segment; the simulated buffer
///   holds fewer of each stream (up to 32% fast).
/// - RAID 5 writes at one outstanding request: the next request's reads of old data wait behind
///   the whole destage of the previous request's write half, which goes back over what it read
///   (a revolution); the mean-value model spreads that wait (up to 60% fast, as the grid's named
///   case of parity writes at one outstanding request).
/// - RAID 10 reads at four and eight: how the streams share the copies of a mirror. The
///   simulator chooses a copy for every piece (shorter queue, then nearer address); the model lets
///   only a transfer's first piece choose and takes the copies as busy independently (64 KiB at
///   four 29% fast, 1 MiB at eight 49% slow).
/// - One disk, eight 64 KiB read streams: the simulated drive serves the eight fixed places
///   shortest-positioning-first, a sweep over them; the model's estimate takes random places
///   (27% slow).
double known_ratio(RaidLevel level, double bytes, double read_fraction, int n) {
    if (read_fraction == 1.0 && n == 2) {
        return level == RaidLevel::Raid10 ? 8.0 : 6.0;
    }
    if (read_fraction == 0.0 && n == 8 && bytes < 1e6 && level != RaidLevel::Raid5) {
        return 1.6;
    }
    if (read_fraction == 0.0 && n == 1 && level == RaidLevel::Raid5) {
        return 2.6;
    }
    if (read_fraction == 1.0 && n >= 4 && level == RaidLevel::Raid10) {
        return 1.6;
    }
    if (read_fraction == 1.0 && n == 8 && bytes < 1e6 && level == RaidLevel::Simple) {
        return 1.4;
    }
    return 0.0;
}

}  // namespace

TEST_CASE("Analytic model against the simulator for sequential streams",
          "[sim][sequential][slow]") {
    const test::GridLevel levels[] = {{RaidLevel::Simple, 1, 0},
                                      {RaidLevel::Raid0, 4, 0},
                                      {RaidLevel::Raid10, 4, 2},
                                      {RaidLevel::Raid5, 4, 0}};
    const std::vector<int> concurrency{1, 2, 4, 8};
    const int seeds = 3;
    int total = 0, within10 = 0, within25 = 0;
    std::printf("\n%-8s %8s %5s %3s %12s %12s %8s\n", "layout", "bytes", "read", "N", "analytic ms",
                "simulated ms", "error");
    for (const auto& l : levels) {
        for (double bytes : {65536.0, 1048576.0}) {
            for (double read_fraction : {0.0, 1.0}) {
                const System s = test::grid_system(false, l);
                const Workload w = test::request_workload(bytes, read_fraction, 1.0, concurrency);
                const Evaluation a = evaluate(s, w);
                REQUIRE(a.points.size() == concurrency.size());
                std::vector<double> simulated(concurrency.size(), 0.0);
                for (int seed = 1; seed <= seeds; ++seed) {
                    sim::SimOptions o = test::grid_sim_options();
                    o.seed = static_cast<std::uint64_t>(seed);
                    const sim::SimEvaluation m = sim::simulate(s, w, o);
                    REQUIRE(m.points.size() == concurrency.size());
                    for (std::size_t i = 0; i < concurrency.size(); ++i) {
                        simulated[i] += m.points[i].metrics.mean_response_s / seeds;
                    }
                }
                for (std::size_t i = 0; i < concurrency.size(); ++i) {
                    const double ra = a.points[i].mean_response_s;
                    const double rs = simulated[i];
                    const double err = 100.0 * (ra - rs) / rs;
                    const double ratio = known_ratio(l.level, bytes, read_fraction, concurrency[i]);
                    std::printf("%-8s %8.0f %5.1f %3d %12.3f %12.3f %+7.1f%%%s\n",
                                std::string(to_string(l.level)).c_str(), bytes, read_fraction,
                                concurrency[i], ra * 1e3, rs * 1e3, err,
                                ratio > 0.0 ? "  (known)" : "");
                    ++total;
                    within10 += std::abs(err) <= 10.0;
                    within25 += std::abs(err) <= 25.0;
                    INFO(to_string(l.level)
                         << " " << bytes << " B, read " << read_fraction << ", N " << concurrency[i]
                         << ": analytic " << ra * 1e3 << " ms, simulated " << rs * 1e3 << " ms ("
                         << err << "%)");
                    if (ratio > 0.0) {
                        CHECK(ra <= ratio * rs);
                        CHECK(rs <= ratio * ra);
                    } else {
                        CHECK(std::abs(err) <= 25.0);
                    }
                }
            }
        }
    }
    std::printf("sequential: %d points, %d within 10%%, %d within 25%%\n", total, within10,
                within25);
}
