// Reliability: hand-worked MTTDL, rebuild time, URE and loss probabilities from the formulas of
// Patterson, Gibson & Katz 1988 / Gibson 1992 / Chen et al. 1994 (core/reliability).
//
// Common inputs of the hand-worked numbers: 4 TB HDD, media 200 MB/s outer and 100 MB/s inner
// (mean 150 MB/s), rebuild share 0.5 -> 75 MB/s -> rebuild 4e12 / 75e6 = 53 333.3 s =
// 14.8148 h (MTTR); AFR 2% given -> lambda = -ln(0.98) / 8766 h, MTTF = 433 902.24 h;
// BER 1e-15; horizon 5 years = 43 830 h.

#include <catch2/catch.hpp>
#include <cmath>
#include <stdexcept>

#include "reliability/reliability.h"

using namespace raidadv;

namespace {

constexpr double kMttf = 433902.24202;  // h, 8766 / -ln(0.98)
constexpr double kMttr = 14.814814815;  // h
constexpr double kLambda = 1.0 / kMttf;
constexpr double kHorizon = 5 * 8766.0;

DriveSpec drive_4tb() {
    DriveSpec d;
    d.info.name = "4 TB test HDD";
    d.kind = DriveKind::Hdd;
    d.capacity_bytes = 4e12;
    d.hdd.media_rate_outer_Bps = 200e6;
    d.hdd.media_rate_inner_Bps = 100e6;
    d.ber = 1e-15;
    return d;
}

ReliabilityInputs inputs(RaidLevel level, int drives, int span = 0, int volumes = 1) {
    ReliabilityInputs in;
    in.layout.level = level;
    in.layout.drives = drives;
    in.layout.disks_per_span = span;
    in.layout.volumes = volumes;
    if (level == RaidLevel::Raid1) {
        in.layout.mirror_copies = drives;
    }
    in.drive = drive_4tb();
    in.rebuild_rate_fraction = 0.5;
    in.horizon_years = 5;
    in.field_afr_override = 0.02;
    return in;
}

/// P(URE) reading `drives` whole 4 TB drives at 1e-15 per bit: 1 - exp(-drives x 0.032).
double p_ure(int drives) {
    return -std::expm1(drives * 4e12 * 8 * std::log1p(-1e-15));
}

}  // namespace

SCENARIO("Rebuild time, AFR and URE building blocks") {
    GIVEN("the 4 TB HDD at half its sustained rate") {
        THEN("the rebuild streams 4e12 B at 0.5 x (200 + 100) / 2 MB/s: 53 333 s") {
            CHECK(rebuild_source_rate_Bps(drive_4tb()) == Approx(150e6));
            CHECK(rebuild_time_s(drive_4tb(), 0.5) == Approx(53333.333));
        }
    }
    GIVEN("an SSD") {
        DriveSpec ssd;
        ssd.kind = DriveKind::Ssd;
        ssd.capacity_bytes = 1e12;
        ssd.ssd.seq_write_Bps = 500e6;
        THEN("it rebuilds at its sequential write rate: 1e12 / (0.25 x 500e6) = 8000 s") {
            CHECK(rebuild_time_s(ssd, 0.25) == Approx(8000.0));
        }
    }
    GIVEN("the modeling notes' URE figures") {
        THEN("reading 6 TB is 38% at 1e-14 per bit and 4.7% at 1e-15") {
            CHECK(p_unrecoverable_read(6e12 * 8, 1e-14) == Approx(0.38122).epsilon(1e-4));
            CHECK(p_unrecoverable_read(6e12 * 8, 1e-15) == Approx(0.046866).epsilon(1e-4));
        }
        THEN("tiny probabilities keep their precision (log1p/expm1)") {
            CHECK(p_unrecoverable_read(8.0, 1e-18) == Approx(8e-18).epsilon(1e-9));
            CHECK(p_unrecoverable_read(0.0, 1e-14) == 0.0);
        }
    }
    GIVEN("datasheet figures and the field rule (x 2, floor 1%)") {
        const FieldAfrRule rule;
        DriveSpec d = drive_4tb();
        WHEN("only an MTBF of 1.2 million hours is given") {
            d.mtbf_hours = 1.2e6;
            THEN("AFR = 1 - exp(-8766 / 1.2e6) = 0.7278%, doubled to 1.4557%") {
                CHECK(afr_from_mtbf(1.2e6) == Approx(0.0072784).epsilon(1e-4));
                const DriveAfr a = field_afr(d, rule);
                CHECK(a.afr == Approx(0.0145568).epsilon(1e-4));
                CHECK(a.basis.find("MTBF") != std::string::npos);
                CHECK(a.basis.find("Schroeder & Gibson") != std::string::npos);
            }
        }
        WHEN("an MTBF of 2.5 million hours gives 0.35%, doubled only 0.70%") {
            d.mtbf_hours = 2.5e6;
            THEN("the 1% floor applies") {
                CHECK(field_afr(d, rule).afr == Approx(0.01));
                CHECK(field_afr(d, rule).basis.find("floor") != std::string::npos);
            }
        }
        WHEN("a datasheet AFR of 0.6% is given (it wins over the MTBF)") {
            d.afr = 0.006;
            d.mtbf_hours = 2.5e6;
            THEN("the field AFR is 1.2%") {
                CHECK(field_afr(d, rule).afr == Approx(0.012));
            }
        }
        WHEN("the drive has neither") {
            THEN("Schroeder & Gibson's common 3% is assumed") {
                CHECK(field_afr(d, rule).afr == Approx(0.03));
                CHECK(field_afr(d, rule).basis.find("assumed") != std::string::npos);
            }
        }
        WHEN("an override is given") {
            THEN("it is used as is") {
                CHECK(field_afr(d, rule, 0.05).afr == Approx(0.05));
            }
        }
        THEN("MTTF from AFR inverts AFR from MTBF") {
            CHECK(mttf_hours_from_afr(afr_from_mtbf(1.2e6)) == Approx(1.2e6));
            CHECK(mttf_hours_from_afr(0.02) == Approx(kMttf));
        }
    }
}

SCENARIO("MTTDL and loss probability per level, hand-worked") {
    GIVEN("RAID 5 of 4 drives") {
        const ReliabilityResult r = assess_reliability(inputs(RaidLevel::Raid5, 4));
        THEN("MTTDL = MTTF^2 / (G (G-1) MTTR) = 1.0590e9 h") {
            CHECK(r.failures_tolerated == 1);
            CHECK(r.rebuild_time_s == Approx(53333.333));
            CHECK(r.drive_afr_used == Approx(0.02));
            CHECK(r.mttdl_hours == Approx(kMttf * kMttf / (4 * 3 * kMttr)));
            CHECK(r.mttdl_hours == Approx(1.05903e9).epsilon(1e-4));
        }
        THEN("the rebuild reads 3 drives: P(URE) = 1 - exp(-0.096) = 0.09154") {
            CHECK(r.p_ure_during_rebuild == Approx(0.091536).epsilon(1e-4));
        }
        THEN("P(loss, 5 y) = 1 - exp(-(T / MTTDL + T x 4 lambda x P(URE))) = 3.635%") {
            CHECK(r.p_loss_drive_failures_horizon == Approx(4.13863e-5).epsilon(1e-4));
            CHECK(r.p_loss_ure_horizon == Approx(0.0363099).epsilon(1e-4));
            CHECK(r.p_data_loss_horizon == Approx(0.0363498).epsilon(1e-4));
            const double rate = 1.0 / r.mttdl_hours + 4 * kLambda * p_ure(3);
            CHECK(r.p_data_loss_horizon == Approx(-std::expm1(-kHorizon * rate)));
        }
    }
    GIVEN("RAID 6 of 6 drives") {
        const ReliabilityResult r = assess_reliability(inputs(RaidLevel::Raid6, 6));
        THEN("MTTDL = MTTF^3 / (G (G-1) (G-2) MTTR^2) = 3.1017e12 h") {
            CHECK(r.failures_tolerated == 2);
            CHECK(r.mttdl_hours ==
                  Approx(kMttf * kMttf * kMttf / (6 * 5 * 4 * kMttr * kMttr)).epsilon(1e-6));
            CHECK(r.mttdl_hours == Approx(3.10172e12).epsilon(1e-4));
        }
        THEN("only a URE in a double-degraded rebuild counts: it reads G - 2 = 4 drives") {
            CHECK(r.p_ure_during_rebuild == Approx(p_ure(4)));
            // Double-degraded rebuilds happen at 6 lambda x 5 lambda MTTR per hour.
            const double ure_rate = 6 * kLambda * 5 * kLambda * kMttr * p_ure(4);
            CHECK(r.p_loss_ure_horizon == Approx(-std::expm1(-kHorizon * ure_rate)));
            CHECK(r.p_data_loss_horizon == Approx(1.24454e-5).epsilon(1e-3));
        }
    }
    GIVEN("RAID 10 of 8 drives with 2 and with 4 disks per span") {
        const ReliabilityResult r2 = assess_reliability(inputs(RaidLevel::Raid10, 8, 2));
        const ReliabilityResult r4 = assess_reliability(inputs(RaidLevel::Raid10, 8, 4));
        THEN("both are 4 mirror pairs in series: MTTF^2 / (2 MTTR) / 4 = 1.5885e9 h") {
            for (const auto& r : {r2, r4}) {
                CHECK(r.failures_tolerated == 1);
                CHECK(r.mttdl_hours == Approx(kMttf * kMttf / (2 * kMttr) / 4));
                CHECK(r.mttdl_hours == Approx(1.58854e9).epsilon(1e-4));
                CHECK(r.p_ure_during_rebuild == Approx(p_ure(1)));  // reads one copy
                CHECK(r.p_data_loss_horizon == Approx(0.0251559).epsilon(1e-4));
            }
            CHECK(r2.p_data_loss_horizon == Approx(r4.p_data_loss_horizon));
        }
    }
    GIVEN("RAID 0+1 of 8 drives (two RAID 0 sides of 4)") {
        const ReliabilityResult r = assess_reliability(inputs(RaidLevel::Raid01, 8));
        THEN("first failure at 8 lambda, then any of the other side's 4: MTTF^2/(2 x 4^2 MTTR)") {
            CHECK(r.mttdl_hours == Approx(kMttf * kMttf / (2 * 16 * kMttr)));
            CHECK(r.mttdl_hours == Approx(3.97134e8).epsilon(1e-4));
            CHECK(r.p_ure_during_rebuild == Approx(p_ure(4)));  // the whole surviving side
            CHECK(r.p_data_loss_horizon == Approx(0.0926272).epsilon(1e-4));
        }
        THEN("it is worse than RAID 10 of the same drives") {
            const ReliabilityResult r10 = assess_reliability(inputs(RaidLevel::Raid10, 8));
            CHECK(r.mttdl_hours < r10.mttdl_hours);
            CHECK(r.p_data_loss_horizon > r10.p_data_loss_horizon);
        }
    }
    GIVEN("a 3-way RAID 1") {
        const ReliabilityResult r = assess_reliability(inputs(RaidLevel::Raid1, 3));
        THEN("MTTDL = MTTF^3 / (3! MTTR^2) = 6.2034e13 h; the last copy's URE counts") {
            CHECK(r.failures_tolerated == 2);
            CHECK(r.mttdl_hours == Approx(kMttf * kMttf * kMttf / (6 * kMttr * kMttr)));
            CHECK(r.mttdl_hours == Approx(6.20343e13).epsilon(1e-4));
            CHECK(r.p_ure_during_rebuild == Approx(p_ure(1)));
            CHECK(r.p_data_loss_horizon == Approx(6.52417e-7).epsilon(1e-3));
        }
    }
    GIVEN("RAID 0 of 4 drives") {
        const ReliabilityResult r = assess_reliability(inputs(RaidLevel::Raid0, 4));
        THEN("no redundancy: MTTDL = MTTF / 4, nothing rebuilt, P(loss) = 1 - exp(-T/MTTDL)") {
            CHECK(r.failures_tolerated == 0);
            CHECK(r.rebuild_time_s == 0.0);
            CHECK(r.p_ure_during_rebuild == 0.0);
            CHECK(r.mttdl_hours == Approx(kMttf / 4));
            CHECK(r.p_data_loss_horizon == Approx(0.332392).epsilon(1e-4));
        }
    }
    GIVEN("6 simple volumes") {
        const ReliabilityResult r = assess_reliability(inputs(RaidLevel::Simple, 6));
        THEN("any drive's loss counts: MTTDL = MTTF / 6, P(loss, 5 y) = 45.45%") {
            CHECK(r.mttdl_hours == Approx(kMttf / 6));
            CHECK(r.p_data_loss_horizon == Approx(0.454516).epsilon(1e-4));
            bool said = false;
            for (const auto& a : r.assumptions) {
                said = said || a.find("Simple volumes are independent") != std::string::npos;
            }
            CHECK(said);
        }
    }
    GIVEN("two RAID 5 volumes of 4 drives") {
        const ReliabilityResult one = assess_reliability(inputs(RaidLevel::Raid5, 4));
        const ReliabilityResult two = assess_reliability(inputs(RaidLevel::Raid5, 4, 0, 2));
        THEN("they are in series: half the MTTDL, twice the loss rate") {
            CHECK(two.mttdl_hours == Approx(one.mttdl_hours / 2));
            CHECK(two.p_data_loss_horizon == Approx(0.0713782).epsilon(1e-4));
            CHECK(-std::log1p(-two.p_data_loss_horizon) ==
                  Approx(-2 * std::log1p(-one.p_data_loss_horizon)));
        }
        THEN("the same as a RAID 50 of 8 drives with 4 per span") {
            const ReliabilityResult r50 = assess_reliability(inputs(RaidLevel::Raid50, 8, 4));
            CHECK(r50.mttdl_hours == Approx(two.mttdl_hours));
            CHECK(r50.p_data_loss_horizon == Approx(two.p_data_loss_horizon));
        }
    }
}

SCENARIO("Reliability moves the right way") {
    GIVEN("RAID 5 groups of 3 to 12 drives") {
        THEN("more drives lose data more often") {
            double previous = 0.0;
            for (int g = 3; g <= 12; ++g) {
                const double p =
                    assess_reliability(inputs(RaidLevel::Raid5, g)).p_data_loss_horizon;
                CHECK(p > previous);
                previous = p;
            }
        }
    }
    GIVEN("RAID 6 and RAID 5 of the same drives") {
        THEN("RAID 6 is safer") {
            for (int g : {4, 6, 8, 12}) {
                CHECK(assess_reliability(inputs(RaidLevel::Raid6, g)).p_data_loss_horizon <
                      assess_reliability(inputs(RaidLevel::Raid5, g)).p_data_loss_horizon);
            }
        }
    }
    GIVEN("a higher bit error rate") {
        ReliabilityInputs in = inputs(RaidLevel::Raid5, 6);
        const ReliabilityResult low = assess_reliability(in);
        in.drive.ber = 1e-14;
        const ReliabilityResult high = assess_reliability(in);
        THEN("UREs and losses are more likely; MTTDL is unchanged") {
            CHECK(high.p_ure_during_rebuild > low.p_ure_during_rebuild);
            CHECK(high.p_data_loss_horizon > low.p_data_loss_horizon);
            CHECK(high.mttdl_hours == Approx(low.mttdl_hours));
        }
    }
    GIVEN("a longer horizon or a slower rebuild") {
        ReliabilityInputs in = inputs(RaidLevel::Raid5, 6);
        const double base = assess_reliability(in).p_data_loss_horizon;
        THEN("losses are more likely") {
            in.horizon_years = 10;
            CHECK(assess_reliability(in).p_data_loss_horizon > base);
            in.horizon_years = 5;
            in.rebuild_rate_fraction = 0.1;
            CHECK(assess_reliability(in).p_data_loss_horizon > base);
        }
        THEN("a zero horizon loses nothing") {
            in.horizon_years = 0;
            CHECK(assess_reliability(in).p_data_loss_horizon == 0.0);
        }
    }
}

TEST_CASE("Reliability refuses inputs it cannot assess") {
    ReliabilityInputs in = inputs(RaidLevel::Raid5, 4);
    SECTION("no capacity") {
        in.drive.capacity_bytes = 0;
        CHECK_THROWS_WITH(assess_reliability(in), Catch::Contains("capacity"));
    }
    SECTION("no rebuild share") {
        in.rebuild_rate_fraction = 0;
        CHECK_THROWS_WITH(assess_reliability(in), Catch::Contains("rebuild_rate_fraction"));
    }
    SECTION("a BER of 1") {
        in.drive.ber = 1.0;
        CHECK_THROWS_WITH(assess_reliability(in), Catch::Contains("BER"));
    }
    SECTION("a negative horizon") {
        in.horizon_years = -1;
        CHECK_THROWS_WITH(assess_reliability(in), Catch::Contains("horizon_years"));
    }
    SECTION("no media rate on a redundant layout, but fine without redundancy") {
        in.drive.hdd.media_rate_outer_Bps = 0;
        in.drive.hdd.media_rate_inner_Bps = 0;
        CHECK_THROWS_WITH(assess_reliability(in), Catch::Contains("media rates"));
        in.layout.level = RaidLevel::Raid0;
        CHECK_NOTHROW(assess_reliability(in));
    }
}
