// The advisor's pieces against hand-worked values: Chen & Patterson's rule, the layouts a drive
// count allows, dominance.

#include <catch2/catch.hpp>

#include "advisor/dominance.h"
#include "advisor/layouts.h"
#include "advisor/stripe_rule.h"

using namespace raidadv;
using namespace raidadv::advisor;

TEST_CASE("Chen & Patterson's stripe unit", "[advisor][stripe]") {
    DriveSpec d;
    d.kind = DriveKind::Hdd;
    d.hdd.rpm = 7200;               // half a revolution 4.1667 ms
    d.hdd.seek_average_s = 8.5e-3;  // positioning 12.6667 ms
    d.hdd.media_rate_outer_Bps = 150e6;
    d.hdd.media_rate_inner_Bps = 50e6;  // mean 100 MB/s
    // 1/4 x 12.6667 ms x 100e6 B/s x (9 - 1) + 512 = 2,533,333 + 512 bytes
    const StripeRule r = chen_patterson_stripe_unit(d, 9.0, {});
    CHECK(r.unit_bytes == Approx(0.25 * 12.6667e-3 * 100e6 * 8 + 512).epsilon(1e-4));
    CHECK(r.rounded_bytes == 1024.0 * 1024);  // clamped to the largest allowed unit
    const StripeRule one = chen_patterson_stripe_unit(d, 1.0, {});
    CHECK(one.unit_bytes == 512.0);
    CHECK(one.rounded_bytes == 4096.0);
    const StripeRule two = chen_patterson_stripe_unit(d, 2.0, {});
    // 316,667 + 512 bytes = 309.75 KiB: nearest power of two on a log scale is 256 KiB
    CHECK(two.rounded_bytes == 256.0 * 1024);
}

TEST_CASE("layouts of a drive count", "[advisor][layouts]") {
    CHECK(layouts_for(RaidLevel::Raid5, 2, false, 0).empty());
    CHECK(layouts_for(RaidLevel::Raid5, 6, false, 0).size() == 1);
    // spread: one RAID 5 of 6, or two of 3
    CHECK(layouts_for(RaidLevel::Raid5, 6, true, 0).size() == 2);
    // RAID 10 of 8: span 0 (stripe over 4 pairs) and 4 disks per span
    CHECK(layouts_for(RaidLevel::Raid10, 8, false, 0).size() == 2);
    // RAID 50 of 12: spans of 3, 4 and 6
    CHECK(layouts_for(RaidLevel::Raid50, 12, false, 0).size() == 3);
    // Independent disks only when the application can spread its data
    CHECK(layouts_for(RaidLevel::Simple, 4, false, 0).empty());
    CHECK(layouts_for(RaidLevel::Simple, 4, true, 0).size() == 1);
    // RAID 1: pairs; a 3-way mirror only when two failures must be survived
    CHECK(layouts_for(RaidLevel::Raid1, 4, true, 1).size() == 1);
    CHECK(layouts_for(RaidLevel::Raid1, 3, false, 1).empty());
    CHECK(layouts_for(RaidLevel::Raid1, 3, false, 2).size() == 1);
    CHECK(drive_counts(24) == std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24});
}

TEST_CASE("dominance", "[advisor][dominance]") {
    DriveSpec a;
    a.info.id = "a";
    a.info.price_usd = 100;
    a.capacity_bytes = 4e12;
    a.afr = 0.01;
    a.interface = "sata-6g";
    DriveSpec b = a;
    b.info.id = "b";
    b.info.price_usd = 120;
    CHECK(drive_dominates(a, b));
    CHECK_FALSE(drive_dominates(b, a));
    b.hdd.rpm = 10000;  // faster: no longer dominated
    CHECK_FALSE(drive_dominates(a, b));
    DriveSpec unknown = a;
    unknown.info.id = "c";
    unknown.info.price_usd = 0;  // no price: never dominated, never dominates
    CHECK_FALSE(drive_dominates(a, unknown));
    CHECK_FALSE(drive_dominates(unknown, a));
    CHECK(undominated_drives({a, b, unknown}).size() == 3);

    ControllerSpec c1;
    c1.info.id = "c1";
    c1.info.price_usd = 300;
    c1.levels = "0,1,5";
    ControllerSpec c2 = c1;
    c2.info.id = "c2";
    c2.info.price_usd = 500;
    CHECK(controller_dominates(c1, 8e9, c2, 8e9));
    CHECK_FALSE(controller_dominates(c1, 4e9, c2, 8e9));  // slower host link
    c2.levels = "0,1,5,6";
    CHECK_FALSE(controller_dominates(c1, 8e9, c2, 8e9));  // c2 builds RAID 6
}
