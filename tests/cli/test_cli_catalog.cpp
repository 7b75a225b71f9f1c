// `raid-advisor-cli catalog list|import|export` against a temporary user catalog
// (RAID_ADVISOR_USER_CATALOG / --user-catalog): exit codes, the rejected-row report, the JSON
// listing, export -> import round trip, a broken user catalog set aside.

#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "shell_run.h"

using Catch::Matchers::Contains;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

using CatalogRun = raidadv::test::ShellRun;

/// A folder of this process's own, removed with everything in it when the test program exits.
class ScratchFolder {
  public:
    ScratchFolder()
        : path_(fs::temp_directory_path() /
                ("raid-advisor-test-cli-catalog-" + std::to_string(::getpid()))) {
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~ScratchFolder() {
        std::error_code ignored;
        fs::remove_all(path_, ignored);
    }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;
    const fs::path& path() const { return path_; }

  private:
    fs::path path_;
};

const fs::path& catalog_scratch() {
    static const ScratchFolder folder;
    return folder.path();
}

std::string slurp(const fs::path& file) {
    return raidadv::test::read_text(file);
}

/// Runs the CLI with RAID_ADVISOR_USER_CATALOG set to `user` (a path in the scratch folder).
CatalogRun catalog_cli(const std::string& user, const std::string& args) {
    const std::string environment =
        "RAID_ADVISOR_USER_CATALOG=" +
        raidadv::test::shell_quoted((catalog_scratch() / user).string());
    return raidadv::test::run_shell(raidadv::test::cli_command(args, environment),
                                    catalog_scratch() / "stderr.txt");
}

void write_text(const fs::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << text;
}

const char* kLinks =
    "id,name,vendor,bandwidth_mb_s,command_overhead_us,shared,max_devices,source\n"  // 1
    "cli-link-a,CLI link A,Me,1200,2,no,1,my notes\n"                                // 2
    "cli-link-b,CLI link B,Me,-5,2,no,1,my notes\n"                                  // 3
    "sata-3g,Clash,Me,300,2,no,1,my notes\n";                                        // 4

}  // namespace

TEST_CASE("catalog import writes the good rows and names line, column and reason of the others",
          "[catalog]") {
    const fs::path csv = catalog_scratch() / "links.csv";
    write_text(csv, kLinks);
    const CatalogRun run =
        catalog_cli("import.db", "catalog import '" + csv.string() + "' --kind links");
    INFO(run.out << run.err);
    CHECK(run.status == 2);
    CHECK_THAT(run.out, Contains("imported 1 of 3 links rows"));
    CHECK_THAT(run.err, Contains("links.csv:3 column bandwidth_mb_s: must be a number between"));
    CHECK_THAT(run.err, Contains("links.csv:4 column id:"));
    CHECK_THAT(run.err, Contains("bundled"));

    const CatalogRun list = catalog_cli("import.db", "catalog list --kind links --json");
    REQUIRE(list.status == 0);
    const json rows = json::parse(list.out);
    int user_rows = 0;
    for (const json& row : rows) {
        CHECK(row["kind"] == "links");
        if (row["origin"] == "user") {
            ++user_rows;
            CHECK(row["id"] == "cli-link-a");
            CHECK(row["fields"]["bandwidth_mb_s"] == "1200");
        }
    }
    CHECK(user_rows == 1);
    CHECK(rows.size() > 10);  // the bundled links are there too
}

TEST_CASE("catalog export writes CSV that imports back to the same entries", "[catalog]") {
    const fs::path csv = catalog_scratch() / "round-links.csv";
    write_text(csv, kLinks);
    catalog_cli("first.db", "catalog import '" + csv.string() + "' --kind links");
    const fs::path exported = catalog_scratch() / "exported.csv";
    REQUIRE(catalog_cli("first.db", "catalog export --kind links -o '" + exported.string() + "'")
                .status == 0);
    const std::string text = slurp(exported);
    CHECK_THAT(text, Contains("cli-link-a"));
    CHECK(text.find("sata-3g") == std::string::npos);  // user entries only

    const CatalogRun import = catalog_cli(
        "unused.db", "catalog import '" + exported.string() + "' --kind links --user-catalog '" +
                         (catalog_scratch() / "second.db").string() + "'");
    INFO(import.err);
    CHECK(import.status == 0);
    const fs::path again = catalog_scratch() / "again.csv";
    REQUIRE(catalog_cli("second.db", "catalog export --kind links -o '" + again.string() + "'")
                .status == 0);
    CHECK(slurp(again) == text);
    CHECK_FALSE(fs::exists(catalog_scratch() / "unused.db"));
}

TEST_CASE("catalog usage errors exit 2 and say what is allowed", "[catalog]") {
    CatalogRun run = catalog_cli("usage.db", "catalog list --kind disks");
    CHECK(run.status == 2);
    CHECK_THAT(run.err, Contains("--kind must be one of drives, controllers, links, hosts"));
    run = catalog_cli("usage.db", "catalog export --kind drives");
    CHECK(run.status == 2);
    CHECK_THAT(run.err, Contains("-o FILE.csv is required"));
    run = catalog_cli("usage.db", "catalog import /no/such/file.csv --kind drives");
    CHECK(run.status == 2);
    CHECK_THAT(run.err, Contains("no such file"));
    run = catalog_cli("usage.db", "catalog frobnicate");
    CHECK(run.status == 2);
}

TEST_CASE("a broken user catalog is set aside with a warning and listing goes on", "[catalog]") {
    write_text(catalog_scratch() / "broken.db", std::string(5000, 'x'));
    const CatalogRun run = catalog_cli("broken.db", "catalog list --kind hosts");
    INFO(run.err);
    CHECK(run.status == 0);
    CHECK_THAT(run.err, Contains("warning"));
    CHECK_THAT(run.err, Contains("broken-"));
    CHECK_THAT(run.out, Contains("bundled"));
    CHECK_FALSE(fs::exists(catalog_scratch() / "broken.db"));
}
