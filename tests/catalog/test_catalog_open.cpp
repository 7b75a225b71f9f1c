// Catalog::open on files that are not good catalogs, and Catalog::default_path.

#include <sqlite3.h>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>

#include "catalog/catalog.h"
#include "catalog_test_support.h"

using raidadv::Catalog;
using raidadv::CatalogLoadError;
using raidadv::test::TempDir;

namespace {

/// Runs SQL on a new (or existing) SQLite file.
void run_sql(const std::filesystem::path& file, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
    char* message = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
    INFO((message != nullptr ? message : ""));
    sqlite3_free(message);
    sqlite3_close(db);
    REQUIRE(rc == SQLITE_OK);
}

/// The message of the CatalogLoadError that opening `file` throws ("" if it does not throw).
std::string open_error(const std::filesystem::path& file) {
    try {
        Catalog::open(file);
    } catch (const CatalogLoadError& e) {
        return e.what();
    }
    return "";
}

std::filesystem::path build_valid(const TempDir& dir) {
    raidadv::test::write_sources(dir.path(), raidadv::test::valid_sources());
    const auto db = dir / "catalog.db";
    REQUIRE(Catalog::build(dir.path(), db).empty());
    return db;
}

}  // namespace

TEST_CASE("opening a missing file throws CatalogLoadError", "[catalog]") {
    TempDir dir;
    const std::string message = open_error(dir / "nothing-here.db");
    CHECK(message.find("not found") != std::string::npos);
    CHECK_THROWS_AS(Catalog::open(dir.path()), CatalogLoadError);  // a folder
}

TEST_CASE("opening garbage bytes throws CatalogLoadError", "[catalog]") {
    TempDir dir;
    std::string garbage;
    for (int i = 0; i < 8192; ++i) {
        garbage += static_cast<char>((i * 7919 + 13) % 251);
    }
    raidadv::test::write_file(dir / "garbage.db", garbage);
    const std::string message = open_error(dir / "garbage.db");
    INFO(message);
    CHECK_FALSE(message.empty());
    raidadv::test::write_file(dir / "empty.db", "");
    CHECK_THROWS_AS(Catalog::open(dir / "empty.db"), CatalogLoadError);
}

TEST_CASE("a SQLite file without the meta table is not a catalog", "[catalog]") {
    TempDir dir;
    run_sql(dir / "other.db", "CREATE TABLE drives (id TEXT); INSERT INTO drives VALUES ('x')");
    const std::string message = open_error(dir / "other.db");
    INFO(message);
    CHECK(message.find("meta") != std::string::npos);
}

TEST_CASE("a catalog of another format or schema version is refused", "[catalog]") {
    TempDir dir;
    const auto db = build_valid(dir);
    REQUIRE(open_error(db).empty());

    run_sql(db, "UPDATE meta SET value = '999' WHERE key = 'schema_version'");
    CHECK(open_error(db).find("schema version") != std::string::npos);

    run_sql(db, "UPDATE meta SET value = 'something-else' WHERE key = 'format'");
    CHECK(open_error(db).find("not a RAID Advisor catalog") != std::string::npos);
}

TEST_CASE("a catalog missing a table or column is refused", "[catalog]") {
    TempDir dir;
    const auto db = build_valid(dir);
    run_sql(db, "ALTER TABLE hosts DROP COLUMN cpu_cores");
    const std::string message = open_error(db);
    INFO(message);
    CHECK(message.find("cpu_cores") != std::string::npos);
    run_sql(db, "DROP TABLE hosts");
    CHECK_THROWS_AS(Catalog::open(db), CatalogLoadError);
}

TEST_CASE("a truncated catalog file is refused", "[catalog]") {
    TempDir dir;
    const auto db = build_valid(dir);
    const auto size = std::filesystem::file_size(db);
    REQUIRE(size > 4096);
    std::filesystem::resize_file(db, size / 2);
    CHECK_THROWS_AS(Catalog::open(db), CatalogLoadError);
}

TEST_CASE("default_path: RAID_ADVISOR_CATALOG overrides the path next to the executable",
          "[catalog]") {
    const char* saved = std::getenv("RAID_ADVISOR_CATALOG");
    const std::string saved_value = saved != nullptr ? saved : "";

    ::unsetenv("RAID_ADVISOR_CATALOG");
    const auto beside = Catalog::default_path();
    CHECK(beside.filename() == "catalog.db");
    CHECK(beside.parent_path().filename() == "raid-advisor");
    CHECK(beside.parent_path().parent_path().filename() == "share");
    CHECK(beside.is_absolute());

    ::setenv("RAID_ADVISOR_CATALOG", "/tmp/elsewhere/my-catalog.db", 1);
    CHECK(Catalog::default_path() == std::filesystem::path("/tmp/elsewhere/my-catalog.db"));
    ::setenv("RAID_ADVISOR_CATALOG", "", 1);
    CHECK(Catalog::default_path() == beside);

    if (saved != nullptr) {
        ::setenv("RAID_ADVISOR_CATALOG", saved_value.c_str(), 1);
    } else {
        ::unsetenv("RAID_ADVISOR_CATALOG");
    }
}
