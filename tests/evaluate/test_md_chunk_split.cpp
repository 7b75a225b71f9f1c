// Linux md hands the block layer a request in pieces: raid0.c (raid0_make_request) and raid10.c
// split a bio at every chunk boundary and submit each piece on its own, one per copy; raid1.c
// does not split; raid5.c handles a stripe through its stripe cache in 4 KiB pages. The block
// layer merges the pieces again, so the drives see the merged I/Os, but md's per-I/O CPU work
// is paid per piece (controller `chunk_split`). That work runs in the thread that submitted the
// request, so a workload's `threads` bound how many cores do it at once.
#include <catch2/catch.hpp>

#include <cmath>

#include "evaluate/evaluator.h"
#include "fixtures.h"
#include "layout/geometry.h"
#include "sim/simulator.h"
#include "system/raid_software.h"
#include "system/stations.h"

using namespace raidadv;

namespace {

constexpr double KiB = 1024.0;
constexpr double MiB = 1024.0 * 1024.0;

double pieces(const ArrayRequest& r) {
    double n = 0.0;
    for (const IoPhase& p : r.phases) {
        n += p.pieces;
    }
    return n;
}

std::size_t ios(const ArrayRequest& r) {
    std::size_t n = 0;
    for (const IoPhase& p : r.phases) {
        n += p.ios.size();
    }
    return n;
}

Geometry geometry(RaidLevel level, int drives, double chunk) {
    Layout l;
    l.level = level;
    l.drives = drives;
    l.stripe_unit_bytes = chunk;
    return make_geometry(l);
}

/// A PCIe 4.0 NVMe drive with round figures (datasheet class of a 2021 TLC drive).
DriveSpec nvme() {
    DriveSpec d = test::ssd_sata();
    d.info.name = "test NVMe";
    d.ssd.read_latency_s = 60e-6;
    d.ssd.write_latency_s = 20e-6;
    d.ssd.seq_read_Bps = 7e9;
    d.ssd.seq_write_Bps = 5e9;
    d.ssd.random_read_iops = 1e6;
    d.ssd.random_write_iops = 6e5;
    return d;
}

/// md RAID 0 of four NVMe drives on CPU lanes, Linux costs of the catalog's 2024 server.
System md_raid0(double chunk, bool chunk_split) {
    System s = test::plain_system(nvme(), RaidLevel::Raid0, 4);
    s.layout.stripe_unit_bytes = chunk;
    s.controller.chunk_split = chunk_split;
    s.controller.max_iops = 5e7;
    s.controller.max_bandwidth_Bps = 4e11;
    s.drive_link.bandwidth_Bps = 7.88e9;  // PCIe 4.0 x4
    s.host_link.bandwidth_Bps = 4e11;
    s.host.cpu_cores = 8;
    s.host.per_request_overhead_s = 8e-6;
    s.host.raid_cpu_per_io_s = 3e-6;
    return s;
}

}  // namespace

TEST_CASE(
    "md pieces: a chunk piece per copy, a 4 KiB page in parity rows, one bio per raid1 copy") {
    const Geometry raid0 = geometry(RaidLevel::Raid0, 4, 4 * KiB);
    const ArrayRequest large = map_read(raid0, 0.0, MiB);
    CHECK(ios(large) == 4);  // merged: one I/O per drive
    CHECK(pieces(large) == Approx(256));
    // 2 KiB into a chunk, 8 KiB long: 2 + 4 + 2 KiB.
    CHECK(pieces(map_read(raid0, 2 * KiB, 8 * KiB)) == Approx(3));

    const Geometry raid10 = geometry(RaidLevel::Raid10, 4, 64 * KiB);
    const ArrayRequest write10 = map_write(raid10, 0.0, 256 * KiB);
    CHECK(ios(write10) == 4);
    CHECK(pieces(write10) == Approx(8));  // 4 chunks, 2 copies each

    const Geometry raid1 = geometry(RaidLevel::Raid1, 2, 64 * KiB);
    CHECK(pieces(map_write(raid1, 0.0, MiB)) == Approx(2));
    CHECK(pieces(map_read(raid1, 0.0, MiB)) == Approx(1));

    const Geometry raid5 = geometry(RaidLevel::Raid5, 4, 64 * KiB);
    // Read-modify-write of one page: read data and parity, write both.
    const ArrayRequest small = map_write(raid5, 0.0, 4 * KiB);
    CHECK(ios(small) == 4);
    CHECK(pieces(small) == Approx(4));
    // A full stripe: 3 data chunks and parity, 16 pages each.
    CHECK(pieces(map_write(raid5, 0.0, 3 * 64 * KiB)) == Approx(64));
}

SCENARIO("md RAID 0 of NVMe drives: every chunk piece costs md's per-I/O CPU") {
    GIVEN("one stream of 1 MiB sequential reads, one request in flight") {
        const Workload w = test::request_workload(MiB, 1.0, 1.0, {1});
        const double small_md = evaluate(md_raid0(4 * KiB, true), w).points.at(0).mean_response_s;
        const double large_md = evaluate(md_raid0(512 * KiB, true), w).points.at(0).mean_response_s;
        const double small_merged =
            evaluate(md_raid0(4 * KiB, false), w).points.at(0).mean_response_s;
        const double large_merged =
            evaluate(md_raid0(512 * KiB, false), w).points.at(0).mean_response_s;
        INFO("4 KiB chunk " << small_md * 1e6 << " us, 512 KiB " << large_md * 1e6
                            << " us; merged: " << small_merged * 1e6 << ", " << large_merged * 1e6);
        THEN("the 4 KiB chunk pays 256 pieces instead of 4 merged I/Os, on the request's path") {
            CHECK(small_md - small_merged == Approx(252 * 3e-6).epsilon(0.02));
        }
        THEN("so a small chunk is slower than md's default, where nothing splits it is faster") {
            CHECK(small_md > 2.0 * large_md);
            // Merged, the 4 KiB chunk spreads the MiB over four drives, 512 KiB over two; with the
            // drives reading the stream ahead (ssd_reads_ahead) the transfers decide.
            CHECK(small_merged < large_merged);
        }
        THEN("the simulator pays the same pieces") {
            sim::SimOptions o;
            o.min_jobs_per_batch = 200;
            o.warmup_jobs = 200;
            const double simulated =
                sim::simulate(md_raid0(4 * KiB, true), w, o).points.at(0).metrics.mean_response_s;
            INFO("simulated " << simulated * 1e6 << " us");
            CHECK(std::abs(small_md - simulated) <= 0.15 * simulated);
        }
    }
}

SCENARIO("the CPU work of the requests runs on at most the workload's threads") {
    GIVEN("4 KiB random reads, 256 in flight, on md RAID 0 of four NVMe drives") {
        Workload w = test::request_workload(4 * KiB, 1.0, 0.0, {256});
        const System s = md_raid0(64 * KiB, true);
        // derived: each request costs the OS path and one md piece, 8 + 3 us of one core.
        const double cpu_s = 11e-6;
        w.threads = 1;
        const double one = evaluate(s, w).points.at(0).iops;
        w.threads = 4;
        const double four = evaluate(s, w).points.at(0).iops;
        w.threads = 0;  // one per request in flight: all 8 cores
        const double all = evaluate(s, w).points.at(0).iops;
        INFO("IOPS with 1 thread " << one << ", 4 threads " << four << ", any " << all);
        THEN("one thread saturates one core, four threads four") {
            CHECK(one == Approx(1.0 / cpu_s).epsilon(0.02));
            CHECK(four == Approx(4.0 / cpu_s).epsilon(0.05));
            CHECK(all > 1.8 * four);
        }
        THEN("the simulator is bound by the same core") {
            w.threads = 1;
            sim::SimOptions o;
            o.min_jobs_per_batch = 2000;
            o.warmup_jobs = 2000;
            const double simulated = sim::simulate(s, w, o).points.at(0).metrics.iops;
            CHECK(simulated == Approx(one).epsilon(0.05));
        }
    }
}

TEST_CASE(
    "Which RAID is Linux md: the controller says so on a host that may run md, or a plain HBA on "
    "an md host") {
    System s = md_raid0(64 * KiB, false);
    s.host.raid_software = "md,zfs,btrfs,lvm";
    CHECK(linux_md(s));  // an HBA without levels of its own: the host builds the RAID with md
    s.host.raid_software = "storage-spaces,intel-rst";
    CHECK_FALSE(linux_md(s));
    s.host.raid_software = "zfs,md";  // the last name of the list
    CHECK(linux_md(s));
    for (const char* other : {"", "mdx,zfs", "zfs,xmd", "zfs,"}) {  // whole names only
        s.host.raid_software = other;
        CHECK_FALSE(linux_md(s));
    }
    s.controller.chunk_split = true;  // linux-md itself, or NVMe on CPU lanes
    s.host.raid_software = "";        // not stated: md, as the row says
    CHECK(linux_md(s));
    s.host.raid_software = "md,zfs,btrfs,lvm";
    CHECK(linux_md(s));
    // A Windows host runs no md: the same ports carry Storage Spaces' RAID (the search offers
    // linux-md itself nowhere there: is_md_software).
    s.host.raid_software = "storage-spaces,intel-rst";
    CHECK_FALSE(linux_md(s));
    s.controller.chunk_split = false;
    s.host.raid_software = "synology-shr,md,btrfs";
    CHECK(linux_md(s));
    s.controller.levels = "0,1,01,5";  // the HBA's own volume manager (Hauser's SSA)
    CHECK_FALSE(linux_md(s));
    s.controller.levels.clear();
    s.controller.kind = ControllerKind::HardwareRaid;
    CHECK_FALSE(linux_md(s));
}

SCENARIO("md RAID 5 writes queue for its one stripe thread") {
    GIVEN("md RAID 5 of four NVMe drives, 4 KiB random writes, 64 in flight, CPU to spare") {
        System s = md_raid0(64 * KiB, true);
        s.layout.level = RaidLevel::Raid5;
        s.host.parity_cpu_Bps = 8e9;
        const Workload w = test::request_workload(4 * KiB, 0.0, 0.0, {64});
        // derived: a read-modify-write of one page is 4 pages (read data and parity, write
        // both) of md's stripe work, plus the XOR of its parity input, all in raid5d.
        const ArrayRequest rmw = map_write(make_geometry(s.layout), 0.0, 4 * KiB);
        const double thread_s = 4 * 3e-6 + rmw.parity_bytes / 8e9;
        const PointMetrics a = evaluate(s, w).points.at(0);
        INFO("analytic " << a.iops << " IOPS, bottleneck " << a.bottleneck);
        THEN("the thread, not the drives or the 8 cores, limits the array") {
            CHECK(a.bottleneck == kRaidThread);
            CHECK(a.iops == Approx(1.0 / thread_s).epsilon(0.03));
        }
        THEN("the simulator's thread limits it alike") {
            sim::SimOptions o;
            o.min_jobs_per_batch = 2000;
            o.warmup_jobs = 2000;
            const sim::SimPoint p = sim::simulate(s, w, o).points.at(0);
            INFO("simulated " << p.metrics.iops << " IOPS, bottleneck " << p.metrics.bottleneck);
            CHECK(p.metrics.bottleneck == kRaidThread);
            CHECK(p.metrics.iops == Approx(a.iops).epsilon(0.05));
        }
    }
}
