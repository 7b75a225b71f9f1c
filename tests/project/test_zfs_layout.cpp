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
    CHECK(text.find("\"version\": 3") != std::string::npos);
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
