// Degraded-mode keys of a layout: failed_drives and rebuild_rate_fraction.

#include <catch2/catch.hpp>
#include <string>

#include "project/project.h"
#include "test_catalog.h"

using namespace raidadv;

namespace {

std::string project_with_layout(const std::string& layout) {
    return R"json({
  "format": "raid-advisor-project", "version": 1, "app_version": "0.1.0", "name": "degraded",
  "systems": [{"name": "s0", "drive": "test-hdd", "layout": )json" +
           layout + R"json(}],
  "workloads": [{"name": "w0", "read_fraction": 1, "request_size": {"fixed_kib": 4}, "concurrency": [1]}]
})json";
}

/// The issues of a project with this layout ("" if it parses).
std::string problems(const std::string& layout) {
    try {
        parse_project(project_with_layout(layout), test::small_catalog());
    } catch (const ProjectError& e) {
        std::string all;
        for (const auto& issue : e.issues) {
            all += issue.to_string() + "\n";
        }
        return all;
    }
    return "";
}

}  // namespace

TEST_CASE("a degraded layout is read", "[project]") {
    const Project p = parse_project(
        project_with_layout(
            R"({"level": "raid6", "drives": 6, "failed_drives": 2, "rebuild_rate_fraction": 0.3})"),
        test::small_catalog());
    REQUIRE(p.systems.size() == 1);
    CHECK(p.systems[0].layout.failed_drives == 2);
    CHECK(p.systems[0].layout.rebuild_rate_fraction == Approx(0.3));
    const Project healthy = parse_project(project_with_layout(R"({"level": "raid5", "drives": 4})"),
                                          test::small_catalog());
    CHECK(healthy.systems[0].layout.failed_drives == 0);
    CHECK(healthy.systems[0].layout.rebuild_rate_fraction == 0.0);
}

TEST_CASE("degraded layouts that cannot be are refused by field", "[project]") {
    CHECK_THAT(problems(R"({"level": "raid0", "drives": 4, "failed_drives": 1})"),
               Catch::Contains("systems[0].layout.failed_drives: raid0 has no redundancy"));
    CHECK_THAT(problems(R"({"level": "simple", "drives": 4, "failed_drives": 1})"),
               Catch::Contains("systems[0].layout.failed_drives: simple has no redundancy"));
    CHECK_THAT(problems(R"({"level": "raid5", "drives": 4, "failed_drives": 2})"),
               Catch::Contains("systems[0].layout.failed_drives: raid5 tolerates 1"));
    CHECK_THAT(problems(R"({"level": "raid5", "drives": 4, "failed_drives": -1})"),
               Catch::Contains("systems[0].layout.failed_drives"));
    CHECK_THAT(problems(R"({"level": "raid5", "drives": 4, "rebuild_rate_fraction": 0.5})"),
               Catch::Contains("systems[0].layout.rebuild_rate_fraction: a rebuild runs only"));
    CHECK_THAT(
        problems(
            R"({"level": "raid5", "drives": 4, "failed_drives": 1, "rebuild_rate_fraction": 1})"),
        Catch::Contains("systems[0].layout.rebuild_rate_fraction"));
    CHECK(problems(R"({"level": "raid10", "drives": 4, "failed_drives": 1})").empty());
}
