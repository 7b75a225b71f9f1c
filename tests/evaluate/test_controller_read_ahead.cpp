// A hardware RAID controller's read-ahead (system/read_cache.h, controller_reads_ahead): the
// policy (adaptive, always, none), reading on to the end of the row into the cache, and the
// simulator, which fetches rows and serves the stream's next requests from them, against the
// analytic model.
#include <catch2/catch.hpp>

#include <cmath>

#include "evaluate/evaluator.h"
#include "fixtures.h"
#include "sim/simulator.h"
#include "system/read_cache.h"

using namespace raidadv;

namespace {

constexpr double KiB = 1024.0;
constexpr double MiB = 1024.0 * KiB;

/// RAID 5 of four 7200 rpm drives (64 KiB units: rows of 192 KiB) behind a controller with
/// 512 MiB of cache and the given read policy.
System reading_ahead(ControllerReadAhead policy) {
    System s = test::caching_raid(RaidLevel::Raid5, 4, 512 * MiB);
    s.controller_read_ahead = policy;
    return s;
}

/// One stream over the first 1% of the volume (the simulator's stream stays in the outer
/// zone for the time it runs; so does the model's over that span).
Workload stream_of(double bytes, std::vector<int> outstanding) {
    Workload w = test::request_workload(bytes, 1.0, 1.0, std::move(outstanding));
    w.streams = 1;
    w.span_fraction = 0.01;
    return w;
}

sim::SimPoint simulate_point(const System& s, const Workload& w, std::size_t i) {
    sim::SimOptions o;
    o.min_jobs_per_batch = 4000;
    return sim::simulate(s, w, o).points.at(i);
}

}  // namespace

TEST_CASE("Controller read-ahead: which reads it serves") {
    const System adaptive = reading_ahead(ControllerReadAhead::Adaptive);
    const Workload w = stream_of(16 * KiB, {1});
    CHECK(read_ahead_row_bytes(adaptive) == 192 * KiB);
    // Adaptive (the default): sequential reads only.
    CHECK(adaptive.controller_read_ahead == System{}.controller_read_ahead);
    CHECK(controller_reads_ahead(adaptive, w, 16 * KiB, true));
    CHECK_FALSE(controller_reads_ahead(adaptive, w, 16 * KiB, false));
    // Always: random reads too; none: never.
    CHECK(controller_reads_ahead(reading_ahead(ControllerReadAhead::Always), w, 16 * KiB, false));
    CHECK_FALSE(
        controller_reads_ahead(reading_ahead(ControllerReadAhead::None), w, 16 * KiB, true));
    // A request of a row or more reads whole rows anyway; no cache memory, an HBA, whole files:
    // no read-ahead.
    CHECK_FALSE(controller_reads_ahead(adaptive, w, 192 * KiB, true));
    CHECK_FALSE(
        controller_reads_ahead(test::caching_raid(RaidLevel::Raid5, 4, 0.0), w, 16 * KiB, true));
    System hba = adaptive;
    hba.controller.kind = ControllerKind::Hba;
    CHECK_FALSE(controller_reads_ahead(hba, w, 16 * KiB, true));
    Workload files = w;
    files.unit = Workload::Unit::File;
    CHECK_FALSE(controller_reads_ahead(adaptive, files, 16 * KiB, true));
}

SCENARIO("A stream of 16 KiB reads behind a controller that reads ahead to the row's end") {
    GIVEN("RAID 5 of four drives, rows of 192 KiB: 12 requests a row") {
        const Workload w = stream_of(16 * KiB, {1, 32});
        const Evaluation ahead = evaluate(reading_ahead(ControllerReadAhead::Adaptive), w);
        const Evaluation none = evaluate(reading_ahead(ControllerReadAhead::None), w);
        THEN(
            "one at a time, the row's first request reads the row and 11 find it in the cache: "
            "well over twice the rate without read-ahead") {
            INFO("read-ahead " << ahead.points[0].iops << " IOPS, none " << none.points[0].iops);
            CHECK(ahead.points[0].iops > 2.0 * none.points[0].iops);
        }
        THEN(
            "the simulator, fetching rows and serving the stream from them, agrees within 10% "
            "at one and at 32 outstanding") {
            for (std::size_t i = 0; i < 2; ++i) {
                const sim::SimPoint p =
                    simulate_point(reading_ahead(ControllerReadAhead::Adaptive), w, i);
                INFO(w.concurrency[i] << " outstanding: analytic " << ahead.points[i].iops
                                      << " IOPS, simulated " << p.metrics.iops);
                CHECK(std::abs(ahead.points[i].iops - p.metrics.iops) <= 0.1 * p.metrics.iops);
            }
        }
    }
}

SCENARIO("Read-ahead on every read makes random reads read the rest of their row") {
    GIVEN("4 KiB random reads on the same RAID 5, policy 'always' against 'none'") {
        const Workload w = test::request_workload(4 * KiB, 1.0, 0.0, {1, 16});
        const Evaluation always = evaluate(reading_ahead(ControllerReadAhead::Always), w);
        const Evaluation none = evaluate(reading_ahead(ControllerReadAhead::None), w);
        THEN("they are slower (more drives, more bytes each), and the simulator agrees") {
            for (std::size_t i = 0; i < 2; ++i) {
                const sim::SimPoint p =
                    simulate_point(reading_ahead(ControllerReadAhead::Always), w, i);
                INFO(w.concurrency[i] << " outstanding: always " << always.points[i].iops
                                      << " IOPS, none " << none.points[i].iops << ", simulated "
                                      << p.metrics.iops);
                CHECK(always.points[i].iops < none.points[i].iops);
                CHECK(std::abs(always.points[i].iops - p.metrics.iops) <= 0.15 * p.metrics.iops);
            }
        }
    }
}
