// Reference values for the building blocks of core/reliability: the loss model of each level
// and the group MTTDL and critical-state rate of Gibson's Markov model with repair (Gibson 1992;
// Patterson, Gibson & Katz 1988 for one tolerated failure), worked by hand with MTTF = 10^6 h and
// MTTR = 10 h so that n, n - 1, ... and MTTR's exponent show in the result.
#include <catch2/catch.hpp>
#include <cmath>

#include "reliability/reliability.h"

using namespace raidadv;

namespace {

Layout make(RaidLevel level, int drives, int span = 0, int volumes = 1) {
    Layout l;
    l.level = level;
    l.drives = drives;
    l.disks_per_span = span;
    l.volumes = volumes;
    return l;
}

LossModel group(int members, int tolerated, int drives_per_member = 1) {
    LossModel m;
    m.members = members;
    m.tolerated = tolerated;
    m.drives_per_member = drives_per_member;
    return m;
}

}  // namespace

TEST_CASE("Group MTTDL, worked by hand (Gibson 1992)") {
    const double mttf = 1e6, mttr = 10.0;
    // RAID 5 of 5: MTTF^2 / (5 x 4 x MTTR) = 1e12 / 200 = 5e9 h.
    CHECK(group_mttdl_hours(group(5, 1), mttf, mttr) == Approx(5e9));
    // RAID 6 of 6: MTTF^3 / (6 x 5 x 4 x MTTR^2) = 1e18 / 12000 = 8.333e13 h.
    CHECK(group_mttdl_hours(group(6, 2), mttf, mttr) == Approx(1e18 / 12000.0));
    // RAID 0 of 4 (nothing tolerated): the first failure, MTTF / 4.
    CHECK(group_mttdl_hours(group(4, 0), mttf, mttr) == Approx(2.5e5));
    // RAID 0+1, two sides of 3 drives: a side fails at 3 / MTTF, MTTF_side = 333,333 h;
    // MTTF_side^2 / (2 x 1 x MTTR) = 5.556e9 h.
    CHECK(group_mttdl_hours(group(2, 1, 3), mttf, mttr) ==
          Approx((mttf / 3) * (mttf / 3) / (2 * mttr)));
}

TEST_CASE("Rate of entering the critical state, worked by hand") {
    const double mttf = 1e6, mttr = 10.0;
    CHECK(group_critical_rate_per_hour(group(6, 0), mttf, mttr) == 0.0);
    // f = 1: any member failure, 6 / MTTF.
    CHECK(group_critical_rate_per_hour(group(6, 1), mttf, mttr) == Approx(6e-6));
    // f = 2: 6 lambda x (5 lambda MTTR) = 6e-6 x 5e-5 = 3e-10 per hour.
    CHECK(group_critical_rate_per_hour(group(6, 2), mttf, mttr) == Approx(3e-10));
    // RAID 0+1 sides of 3 drives: 2 x 3 / MTTF.
    CHECK(group_critical_rate_per_hour(group(2, 1, 3), mttf, mttr) == Approx(6e-6));
}

TEST_CASE("Loss model of each level") {
    SECTION("RAID 10 of 8 in spans of 4: four 2-way mirror sets") {
        const LossModel m = loss_model(make(RaidLevel::Raid10, 8, 4));
        CHECK(m.groups == 4);
        CHECK(m.members == 2);
        CHECK(m.tolerated == 1);
        CHECK(m.critical_read_drives == 1);
    }
    SECTION("md raid10 far / offset of 6: each drive's copies on its 2 neighbours") {
        // Drives d and d + 1 share chunks (raid10.c): 6 neighbouring pairs, twice the rate of
        // the near layout's 3 mirror pairs; on 2 drives the one pair.
        for (CopyPlacement p : {CopyPlacement::Far, CopyPlacement::Offset}) {
            Layout l = make(RaidLevel::Raid10, 6);
            l.placement = p;
            const LossModel m = loss_model(l);
            CHECK(m.groups == 6);
            CHECK(m.members == 2);
            CHECK(m.tolerated == 1);
            CHECK(m.critical_read_drives == 1);
            CHECK(loss_model(make(RaidLevel::Raid10, 6)).groups == 3);
            l.drives = 2;
            CHECK(loss_model(l).groups == 1);
        }
    }
    SECTION("RAID 0+1 of 6: two RAID 0 sides of 3") {
        const LossModel m = loss_model(make(RaidLevel::Raid01, 6));
        CHECK(m.groups == 1);
        CHECK(m.members == 2);
        CHECK(m.drives_per_member == 3);
        CHECK(m.critical_read_drives == 3);
    }
    SECTION("RAID 60 of 12 in spans of 6: two RAID 6 groups, 4 data drives read in a rebuild") {
        const LossModel m = loss_model(make(RaidLevel::Raid60, 12, 6));
        CHECK(m.groups == 2);
        CHECK(m.members == 6);
        CHECK(m.tolerated == 2);
        CHECK(m.critical_read_drives == 4);
    }
    SECTION("RAID 6 of 8 reads 6 drives; RAID 5 of 8 reads 7") {
        CHECK(loss_model(make(RaidLevel::Raid6, 8)).critical_read_drives == 6);
        CHECK(loss_model(make(RaidLevel::Raid5, 8)).critical_read_drives == 7);
    }
    SECTION("simple volumes and RAID 0: nothing tolerated, one group per volume") {
        const LossModel s = loss_model(make(RaidLevel::Simple, 5));
        CHECK(s.groups == 5);
        CHECK(s.members == 1);
        CHECK(s.tolerated == 0);
        const LossModel r0 = loss_model(make(RaidLevel::Raid0, 4, 0, 2));
        CHECK(r0.groups == 2);
        CHECK(r0.members == 4);
    }
    SECTION("3-way RAID 1, two volumes") {
        const LossModel m = loss_model(make(RaidLevel::Raid1, 3, 0, 2));
        CHECK(m.groups == 2);
        CHECK(m.members == 3);
        CHECK(m.tolerated == 2);
    }
}

TEST_CASE("Whole assessment of a 2-volume RAID 5: groups in series, by hand") {
    ReliabilityInputs in;
    in.layout = make(RaidLevel::Raid5, 4, 0, 2);
    in.drive.kind = DriveKind::Hdd;
    in.drive.capacity_bytes = 1e12;
    in.drive.hdd.media_rate_outer_Bps = 150e6;
    in.drive.hdd.media_rate_inner_Bps = 50e6;  // mean 100 MB/s
    in.drive.ber = 1e-15;
    in.rebuild_rate_fraction = 0.5;                             // 50 MB/s: 20,000 s = 5.556 h
    in.field_afr_override = -std::expm1(-kHoursPerYear / 1e6);  // MTTF 10^6 h
    const ReliabilityResult r = assess_reliability(in);
    const double mttr_h = 20000.0 / 3600.0;
    CHECK(r.rebuild_time_s == Approx(20000.0));
    // Each group MTTF^2 / (4 x 3 x MTTR); two groups in series halve it.
    CHECK(r.mttdl_hours == Approx(1e12 / (12.0 * mttr_h) / 2.0).epsilon(1e-9));
    // A rebuild reads 3 surviving drives: 24e12 bits at 1e-15.
    CHECK(r.p_ure_during_rebuild == Approx(-std::expm1(24e12 * std::log1p(-1e-15))));
}
