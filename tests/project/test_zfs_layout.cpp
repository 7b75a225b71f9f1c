// ZFS pool layouts in project files (format version 3): the keys land in the layout, drives are
// per vdev in the file and per pool inside, and the writer gives back what was read.

#include <catch2/catch.hpp>

#include "layout/geometry.h"
#include "project/project.h"
#include "project/writer.h"
#include "test_catalog.h"

using namespace raidadv;

namespace {

const char* kPools = R"json({
  "format": "raid-advisor-project", "version": 3, "name": "pools",
  "systems": [
    {"name": "raidz2 x 2", "drive": "test-hdd",
     "layout": {"level": "raidz2", "drives": 6, "vdevs": 2, "recordsize_kib": 1024}},
    {"name": "mirrors", "drive": "test-hdd",
     "layout": {"level": "zfs-mirror", "drives": 3, "vdevs": 4, "ashift": 13}},
    {"name": "zvol", "drive": "test-ssd",
     "layout": {"level": "raidz", "drives": 5, "volblocksize_kib": 16}},
    {"name": "draid", "drive": "test-hdd",
     "layout": {"level": "draid2", "drives": 14, "draid_data": 4, "draid_spares": 2,
                "failed_drives": 2}}
  ],
  "workloads": [{"name": "w", "read_fraction": 1, "request_size": {"fixed_kib": 4},
                 "concurrency": [1]}]
})json";

}  // namespace

TEST_CASE("ZFS layouts read from a project file", "[project][zfs]") {
    const Project p = parse_project(kPools, test::small_catalog());
    REQUIRE(p.systems.size() == 4);
    const Layout& z2 = p.systems[0].layout;
    CHECK(z2.level == RaidLevel::Raidz2);
    CHECK(z2.vdevs == 2);
    CHECK(z2.drives == 12);  // the pool's drives
    CHECK(z2.record_bytes == 1024.0 * 1024);
    CHECK_FALSE(z2.zvol);
    CHECK(p.systems[0].total_drives() == 12);
    const Layout& m = p.systems[1].layout;
    CHECK(m.level == RaidLevel::ZfsMirror);
    CHECK(m.ashift == 13);
    CHECK(m.record_bytes == 128.0 * 1024);  // the default recordsize
    CHECK(failures_tolerated(m) == 2);
    const Layout& zvol = p.systems[2].layout;
    CHECK(zvol.level == RaidLevel::Raidz1);  // zpool's "raidz"
    CHECK(zvol.zvol);
    CHECK(zvol.record_bytes == 16.0 * 1024);
    const Layout& d = p.systems[3].layout;
    CHECK(d.draid_data == 4);
    CHECK(d.draid_spares == 2);
    CHECK(d.failed_drives == 2);
}

TEST_CASE("ZFS layouts written and read back are the same", "[project][zfs]") {
    const Project p = parse_project(kPools, test::small_catalog());
    const std::string text = project_to_text(p, "test");
    CHECK(text.find("\"version\": " + std::to_string(kProjectFormatVersion)) != std::string::npos);
    const Project again = parse_project(text, test::small_catalog());
    REQUIRE(again.systems.size() == p.systems.size());
    for (std::size_t i = 0; i < p.systems.size(); ++i) {
        const Layout& a = p.systems[i].layout;
        const Layout& b = again.systems[i].layout;
        INFO(p.systems[i].name);
        CHECK(a.level == b.level);
        CHECK(a.drives == b.drives);
        CHECK(a.vdevs == b.vdevs);
        CHECK(a.record_bytes == b.record_bytes);
        CHECK(a.zvol == b.zvol);
        CHECK(a.ashift == b.ashift);
        CHECK(a.draid_data == b.draid_data);
        CHECK(a.draid_spares == b.draid_spares);
        CHECK(a.failed_drives == b.failed_drives);
    }
    // The file says drives per vdev.
    const ProjectJson layout = project_json::to_json(p.systems[0].layout);
    CHECK(layout["drives"] == 6);
    CHECK(layout["vdevs"] == 2);
    CHECK(layout["recordsize_mib"] == 1);  // the largest unit that divides it
    CHECK_FALSE(layout.contains("stripe_kib"));
}

TEST_CASE("sync_writes is optional, read and written back", "[project][sync]") {
    Project p = parse_project(kPools, test::small_catalog());
    CHECK_FALSE(p.workloads[0].sync_writes);  // absent = false
    std::string text = project_to_text(p, "test");
    CHECK(text.find("sync_writes") == std::string::npos);  // false is not written
    p.workloads[0].sync_writes = true;
    text = project_to_text(p, "test");
    CHECK(text.find("\"sync_writes\": true") != std::string::npos);
    CHECK(parse_project(text, test::small_catalog()).workloads[0].sync_writes);
}

TEST_CASE("lseek_per_request is optional, read and written back", "[project]") {
    Project p = parse_project(kPools, test::small_catalog());
    CHECK_FALSE(p.workloads[0].lseek_per_request);  // absent = false
    std::string text = project_to_text(p, "test");
    CHECK(text.find("lseek_per_request") == std::string::npos);
    p.workloads[0].lseek_per_request = true;
    text = project_to_text(p, "test");
    CHECK(text.find("\"lseek_per_request\": true") != std::string::npos);
    CHECK(parse_project(text, test::small_catalog()).workloads[0].lseek_per_request);
}

namespace {

/// The pools project with `log` set on its first system (a raidz2 pool).
std::string with_log(const std::string& log, const std::string& level = "raidz2") {
    std::string text = kPools;
    const std::string from =
        R"("layout": {"level": "raidz2", "drives": 6, "vdevs": 2, "recordsize_kib": 1024}})";
    const std::string pool_keys =
        level == "raidz2" ? R"(, "vdevs": 2, "recordsize_kib": 1024)" : "";
    const std::string to = R"("layout": {"level": ")" + level + R"(", "drives": 6)" + pool_keys +
                           R"(}, "log": )" + log + "}";
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    return text;
}

std::string first_issue(const std::string& text) {
    try {
        parse_project(text, test::small_catalog());
    } catch (const ProjectError& e) {
        return e.issues.at(0).to_string();
    }
    return "";
}

}  // namespace

TEST_CASE("a pool's separate log devices are read and written back", "[project][zfs][sync]") {
    const Project p =
        parse_project(with_log(R"({"drive": "test-ssd", "count": 2})"), test::small_catalog());
    const System& s = p.systems[0];
    CHECK(s.log.count == 2);
    CHECK(s.log.drive.kind == DriveKind::Ssd);
    CHECK(s.all_drives() == 14);
    CHECK(p.systems[1].log.count == 0);
    const Project again = parse_project(project_to_text(p, "test"), test::small_catalog());
    CHECK(again.systems[0].log.count == 2);
    CHECK(again.systems[0].log.drive.info.id == s.log.drive.info.id);
    CHECK(again.systems[1].log.count == 0);
    // count defaults to 1
    CHECK(parse_project(with_log(R"({"drive": "test-ssd"})"), test::small_catalog())
              .systems[0]
              .log.count == 1);
}

TEST_CASE("bad log devices are refused naming the key", "[project][zfs][sync]") {
    CHECK_THAT(first_issue(with_log(R"({"drive": "nope"})")),
               Catch::Contains("systems[0].log.drive") && Catch::Contains("unknown catalog id"));
    CHECK_THAT(first_issue(with_log(R"({"drive": "test-ssd", "count": 3})")),
               Catch::Contains("systems[0].log.count") && Catch::Contains("from 1 to 2"));
    CHECK_THAT(first_issue(with_log(R"({"drive": "test-hdd"})")),
               Catch::Contains("systems[0].log.drive") && Catch::Contains("SSDs only"));
    CHECK_THAT(
        first_issue(with_log(R"({"count": 1})")),
        Catch::Contains("systems[0].log") && Catch::Contains("missing required key 'drive'"));
    CHECK_THAT(first_issue(with_log(R"({"drive": "test-ssd"})", "raid6")),
               Catch::Contains("systems[0].log") && Catch::Contains("ZFS pools only"));
}
