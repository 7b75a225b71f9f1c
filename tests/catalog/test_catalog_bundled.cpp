// The bundled catalog (resources/catalog/*.csv): builds cleanly, is big enough, cites its
// sources, and gives the SI values worked out by hand from the datasheets.

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

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
    CHECK(sun->per_request_overhead_s == Approx(1000e-6));  // us to s; calibrated 1000 us
    CHECK(sun->per_file_overhead_s == Approx(25e-3));
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

namespace {

/// The comma-separated items of a catalog list ("sata-3g,sas-3g").
std::vector<std::string> items(const std::string& list) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (!list.empty() && start <= list.size()) {
        std::size_t end = list.find(',', start);
        if (end == std::string::npos) {
            end = list.size();
        }
        out.push_back(list.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

bool accepts(const raidadv::ControllerSpec& c, const std::string& link_id) {
    for (const std::string& id : items(c.drive_interfaces)) {
        if (id == link_id) {
            return true;
        }
    }
    return false;
}

}  // namespace

TEST_CASE("the bundled catalog has at least 60 entries across eras and kinds", "[catalog]") {
    const Catalog& c = bundled();
    const auto drives = c.drives();
    const auto controllers = c.controllers();
    const std::size_t total =
        drives.size() + controllers.size() + c.links().size() + c.hosts().size();
    CHECK(total >= 60);

    int hdd = 0, sata_or_sas_ssd = 0, nvme = 0, priced = 0, oldest = 3000, newest = 0;
    for (const auto& d : drives) {
        INFO("drive " << d.info.id);
        if (d.kind == raidadv::DriveKind::Hdd) {
            ++hdd;
        } else if (d.interface.rfind("pcie", 0) == 0) {
            ++nvme;
        } else {
            ++sata_or_sas_ssd;
        }
        priced += d.info.price_usd > 0.0 ? 1 : 0;
        oldest = std::min(oldest, d.info.year);
        newest = std::max(newest, d.info.year);
        // An AFR is a fraction per year (0.35 % = 0.0035), never a percentage.
        CHECK(d.afr < 0.05);
    }
    CHECK(hdd >= 15);
    CHECK(sata_or_sas_ssd >= 6);
    CHECK(nvme >= 8);
    CHECK(oldest <= 1996);
    CHECK(newest >= 2023);
    CHECK(priced * 4 >= static_cast<int>(drives.size()) * 3);  // three quarters carry a price

    int hba = 0, hardware_raid = 0;
    for (const auto& x : controllers) {
        hba += x.kind == raidadv::ControllerKind::Hba ? 1 : 0;
        hardware_raid += x.kind == raidadv::ControllerKind::HardwareRaid ? 1 : 0;
    }
    CHECK(hba >= 6);
    CHECK(hardware_raid >= 5);
}

TEST_CASE("every bundled controller names its drive links and host link", "[catalog]") {
    const Catalog& c = bundled();
    for (const auto& x : c.controllers()) {
        INFO("controller " << x.info.id << " drive_interfaces '" << x.drive_interfaces
                           << "' host_link '" << x.host_link << "'");
        CHECK_FALSE(x.drive_interfaces.empty());
        for (const std::string& id : items(x.drive_interfaces)) {
            INFO("link " << id);
            CHECK(c.link(id).has_value());
        }
        CHECK(c.link(x.host_link).has_value());
    }
}

TEST_CASE("every bundled drive can be attached by a controller", "[catalog]") {
    const Catalog& c = bundled();
    const auto controllers = c.controllers();
    const auto direct = c.controller("nvme-direct-cpu");
    REQUIRE(direct);
    for (const auto& d : c.drives()) {
        INFO("drive " << d.info.id << " interface " << d.interface);
        int hosts = 0;
        for (const auto& x : controllers) {
            hosts += (x.info.id != "linux-md" && accepts(x, d.interface)) ? 1 : 0;
        }
        CHECK(hosts >= 1);
        if (d.interface.rfind("pcie", 0) == 0) {
            // NVMe: the CPU's own lanes and every tri-mode card take it.
            CHECK(accepts(*direct, d.interface));
            for (const char* id : {"broadcom-9460-8i", "broadcom-9560-8i", "broadcom-9500-8i",
                                   "broadcom-9660-16i"}) {
                INFO(id);
                const auto tri = c.controller(id);
                REQUIRE(tri);
                CHECK(accepts(*tri, d.interface));
            }
        }
    }
}

TEST_CASE("controller links and new entries give the values worked by hand", "[catalog]") {
    const Catalog& c = bundled();

    // PERC 6/i: eight 3 Gb/s SAS/SATA lanes, PCIe 1.0 x8 host link (User's Guide, Table 2-1).
    const auto perc = c.controller("dell-perc6i");
    REQUIRE(perc);
    CHECK(perc->drive_interfaces == "sata-1.5g,sata-3g,sas-3g");
    CHECK(perc->host_link == "pcie1-x8");
    CHECK_FALSE(accepts(*perc, "sas-6g"));  // a SAS-1 controller: no 6 Gb/s drives
    CHECK(c.link(perc->host_link)->bandwidth_Bps == Approx(2000e6));
    CHECK(perc->drive_form_factors.empty());  // cabled to bays
    // The passive bifurcation adapters hold M.2 drives on the card (ASUS Hyper M.2 class).
    for (const char* id : {"nvme-bifurcation-x16-4m2", "nvme-bifurcation-x8-2m2"}) {
        INFO(id);
        REQUIRE(c.controller(id));
        CHECK(c.controller(id)->drive_form_factors == "m.2");
    }

    CHECK(c.controller("intel-ich8r")->host_link == "intel-dmi");
    CHECK(c.controller("sun-ssa-101")->host_link == "fc-25");
    CHECK(c.controller("ahci-pch-sata")->host_link == "intel-dmi3");

    // PCIe 5.0: 32 GT/s x 128/130 / 8 = 3938.5 MB/s per lane; DMI 3.0 x4 at 8 GT/s. The CSV
    // rounds to whole MB/s.
    CHECK(c.link("pcie5-x4")->bandwidth_Bps == Approx(4 * 32e9 * 128 / 130 / 8).margin(1e6));
    CHECK(c.link("intel-dmi3")->bandwidth_Bps == Approx(4 * 8e9 * 128 / 130 / 8).margin(1e6));
    // 24G SAS: 22.5 Gbaud with 128b/150b coding = 2.4 GB/s.
    CHECK(c.link("sas-24g")->bandwidth_Bps == Approx(22.5e9 * 128 / 150 / 8));
    CHECK(c.link("scsi-ultra-wide")->shared);

    // Savvio 10K.3 manual: 67-124 MB/s sustained, 6 Gb/s SAS.
    const auto savvio = c.drive("seagate-st9146803ss");
    REQUIRE(savvio);
    CHECK(savvio->hdd.media_rate_outer_Bps == Approx(124e6));
    CHECK(savvio->hdd.media_rate_inner_Bps == Approx(67e6));
    CHECK(savvio->interface == "sas-6g");

    // Exos X24: 285 MB/s, 512 MB cache, AFR 0.35 %.
    const auto x24 = c.drive("seagate-st24000nm002h");
    REQUIRE(x24);
    CHECK(x24->capacity_bytes == Approx(24e12));
    CHECK(x24->hdd.cache_bytes == Approx(512.0 * 1048576));
    CHECK(x24->afr == Approx(0.0035));

    // Samsung 980: QD1 17,000 read IOPS -> 1 / 17000 s = 59 us.
    const auto s980 = c.drive("samsung-980-1tb");
    REQUIRE(s980);
    CHECK(s980->ssd.read_latency_s == Approx(1.0 / 17000).epsilon(0.01));
    CHECK(s980->info.price_date == "2021-03");
}
