// The catalog of today's hardware (issue 25): big and current enough to answer "what should I buy
// now", every entry sourced and every price dated, the buyer's columns (power-loss protection,
// endurance, warranty, SMR) filled, and the new columns refused when missing.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/csv.h"
#include "catalog_test_support.h"

using raidadv::Catalog;
using raidadv::DriveKind;

namespace {

const Catalog& bundled() {
    static const Catalog catalog = Catalog::open(RAID_CATALOG_DB);
    return catalog;
}

/// What building a catalog from `sources` gives: its problems, and whether it was written.
struct BuildOutcome {
    std::vector<raidadv::CatalogError> errors;
    bool written = false;
};
BuildOutcome build_from(const std::map<std::string, std::string>& sources) {
    raidadv::test::TempDir dir;
    raidadv::test::write_sources(dir.path(), sources);
    BuildOutcome out;
    out.errors = Catalog::build(dir.path(), dir / "catalog.db");
    out.written = std::filesystem::exists(dir / "catalog.db");
    return out;
}

/// The header line of a bundled CSV file (the first line that is not a comment).
std::vector<std::string> header_of(const std::string& file) {
    std::ifstream in(std::string(RAID_RESOURCES_DIR) + "/catalog/" + file);
    std::string line;
    while (std::getline(in, line) && (line.empty() || line[0] == '#')) {
    }
    std::vector<std::string> names;
    std::stringstream s(line);
    std::string name;
    while (std::getline(s, name, ',')) {
        names.push_back(name);
    }
    return names;
}

bool has(const std::vector<std::string>& list, const std::string& name) {
    return std::find(list.begin(), list.end(), name) != list.end();
}

bool contains(const std::string& text, const std::string& part) {
    std::string lower = text;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower.find(part) != std::string::npos;
}

/// "YYYY" or "YYYY-MM".
bool dated(const std::string& date) {
    const bool year = date.size() >= 4 && std::all_of(date.begin(), date.begin() + 4, ::isdigit);
    return year && (date.size() == 4 || (date.size() == 7 && date[4] == '-'));
}

/// Every entry names its source: a document (title, URL) or an estimate, never empty.
void check_sourced(const raidadv::CatalogInfo& info) {
    INFO("entry " << info.id);
    CHECK(info.source.size() >= 20);
    if (info.price_usd > 0.0) {
        CHECK(dated(info.price_date));
    }
}

}  // namespace

TEST_CASE("the catalog holds today's hardware in the numbers issue 25 asks for", "[catalog]") {
    const Catalog& c = bundled();
    const auto drives = c.drives();
    const auto recent = std::count_if(drives.begin(), drives.end(),
                                      [](const auto& d) { return d.info.year >= 2018; });
    CHECK(drives.size() >= 150);
    CHECK(recent >= 100);
    CHECK(c.controllers().size() + c.enclosures().size() >= 30);
    CHECK(c.hosts().size() >= 15);

    // The kinds a buyer asks about are all there.
    auto count = [&](auto pred) { return std::count_if(drives.begin(), drives.end(), pred); };
    CHECK(count([](const auto& d) { return d.kind == DriveKind::Hdd && d.smr; }) >= 5);
    CHECK(count([](const auto& d) {
              return d.kind == DriveKind::Hdd && !d.smr && d.capacity_bytes >= 20e12;
          }) >= 8);
    CHECK(count([](const auto& d) { return d.kind == DriveKind::Hdd && d.hdd.rpm >= 10000; }) >= 4);
    CHECK(count([](const auto& d) { return d.interface.rfind("sas-", 0) == 0; }) >= 12);
    for (const char* ff : {"u.2", "u.3", "e1.s", "m.2", "2.5", "3.5"}) {
        INFO("form factor " << ff);
        CHECK(count([&](const auto& d) { return d.form_factor == ff; }) >= 1);
    }
    CHECK(count([](const auto& d) {
              return d.kind == DriveKind::Ssd && d.power_loss_protection;
          }) >= 20);
    CHECK(count([](const auto& d) {
              return d.kind == DriveKind::Ssd && !d.power_loss_protection;
          }) >= 20);
}

TEST_CASE("controller generations, expanders, JBODs and hosts with bays are catalogued",
          "[catalog]") {
    const Catalog& c = bundled();
    for (const char* id :
         {"broadcom-9400-8i", "broadcom-9500-8i", "broadcom-9600-16i", "broadcom-9361-8i",
          "broadcom-9460-8i", "broadcom-9560-8i", "broadcom-9660-16i", "dell-perc-h330",
          "dell-perc-h730p", "dell-perc-h740p", "dell-perc-h755", "dell-perc-h965i",
          "microchip-smartraid-3152-8i", "microchip-smartraid-3254-16i", "ahci-pch-sata",
          "amd-chipset-sata", "nvme-direct-cpu", "nvme-bifurcation-x16-4m2"}) {
        INFO(id);
        CHECK(c.controller(id).has_value());
    }
    const auto enclosures = c.enclosures();
    const auto jbods = std::count_if(enclosures.begin(), enclosures.end(), [](const auto& e) {
        return e.kind == raidadv::EnclosureKind::Jbod;
    });
    CHECK(jbods >= 4);
    const auto expanders = std::count_if(enclosures.begin(), enclosures.end(), [](const auto& e) {
        return e.kind == raidadv::EnclosureKind::Expander;
    });
    CHECK(expanders >= 2);
    for (const auto& e : enclosures) {
        INFO("enclosure " << e.info.id);
        check_sourced(e.info);
        CHECK(e.uplink_lanes >= 1);
        CHECK(c.link(e.uplink_link).has_value());
        CHECK((e.kind == raidadv::EnclosureKind::Jbod) == (e.bays >= 1));  // bays: JBODs only
        CHECK(e.info.price_known());
    }
    const auto hosts = c.hosts();
    const auto with_bays =
        std::count_if(hosts.begin(), hosts.end(), [](const auto& h) { return h.drive_bays > 0; });
    CHECK(with_bays >= 10);
    for (const auto& h : hosts) {
        INFO("host " << h.info.id);
        check_sourced(h.info);
        if (h.info.year >= 2018) {
            CHECK_FALSE(h.raid_software.empty());  // which RAID software the OS offers
        }
    }
}

TEST_CASE("every entry is sourced, every price dated, the buyer's columns filled", "[catalog]") {
    const Catalog& c = bundled();
    for (const char* file : {"drives.csv", "controllers.csv", "hosts.csv", "enclosures.csv"}) {
        const auto header = header_of(file);
        INFO(file);
        for (const char* column :
             {"id", "name", "vendor", "year", "price_usd", "price_date", "source"}) {
            INFO(column);
            CHECK(has(header, column));
        }
    }
    const auto drive_header = header_of("drives.csv");
    for (const char* column : {"power_loss_protection", "endurance_tbw", "warranty_years", "smr"}) {
        INFO(column);
        CHECK(has(drive_header, column));
    }
    const auto host_header = header_of("hosts.csv");
    for (const char* column : {"drive_bays", "pcie_slots", "onboard_sata_ports", "nvme_bays",
                               "m2_slots", "raid_software"}) {
        INFO(column);
        CHECK(has(host_header, column));
    }
    for (const auto& d : c.drives()) {
        check_sourced(d.info);
        INFO("drive " << d.info.id);
        if (d.info.year >= 2018) {
            CHECK(d.info.price_known());  // today's drives carry a dated price
        }
        if (d.kind == DriveKind::Ssd) {
            CHECK(d.endurance_bytes >= 1e13);  // at least 10 TBW
            CHECK(d.warranty_years >= 1.0);
            CHECK_FALSE(d.smr);
        } else {
            CHECK(d.endurance_bytes == 0.0);
            CHECK_FALSE(d.power_loss_protection);
            // A drive the catalog names SMR is flagged SMR, and the other way round.
            CHECK(contains(d.info.name, "smr") == d.smr);
        }
    }
    for (const auto& x : c.controllers()) {
        check_sourced(x.info);
    }
}

TEST_CASE("drives' new columns read back in SI: TBW x 1e12 bytes, warranty, PLP, SMR",
          "[catalog]") {
    const Catalog& c = bundled();
    // Samsung 870 EVO 1 TB: 600 TBW over 5 years, no power-loss protection.
    const auto evo = c.drive("samsung-870-evo-1tb");
    REQUIRE(evo);
    CHECK(evo->endurance_bytes == Approx(600e12));
    CHECK(evo->warranty_years == Approx(5.0));
    CHECK_FALSE(evo->power_loss_protection);
    // Micron 7450 PRO 3.84 TB: 1 DWPD x 3.84 TB x 365 x 5 = 7,008 TBW, with PLP.
    const auto m7450 = c.drive("micron-7450-pro-3.84tb");
    REQUIRE(m7450);
    CHECK(m7450->endurance_bytes == Approx(1.0 * 3.84e12 * 365 * 5));
    CHECK(m7450->power_loss_protection);
    // Samsung 870 QVO 1 TB: 530 MB/s into its TurboWrite SLC cache, 80 MB/s after it; an
    // enterprise drive's sequential rate is sustained already (no separate figure).
    const auto qvo = c.drive("samsung-870-qvo-1tb");
    REQUIRE(qvo);
    CHECK(qvo->ssd.seq_write_Bps == Approx(530e6));
    CHECK(qvo->ssd.sustained_write_Bps == Approx(80e6));
    CHECK(m7450->ssd.sustained_write_Bps == 0.0);
    // WD Red 4 TB: the EFAX is SMR, the EFRX is not.
    REQUIRE(c.drive("wd-wd40efax"));
    CHECK(c.drive("wd-wd40efax")->smr);
    CHECK_FALSE(c.drive("wd-wd40efrx")->smr);
    // The archive host: 24 bays behind a x4 expander backplane, four free slots.
    const auto box = c.host("supermicro-846-24bay-expander");
    REQUIRE(box);
    CHECK(box->drive_bays == 24);
    CHECK(box->backplane_uplink_lanes == 4);
    CHECK(box->pcie_slots == 4);
    CHECK(box->raid_software == "md,zfs,btrfs,lvm");
}

TEST_CASE("an SSD without its endurance, warranty or power-loss column is refused", "[catalog]") {
    auto refused = [](const std::string& from, const std::string& to, const std::string& where) {
        auto sources = raidadv::test::valid_sources();
        std::string& drives = sources["drives.csv"];
        const auto at = drives.find(from);
        REQUIRE(at != std::string::npos);
        drives.replace(at, from.size(), to);
        const BuildOutcome built = build_from(sources);
        bool found = false;
        for (const auto& e : built.errors) {
            found = found || e.where == where;
        }
        INFO("expected a problem at " << where);
        CHECK(found);
        CHECK_FALSE(built.written);
    };
    // The test SSD row (line 5) ends "no,7,yes,1000,5,,Test SSD data sheet,".
    refused(",no,7,yes,1000,5,,", ",no,7,yes,,5,,", "drives.csv:5 column endurance_tbw");
    refused(",no,7,yes,1000,5,,", ",no,7,,1000,5,,", "drives.csv:5 column power_loss_protection");
    refused(",no,7,yes,1000,5,,", ",no,7,yes,1000,,,", "drives.csv:5 column warranty_years");
    refused(",no,7,yes,1000,5,,", ",no,7,yes,1000,5,no,", "drives.csv:5 column smr");
    refused(",,,,no,\"Test datasheet", ",,,,maybe,\"Test datasheet", "drives.csv:3 column smr");
}

TEST_CASE("a host's on-board SATA controller names a controller row", "[catalog]") {
    auto sources = raidadv::test::valid_sources();
    std::string& hosts = sources["hosts.csv"];
    hosts = raidadv::test::replaced(hosts, "parity_cpu_mb_s,source",
                                    "parity_cpu_mb_s,source,onboard_controller");
    SECTION("a controller of the catalog is taken") {
        hosts = raidadv::test::replaced(hosts, "test values\n", "test values,test-raid\n");
        CHECK(build_from(sources).errors.empty());
    }
    SECTION("an id no controller has is refused, naming the column") {
        hosts = raidadv::test::replaced(hosts, "test values\n", "test values,amd-am9-sata\n");
        const BuildOutcome built = build_from(sources);
        REQUIRE(built.errors.size() == 1);
        CHECK(built.errors[0].where == "hosts.csv:2 column onboard_controller");
        CHECK(built.errors[0].message.find("amd-am9-sata") != std::string::npos);
        CHECK_FALSE(built.written);
    }
    SECTION("the bundled hosts that name theirs name an on-board SATA controller") {
        const Catalog& c = bundled();
        int named = 0;
        int chipset_raid = 0;
        for (const raidadv::HostSpec& h : c.hosts()) {
            if (h.onboard_controller.empty()) {
                continue;
            }
            INFO(h.info.id << " -> " << h.onboard_controller);
            ++named;
            const auto ctl = c.controller(h.onboard_controller);
            REQUIRE(ctl.has_value());
            CHECK(ctl->info.price_known());
            CHECK(ctl->info.price_usd == 0.0);  // on the board: no price of its own
            CHECK(ctl->onboard_only == (ctl->kind == raidadv::ControllerKind::HostRaid ||
                                        ctl->info.id == "nas-appliance-sata"));
            if (ctl->kind == raidadv::ControllerKind::HostRaid) {
                ++chipset_raid;  // a chipset's RAID (ICH7R, ICH8R): of its own boards only
                continue;
            }
            CHECK(ctl->levels.empty());  // plain AHCI
            CHECK(h.onboard_sata_ports > 0);
        }
        CHECK(named >= 6);
        CHECK(chipset_raid == 2);
    }
}

TEST_CASE("a controller's external ports are some of its ports; JBOD cables have a way out",
          "[catalog]") {
    auto sources = raidadv::test::valid_sources();
    std::string& controllers = sources["controllers.csv"];
    controllers =
        raidadv::test::replaced(controllers, "levels,source", "levels,source,external_ports");
    controllers = raidadv::test::replaced(controllers, "Test RAID brief\n", "Test RAID brief,9\n");
    const BuildOutcome built = build_from(sources);
    REQUIRE(built.errors.size() == 1);
    CHECK(built.errors[0].where == "controllers.csv:2 column external_ports");
    CHECK(built.errors[0].message.find("must not exceed ports (8)") != std::string::npos);
    CHECK_FALSE(built.written);

    // The bundled catalog: an -8e card, and a bracket for the cards without external ports.
    const Catalog& c = bundled();
    const auto external = c.controller("broadcom-9500-8e");
    REQUIRE(external.has_value());
    CHECK(external->external_ports == external->ports);
    int brackets = 0;
    for (const raidadv::EnclosureSpec& e : c.enclosures()) {
        brackets +=
            e.kind == raidadv::EnclosureKind::Bracket && e.bays == 0 && e.uplink_lanes >= 4 ? 1 : 0;
    }
    CHECK(brackets >= 1);
}

TEST_CASE("a host's M.2 socket and slot wiring name links", "[catalog]") {
    using raidadv::test::TempDir;
    auto sources = raidadv::test::valid_sources();
    std::string& hosts = sources["hosts.csv"];
    hosts = raidadv::test::replaced(hosts, "parity_cpu_mb_s,source",
                                    "parity_cpu_mb_s,source,m2_link,slot_bifurcation");
    // The sources with the test host's row ending in `tail`, built: the errors.
    const auto build_with = [&](const std::string& tail) {
        auto edited = sources;
        edited["hosts.csv"] = raidadv::test::replaced(hosts, "test values\n", tail);
        TempDir dir;
        raidadv::test::write_sources(dir.path(), edited);
        return Catalog::build(dir.path(), dir / "catalog.db");
    };
    SECTION("an id no link has is refused, naming the column") {
        const auto errors = build_with("test values,pcie9-x1,\n");
        REQUIRE(errors.size() == 1);
        CHECK(errors[0].where == "hosts.csv:2 column m2_link");
        CHECK(errors[0].message.find("pcie9-x1") != std::string::npos);
    }
    SECTION("bifurcation is yes, no or not stated") {
        CHECK(build_with("test values,sata-3g,no\n").empty());  // (any link id)
        const auto errors = build_with("test values,,maybe\n");
        REQUIRE(errors.size() == 1);
        CHECK(errors[0].where == "hosts.csv:2 column slot_bifurcation");
    }
    SECTION("the bundled small NAS boxes: QNAP's M.2 sockets are x1, Synology's hold no pool") {
        const Catalog& c = bundled();
        CHECK(c.host("qnap-ts-464")->m2_link == "pcie3-x1");
        CHECK(c.host("synology-ds923plus")->m2_slots == 0);
        CHECK(c.host("synology-ds1522plus")->m2_slots == 0);
        CHECK(c.host("truenas-mini-x-plus")->pcie_slot_link == "pcie3-x4");
    }
}

TEST_CASE("every bundled hard disk states whether it is SMR", "[catalog]") {
    // smr is optional for hard disks (project files' inline disks predate it), so the bundled
    // rows are checked here: none may leave it to the default.
    std::ifstream in(std::string(RAID_RESOURCES_DIR) + "/catalog/drives.csv");
    std::stringstream text;
    text << in.rdbuf();
    std::vector<raidadv::catalog_detail::CsvProblem> problems;
    const auto table = raidadv::catalog_detail::parse_csv(text.str(), problems);
    REQUIRE(problems.empty());
    const auto column = [&](const std::string& name) {
        return static_cast<std::size_t>(std::find(table.header.begin(), table.header.end(), name) -
                                        table.header.begin());
    };
    const std::size_t kind = column("kind");
    const std::size_t smr = column("smr");
    REQUIRE(smr < table.header.size());
    int disks = 0;
    for (const auto& row : table.rows) {
        if (row.fields[kind] == "hdd") {
            INFO("drives.csv:" << row.line);
            CHECK((row.fields[smr] == "yes" || row.fields[smr] == "no"));
            ++disks;
        }
    }
    CHECK(disks >= 60);
}
