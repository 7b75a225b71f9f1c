// The analytic model against the request-level simulator under open (Poisson) arrivals, outside
// the grid of closed loads: random requests on the grid's layouts, at 30%, 60% and 85% of
// the throughput the model gives 64 outstanding requests. A regression guard, not a bound per
// point: the open model's known differences (docs/model.md section 10) are wide.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <string>

#include "cross_check_support.h"
#include "evaluate/evaluator.h"
#include "sim/simulator.h"

using namespace raidadv;

TEST_CASE("Analytic model against the simulator under open arrivals", "[sim][open][slow]") {
    const test::GridLevel levels[] = {{RaidLevel::Simple, 4, 0}, {RaidLevel::Raid0, 4, 0},
                                      {RaidLevel::Raid1, 2, 0},  {RaidLevel::Raid10, 4, 2},
                                      {RaidLevel::Raid5, 4, 0},  {RaidLevel::Raid6, 6, 0},
                                      {RaidLevel::Raid50, 6, 3}, {RaidLevel::Raid60, 8, 4}};
    const double loads[] = {0.3, 0.6, 0.85};
    int total = 0, compared = 0, within10 = 0, within25 = 0, p95_within25 = 0;
    std::printf("\n%-4s %-7s %6s %4s %5s %10s %12s %12s %8s\n", "disk", "layout", "bytes", "read",
                "load", "rate /s", "analytic ms", "simulated ms", "error");
    for (int ssd = 0; ssd < 2; ++ssd) {
        for (const auto& l : levels) {
            for (double bytes : {4096.0, 65536.0}) {
                for (double read_fraction : {0.0, 0.7, 1.0}) {
                    const System s = test::grid_system(ssd != 0, l);
                    Workload w = test::request_workload(bytes, read_fraction, 0.0, {64});
                    const double capacity = evaluate(s, w).points.at(0).iops;
                    REQUIRE(capacity > 0.0);
                    w.concurrency.clear();
                    for (double load : loads) {
                        w.arrival_rates_per_s.push_back(load * capacity);
                    }
                    const Evaluation a = evaluate(s, w);
                    const sim::SimEvaluation m = sim::simulate(s, w, test::grid_sim_options());
                    REQUIRE(a.points.size() == m.points.size());
                    for (std::size_t i = 0; i < a.points.size(); ++i) {
                        const bool sat_a = a.points[i].saturated;
                        const bool sat_m = m.points[i].metrics.saturated;
                        const double ra = a.points[i].mean_response_s;
                        const double rs = m.points[i].metrics.mean_response_s;
                        ++total;
                        INFO((ssd ? "SSD " : "HDD ")
                             << to_string(l.level) << " " << bytes << " B, read " << read_fraction
                             << ", " << w.arrival_rates_per_s[i] << "/s");
                        // The model never gives up on a load the simulated system carries.
                        CHECK((!sat_a || sat_m));
                        if (sat_a || sat_m) {
                            std::printf("%-4s %-7s %6.0f %4.1f %5.2f %10.1f %12s %12s\n",
                                        ssd ? "SSD" : "HDD",
                                        std::string(to_string(l.level)).c_str(), bytes,
                                        read_fraction, loads[i], w.arrival_rates_per_s[i],
                                        sat_a ? "saturated" : "-", sat_m ? "saturated" : "-");
                            continue;
                        }
                        const double err = 100.0 * (ra - rs) / rs;
                        ++compared;
                        within10 += std::abs(err) <= 10.0;
                        within25 += std::abs(err) <= 25.0;
                        const double pa = a.points[i].p95_response_s;
                        const double ps = m.points[i].metrics.p95_response_s;
                        p95_within25 += std::abs(pa - ps) <= 0.25 * ps;
                        std::printf("%-4s %-7s %6.0f %4.1f %5.2f %10.1f %12.3f %12.3f %+7.1f%%\n",
                                    ssd ? "SSD" : "HDD", std::string(to_string(l.level)).c_str(),
                                    bytes, read_fraction, loads[i], w.arrival_rates_per_s[i],
                                    ra * 1e3, rs * 1e3, err);
                    }
                }
            }
        }
    }
    std::printf(
        "open: %d points, %d compared, %d within 10%%, %d within 25%%; p95 %d within 25%%\n", total,
        compared, within10, within25, p95_within25);
    // Now: 288 points, all compared (287 before the closed model's held writes yielded to the
    // reads: the simulator saturated RAID 60 64 KiB writes at 85%), 208 within 10%, 256 within
    // 25% (206 before the held writes yielded; 200 before multi-server stations waited as M/G/c;
    // 195 before
    // a fork's links waited for its largest piece; 190
    // and 253 before a read's link was paced by its drive; 183
    // and 251 before striped reads' alternative pieces were
    // solved by the embedded chain with each disk's random order; 179 and 250 before reordering
    // drives' queues were solved by their embedded chain; 161 and 240 before mirror reads chose
    // the shorter queue).
    CHECK(compared >= 280);
    CHECK(within10 >= 205);
    CHECK(within25 >= 250);
    // Means 209 within 10% and 261 within 25% since an SSD's programs wait behind its reads.
    // The 95th percentiles: 249 of 288 within 25% (246 before an SSD's programs waited behind
    // its reads; 229 before the open wait's variance was
    // Takacs' M/G/1 one instead of the wait squared).
    CHECK(p95_within25 >= 240);
}
