// A workload's working set given in bytes (`working_set_bytes` / `_kib` / `_mib`) instead of
// `span_fraction`: read, written back in its place, and kept.

#include <catch2/catch.hpp>

#include "project/project.h"
#include "project/writer.h"
#include "test_catalog.h"

using namespace raidadv;

TEST_CASE("working_set_mib is read, written back instead of span_fraction, and kept") {
    const char* text = R"json({
      "format": "raid-advisor-project", "version": 5, "name": "working set",
      "systems": [{"name": "one", "drive": "test-hdd",
                   "layout": {"level": "raid0", "drives": 2, "stripe_kib": 64}}],
      "workloads": [{"name": "cdm", "read_fraction": 1, "request_size": {"fixed_kib": 4},
                     "working_set_mib": 1024, "concurrency": [1]}]})json";
    const Project p = parse_project(text, test::small_catalog());
    REQUIRE(p.workloads.size() == 1);
    CHECK(p.workloads[0].working_set_bytes == 1024.0 * 1024 * 1024);
    const std::string written = project_to_text(p, "test");
    CHECK(written.find("\"working_set_mib\": 1024") != std::string::npos);
    CHECK(written.find("span_fraction") == std::string::npos);
    CHECK(parse_project(written, test::small_catalog()).workloads[0].working_set_bytes ==
          1024.0 * 1024 * 1024);
}
