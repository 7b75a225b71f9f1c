// Bad input through the command line: a table of invalid project files (wrong types, missing
// fields, NaN, infinities, negative and absurd values, unknown ids, impossible layouts, newer
// format versions, truncated, binary and huge files). Each must make `raid-advisor-cli evaluate`
// (or `recommend`) exit with status 2, print nothing on standard output, and name the field.

#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>

#include <vector>
#include "shell_run.h"

#include "project/project.h"

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

using Run = raidadv::test::ShellRun;
using raidadv::test::run_cli;
using raidadv::test::scratch_dir;
using raidadv::test::shell_quoted;

using raidadv::test::shell_quoted;

/// Runs `raid-advisor-cli <args>` (passed to the shell as is).
/// A project with one inline drive and one drive from the bundled catalog (ids that exist in
/// every catalog version since schema 4), and one workload.
const char* kBase = R"json({
  "format": "raid-advisor-project", "version": 1, "app_version": "0.1.0", "name": "base",
  "systems": [
    {"name": "inline", "layout": {"level": "raid5", "drives": 4, "stripe_kib": 64},
     "drive": {"name": "Test disk", "source": "test", "kind": "hdd", "capacity_gb": 100,
               "rpm": 7200, "seek_track_ms": 1, "seek_avg_ms": 9, "seek_full_ms": 18,
               "media_rate_outer_mb_s": 100, "media_rate_inner_mb_s": 50,
               "command_overhead_ms": 0.2, "cache_mib": 8, "queue_depth": 32}},
    {"name": "catalog", "drive": "wd-wd40efrx", "layout": {"level": "raid10", "drives": 4},
     "controller": "linux-md", "host": "linux-nas-2024"}
  ],
  "workloads": [
    {"name": "w", "read_fraction": 0.7, "pattern": "random", "request_size": {"fixed_kib": 8},
     "concurrency": [1, 4], "arrival_rates_per_s": [10]}
  ]
})json";

/// A question for the advisor (`recommend`), on the SAS drives of the catalog so that its search
/// takes a second, not the twenty of every drive of issue 25's catalog.
const char* kAdvisorBase = R"json({
  "format": "raid-advisor-project", "version": 1, "name": "advisor base",
  "workloads": [{"name": "VM datastore", "preset": "vm-datastore"}],
  "advisor": {"workload": "VM datastore", "host": "linux-server-2024", "capacity_gb": 8000,
              "min_failures_tolerated": 1, "max_drive_bays": 12,
              "allowed": {"interfaces": ["sas-12g"]}}
})json";

using Mutation = std::function<void(json&)>;

Mutation set(const std::string& pointer, json value) {
    return [pointer, value](json& j) { j[json::json_pointer(pointer)] = value; };
}
Mutation erase(const std::string& pointer) {
    return [pointer](json& j) {
        const json::json_pointer p(pointer);
        j[p.parent_pointer()].erase(p.back());
    };
}

/// The base text with `value` written verbatim (not as JSON) in place of `"read_fraction": 0.7`:
/// for literals JSON does not have (NaN, Infinity).
std::string with_read_fraction(const std::string& value) {
    std::string text = kBase;
    const std::string key = "\"read_fraction\": 0.7";
    text.replace(text.find(key), key.size(), "\"read_fraction\": " + value);
    return text;
}

struct Case {
    const char* what;
    std::string text;           ///< file content, used as is when not empty
    Mutation mutate;            ///< applied to the base project otherwise
    std::string phrase;         ///< must appear in standard error: names the field
    bool advisor = false;       ///< mutate kAdvisorBase and run `recommend`
    std::string raw_path = {};  ///< run on this path instead of a written file
};

std::vector<Case> cases() {
    const std::string base = kBase;
    return {
        // the file as a whole
        {"empty file", "", [](json&) {}, "$: not valid JSON", false, "<empty>"},
        {"truncated in the middle", base.substr(0, base.size() / 2), {}, "$: not valid JSON"},
        {"truncated by one byte", base.substr(0, base.size() - 1), {}, "$: not valid JSON"},
        {"binary garbage",
         std::string("\x7f"
                     "ELF\x02\x01\x01\0\0\xff\xfe",
                     12),
         {},
         "$: not valid JSON"},
        {"UTF-16 with byte-order mark", std::string("\xff\xfe{\0}\0", 6), {}, "$: not valid JSON"},
        {"a JSON array, not an object", "[1, 2, 3]", {}, "$: must be an object"},
        {"a JSON string", "\"raid\"", {}, "$: must be an object"},
        {"nesting 100 deep",
         std::string(100, '[') + std::string(100, ']'),
         {},
         "nested deeper than 64 levels"},
        {"a folder, not a file", "", {}, "not a regular file", false, "<folder>"},
        {"no such file", "", {}, "no such file", false, "<missing>"},
        // NaN and infinities (JSON has neither: literals are syntax errors, strings wrong types)
        {"NaN literal", with_read_fraction("NaN"), {}, "$: not valid JSON"},
        {"Infinity literal", with_read_fraction("Infinity"), {}, "$: not valid JSON"},
        {"-Infinity literal", with_read_fraction("-Infinity"), {}, "$: not valid JSON"},
        {"number beyond a double", with_read_fraction("1e400"), {}, "number overflow"},
        {"NaN as a string", "", set("/workloads/0/read_fraction", "NaN"),
         "workloads[0].read_fraction: must be a number"},
        {"inf as a string", "", set("/systems/0/drive/rpm", "inf"), "systems[0].drive.rpm"},
        // header and versions
        {"newer format version", "", set("/version", raidadv::kProjectFormatVersion + 1),
         "version: made by a newer RAID Advisor 0.1.0: format version " +
             std::to_string(raidadv::kProjectFormatVersion + 1)},
        {"much newer format version", "", set("/version", 1000000), "version: made by a newer"},
        {"version 0", "", set("/version", 0), "version: must be a whole number from 1"},
        {"negative version", "", set("/version", -1), "version: must be a whole number"},
        {"fractional version", "", set("/version", 1.5), "version: must be a whole number"},
        {"version as a string", "", set("/version", "1"), "version: must be a whole number"},
        {"missing version", "", erase("/version"), "version: missing required key"},
        {"wrong format name", "", set("/format", "something-else"), "format: must be"},
        {"missing format", "", erase("/format"), "format: missing required key"},
        // wrong types and missing fields
        {"systems not an array", "", set("/systems", {{"name", "x"}}), "systems: must be an array"},
        {"system not an object", "", set("/systems/0", 42),
         "systems[0]: must be a system object, got 42"},
        {"missing system name", "", erase("/systems/0/name"),
         "systems[0].name: missing required key"},
        {"name of the wrong type", "", set("/systems/0/name", 5), "systems[0].name: must be"},
        {"missing drive", "", erase("/systems/0/drive"), "systems[0].drive: missing required key"},
        {"drive as a number", "", set("/systems/0/drive", 7), "systems[0].drive: must be"},
        {"missing layout", "", erase("/systems/0/layout"),
         "systems[0].layout: missing required key"},
        {"drives as a string", "", set("/systems/0/layout/drives", "4"),
         "systems[0].layout.drives: must be a whole number"},
        {"drives as null", "", set("/systems/0/layout/drives", nullptr),
         "systems[0].layout.drives: must be a whole number"},
        {"write_back_cache as a string", "", set("/systems/1/write_back_cache", "yes"),
         "systems[1].write_back_cache: must be true or false"},
        {"missing workloads", "", erase("/workloads"), "workloads: missing required key"},
        {"missing read fraction", "", erase("/workloads/0/read_fraction"),
         "workloads[0].read_fraction: missing required key"},
        {"missing request size", "", erase("/workloads/0/request_size"),
         "workloads[0].request_size: missing required key"},
        {"concurrency not a list", "", set("/workloads/0/concurrency", 4),
         "workloads[0].concurrency: must be an array"},
        {"no load points", "",
         [](json& j) {
             j["workloads"][0].erase("concurrency");
             j["workloads"][0].erase("arrival_rates_per_s");
         },
         "workloads[0]: give the load points"},
        {"unknown key", "", set("/workloads/0/read_fration", 0.5),
         "workloads[0].read_fration: unknown key"},
        // negative and absurd values
        {"negative read fraction", "", set("/workloads/0/read_fraction", -0.1),
         "workloads[0].read_fraction: must be a number from 0 to 1, got -0.1"},
        {"read fraction above 1", "", set("/workloads/0/read_fraction", 1.5),
         "workloads[0].read_fraction: must be a number from 0 to 1, got 1.5"},
        {"negative capacity", "", set("/systems/0/drive/capacity_gb", -100),
         "systems[0].drive.capacity_gb"},
        {"zero capacity", "", set("/systems/0/drive/capacity_gb", 0),
         "systems[0].drive.capacity_gb"},
        {"absurd capacity (1e30 GB)", "", set("/systems/0/drive/capacity_gb", 1e30),
         "systems[0].drive.capacity_gb"},
        {"absurd rpm", "", set("/systems/0/drive/rpm", 1e12), "systems[0].drive.rpm"},
        {"negative seek time", "", set("/systems/0/drive/seek_avg_ms", -9),
         "systems[0].drive.seek_avg_ms"},
        {"negative drives", "", set("/systems/0/layout/drives", -4),
         "systems[0].layout.drives: must be a whole number from 1 to 1024, got -4"},
        {"absurd drive count", "", set("/systems/0/layout/drives", 1e9),
         "systems[0].layout.drives: must be a whole number from 1 to 1024"},
        {"negative request size", "", set("/workloads/0/request_size", {{"fixed_kib", -8}}),
         "workloads[0].request_size.fixed_kib: must be a size"},
        {"request size of 1 TiB", "", set("/workloads/0/request_size", {{"fixed_mib", 1048576}}),
         "workloads[0].request_size.fixed_mib: must be a size from 512 B to 1 GiB"},
        {"zero concurrency", "", set("/workloads/0/concurrency", {0}),
         "workloads[0].concurrency[0]: must be a whole number from 1 to 1000000, got 0"},
        {"concurrency beyond a million", "", set("/workloads/0/concurrency", {2000000}),
         "workloads[0].concurrency[0]: must be a whole number from 1 to 1000000"},
        {"concurrency beyond an int", "", set("/workloads/0/concurrency", {1e12}),
         "workloads[0].concurrency[0]: must be a whole number from 1 to 1000000"},
        {"negative arrival rate", "", set("/workloads/0/arrival_rates_per_s", {-5}),
         "workloads[0].arrival_rates_per_s[0]: must be a number greater than 0"},
        {"absurd arrival rate", "", set("/workloads/0/arrival_rates_per_s", {1e300}),
         "workloads[0].arrival_rates_per_s[0]"},
        {"negative think time", "", set("/workloads/0/think_time_ms", -1),
         "workloads[0].think_time_ms: must be a number from 0"},
        {"span fraction 0", "", set("/workloads/0/span_fraction", 0), "workloads[0].span_fraction"},
        // unknown ids
        {"unknown drive id", "", set("/systems/1/drive", "no-such-drive"),
         "systems[1].drive: unknown catalog id 'no-such-drive'"},
        {"unknown controller id", "", set("/systems/1/controller", "no-such-controller"),
         "systems[1].controller: unknown catalog id"},
        {"unknown host id", "", set("/systems/1/host", "no-such-host"),
         "systems[1].host: unknown catalog id"},
        {"unknown host link id", "", set("/systems/1/host_link", "no-such-link"),
         "systems[1].host_link: unknown catalog id"},
        {"an id of the wrong kind", "", set("/systems/1/drive", "linux-md"),
         "systems[1].drive: unknown catalog id 'linux-md': the catalog has it as a controller"},
        // impossible layouts
        {"raid5 with 2 drives", "", set("/systems/0/layout", {{"level", "raid5"}, {"drives", 2}}),
         "systems[0].layout.drives: raid5 needs at least 3 drives, got 2"},
        {"raid6 with 3 drives", "", set("/systems/0/layout", {{"level", "raid6"}, {"drives", 3}}),
         "systems[0].layout.drives: raid6 needs at least 4 drives"},
        {"raid10 with an odd count", "",
         set("/systems/0/layout", {{"level", "raid10"}, {"drives", 5}}),
         "systems[0].layout.drives: raid10 needs a multiple of mirror_copies"},
        {"raid50 with one span", "",
         set("/systems/0/layout", {{"level", "raid50"}, {"drives", 6}, {"disks_per_span", 6}}),
         "systems[0].layout.disks_per_span"},
        {"unknown RAID level", "", set("/systems/0/layout/level", "raid7"),
         "systems[0].layout.level: must be one of"},
        {"stripe larger than allowed", "", set("/systems/0/layout/stripe_kib", 1048576),
         "systems[0].layout.stripe_kib: must be a size from 512 B to 64 MiB"},
        {"more failed drives than tolerated", "", set("/systems/0/layout/failed_drives", 2),
         "systems[0].layout.failed_drives"},
        {"more drives than the controller has ports", "",
         set("/systems/1/layout", {{"level", "raid10"}, {"drives", 1000}}), "systems[1]"},
        // the advisor's question
        {"advisor: negative capacity", "", set("/advisor/capacity_gb", -1),
         "advisor.capacity_gb: must be a number", true},
        {"advisor: unknown workload", "", set("/advisor/workload", "nothing"), "advisor.workload",
         true},
        {"advisor: unknown host", "", set("/advisor/host", "no-such-host"),
         "advisor.host: unknown catalog id", true},
        {"advisor: failures as a string", "", set("/advisor/min_failures_tolerated", "one"),
         "advisor.min_failures_tolerated: must be a whole number", true},
        {"advisor: absurd bays", "", set("/advisor/max_drive_bays", 1e15),
         "advisor.max_drive_bays: must be a whole number", true},
        {"advisor: power-cut safety as a string", "", set("/advisor/power_loss_safe_writes", "yes"),
         "advisor.power_loss_safe_writes: must be", true},
        {"advisor: RAID software ownership as a number", "", set("/advisor/raid_software_owned", 1),
         "advisor.raid_software_owned: must be", true},
        {"advisor: negative daily writes", "", set("/advisor/writes_per_day_tb", -2),
         "advisor.writes_per_day_tb: must be a number from 0 to 1e6, got -2", true},
        // the list of levels names the ZFS vdevs too (it stopped at raid60, yet draid2 was taken)
        {"advisor: unknown RAID level", "", set("/advisor/allowed", {{"levels", {"pairs"}}}),
         "\"raid60\", \"zfs-mirror\", \"raidz1\"", true},
    };
}

}  // namespace

TEST_CASE("the base projects of the CLI table are valid", "[hardening][cli][slow]") {
    const fs::path file = scratch_dir() / "base.json";
    std::ofstream(file) << kBase;
    const Run run = run_cli("evaluate " + shell_quoted(file.string()));
    INFO(run.err);
    CHECK(run.status == 0);
    const fs::path advisor = scratch_dir() / "advisor-base.json";
    std::ofstream(advisor) << kAdvisorBase;
    const Run recommend = run_cli("recommend --top 1 " + shell_quoted(advisor.string()));
    INFO(recommend.err);
    CHECK(recommend.status == 0);
}

TEST_CASE("the CLI refuses 50+ kinds of invalid input with status 2 naming the field",
          "[hardening][cli][slow]") {
    const std::vector<Case> table = cases();
    CHECK(table.size() >= 50);
    int index = 0;
    for (const Case& c : table) {
        std::string path;
        if (c.raw_path == "<empty>") {
            path = (scratch_dir() / "empty.json").string();
            std::ofstream(path, std::ios::binary | std::ios::trunc).flush();
        } else if (c.raw_path == "<folder>") {
            path = scratch_dir().string();
        } else if (c.raw_path == "<missing>") {
            path = (scratch_dir() / "does-not-exist.json").string();
        } else {
            std::string text = c.text;
            if (text.empty()) {
                json j = json::parse(c.advisor ? kAdvisorBase : kBase);
                c.mutate(j);
                text = j.dump(2);
            }
            path = (scratch_dir() / ("case-" + std::to_string(index) + ".json")).string();
            std::ofstream(path, std::ios::binary) << text;
        }
        ++index;
        const Run run =
            run_cli(std::string(c.advisor ? "recommend " : "evaluate ") + shell_quoted(path));
        INFO("case: " << c.what << "\nexpected in stderr: " << c.phrase << "\nstatus " << run.status
                      << ", stderr:\n"
                      << run.err);
        CHECK(run.status == 2);
        CHECK(run.out.empty());
        CHECK(run.err.find(c.phrase) != std::string::npos);
        // No computed NaN or infinity leaks into a message (quoted input such as "inf" may).
        CHECK_FALSE(
            std::regex_search(run.err, std::regex("(^|[^\"A-Za-z])-?(nan|inf)([^\"A-Za-z]|$)")));
    }
}

TEST_CASE("a project file over 64 MiB is refused before it is read", "[hardening][cli]") {
    const fs::path path = scratch_dir() / "huge.json";
    { std::ofstream(path, std::ios::binary) << kBase; }
    fs::resize_file(path, 65ull * 1024 * 1024);  // sparse: no 65 MiB written
    const Run run = run_cli("evaluate " + shell_quoted(path.string()));
    INFO(run.err);
    CHECK(run.status == 2);
    CHECK(run.out.empty());
    CHECK(run.err.find("project files may be at most 64 MiB") != std::string::npos);
    fs::remove(path);
}
