// Reference values for every public function of core/layout, worked by hand from Chen, Lee,
// Gibson, Katz & Patterson, "RAID: High-Performance, Reliable Secondary Storage", ACM Computing
// Surveys 26(2), 1994 (sections 3.3-3.4), on inputs that tell the terms apart: XOR input bytes
// of small RAID 5 and RAID 6 writes, the mirror copy a read uses, 3-way mirrors.
#include <catch2/catch.hpp>

#include "layout/geometry.h"

using namespace raidadv;

namespace {

Layout make(RaidLevel level, int drives, int span = 0, int copies = 2) {
    Layout l;
    l.level = level;
    l.drives = drives;
    l.disks_per_span = span;
    l.mirror_copies = copies;
    l.stripe_unit_bytes = 65536.0;
    return l;
}

int only_disk(const ArrayRequest& r) {
    REQUIRE(r.phases.size() == 1);
    REQUIRE(r.phases[0].ios.size() == 1);
    return r.phases[0].ios[0].disk;
}

}  // namespace

TEST_CASE("Parity bytes of small RAID 5/6 writes, worked by hand (Chen et al. 1994, 3.4)") {
    const double len = 4096.0;  // inside stripe unit 0, 8 KiB in
    SECTION("RAID 5 of 5: read-modify-write XORs old data, new data and old parity") {
        // k = 1 touched unit, p = 1: RMW 2(k+p) = 4 I/Os < reconstruct-write (4-1)+(1+1) = 5.
        const auto r = map_write(make_geometry(make(RaidLevel::Raid5, 5)), 8192, len);
        CHECK(r.parity_bytes == Approx(3 * len));  // 4096 old data + 4096 new + 4096 old parity
        CHECK_FALSE(r.full_stripe);
    }
    SECTION("RAID 6 of 8: old data, new data, old P and old Q") {
        // k = 1, p = 2: RMW 6 I/Os < reconstruct-write (6-1)+(1+2) = 8.
        const auto r = map_write(make_geometry(make(RaidLevel::Raid6, 8)), 8192, len);
        CHECK(r.parity_bytes == Approx(4 * len));
    }
    SECTION("RAID 5 of 3: reconstruct-write XORs the row's two data units") {
        // RMW 4 I/Os > reconstruct-write (2-1)+(1+1) = 3: parity from 2 data ranges.
        const auto r = map_write(make_geometry(make(RaidLevel::Raid5, 3)), 8192, len);
        CHECK(r.parity_bytes == Approx(2 * len));
    }
    SECTION("a full RAID 5 row XORs its four data units and reads nothing") {
        const auto r = map_write(make_geometry(make(RaidLevel::Raid5, 5)), 0, 4 * 65536.0);
        CHECK(r.full_stripe);
        CHECK(r.parity_bytes == Approx(4 * 65536.0));
    }
    SECTION("reads and mirror writes compute no parity") {
        CHECK(map_read(make_geometry(make(RaidLevel::Raid5, 5)), 8192, len).parity_bytes == 0.0);
        CHECK(map_write(make_geometry(make(RaidLevel::Raid1, 2)), 8192, len).parity_bytes == 0.0);
    }
}

TEST_CASE("The mirror copy a read uses follows read_copy, modulo the copies") {
    // RAID 1 of 2: copy c of every block on disk c.
    const Geometry r1 = make_geometry(make(RaidLevel::Raid1, 2));
    CHECK(only_disk(map_read(r1, 0, 4096, 0)) == 0);
    CHECK(only_disk(map_read(r1, 0, 4096, 1)) == 1);
    CHECK(only_disk(map_read(r1, 0, 4096, 2)) == 0);
    // RAID 10 of 4 in mirror pairs: unit 0 on pair (0, 1), unit 1 on pair (2, 3).
    const Geometry r10 = make_geometry(make(RaidLevel::Raid10, 4, 2));
    CHECK(only_disk(map_read(r10, 0, 4096, 0)) == 0);
    CHECK(only_disk(map_read(r10, 0, 4096, 1)) == 1);
    CHECK(only_disk(map_read(r10, 65536, 4096, 1)) == 3);
    // RAID 0+1 of 4: two striped sides of 2; copy 1 of unit 0 is disk 0 of side 1 = disk 2.
    const Geometry r01 = make_geometry(make(RaidLevel::Raid01, 4));
    CHECK(only_disk(map_read(r01, 0, 4096, 0)) == 0);
    CHECK(only_disk(map_read(r01, 0, 4096, 1)) == 2);
    CHECK(only_disk(map_read(r01, 65536, 4096, 1)) == 3);
    // Degraded: with disk 0 failed every read of unit 0 goes to the survivor.
    Layout degraded = make(RaidLevel::Raid1, 2);
    degraded.failed_drives = 1;
    const Geometry d = make_geometry(degraded);
    CHECK(only_disk(map_read(d, 0, 4096, 0)) == 1);
    CHECK(only_disk(map_read(d, 0, 4096, 1)) == 1);
}

TEST_CASE("Data drives, capacity and tolerance of n-way mirrors, by hand") {
    // 3-way RAID 10 of 6: two mirror sets of three -> 2 data drives, survives 2 failures.
    const Layout r10 = make(RaidLevel::Raid10, 6, 3, 3);
    CHECK(data_drive_equivalents(r10) == 2.0);
    CHECK(usable_bytes(r10, 1e12) == Approx(2e12));
    CHECK(failures_tolerated(r10) == 2);
    // 3-way RAID 0+1 of 6: three striped sides of two -> 2 data drives.
    const Layout r01 = make(RaidLevel::Raid01, 6, 0, 3);
    CHECK(data_drive_equivalents(r01) == 2.0);
    CHECK(failures_tolerated(r01) == 2);
    // The others: data units per row.
    CHECK(data_drive_equivalents(make(RaidLevel::Raid0, 4)) == 4.0);
    CHECK(data_drive_equivalents(make(RaidLevel::Raid1, 3)) == 1.0);
    CHECK(data_drive_equivalents(make(RaidLevel::Raid5, 6)) == 5.0);
    CHECK(data_drive_equivalents(make(RaidLevel::Raid6, 6)) == 4.0);
    CHECK(data_drive_equivalents(make(RaidLevel::Raid50, 9, 3)) == 6.0);
    CHECK(data_drive_equivalents(make(RaidLevel::Raid60, 10, 5)) == 6.0);
    CHECK(data_drive_equivalents(make(RaidLevel::Simple, 6)) == 1.0);  // per volume: 6 volumes
    CHECK(usable_bytes(make(RaidLevel::Simple, 6), 2e12) == Approx(12e12));
}

TEST_CASE("Geometry of each level, by hand") {
    const Geometry r60 = make_geometry(make(RaidLevel::Raid60, 12, 6));
    CHECK(r60.groups == 2);
    CHECK(r60.group_drives == 6);
    CHECK(r60.parity_per_group == 2);
    CHECK(r60.data_units_per_row == 8);
    const Geometry r6 = make_geometry(make(RaidLevel::Raid6, 7));
    CHECK(r6.data_units_per_row == 5);
    CHECK(small_write_ios(r6) == 6);
    const Geometry simple = make_geometry(make(RaidLevel::Simple, 5));
    CHECK(simple.volumes == 5);
    CHECK(simple.drives == 1);
    CHECK(small_write_ios(make_geometry(make(RaidLevel::Raid1, 3))) == 3);  // every copy
    CHECK(small_write_ios(make_geometry(make(RaidLevel::Raid0, 3))) == 1);
}

TEST_CASE("Level properties and minimum drive counts") {
    CHECK(is_striped(RaidLevel::Raid0));
    CHECK_FALSE(is_striped(RaidLevel::Raid1));
    CHECK_FALSE(is_striped(RaidLevel::Simple));
    CHECK(is_mirrored(RaidLevel::Raid01));
    CHECK_FALSE(is_mirrored(RaidLevel::Raid5));
    CHECK(has_spans(RaidLevel::Raid60));
    CHECK_FALSE(has_spans(RaidLevel::Raid01));
    CHECK(min_volume_drives(RaidLevel::Raid5) == 3);
    CHECK(min_volume_drives(RaidLevel::Raid6) == 4);
    // Issue 25: Linux md builds raid10 in its near layout on copies + 1 drives (3-drive raid10,
    // drivers/md/raid10.c); whole mirror sets (2 x copies) remain the rule for RAID 0+1 and for
    // hardware RAID 10 (the advisor offers the near layout to host software RAID only).
    CHECK(min_volume_drives(RaidLevel::Raid10, 3) == 4);
    CHECK(min_volume_drives(RaidLevel::Raid10) == 3);
    CHECK(min_volume_drives(RaidLevel::Raid01, 3) == 6);  // two RAID 0 sides of 3
    CHECK(min_volume_drives(RaidLevel::Raid50) == 6);     // two spans of 3
    CHECK(min_volume_drives(RaidLevel::Raid60) == 8);
    CHECK(min_span_drives(RaidLevel::Raid50) == 3);
    CHECK(min_span_drives(RaidLevel::Raid5) == 0);
    CHECK(raid_level_from_string("raid1+0") == RaidLevel::Raid10);
    CHECK(to_string(RaidLevel::Raid60) == "raid60");
}

TEST_CASE("Degraded layouts that cannot be modelled are named") {
    Layout l = make(RaidLevel::Raid5, 5);
    CHECK(degraded_layout_problem(l).empty());
    l.failed_drives = 2;  // RAID 5 tolerates 1
    CHECK_FALSE(degraded_layout_problem(l).empty());
    l.failed_drives = 0;
    l.rebuild_rate_fraction = 0.3;  // a rebuild needs a failed drive
    CHECK(degraded_layout_problem(l).find("rebuild_rate_fraction") != std::string::npos);
}
