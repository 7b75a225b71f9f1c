// ZFS pools: a resilver copies the allocated blocks, a dRAID rebuilds onto its distributed
// spares from every child, a pool is lost with any vdev (docs/model.md, "ZFS pools").
#include <catch2/catch.hpp>
#include <cmath>

#include "reliability/reliability.h"

using namespace raidadv;

namespace {

ReliabilityInputs pool(RaidLevel level, int per_vdev, int vdevs, double fill) {
    ReliabilityInputs in;
    in.layout.level = level;
    in.layout.drives = per_vdev * vdevs;
    in.layout.vdevs = vdevs;
    in.drive.info.name = "4 TB test HDD";
    in.drive.kind = DriveKind::Hdd;
    in.drive.capacity_bytes = 4e12;
    in.drive.hdd.media_rate_outer_Bps = 200e6;
    in.drive.hdd.media_rate_inner_Bps = 100e6;
    in.drive.ber = 1e-15;
    in.drive.mtbf_hours = 1e6;
    in.rebuild_rate_fraction = 0.5;
    in.fill_fraction = fill;
    return in;
}

}  // namespace

SCENARIO("Resilver and dRAID rebuild times") {
    // Whole drive: 4e12 B at half of the 150 MB/s mean media rate = 53,333 s.
    const double whole = 4e12 / (0.5 * 150e6);
    GIVEN("a raidz2 vdev of 6, 40% full") {
        const ReliabilityResult r = assess_reliability(pool(RaidLevel::Raidz2, 6, 1, 0.4));
        THEN("the resilver copies 40% of a drive") {
            CHECK(r.rebuild_time_s == Approx(0.4 * whole));
        }
    }
    GIVEN("a draid2 of 12 children, 4 data per group, 1 distributed spare, full") {
        ReliabilityInputs in = pool(RaidLevel::Draid2, 12, 1, 1.0);
        in.layout.draid_data = 4;
        in.layout.draid_spares = 1;
        THEN("11 children share reads of 4 and a write per sector: 11/5 times faster") {
            CHECK(assess_reliability(in).rebuild_time_s == Approx(whole * 5.0 / 11.0));
        }
        AND_WHEN("it has no spare") {
            in.layout.draid_spares = 0;
            THEN("it resilvers onto a replacement like RAID-Z") {
                CHECK(assess_reliability(in).rebuild_time_s == Approx(whole));
            }
        }
    }
}

SCENARIO("A pool's loss model and its unrecoverable reads") {
    GIVEN("two raidz1 vdevs of 4") {
        const LossModel m = loss_model(pool(RaidLevel::Raidz1, 4, 2, 1.0).layout);
        THEN("two groups in series, 3 data columns read in a critical resilver") {
            CHECK(m.groups == 2);
            CHECK(m.members == 4);
            CHECK(m.tolerated == 1);
            CHECK(m.critical_read_drives == 3);
        }
        THEN("a half-full pool reads half the bits in a critical resilver") {
            const double full =
                assess_reliability(pool(RaidLevel::Raidz1, 4, 2, 1.0)).p_ure_during_rebuild;
            const double half =
                assess_reliability(pool(RaidLevel::Raidz1, 4, 2, 0.5)).p_ure_during_rebuild;
            // P = 1 - (1 - BER)^bits: 1 - sqrt(1 - full) for half the bits.
            CHECK(half == Approx(1.0 - std::sqrt(1.0 - full)));
            CHECK(half < full);
        }
    }
    GIVEN("three 2-way mirror vdevs") {
        const LossModel m = loss_model(pool(RaidLevel::ZfsMirror, 2, 3, 1.0).layout);
        THEN("each vdev fails with both its drives") {
            CHECK(m.groups == 3);
            CHECK(m.members == 2);
            CHECK(m.critical_read_drives == 1);
        }
    }
    GIVEN("the explanation") {
        const ReliabilityResult r = assess_reliability(pool(RaidLevel::Raidz2, 6, 1, 0.4));
        bool resilver = false, names_file = false;
        for (const std::string& line : r.assumptions) {
            resilver =
                resilver || line.find("resilver of the allocated blocks") != std::string::npos;
            names_file = names_file || line.find("zpool status -v") != std::string::npos;
        }
        CHECK(resilver);
        CHECK(names_file);
    }
}
