// Runs the built raid-advisor-cli (RAID_BIN_DIR) and checks exit codes, messages and JSON.

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

using Run = raidadv::test::ShellRun;
using raidadv::test::run_cli;
using raidadv::test::scratch_dir;
using raidadv::test::shell_quoted;

std::string example(const char* name) {
    return shell_quoted((fs::path(RAID_RESOURCES_DIR) / "examples" / name).string());
}

/// Writes a project file into the scratch directory and returns its quoted path.
std::string project_file(const std::string& name, const std::string& text) {
    const fs::path path = scratch_dir() / name;
    std::ofstream(path) << text;
    return shell_quoted(path.string());
}

/// A project with an inline drive only, so it does not depend on the catalog's contents.
const char* kInlineProject = R"json({
  "format": "raid-advisor-project", "version": 1, "name": "inline",
  "systems": [{"name": "two disks", "layout": {"level": "raid1", "drives": 2},
    "drive": {"name": "Test disk", "source": "test", "kind": "hdd", "capacity_gb": 100,
              "rpm": 7200, "seek_track_ms": 1, "seek_avg_ms": 9, "seek_full_ms": 18,
              "media_rate_outer_mb_s": 100, "media_rate_inner_mb_s": 50,
              "command_overhead_ms": 0.2, "cache_mib": 8, "queue_depth": 32}}],
  "workloads": [{"name": "open", "read_fraction": 1, "request_size": {"fixed_kib": 4},
                 "arrival_rates_per_s": [10, 1000000], "concurrency": [1, 4]}]
})json";

}  // namespace

TEST_CASE("version and help options", "[cli]") {
    const Run version = run_cli("--version");
    CHECK(version.status == 0);
    CHECK_THAT(version.out, Contains("raid-advisor-cli "));
    const Run help = run_cli("--help");
    CHECK(help.status == 0);
    CHECK_THAT(help.out, Contains("evaluate FILE [--json]"));
    CHECK_THAT(help.out, Contains("--catalog DB"));
    const Run command_help = run_cli("evaluate --help");
    CHECK(command_help.status == 0);
    CHECK_THAT(command_help.out, Contains("--json"));
}

TEST_CASE("usage errors exit 2 with the usage", "[cli]") {
    const Run none = run_cli("");
    CHECK(none.status == 2);
    CHECK_THAT(none.err, Contains("no command given") && Contains("usage:"));
    const Run unknown = run_cli("frobnicate");
    CHECK(unknown.status == 2);
    CHECK_THAT(unknown.err, Contains("unknown command 'frobnicate'") && Contains("usage:"));
    const Run option = run_cli("evaluate --bogus " + example("ou-2007-ich8r.json"));
    CHECK(option.status == 2);
    CHECK_THAT(option.err, Contains("unknown option '--bogus'") &&
                               Contains("usage: raid-advisor-cli evaluate FILE"));
    const Run no_file = run_cli("evaluate");
    CHECK(no_file.status == 2);
    CHECK_THAT(no_file.err, Contains("needs a project FILE"));
    const Run missing = run_cli("evaluate " + shell_quoted((scratch_dir() / "nope.json").string()));
    CHECK(missing.status == 2);
    CHECK_THAT(missing.err, Contains("no such file") && Contains("usage:"));
    const Run catalog = run_cli("--catalog " + shell_quoted((scratch_dir() / "none.db").string()) +
                                " evaluate " + project_file("inline.json", kInlineProject));
    CHECK(catalog.status == 1);
    CHECK_THAT(catalog.err, Contains("cannot open the hardware catalog"));
}

TEST_CASE("an invalid project exits 2 and lists every problem by path", "[cli]") {
    json j = json::parse(kInlineProject);
    j["systems"][0]["layout"] = {{"level", "raid5"}, {"drives", 2}};
    j["workloads"][0]["read_fraction"] = 1.5;
    const Run run = run_cli("evaluate " + project_file("bad.json", j.dump()));
    CHECK(run.status == 2);
    CHECK(run.out.empty());
    CHECK_THAT(run.err, Contains("2 problems"));
    CHECK_THAT(run.err,
               Contains("\nsystems[0].layout.drives: raid5 needs at least 3 drives, got 2\n"));
    CHECK_THAT(run.err,
               Contains("\nworkloads[0].read_fraction: must be a number from 0 to 1, got 1.5\n"));
    const Run syntax = run_cli("evaluate " + project_file("syntax.json", "{\"format\": }"));
    CHECK(syntax.status == 2);
    CHECK_THAT(syntax.err, Contains("$: not valid JSON"));
}

TEST_CASE("saturated points: null response times, never NaN", "[cli]") {
    const std::string file = project_file("open.json", kInlineProject);
    const Run text = run_cli("evaluate " + file);
    CHECK(text.status == 0);
    CHECK_THAT(text.out, Contains("saturated"));
    CHECK_THAT(text.out, !Contains("nan") && !Contains("inf"));
    const Run run = run_cli("evaluate --json " + file);
    REQUIRE(run.status == 0);
    CHECK_THAT(run.out, !Contains("NaN") && !Contains("nan"));
    const json j = json::parse(run.out);
    REQUIRE(j.at("results").size() == 4);
    int saturated = 0;
    for (const json& r : j["results"]) {
        if (r.at("saturated").get<bool>()) {
            ++saturated;
            CHECK(r.at("mean_response_ms").is_null());
            CHECK(r.at("p95_response_ms").is_null());
            CHECK(r.at("arrival_rate_per_s") == 1000000);
        } else {
            CHECK(r.at("mean_response_ms").is_number());
        }
    }
    CHECK(saturated == 1);
}

TEST_CASE("evaluate shows a workload's measured points next to the prediction", "[cli]") {
    json j = json::parse(kInlineProject);
    j["workloads"][0]["measured"] =
        json::array({{{"concurrency", 4}, {"iops", 150}, {"mean_response_ms", 20}},
                     {{"concurrency", 64}, {"iops", 160}, {"mean_response_ms", 400}}});
    const Run run = run_cli("evaluate " + project_file("measured.json", j.dump()));
    REQUIRE(run.status == 0);
    CHECK_THAT(run.out, Contains("measured; the model's mean is"));
    CHECK_THAT(run.out, Contains("measured (no prediction at this load)"));  // QD 64 not asked
}

TEST_CASE("evaluate says what share of each system a working set in bytes is", "[cli]") {
    // The PERC 6 example's CrystalDiskMark file, 1000 MiB, on a RAID 5 of 8 x 146 GB (1022 GB
    // usable) and on a RAID 10 of the same drives (584 GB): the same bytes, different shares.
    const Run run = run_cli("evaluate " + example("kensy-perc6.json"));
    REQUIRE(run.status == 0);
    CHECK_THAT(run.out, Contains("working set 1000 MiB: 0.103% of this system's volumes"));
    CHECK_THAT(run.out, Contains("working set 1000 MiB: 0.18% of this system's volumes"));
    // The controller's cache policies the model took: the example's write-back cache and
    // Dell's default read policy.
    CHECK_THAT(run.out, Contains("controller cache: write-back; read policy: adaptive "
                                 "read-ahead (the default: a stream's stripe read whole)"));
}

TEST_CASE("evaluate says when each request seeks first (the device lock)", "[cli]") {
    std::string text = kInlineProject;
    const std::string from = R"("concurrency": [1, 4]})";
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), R"("concurrency": [1, 4], "lseek_per_request": true})");
    const Run run = run_cli("evaluate " + project_file("lseek.json", text));
    REQUIRE(run.status == 0);
    CHECK_THAT(run.out, Contains("open (an lseek before each request)"));
}

TEST_CASE("evaluate names each layout as the file gives it", "[cli]") {
    // Stripe units in full (512 KiB once read "500 KiB"), and md's raid10 placement.
    const Run run = run_cli("evaluate " + example("md-raid10-layouts.json"));
    REQUIRE(run.status == 0);
    CHECK_THAT(run.out, Contains("raid10, 4 drives, 2 copies, md far layout, stripe 512 KiB"));
    CHECK_THAT(run.out, Contains("md offset layout"));
    CHECK_THAT(run.out, !Contains("500 KiB"));
    // The write-intent bitmap the model took: these 8 TB members get mdadm's default.
    CHECK_THAT(run.out, Contains("md write-intent bitmap: internal, 64 MiB per bit, as mdadm "
                                 "creates it by default"));
}

TEST_CASE("evaluate --json on every example has the documented keys", "[cli][slow]") {
    for (const auto& entry : fs::directory_iterator(fs::path(RAID_RESOURCES_DIR) / "examples")) {
        if (entry.path().extension() != ".json") {
            continue;
        }
        INFO(entry.path().filename().string());
        if (!json::parse(std::ifstream(entry.path())).contains("systems")) {
            continue;  // an advisor-only project: tests/cli/test_recommend.cpp
        }
        const Run run = run_cli("evaluate --json " + shell_quoted(entry.path().string()));
        INFO(run.err);
        REQUIRE(run.status == 0);
        const json j = json::parse(run.out);
        REQUIRE(j.at("systems").is_array());
        for (const json& s : j["systems"]) {
            CHECK(s.contains("name"));
            CHECK(s.at("usable_bytes").is_number());
            CHECK(s.at("failures_tolerated").is_number_integer());
        }
        REQUIRE(j.at("results").is_array());
        REQUIRE_FALSE(j["results"].empty());
        for (const json& r : j["results"]) {
            for (const char* key :
                 {"system", "workload", "iops", "mb_per_s", "mean_response_ms", "p95_response_ms",
                  "utilization", "bottleneck", "saturated", "usable_bytes", "failures_tolerated"}) {
                INFO(key);
                CHECK(r.contains(key));
            }
            CHECK(r.contains("concurrency") != r.contains("arrival_rate_per_s"));
            CHECK(r.at("utilization").is_object());
            if (!r.at("saturated").get<bool>()) {
                CHECK(r.at("mean_response_ms").is_number());
                // The 80% band (docs/file-format.md): every interval with its ends in order,
                // and the comparison spread is below the spread for a new system.
                REQUIRE(r.at("band").is_object());
                const json& b = r["band"];
                for (const char* key : {"iops", "mb_per_s", "mean_response_ms"}) {
                    INFO(key);
                    REQUIRE(b.at(key).is_array());
                    CHECK(b[key][0].get<double>() > 0.0);
                    CHECK(b[key][0].get<double>() < b[key][1].get<double>());
                }
                CHECK(b.at("evidence").is_string());
                CHECK(b.at("log_sd").get<double>() > 0.0);
                CHECK(b.at("relative_log_sd").get<double>() > 0.0);
                CHECK(b.at("relative_log_sd").get<double>() < b.at("log_sd").get<double>());
                CHECK(b.at("other_hardware_log_sd").get<double>() >=
                      b.at("relative_log_sd").get<double>());
            } else {
                CHECK(r.at("band").is_null());
            }
        }
    }
}

TEST_CASE("the text table names systems, capacity and load points", "[cli]") {
    const Run run = run_cli("evaluate " + example("ou-2007-ich8r.json"));
    REQUIRE(run.status == 0);
    CHECK_THAT(run.out, Contains("== RAID 5, 4 drives ==") && Contains("usable 1500 GB") &&
                            Contains("tolerates 1 drive failure") && Contains("QD 32") &&
                            Contains("IOPS") && Contains("p95 ms"));
}

TEST_CASE("simulate: the same keys as evaluate plus confidence intervals", "[cli][sim][slow]") {
    const std::string file = project_file("simulate.json", kInlineProject);
    const Run run = run_cli("simulate --json --jobs 400 --seed 7 " + file);
    INFO(run.err);
    REQUIRE(run.status == 0);
    const json j = json::parse(run.out);
    CHECK(j.at("simulated") == true);
    REQUIRE(j.at("results").size() == 4);
    for (const json& r : j["results"]) {
        for (const char* key :
             {"system", "workload", "iops", "mb_per_s", "mean_response_ms", "p95_response_ms",
              "utilization", "bottleneck", "saturated", "iops_ci", "mean_response_ci_ms", "jobs"}) {
            INFO(key);
            CHECK(r.contains(key));
        }
        if (!r.at("saturated").get<bool>()) {
            CHECK(r.at("mean_response_ci_ms").get<double>() >= 0.0);
            CHECK(r.at("jobs").get<long long>() >= 400);
        }
    }
    SECTION("deterministic for a seed") {
        CHECK(run_cli("simulate --json --jobs 400 --seed 7 " + file).out == run.out);
    }
    SECTION("bad options exit 2") {
        CHECK(run_cli("simulate --jobs lots " + file).status == 2);
        CHECK(run_cli("simulate --seed").status == 2);
    }
}

TEST_CASE("simulate: an md array's write-intent bitmap as simulated", "[cli][sim]") {
    // The bundled small NAS: md arrays of large disks keep a bitmap (mdadm's default); its
    // read-only workload's points have none to show.
    const Run run = run_cli("simulate --json --jobs 300 --seed 3 " + example("small-nas.json"));
    INFO(run.err);
    REQUIRE(run.status == 0);
    const json j = json::parse(run.out);
    int with_bitmap = 0;
    for (const json& r : j.at("results")) {
        if (!r.contains("md_bitmap")) {
            continue;
        }
        ++with_bitmap;
        const json& b = r["md_bitmap"];
        INFO(b.dump());
        CHECK(b.at("writes").get<long long>() > 0);
        const double clear = b.at("clear_share").get<double>();
        CHECK(clear >= 0.0);
        CHECK(clear <= 1.0);
        // No update runs without a clear bit (one may have begun in the warm-up).
        CHECK(b.at("updates_per_write").get<double>() <=
              clear + 1.0 / b.at("writes").get<double>() + 1e-12);
        if (!b.at("mean_update_ms").is_null()) {
            CHECK(b.at("mean_update_ms").get<double>() > 0.0);
        }
    }
    CHECK(with_bitmap > 0);
}

TEST_CASE("recommend --json has the documented keys", "[cli][recommend]") {
    const Run run = run_cli("recommend --json --top 3 " + example("advisor-file-server-2007.json"));
    INFO(run.err);
    REQUIRE(run.status == 0);
    const json j = json::parse(run.out);
    REQUIRE(j.at("recommendations").is_array());
    REQUIRE(j["recommendations"].size() == 3);
    for (const json& r : j["recommendations"]) {
        for (const char* key : {"rank", "score", "system", "metrics", "cost", "capacity",
                                "reliability", "stripe", "explanation", "pareto"}) {
            INFO(key);
            CHECK(r.contains(key));
        }
        CHECK(r.at("metrics").at("mean_response_ms").get<double>() > 0.0);
        CHECK(r.at("reliability").at("p_data_loss").get<double>() >= 0.0);
        CHECK(r.at("explanation").at("headline").is_string());
    }
    CHECK(j.at("recommendations")[0].at("system").at("level") == "raid1");
    REQUIRE(j.at("pareto").is_array());
    CHECK_FALSE(j["pareto"].empty());
    CHECK(j.at("search").at("candidates").get<long long>() > 0);
}

TEST_CASE("recommend refuses a project without an advisor section", "[cli][recommend]") {
    const Run run = run_cli("recommend " + example("ou-2007-ich8r.json"));
    CHECK(run.status == 2);
    CHECK(run.err.find("\"advisor\"") != std::string::npos);
    const Run evaluate = run_cli("evaluate " + example("advisor-file-server-2007.json"));
    CHECK(evaluate.status == 2);
    CHECK(evaluate.err.find("recommend") != std::string::npos);
}

TEST_CASE("an impossible question says why", "[cli][recommend]") {
    const std::string file = project_file("impossible.json", R"json({
  "format": "raid-advisor-project", "version": 1, "name": "impossible",
  "workloads": [{"name": "w", "preset": "file-server"}],
  "advisor": {"workload": "w", "host": "linux-server-2024", "capacity_gb": 900000,
              "max_drive_bays": 2, "min_failures_tolerated": 1}
})json");
    const Run run = run_cli("recommend " + file);
    INFO(run.out << run.err);
    CHECK(run.status == 0);
    CHECK(run.out.find("No candidate meets every constraint") != std::string::npos);
    CHECK(run.out.find("too little usable capacity") != std::string::npos);
}

TEST_CASE("advisor section errors name the field", "[cli][recommend]") {
    const std::string file = project_file("bad-advisor.json", R"json({
  "format": "raid-advisor-project", "version": 1, "name": "bad",
  "workloads": [{"name": "w", "preset": "no-such-preset"}],
  "advisor": {"workload": "x", "host": "linux-server-2024", "capacity_gb": -1,
              "weights": {"performance": 0, "cost": 0, "reliability": 0}}
})json");
    const Run run = run_cli("recommend " + file);
    CHECK(run.status == 2);
    for (const char* path :
         {"workloads[0].preset", "advisor.workload", "advisor.capacity_gb", "advisor.weights"}) {
        INFO(path << "\n" << run.err);
        CHECK(run.err.find(path) != std::string::npos);
    }
}

TEST_CASE("evaluate says where md's bitmap can hold a load at two speeds", "[cli]") {
    // md RAID 10 of four 8 TB drives, 64 KiB random writes to a 50 GiB file, one at a time: most
    // writes find their region's bit clear at the slow rate, few at the fast one (where each of
    // those few waits for the many writes the drives hold: Flush::destage_s).
    const std::string file = project_file("two-speeds.json", R"json({
      "format": "raid-advisor-project", "version": 1, "name": "two speeds",
      "systems": [{"name": "md RAID 10", "drive": "seagate-st8000vn004",
                   "layout": {"level": "raid10", "drives": 4}, "controller": "linux-md",
                   "host": "linux-server-2024"}],
      "workloads": [{"name": "writes", "read_fraction": 0, "pattern": "random",
                     "request_size": {"fixed_kib": 64}, "working_set_mib": 51200,
                     "concurrency": [1]}]})json");
    const Run run = run_cli("evaluate --json " + file);
    REQUIRE(run.status == 0);
    const json point = json::parse(run.out).at("results").at(0);
    REQUIRE(point.contains("md_bitmap_fast_iops"));
    CHECK(point.at("md_bitmap_fast_iops").get<double>() > 2.0 * point.at("iops").get<double>());
    const Run text = run_cli("evaluate " + file);
    REQUIRE(text.status == 0);
    CHECK_THAT(text.out, Contains("md's bitmap can hold this load at two speeds"));
}
