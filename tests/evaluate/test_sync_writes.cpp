// Synchronous writes (Workload::sync_writes): what must reach stable storage before a write
// returns, on block RAID (the drives' caches, a protected controller cache) and on ZFS pools
// (the intent log: docs/model.md, "ZFS pools"), on the 7200 rpm disk fixture.
#include <catch2/catch.hpp>

#include <cmath>

#include "components/hdd_model.h"
#include "evaluate/evaluator.h"
#include "fixtures.h"
#include "layout/geometry.h"
#include "sim/simulator.h"
#include "system/stations.h"

using namespace raidadv;

namespace {

constexpr double KiB = 1024.0;

PointMetrics at(const System& s, const Workload& w) {
    const Evaluation e = evaluate(s, w);
    REQUIRE(e.points.size() == 1);
    return e.points[0];
}

Workload sync_writes(double bytes, std::vector<int> outstanding, double sequential = 0.0) {
    Workload w = test::request_workload(bytes, 0.0, sequential, std::move(outstanding));
    w.sync_writes = true;
    return w;
}

}  // namespace

TEST_CASE("ZIL log blocks: sizes from zfs_log.c and zil.c", "[sync][zfs]") {
    // A 4 KiB write copied into the log: chain (184) + record (192) + data, whole 4 KiB units.
    const ZilWrite small = zil_write(4 * KiB, 128 * KiB, false);
    CHECK_FALSE(small.indirect);
    CHECK(small.log_blocks == 1);
    CHECK(small.log_bytes == 8 * KiB);
    // 64 KiB on 128 KiB records: >= zfs_immediate_write_sz and >= half a record: indirect.
    const ZilWrite big = zil_write(64 * KiB, 128 * KiB, false);
    CHECK(big.indirect);
    CHECK(big.log_bytes == 4 * KiB);  // the record's block pointer only
    // The same write below half a 1 MiB record, or with a log device, is copied.
    CHECK_FALSE(zil_write(64 * KiB, 1024 * KiB, false).indirect);
    CHECK_FALSE(zil_write(64 * KiB, 128 * KiB, true).indirect);
    CHECK(zil_write(64 * KiB, 128 * KiB, true).log_bytes == 68 * KiB);
    // Larger than a log block (128 KiB): split across several.
    CHECK(zil_write(1024 * KiB, 128 * KiB, true).log_blocks == 9);
}

TEST_CASE("a ZIL block on raidz2 is a small raidz block before the data's write", "[sync][zfs]") {
    const System s = test::zfs_pool(RaidLevel::Raidz2, 6, 1, 128 * KiB);
    const Geometry g = make_geometry(s.layout);
    const ArrayRequest r = map_zfs_sync_write(g, 0.0, 4 * KiB, 0, 0);
    // the record's read (a partial record), the log block, the txg's write
    REQUIRE(r.phases.size() == 3);
    CHECK(r.phases[0].before_ack);
    const IoPhase& log = r.phases[1];
    CHECK(log.log_block);
    CHECK(log.stable);
    CHECK(log.before_ack);
    // 8 KiB = 2 data sectors + 2 parity sectors: 4 drives, one sector each.
    CHECK(log.ios.size() == 4);
    for (const DiskIo& io : log.ios) {
        CHECK(io.bytes == 4 * KiB);
    }
    CHECK(r.phases[2].allocated);
    CHECK_FALSE(r.phases[2].before_ack);  // the data itself still leaves with the txg
    // An indirect write writes its record now instead, stable, before the log block.
    const ArrayRequest big = map_zfs_sync_write(g, 0.0, 128 * KiB, 0, 0);
    REQUIRE(big.phases.size() == 2);
    CHECK(big.phases[0].allocated);
    CHECK(big.phases[0].before_ack);
    CHECK(big.phases[0].stable);
    CHECK(big.phases[1].log_block);
}

SCENARIO("Synchronous writes on a raidz2 pool of HDDs go through the ZIL") {
    GIVEN("a raidz2 vdev of 6 HDDs, 4 KiB writes, one at a time") {
        const System s = test::zfs_pool(RaidLevel::Raidz2, 6, 1, 128 * KiB);
        Workload async_w = test::request_workload(4 * KiB, 0.0, 1.0, {1});
        const PointMetrics async_p = at(s, async_w);
        const PointMetrics sync_p = at(s, sync_writes(4 * KiB, {1}, 1.0));
        INFO("async " << async_p.iops << " IOPS, sync " << sync_p.iops << " IOPS, "
                      << sync_p.mean_response_s * 1e3 << " ms");
        THEN("an asynchronous stream returns from memory, a synchronous one waits for disks") {
            CHECK(async_p.iops > 10.0 * sync_p.iops);
        }
        THEN("a synchronous write costs about a drive's write and flush: a revolution") {
            // derived: the log block follows the previous one on each drive it writes, which
            // has rotated on by the time the next commit comes: about one revolution per
            // commit, plus the commands (7200 rpm: 8.3 ms).
            const double rev = hdd_revolution_time(test::hdd_7200().hdd);
            CHECK(sync_p.mean_response_s > 0.9 * rev);
            CHECK(sync_p.mean_response_s < 2.0 * rev);
        }
    }
    GIVEN("16 writers at once") {
        const System s = test::zfs_pool(RaidLevel::Raidz2, 6, 1, 128 * KiB);
        const PointMetrics one = at(s, sync_writes(4 * KiB, {1}, 1.0));
        const PointMetrics many = at(s, sync_writes(4 * KiB, {16}, 1.0));
        INFO("1 writer " << one.iops << " IOPS, 16 writers " << many.iops << " IOPS, "
                         << many.mean_response_s * 1e3 << " ms");
        THEN("they share commits: throughput grows far beyond one commit per revolution") {
            CHECK(many.iops > 4.0 * one.iops);
            // and each still waits for about one log block (not 16 of them)
            CHECK(many.mean_response_s < 4.0 * one.mean_response_s);
        }
    }
}

SCENARIO("Synchronous writes on block RAID: the drives' caches do not acknowledge them") {
    GIVEN("md RAID 1 of two HDDs with their write caches on, 4 KiB random writes") {
        const System s = test::plain_system(test::hdd_7200(), RaidLevel::Raid1, 2);
        const PointMetrics async_p = at(s, test::request_workload(4 * KiB, 0.0, 0.0, {1}));
        const PointMetrics sync_p = at(s, sync_writes(4 * KiB, {1}));
        INFO("async " << async_p.mean_response_s * 1e3 << " ms, sync "
                      << sync_p.mean_response_s * 1e3 << " ms");
        THEN("a cached write returns at once, a synchronous one pays the positioning") {
            CHECK(sync_p.mean_response_s > 5.0 * async_p.mean_response_s);
            CHECK(sync_p.mean_response_s > 5e-3);
        }
        THEN("the same as with the drives' caches off") {
            System off = s;
            off.drive_write_cache = DriveWriteCache::Off;
            const PointMetrics through = at(off, test::request_workload(4 * KiB, 0.0, 0.0, {1}));
            CHECK(sync_p.mean_response_s == Approx(through.mean_response_s).epsilon(0.02));
        }
    }
}

SCENARIO("A separate log device (SLOG) against the ZIL in a pool of HDDs") {
    GIVEN("a raidz2 vdev of 6 HDDs, 4 KiB synchronous writes") {
        const System in_pool = test::zfs_pool(RaidLevel::Raidz2, 6, 1, 128 * KiB);
        System slog = in_pool;
        slog.log.drive = test::ssd_sata();
        slog.log.count = 1;
        System mirrored = slog;
        mirrored.log.count = 2;
        for (int writers : {1, 8}) {
            const Workload w = sync_writes(4 * KiB, {writers}, 1.0);
            const PointMetrics a = at(in_pool, w);
            const PointMetrics b = at(slog, w);
            const PointMetrics c = at(mirrored, w);
            INFO(writers << " writers: in the pool " << a.iops << " IOPS, SLOG " << b.iops
                         << " IOPS (" << b.mean_response_s * 1e3 << " ms), mirrored SLOG "
                         << c.iops);
            // the SSD log is many times faster than log blocks on the HDDs
            CHECK(b.iops > 5.0 * a.iops);
            CHECK(b.utilization.count(kLogDevice) == 1);
            CHECK(a.utilization.count(kLogDevice) == 0);
            // a mirrored log writes both devices at once: about as fast
            CHECK(c.iops == Approx(b.iops).epsilon(0.2));
        }
    }
    GIVEN("asynchronous writes") {
        System slog = test::zfs_pool(RaidLevel::Raidz2, 6, 1, 128 * KiB);
        const Workload w = test::request_workload(4 * KiB, 0.0, 1.0, {1});
        const double without = at(slog, w).iops;
        slog.log.drive = test::ssd_sata();
        slog.log.count = 1;
        THEN("the log device is not used") {
            CHECK(at(slog, w).iops == Approx(without));
        }
    }
}

SCENARIO("A protected controller cache acknowledges synchronous writes") {
    GIVEN("hardware RAID 5 with a battery-backed write-back cache") {
        System s = test::plain_system(test::hdd_7200(), RaidLevel::Raid5, 4);
        s.controller.kind = ControllerKind::HardwareRaid;
        s.controller.cache_bytes = 512.0 * 1024 * 1024;
        s.write_back_cache = true;
        s.controller.battery_backed = true;
        const Workload w = sync_writes(4 * KiB, {1});
        const PointMetrics safe = at(s, w);
        Workload async_w = w;
        async_w.sync_writes = false;
        const PointMetrics async_p = at(s, async_w);
        s.controller.battery_backed = false;
        const PointMetrics unsafe = at(s, w);
        INFO("battery-backed " << safe.mean_response_s * 1e3 << " ms, volatile "
                               << unsafe.mean_response_s * 1e3 << " ms");
        THEN("with the battery it costs what an asynchronous write costs; without, more") {
            CHECK(safe.mean_response_s == Approx(async_p.mean_response_s));
            CHECK(unsafe.mean_response_s > 2.0 * safe.mean_response_s);
        }
    }
}

TEST_CASE("synchronous writes on block RAID: model within 25% of the simulator", "[sim][slow]") {
    sim::SimOptions o;
    o.min_jobs_per_batch = 200;
    o.warmup_jobs = 200;
    for (int depth : {1, 8}) {
        const System s = test::plain_system(test::hdd_7200(), RaidLevel::Raid1, 2);
        const Workload w = sync_writes(4 * KiB, {depth});
        const PointMetrics a = at(s, w);
        const sim::SimPoint p = sim::simulate(s, w, o).points.at(0);
        INFO("QD " << depth << ": analytic " << a.iops << " IOPS, simulated " << p.metrics.iops);
        CHECK(std::abs(a.iops / p.metrics.iops - 1.0) <= 0.25);
    }
}
