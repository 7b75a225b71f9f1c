// Cost: parts, bays, power and $/TB worked by hand; Bang per buck against Hauser et al. 1996,
// Table II (core/cost).

#include <catch2/catch.hpp>
#include <stdexcept>

#include "cost/cost.h"
#include "fixtures.h"

using namespace raidadv;

namespace {

/// 6 x 500 GB drives at $100 (test fixture) in RAID 5, a $300 controller, 8 W active / 5 W idle.
CostInputs raid5_six() {
    CostInputs in;
    in.system = test::plain_system(test::hdd_7200(), RaidLevel::Raid5, 6);
    in.system.drive.power_active_w = 8.0;
    in.system.drive.power_idle_w = 5.0;
    in.system.controller.info.name = "test controller";
    in.system.controller.info.price_usd = 300.0;
    return in;
}

}  // namespace

SCENARIO("Cost of a RAID 5 of six drives, worked by hand") {
    GIVEN("drives and a controller with prices") {
        CostInputs in = raid5_six();
        WHEN("nothing else is counted") {
            const CostResult r = estimate_cost(in);
            THEN("6 x $100 + $300 = $900 for 5 x 500 GB = 2.5 TB usable: $360 per TB") {
                CHECK(r.drives_usd == Approx(600.0));
                CHECK(r.controller_usd == Approx(300.0));
                CHECK(r.enclosure_usd == 0.0);
                CHECK(r.power_usd == 0.0);
                CHECK(r.total_usd == Approx(900.0));
                CHECK(r.prices_known);
                CHECK(r.missing_prices.empty());
                CHECK(r.usable_bytes == Approx(2.5e12));
                CHECK(r.usd_per_usable_tb == Approx(360.0));
            }
        }
        WHEN("the controller's RAID needs host software sold at $250") {
            in.system.controller.raid_software_usd = 250.0;
            THEN("a RAID layout pays for it unless the user has it") {
                CHECK(estimate_cost(in).raid_software_usd == Approx(250.0));
                CHECK(estimate_cost(in).total_usd == Approx(1150.0));
                in.raid_software_owned = true;
                CHECK(estimate_cost(in).raid_software_usd == 0.0);
                CHECK(estimate_cost(in).total_usd == Approx(900.0));
            }
            AND_THEN("simple volumes never do (Hauser et al. 1996, Table II)") {
                in.system = test::plain_system(test::hdd_7200(), RaidLevel::Simple, 6);
                in.system.controller.raid_software_usd = 250.0;
                CHECK(estimate_cost(in).raid_software_usd == 0.0);
            }
        }
        WHEN("4 bays are owned and more cost $50 each, and power is counted") {
            in.enclosure_cost_per_bay_usd = 50.0;
            in.bays_owned = 4;
            in.include_power = true;
            in.power_price_usd_per_kwh = 0.15;
            in.horizon_years = 5;
            in.duty_active_fraction = 0.3;
            const CostResult r = estimate_cost(in);
            THEN(
                "bays: 2 x $50; power: 6 x (0.3 x 8 + 0.7 x 5) W = 35.4 W x 43 830 h = "
                "1551.58 kWh x $0.15 = $232.74") {
                CHECK(r.enclosure_usd == Approx(100.0));
                CHECK(r.power_usd == Approx(232.7373));
                CHECK(r.total_usd == Approx(1232.7373));
                CHECK(r.usd_per_usable_tb == Approx(1232.7373 / 2.5));
            }
        }
        WHEN("the user owns the controller") {
            in.controller_owned = true;
            THEN("it costs nothing and no price is missing") {
                const CostResult r = estimate_cost(in);
                CHECK(r.controller_usd == 0.0);
                CHECK(r.total_usd == Approx(600.0));
                CHECK(r.prices_known);
            }
        }
    }
    GIVEN("parts without prices") {
        CostInputs in = raid5_six();
        in.system.controller.info.price_usd = 0.0;
        in.system.drive.power_active_w = 0.0;
        in.include_power = true;
        const CostResult r = estimate_cost(in);
        THEN("they are listed and the total is a lower bound") {
            CHECK_FALSE(r.prices_known);
            REQUIRE(r.missing_prices.size() == 2);
            CHECK(r.missing_prices[0] == "controller 'test controller'");
            CHECK(r.missing_prices[1].find("power") != std::string::npos);
            CHECK(r.total_usd == Approx(600.0));
        }
    }
    GIVEN("a controller the project file does not model") {
        CostInputs in = raid5_six();
        in.system.controller.info.price_usd = 0.0;
        in.system.controller.info.source = "not modelled: the project file names no such component";
        THEN("it is not a missing price") {
            const CostResult r = estimate_cost(in);
            CHECK(r.prices_known);
            CHECK(r.controller_usd == 0.0);
        }
    }
    GIVEN("invalid inputs") {
        CostInputs in = raid5_six();
        THEN("each is refused by name") {
            in.duty_active_fraction = 1.5;
            CHECK_THROWS_WITH(estimate_cost(in), Catch::Contains("duty_active_fraction"));
            in.duty_active_fraction = 0.3;
            in.bays_owned = -1;
            CHECK_THROWS_WITH(estimate_cost(in), Catch::Contains("bays_owned"));
        }
    }
}

SCENARIO("Bang per buck (Hauser, Berman & Thoma 1996, Table II)") {
    // The SSA 101 with 18 drives cost $26,733; each drive gives 863 MB of user data; the six
    // drives of each configuration cost 6/18 of it, $8,911. Mean file 162.5 KB.
    const double price = 26733.0 / 18.0 * 6.0;
    const double file = 162.5e3;
    GIVEN("3-disk RAID 0+1: retrieval 0.109 s, additional 0.032 s, 3 x 863 MB of user data") {
        const double bang = hauser_bang_Bps(file, 0.109, 0.032);
        THEN("Bang 1.152, 3.442 K$/GB, 0.335 Bang/K$/GB") {
            CHECK(bang / 1e6 == Approx(1.152).epsilon(1e-3));
            CHECK(kusd_per_usable_gb(price, 3 * 0.863e9) == Approx(3.442).epsilon(1e-3));
            CHECK(hauser_bang_per_kusd_per_gb(bang, price, 3 * 0.863e9) ==
                  Approx(0.335).epsilon(2e-3));
        }
    }
    GIVEN("6-disk RAID 5: 0.127 s + 0.041 s, 5 x 863 MB") {
        const double bang = hauser_bang_Bps(file, 0.127, 0.041);
        THEN("Bang 0.967, 2.065 K$/GB, 0.468 Bang/K$/GB") {
            CHECK(bang / 1e6 == Approx(0.967).epsilon(1e-3));
            CHECK(kusd_per_usable_gb(price, 5 * 0.863e9) == Approx(2.065).epsilon(1e-3));
            CHECK(hauser_bang_per_kusd_per_gb(bang, price, 5 * 0.863e9) ==
                  Approx(0.468).epsilon(2e-3));
        }
    }
    GIVEN("6-disk RAID 0: 0.115 s + 0.033 s, 6 x 863 MB") {
        const double bang = hauser_bang_Bps(file, 0.115, 0.033);
        THEN("Bang 1.098, 1.721 K$/GB, 0.638 Bang/K$/GB") {
            CHECK(bang / 1e6 == Approx(1.098).epsilon(1e-3));
            CHECK(kusd_per_usable_gb(price, 6 * 0.863e9) == Approx(1.721).epsilon(1e-3));
            CHECK(hauser_bang_per_kusd_per_gb(bang, price, 6 * 0.863e9) ==
                  Approx(0.638).epsilon(2e-3));
        }
    }
    GIVEN("degenerate inputs") {
        THEN("documented zeros, never NaN or infinity") {
            CHECK(hauser_bang_Bps(file, 0.0, 0.0) == 0.0);
            CHECK(kusd_per_usable_gb(price, 0.0) == 0.0);
            CHECK(hauser_bang_per_kusd_per_gb(1e6, 0.0, 1e9) == 0.0);
        }
    }
}
