// Reads served from a hardware RAID controller's cache (system/read_cache.h): the hit ratio of
// an LRU cache under uniformly random reads is the cached share of the working set, a stream
// hits only where its whole span fits, and the simulator, which keeps a real LRU list of
// blocks, agrees with the analytic model.
#include <catch2/catch.hpp>

#include <cmath>

#include "evaluate/evaluator.h"
#include "fixtures.h"
#include "layout/geometry.h"
#include "sim/simulator.h"
#include "system/read_cache.h"

using namespace raidadv;

namespace {

constexpr double MiB = 1024.0 * 1024.0;

/// RAID 5 of four 7200 rpm drives behind a caching RAID controller.
System caching_raid5(double cache_bytes) {
    return test::caching_raid(RaidLevel::Raid5, 4, cache_bytes);
}

/// Requests spread over `working_set` bytes of the volume.
Workload reads_over(double working_set, double bytes, double sequential, int outstanding,
                    const System& s) {
    Workload w = test::request_workload(bytes, 1.0, sequential, {outstanding});
    w.span_fraction = working_set / usable_bytes(s.layout, s.drive.capacity_bytes);
    return w;
}

sim::SimPoint simulate_point(const System& s, const Workload& w) {
    sim::SimOptions o;
    o.warmup_s = 1e4;       // until the cache is full: 40000 requests fill 16384 blocks
    o.warmup_jobs = 40000;  // with room to spare
    o.min_jobs_per_batch = 1000;
    return sim::simulate(s, w, o).points.at(0);
}

}  // namespace

TEST_CASE("Controller read cache: the hit ratio of LRU under random and sequential reads") {
    const System cached = caching_raid5(512 * MiB);
    CHECK(read_hit_ratio(cached, 1024 * MiB, false) == Approx(0.5));
    CHECK(read_hit_ratio(cached, 256 * MiB, false) == Approx(1.0));
    CHECK(read_hit_ratio(cached, 1024 * MiB, true) == 0.0);  // LRU evicts before the next pass
    CHECK(read_hit_ratio(cached, 256 * MiB, true) == 1.0);   // every pass after the first
    // No cache memory, or RAID on the host: nothing is served from a controller cache.
    CHECK(read_hit_ratio(caching_raid5(0.0), 1024 * MiB, false) == 0.0);
    System hba = cached;
    hba.controller.kind = ControllerKind::Hba;
    CHECK(read_hit_ratio(hba, 1024 * MiB, false) == 0.0);
    CHECK(working_set_bytes(cached, 0.5) == Approx(0.5 * 3 * 500e9));
}

SCENARIO("Random reads over twice the controller's cache: half never reach a drive") {
    GIVEN("RAID 5 of four drives, 64 MiB of cache, 4 KiB random reads over 128 MiB at QD 8") {
        const System cached = caching_raid5(64 * MiB);
        const System uncached = caching_raid5(0.0);
        const Workload w = reads_over(128 * MiB, 4096, 0.0, 8, cached);
        const PointMetrics with = evaluate(cached, w).points.at(0);
        const PointMetrics without = evaluate(uncached, w).points.at(0);
        INFO("IOPS with the cache " << with.iops << ", without " << without.iops);
        THEN("the drives see half the reads, so the array delivers about twice the IOPS") {
            CHECK(with.iops > 1.6 * without.iops);
            CHECK(with.iops < 2.2 * without.iops);
        }
        THEN("the simulator's LRU list misses about half and agrees with the model") {
            const sim::SimPoint p = simulate_point(cached, w);
            long long drive_reads = 0;
            for (const auto& d : p.disks) {
                drive_reads += d.reads;
            }
            const double miss =
                static_cast<double>(drive_reads) / static_cast<double>(p.os_requests);
            INFO("simulated: " << p.metrics.iops << " IOPS, " << p.metrics.mean_response_s * 1e3
                               << " ms, miss ratio " << miss);
            CHECK(miss == Approx(0.5).margin(0.05));
            CHECK(std::abs(with.iops - p.metrics.iops) <= 0.15 * p.metrics.iops);
            CHECK(std::abs(with.mean_response_s - p.metrics.mean_response_s) <=
                  0.15 * p.metrics.mean_response_s);
        }
    }
    GIVEN("a sequential stream over 32 MiB, which the 64 MiB cache holds whole") {
        const System cached = caching_raid5(64 * MiB);
        const Workload w = reads_over(32 * MiB, 65536, 1.0, 1, cached);
        const PointMetrics a = evaluate(cached, w).points.at(0);
        const sim::SimPoint p = simulate_point(cached, w);
        INFO("analytic " << a.mean_response_s * 1e6 << " us, simulated "
                         << p.metrics.mean_response_s * 1e6 << " us");
        THEN("every read after the first pass comes from the cache: no drive time at all") {
            // derived: 20 us of host, 1/100000 s of command and 64 KiB at 2 GB/s of controller,
            // 64 KiB over the 4 GB/s host link.
            const double expected = 20e-6 + 1e-5 + 65536 / 2e9 + 65536 / 4e9;
            CHECK(a.mean_response_s == Approx(expected).epsilon(0.01));
            CHECK(p.metrics.mean_response_s == Approx(expected).epsilon(0.05));
        }
    }
}
