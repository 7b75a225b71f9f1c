// How many writes a drive's write cache holds (issue 24, "drive write cache depth": from one in
// old drives to hundreds). A drive that keeps only the last write command (Fujitsu MHK2120AT
// product manual 6.6) cannot choose the quickest of several buffered writes: each destage is a
// random write, and the next write waits for it. The window by hand, and the model against the
// simulator.
#include <catch2/catch.hpp>

#include <cmath>

#include "components/hdd_model.h"
#include "evaluate/evaluator.h"
#include "fixtures.h"
#include "sim/simulator.h"

using namespace raidadv;

namespace {

System single_drive(int write_cache_writes) {
    DriveSpec d = test::hdd_7200();
    d.hdd.write_cache_writes = write_cache_writes;
    System s = test::plain_system(d, RaidLevel::Simple, 1);
    s.drive_write_cache = DriveWriteCache::On;
    return s;
}

}  // namespace

TEST_CASE("The write cache's window: its bytes, bounded by the writes the drive holds") {
    HddSpec h = test::hdd_7200().hdd;
    h.cache_bytes = 8.0 * 1024 * 1024;
    CHECK(hdd_max_buffered_writes(h) == kMaxBufferedWrites);       // not given
    CHECK(hdd_write_cache_window(h, 4096) == kMaxBufferedWrites);  // 2,048 fit, 512 at most
    CHECK(hdd_write_cache_window(h, 65536) == 128);                // the bytes bound
    h.write_cache_writes = 1;
    CHECK(hdd_max_buffered_writes(h) == 1);
    CHECK(hdd_write_cache_window(h, 4096) == 1);
    h.write_cache_writes = 64;
    CHECK(hdd_write_cache_window(h, 4096) == 64);
    CHECK(hdd_write_cache_window(h, 262144) == 32);  // fewer fit than it would hold
    h.write_cache_writes = 100000;                   // beyond the bound the simulator searches
    CHECK(hdd_max_buffered_writes(h) == kMaxBufferedWrites);
}

TEST_CASE(
    "A drive that keeps one write: random writes near its random reads, model and simulator") {
    const Workload w = test::request_workload(4096, 0.0, 0.0, {1, 4, 16});
    const Workload r = test::request_workload(4096, 1.0, 0.0, {1, 4, 16});
    const Evaluation one = evaluate(single_drive(1), w);
    const Evaluation many = evaluate(single_drive(0), w);
    const Evaluation reads = evaluate(single_drive(1), r);
    sim::SimOptions o;
    o.min_jobs_per_batch = 4000;
    const sim::SimEvaluation sim_one = sim::simulate(single_drive(1), w, o);
    for (std::size_t i = 0; i < one.points.size(); ++i) {
        const PointMetrics& a = one.points[i];
        const PointMetrics& s = sim_one.points[i].metrics;
        INFO(a.concurrency << " outstanding: one write held " << a.iops << " IOPS ("
                           << a.mean_response_s * 1e3 << " ms), simulated " << s.iops << " ("
                           << s.mean_response_s * 1e3 << " ms); 512 held " << many.points[i].iops
                           << "; reads " << reads.points[i].iops);
        // The model agrees with the simulator.
        CHECK(std::abs(a.iops - s.iops) <= 0.15 * s.iops);
        CHECK(std::abs(a.mean_response_s - s.mean_response_s) <= 0.15 * s.mean_response_s);
        // With one write held there is nothing to choose among: a write costs about a random
        // write's positioning, the drive's queue (its reads' reordering) left aside.
        CHECK(a.iops < 0.6 * many.points[i].iops);
    }
    // At one outstanding a held write is a random write the host does not wait for, but the
    // next one waits for it: about a random read's rate (write settle and overhead aside).
    CHECK(one.points[0].iops == Approx(reads.points[0].iops).epsilon(0.25));
}
