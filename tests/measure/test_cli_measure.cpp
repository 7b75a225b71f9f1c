// `raid-advisor-cli workload import` and `calibrate` end to end: exit statuses, output that a
// project file takes as it is, and user catalog entries written by calibrate.

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <set>

#include "measure_test_util.h"
#include "project/project.h"
#include "shell_run.h"
#include "test_catalog.h"

using namespace raidadv;
using nlohmann::json;
using raidadv::test::cli_command;
using raidadv::test::measure_fixture;
using raidadv::test::shell_quoted;

namespace {

std::string fixture_arg(const std::string& name) {
    return shell_quoted(measure_fixture(name).string());
}

/// A project with one system of the small test catalog and `workloads`.
std::string project_with(const json& workloads) {
    json p = json::parse(R"({"format": "raid-advisor-project", "version": 2, "name": "measured",
      "systems": [{"name": "s0", "drive": "test-hdd",
                   "layout": {"level": "raid5", "drives": 4, "stripe_kib": 64},
                   "controller": "test-raid", "host": "test-host"}]})");
    p["workloads"] = workloads;
    return p.dump();
}

}  // namespace

TEST_CASE("workload import --json: every fixture, and the project reader takes the output") {
    test::ScratchDir dir("workload-import");
    std::string files;
    for (const char* f : {"fio-3.33-randrw70-8k-qd4x2-group.json",
                          "fio-3.33-randread-4k-qd8.jsonplus", "fio-3.33-seqwrite-64k-qd1.json",
                          "fio-3.33-randrw50-16k-qd2x3-jobs.json", "fio-3.33-bssplit-two-jobs.json",
                          "fio-3.33-randrw60-4k-seq30.iolog", "fio-3.16-randrw60-4k-seq30.iolog",
                          "iostat-12.6.1-x-d-1-10.txt", "iostat-12.6.1-x-d-t-1-10.json",
                          "iostat-11.2.13-x-d-1-10.txt", "blkparse-default-synthetic.txt"}) {
        files += " " + fixture_arg(f);
    }
    const auto run =
        test::run_shell(cli_command("workload import --json" + files), dir.path() / "err");
    REQUIRE(run.status == 0);
    const json out = json::parse(run.out);
    REQUIRE(out["workloads"].size() == 11);
    // Names are unique (the two iologs and the three iostat files would repeat).
    std::set<std::string> names;
    for (const auto& w : out["workloads"]) {
        names.insert(w["name"].get<std::string>());
        CHECK(!w["description"].get<std::string>().empty());
    }
    CHECK(names.size() == 11);
    const Project p = parse_project(project_with(out["workloads"]), test::small_catalog());
    REQUIRE(p.workloads.size() == 11);
    CHECK(p.workloads[0].read_fraction == Approx(0.7).margin(0.03));
    REQUIRE(out["workloads"][0]["measured"].size() == 1);
    CHECK(out["workloads"][0]["measured"][0]["concurrency"] == 8);
    CHECK(run.err.find("note:") != std::string::npos);
}

TEST_CASE("workload import without --json prints objects ready to paste") {
    test::ScratchDir dir("workload-paste");
    const auto run =
        test::run_shell(cli_command("workload import --format fio " +
                                    fixture_arg("fio-3.33-randrw70-8k-qd4x2-group.json")),
                        dir.path() / "err");
    REQUIRE(run.status == 0);
    const json w = json::parse("[" + run.out + "]");
    CHECK(parse_project(project_with(w), test::small_catalog()).workloads.size() == 1);
}

TEST_CASE("workload import: bad input exits 2 with the file named") {
    test::ScratchDir dir("workload-bad");
    std::ofstream(dir.path() / "half.json")
        << test::read_all(measure_fixture("fio-3.33-seqwrite-64k-qd1.json")).substr(0, 500);
    const auto cut = test::run_shell(
        cli_command("workload import " + shell_quoted((dir.path() / "half.json").string())),
        dir.path() / "err");
    CHECK(cut.status == 2);
    CHECK(cut.out.empty());
    CHECK(cut.err.find("half.json") != std::string::npos);
    const auto format =
        test::run_shell(cli_command("workload import --format tcpdump x"), dir.path() / "err");
    CHECK(format.status == 2);
    CHECK(format.err.find("--format must be") != std::string::npos);
    const auto none = test::run_shell(cli_command("workload import"), dir.path() / "err");
    CHECK(none.status == 2);
}

TEST_CASE("calibrate: unknown system, too few runs, and an entry written to the user catalog") {
    test::ScratchDir dir("calibrate");
    const auto project =
        std::filesystem::path(RAID_RESOURCES_DIR) / "examples" / "vm-datastore-ssd.json";
    const json doc = json::parse(test::read_all(project));
    const std::string system = doc["systems"][0]["name"];
    const std::string env =
        "RAID_ADVISOR_USER_CATALOG=" + shell_quoted((dir.path() / "user.db").string()) +
        " RAID_ADVISOR_CATALOG=" + shell_quoted(RAID_CATALOG_DB);
    const auto unknown = test::run_shell(
        cli_command("calibrate " + shell_quoted(project.string()) + " --system nosuch --measured " +
                        fixture_arg("fio-3.33-randread-4k-qd8.jsonplus"),
                    env),
        dir.path() / "err");
    CHECK(unknown.status == 2);
    CHECK(unknown.err.find("no system 'nosuch'") != std::string::npos);
    const auto few =
        test::run_shell(cli_command("calibrate " + shell_quoted(project.string()) + " --system " +
                                        shell_quoted(system) + " --measured " +
                                        fixture_arg("fio-3.33-randread-4k-qd8.jsonplus") +
                                        " --parameters drive.read_latency_us,controller.max_iops",
                                    env),
                        dir.path() / "err");
    CHECK(few.status == 2);
    CHECK(few.err.find("1 measured run(s) cannot fit 2 parameters") != std::string::npos);
    const auto dry =
        test::run_shell(cli_command("calibrate " + shell_quoted(project.string()) + " --system " +
                                        shell_quoted(system) + " --measured " +
                                        fixture_arg("fio-3.33-randread-4k-qd8.jsonplus") + " " +
                                        fixture_arg("fio-3.33-randrw70-8k-qd4x2-group.json") +
                                        " --parameters host.per_request_overhead_us --json",
                                    env),
                        dir.path() / "err");
    REQUIRE(dry.status == 0);
    const json out = json::parse(dry.out);
    CHECK(out["runs"].size() == 2);
    // (The runs read a 64 MiB file, fio's size, which the controller's cache holds: they
    // depend on the host's path, not on the drives.)
    CHECK(out["parameters"][0]["key"] == "host.per_request_overhead_us");
    CHECK(out["written"].size() == 1);
    CHECK(std::filesystem::exists(dir.path() / "user.db"));
    // The entry is in the user catalog, with its provenance.
    const auto list =
        test::run_shell(cli_command("catalog list --kind hosts --json", env), dir.path() / "err");
    REQUIRE(list.status == 0);
    const std::string id = out["written"][0]["id"];
    bool found = false;
    for (const auto& e : json::parse(list.out)) {
        if (e["id"] == id) {
            found = true;
            CHECK(e["origin"] == "user");
            CHECK(e["fields"]["source"].get<std::string>().rfind("measured on ", 0) == 0);
        }
    }
    CHECK(found);
}
