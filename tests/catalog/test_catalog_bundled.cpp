// The bundled catalog (resources/catalog/*.csv): builds cleanly, is big enough, cites its
// sources, and gives the SI values worked out by hand from the datasheets.

#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "catalog/catalog.h"
#include "catalog_test_support.h"

using raidadv::Catalog;
using raidadv::CatalogError;

namespace {

std::string describe(const std::vector<CatalogError>& errors) {
    std::string text;
    for (const CatalogError& e : errors) {
        text += e.where + ": " + e.message + "\n";
    }
    return text;
}

const Catalog& bundled() {
    static const Catalog catalog = Catalog::open(RAID_CATALOG_DB);
    return catalog;
}

}  // namespace

TEST_CASE("the bundled sources build without problems", "[catalog]") {
    raidadv::test::TempDir dir;
    const auto errors =
        Catalog::build(std::filesystem::path(RAID_RESOURCES_DIR) / "catalog", dir / "catalog.db");
    INFO(describe(errors));
    REQUIRE(errors.empty());
    const Catalog fresh = Catalog::open(dir / "catalog.db");
    CHECK(fresh.drives().size() == bundled().drives().size());
}

TEST_CASE("the bundled catalog has at least 25 entries, each citing a source", "[catalog]") {
    const Catalog& c = bundled();
    const auto drives = c.drives();
    const auto controllers = c.controllers();
    const auto links = c.links();
    const auto hosts = c.hosts();
    CHECK(drives.size() + controllers.size() + links.size() + hosts.size() >= 25);

    std::set<std::string> ids;
    auto check_info = [&](const raidadv::CatalogInfo& info) {
        INFO("entry " << info.id);
        CHECK_FALSE(info.id.empty());
        CHECK_FALSE(info.name.empty());
        CHECK_FALSE(info.source.empty());
        CHECK(ids.insert(info.id).second);
        if (info.price_usd > 0.0) {
            CHECK_FALSE(info.price_date.empty());
        }
    };
    for (const auto& d : drives) {
        check_info(d.info);
        INFO("drive " << d.info.id << " interface " << d.interface);
        CHECK(c.link(d.interface).has_value());
    }
    for (const auto& x : controllers) {
        check_info(x.info);
    }
    for (const auto& x : links) {
        check_info(x.info);
    }
    for (const auto& x : hosts) {
        check_info(x.info);
    }
}

TEST_CASE("the hardware of the reference studies is in the catalog", "[catalog]") {
    const Catalog& c = bundled();
    for (const char* id : {"seagate-st31200w", "seagate-st3500641as", "samsung-hd080hj",
                           "seagate-st9146802ss", "wd-wd40efrx"}) {
        INFO(id);
        CHECK(c.drive(id).has_value());
    }
    for (const char* id :
         {"sun-ssa-101", "intel-ich8r", "intel-ich7r", "dell-perc6i", "lsi-9260-8i", "linux-md"}) {
        INFO(id);
        CHECK(c.controller(id).has_value());
    }
    for (const char* id : {"scsi-fast-wide", "fc-25", "sata-1.5g", "sata-3g", "sata-6g",
                           "intel-dmi", "sas-3g", "pcie1-x8"}) {
        INFO(id);
        CHECK(c.link(id).has_value());
    }
    for (const char* id :
         {"sun-sparcstation20-solaris", "intel-core2-e6600-vista", "dell-r710-esxi"}) {
        INFO(id);
        CHECK(c.host(id).has_value());
    }
}

TEST_CASE("drive lookups return SI values worked by hand", "[catalog]") {
    const Catalog& c = bundled();

    // Barracuda 7200.9: 500 GB, 7200 rpm, 11 ms average seek, 16 MB cache, NCQ 32, SATA 3 Gb/s.
    const auto st3500 = c.drive("seagate-st3500641as");
    REQUIRE(st3500);
    CHECK(st3500->kind == raidadv::DriveKind::Hdd);
    CHECK(st3500->capacity_bytes == Approx(500e9));
    CHECK(st3500->hdd.rpm == Approx(7200.0));
    CHECK(st3500->hdd.seek_average_s == Approx(0.011));
    CHECK(st3500->hdd.cache_bytes == Approx(16.0 * 1024 * 1024));
    CHECK(st3500->hdd.queue_depth == 32);
    CHECK(st3500->interface == "sata-3g");
    CHECK(st3500->ber == Approx(1e-14));
    CHECK(st3500->afr == Approx(0.0068));  // 0.68 % per year
    CHECK(st3500->info.price_usd == Approx(360.0));
    CHECK(st3500->info.price_date == "2005-11");

    // ST31200W: 1.05 GB, zoned 3.3-5.9 MB/s (Hauser et al. 1996), fast wide SCSI.
    const auto st31200 = c.drive("seagate-st31200w");
    REQUIRE(st31200);
    CHECK(st31200->capacity_bytes == Approx(1.05e9));
    CHECK(st31200->hdd.media_rate_outer_Bps == Approx(5.9e6));
    CHECK(st31200->hdd.media_rate_inner_Bps == Approx(3.3e6));
    CHECK(st31200->interface == "scsi-fast-wide");
    CHECK(st31200->info.source.find("estimated:") != std::string::npos);

    // Savvio (10K.1 manual): 4.0 ms seek without overhead, 0.2 ms overhead, write +0.4 ms.
    const auto savvio = c.drive("seagate-st9146802ss");
    REQUIRE(savvio);
    CHECK(savvio->hdd.rpm == Approx(10000.0));
    CHECK(savvio->hdd.seek_average_s == Approx(0.004));
    CHECK(savvio->hdd.command_overhead_s == Approx(0.0002));
    CHECK(savvio->hdd.write_seek_extra_s == Approx(0.0004));
    CHECK(savvio->form_factor == "2.5");

    // Samsung 870 EVO 1 TB: 98K / 88K IOPS, 560 / 530 MB/s, 7 % spare, not steady state.
    const auto evo = c.drive("samsung-870-evo-1tb");
    REQUIRE(evo);
    CHECK(evo->kind == raidadv::DriveKind::Ssd);
    CHECK(evo->capacity_bytes == Approx(1e12));
    CHECK(evo->ssd.random_read_iops == Approx(98000.0));
    CHECK(evo->ssd.random_write_iops == Approx(88000.0));
    CHECK(evo->ssd.seq_read_Bps == Approx(560e6));
    CHECK(evo->ssd.read_latency_s == Approx(72e-6));
    CHECK(evo->ssd.over_provisioning == Approx(0.07));
    CHECK_FALSE(evo->ssd.write_iops_steady_state);
}

TEST_CASE("controller, link and host lookups return SI values worked by hand", "[catalog]") {
    const Catalog& c = bundled();

    const auto ssa = c.controller("sun-ssa-101");
    REQUIRE(ssa);
    CHECK(ssa->kind == raidadv::ControllerKind::Hba);  // RAID by Volume Manager on the host
    CHECK(ssa->ports == 6);
    CHECK(ssa->levels == "0,1,01,5");
    CHECK(c.notes("sun-ssa-101").find("Volume Manager") != std::string::npos);

    const auto perc = c.controller("dell-perc6i");
    REQUIRE(perc);
    CHECK(perc->kind == raidadv::ControllerKind::HardwareRaid);
    CHECK(perc->cache_bytes == Approx(256.0 * 1024 * 1024));
    CHECK(perc->battery_backed);
    CHECK(perc->levels == "0,1,5,6,10,50,60");

    const auto ich8r = c.controller("intel-ich8r");
    REQUIRE(ich8r);
    CHECK(ich8r->kind == raidadv::ControllerKind::HostRaid);
    CHECK(ich8r->ports == 6);

    const auto scsi = c.link("scsi-fast-wide");
    REQUIRE(scsi);
    CHECK(scsi->bandwidth_Bps == Approx(20e6));
    CHECK(scsi->shared);
    CHECK(scsi->max_devices == 15);
    CHECK(c.link("fc-25")->bandwidth_Bps == Approx(25e6));
    CHECK(c.link("sata-1.5g")->bandwidth_Bps == Approx(150e6));
    CHECK(c.link("sata-6g")->bandwidth_Bps == Approx(600e6));
    CHECK(c.link("intel-dmi")->bandwidth_Bps == Approx(1e9));

    const auto sun = c.host("sun-sparcstation20-solaris");
    REQUIRE(sun);
    CHECK(sun->max_io_bytes == Approx(56.0 * 1024));  // maxcontig 7 x 8 KiB
    CHECK(sun->metadata_read_bytes == Approx(8192.0));
    CHECK(sun->per_request_overhead_s == Approx(300e-6));
}

TEST_CASE("unknown ids give no entry", "[catalog]") {
    const Catalog& c = bundled();
    CHECK_FALSE(c.drive("no-such-drive").has_value());
    CHECK_FALSE(c.drive("sata-3g").has_value());  // a link id is not a drive
    CHECK_FALSE(c.controller("seagate-st3500641as").has_value());
    CHECK_FALSE(c.link("").has_value());
    CHECK_FALSE(c.host("x").has_value());
    CHECK(c.notes("no-such-id").empty());
}
