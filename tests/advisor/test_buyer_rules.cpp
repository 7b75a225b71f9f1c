// The buyer's rules of issue 25: SSD wear, power-loss safety, hot spares and the replacement
// delay, headroom, the year filter for parts one buys, unknown prices, near-identical variants,
// readable scores, ties to the simpler layout, and the way out when nothing fits.

#include <catch2/catch.hpp>
#include <cmath>

#include "advisor/buyer_rules.h"
#include "advisor/explain.h"
#include "advisor/layouts.h"
#include "advisor/topology.h"
#include "advisor/wear.h"
#include "advisor_fixture.h"
#include "layout/geometry.h"
#include "reliability/reliability.h"

using namespace raidadv;
using namespace raidadv::advisor;
using raidadv::test::example_request;
using raidadv::test::run_advisor;

namespace {

Layout layout(RaidLevel level, int drives, int volumes = 1, int span = 0) {
    Layout l;
    l.level = level;
    l.drives = drives;
    l.volumes = volumes;
    l.disks_per_span = span;
    return l;
}

DriveSpec hdd(double tb, double price) {
    DriveSpec d;
    d.info.id = "hdd";
    d.info.name = "Test HDD";
    d.info.price_usd = price;
    d.capacity_bytes = tb * 1e12;
    d.mtbf_hours = 2.5e6;
    d.power_active_w = 8.0;
    d.power_idle_w = 5.0;
    return d;
}

DriveSpec ssd(double endurance_tb, bool plp) {
    DriveSpec d;
    d.info.id = "ssd";
    d.info.name = "Test SSD";
    d.info.price_usd = 200.0;
    d.kind = DriveKind::Ssd;
    d.capacity_bytes = 1e12;
    d.endurance_bytes = endurance_tb * 1e12;
    d.power_loss_protection = plp;
    return d;
}

/// A mirror of two `ssd(600, false)` drives and a workload of 4 KiB requests, `read_fraction`
/// reads: the wear tests' system.
struct WearCase {
    System system;
    Workload workload;
};
WearCase ssd_mirror(double read_fraction) {
    WearCase c;
    c.system.drive = ssd(600.0, false);
    c.system.layout = layout(RaidLevel::Raid1, 2);
    c.workload.read_fraction = read_fraction;
    c.workload.size.fixed_bytes = 4096.0;
    return c;
}

Candidate candidate(const Layout& l, double response_s, double usd, double p_loss = 1e-3) {
    Candidate c;
    c.system.layout = l;
    c.system.drive = hdd(4.0, 100.0);
    c.system.controller.info.id = "ctl";
    c.system.name = describe(c.system);
    c.performance.mean_response_s = response_s;
    c.assessment.total_usd = usd;
    c.assessment.price_known = true;
    c.assessment.usable_bytes = 8e12;
    c.assessment.p_data_loss = p_loss;
    c.assessment.failures_tolerated = 1;
    return c;
}

}  // namespace

TEST_CASE("write amplification is the layout's, as the model maps writes", "[advisor][wear]") {
    CHECK(write_amplification(layout(RaidLevel::Raid0, 4), 4096, 4096) == Approx(1.0));
    CHECK(write_amplification(layout(RaidLevel::Raid1, 2), 4096, 4096) == Approx(2.0));
    CHECK(write_amplification(layout(RaidLevel::Raid10, 4), 4096, 4096) == Approx(2.0));
    // A small write writes its data and one (RAID 5) or two (RAID 6) parity units.
    CHECK(write_amplification(layout(RaidLevel::Raid5, 4), 4096, 4096) == Approx(2.0));
    CHECK(write_amplification(layout(RaidLevel::Raid6, 6), 4096, 4096) == Approx(3.0));
    // Long writes cover whole rows: (k + p) / k, here 5 / 4, within the partial rows at the ends.
    const double big = 64.0 * 4 * 65536;
    CHECK(write_amplification(layout(RaidLevel::Raid5, 5), big, 4096) ==
          Approx(1.25).epsilon(0.03));
}

TEST_CASE("SSD wear: bytes per drive per day against the rated endurance", "[advisor][wear]") {
    auto [s, w] = ssd_mirror(0.0);
    w.arrival_rates_per_s = {1000.0};  // an open load: its rate is the users'
    PointMetrics p;
    p.arrival_rate_per_s = 1000.0;
    p.iops = 1000.0;
    Constraints c;
    c.busy_hours_per_day = 8.0;
    // derived by hand: 1000 x 4096 B/s x 2 copies x 8 h x 3600 s / 2 drives = 117.96 GB/day;
    // 600 TB / (117.96 GB x 365.25) = 13.93 years.
    const Wear wear = ssd_wear(s, w, p, c);
    REQUIRE(wear.applies);
    CHECK(wear.basis == WearBasis::LoadRate);
    CHECK(wear.drive_bytes_per_day == Approx(117.9648e9));
    CHECK(wear.user_write_Bps == Approx(4.096e6));  // what the warning names as the load's rate
    CHECK(wear.years_to_wear_out == Approx(13.93).epsilon(0.002));
    // Busy all day: three times the wear.
    c.busy_hours_per_day = 24.0;
    CHECK(ssd_wear(s, w, p, c).years_to_wear_out == Approx(13.93 / 3).epsilon(0.002));
    CHECK(std::isfinite(wear_throughput_limit(s, w, c)));
    // The user states 50 GB written a day: 50 GB x 2 copies / 2 drives a drive, whatever the
    // load point's rate and the busy hours (600 TB / (50 GB x 365.25) = 32.85 years).
    c.writes_per_day_bytes = 50e9;
    const Wear stated = ssd_wear(s, w, p, c);
    CHECK(stated.basis == WearBasis::Stated);
    CHECK(stated.drive_bytes_per_day == Approx(50e9));
    CHECK(stated.years_to_wear_out == Approx(600e12 / (50e9 * 365.25)));
    p.iops *= 10.0;  // a ten times faster array writes no more of the users' data
    CHECK(ssd_wear(s, w, p, c).drive_bytes_per_day == Approx(50e9));
    // So the search's wear bound on throughput no longer applies (advisor/prune.h).
    CHECK(std::isinf(wear_throughput_limit(s, w, c)));
    s.drive.endurance_bytes = 0.0;  // unknown rating: nothing to judge
    CHECK_FALSE(ssd_wear(s, w, p, c).applies);
}

SCENARIO("SSD wear of a load with requests outstanding and no pause takes the data, not the speed",
         "[advisor][wear]") {
    GIVEN("a mirror of two SSDs, a closed load of writes with no think time, 1 TB of data") {
        auto [s, w] = ssd_mirror(0.3);
        w.concurrency = {32};
        PointMetrics p;
        p.concurrency = 32;
        p.iops = 50000.0;
        Constraints c;
        c.capacity_bytes = 1e12;
        WHEN("the wear is estimated with no daily volume stated") {
            const Wear wear = ssd_wear(s, w, p, c);
            THEN("the data is written once a day: 1 TB x 2 copies / 2 drives a drive") {
                CHECK(wear.basis == WearBasis::DataPerDay);
                CHECK(wear.user_bytes_per_day == Approx(1e12));
                CHECK(wear.drive_bytes_per_day == Approx(1e12));
                // 600 TB / (1 TB x 365.25) = 1.64 years
                CHECK(wear.years_to_wear_out == Approx(600.0 / 365.25));
                CHECK(unstated_writes_basis(w, c) == "the data (1 TB) written once a day");
            }
            THEN("a ten times faster array wears its drives no faster, nor do busier hours") {
                PointMetrics faster = p;
                faster.iops *= 10.0;
                c.busy_hours_per_day = 24.0;
                CHECK(ssd_wear(s, w, faster, c).drive_bytes_per_day ==
                      Approx(wear.drive_bytes_per_day));
                CHECK(std::isinf(wear_throughput_limit(s, w, c)));
            }
        }
        WHEN("the capacity grows 20% a year over 5 years") {
            c.growth_per_year = 0.2;
            THEN("the data at the horizon's end is what is written") {
                CHECK(ssd_wear(s, w, p, c).user_bytes_per_day == Approx(1e12 * std::pow(1.2, 5.0)));
            }
        }
        WHEN("no capacity is asked for") {
            c.capacity_bytes = 0.0;
            THEN(
                "the data filling the mirror (one drive's 1 TB x the fill limit) is what is "
                "written") {
                const double usable = s.drive.capacity_bytes;  // a mirror keeps one drive's bytes
                CHECK(ssd_wear(s, w, p, c).user_bytes_per_day ==
                      Approx(usable * c.max_fill_fraction));
                CHECK(unstated_writes_basis(w, c) ==
                      "the data filling the array written once a day");
            }
        }
        WHEN("the load only reads") {
            w.read_fraction = 1.0;
            THEN("nothing wears") {
                CHECK(ssd_wear(s, w, p, c).drive_bytes_per_day == 0.0);
            }
        }
        WHEN("the users pause between requests (think time)") {
            w.think_time_s = 0.01;
            THEN("the load's own rate counts for the busy hours, as with an open load") {
                const Wear paced = ssd_wear(s, w, p, c);
                CHECK(paced.basis == WearBasis::LoadRate);
                CHECK(paced.user_bytes_per_day == Approx(50000.0 * 0.7 * 4096.0 * 8.0 * 3600.0));
                CHECK(std::isfinite(wear_throughput_limit(s, w, c)));
                CHECK(unstated_writes_basis(w, c) ==
                      "the heaviest load point's rate for 8 busy hours a day");
            }
        }
    }
}

TEST_CASE(
    "a video editor's stated daily writes keep fast NVMe drives from a flat-out wear "
    "verdict",
    "[advisor][wear]") {
    // Eight 4K streams read at 88 MB/s each with 10% written back: requests kept outstanding
    // with no pause make the heaviest point as fast as the drives go, and 8 busy hours of that
    // wear out consumer NVMe drives; what eight streams write (about 2 TB a day) does not.
    auto request = example_request("advisor-nvme-scratch.json");
    REQUIRE(request.constraints.writes_per_day_bytes == 2e12);  // as the example states
    request.constraints.writes_per_day_bytes = 0.0;             // not given
    const Result flat_out = run_advisor(request);
    REQUIRE(flat_out.stats.rejected.count("SSDs wear out before the horizon") == 1);
    request.constraints.writes_per_day_bytes = 2e12;
    const Result stated = run_advisor(request);
    CHECK(stated.stats.rejected.count("SSDs wear out before the horizon") == 0);
    REQUIRE_FALSE(stated.ranked.empty());
    // Cheaper drives compete now, and the pick costs no more.
    CHECK(test::pick(stated).assessment.total_usd <= test::pick(flat_out).assessment.total_usd);
    for (const Candidate& c : stated.ranked) {
        INFO(c.system.name);
        REQUIRE_FALSE(c.performance.points.empty());
        const Wear wear =
            ssd_wear(c.system, request.workload, c.performance.points.back(), request.constraints);
        CHECK(wear.years_to_wear_out >= request.constraints.horizon_years);
    }
}

TEST_CASE("power-loss safe writes refuse SSDs without power-loss protection",
          "[advisor][power-loss]") {
    Constraints c;
    CHECK(drive_refused(ssd(600, false), c).empty());
    c.power_loss_safe_writes = true;
    CHECK_FALSE(drive_refused(ssd(600, false), c).empty());
    CHECK(drive_refused(ssd(600, true), c).empty());
    CHECK(drive_refused(hdd(4, 100), c).empty());  // HDDs get their cache turned off instead

    // In the search: a consumer SSD of the bundled catalog, which has no power-loss protection
    // (the small test catalog's SSD has it since the catalog of issue 25 requires the column).
    advisor::Request r;
    r.workload.concurrency = {4};
    r.workload.size.fixed_bytes = 4096.0;
    r.workload.read_fraction = 0.7;
    r.constraints.capacity_bytes = 500e9;
    r.constraints.drives = {"samsung-870-evo-1tb"};
    r.constraints.power_loss_safe_writes = true;
    SearchOptions quick;
    quick.find_way_out = false;
    const Result result = recommend(r, raidadv::test::bundled_catalog(), quick);
    CHECK(result.ranked.empty());
    CHECK(result.stats.rejected.count(drive_refused(ssd(600, false), r.constraints)) == 1);
}

TEST_CASE("drive-managed SMR drives are refused where a day's writes overflow their cache",
          "[advisor][smr]") {
    // Four drive-managed SMR BarraCudas of the bundled catalog, 256 KiB requests from 8 streams:
    // half writes fill far more than the ~20 GB media cache each busy day (Aghayev & Desnoyers
    // 2015); reads alone write nothing and keep them.
    advisor::Request r;
    r.workload.concurrency = {8};
    r.workload.size.fixed_bytes = 256.0 * 1024.0;
    r.workload.read_fraction = 0.5;
    r.constraints.capacity_bytes = 1e12;
    r.constraints.max_fill_fraction = 1.0;
    r.constraints.drives = {"seagate-st2000dm008"};
    SearchOptions quick;
    quick.find_way_out = false;
    const std::string reason = "SMR drives: a day's writes overflow their media cache";
    const Result writing = recommend(r, raidadv::test::bundled_catalog(), quick);
    CHECK(writing.ranked.empty());
    CHECK(writing.stats.rejected.count(reason) == 1);
    r.workload.read_fraction = 1.0;
    const Result reading = recommend(r, raidadv::test::bundled_catalog(), quick);
    REQUIRE_FALSE(reading.ranked.empty());
    CHECK(reading.ranked.front().system.drive.smr);
    CHECK(reading.stats.rejected.count(reason) == 0);
}

TEST_CASE("the year filter applies only to parts one buys", "[advisor][year]") {
    Constraints c;
    c.min_year = 2020;
    CatalogInfo md;
    md.year = 2001;
    md.price_usd = 0.0;
    md.price_date = "2024";  // a known price of nothing: software that comes with the OS
    CHECK(in_era(md, c));
    CatalogInfo card = md;
    card.price_usd = 300.0;
    CHECK_FALSE(in_era(card, c));
    CatalogInfo unknown = md;
    unknown.price_date.clear();  // an unknown price is still a part one buys
    CHECK_FALSE(in_era(unknown, c));

    auto request = example_request("advisor-nvme-scratch.json");
    request.constraints.min_year = 2022;  // linux-md is from 2001 in the catalog
    const Result result = run_advisor(request);
    REQUIRE_FALSE(result.ranked.empty());
    CHECK(result.ranked.front().system.controller.info.id == "linux-md");
}

TEST_CASE("hot spares: counted, costed, given a bay; without one the rebuild waits",
          "[advisor][spares]") {
    CHECK(hot_spare_count(layout(RaidLevel::Raid0, 4), HotSpares::One) == 0);
    CHECK(hot_spare_count(layout(RaidLevel::Raid5, 4), HotSpares::None) == 0);
    CHECK(hot_spare_count(layout(RaidLevel::Raid5, 4), HotSpares::One) == 1);
    CHECK(hot_spare_count(layout(RaidLevel::Raid10, 4, 3), HotSpares::PerVolume) == 3);

    System s;
    s.drive = hdd(4.0, 100.0);
    s.layout = layout(RaidLevel::Raid5, 4);
    advisor::Request r;
    r.enclosure_cost_per_bay_usd = 10.0;
    r.bays_owned = 4;
    r.replacement_hours = 72.0;
    const Assessment none = assess(s, r, true);
    r.hot_spares = HotSpares::One;
    const Assessment spare = assess(s, r, true);
    CHECK(spare.spare_drives == 1);
    CHECK(spare.spares_usd == Approx(110.0));  // a drive and the fifth bay
    CHECK(spare.total_usd == Approx(none.total_usd + 110.0));
    // Rebuild 4 TB at half of (100 + 50) / 2 MB/s = 29.6 h; without the spare 72 h more.
    CHECK(spare.mttr_hours == Approx(4e12 / 37.5e6 / 3600.0));
    CHECK(none.mttr_hours == Approx(72.0 + spare.mttr_hours));
    // RAID 5's MTTDL is inversely proportional to the MTTR (Gibson 1992).
    CHECK(none.mttdl_hours == Approx(spare.mttdl_hours * spare.mttr_hours / none.mttr_hours));
    CHECK(none.p_data_loss > spare.p_data_loss);

    // In the search the spare needs a bay: 4 bays hold a 3-drive RAID 5 and its spare at most.
    auto request = example_request("advisor-small-nas.json");
    request.hot_spares = HotSpares::One;
    request.constraints.max_drive_bays = 4;
    request.constraints.levels = {RaidLevel::Raid5};
    request.constraints.budget_usd = 0.0;
    const Result result = run_advisor(request);
    REQUIRE_FALSE(result.ranked.empty());
    for (const Candidate& c : result.ranked) {
        CHECK(c.system.total_drives() + c.assessment.spare_drives <= 4);
        CHECK(c.assessment.spare_drives == 1);
    }

    // The host's bays, not its ports, bound the drives and spares it holds: the TrueNAS Mini
    // X+ has 7 bays and 8 SATA ports. Beyond the bays a JBOD holds them, in the plan and cost.
    auto zfs = example_request("advisor-small-nas.json");
    zfs.host = test::bundled_catalog().host("truenas-mini-x-plus").value();
    REQUIRE(zfs.host.drive_bays == 7);
    REQUIRE(zfs.host.onboard_sata_ports == 8);
    zfs.constraints.owned_controller.clear();
    zfs.constraints.raid_software = RaidSoftware::Zfs;
    zfs.constraints.max_drive_bays = 32;
    zfs.constraints.capacity_bytes = 40e12;
    zfs.constraints.budget_usd = 0.0;
    zfs.hot_spares = HotSpares::One;
    const Result big = run_advisor(zfs);
    REQUIRE_FALSE(big.ranked.empty());
    int filled = 0;
    for (const Candidate& c : big.ranked) {
        int enclosure_bays = 0;
        for (const TopologyPart& part : c.assessment.attached_parts) {
            enclosure_bays += part.count * part.bays;
        }
        INFO(c.system.name);
        CHECK(c.system.all_drives() + c.assessment.spare_drives <= 7 + enclosure_bays);
        filled += c.system.all_drives() + c.assessment.spare_drives == 7 ? 1 : 0;
    }
    CHECK(filled > 0);  // the bound is reached, not avoided
}

TEST_CASE("headroom: the array offers capacity / max fill", "[advisor][headroom]") {
    Constraints c;
    c.capacity_bytes = 12e12;
    c.horizon_years = 0.0;
    CHECK(c.capacity_to_provide_bytes() == Approx(15e12));  // 80% full at most by default
    c.max_fill_fraction = 1.0;
    CHECK(c.capacity_to_provide_bytes() == Approx(12e12));

    auto request = example_request("advisor-small-nas.json");
    const Result result = run_advisor(request);
    REQUIRE_FALSE(result.ranked.empty());
    CHECK(result.ranked.front().assessment.usable_bytes >=
          request.constraints.capacity_needed_bytes() / request.constraints.max_fill_fraction);
}

TEST_CASE("near-identical candidates become one row with variants, the simplest shown",
          "[advisor][variants]") {
    std::vector<Candidate> list;
    list.push_back(candidate(layout(RaidLevel::Raid10, 8, 1, 4), 0.0100, 1000.0));
    list.push_back(candidate(layout(RaidLevel::Raid10, 4, 2), 0.0101, 1000.0));
    list.push_back(candidate(layout(RaidLevel::Raid10, 8), 0.0102, 1000.0));
    list.push_back(candidate(layout(RaidLevel::Raid10, 8), 0.0200, 1000.0));  // 2x slower
    fold_variants(list);
    REQUIRE(list.size() == 2);
    const Candidate& row = list.front();
    CHECK(row.system.layout.volumes == 1);
    CHECK(row.system.layout.disks_per_span == 0);  // no spans: the simplest to set up
    CHECK(row.variants.size() == 2);
    CHECK(list.back().variants.empty());
}

TEST_CASE("scores: ties are ties, the best is 100, nothing kept is worthless", "[advisor][rank]") {
    Result result;
    result.ranked.push_back(candidate(layout(RaidLevel::Raid10, 8, 1, 4), 0.010, 1000.0));
    result.ranked.push_back(candidate(layout(RaidLevel::Raid10, 8), 0.010, 1000.0));
    result.ranked.push_back(candidate(layout(RaidLevel::Raid5, 8), 0.020, 1000.0));
    result.ranked.push_back(candidate(layout(RaidLevel::Raid5, 8), 2.0, 1000.0));
    advisor::Request r;
    r.weights = {1.0, 0.0, 0.0, 0.0};
    rank(result, r);
    CHECK(result.ranked[0].score == Approx(100.0));
    CHECK(result.ranked[1].score == result.ranked[0].score);
    // Ties go to the simpler layout, not to the name.
    CHECK(result.ranked[0].system.layout.disks_per_span == 0);
    CHECK(result.ranked[2].score == Approx(50.0));  // twice as slow
    CHECK(result.ranked[3].score > 0.0);
}

TEST_CASE("score text: ties at the shown precision read '='", "[advisor][rank]") {
    std::vector<Candidate> ranked(6);
    const double scores[] = {100.0, 99.6, 97.0, 96.4, 0.8, 0.3};
    for (std::size_t i = 0; i < ranked.size(); ++i) {
        ranked[i].score = scores[i];
    }
    CHECK(score_text(ranked, 0) == "100=");  // 99.6 shows as 100 too
    CHECK(score_text(ranked, 1) == "100=");
    CHECK(score_text(ranked, 2) == "97");  // 96.4 shows as 96
    CHECK(score_text(ranked, 3) == "96");
    CHECK(score_text(ranked, 4) == "<1");  // not told apart, not a tie either
    CHECK(score_text(ranked, 5) == "<1");
    CHECK(score_text(ranked, 6).empty());
}

TEST_CASE("a part without a price stays in the search, after the priced ones", "[advisor][price]") {
    Result result;
    result.ranked.push_back(candidate(layout(RaidLevel::Raid10, 4), 0.005, 100.0));
    result.ranked.back().assessment.price_known = false;
    result.ranked.push_back(candidate(layout(RaidLevel::Raid10, 4), 0.010, 1000.0));
    advisor::Request r;
    rank(result, r);
    CHECK(result.ranked.front().assessment.price_known);
    CHECK_FALSE(result.ranked.back().assessment.price_known);
    r.weights.cost = 0.0;  // cost does not count: the faster one leads
    rank(result, r);
    CHECK_FALSE(result.ranked.front().assessment.price_known);
}

TEST_CASE("nothing fits: the binding constraint and the way out", "[advisor][way-out]") {
    auto request = example_request("advisor-small-nas.json");
    request.constraints.budget_usd = 50.0;
    const Result result = recommend(request, raidadv::test::bundled_catalog());
    REQUIRE(result.ranked.empty());
    REQUIRE_FALSE(result.way_out.empty());
    CHECK(result.way_out.front().find("budget") != std::string::npos);
    CHECK(result.way_out.front().find("$") != std::string::npos);

    request.constraints.budget_usd = 0.0;
    request.constraints.capacity_bytes = 1e15;  // a petabyte in a few bays
    const Result big = recommend(request, raidadv::test::bundled_catalog());
    REQUIRE(big.ranked.empty());
    REQUIRE_FALSE(big.way_out.empty());
    CHECK(big.way_out.front().find("most usable capacity") != std::string::npos);
    CHECK(big.way_out.front().find("at most 4 bays, the most") != std::string::npos);

    // A host with fewer bays of its own than the request allows says so (the request's number
    // bounds enclosures added).
    request.host.drive_bays = 2;
    const Result small_host = recommend(request, raidadv::test::bundled_catalog());
    REQUIRE_FALSE(small_host.way_out.empty());
    CHECK(small_host.way_out.front().find("at most 4 bays (the host has 2 of its own)") !=
          std::string::npos);
}

TEST_CASE("nothing fits for SSD wear: the way out asks for the day's writes",
          "[advisor][way-out]") {
    // The video scratch question without its stated daily writes, over ten years: its 8 TB
    // written once a day (the default, wear.h) wears out every array within the budget.
    auto request = example_request("advisor-nvme-scratch.json");
    request.constraints.writes_per_day_bytes = 0.0;
    request.constraints.horizon_years = 10.0;
    request.constraints.budget_usd = 1300.0;
    const Result result = recommend(request, raidadv::test::bundled_catalog());
    REQUIRE(result.ranked.empty());
    REQUIRE(result.stats.rejected.count("SSDs wear out before the horizon") == 1);
    const auto wear = std::find_if(result.way_out.begin(), result.way_out.end(), [](auto& t) {
        return t.find("would wear out within the horizon") != std::string::npos;
    });
    REQUIRE(wear != result.way_out.end());
    INFO(*wear);
    CHECK(wear->find("taking the data (8 TB) written once a day") != std::string::npos);
    CHECK(wear->find("at 1 GB a day the pick would be") != std::string::npos);
    CHECK(wear->find("TB written a day") != std::string::npos);
    // Stated, the same question has an answer.
    request.constraints.writes_per_day_bytes = 1e9;
    CHECK_FALSE(recommend(request, raidadv::test::bundled_catalog()).ranked.empty());
    // Without the budget something fits, and the pick's explanation says what wear left out.
    request.constraints.writes_per_day_bytes = 0.0;
    request.constraints.budget_usd = 0.0;
    const Result any = recommend(request, raidadv::test::bundled_catalog());
    REQUIRE_FALSE(any.ranked.empty());
    REQUIRE_FALSE(any.explanations.empty());
    const auto& changes = any.explanations.front().what_would_change;
    CHECK(std::any_of(changes.begin(), changes.end(), [](const std::string& t) {
        return t.find("SSD configurations were left out because their drives would wear out") !=
               std::string::npos;
    }));
}

TEST_CASE("reliability in words: losing the array apart from an unreadable sector",
          "[advisor][reliability]") {
    System s;
    s.drive = hdd(16.0, 300.0);
    s.drive.ber = 1e-14;
    s.layout = layout(RaidLevel::Raid5, 6);
    advisor::Request r;
    const Assessment a = assess(s, r, true);
    CHECK(a.p_array_loss > 0.0);
    CHECK(a.p_unreadable_stripe > a.p_array_loss);  // 80 TB read at 1e-14: URE dominates
    CHECK(a.p_data_loss >= a.p_unreadable_stripe);
    bool raid5_warning = false;
    for (const std::string& w : a.warnings) {
        raid5_warning = raid5_warning || w.find("RAID 5 on 16.0 TB drives is risky") == 0;
    }
    CHECK(raid5_warning);
    s.layout = layout(RaidLevel::Raid6, 6);
    CHECK(assess(s, r, true).warnings.empty());

    // Consumer drives in a 24x7 server are named.
    s.drive.mtbf_hours = 0.0;  // not rated for continuous duty
    r.constraints.busy_hours_per_day = 24.0;
    CHECK(assess(s, r, true).warnings.size() == 1);
}

TEST_CASE("md raid10 on 3 drives: the near layout's geometry and loss model", "[advisor][md]") {
    Layout l = layout(RaidLevel::Raid10, 3);
    l.stripe_unit_bytes = 65536.0;
    CHECK(usable_bytes(l, 1e12) == Approx(1.5e12));
    CHECK(failures_tolerated(l) == 1);
    // Three chunks written: every drive holds two of the six copies (raid10.c near layout:
    // chunk u on drives 2u mod 3 and 2u + 1 mod 3).
    const ArrayRequest w = map_write(make_geometry(l), 0.0, 3 * 65536.0);
    std::vector<double> per_disk(3, 0.0);
    for (const IoPhase& phase : w.phases) {
        for (const DiskIo& io : phase.ios) {
            per_disk[static_cast<std::size_t>(io.disk)] += io.bytes;
        }
    }
    CHECK(per_disk[0] == Approx(2 * 65536.0));
    CHECK(per_disk[1] == Approx(2 * 65536.0));
    CHECK(per_disk[2] == Approx(2 * 65536.0));
    // Any two failures lose data: one group of 3 members tolerating 1.
    const LossModel m = loss_model(l);
    CHECK(m.groups == 1);
    CHECK(m.members == 3);
    CHECK(m.tolerated == 1);
    // An even raid10 keeps its mirror pairs: unit 1 of a 4-drive raid10 is on drives 2 and 3.
    const ArrayRequest even =
        map_write(make_geometry(layout(RaidLevel::Raid10, 4)), 65536.0, 4096.0);
    REQUIRE(even.phases.size() == 1);
    CHECK(even.phases[0].ios.size() == 2);
    CHECK(even.phases[0].ios[0].disk + even.phases[0].ios[1].disk == 5);

    // The search offers it only where Linux md builds the array, with md's far and offset
    // layouts (on 2 drives only those: near on 2 is raid1); a hardware RAID 10 keeps near.
    const auto md3 = layouts_for(RaidLevel::Raid10, 3, false, 1, true);
    REQUIRE(md3.size() == 3);
    CHECK(md3[0].placement == CopyPlacement::Near);
    CHECK(md3[1].placement == CopyPlacement::Far);
    CHECK(md3[2].placement == CopyPlacement::Offset);
    CHECK(layouts_for(RaidLevel::Raid10, 3, false, 1, false).empty());
    CHECK(layouts_for(RaidLevel::Raid10, 2, false, 1, true).size() == 2);
    CHECK(layouts_for(RaidLevel::Raid10, 2, false, 1, false).empty());
    CHECK(layouts_for(RaidLevel::Raid10, 8, false, 1, true).size() ==
          layouts_for(RaidLevel::Raid10, 8, false, 1, false).size() + 2);
    for (const Layout& hw : layouts_for(RaidLevel::Raid10, 8, false, 1, false)) {
        CHECK(hw.placement == CopyPlacement::Near);
    }
}
