// Linux md's raid10 far and offset layouts, worked by hand from drivers/md/raid10.c
// (__raid10_find_phys with near_copies 1, far_copies 2: chunk u on device u mod n, its copy on
// the next device, in the second half of the drives (far) or in the next row (offset);
// read_balance: "for far > 1 always use the lowest address").
#include <catch2/catch.hpp>

#include "layout/geometry.h"

using namespace raidadv;

namespace {

constexpr double kUnit = 65536.0;

Layout md(int drives, CopyPlacement placement) {
    Layout l;
    l.level = RaidLevel::Raid10;
    l.drives = drives;
    l.placement = placement;
    l.stripe_unit_bytes = kUnit;
    return l;
}

/// The I/O of `r` on `disk` in `section`, or nullptr.
const DiskIo* io_on(const ArrayRequest& r, int disk, int section = 0) {
    for (const auto& io : r.phases.at(0).ios) {
        if (io.disk == disk && io.section == section) {
            return &io;
        }
    }
    return nullptr;
}

/// The one disk a single-piece request uses.
int only_one_disk(const ArrayRequest& r) {
    REQUIRE(r.phases.size() == 1);
    REQUIRE(r.phases[0].ios.size() == 1);
    return r.phases[0].ios[0].disk;
}

}  // namespace

SCENARIO("md raid10 far: the first copy is a RAID 0 of the data, the second the next drive's") {
    GIVEN("4 drives, far layout, 64 KiB chunks") {
        const Geometry g = make_geometry(md(4, CopyPlacement::Far));
        THEN("a row holds 4 chunks and the volume 2 drives of data, any 1 drive may fail") {
            CHECK(g.data_units_per_row == 4);
            CHECK(data_drive_equivalents(md(4, CopyPlacement::Far)) == 2.0);
            CHECK(failures_tolerated(md(4, CopyPlacement::Far)) == 1);
        }
        WHEN("chunk 5 is read, whichever copy the caller suggests") {
            // chunk 5: device 5 mod 4 = 1, stripe 1; the lowest address is the first copy.
            // Device 1 serves it from its first section. (No THEN inside the loop: Catch runs a
            // section of one name once, so the second suggestion would go unchecked.)
            for (int suggested : {0, 1}) {
                INFO("suggested copy " << suggested);
                const ArrayRequest r = map_read(g, 5 * kUnit + 4096, 4096, suggested);
                REQUIRE(r.phases.at(0).ios.size() == 1);
                CHECK(io_on(r, 1, 0) != nullptr);
            }
        }
        WHEN("chunk 5 is written") {
            const ArrayRequest r = map_write(g, 5 * kUnit, 4096);
            THEN("device 1 writes it in section 0 and device 2 in section 1") {
                REQUIRE(r.phases.at(0).ios.size() == 2);
                CHECK(io_on(r, 1, 0) != nullptr);
                CHECK(io_on(r, 2, 1) != nullptr);
            }
        }
        WHEN("a whole row (chunks 4 to 7) is written") {
            const ArrayRequest r = map_write(g, 4 * kUnit, 4 * kUnit);
            THEN("every device writes one chunk in each section: 8 separate I/Os") {
                REQUIRE(r.phases.at(0).ios.size() == 8);
                for (int d = 0; d < 4; ++d) {
                    REQUIRE(io_on(r, d, 0) != nullptr);
                    REQUIRE(io_on(r, d, 1) != nullptr);
                    CHECK(io_on(r, d, 0)->bytes == kUnit);
                    CHECK(io_on(r, d, 1)->bytes == kUnit);
                }
            }
        }
        WHEN("device 0 has failed and chunk 4 is read") {
            Layout l = md(4, CopyPlacement::Far);
            l.failed_drives = 2;  // not allowed (tolerates 1): checked below with 1
            CHECK_FALSE(degraded_layout_problem(l).empty());
            l.failed_drives = 1;  // device 0 down
            const Geometry d = make_geometry(l);
            const ArrayRequest r = map_read(d, 4 * kUnit, 4096, 0);  // chunk 4: device 0
            THEN("its copy on device 1, in the second section, serves it") {
                REQUIRE(r.phases.at(0).ios.size() == 1);
                CHECK(io_on(r, 1, 1) != nullptr);
            }
        }
    }
}

SCENARIO("md raid10 offset: each row is followed by its copy shifted by one drive") {
    GIVEN("4 drives, offset layout") {
        const Geometry g = make_geometry(md(4, CopyPlacement::Offset));
        WHEN("chunks 4 and 5 are written") {
            const ArrayRequest r = map_write(g, 4 * kUnit, 2 * kUnit);
            THEN("device 1 writes chunk 5 and, in the next row, chunk 4's copy: one transfer") {
                REQUIRE(r.phases.at(0).ios.size() == 3);
                CHECK(io_on(r, 0)->bytes == kUnit);
                CHECK(io_on(r, 1)->bytes == 2 * kUnit);
                CHECK(io_on(r, 2)->bytes == kUnit);
            }
        }
        WHEN("chunk 6 is read with either suggested copy") {
            // Device 2, its first copy, serves it (checks in the loop, not sections: above).
            for (int suggested : {0, 1}) {
                INFO("suggested copy " << suggested);
                CHECK(io_on(map_read(g, 6 * kUnit, 4096, suggested), 2) != nullptr);
            }
        }
    }
}

TEST_CASE("md raid10 far and offset on 2 and 3 drives") {
    // On 2 drives: a mirror whose reads stripe over both drives; on 3, 1.5 drives of data.
    for (CopyPlacement p : {CopyPlacement::Far, CopyPlacement::Offset}) {
        CHECK(data_drive_equivalents(md(2, p)) == 1.0);
        CHECK(data_drive_equivalents(md(3, p)) == 1.5);
        const Geometry two = make_geometry(md(2, p));
        CHECK(only_one_disk(map_read(two, 0.0, 4096, 1)) == 0);
        CHECK(only_one_disk(map_read(two, kUnit, 4096, 0)) == 1);
    }
}

TEST_CASE("Copies a read chooses among, by placement") {
    CHECK(read_choices(make_geometry(md(4, CopyPlacement::Near))) == 2);
    CHECK(read_choices(make_geometry(md(4, CopyPlacement::Far))) == 1);
    CHECK(read_choices(make_geometry(md(4, CopyPlacement::Offset))) == 1);
    Layout r5 = md(4, CopyPlacement::Near);
    r5.level = RaidLevel::Raid5;
    CHECK(read_choices(make_geometry(r5)) == 1);
}

TEST_CASE("md raid10 far: the span a drive's positions cover, by hand") {
    const Geometry far = make_geometry(md(4, CopyPlacement::Far));
    // Reads only: every position in the first half of the working set's share.
    CHECK(far_section_share(far, 1.0) == 0.0);
    CHECK(placement_span(far, 1.0, 0.0) == Approx(0.5));
    CHECK(placement_span(far, 0.4, 0.0) == Approx(0.2));
    // Writes only: half the I/Os in each section, L = 3 (0.5 s/6 + 1/4) = s/4 + 3/4.
    CHECK(far_section_share(far, 0.0) == Approx(0.5));
    CHECK(placement_span(far, 1.0, 0.5) == Approx(1.0));
    CHECK(placement_span(far, 0.4, 0.5) == Approx(0.85));
    // 70% reads: far I/Os 0.3 of 0.7 + 2 x 0.3 = 1.3.
    CHECK(far_section_share(far, 0.7) == Approx(0.3 / 1.3));
    // Near and offset keep the workload's span.
    CHECK(placement_span(make_geometry(md(4, CopyPlacement::Offset)), 0.4, 0.5) == 0.4);
    CHECK(far_section_share(make_geometry(md(4, CopyPlacement::Near)), 0.0) == 0.0);
}
