// The user catalog layered over the bundled one: lookups, validated edits, CSV import with a
// report of rejected rows, export -> import round trip, broken user catalogs set aside, and the
// bundled database never written.

#include <sqlite3.h>
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include "catalog/catalog.h"
#include "catalog_test_support.h"

using raidadv::Catalog;
using raidadv::CatalogError;
using raidadv::CatalogExportScope;
using raidadv::CatalogFields;
using raidadv::CatalogKind;
using raidadv::test::TempDir;
namespace fs = std::filesystem;

namespace {

std::string read_bytes(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

/// A bundled catalog built from the test sources (links: sata-3g; drives: test-hdd, test-ssd).
/// Runs `sql` on the SQLite file `db` (to break or age a user catalog on purpose).
void run_sql_on(const fs::path& db_path, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(db_path.c_str(), &db) == SQLITE_OK);
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
    sqlite3_close(db);
    REQUIRE(rc == SQLITE_OK);
}

fs::path build_bundled(const TempDir& dir) {
    raidadv::test::write_sources(dir.path(), raidadv::test::valid_sources());
    const fs::path db = dir / "catalog.db";
    REQUIRE(Catalog::build(dir.path(), db).empty());
    return db;
}

CatalogFields user_link(const std::string& id) {
    return {{"id", id},       {"name", "Fast link"},        {"vendor", "Me"},
            {"year", "2024"}, {"bandwidth_mb_s", "1200.5"}, {"command_overhead_us", "3"},
            {"shared", "no"}, {"max_devices", "1"},         {"source", "my measurement"}};
}

CatalogFields user_hdd(const std::string& id, const std::string& link = "sata-3g") {
    return {{"id", id},
            {"name", "My disk, 2 TB"},
            {"vendor", "Diskco"},
            {"year", "2012"},
            {"kind", "hdd"},
            {"capacity_gb", "2000"},
            {"interface", link},
            {"form_factor", "3.5"},
            {"rpm", "7200"},
            {"seek_track_ms", "0.6"},
            {"seek_avg_ms", "8.5"},
            {"seek_full_ms", "17"},
            {"media_rate_outer_mb_s", "155.3"},
            {"media_rate_inner_mb_s", "80.1"},
            {"command_overhead_ms", "0.2"},
            {"cache_mib", "64"},
            {"queue_depth", "32"},
            {"smr", "no"},
            {"price_usd", "89.99"},
            {"price_date", "2012-05"},
            {"source", "Diskco data sheet \"rev. 3\", 2012"},
            {"notes", "line one,\nline two"}};
}

/// The error about `column`, or nullptr.
const CatalogError* error_about(const std::vector<CatalogError>& errors,
                                const std::string& column) {
    for (const CatalogError& e : errors) {
        if (e.where == column) {
            return &e;
        }
    }
    return nullptr;
}

std::string all_messages(const std::vector<CatalogError>& errors) {
    std::string text;
    for (const CatalogError& e : errors) {
        text += e.where + ": " + e.message + "\n";
    }
    return text;
}

}  // namespace

TEST_CASE("user entries add to the bundled ones and are found by id", "[catalog][user]") {
    TempDir dir;
    const fs::path bundled = build_bundled(dir);
    auto opened = Catalog::open(bundled, dir / "user" / "user-catalog.db");
    REQUIRE(opened.message.empty());
    Catalog& catalog = opened.catalog;
    CHECK(catalog.drives().size() == 2);

    REQUIRE(all_messages(catalog.add_user_entry(CatalogKind::Links, user_link("my-link"))) == "");
    REQUIRE(all_messages(
                catalog.add_user_entry(CatalogKind::Drives, user_hdd("my-disk", "my-link"))) == "");
    CHECK(fs::exists(dir / "user" / "user-catalog.db"));

    const auto drives = catalog.drives();
    REQUIRE(drives.size() == 3);
    CHECK(drives[0].info.id == "test-hdd");  // bundled first
    CHECK(drives[2].info.id == "my-disk");
    const auto mine = catalog.drive("my-disk");
    REQUIRE(mine);
    CHECK(mine->hdd.rpm == 7200.0);
    CHECK(mine->capacity_bytes == Approx(2000e9));
    CHECK(mine->hdd.media_rate_outer_Bps == Approx(155.3e6));
    CHECK(mine->interface == "my-link");
    CHECK(catalog.link("my-link")->bandwidth_Bps == Approx(1200.5e6));
    CHECK(catalog.drive("test-hdd"));
    CHECK(catalog.notes("my-disk") == "line one,\nline two");
    CHECK(catalog.is_user_entry("my-disk"));
    CHECK_FALSE(catalog.is_user_entry("test-hdd"));

    const auto rows = catalog.rows(CatalogKind::Drives);
    REQUIRE(rows.size() == 3);
    CHECK_FALSE(rows[0].user);
    CHECK(rows[2].user);
    CHECK(rows[2].id() == "my-disk");

    // A second program opening the same files sees the same layers.
    auto again = Catalog::open(bundled, dir / "user" / "user-catalog.db");
    CHECK(again.message.empty());
    CHECK(again.catalog.drives().size() == 3);
    // The bundled catalog alone does not.
    CHECK(Catalog::open(bundled).drives().size() == 2);
}

TEST_CASE("an edited entry is checked field by field, with messages naming the field",
          "[catalog][user]") {
    TempDir dir;
    const fs::path bundled = build_bundled(dir);
    auto opened = Catalog::open(bundled, dir / "user.db");
    Catalog& catalog = opened.catalog;

    CatalogFields bad = user_hdd("test-hdd");  // a bundled id
    bad["rpm"] = "abc";
    bad["interface"] = "sata-9g";
    bad["read_latency_us"] = "90";  // an SSD column on a hard disk
    bad["price_date"] = "";
    const auto errors = catalog.add_user_entry(CatalogKind::Drives, bad);
    INFO(all_messages(errors));
    REQUIRE(error_about(errors, "rpm"));
    CHECK(error_about(errors, "rpm")->message.find("between 3000 and 20000") != std::string::npos);
    REQUIRE(error_about(errors, "id"));
    CHECK(error_about(errors, "id")->message.find("bundled") != std::string::npos);
    REQUIRE(error_about(errors, "interface"));
    CHECK(error_about(errors, "interface")->message.find("sata-3g") != std::string::npos);
    REQUIRE(error_about(errors, "read_latency_us"));
    CHECK(error_about(errors, "read_latency_us")->message.find("kind ssd") != std::string::npos);
    REQUIRE(error_about(errors, "price_date"));
    CHECK(catalog.drives().size() == 2);
    CHECK_FALSE(fs::exists(dir / "user.db"));  // nothing written

    CatalogFields seeks = user_hdd("my-disk");
    seeks["seek_avg_ms"] = "30";  // above the full stroke
    REQUIRE(error_about(catalog.add_user_entry(CatalogKind::Drives, seeks), "seek_avg_ms"));
    CatalogFields unknown = user_hdd("my-disk");
    unknown["colour"] = "red";
    REQUIRE(error_about(catalog.add_user_entry(CatalogKind::Drives, unknown), "colour"));

    // Edit and delete.
    REQUIRE(catalog.add_user_entry(CatalogKind::Drives, user_hdd("my-disk")).empty());
    CatalogFields faster = user_hdd("my-disk");
    faster["rpm"] = "10000";
    REQUIRE(all_messages(catalog.update_user_entry(CatalogKind::Drives, "my-disk", faster)) == "");
    CHECK(catalog.drive("my-disk")->hdd.rpm == 10000.0);
    faster["rpm"] = "25000";
    const auto too_fast = catalog.update_user_entry(CatalogKind::Drives, "my-disk", faster);
    REQUIRE(error_about(too_fast, "rpm"));
    CHECK(catalog.drive("my-disk")->hdd.rpm == 10000.0);
    CatalogFields renamed = user_hdd("my-disk-2");
    REQUIRE(catalog.update_user_entry(CatalogKind::Drives, "my-disk", renamed).empty());
    CHECK_FALSE(catalog.drive("my-disk"));
    CHECK(catalog.drive("my-disk-2"));
    CHECK(error_about(catalog.update_user_entry(CatalogKind::Drives, "test-hdd", renamed), "id"));
    CHECK(error_about(catalog.remove_user_entry(CatalogKind::Drives, "test-hdd"), "id"));
    CHECK(catalog.drive("test-hdd"));

    // A link in use cannot be deleted; once unused it can.
    REQUIRE(catalog.add_user_entry(CatalogKind::Links, user_link("my-link")).empty());
    REQUIRE(catalog.add_user_entry(CatalogKind::Drives, user_hdd("on-my-link", "my-link")).empty());
    const auto in_use = catalog.remove_user_entry(CatalogKind::Links, "my-link");
    REQUIRE(error_about(in_use, "id"));
    CHECK(error_about(in_use, "id")->message.find("on-my-link") != std::string::npos);
    REQUIRE(catalog.remove_user_entry(CatalogKind::Drives, "on-my-link").empty());
    REQUIRE(catalog.remove_user_entry(CatalogKind::Links, "my-link").empty());
    CHECK_FALSE(catalog.link("my-link"));
    CHECK(catalog.drives().size() == 3);
}

TEST_CASE("an import takes the good rows and reports the bad ones with line and reasons",
          "[catalog][user]") {
    TempDir dir;
    const fs::path bundled = build_bundled(dir);
    auto opened = Catalog::open(bundled, dir / "user.db");
    Catalog& catalog = opened.catalog;
    const std::string csv =
        "# my links\n"                                                                   // 1
        "id,name,vendor,bandwidth_mb_s,command_overhead_us,shared,max_devices,source\n"  // 2
        "link-a,Link A,Me,100,1,no,1,mine\n"                                             // 3
        "link-b,Link B,Me,fast,1,no,1,mine\n"                                            // 4
        "sata-3g,Again,Me,100,1,no,1,mine\n"                                             // 5
        "link-c,Link C,Me,100,1,no\n"                                                    // 6
        "link-a,Link A twice,Me,100,1,maybe,1,mine\n"                                    // 7
        "link-d,\"Link D, quoted\",Me,200,1,yes,8,mine\n";                               // 8
    const auto report = catalog.import_csv(CatalogKind::Links, csv, "links-mine.csv");
    CHECK(report.file_errors.empty());
    CHECK(report.accepted == 2);
    REQUIRE(report.rejected.size() == 4);
    CHECK(report.rejected[0].line == 4);
    CHECK(report.rejected[0].id == "link-b");
    REQUIRE(report.rejected[0].reasons.size() == 1);
    CHECK(report.rejected[0].reasons[0].where == "bandwidth_mb_s");
    CHECK(report.rejected[0].reasons[0].message.find("got 'fast'") != std::string::npos);
    CHECK(report.rejected[1].line == 5);
    CHECK(report.rejected[1].reasons[0].message.find("bundled") != std::string::npos);
    CHECK(report.rejected[2].line == 6);
    CHECK(report.rejected[2].reasons[0].message.find("fields") != std::string::npos);
    CHECK(report.rejected[3].line == 7);
    CHECK(report.rejected[3].reasons.size() == 2);  // shared, and the id twice
    CHECK(catalog.link("link-a"));
    CHECK(catalog.link("link-d")->max_devices == 8);
    CHECK_FALSE(catalog.link("link-b"));
    CHECK(catalog.links().size() == 3);

    // A header problem rejects the file; nothing is written.
    const auto header =
        catalog.import_csv(CatalogKind::Links, "id,name,colour\nx,y,z\n", "bad-header.csv");
    CHECK(header.accepted == 0);
    REQUIRE_FALSE(header.file_errors.empty());
    CHECK(all_messages(header.file_errors).find("colour") != std::string::npos);
    CHECK(catalog.links().size() == 3);
}

TEST_CASE("export then import gives the same entries and the same text", "[catalog][user]") {
    TempDir dir;
    const fs::path bundled = build_bundled(dir);
    auto first = Catalog::open(bundled, dir / "first.db");
    REQUIRE(first.catalog.add_user_entry(CatalogKind::Links, user_link("my-link")).empty());
    REQUIRE(first.catalog.add_user_entry(CatalogKind::Drives, user_hdd("disk-a")).empty());
    CatalogFields ssd = {{"id", "ssd-b"},
                         {"name", "SSD B"},
                         {"vendor", "Flashco"},
                         {"kind", "ssd"},
                         {"capacity_gb", "960"},
                         {"interface", "my-link"},
                         {"form_factor", "2.5"},
                         {"ber", "1e-17"},
                         {"afr_percent", "0.44"},
                         {"read_latency_us", "85.5"},
                         {"write_latency_us", "21"},
                         {"seq_read_mb_s", "560"},
                         {"seq_write_mb_s", "530"},
                         {"random_read_iops", "98000"},
                         {"random_write_iops", "31000"},
                         {"write_iops_steady_state", "yes"},
                         {"over_provisioning_percent", "28"},
                         {"power_loss_protection", "yes"},
                         {"endurance_tbw", "1752"},
                         {"warranty_years", "5"},
                         {"source", "datasheet"}};
    REQUIRE(all_messages(first.catalog.add_user_entry(CatalogKind::Drives, ssd)) == "");

    const std::string links =
        first.catalog.export_csv(CatalogKind::Links, CatalogExportScope::User);
    const std::string drives =
        first.catalog.export_csv(CatalogKind::Drives, CatalogExportScope::User);
    CHECK(drives.find("test-hdd") == std::string::npos);  // user entries only
    // Numbers read as people write them: plain decimals, exponents only for tiny ones.
    CHECK(drives.find(",155.3,80.1,") != std::string::npos);
    CHECK(drives.find(",1e-17,") != std::string::npos);
    CHECK(links.find(",1200.5,3,no,1,") != std::string::npos);

    auto second = Catalog::open(bundled, dir / "second.db");
    const auto link_report = second.catalog.import_csv(CatalogKind::Links, links);
    CHECK(link_report.accepted == 1);
    const auto drive_report = second.catalog.import_csv(CatalogKind::Drives, drives);
    INFO(drives);
    CHECK(drive_report.rejected.empty());
    CHECK(drive_report.accepted == 2);
    CHECK(second.catalog.export_csv(CatalogKind::Drives, CatalogExportScope::User) == drives);
    CHECK(second.catalog.export_csv(CatalogKind::Links, CatalogExportScope::User) == links);

    const auto a = first.catalog.drive("ssd-b");
    const auto b = second.catalog.drive("ssd-b");
    REQUIRE(a);
    REQUIRE(b);
    CHECK(a->ssd.read_latency_s == b->ssd.read_latency_s);  // exactly
    CHECK(a->ber == b->ber);
    CHECK(a->afr == b->afr);
    CHECK(first.catalog.drive("disk-a")->hdd.media_rate_inner_Bps ==
          second.catalog.drive("disk-a")->hdd.media_rate_inner_Bps);
    CHECK(second.catalog.notes("disk-a") == "line one,\nline two");
    CHECK(second.catalog.drive("disk-a")->info.source == "Diskco data sheet \"rev. 3\", 2012");

    // The whole layered table exports too, and the bundled rows come back identical as well.
    const std::string all = second.catalog.export_csv(CatalogKind::Drives, CatalogExportScope::All);
    CHECK(all.find("test-hdd") != std::string::npos);
    CHECK(all.find("disk-a") != std::string::npos);
}

TEST_CASE("the bundled database is never written", "[catalog][user]") {
    TempDir dir;
    const fs::path bundled = build_bundled(dir);
    const std::string before = read_bytes(bundled);
    const auto mtime = fs::last_write_time(bundled);
    {
        auto opened = Catalog::open(bundled, dir / "user.db");
        Catalog& catalog = opened.catalog;
        REQUIRE(catalog.add_user_entry(CatalogKind::Drives, user_hdd("mine")).empty());
        CatalogFields edited = user_hdd("mine");
        edited["year"] = "2013";
        REQUIRE(catalog.update_user_entry(CatalogKind::Drives, "mine", edited).empty());
        catalog.import_csv(CatalogKind::Links,
                           "id,name,vendor,bandwidth_mb_s,command_overhead_us,shared,"
                           "max_devices,source\nl1,L,V,1,1,no,1,s\n");
        catalog.export_csv(CatalogKind::Drives, CatalogExportScope::All);
        catalog.remove_user_entry(CatalogKind::Drives, "test-hdd");
        REQUIRE(catalog.remove_user_entry(CatalogKind::Drives, "mine").empty());
        CHECK(catalog.drive("test-hdd"));
    }
    CHECK(read_bytes(bundled) == before);
    CHECK(fs::last_write_time(bundled) == mtime);
}

TEST_CASE("a broken user catalog is set aside with a message and the bundled one still works",
          "[catalog][user]") {
    TempDir dir;
    const fs::path bundled = build_bundled(dir);
    const fs::path user = dir / "user.db";
    auto make_good_user = [&] {
        fs::remove(user);
        auto opened = Catalog::open(bundled, user);
        REQUIRE(opened.catalog.add_user_entry(CatalogKind::Drives, user_hdd("mine")).empty());
    };
    auto run_sql = [&](const std::string& sql) { run_sql_on(user, sql); };
    auto set_aside_files = [&] {
        int n = 0;
        for (const auto& f : fs::directory_iterator(dir.path())) {
            n += f.path().filename().string().rfind("user.db.broken-", 0) == 0 ? 1 : 0;
        }
        return n;
    };

    std::string garbage;
    for (int i = 0; i < 8192; ++i) {
        garbage += static_cast<char>((i * 7919 + 13) % 251);
    }
    const std::vector<std::pair<std::string, std::function<void()>>> breakages = {
        {"garbage bytes", [&] { raidadv::test::write_file(user, garbage); }},
        {"truncated",
         [&] {
             make_good_user();
             fs::resize_file(user, fs::file_size(user) / 2);
         }},
        {"wrong schema",
         [&] {
             make_good_user();
             run_sql("ALTER TABLE drives DROP COLUMN rpm");
         }},
        {"a bundled catalog", [&] { fs::copy_file(bundled, user); }},
        {"newer schema version",
         [&] {
             make_good_user();
             run_sql("UPDATE meta SET value = '99' WHERE key = 'schema_version'");
         }},
        {"a row that fails validation",
         [&] {
             make_good_user();
             run_sql("UPDATE drives SET rpm = 1 WHERE id = 'mine'");
         }},
        {"a row whose id a bundled entry uses",
         [&] {
             make_good_user();
             run_sql("UPDATE drives SET id = 'test-ssd' WHERE id = 'mine'");
         }},
    };
    for (const auto& [what, breakage] : breakages) {
        SECTION(what) {
            breakage();
            REQUIRE(fs::exists(user));
            auto opened = Catalog::open(bundled, user);
            INFO(opened.message);
            CHECK_FALSE(opened.message.empty());
            CHECK(opened.message.find("moved to") != std::string::npos);
            CHECK_FALSE(fs::exists(user));
            CHECK(set_aside_files() == 1);
            CHECK(opened.catalog.drives().size() == 2);  // bundled only, nothing half-read
            CHECK(opened.catalog.drive("test-hdd"));
            CHECK_FALSE(opened.catalog.drive("mine"));
            // Editing starts a fresh user catalog.
            REQUIRE(opened.catalog.add_user_entry(CatalogKind::Drives, user_hdd("new")).empty());
            CHECK(Catalog::open(bundled, user).message.empty());
        }
    }
}

TEST_CASE("a user catalog of schema 5 to 9 is brought up to date and keeps its entries",
          "[catalog][user]") {
    const int schema = GENERATE(5, 6, 7, 8, 9);
    INFO("schema " << schema);
    TempDir dir;
    const fs::path bundled = build_bundled(dir);
    const fs::path user = dir / "user.db";
    {
        auto opened = Catalog::open(bundled, user);
        REQUIRE(opened.catalog.add_user_entry(CatalogKind::Drives, user_hdd("mine")).empty());
    }
    auto run_sql = [&](const std::string& sql) { run_sql_on(user, sql); };
    // What the releases before drives' flash units (9), before controllers' port command times
    // (8), before hosts' slot wiring (7), before hosts' onboard_controller (6) and before
    // controllers' drive_form_factors (5) wrote.
    run_sql("ALTER TABLE drives DROP COLUMN flash_units");
    if (schema <= 8) {
        run_sql("ALTER TABLE controllers DROP COLUMN port_read_command_s");
        run_sql("ALTER TABLE controllers DROP COLUMN port_write_command_s");
    }
    if (schema <= 7) {
        run_sql("ALTER TABLE hosts DROP COLUMN m2_link");
        run_sql("ALTER TABLE hosts DROP COLUMN pcie_slot_link");
        run_sql("ALTER TABLE hosts DROP COLUMN slot_bifurcation");
        run_sql("ALTER TABLE controllers DROP COLUMN onboard_only");
    }
    if (schema <= 6) {
        run_sql("ALTER TABLE hosts DROP COLUMN onboard_controller");
        run_sql("ALTER TABLE controllers DROP COLUMN external_ports");
    }
    if (schema == 5) {
        run_sql("ALTER TABLE controllers DROP COLUMN drive_form_factors");
    }
    run_sql("UPDATE meta SET value = '" + std::to_string(schema) +
            "' WHERE key = 'schema_version'");
    auto opened = Catalog::open(bundled, user);
    INFO(opened.message);
    CHECK(opened.message.empty());
    CHECK(opened.catalog.drive("mine"));
    CHECK(fs::exists(user));
    // Upgraded in place: opened again, nothing to do and nothing said.
    auto again = Catalog::open(bundled, user);
    CHECK(again.message.empty());
    CHECK(again.catalog.drive("mine"));
    REQUIRE(again.catalog.add_user_entry(CatalogKind::Drives, user_hdd("second")).empty());
}

TEST_CASE("without set-aside a broken user catalog is left alone and not used", "[catalog][user]") {
    TempDir dir;
    const fs::path bundled = build_bundled(dir);
    raidadv::test::write_file(dir / "user.db", "not a database at all, just text");
    auto opened = Catalog::open(bundled, dir / "user.db", raidadv::BrokenUserCatalog::Ignore);
    CHECK_FALSE(opened.message.empty());
    CHECK(fs::exists(dir / "user.db"));
    CHECK(opened.catalog.drives().size() == 2);
    CHECK_FALSE(opened.catalog.add_user_entry(CatalogKind::Drives, user_hdd("x")).empty());
    CHECK(read_bytes(dir / "user.db") == "not a database at all, just text");
}

TEST_CASE("default_user_path follows RAID_ADVISOR_USER_CATALOG, else XDG", "[catalog][user]") {
    const char* saved = std::getenv("RAID_ADVISOR_USER_CATALOG");
    const std::string saved_value = saved != nullptr ? saved : "";
    ::setenv("RAID_ADVISOR_USER_CATALOG", "/tmp/x/mine.db", 1);
    CHECK(Catalog::default_user_path() == fs::path("/tmp/x/mine.db"));
    ::unsetenv("RAID_ADVISOR_USER_CATALOG");
    const fs::path path = Catalog::default_user_path();
    CHECK(path.filename() == "user-catalog.db");
    CHECK(path.parent_path().filename() == "RAID Advisor");
    if (saved != nullptr) {
        ::setenv("RAID_ADVISOR_USER_CATALOG", saved_value.c_str(), 1);
    }
}

TEST_CASE("the columns of a table say what each accepts", "[catalog][user]") {
    const auto columns = raidadv::catalog_columns(CatalogKind::Drives);
    REQUIRE(columns.front().name == "id");
    auto find = [&](const std::string& name) {
        for (const auto& c : columns) {
            if (c.name == name) {
                return c;
            }
        }
        FAIL("no column " << name);
        return columns.front();
    };
    CHECK(find("kind").allowed == "hdd or ssd");
    CHECK(find("rpm").allowed == "3000..20000");
    CHECK(find("rpm").only == "hdd");
    CHECK(find("price_date").allowed.find("2007-03") != std::string::npos);
    CHECK_FALSE(find("price_date").required);
    CHECK(find("name").required);
    CHECK(find("read_ahead").allowed == "yes or no");
}
