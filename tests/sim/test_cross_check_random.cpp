// The analytic model against the request-level simulator on configurations drawn at random,
// outside the grid: levels and drive counts, chunk sizes, request sizes, read shares
// between the grid's (0.3 as well as 0, 0.7 and 1), random or sequential, Linux md (its
// chunk splitting and write-intent bitmap) or a plain HBA, the whole volume or 5% of it, at
// 1, 4 and 16 outstanding requests. A regression guard and a map of where the model is off
// (stop 51 found three mechanisms this way: docs/model.md, "md write-intent bitmap" (5) and the
// held writes' flush; the rest is named in the test's printout and docs/model.md section 4).
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>

#include "cross_check_support.h"
#include "evaluate/evaluator.h"
#include "sim/simulator.h"

using namespace raidadv;

namespace {

struct Drawn {
    System system;
    Workload workload;
    std::string label;
};

/// One configuration drawn from `rng` (the same sequence on every platform: only integer draws
/// from std::mt19937, whose output the standard fixes).
Drawn draw(std::mt19937& rng) {
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    const RaidLevel levels[] = {RaidLevel::Raid0, RaidLevel::Raid1, RaidLevel::Raid10,
                                RaidLevel::Raid5, RaidLevel::Raid6, RaidLevel::Raid50,
                                RaidLevel::Simple};
    const RaidLevel level = levels[pick(7)];
    int drives = 1;
    switch (level) {
        case RaidLevel::Raid1:
            drives = 2;
            break;
        case RaidLevel::Raid10:
            drives = 2 * (2 + pick(3));
            break;
        case RaidLevel::Raid5:
            drives = 3 + pick(6);
            break;
        case RaidLevel::Raid6:
            drives = 4 + pick(5);
            break;
        case RaidLevel::Raid50:
            drives = 6 + 3 * pick(2);
            break;
        case RaidLevel::Raid0:
            drives = 2 + pick(6);
            break;
        default:
            break;
    }
    const bool ssd = pick(4) == 0;
    const bool md = pick(2) == 0;
    Drawn d;
    d.system = test::plain_system(ssd ? test::ssd_sata() : test::hdd_7200(), level, drives);
    if (level == RaidLevel::Raid50) {
        d.system.layout.disks_per_span = 3;
    }
    if (level == RaidLevel::Raid10) {
        d.system.layout.disks_per_span = 2;
    }
    if (md && level != RaidLevel::Simple) {
        d.system.controller.chunk_split = true;  // Linux md
    }
    d.system.layout.stripe_unit_bytes = 4096.0 * (1 << (2 + pick(6)));
    const double sizes[] = {4096.0, 16384.0, 65536.0, 262144.0};
    const double reads[] = {0.0, 0.3, 0.7, 1.0};
    const double bytes = sizes[pick(4)];
    const double read_fraction = reads[pick(4)];
    const double sequential = pick(4) == 0 ? 1.0 : 0.0;
    d.workload = test::request_workload(bytes, read_fraction, sequential, {1, 4, 16});
    d.workload.span_fraction = pick(3) == 0 ? 0.05 : 1.0;
    char text[160];
    std::snprintf(text, sizeof text, "%s of %d %s, %.0f KiB chunk, %.0f KiB, reads %.1f%s%s",
                  std::string(to_string(level)).c_str(), drives, ssd ? "SSD" : (md ? "md" : "HBA"),
                  d.system.layout.stripe_unit_bytes / 1024.0, bytes / 1024.0, read_fraction,
                  sequential > 0.0 ? ", sequential" : "",
                  d.workload.span_fraction < 1.0 ? ", 5% of the volume" : "");
    d.label = text;
    return d;
}

}  // namespace

TEST_CASE("Analytic model against the simulator on configurations drawn at random",
          "[sim][random][slow]") {
    std::mt19937 rng(7);
    int total = 0, within10 = 0, within25 = 0;
    for (int trial = 0; trial < 100; ++trial) {
        const Drawn d = draw(rng);
        const Evaluation a = evaluate(d.system, d.workload);
        const sim::SimEvaluation m = sim::simulate(d.system, d.workload, test::grid_sim_options());
        REQUIRE(a.points.size() == m.points.size());
        for (std::size_t i = 0; i < a.points.size(); ++i) {
            const PointMetrics& p = a.points[i];
            INFO(d.label << ", " << p.concurrency << " outstanding");
            REQUIRE(std::isfinite(p.mean_response_s));
            CHECK(p.mean_response_s > 0.0);
            CHECK_FALSE(p.saturated);
            const double rs = m.points[i].metrics.mean_response_s;
            const double err = 100.0 * (p.mean_response_s - rs) / rs;
            ++total;
            within10 += std::abs(err) <= 10.0;
            within25 += std::abs(err) <= 25.0;
            if (std::abs(err) > 25.0) {
                std::printf("%-70s %3d: analytic %9.3f ms, simulated %9.3f ms (%+.0f%%)\n",
                            d.label.c_str(), p.concurrency, p.mean_response_s * 1e3, rs * 1e3, err);
            }
        }
    }
    std::printf("random: %d points, %d within 10%%, %d within 25%%\n", total, within10, within25);
    // Now (stop 56): 300 points, 232 within 10%, 276 within 25%. Known off by more than 25%
    // (docs/model.md section 4, "Configurations drawn at random"): sequential streams that mix
    // reads and writes, 16 KiB streams (bistable in the simulator), md's bitmap with mixed
    // loads over 5% of the array at 16 outstanding (RAID 6 of four, 70% reads: -30%).
    CHECK(within25 >= 0.83 * total);
    CHECK(within10 >= 0.67 * total);
}
