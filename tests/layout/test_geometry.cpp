#include <catch2/catch.hpp>
#include <numeric>
#include <set>

#include "layout/geometry.h"

using namespace raidadv;

namespace {

Layout make(RaidLevel level, int drives, int span = 0, double unit = 65536.0, int volumes = 1) {
    Layout l;
    l.level = level;
    l.drives = drives;
    l.disks_per_span = span;
    l.stripe_unit_bytes = unit;
    l.volumes = volumes;
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

double bytes_of(const ArrayRequest& r, bool write) {
    double b = 0.0;
    for (const auto& p : r.phases) {
        for (const auto& io : p.ios) {
            b += io.write == write ? io.bytes : 0.0;
        }
    }
    return b;
}

}  // namespace

TEST_CASE("Usable capacity and failures tolerated per level") {
    const double c = 1e12;
    struct Row {
        Layout layout;
        double usable_drives;
        int failures;
    };
    const Row rows[] = {
        {make(RaidLevel::Simple, 6), 6, 0},
        {make(RaidLevel::Raid0, 4), 4, 0},
        {make(RaidLevel::Raid1, 2), 1, 1},
        {make(RaidLevel::Raid1, 3), 1, 2},
        {make(RaidLevel::Raid10, 8, 2), 4, 1},
        {make(RaidLevel::Raid10, 8, 4), 4, 1},
        {make(RaidLevel::Raid01, 6), 3, 1},
        {make(RaidLevel::Raid5, 6), 5, 1},
        {make(RaidLevel::Raid6, 6), 4, 2},
        {make(RaidLevel::Raid50, 8, 4), 6, 1},
        {make(RaidLevel::Raid60, 12, 6), 8, 2},
        {make(RaidLevel::Raid1, 2, 0, 65536, 2), 2, 1},
        {make(RaidLevel::Raid0, 3, 0, 65536, 2), 6, 0},
    };
    for (const auto& row : rows) {
        INFO(to_string(row.layout.level) << " drives " << row.layout.drives);
        CHECK(usable_bytes(row.layout, c) == Approx(row.usable_drives * c));
        CHECK(failures_tolerated(row.layout) == row.failures);
    }
}

TEST_CASE("Level names round-trip") {
    std::size_t n = 0;
    const RaidLevel* levels = all_raid_levels(n);
    REQUIRE(n == 9);
    for (std::size_t i = 0; i < n; ++i) {
        CHECK(raid_level_from_string(to_string(levels[i])) == levels[i]);
    }
    CHECK(raid_level_from_string("raid0+1") == RaidLevel::Raid01);
    CHECK_FALSE(raid_level_from_string("raid7").has_value());
}

SCENARIO("Small writes: the write penalty of each level (Chen et al. 1994)") {
    GIVEN("a 4 KiB write inside one stripe unit") {
        const double off = 8192, len = 4096;
        THEN("raid5 reads old data and parity, then writes both: 4 I/Os") {
            const auto r = map_write(make_geometry(make(RaidLevel::Raid5, 5)), off, len);
            CHECK(count_ios(r, false) == 2);
            CHECK(count_ios(r, true) == 2);
            CHECK(r.phases.size() == 2);
            CHECK(small_write_ios(make_geometry(make(RaidLevel::Raid5, 5))) == 4);
        }
        THEN("raid6 touches data, P and Q twice: 6 I/Os") {
            const auto r = map_write(make_geometry(make(RaidLevel::Raid6, 8)), off, len);
            CHECK(count_ios(r, false) == 3);
            CHECK(count_ios(r, true) == 3);
            CHECK(small_write_ios(make_geometry(make(RaidLevel::Raid6, 8))) == 6);
        }
        THEN("mirrors write every copy and read nothing") {
            for (const auto& l : {make(RaidLevel::Raid1, 2), make(RaidLevel::Raid10, 4, 2),
                                  make(RaidLevel::Raid01, 4)}) {
                const auto r = map_write(make_geometry(l), off, len);
                CHECK(count_ios(r, false) == 0);
                CHECK(count_ios(r, true) == 2);
                CHECK(bytes_of(r, true) == 2 * len);
            }
        }
        THEN("raid0 writes once") {
            const auto r = map_write(make_geometry(make(RaidLevel::Raid0, 4)), off, len);
            CHECK(count_ios(r, true) == 1);
        }
        THEN("a 3-drive raid5 prefers reconstruct-write (3 I/Os < 4)") {
            const auto r = map_write(make_geometry(make(RaidLevel::Raid5, 3)), off, len);
            CHECK(count_ios(r, false) + count_ios(r, true) == 3);
        }
    }
    GIVEN("a write of exactly one full row") {
        const auto g = make_geometry(make(RaidLevel::Raid5, 5));
        const auto r = map_write(g, 0, 4 * 65536);
        THEN("no reads: data and parity written once each") {
            CHECK(r.full_stripe);
            CHECK(count_ios(r, false) == 0);
            CHECK(count_ios(r, true) == 5);
            CHECK(bytes_of(r, true) == Approx(5 * 65536));
        }
    }
}

TEST_CASE("Reads map every byte exactly once, onto distinct disks per phase") {
    const Layout layouts[] = {make(RaidLevel::Raid0, 5, 0, 16384),
                              make(RaidLevel::Raid5, 6, 0, 16384),
                              make(RaidLevel::Raid6, 6),
                              make(RaidLevel::Raid10, 8, 4),
                              make(RaidLevel::Raid01, 6, 0, 16384),
                              make(RaidLevel::Raid50, 8, 4),
                              make(RaidLevel::Raid60, 12, 6),
                              make(RaidLevel::Raid1, 3)};
    for (const auto& l : layouts) {
        const Geometry g = make_geometry(l);
        for (double off : {0.0, 4096.0, 100000.0, 1e7}) {
            for (double len : {512.0, 4096.0, 65536.0, 300000.0, 2e6}) {
                const auto r = map_read(g, off, len, 1);
                REQUIRE(r.phases.size() == 1);
                CHECK(bytes_of(r, false) == Approx(len));
                std::set<int> disks;
                for (const auto& io : r.phases[0].ios) {
                    CHECK(io.disk >= 0);
                    CHECK(io.disk < g.drives);
                    CHECK(disks.insert(io.disk).second);
                }
            }
        }
    }
}

TEST_CASE("Parity rotates: every disk of a raid5 holds parity for some row") {
    const Geometry g = make_geometry(make(RaidLevel::Raid5, 4));
    std::set<int> written;
    for (int row = 0; row < 4; ++row) {
        const auto r = map_write(g, row * 3.0 * 65536 + 4096, 4096);
        // the parity disk is the written disk that does not hold the data
        for (const auto& io : r.phases.back().ios) {
            written.insert(io.disk);
        }
    }
    CHECK(written.size() == 4);
}

TEST_CASE("RAID 10 spans: a request of one unit touches one mirror set") {
    const Geometry g2 = make_geometry(make(RaidLevel::Raid10, 8, 2));
    const Geometry g4 = make_geometry(make(RaidLevel::Raid10, 8, 4));
    for (const auto& g : {g2, g4}) {
        CHECK(map_read(g, 65536 * 3, 65536, 0).phases[0].ios.size() == 1);
        CHECK(map_write(g, 65536 * 3, 65536).phases[0].ios.size() == 2);
        // A full row of 4 units spreads over all 4 mirror sets.
        CHECK(map_read(g, 0, 4 * 65536, 0).phases[0].ios.size() == 4);
        CHECK(map_write(g, 0, 4 * 65536).phases[0].ios.size() == 8);
    }
}
