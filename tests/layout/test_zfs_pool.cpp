// ZFS pools: allocation per block, usable space, failures tolerated and the disk I/Os of reads
// and writes, each against a hand calculation from OpenZFS's rules (layout/zfs_pool.h).
#include <catch2/catch.hpp>
#include <cmath>
#include <set>

#include "layout/geometry.h"
#include "layout/zfs_pool.h"

using namespace raidadv;

namespace {

constexpr double KiB = 1024.0;
constexpr double MiB = 1024.0 * KiB;
constexpr double GiB = 1024.0 * MiB;

/// `per_vdev` drives in each of `vdevs` vdevs (Layout::drives holds the pool's).
Layout pool(RaidLevel level, int per_vdev, int vdevs = 1, double record = 128 * KiB,
            int ashift = 12) {
    Layout l;
    l.level = level;
    l.drives = per_vdev * vdevs;
    l.vdevs = vdevs;
    l.record_bytes = record;
    l.ashift = ashift;
    return l;
}

int count(const IoPhase& p, bool write) {
    int n = 0;
    for (const auto& io : p.ios) {
        n += io.write == write ? 1 : 0;
    }
    return n;
}

double bytes(const IoPhase& p) {
    double b = 0.0;
    for (const auto& io : p.ios) {
        b += io.bytes;
    }
    return b;
}

}  // namespace

SCENARIO("RAID-Z allocation: data sectors, parity per row, padding to parity + 1") {
    GIVEN("vdev_raidz_asize worked by hand") {
        THEN("raidz2 of 5 at 16 KiB, ashift 12: 4 data + 4 parity, padded to 9") {
            const ZfsPool p = make_zfs_pool(pool(RaidLevel::Raidz2, 5, 1, 16 * KiB));
            CHECK(zfs_asize_sectors(p, 16 * KiB) == 9.0);
            CHECK(zfs_data_share(p, 16 * KiB) == Approx(4.0 / 9.0));
        }
        THEN("raidz1 of 5 at 128 KiB: 32 data + 8 parity = 40, no padding: 80%") {
            const ZfsPool p = make_zfs_pool(pool(RaidLevel::Raidz1, 5));
            CHECK(zfs_asize_sectors(p, 128 * KiB) == 40.0);
            CHECK(zfs_data_share(p, 128 * KiB) == Approx(0.8));
        }
        THEN("raidz2 of 10 at 128 KiB: 32 + 8 = 40, padded to 42, not the 80% of 8 of 10") {
            const ZfsPool p = make_zfs_pool(pool(RaidLevel::Raidz2, 10));
            CHECK(zfs_asize_sectors(p, 128 * KiB) == 42.0);
            CHECK(zfs_data_share(p, 128 * KiB) == Approx(32.0 / 42.0));
        }
        THEN("a one-sector block on raidz3 costs parity + 1 sectors whatever the width") {
            for (int width : {4, 8, 12}) {
                const ZfsPool p = make_zfs_pool(pool(RaidLevel::Raidz3, width, 1, 4 * KiB));
                CHECK(zfs_asize_sectors(p, 4 * KiB) == 4.0);
            }
        }
        THEN("ashift 9 makes the same 16 KiB block 32 sectors of 512 bytes") {
            const ZfsPool p = make_zfs_pool(pool(RaidLevel::Raidz2, 5, 1, 16 * KiB, 9));
            // 32 + 2 x ceil(32/3) = 32 + 22 = 54, a multiple of 3 already.
            CHECK(zfs_asize_sectors(p, 16 * KiB) == 54.0);
        }
    }
}

SCENARIO("dRAID allocation: whole rows of the redundancy group") {
    GIVEN("draid2 of 16 children, 8 data disks per group, 1 spare") {
        Layout l = pool(RaidLevel::Draid2, 16);
        l.draid_data = 8;
        l.draid_spares = 1;
        const ZfsPool p = make_zfs_pool(l);
        THEN("128 KiB: 32 sectors in 4 rows of 8 + 2 = 40 sectors") {
            CHECK(zfs_asize_sectors(p, 128 * KiB) == 40.0);
        }
        THEN("16 KiB: 4 sectors still take a whole row of 10 (vdev_draid_asize)") {
            CHECK(zfs_asize_sectors(p, 16 * KiB) == 10.0);
            CHECK(zfs_data_share(p, 16 * KiB) == Approx(0.4));
        }
    }
    THEN("zpool's default data disks: min(children - spares - parity, 8)") {
        CHECK(default_draid_data(24, 2, 2) == 8);
        CHECK(default_draid_data(7, 2, 1) == 4);
        CHECK(make_zfs_pool(pool(RaidLevel::Draid1, 6)).draid_data == 5);
    }
}

SCENARIO("Usable space of a pool") {
    const double drive = 10e12;              // a 10 TB drive
    const double child = drive - 4.5 * MiB;  // vdev labels and boot block
    GIVEN("raidz2 of 6 x 10 TB, 128 KiB records") {
        const ZfsSpace s = zfs_space(pool(RaidLevel::Raidz2, 6), drive);
        const double dspace = 6 * child * 2.0 / 3.0;
        THEN("2/3 of it holds data, less a slop of 128 GiB (1/32 would be more)") {
            CHECK(s.raw_bytes == Approx(60e12));
            CHECK(s.slop_bytes == Approx(128 * GiB));
            CHECK(s.usable_bytes == Approx(dspace - 128 * GiB));
            CHECK(s.reported_bytes == Approx(s.usable_bytes));
        }
    }
    GIVEN("the same pool with 16 KiB records") {
        const ZfsSpace s = zfs_space(pool(RaidLevel::Raidz2, 6, 1, 16 * KiB), drive);
        THEN(
            "on 6 drives 16 KiB records keep 4 of 6 sectors, as 128 KiB ones do: zfs list is "
            "right") {
            // 16 KiB: 4 data + 2 x ceil(4/4) = 6 parity-and-data sectors, padded to 6: 4/6.
            CHECK(zfs_data_share(make_zfs_pool(pool(RaidLevel::Raidz2, 6, 1, 16 * KiB)),
                                 16 * KiB) == Approx(4.0 / 6.0));
            CHECK(s.usable_bytes == Approx(s.reported_bytes));
        }
        AND_THEN("on 5 drives the same records keep 4 of 9: a third less than zfs list says") {
            const ZfsSpace f = zfs_space(pool(RaidLevel::Raidz2, 5, 1, 16 * KiB), drive);
            // 128 KiB on 5 drives: 32 + 2 x 11 = 54 sectors, a multiple of 3: 32/54.
            CHECK(f.usable_bytes == Approx(f.reported_bytes * (4.0 / 9.0) / (32.0 / 54.0)));
        }
    }
    GIVEN("mirrors: 3 vdevs of 2 x 1 TB") {
        const ZfsSpace s = zfs_space(pool(RaidLevel::ZfsMirror, 2, 3), 1e12);
        THEN("one drive per vdev, less 1/32 slop (under the 128 GiB cap)") {
            const double dspace = 3 * (1e12 - 4.5 * MiB);
            CHECK(s.usable_bytes == Approx(dspace * 31.0 / 32.0));
            CHECK(usable_bytes(pool(RaidLevel::ZfsMirror, 2, 3), 1e12) == Approx(s.usable_bytes));
            CHECK(data_drive_equivalents(pool(RaidLevel::ZfsMirror, 2, 3)) == 3.0);
        }
    }
    GIVEN("a tiny pool: 2 x 1 GiB mirror") {
        const ZfsSpace s = zfs_space(pool(RaidLevel::ZfsMirror, 2), 1 * GiB);
        THEN("the slop is at least 128 MiB") {
            CHECK(s.slop_bytes == Approx(128 * MiB));
        }
    }
    GIVEN("dRAID spares hold no data") {
        Layout l = pool(RaidLevel::Draid1, 10);
        l.draid_data = 4;
        l.draid_spares = 2;
        const ZfsSpace s = zfs_space(l, drive);
        THEN("8 children hold rows of 4 data + 1 parity") {
            CHECK(s.allocatable == Approx(8 * child));
            CHECK(s.usable_bytes == Approx(8 * child * 0.8 - 128 * GiB));
        }
    }
}

TEST_CASE("Failures tolerated per vdev") {
    CHECK(failures_tolerated(pool(RaidLevel::ZfsMirror, 3, 2)) == 2);
    CHECK(failures_tolerated(pool(RaidLevel::Raidz1, 5)) == 1);
    CHECK(failures_tolerated(pool(RaidLevel::Raidz2, 6, 2)) == 2);
    CHECK(failures_tolerated(pool(RaidLevel::Raidz3, 9)) == 3);
    CHECK(failures_tolerated(pool(RaidLevel::Draid2, 12)) == 2);
}

TEST_CASE("ZFS layout rules name the key") {
    CHECK(zfs_layout_problem(pool(RaidLevel::Raidz2, 6)).empty());
    CHECK(zfs_layout_problem(pool(RaidLevel::Raidz2, 2)).key == "drives");
    CHECK(zfs_layout_problem(pool(RaidLevel::Raidz2, 3)).empty());  // parity + 1
    CHECK(zfs_layout_problem(pool(RaidLevel::ZfsMirror, 1)).key == "drives");
    CHECK(zfs_layout_problem(pool(RaidLevel::Raidz1, 4, 1, 96 * KiB)).key == "recordsize");
    CHECK(zfs_layout_problem(pool(RaidLevel::Raidz1, 4, 1, 32 * MiB)).key == "recordsize");
    CHECK(zfs_layout_problem(pool(RaidLevel::Raidz1, 4, 1, 2 * KiB, 12)).key == "recordsize");
    CHECK(zfs_layout_problem(pool(RaidLevel::Raidz1, 4, 1, 128 * KiB, 17)).key == "ashift");
    Layout d = pool(RaidLevel::Draid2, 8);
    d.draid_data = 6;
    d.draid_spares = 1;
    const ZfsLayoutProblem p = zfs_layout_problem(d);
    CHECK(p.key == "drives");
    CHECK(p.message.find("at least 9 children") != std::string::npos);
}

SCENARIO("A record is read whole and written whole, copy on write") {
    GIVEN("raidz2 of 6 drives, 128 KiB records") {
        const Geometry g = make_geometry(pool(RaidLevel::Raidz2, 6));
        WHEN("a 4 KiB random read") {
            const ArrayRequest r = map_read(g, 40 * KiB, 4 * KiB);
            THEN("the 4 data columns are read, 32 KiB each (the checksum covers the record)") {
                REQUIRE(r.phases.size() == 1);
                CHECK(count(r.phases[0], false) == 4);
                CHECK(bytes(r.phases[0]) == Approx(128 * KiB));
            }
        }
        WHEN("a 4 KiB write") {
            const ArrayRequest r = map_write(g, 40 * KiB, 4 * KiB);
            THEN("the record is read first, then all 6 columns written where the allocator is") {
                REQUIRE(r.phases.size() == 2);
                CHECK(r.phases[0].before_ack);
                CHECK(count(r.phases[0], false) == 4);
                CHECK(r.phases[1].allocated);
                CHECK(count(r.phases[1], true) == 6);
                CHECK(bytes(r.phases[1]) == Approx(6 * 32 * KiB));
            }
        }
        WHEN("a whole-record write") {
            const ArrayRequest r = map_write(g, 128 * KiB, 128 * KiB);
            THEN("nothing is read") {
                REQUIRE(r.phases.size() == 1);
                CHECK(count(r.phases[0], true) == 6);
                CHECK(r.full_stripe);
            }
        }
    }
    GIVEN("raidz1 of 5 with 4 KiB records (a database's page size)") {
        const Geometry g = make_geometry(pool(RaidLevel::Raidz1, 5, 1, 4 * KiB));
        THEN("a read touches one drive, a write a data and a parity column") {
            CHECK(map_read(g, 8 * KiB, 4 * KiB).phases[0].ios.size() == 1);
            const ArrayRequest w = map_write(g, 8 * KiB, 4 * KiB);
            REQUIRE(w.phases.size() == 1);
            CHECK(w.phases[0].ios.size() == 2);
        }
        THEN("successive records start on different drives") {
            std::set<int> first;
            for (int i = 0; i < 10; ++i) {
                first.insert(map_read(g, i * 4 * KiB, 4 * KiB).phases[0].ios[0].disk);
            }
            CHECK(first.size() == 5);
        }
    }
    GIVEN("3 mirror vdevs of 2") {
        const Geometry g = make_geometry(pool(RaidLevel::ZfsMirror, 2, 3));
        THEN("records go round the vdevs; a read takes one child, a write both") {
            std::set<int> vdevs;
            for (int i = 0; i < 3; ++i) {
                const ArrayRequest r = map_read(g, i * 128 * KiB + 4 * KiB, 4 * KiB);
                REQUIRE(r.phases[0].ios.size() == 1);
                CHECK(r.phases[0].ios[0].bytes == 128 * KiB);
                vdevs.insert(r.phases[0].ios[0].disk / 2);
            }
            CHECK(vdevs.size() == 3);
            const ArrayRequest w = map_write(g, 0.0, 128 * KiB);
            CHECK(w.phases.back().ios.size() == 2);
            CHECK(g.drives == 6);
            CHECK(read_choices(g) == 2);
        }
    }
    GIVEN("raidz1 of 4 with its first drive failed") {
        Layout l = pool(RaidLevel::Raidz1, 4);
        l.failed_drives = 1;
        const Geometry g = make_geometry(l);
        THEN("a record with a column on it reads the parity column instead, and rebuilds") {
            bool rebuilt = false;
            for (int i = 0; i < 8; ++i) {
                const ArrayRequest r = map_read(g, i * 128 * KiB, 4 * KiB);
                for (const auto& io : r.phases[0].ios) {
                    CHECK(io.disk != 0);
                }
                CHECK(r.phases[0].ios.size() == 3);
                rebuilt = rebuilt || r.parity_bytes > 0.0;
            }
            CHECK(rebuilt);
        }
    }
}
