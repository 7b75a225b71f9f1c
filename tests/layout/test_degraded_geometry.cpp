// Degraded-mode mapping (layout.failed_drives): reconstruction reads, writes that skip the
// failed drive, mirrors that lose read balancing (Holland & Gibson, ASPLOS-V 1992).

#include <catch2/catch.hpp>
#include <set>

#include "layout/geometry.h"

using namespace raidadv;

namespace {

Layout make(RaidLevel level, int drives, int failed, int span = 0) {
    Layout l;
    l.level = level;
    l.drives = drives;
    l.disks_per_span = span;
    l.failed_drives = failed;
    if (level == RaidLevel::Raid1) {
        l.mirror_copies = drives;
    }
    return l;
}

int count_ios(const ArrayRequest& r, bool write) {
    int n = 0;
    for (const auto& p : r.phases) {
        for (const auto& io : p.ios) {
            n += (io.write == write);
        }
    }
    return n;
}

std::set<int> disks_of(const ArrayRequest& r) {
    std::set<int> d;
    for (const auto& p : r.phases) {
        for (const auto& io : p.ios) {
            d.insert(io.disk);
        }
    }
    return d;
}

constexpr double kUnit = 65536.0;

}  // namespace

SCENARIO("Degraded RAID 5 of 4 drives, drive 0 failed") {
    const Geometry g = make_geometry(make(RaidLevel::Raid5, 4, 1));
    REQUIRE(g.failed_drives == 1);
    GIVEN("a 4 KiB read at the start of every data unit of one parity rotation (4 rows x 3)") {
        int reads = 0, lost = 0;
        for (int unit = 0; unit < 12; ++unit) {
            const ArrayRequest r = map_read(g, unit * kUnit, 4096);
            REQUIRE(r.phases.size() == 1);
            CHECK(disks_of(r).count(0) == 0);  // the failed drive is never read
            const int n = count_ios(r, false);
            reads += n;
            lost += n > 1 ? 1 : 0;
            CHECK((n == 1 || n == 3));
        }
        THEN("1/G of them hit the failed drive and each costs G - 1 = 3 reads: 1.5 per read") {
            CHECK(lost == 3);
            CHECK(reads / 12.0 == Approx(1.5));
        }
    }
    GIVEN("a read of a whole row that includes the lost unit") {
        // Row 1: parity on disk 2, data units 3, 4, 5 on disks 3, 0, 1.
        const ArrayRequest r = map_read(g, 3 * kUnit, 3 * kUnit);
        THEN("each survivor is read once over the unit: 3 reads of 64 KiB") {
            REQUIRE(r.phases[0].ios.size() == 3);
            for (const auto& io : r.phases[0].ios) {
                CHECK(io.bytes == Approx(kUnit));
                CHECK(io.disk != 0);
            }
        }
    }
    GIVEN("small writes") {
        THEN("to the lost unit: reconstruct-write, read the other G - 2 data units, write parity") {
            // Unit 4 is on disk 0 (row 1).
            const ArrayRequest r = map_write(g, 4 * kUnit, 4096);
            CHECK(count_ios(r, false) == 2);
            CHECK(count_ios(r, true) == 1);
            CHECK(disks_of(r).count(0) == 0);
        }
        THEN("to a unit whose parity drive failed: just the data write") {
            // Row 3: parity on disk 0; unit 9 on disk 1.
            const ArrayRequest r = map_write(g, 9 * kUnit, 4096);
            CHECK(count_ios(r, false) == 0);
            CHECK(count_ios(r, true) == 1);
            CHECK(r.parity_bytes == 0.0);
        }
        THEN("elsewhere: the usual read-modify-write, 4 I/Os") {
            // Row 1: unit 3 on disk 3, parity on disk 2, the lost unit untouched.
            const ArrayRequest r = map_write(g, 3 * kUnit, 4096);
            CHECK(count_ios(r, false) == 2);
            CHECK(count_ios(r, true) == 2);
        }
    }
    GIVEN("a full-row write") {
        const ArrayRequest r = map_write(g, 3 * kUnit, 3 * kUnit);
        THEN("no reads; the three surviving units are written") {
            CHECK(r.full_stripe);
            CHECK(count_ios(r, false) == 0);
            CHECK(count_ios(r, true) == 3);
        }
    }
}

SCENARIO("Degraded RAID 6 of 6 drives with 2 failed") {
    const Geometry g = make_geometry(make(RaidLevel::Raid6, 6, 2));
    GIVEN("a 4 KiB read of a unit on a failed drive") {
        // Row 0: P on disk 5, Q on disk 0; data units 0..3 on disks 1..4. Row 1: P on 4, Q on
        // 5, data 4..7 on 0..3: unit 4 is on failed disk 0.
        const ArrayRequest r = map_read(g, 4 * kUnit, 4096);
        THEN("G - p = 4 survivors are read") {
            CHECK(count_ios(r, false) == 4);
            CHECK(disks_of(r).count(0) == 0);
            CHECK(disks_of(r).count(1) == 0);
        }
    }
    GIVEN("a small write touching one lost unit while another data unit is lost too") {
        // Row 1: units 4 and 5 on failed disks 0 and 1; write unit 4.
        const ArrayRequest r = map_write(g, 4 * kUnit, 4096);
        THEN("neither method works: every survivor is read, then P and Q are written") {
            CHECK(count_ios(r, false) == 4);
            CHECK(count_ios(r, true) == 2);
        }
    }
}

SCENARIO("Degraded mirrors") {
    GIVEN("RAID 10 of 4 drives (2 pairs), drive 0 failed") {
        const Geometry g = make_geometry(make(RaidLevel::Raid10, 4, 1, 2));
        THEN("pair 0 loses read balancing: both read copies go to drive 1") {
            CHECK(disks_of(map_read(g, 0, 4096, 0)) == std::set<int>{1});
            CHECK(disks_of(map_read(g, 0, 4096, 1)) == std::set<int>{1});
        }
        THEN("pair 1 still alternates") {
            CHECK(disks_of(map_read(g, kUnit, 4096, 0)) == std::set<int>{2});
            CHECK(disks_of(map_read(g, kUnit, 4096, 1)) == std::set<int>{3});
        }
        THEN("writes to pair 0 go to the survivor only") {
            const ArrayRequest r = map_write(g, 0, 4096);
            CHECK(count_ios(r, true) == 1);
            CHECK(disks_of(r) == std::set<int>{1});
        }
    }
    GIVEN("a 3-way RAID 1 with drive 0 failed") {
        const Geometry g = make_geometry(make(RaidLevel::Raid1, 3, 1));
        THEN("reads alternate over the two survivors; writes go to both") {
            CHECK(disks_of(map_read(g, 0, 4096, 0)) == std::set<int>{1});
            CHECK(disks_of(map_read(g, 0, 4096, 1)) == std::set<int>{2});
            CHECK(disks_of(map_read(g, 0, 4096, 2)) == std::set<int>{1});
            CHECK(disks_of(map_write(g, 0, 4096)) == std::set<int>{1, 2});
        }
    }
    GIVEN("RAID 0+1 of 4 drives (sides {0,1} and {2,3}), drive 0 failed") {
        const Geometry g = make_geometry(make(RaidLevel::Raid01, 4, 1));
        THEN("side 0 is down: every read and write uses side 1") {
            for (int copy = 0; copy < 2; ++copy) {
                CHECK(disks_of(map_read(g, 0, 2 * kUnit, copy)) == std::set<int>{2, 3});
            }
            CHECK(disks_of(map_write(g, 0, 2 * kUnit)) == std::set<int>{2, 3});
        }
    }
}

TEST_CASE("Which degraded layouts can be modelled") {
    CHECK(degraded_layout_problem(make(RaidLevel::Raid5, 4, 1)).empty());
    CHECK(degraded_layout_problem(make(RaidLevel::Raid6, 6, 2)).empty());
    CHECK(degraded_layout_problem(make(RaidLevel::Raid10, 8, 1, 4)).empty());
    CHECK(degraded_layout_problem(make(RaidLevel::Raid5, 4, 0)).empty());
    CHECK_THAT(degraded_layout_problem(make(RaidLevel::Raid0, 4, 1)),
               Catch::Contains("raid0 has no redundancy"));
    CHECK_THAT(degraded_layout_problem(make(RaidLevel::Simple, 4, 1)),
               Catch::Contains("no redundancy"));
    CHECK_THAT(degraded_layout_problem(make(RaidLevel::Raid5, 4, 2)),
               Catch::Contains("at most 1, got 2"));
    Layout rebuild_only = make(RaidLevel::Raid5, 4, 0);
    rebuild_only.rebuild_rate_fraction = 0.3;
    CHECK_THAT(degraded_layout_problem(rebuild_only), Catch::Contains("needs failed_drives"));
    Layout full_share = make(RaidLevel::Raid5, 4, 1);
    full_share.rebuild_rate_fraction = 1.0;
    CHECK_THAT(degraded_layout_problem(full_share), Catch::Contains("below 1, got 1"));
}
