// Format versions: version-1 files are migrated to the current version step by step, newer and
// malformed files are refused by the header check with a message that names the problem, and the
// version-2 sections (written_by, session) are validated.

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "project/migrate.h"
#include "project/project.h"
#include "test_catalog.h"

using namespace raidadv;
using Catch::Matchers::Contains;
using nlohmann::json;

namespace {

const char* kVersion1 = R"json({
  "format": "raid-advisor-project", "version": 1, "app_version": "0.0.9", "name": "old",
  "systems": [
    {"name": "s0", "drive": "test-hdd", "layout": {"level": "raid5", "drives": 4}}
  ],
  "workloads": [
    {"name": "w0", "read_fraction": 0.5, "request_size": {"fixed_kib": 4}, "concurrency": [1, 2]}
  ]
})json";

std::vector<ProjectIssue> issues_of(const std::string& text) {
    try {
        parse_project(text, test::small_catalog());
    } catch (const ProjectError& e) {
        return e.issues;
    }
    return {};
}

}  // namespace

TEST_CASE("a version-1 file is migrated to the current version", "[project][migration]") {
    json root = json::parse(kVersion1);
    const auto steps = migrate_project_json(root);
    REQUIRE(steps.size() == 5);  // 1 to 2, then 2 to 3 ... 5 to 6 (nothing to move)
    CHECK_THAT(steps[0], Contains("1 to 2"));
    CHECK_THAT(steps[1], Contains("2 to 3"));
    CHECK_THAT(steps[2], Contains("3 to 4"));
    CHECK_THAT(steps[3], Contains("4 to 5"));
    CHECK_THAT(steps[4], Contains("5 to 6"));
    CHECK(root["version"] == kProjectFormatVersion);
    CHECK_FALSE(root.contains("app_version"));
    CHECK(root["written_by"]["version"] == "0.0.9");
    CHECK(root["written_by"]["app"] == "RAID Advisor");
    // Every other field is untouched.
    json original = json::parse(kVersion1);
    for (const char* key : {"format", "name", "systems", "workloads"}) {
        CHECK(root[key] == original[key]);
    }
    // Migrating again changes nothing.
    const json once = root;
    CHECK(migrate_project_json(root).empty());
    CHECK(root == once);
    // The migrated file and the original read as the same project.
    const Project a = parse_project(kVersion1, test::small_catalog());
    const Project b = parse_project(root.dump(), test::small_catalog());
    CHECK(a.name == b.name);
    CHECK(a.systems.size() == b.systems.size());
    CHECK(a.workloads[0].concurrency == b.workloads[0].concurrency);
}

TEST_CASE("migration keeps key order in ordered JSON", "[project][migration]") {
    nlohmann::ordered_json root = nlohmann::ordered_json::parse(kVersion1);
    migrate_project_json(root);
    std::vector<std::string> keys;
    for (const auto& item : root.items()) {
        keys.push_back(item.key());
    }
    REQUIRE(keys.size() >= 4);
    CHECK(keys[0] == "format");
    CHECK(keys[1] == "version");
    CHECK(keys[2] == "name");
}

TEST_CASE("the header check reads version and writer without a catalog", "[project][migration]") {
    const ProjectHeader old = read_project_header(kVersion1);
    CHECK(old.ok());
    CHECK(old.version == 1);
    CHECK(old.written_by == "0.0.9");
    CHECK(old.needs_migration());

    json current = json::parse(kVersion1);
    migrate_project_json(current);
    const ProjectHeader now = read_project_header(current.dump());
    CHECK(now.ok());
    CHECK(now.version == kProjectFormatVersion);
    CHECK_FALSE(now.needs_migration());
}

TEST_CASE("newer and malformed files are refused by the header check", "[project][migration]") {
    json newer = json::parse(kVersion1);
    newer["version"] = kProjectFormatVersion + 1;
    newer.erase("app_version");
    newer["written_by"] = {{"app", "RAID Advisor"}, {"version", "9.1.0"}};
    newer["something_new"] = true;
    const ProjectHeader h = read_project_header(newer.dump());
    REQUIRE(h.issues.size() == 1);
    CHECK(h.issues[0].path == "version");
    CHECK(h.issues[0].message == "made by a newer RAID Advisor 9.1.0: format version " +
                                     std::to_string(kProjectFormatVersion + 1) +
                                     ", this version reads up to " +
                                     std::to_string(kProjectFormatVersion));

    const ProjectHeader broken = read_project_header(R"({"format": "raid-advisor-project", )");
    REQUIRE_FALSE(broken.ok());
    CHECK(broken.issues[0].path == "$");
    CHECK_THAT(broken.issues[0].message, Contains("not valid JSON"));

    const ProjectHeader twice =
        read_project_header(R"({"format": "raid-advisor-project", "version": 2, "version": 2})");
    REQUIRE_FALSE(twice.ok());
    CHECK_THAT(twice.issues[0].message, Contains("duplicate key 'version'"));

    const ProjectHeader other =
        read_project_header(R"({"format": "something-else", "version": 1})");
    REQUIRE_FALSE(other.ok());
    CHECK(other.issues[0].path == "format");
}

TEST_CASE("version 2 validates written_by and session", "[project][migration]") {
    json root = json::parse(kVersion1);
    migrate_project_json(root);
    root["session"] = {{"pins", {"a", "b"}}, {"selected", "b"}};
    const Project p = parse_project(root.dump(), test::small_catalog());
    CHECK(p.session.pins == std::vector<std::string>{"a", "b"});
    CHECK(p.session.selected == "b");

    json app_version = root;
    app_version["app_version"] = "0.1.0";  // a version-1 key in a version-2 file
    auto issues = issues_of(app_version.dump());
    REQUIRE(issues.size() == 1);
    CHECK_THAT(issues[0].message, Contains("unknown key 'app_version'"));

    json twice = root;
    twice["session"]["pins"] = {"a", "a"};
    issues = issues_of(twice.dump());
    REQUIRE(issues.size() == 1);
    CHECK(issues[0].path == "session.pins[1]");

    json too_many = root;
    too_many["session"]["pins"] = {"a", "b", "c", "d", "e"};
    issues = issues_of(too_many.dump());
    REQUIRE(issues.size() == 1);
    CHECK_THAT(issues[0].message, Contains("0 to 4"));

    json no_app = root;
    no_app["written_by"].erase("app");
    issues = issues_of(no_app.dump());
    REQUIRE(issues.size() == 1);
    CHECK(issues[0].path == "written_by.app");
}
