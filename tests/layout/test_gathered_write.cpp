// A write-back cache's destage of one row's dirty blocks together (map_gathered_write): each
// unit's blocks one transfer over their span, one parity update for the row, reconstruct-write
// where it issues fewer I/Os, a full-stripe write where every block of the row is dirty.

#include <catch2/catch.hpp>

#include <utility>
#include <vector>

#include "layout/geometry.h"

using namespace raidadv;

namespace {

constexpr double KiB = 1024.0;

Geometry geometry(RaidLevel level, int drives) {
    Layout l;
    l.level = level;
    l.drives = drives;
    l.stripe_unit_bytes = 64 * KiB;
    return make_geometry(l);
}

struct Counted {
    int reads = 0, writes = 0;
    double read_bytes = 0.0, write_bytes = 0.0;
};

Counted count(const ArrayRequest& r) {
    Counted c;
    for (const auto& phase : r.phases) {
        for (const auto& io : phase.ios) {
            (io.write ? c.writes : c.reads) += 1;
            (io.write ? c.write_bytes : c.read_bytes) += io.bytes;
        }
    }
    return c;
}

std::vector<std::pair<double, double>> blocks(std::initializer_list<double> offsets) {
    std::vector<std::pair<double, double>> out;
    for (double o : offsets) {
        out.emplace_back(o, 4 * KiB);
    }
    return out;
}

}  // namespace

SCENARIO("A RAID 5 row's dirty blocks destaged together") {
    const Geometry g = geometry(RaidLevel::Raid5, 4);  // rows of 3 x 64 KiB
    CHECK(gather_row_bytes(g) == 192 * KiB);
    GIVEN("one block") {
        const ArrayRequest one = map_gathered_write(g, blocks({8 * KiB}));
        THEN("it is the request's own read-modify-write") {
            const Counted c = count(one);
            const Counted alone = count(map_write(g, 8 * KiB, 4 * KiB));
            CHECK(c.reads == alone.reads);
            CHECK(c.writes == alone.writes);
            CHECK(c.read_bytes == alone.read_bytes);
            CHECK(one.phases.size() == 2);
            CHECK(one.phases.back().rewrites_previous);
        }
    }
    GIVEN("three blocks in one unit, at 0, 16 and 40 KiB") {
        const Counted c = count(map_gathered_write(g, blocks({0, 16 * KiB, 40 * KiB})));
        THEN("one read-modify-write over their 44 KiB span and the parity's: 4 I/Os, not 12") {
            CHECK(c.reads == 2);
            CHECK(c.writes == 2);
            CHECK(c.read_bytes == 2 * 44 * KiB);
            CHECK(c.write_bytes == 2 * 44 * KiB);
        }
    }
    GIVEN("a block in each of the three units, at the same place") {
        const Counted c = count(map_gathered_write(g, blocks({4 * KiB, 68 * KiB, 132 * KiB})));
        THEN("the new blocks make the parity over their range alone: 4 writes, nothing read") {
            CHECK(c.reads == 0);
            CHECK(c.writes == 4);
        }
    }
    GIVEN("a block in each of the three units, at 4, 20 and 40 KiB into them") {
        const Counted c = count(map_gathered_write(g, blocks({4 * KiB, 84 * KiB, 168 * KiB})));
        THEN("reconstruct-write: every unit read over the 40 KiB range, 3 + 4 I/Os against 8") {
            CHECK(c.reads == 3);
            CHECK(c.writes == 4);
            CHECK(c.read_bytes == 3 * 40 * KiB);
            CHECK(c.write_bytes == 3 * 4 * KiB + 40 * KiB);
        }
    }
    GIVEN("the same block twice among others (writes of mixed sizes may overlap)") {
        THEN("it counts once") {
            const Counted twice = count(map_gathered_write(g, blocks({0, 0, 68 * KiB, 132 * KiB})));
            const Counted once = count(map_gathered_write(g, blocks({0, 68 * KiB, 132 * KiB})));
            CHECK(twice.reads == once.reads);
            CHECK(twice.writes == once.writes);
            CHECK(twice.read_bytes == once.read_bytes);
            // (three units written at 0-4, 4-8 and 4-8 KiB: the range 0-8 KiB is not covered by
            // any unit, so reconstruct-write reads all three: 3 + 4 against read-modify-write's 8)
            CHECK(once.reads == 3);
        }
    }
    GIVEN("every block of the row") {
        std::vector<std::pair<double, double>> all;
        for (double o = 0; o < 192 * KiB; o += 4 * KiB) {
            all.emplace_back(o, 4 * KiB);
        }
        const ArrayRequest full = map_gathered_write(g, all);
        THEN("a full-stripe write: nothing read") {
            const Counted c = count(full);
            CHECK(full.full_stripe);
            CHECK(c.reads == 0);
            CHECK(c.writes == 4);
            CHECK(c.write_bytes == 4 * 64 * KiB);
        }
    }
}

SCENARIO("A RAID 10 row's dirty blocks destaged together") {
    const Geometry g = geometry(RaidLevel::Raid10, 4);  // rows of 2 x 64 KiB
    CHECK(gather_row_bytes(g) == 128 * KiB);
    GIVEN("two blocks of one unit and one of the other") {
        const Counted c = count(map_gathered_write(g, blocks({0, 32 * KiB, 100 * KiB})));
        THEN("each copy of each unit written once over its span") {
            CHECK(c.reads == 0);
            CHECK(c.writes == 4);
            CHECK(c.write_bytes == 2 * 36 * KiB + 2 * 4 * KiB);
        }
    }
}
