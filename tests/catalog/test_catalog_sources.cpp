// Catalog::build on broken sources: every problem is reported with the right place, and
// nothing is written (a previous good database stays as it was).

#include <catch2/catch.hpp>

#include <string>

#include "catalog/catalog.h"
#include "catalog_test_support.h"

using raidadv::Catalog;
using raidadv::CatalogError;
using raidadv::test::replaced;
using raidadv::test::TempDir;

namespace {

using Sources = std::map<std::string, std::string>;

/// Builds `sources` into a fresh folder; returns the problems and whether a database appeared.
struct BuildResult {
    std::vector<CatalogError> errors;
    bool wrote = false;
};

BuildResult build(const Sources& sources) {
    TempDir dir;
    raidadv::test::write_sources(dir.path(), sources);
    BuildResult r;
    r.errors = Catalog::build(dir.path(), dir / "out" / "catalog.db");
    r.wrote = std::filesystem::exists(dir / "out" / "catalog.db");
    return r;
}

/// Sources with one file edited.
Sources edited(const std::string& file, const std::string& from, const std::string& to) {
    Sources s = raidadv::test::valid_sources();
    s[file] = replaced(s[file], from, to);
    return s;
}

std::string describe(const std::vector<CatalogError>& errors) {
    std::string text;
    for (const CatalogError& e : errors) {
        text += e.where + ": " + e.message + "\n";
    }
    return text;
}

/// The build failed, wrote nothing, and reported `where` (with `message_part` in its message).
void require_rejected(const Sources& sources, const std::string& where,
                      const std::string& message_part) {
    const BuildResult r = build(sources);
    INFO(describe(r.errors));
    CHECK_FALSE(r.wrote);
    bool found = false;
    for (const CatalogError& e : r.errors) {
        found = found || (e.where == where && e.message.find(message_part) != std::string::npos);
    }
    CHECK(found);
}

const std::string kHddRow = "test-hdd,\"Test HDD, 500 GB\",Testco,2005,hdd,500,sata-3g,3.5,7200,";

}  // namespace

TEST_CASE("valid sources build, with quoted fields and comments read correctly", "[catalog]") {
    TempDir dir;
    raidadv::test::write_sources(dir.path(), raidadv::test::valid_sources());
    const auto errors = Catalog::build(dir.path(), dir / "catalog.db");
    INFO(describe(errors));
    REQUIRE(errors.empty());
    const Catalog c = Catalog::open(dir / "catalog.db");
    const auto hdd = c.drive("test-hdd");
    REQUIRE(hdd);
    CHECK(hdd->info.name == "Test HDD, 500 GB");
    CHECK(hdd->info.source == "Test datasheet, rev. A");
    CHECK(c.notes("test-hdd") == "two\nlines, with \"quotes\"");
    CHECK(hdd->hdd.cache_segments == 16);  // optional, left out: default
    CHECK(hdd->hdd.write_seek_extra_s == 0.0);
    const auto ssd = c.drive("test-ssd");
    REQUIRE(ssd);
    CHECK(ssd->kind == raidadv::DriveKind::Ssd);
    CHECK(ssd->ssd.read_latency_s == Approx(90e-6));
    CHECK(c.controller("test-raid")->levels == "0,1,5,10");  // spaces normalised
    CHECK(c.host("test-host")->max_io_bytes == Approx(1024.0 * 1024.0));
    // No temporary files are left next to the database.
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
        files += entry.path().extension() == ".csv" ? 0 : 1;
    }
    CHECK(files == 1);
}

TEST_CASE("a non-numeric value is reported with file, line and column", "[catalog]") {
    const BuildResult r = build(edited("drives.csv", kHddRow, replaced(kHddRow, "7200,", "abc,")));
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].where == "drives.csv:3 column rpm");
    CHECK(r.errors[0].message == "must be a number between 3000 and 20000, got 'abc'");
    CHECK_FALSE(r.wrote);
}

TEST_CASE("NaN, infinity, negative and out-of-range numbers are rejected", "[catalog]") {
    require_rejected(edited("drives.csv", kHddRow, replaced(kHddRow, "7200,", "nan,")),
                     "drives.csv:3 column rpm", "got 'nan'");
    require_rejected(edited("drives.csv", kHddRow, replaced(kHddRow, "7200,", "inf,")),
                     "drives.csv:3 column rpm", "got 'inf'");
    require_rejected(edited("drives.csv", kHddRow, replaced(kHddRow, "7200,", "2000,")),
                     "drives.csv:3 column rpm", "between 3000 and 20000");
    require_rejected(edited("drives.csv", kHddRow, replaced(kHddRow, ",500,", ",-500,")),
                     "drives.csv:3 column capacity_gb", "got '-500'");
    require_rejected(edited("drives.csv", kHddRow, replaced(kHddRow, "7200,", "7200 rpm,")),
                     "drives.csv:3 column rpm", "got '7200 rpm'");
    require_rejected(edited("drives.csv", ",16,32,", ",16,3.5,"), "drives.csv:3 column queue_depth",
                     "whole number");
    require_rejected(edited("links.csv", ",no,1,", ",maybe,1,"), "links.csv:3 column shared",
                     "must be yes or no");
}

TEST_CASE("an unknown column is reported on the header line", "[catalog]") {
    Sources s = edited("hosts.csv", "parity_cpu_mb_s,source\n", "parity_cpu_mb_s,colour,source\n");
    s["hosts.csv"] = replaced(s["hosts.csv"], ",4000,", ",4000,red,");
    require_rejected(s, "hosts.csv:1 column colour", "unknown column");
}

TEST_CASE("missing required values and columns are reported", "[catalog]") {
    require_rejected(edited("drives.csv", ",Test SSD data sheet,", ",,"),
                     "drives.csv:5 column source", "is required");
    require_rejected(edited("drives.csv", kHddRow, replaced(kHddRow, "7200,", ",")),
                     "drives.csv:3 column rpm", "is required for kind hdd");
    require_rejected(edited("links.csv", ",max_devices,source\n", ",max_devices,x\n"),
                     "links.csv:2", "missing column source");
}

TEST_CASE("duplicate ids are rejected, also across tables", "[catalog]") {
    require_rejected(edited("drives.csv", "test-ssd,", "test-hdd,"), "drives.csv:5 column id",
                     "duplicate id 'test-hdd'");
    require_rejected(edited("hosts.csv", "test-host,", "sata-3g,"), "hosts.csv:2 column id",
                     "first defined at links.csv:3");
}

TEST_CASE("kinds, enums and kind-specific columns are checked", "[catalog]") {
    require_rejected(edited("drives.csv", ",ssd,1000,", ",tape,1000,"), "drives.csv:5 column kind",
                     "must be hdd or ssd");
    require_rejected(edited("drives.csv", "2.5,,,,,", "2.5,7200,,,,"), "drives.csv:5 column rpm",
                     "applies to kind hdd only");
    require_rejected(edited("controllers.csv", "hardware_raid", "raid_card"),
                     "controllers.csv:2 column kind", "hba, hardware_raid or host_raid");
    require_rejected(edited("controllers.csv", "\"0, 1,5,10\"", "\"0,1,7\""),
                     "controllers.csv:2 column levels", "level '7'");
    require_rejected(edited("drives.csv", ",3.5,7200,", ",5.25,7200,"),
                     "drives.csv:3 column form_factor", "must be one of");
    require_rejected(edited("drives.csv", "Test SSD,Testco,2020,", "Test SSD,Testco,20x0,"),
                     "drives.csv:5 column year", "whole number");
}

TEST_CASE("references and consistency between values are checked", "[catalog]") {
    require_rejected(edited("drives.csv", kHddRow, replaced(kHddRow, "sata-3g", "sata-9g")),
                     "drives.csv:3 column interface", "got 'sata-9g'");
    require_rejected(edited("drives.csv", "0.8,11,21,", "0.8,30,21,"),
                     "drives.csv:3 column seek_avg_ms", "seek_avg_ms <= seek_full_ms");
    require_rejected(edited("drives.csv", ",72,40,", ",40,72,"),
                     "drives.csv:3 column media_rate_inner_mb_s", "outer");
    Sources stripes = edited("controllers.csv", "levels,source\n",
                             "levels,min_stripe_kib,max_stripe_kib,source\n");
    stripes["controllers.csv"] =
        replaced(stripes["controllers.csv"], "\"0, 1,5,10\",", "\"0, 1,5,10\",256,128,");
    require_rejected(stripes, "controllers.csv:2 column min_stripe_kib",
                     "must not be larger than max_stripe_kib");
    Sources priced =
        edited("hosts.csv", "parity_cpu_mb_s,source\n", "parity_cpu_mb_s,price_usd,source\n");
    priced["hosts.csv"] = replaced(priced["hosts.csv"], ",4000,", ",4000,999,");
    require_rejected(priced, "hosts.csv:2 column price_date", "required when price_usd");
}

TEST_CASE("CSV syntax problems are reported with their line", "[catalog]") {
    require_rejected(edited("drives.csv", "test-ssd,Test SSD,", "test-ssd,\"Test SSD,"),
                     "drives.csv:5", "unterminated quoted field");
    require_rejected(edited("drives.csv", "80000,no,7,", "80000,no,7,extra,"), "drives.csv:5",
                     "has 32 fields, the header has 31");  // 27 + the four buyer columns
    Sources missing = raidadv::test::valid_sources();
    missing.erase("hosts.csv");
    require_rejected(missing, "hosts.csv", "cannot read");
}

TEST_CASE("a failed build leaves the previous good database intact", "[catalog]") {
    TempDir dir;
    const auto db = dir / "share" / "catalog.db";
    raidadv::test::write_sources(dir.path(), raidadv::test::valid_sources());
    REQUIRE(Catalog::build(dir.path(), db).empty());
    const auto size_before = std::filesystem::file_size(db);

    // Broken sources: the old database must survive unchanged and still open.
    raidadv::test::write_sources(dir.path(),
                                 edited("drives.csv", kHddRow, replaced(kHddRow, "7200,", "abc,")));
    CHECK_FALSE(Catalog::build(dir.path(), db).empty());
    CHECK(std::filesystem::file_size(db) == size_before);
    {
        const Catalog c = Catalog::open(db);
        REQUIRE(c.drive("test-hdd"));
        CHECK(c.drive("test-hdd")->hdd.rpm == Approx(7200.0));
    }
    int entries = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(db.parent_path())) {
        ++entries;
    }
    CHECK(entries == 1);  // no temporary file left behind

    // Fixed sources replace it.
    raidadv::test::write_sources(
        dir.path(), edited("drives.csv", kHddRow, replaced(kHddRow, "7200,", "5400,")));
    REQUIRE(Catalog::build(dir.path(), db).empty());
    CHECK(Catalog::open(db).drive("test-hdd")->hdd.rpm == Approx(5400.0));
}

namespace {

/// Valid sources whose controller row has drive_interfaces and host_link (line 2 of
/// controllers.csv), with a second link "pcie2-x8" at line 4 of links.csv.
Sources with_controller_links(const std::string& drive_interfaces, const std::string& host_link) {
    Sources s = raidadv::test::valid_sources();
    s["links.csv"] += "pcie2-x8,PCIe 2.0 x8,PCI-SIG,2007,4000,1,no,1,PCIe Base Specification 2.0\n";
    s["controllers.csv"] = replaced(s["controllers.csv"], "levels,source\n",
                                    "levels,drive_interfaces,host_link,source\n");
    s["controllers.csv"] =
        replaced(s["controllers.csv"], "\"0, 1,5,10\",",
                 "\"0, 1,5,10\",\"" + drive_interfaces + "\"," + host_link + ",");
    return s;
}

}  // namespace

TEST_CASE("controller drive_interfaces and host_link load, normalised", "[catalog]") {
    TempDir dir;
    raidadv::test::write_sources(dir.path(),
                                 with_controller_links(" sata-3g , pcie2-x8", "pcie2-x8"));
    const auto errors = Catalog::build(dir.path(), dir / "catalog.db");
    INFO(describe(errors));
    REQUIRE(errors.empty());
    const Catalog c = Catalog::open(dir / "catalog.db");
    const auto raid = c.controller("test-raid");
    REQUIRE(raid);
    CHECK(raid->drive_interfaces == "sata-3g,pcie2-x8");  // spaces around items removed
    CHECK(raid->host_link == "pcie2-x8");

    // Left out of the header altogether: empty, "not given".
    TempDir plain;
    raidadv::test::write_sources(plain.path(), raidadv::test::valid_sources());
    REQUIRE(Catalog::build(plain.path(), plain / "catalog.db").empty());
    const auto bare = Catalog::open(plain / "catalog.db").controller("test-raid");
    REQUIRE(bare);
    CHECK(bare->drive_interfaces.empty());
    CHECK(bare->host_link.empty());
}

TEST_CASE("controller link ids must name links of links.csv", "[catalog]") {
    // An unknown id inside the list is reported with row and column, naming the id.
    const BuildResult r = build(with_controller_links("sata-3g,sas-9g", "pcie2-x8"));
    INFO(describe(r.errors));
    CHECK_FALSE(r.wrote);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].where == "controllers.csv:2 column drive_interfaces");
    CHECK(r.errors[0].message.find("got 'sas-9g'") != std::string::npos);
    CHECK(r.errors[0].message.find("sata-3g, pcie2-x8") != std::string::npos);  // the known ids

    require_rejected(with_controller_links("sata-3g", "pcie9-x8"),
                     "controllers.csv:2 column host_link", "got 'pcie9-x8'");
    // A drive id is not a link id.
    require_rejected(with_controller_links("test-hdd", "pcie2-x8"),
                     "controllers.csv:2 column drive_interfaces", "got 'test-hdd'");
}

TEST_CASE("controller link lists are checked for form", "[catalog]") {
    require_rejected(with_controller_links("sata-3g,,pcie2-x8", "pcie2-x8"),
                     "controllers.csv:2 column drive_interfaces", "got item ''");
    require_rejected(with_controller_links("sata-3g,SATA 3G", "pcie2-x8"),
                     "controllers.csv:2 column drive_interfaces", "got item 'SATA 3G'");
    require_rejected(with_controller_links("sata-3g,sata-3g", "pcie2-x8"),
                     "controllers.csv:2 column drive_interfaces", "'sata-3g' twice");
    require_rejected(with_controller_links("sata-3g", "PCIe x8"),
                     "controllers.csv:2 column host_link", "must be 1-64 characters");
}

TEST_CASE("controller drive_form_factors load normalised and are checked", "[catalog]") {
    const auto with_form_factors = [](const std::string& list) {
        Sources s = raidadv::test::valid_sources();
        s["controllers.csv"] =
            replaced(s["controllers.csv"], "levels,source\n", "levels,drive_form_factors,source\n");
        s["controllers.csv"] =
            replaced(s["controllers.csv"], "\"0, 1,5,10\",", "\"0, 1,5,10\",\"" + list + "\",");
        return s;
    };
    TempDir dir;
    raidadv::test::write_sources(dir.path(), with_form_factors(" m.2 , u.2"));
    const auto errors = Catalog::build(dir.path(), dir / "catalog.db");
    INFO(describe(errors));
    REQUIRE(errors.empty());
    const auto raid = Catalog::open(dir / "catalog.db").controller("test-raid");
    REQUIRE(raid);
    CHECK(raid->drive_form_factors == "m.2,u.2");
    require_rejected(with_form_factors("m.2,sodimm"), "controllers.csv:2 column drive_form_factors",
                     "got 'sodimm'");
}
