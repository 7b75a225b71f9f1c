// Reference values for core/cost worked by hand: owned bays below, at and above the drive count,
// the power formula term by term (drive_power_usd, derived in cost.h), RAID software per level.
#include <catch2/catch.hpp>

#include "cost/cost.h"
#include "fixtures.h"

using namespace raidadv;

namespace {

CostInputs six_drives(RaidLevel level) {
    CostInputs in;
    in.system = test::plain_system(test::hdd_7200(), level, 6);  // 6 x $100, 500 GB
    in.system.controller.info.name = "test controller";
    in.system.controller.info.price_usd = 300.0;
    in.enclosure_cost_per_bay_usd = 50.0;
    return in;
}

}  // namespace

TEST_CASE("Owned bays: below, at and above the drives used") {
    CostInputs in = six_drives(RaidLevel::Raid5);
    const std::pair<int, double> cases[] = {{0, 300.0}, {4, 100.0}, {6, 0.0}, {10, 0.0}};
    for (const auto& [owned, enclosure] : cases) {
        INFO(owned << " bays owned");
        in.bays_owned = owned;
        const CostResult r = estimate_cost(in);
        CHECK(r.enclosure_usd == Approx(enclosure));  // never negative
        CHECK(r.total_usd == Approx(600.0 + 300.0 + enclosure));
    }
}

TEST_CASE("Drive power over a horizon, term by term") {
    DriveSpec d = test::hdd_7200();
    d.power_active_w = 10.0;
    d.power_idle_w = 4.0;
    // 2 drives x (0.5 x 10 + 0.5 x 4) W = 14 W x 2 x 8766 h = 245.448 kWh x $0.20 = $49.0896.
    CHECK(drive_power_usd(2, d, 0.5, 2.0, 0.20) == Approx(49.0896));
    // Always active: 10 W x 8766 h = 87.66 kWh at $1.
    CHECK(drive_power_usd(1, d, 1.0, 1.0, 1.0) == Approx(87.66));
    // Always idle: 4 W x 8766 h = 35.064 kWh.
    CHECK(drive_power_usd(1, d, 0.0, 1.0, 1.0) == Approx(35.064));
}

TEST_CASE("RAID software is charged for every RAID level but simple volumes") {
    for (RaidLevel level : {RaidLevel::Raid0, RaidLevel::Raid10, RaidLevel::Raid6}) {
        CostInputs in = six_drives(level);
        in.enclosure_cost_per_bay_usd = 0.0;
        in.system.controller.raid_software_usd = 250.0;
        INFO(to_string(level));
        CHECK(estimate_cost(in).raid_software_usd == Approx(250.0));
    }
    CostInputs simple = six_drives(RaidLevel::Simple);
    simple.system.controller.raid_software_usd = 250.0;
    CHECK(estimate_cost(simple).raid_software_usd == 0.0);
}

TEST_CASE("Dollars per usable TB and Hauser's K$ per GB, by hand") {
    CostInputs in = six_drives(RaidLevel::Raid10);  // 3 x 500 GB usable
    in.enclosure_cost_per_bay_usd = 0.0;
    const CostResult r = estimate_cost(in);
    CHECK(r.usable_bytes == Approx(1.5e12));
    CHECK(r.usd_per_usable_tb == Approx(900.0 / 1.5));
    // $3000 for 6 GB: 3 K$ / 6 GB = 0.5 K$/GB; a Bang of 2 MB/s is 2 KB/ms -> 4 per K$/GB.
    CHECK(kusd_per_usable_gb(3000.0, 6e9) == Approx(0.5));
    CHECK(hauser_bang_per_kusd_per_gb(2e6, 3000.0, 6e9) == Approx(4.0));
    CHECK(hauser_bang_Bps(162.5e3, 0.5, 0.15) == Approx(250e3));
}
