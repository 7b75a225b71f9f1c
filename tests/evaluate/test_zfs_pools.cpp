// ZFS pools in the analytic model and the simulator: what OpenZFS's block handling implies
// (docs/model.md, "ZFS pools"), on the 7200 rpm disk fixture.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>

#include "evaluate/evaluator.h"
#include "fixtures.h"
#include "layout/geometry.h"
#include "sim/simulator.h"
#include "system/read_cache.h"

using namespace raidadv;

namespace {

constexpr double KiB = 1024.0;

PointMetrics at(const System& s, const Workload& w) {
    const Evaluation e = evaluate(s, w);
    REQUIRE(e.points.size() == 1);
    return e.points[0];
}

}  // namespace

SCENARIO("Small random reads on RAID-Z against mirrors (whole records)") {
    GIVEN("six drives, 4 KiB random reads, 16 in flight") {
        const Workload reads = test::request_workload(4 * KiB, 1.0, 0.0, {16});
        const double z2_big = at(test::zfs_pool(RaidLevel::Raidz2, 6, 1, 128 * KiB), reads).iops;
        const double z2_small = at(test::zfs_pool(RaidLevel::Raidz2, 6, 1, 4 * KiB), reads).iops;
        const double mirrors =
            at(test::zfs_pool(RaidLevel::ZfsMirror, 2, 3, 128 * KiB), reads).iops;
        const double z1_two = at(test::zfs_pool(RaidLevel::Raidz1, 3, 2, 128 * KiB), reads).iops;
        INFO("raidz2 128K " << z2_big << ", raidz2 4K " << z2_small << ", mirrors " << mirrors
                            << ", 2 x raidz1 " << z1_two << " IOPS");
        THEN("a 128 KiB-record raidz2 vdev reads 4 drives per request: mirrors do over 2x") {
            // derived: at saturation 6 drives against 6/4; at 16 in flight the raidz2 vdev is
            // saturated and the mirrors are not yet.
            CHECK(mirrors > 2.0 * z2_big);
        }
        THEN("4 KiB records read one drive each: raidz2 gains most of it back") {
            CHECK(z2_small > 2.0 * z2_big);
        }
        THEN("two raidz1 vdevs serve more than one raidz2 vdev of the same drives") {
            CHECK(z1_two > 1.4 * z2_big);
        }
    }
}

SCENARIO("Writes: copy on write, into memory") {
    GIVEN("a raidz2 vdev of 6 with 128 KiB records") {
        const System s = test::zfs_pool(RaidLevel::Raidz2, 6, 1, 128 * KiB);
        WHEN("a backup writes 1 MiB sequentially") {
            const PointMetrics p = at(s, test::request_workload(1024 * KiB, 0.0, 1.0, {1}));
            THEN("whole records stream to the drives at 4/6 of their write rate") {
                // derived: 6 drives writing sequentially, 2 of 6 sectors parity.
                const double media = 0.5 * (test::hdd_7200().hdd.media_rate_outer_Bps +
                                            test::hdd_7200().hdd.media_rate_inner_Bps);
                CHECK(p.mb_per_s * 1e6 > 0.6 * 4 * media);
                CHECK(p.mb_per_s * 1e6 < 1.05 * 4 * test::hdd_7200().hdd.media_rate_outer_Bps);
            }
        }
        WHEN("4 KiB random writes, one at a time") {
            const PointMetrics small = at(s, test::request_workload(4 * KiB, 0.0, 0.0, {1}));
            Workload records = test::request_workload(128 * KiB, 0.0, 0.0, {1});
            records.alignment_bytes = 128 * KiB;  // whole records
            const PointMetrics whole = at(s, records);
            THEN(
                "a partial record waits for its read (a random read of 4 drives); a whole one "
                "returns from memory") {
                CHECK(small.mean_response_s > 4e-3);
                CHECK(whole.mean_response_s < 1e-3);
            }
        }
    }
}

TEST_CASE("ZFS pools: analytic model within 25% of the simulator", "[sim][slow]") {
    struct Case {
        RaidLevel level;
        int per_vdev, vdevs;
        double record, bytes, read_fraction;
        int outstanding;
        double sequential = 0.0;
        /// Bound on analytic / simulated where the model is knowingly further off than 25%.
        double known_ratio = 0.0;
    };
    const Case cases[] = {
        {RaidLevel::Raidz2, 6, 1, 128 * KiB, 4 * KiB, 1.0, 8},
        {RaidLevel::Raidz1, 3, 2, 16 * KiB, 16 * KiB, 1.0, 16},
        {RaidLevel::ZfsMirror, 2, 3, 128 * KiB, 4 * KiB, 1.0, 8},
        // A 70/30 mix of partial records (16 KiB requests on 4 KiB alignment straddle two
        // records): the model is 25% fast against the simulator, not explained yet (the
        // simulator's reads of partial records and its destages share the drives' queues).
        {RaidLevel::Raidz2, 6, 1, 16 * KiB, 16 * KiB, 0.7, 16, 0.0, 1.3},
        {RaidLevel::ZfsMirror, 2, 2, 16 * KiB, 4 * KiB, 0.7, 8},
        {RaidLevel::Raidz2, 6, 1, 128 * KiB, 1024 * KiB, 1.0, 1, 1.0},
        {RaidLevel::Raidz2, 6, 1, 128 * KiB, 1024 * KiB, 0.0, 1, 1.0},
        // Several sequential streams (one per outstanding request): ZFS's prefetch keeps each
        // drive on one stream for a run of reads (the model's prefetch_run, the simulator's
        // prefetch reads).
        {RaidLevel::Raidz2, 6, 1, 128 * KiB, 1024 * KiB, 1.0, 4, 1.0},
        // One reader at QD 1 on a wide vdev (Louwrentius 2014's dd): the prefetch keeps every
        // child busy with aggregated reads (the model's zfs_prefetch_depth, the simulator's
        // batched prefetch); 8 KiB columns per record, so without aggregation the drives would
        // pay a command per column.
        {RaidLevel::Raidz2, 18, 1, 128 * KiB, 1024 * KiB, 1.0, 1, 1.0},
        // Mirrors: both keep a stream on one child (vdev_mirror.c's seek increment: the
        // model's hdd_plan, the simulator's zfs_mirror_choice; 0.42 before, when both
        // alternated records between the children). The model is still 0.69x the simulator:
        // the simulator's drives read a stream's prefetched records as 1 MiB aggregated
        // commands, the model's as one command per 128 KiB request (it aggregates within a
        // request only).
        {RaidLevel::ZfsMirror, 2, 2, 128 * KiB, 128 * KiB, 1.0, 8, 1.0, 1.6},
        // dRAID: a group's parity is whole 16 MiB rows of its children, which a stream seeks
        // past (the model's draid_read_sweep; the simulator places a group's records on the
        // same children, block_columns). Sequential reads and small random reads.
        {RaidLevel::Draid2, 5, 1, 1024 * KiB, 1024 * KiB, 1.0, 4, 1.0},
        {RaidLevel::Draid2, 8, 1, 128 * KiB, 4 * KiB, 1.0, 8},
    };
    sim::SimOptions o;
    o.min_jobs_per_batch = 200;
    o.warmup_jobs = 200;
    for (const Case& c : cases) {
        const System s = test::zfs_pool(c.level, c.per_vdev, c.vdevs, c.record);
        const Workload w =
            test::request_workload(c.bytes, c.read_fraction, c.sequential, {c.outstanding});
        const PointMetrics a = at(s, w);
        const sim::SimPoint p = sim::simulate(s, w, o).points.at(0);
        INFO(to_string(c.level) << " " << c.per_vdev << " x " << c.vdevs << ", record "
                                << c.record / KiB << " KiB, " << c.bytes / KiB << " KiB, reads "
                                << c.read_fraction << ", QD " << c.outstanding << ": analytic "
                                << a.iops << " IOPS " << a.mean_response_s * 1e3
                                << " ms, simulated " << p.metrics.iops << " IOPS "
                                << p.metrics.mean_response_s * 1e3 << " ms");
        const double ratio = a.iops / p.metrics.iops;
        std::printf("ZFS cross-check %s %d x %d, record %g KiB, %g KiB, reads %g, QD %d: %.2f\n",
                    std::string(to_string(c.level)).c_str(), c.per_vdev, c.vdevs, c.record / KiB,
                    c.bytes / KiB, c.read_fraction, c.outstanding, ratio);
        if (c.known_ratio > 0.0) {
            CHECK(ratio <= c.known_ratio);
            CHECK(ratio >= 1.0 / c.known_ratio);
        } else {
            CHECK(std::abs(ratio - 1.0) <= 0.25);
        }
    }
}

SCENARIO("dRAID's parity rows are seeked past, raidz's parity is passed over") {
    GIVEN("five drives as raidz2 and as draid2:3d:5c, 1 MiB records, 1 MiB sequential reads") {
        const Workload w = test::request_workload(1024 * KiB, 1.0, 1.0, {4});
        const System rz = test::zfs_pool(RaidLevel::Raidz2, 5, 1, 1024 * KiB);
        const System dr = test::zfs_pool(RaidLevel::Draid2, 5, 1, 1024 * KiB);
        const double a_rz = at(rz, w).mb_per_s;
        const double a_dr = at(dr, w).mb_per_s;
        INFO("analytic: raidz2 " << a_rz << " MB/s, draid2 " << a_dr << " MB/s");
        THEN("raidz2 reads 3 drives' worth: every child passes over 2 parity sectors in 5") {
            const double media = 0.5 * (test::hdd_7200().hdd.media_rate_outer_Bps +
                                        test::hdd_7200().hdd.media_rate_inner_Bps);
            CHECK(a_rz * 1e6 < 3.1 * media);
        }
        THEN("dRAID2 reads nearly all five: a seek and half a turn per 16 MiB parity row") {
            // derived: 1 + (2/3) x (seek + T/2) / (16 MiB at the media rate), about 1.05 on
            // the fixture, against raidz2's 5/3 (clemtibs 2025 measured 1.63x at fio, 1.8x at the
            // drives).
            CHECK(a_dr > 1.45 * a_rz);
            CHECK(a_dr < 5.0 / 3.0 * a_rz);
        }
        THEN("the simulator, which lays the records out so, agrees") {
            sim::SimOptions o;
            o.min_jobs_per_batch = 200;
            o.warmup_jobs = 200;
            const double s_rz = sim::simulate(rz, w, o).points.at(0).metrics.mb_per_s;
            const double s_dr = sim::simulate(dr, w, o).points.at(0).metrics.mb_per_s;
            INFO("simulated: raidz2 " << s_rz << " MB/s, draid2 " << s_dr << " MB/s");
            // dRAID within 15% of the model (0.91x at stop 43). The simulator's raidz2 reads
            // 1.4x the model's here (a 1 MiB record's 344 KiB parity column per child, which
            // its drives get past faster than passing over it; clemtibs' drives delivered 0.6x
            // the model's rate, the ARC the rest of fio's), so its dRAID gain is smaller: 1.26x
            // at stop 43.
            CHECK(std::abs(a_dr / s_dr - 1.0) < 0.15);
            CHECK(s_dr > 1.15 * s_rz);
        }
    }
}

SCENARIO("The ARC serves re-read records from host memory") {
    constexpr double GiB = 1024.0 * 1024.0 * 1024.0;
    GIVEN("OpenZFS 2.3's default ARC size") {
        System s = test::zfs_pool(RaidLevel::Raidz2, 6, 1, 128 * KiB);
        s.host.memory_bytes = 64 * GiB;
        THEN("64 GiB of RAM less 1 GiB (more than 5/8 of it)") {
            CHECK(read_cache_bytes(s) == Approx(63 * GiB));
        }
        s.host.memory_bytes = 2 * GiB;
        THEN("on 2 GiB, 5/8 of it") {
            CHECK(read_cache_bytes(s) == Approx(1.25 * GiB));
        }
        s.host.memory_bytes = 0.0;
        THEN("no RAM given, no ARC counted") {
            CHECK(read_cache_bytes(s) == 0.0);
        }
    }
    GIVEN("a raidz2 pool whose random reads cover twice the ARC") {
        System s = test::zfs_pool(RaidLevel::Raidz2, 6, 1, 128 * KiB);
        // A small host (64 MiB: ARC 40 MiB, 10,240 blocks of 4 KiB) so that the simulator's
        // LRU fills within its warm-up.
        s.host.memory_bytes = 64.0 * 1024 * 1024;
        s.host.per_request_overhead_s = 20e-6;
        Workload w = test::request_workload(4 * KiB, 1.0, 0.0, {8});
        w.span_fraction =
            2.0 * read_cache_bytes(s) / usable_bytes(s.layout, s.drive.capacity_bytes);
        const PointMetrics cached = at(s, w);
        System no_arc = s;
        no_arc.host.memory_bytes = 0.0;
        const PointMetrics cold = at(no_arc, w);
        THEN("half the reads hit: close to twice the reads per second of a cold pool") {
            INFO("ARC " << cached.iops << " IOPS, none " << cold.iops);
            CHECK(cached.iops > 1.6 * cold.iops);
            CHECK(cached.iops < 2.4 * cold.iops);
        }
        THEN("the simulator's LRU of blocks agrees within 25%") {
            sim::SimOptions o;
            o.warmup_s = 1e4;       // until the LRU is full (time would end the warm-up first)
            o.warmup_jobs = 40000;  // 10,240 blocks of 20,480, with room to spare
            o.min_jobs_per_batch = 1000;
            const sim::SimPoint p = sim::simulate(s, w, o).points.at(0);
            const sim::SimPoint p_cold = sim::simulate(no_arc, w, o).points.at(0);
            INFO("analytic " << cached.iops << " IOPS, simulated " << p.metrics.iops
                             << "; without the ARC analytic " << cold.iops << ", simulated "
                             << p_cold.metrics.iops);
            CHECK(std::abs(cached.iops / p.metrics.iops - 1.0) <= 0.25);
        }
    }
}
