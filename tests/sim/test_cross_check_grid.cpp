// The analytic model against the request-level simulator over a grid of layouts, request sizes,
// read fractions and concurrencies, on a disk and on an SSD (issue: within 10% of the simulated
// mean response on at least 90% of points, within 25% on all). The 95th percentiles, which the
// programs show next to the means, are compared on the same points.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>

#include "cross_check_support.h"
#include "evaluate/evaluator.h"
#include "sim/simulator.h"

using namespace raidadv;

TEST_CASE("Analytic model against the simulator over the validation grid", "[sim][grid][slow]") {
    const test::GridLevel levels[] = {
        {RaidLevel::Simple, 4, 0}, {RaidLevel::Raid0, 4, 0},  {RaidLevel::Raid1, 2, 0},
        {RaidLevel::Raid10, 4, 2}, {RaidLevel::Raid01, 4, 0}, {RaidLevel::Raid5, 4, 0},
        {RaidLevel::Raid6, 6, 0},  {RaidLevel::Raid50, 6, 3}, {RaidLevel::Raid60, 8, 4}};
    int total = 0, within10 = 0, within25 = 0;
    double worst = 0.0;
    int p95_within25 = 0;
    double p95_worst = 0.0;  // outside the named case below
    for (int ssd = 0; ssd < 2; ++ssd) {
        for (const auto& l : levels) {
            for (double bytes : {4096.0, 65536.0, 1048576.0}) {
                for (double read_fraction : {0.0, 0.7, 1.0}) {
                    const System s = test::grid_system(ssd != 0, l);
                    const Workload w =
                        test::request_workload(bytes, read_fraction, 0.0, {1, 8, 64});
                    const Evaluation a = evaluate(s, w);
                    const sim::SimEvaluation m = sim::simulate(s, w, test::grid_sim_options());
                    REQUIRE(a.points.size() == m.points.size());
                    for (std::size_t i = 0; i < a.points.size(); ++i) {
                        const double ra = a.points[i].mean_response_s;
                        const double rs = m.points[i].metrics.mean_response_s;
                        const double err = 100.0 * (ra - rs) / rs;
                        ++total;
                        within10 += std::abs(err) <= 10.0;
                        within25 += std::abs(err) <= 25.0;
                        worst = std::max(worst, std::abs(err));
                        INFO(to_string(l.level)
                             << (ssd ? " SSD " : " HDD ") << bytes << " B, read " << read_fraction
                             << ", N " << a.points[i].concurrency << ": analytic " << ra * 1e3
                             << " ms, simulated " << rs * 1e3 << " ms (" << err << "%)");
                        CHECK(std::abs(err) <= 25.0);
                        CHECK(a.points[i].bottleneck == m.points[i].metrics.bottleneck);
                        const double pa = a.points[i].p95_response_s;
                        const double ps = m.points[i].metrics.p95_response_s;
                        const double p95_err = 100.0 * (pa - ps) / ps;
                        p95_within25 += std::abs(p95_err) <= 25.0;
                        INFO("p95: analytic " << pa * 1e3 << " ms, simulated " << ps * 1e3
                                              << " ms (" << p95_err << "%)");
                        // Named: writes to disks that hold them in their write caches. Most are
                        // taken at once, a few wait for room or a destage, and the simulated
                        // tail is 3-6 times the mean; the model's is 61% short to 61% long
                        // (docs/model.md, section 4).
                        const bool cached_writes = !ssd && read_fraction < 1.0;
                        // Named: 4 KiB reads and writes on SSDs at one outstanding request. A
                        // read finds a write's program in progress (docs/model.md, SSD writes)
                        // a few times in a hundred and waits up to the whole program; the
                        // simulated 95th percentile is short of those waits, the model's gamma
                        // of the same mean and variance puts them in it (+80..+122%).
                        const bool rare_program_waits = ssd && bytes == 4096.0 &&
                                                        read_fraction == 0.7 &&
                                                        a.points[i].concurrency == 1;
                        if (!cached_writes && !rare_program_waits) {
                            p95_worst = std::max(p95_worst, std::abs(p95_err));
                            CHECK(std::abs(p95_err) <= 50.0);
                        }
                    }
                }
            }
        }
    }
    const double share10 = static_cast<double>(within10) / total;
    std::printf("grid: %d points, %.1f%% within 10%%, %d within 25%%, worst %.1f%%\n", total,
                100.0 * share10, within25, worst);
    const double p95_share25 = static_cast<double>(p95_within25) / total;
    std::printf("grid p95: %.1f%% within 25%%, worst %.1f%% outside disk writes\n",
                100.0 * p95_share25, p95_worst);
    // 83.3% since a job's own held destage lies on the copies its writes went to (stop 51);
    // 81.7% since an SSD's programs run behind its reads (two kinds of wait, which a gamma fits
    // less well); 84.4% before; 68.5% before the requests found varied by count.
    CHECK(p95_share25 >= 0.82);
    CHECK(share10 >= 0.90);  // the bound
    CHECK(share10 >= 0.97);  // regression guard: 97.5% (97.3% before stop 51; 97.7% before an
                             // SSD's programs ran behind its reads; since the held writes yield)
    CHECK(within25 == total);
}
