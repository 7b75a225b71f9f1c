// Invalid project files: each is refused with an issue at the right JSON path whose message
// names what is wrong.

#include <catch2/catch.hpp>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "project/project.h"
#include "test_catalog.h"

using namespace raidadv;
using nlohmann::json;

namespace {

const char* kValid = R"json({
  "format": "raid-advisor-project", "version": 1, "app_version": "0.1.0", "name": "base",
  "systems": [
    {"name": "s0", "drive": "test-hdd", "layout": {"level": "raid5", "drives": 4, "stripe_kib": 64},
     "controller": "test-raid", "host": "test-host"},
    {"name": "s1", "drive": "test-ssd", "layout": {"level": "raid0", "drives": 2}}
  ],
  "workloads": [
    {"name": "w0", "read_fraction": 0.5, "request_size": {"fixed_kib": 4},
     "concurrency": [1, 2, 4]}
  ]
})json";

using Mutation = std::function<void(json&)>;

/// Sets the value at a JSON pointer.
Mutation set(const std::string& pointer, json value) {
    return [pointer, value](json& j) { j[json::json_pointer(pointer)] = value; };
}
/// Removes the key at a JSON pointer.
Mutation erase(const std::string& pointer) {
    return [pointer](json& j) {
        const json::json_pointer p(pointer);
        j[p.parent_pointer()].erase(p.back());
    };
}
/// The layout of system 1 (no controller, so only the layout rules apply).
Mutation layout(json value) {
    return set("/systems/1/layout", std::move(value));
}

struct Case {
    const char* what;
    std::string text;  ///< used as is when not empty
    Mutation mutate;   ///< applied to kValid otherwise
    std::string path;
    std::string phrase;
};

std::vector<ProjectIssue> issues_of(const std::string& text) {
    try {
        parse_project(text, test::small_catalog());
    } catch (const ProjectError& e) {
        return e.issues;
    }
    return {};
}

std::string list(const std::vector<ProjectIssue>& issues) {
    std::string text;
    for (const auto& i : issues) {
        text += "  " + i.to_string() + "\n";
    }
    return text;
}

}  // namespace

TEST_CASE("the base project of the invalid-input table is valid", "[project]") {
    CHECK_NOTHROW(parse_project(kValid, test::small_catalog()));
}

TEST_CASE("invalid projects are refused with path and reason", "[project]") {
    const std::string deep = std::string(100, '[') + std::string(100, ']');
    const std::vector<Case> cases = {
        // JSON itself
        {"not JSON", "{\"format\": }", {}, "$", "not valid JSON: syntax error"},
        {"position of a syntax error", "{\n  \"format\": \"x\",\n  oops\n}", {}, "$",
         "at line 3 column"},
        {"number too large for a double", "{\"format\": 1e400}", {}, "$", "number overflow"},
        {"nesting", deep, {}, "$", "nested deeper than 64 levels"},
        {"duplicate key", "{\"format\": \"raid-advisor-project\", \"version\": 1, \"version\": 1}",
         {}, "version", "duplicate key 'version'"},
        // found by fuzz/fuzz_project: an empty key had an empty path
        {"duplicate empty key", "{\"format\": \"raid-advisor-project\", \"\": 1, \"\": 2}", {},
         "$[\"\"]", "duplicate key ''"},
        {"unknown key with a dot", "", set("/a.b", 1), "$[\"a.b\"]", "unknown key 'a.b'"},
        {"root not an object", "[1, 2]", {}, "$", "must be an object"},
        {"empty file", "", {}, "$", "not valid JSON"},
        // header
        {"wrong format name", "", set("/format", "raid-advisor-projekt"), "format",
         "must be \"raid-advisor-project\""},
        {"missing format", "", erase("/format"), "format", "missing required key 'format'"},
        {"newer version", "", set("/version", kProjectFormatVersion + 1), "version",
         "made by a newer RAID Advisor 0.1.0: format version " +
             std::to_string(kProjectFormatVersion + 1) + ", this version reads up to " +
             std::to_string(kProjectFormatVersion)},
        {"missing version", "", erase("/version"), "version", "missing required key 'version'"},
        {"version 0", "", set("/version", 0), "version",
         "whole number from 1 to " + std::to_string(kProjectFormatVersion) + ", got 0"},
        {"version as string", "", set("/version", "1"), "version", "got the string \"1\""},
        {"unknown top-level key", "", set("/sytems", json::array()), "sytems",
         "unknown key 'sytems' (did you mean 'systems'?); allowed: format"},
        {"no systems", "", set("/systems", json::array()), "systems",
         "must be an array of 1 to 1000 systems, got an empty array"},
        {"missing workloads", "", erase("/workloads"), "workloads",
         "missing required key 'workloads'"},
        // systems
        {"duplicate system names", "", set("/systems/1/name", "s0"), "systems[1].name",
         "already named 's0'"},
        {"empty system name", "", set("/systems/0/name", ""), "systems[0].name", "must not be empty"},
        {"unknown system key", "", set("/systems/0/raid", 5), "systems[0].raid", "unknown key 'raid'"},
        {"unknown drive id", "", set("/systems/0/drive", "foo"), "systems[0].drive",
         "unknown catalog id 'foo'"},
        {"id of another kind", "", set("/systems/0/drive", "test-raid"), "systems[0].drive",
         "the catalog has it as a controller, not a drive"},
        {"misspelt id", "", set("/systems/0/drive", "test-hdd2"), "systems[0].drive",
         "did you mean 'test-hdd'?"},
        {"drive of the wrong type", "", set("/systems/0/drive", 7), "systems[0].drive",
         "must be a catalog id (a string) or an inline drive object, got 7"},
        {"unknown base", "", set("/systems/0/drive", {{"base", "nope"}, {"rpm", 10000}}),
         "systems[0].drive.base", "unknown catalog id 'nope'"},
        {"changing the kind of a base", "", set("/systems/0/drive", {{"base", "test-hdd"}, {"kind", "ssd"}}),
         "systems[0].drive.kind", "cannot change the kind of base 'test-hdd'"},
        {"hdd column on an ssd", "", set("/systems/1/drive", {{"base", "test-ssd"}, {"rpm", 7200}}),
         "systems[1].drive.rpm", "applies to kind hdd only"},
        {"inline drive without rpm", "",
         set("/systems/1/drive", {{"name", "x"}, {"source", "y"}, {"kind", "hdd"}, {"capacity_gb", 100}}),
         "systems[1].drive.rpm", "missing required key 'rpm'"},
        {"seek times out of order", "",
         set("/systems/0/drive", {{"base", "test-hdd"}, {"seek_avg_ms", 25}}),
         "systems[0].drive.seek_avg_ms", "seek_track_ms <= seek_avg_ms <= seek_full_ms"},
        {"inner zone faster than the outer one (80 > 72 MB/s)", "",
         set("/systems/0/drive", {{"base", "test-hdd"}, {"media_rate_inner_mb_s", 80}}),
         "systems[0].drive.media_rate_inner_mb_s", "must not exceed media_rate_outer_mb_s"},
        {"interface that is no link", "",
         set("/systems/0/drive", {{"base", "test-hdd"}, {"interface", "sata-9g"}}),
         "systems[0].drive.interface", "must be the id of a link in the catalog"},
        {"flash units out of range", "",
         set("/systems/1/drive", {{"base", "test-ssd"}, {"flash_units", 0}}),
         "systems[1].drive.flash_units", "from 1 to 4096"},
        {"flash units on a disk", "",
         set("/systems/0/drive", {{"base", "test-hdd"}, {"flash_units", 4}}),
         "systems[0].drive.flash_units", "applies to kind ssd only"},
        {"rpm out of range", "", set("/systems/0/drive", {{"base", "test-hdd"}, {"rpm", 100}}),
         "systems[0].drive.rpm", "must be a number from 3000 to 20000, got 100"},
        {"price without date", "",
         set("/systems/0/controller", {{"base", "test-raid"}, {"price_usd", 300}}),
         "systems[0].controller.price_usd", "needs price_date"},
        {"bad enum in an inline controller", "",
         set("/systems/0/controller", {{"base", "test-raid"}, {"levels", "0,7"}}),
         "systems[0].controller.levels", "comma-separated list"},
        {"level the controller cannot build", "",
         set("/systems/0/layout", {{"level", "raid6"}, {"drives", 4}}), "systems[0].controller",
         "supports RAID levels 0,1,5,10, not raid6"},
        {"stripe unit the controller does not offer", "",
         set("/systems/0/controller", {{"base", "test-raid"}, {"max_stripe_kib", 16}}),
         "systems[0].layout", "stripe unit 64 KiB is not one"},
        {"stripe limits out of order", "",
         set("/systems/0/controller",
             {{"base", "test-raid"}, {"min_stripe_kib", 64}, {"max_stripe_kib", 16}}),
         "systems[0].controller.min_stripe_kib", "must not be larger than max_stripe_kib"},
        {"more drives than ports", "",
         set("/systems/0/layout", {{"level", "raid5"}, {"drives", 12}}), "systems[0].controller",
         "has 8 ports, but 12 drives at 1 per link need 12"},
        {"too many drives per link", "", set("/systems/0/drives_per_link", 2),
         "systems[0].drives_per_link", "carries at most 1 device(s)"},
        {"drive_write_cache not a choice", "", set("/systems/0/drive_write_cache", "yes"),
         "systems[0].drive_write_cache", "auto"},
        {"ssd_state not a choice", "", set("/systems/0/ssd_state", "new"), "systems[0].ssd_state",
         "steady"},
        {"controller_read_ahead not a choice", "", set("/systems/0/controller_read_ahead", "on"),
         "systems[0].controller_read_ahead", "adaptive"},
        {"write_back_cache not a boolean", "", set("/systems/0/write_back_cache", "yes"),
         "systems[0].write_back_cache", "must be true or false, got the string \"yes\""},
        {"missing layout", "", erase("/systems/0/layout"), "systems[0].layout",
         "missing required key 'layout'"},
        // layouts
        {"raid5 with 2 drives", "", layout({{"level", "raid5"}, {"drives", 2}}),
         "systems[1].layout.drives", "raid5 needs at least 3 drives, got 2"},
        {"raid6 with 3 drives", "", layout({{"level", "raid6"}, {"drives", 3}}),
         "systems[1].layout.drives", "raid6 needs at least 4 drives, got 3"},
        {"unknown level", "", layout({{"level", "raid7"}, {"drives", 3}}), "systems[1].layout.level",
         "must be one of \"simple\", \"raid0\""},
        {"stripe_kb typo", "", layout({{"level", "raid0"}, {"drives", 2}, {"stripe_kb", 64}}),
         "systems[1].layout.stripe_kb", "unknown key 'stripe_kb' (did you mean 'stripe_kib'?)"},
        {"stripe not a multiple of 512 B", "",
         layout({{"level", "raid0"}, {"drives", 2}, {"stripe_kib", 0.7}}),
         "systems[1].layout.stripe_kib", "must be a multiple of 512 B"},
        {"stripe too large", "", layout({{"level", "raid0"}, {"drives", 2}, {"stripe_mib", 128}}),
         "systems[1].layout.stripe_mib", "must be a size from 512 B to 64 MiB"},
        {"stripe given twice", "",
         layout({{"level", "raid0"}, {"drives", 2}, {"stripe_kib", 64}, {"stripe_bytes", 65536}}),
         "systems[1].layout.stripe_kib", "give the size once"},
        {"zero drives", "", layout({{"level", "raid0"}, {"drives", 0}}), "systems[1].layout.drives",
         "must be a whole number from 1 to 1024, got 0"},
        {"fractional drives", "", layout({{"level", "raid0"}, {"drives", 2.5}}),
         "systems[1].layout.drives", "whole number"},
        {"drives as NaN string", "", layout({{"level", "raid0"}, {"drives", "NaN"}}),
         "systems[1].layout.drives", "got the string \"NaN\""},
        {"too many volumes", "", layout({{"level", "raid0"}, {"drives", 2}, {"volumes", 300}}),
         "systems[1].layout.volumes", "from 1 to 256"},
        {"too many drives in all", "", layout({{"level", "raid0"}, {"drives", 1000}, {"volumes", 100}}),
         "systems[1].layout.volumes", "drives x volumes must be at most 4096"},
        // ZFS pools (format version 3)
        {"raidz2 of 2", "", layout({{"level", "raidz2"}, {"drives", 2}}),
         "systems[1].layout.drives", "raidz2 needs at least 3 drives per vdev (parity + 1), got 2"},
        {"zfs mirror of 1", "", layout({{"level", "zfs-mirror"}, {"drives", 1}}),
         "systems[1].layout.drives", "at least 2 drives, got 1"},
        {"recordsize not a power of two", "",
         layout({{"level", "raidz1"}, {"drives", 4}, {"recordsize_kib", 96}}),
         "systems[1].layout.recordsize_kib", "must be a power of two from 512 bytes to 16 MiB"},
        {"recordsize below a sector", "",
         layout({{"level", "raidz1"}, {"drives", 4}, {"recordsize_kib", 2}, {"ashift", 13}}),
         "systems[1].layout.recordsize_kib", "at least one sector (2^ashift = 8192 bytes)"},
        {"ashift out of range", "", layout({{"level", "raidz1"}, {"drives", 4}, {"ashift", 20}}),
         "systems[1].layout.ashift", "from 9 to 16, got 20"},
        {"recordsize and volblocksize", "",
         layout({{"level", "raidz1"}, {"drives", 4}, {"recordsize_kib", 128},
                 {"volblocksize_kib", 16}}),
         "systems[1].layout.volblocksize_kib", "not both"},
        {"draid children too few", "",
         layout({{"level", "draid2"}, {"drives", 8}, {"draid_data", 6}, {"draid_spares", 1}}),
         "systems[1].layout.drives", "needs at least 9 children (data + parity + spares), got 8"},
        {"draid keys on raidz", "", layout({{"level", "raidz2"}, {"drives", 6}, {"draid_spares", 1}}),
         "systems[1].layout.draid_spares", "applies to draid1, draid2 and draid3 only, not raidz2"},
        {"vdevs on raid5", "", layout({{"level", "raid5"}, {"drives", 4}, {"vdevs", 2}}),
         "systems[1].layout.vdevs", "applies to ZFS pools only"},
        {"recordsize on raid5", "", layout({{"level", "raid5"}, {"drives", 4}, {"recordsize_kib", 128}}),
         "systems[1].layout.recordsize_kib", "applies to ZFS pools only"},
        {"stripe on a pool", "", layout({{"level", "raidz2"}, {"drives", 6}, {"stripe_kib", 64}}),
         "systems[1].layout.stripe_kib", "a ZFS pool has no stripe unit"},
        {"too many failed in raidz1", "",
         layout({{"level", "raidz1"}, {"drives", 4}, {"failed_drives", 2}}),
         "systems[1].layout.failed_drives", "raidz1 tolerates 1 failed drive"},
        {"odd raid10", "", layout({{"level", "raid10"}, {"drives", 7}}), "systems[1].layout.drives",
         "multiple of mirror_copies (2) drives, got 7 (an odd number)"},
        {"odd raid01", "", layout({{"level", "raid01"}, {"drives", 5}}), "systems[1].layout.drives",
         "raid01 needs a multiple of mirror_copies (2) drives"},
        {"raid10 span not whole mirrors", "",
         layout({{"level", "raid10"}, {"drives", 12}, {"disks_per_span", 3}}),
         "systems[1].layout.disks_per_span", "multiple of mirror_copies (2), got 3"},
        {"raid10 drives not a multiple of the span", "",
         layout({{"level", "raid10"}, {"drives", 12}, {"disks_per_span", 8}}),
         "systems[1].layout.disks_per_span", "drives (12) must be a multiple of disks_per_span"},
        {"raid50 span of 2", "", layout({{"level", "raid50"}, {"drives", 8}, {"disks_per_span", 2}}),
         "systems[1].layout.disks_per_span", "raid50 needs at least 3 disks per span"},
        {"raid60 span of 3", "", layout({{"level", "raid60"}, {"drives", 12}, {"disks_per_span", 3}}),
         "systems[1].layout.disks_per_span", "raid60 needs at least 4 disks per span"},
        {"raid50 drives not a multiple of the span", "",
         layout({{"level", "raid50"}, {"drives", 10}, {"disks_per_span", 4}}),
         "systems[1].layout.disks_per_span", "a multiple of disks_per_span"},
        {"raid50 with one span", "",
         layout({{"level", "raid50"}, {"drives", 8}, {"disks_per_span", 8}}),
         "systems[1].layout.disks_per_span", "needs at least 2 spans"},
        {"raid50 without span size", "", layout({{"level", "raid50"}, {"drives", 8}}),
         "systems[1].layout.disks_per_span", "missing required key 'disks_per_span'"},
        {"raid1 drives not copies", "",
         layout({{"level", "raid1"}, {"drives", 3}, {"mirror_copies", 2}}), "systems[1].layout.drives",
         "drives must equal mirror_copies (2), got 3"},
        {"raid1 with 6 drives", "", layout({{"level", "raid1"}, {"drives", 6}}),
         "systems[1].layout.drives", "raid1 needs 2 to 4 drives"},
        {"simple with volumes", "", layout({{"level", "simple"}, {"drives", 4}, {"volumes", 2}}),
         "systems[1].layout.volumes", "volumes must be 1"},
        {"mirror copies on raid5", "",
         layout({{"level", "raid5"}, {"drives", 4}, {"mirror_copies", 2}}),
         "systems[1].layout.mirror_copies", "applies to raid1, raid10 and raid01 only"},
        {"spans on raid5", "", layout({{"level", "raid5"}, {"drives", 4}, {"disks_per_span", 2}}),
         "systems[1].layout.disks_per_span", "applies to raid10, raid50 and raid60 only"},
        {"stripe on simple", "", layout({{"level", "simple"}, {"drives", 4}, {"stripe_kib", 64}}),
         "systems[1].layout.stripe_kib", "simple has no striping"},
        {"unknown md placement", "",
         layout({{"level", "raid10"}, {"drives", 4}, {"placement", "far2"}}),
         "systems[1].layout.placement", "must be \"near\", \"far\" or \"offset\""},
        {"unknown md bitmap", "",
         layout({{"level", "raid5"}, {"drives", 4}, {"md_bitmap", "external"}}),
         "systems[1].layout.md_bitmap", "must be \"auto\" (mdadm's default), \"internal\" or"},
        {"md bitmap chunk below a page", "",
         layout({{"level", "raid5"}, {"drives", 4}, {"md_bitmap_chunk_bytes", 512}}),
         "systems[1].layout.md_bitmap_chunk_bytes", "must be a size from 4 KiB to 2 GiB, got 512 B"},
        {"placement on raid5", "", layout({{"level", "raid5"}, {"drives", 4}, {"placement", "far"}}),
         "systems[1].layout.placement", "applies to raid10 only"},
        {"far with spans", "",
         layout({{"level", "raid10"}, {"drives", 8}, {"disks_per_span", 4}, {"placement", "far"}}),
         "systems[1].layout.placement", "has no spans"},
        {"offset with 3 copies", "",
         layout({{"level", "raid10"}, {"drives", 6}, {"mirror_copies", 3}, {"placement", "offset"}}),
         "systems[1].layout.placement", "mirror_copies must be 2, got 3"},
        {"far behind a hardware RAID card", "",
         set("/systems/0/layout", {{"level", "raid10"}, {"drives", 4}, {"placement", "far"}}),
         "systems[0].layout", "is Linux md's (host software RAID)"},
        // workloads
        {"read fraction above 1", "", set("/workloads/0/read_fraction", 1.5),
         "workloads[0].read_fraction", "must be a number from 0 to 1, got 1.5"},
        {"read fraction as \"NaN\"", "", set("/workloads/0/read_fraction", "NaN"),
         "workloads[0].read_fraction", "got the string \"NaN\""},
        {"missing read fraction", "", erase("/workloads/0/read_fraction"),
         "workloads[0].read_fraction", "missing required key 'read_fraction'"},
        {"sync_writes not a boolean", "", set("/workloads/0/sync_writes", "yes"),
         "workloads[0].sync_writes", "must be true or false, got the string \"yes\""},
        {"lseek_per_request not a boolean", "", set("/workloads/0/lseek_per_request", 1),
         "workloads[0].lseek_per_request", "must be true or false"},
        {"bad unit", "", set("/workloads/0/unit", "files"), "workloads[0].unit",
         "must be one of \"request\", \"file\"; got the string \"files\""},
        {"bad pattern", "", set("/workloads/0/pattern", "randm"), "workloads[0].pattern",
         "must be one of \"random\", \"sequential\""},
        {"pattern and sequential_fraction", "",
         [](json& j) {
             j["workloads"][0]["pattern"] = "random";
             j["workloads"][0]["sequential_fraction"] = 0.5;
         },
         "workloads[0].sequential_fraction", "not both"},
        {"missing request size", "", erase("/workloads/0/request_size"),
         "workloads[0].request_size", "missing required key 'request_size'"},
        {"file_size on a request workload", "", set("/workloads/0/file_size", {{"fixed_kib", 4}}),
         "workloads[0].file_size", "applies to workloads with unit 'file'"},
        {"request too small", "", set("/workloads/0/request_size", {{"fixed_kib", 0.25}}),
         "workloads[0].request_size.fixed_kib", "must be a size from 512 B to 1 GiB"},
        {"request too large", "", set("/workloads/0/request_size", {{"fixed_mib", 2048}}),
         "workloads[0].request_size.fixed_mib", "from 512 B to 1 GiB"},
        {"two distributions", "",
         set("/workloads/0/request_size", {{"fixed_kib", 4}, {"uniform_kib", {4, 8}}}),
         "workloads[0].request_size", "give only one distribution"},
        {"unknown distribution", "", set("/workloads/0/request_size", {{"normal", 4}}),
         "workloads[0].request_size.normal", "unknown key 'normal'"},
        {"uniform reversed", "", set("/workloads/0/request_size", {{"uniform_kib", {8, 4}}}),
         "workloads[0].request_size.uniform_kib", "the smallest size must be less than the largest"},
        {"uniform of three", "", set("/workloads/0/request_size", {{"uniform_kib", {4, 8, 16}}}),
         "workloads[0].request_size.uniform_kib", "array of two sizes"},
        {"lognormal sigma 0", "",
         set("/workloads/0/request_size", {{"lognormal", {{"median_kib", 64}, {"sigma", 0}}}}),
         "workloads[0].request_size.lognormal.sigma", "greater than 0 and at most 4"},
        {"lognormal median outside the clamp", "",
         set("/workloads/0/request_size",
             {{"lognormal", {{"median_kib", 64}, {"sigma", 1}, {"max_kib", 32}}}}),
         "workloads[0].request_size.lognormal", "must lie between min"},
        {"histogram weight 0", "",
         set("/workloads/0/request_size", {{"histogram", {{{"size_kib", 4}, {"weight", 0}}}}}),
         "workloads[0].request_size.histogram[0].weight", "greater than 0"},
        {"histogram repeated size", "",
         set("/workloads/0/request_size",
             {{"histogram", {{{"size_kib", 4}, {"weight", 1}}, {{"size_bytes", 4096}, {"weight", 2}}}}}),
         "workloads[0].request_size.histogram[1]", "size 4 KiB appears twice"},
        {"empty histogram", "", set("/workloads/0/request_size", {{"histogram", json::array()}}),
         "workloads[0].request_size.histogram", "must be an array of 1 to 1000 bins"},
        {"concurrency 0", "", set("/workloads/0/concurrency", {0}), "workloads[0].concurrency[0]",
         "must be a whole number from 1 to 1000000, got 0"},
        {"concurrency not increasing", "", set("/workloads/0/concurrency", {4, 2}),
         "workloads[0].concurrency[1]", "increasing order without repeats, got 2 after 4"},
        {"concurrency not a list", "", set("/workloads/0/concurrency", 4), "workloads[0].concurrency",
         "must be an array of 1 to 1000 whole numbers"},
        {"arrival rate 0", "", set("/workloads/0/arrival_rates_per_s", {0}),
         "workloads[0].arrival_rates_per_s[0]", "greater than 0 and less than 1e9, got 0"},
        {"arrival rate 1e9", "", set("/workloads/0/arrival_rates_per_s", {1e9}),
         "workloads[0].arrival_rates_per_s[0]", "less than 1e9, got 1e9"},
        {"no load points", "", erase("/workloads/0/concurrency"), "workloads[0]",
         "give the load points"},
        {"negative think time", "", set("/workloads/0/think_time_ms", -1),
         "workloads[0].think_time_ms", "must be a number from 0 to 3600000, got -1"},
        {"think time without concurrency", "",
         [](json& j) {
             j["workloads"][0].erase("concurrency");
             j["workloads"][0]["arrival_rates_per_s"] = {10};
             j["workloads"][0]["think_time_ms"] = 5;
         },
         "workloads[0].think_time_ms", "applies to closed points"},
        {"alignment not a multiple of 512 B", "", set("/workloads/0/alignment_bytes", 1000),
         "workloads[0].alignment_bytes", "multiple of 512 B"},
        {"span fraction 0", "", set("/workloads/0/span_fraction", 0), "workloads[0].span_fraction",
         "greater than 0 and at most 1, got 0"},
        {"span fraction and working set both", "",
         [](json& j) {
             j["workloads"][0]["span_fraction"] = 0.5;
             j["workloads"][0]["working_set_mib"] = 1024;
         },
         "workloads[0].span_fraction", "not both"},
        {"working set 0", "", set("/workloads/0/working_set_mib", 0),
         "workloads[0].working_set_mib", "got 0"},
        {"working set in two units", "",
         [](json& j) {
             j["workloads"][0]["working_set_mib"] = 1024;
             j["workloads"][0]["working_set_kib"] = 1024;
         },
         "workloads[0].working_set_mib", "give the size once"},
        {"negative streams", "", set("/workloads/0/streams", -1), "workloads[0].streams",
         "got -1"},
        {"fractional streams", "", set("/workloads/0/streams", 1.5), "workloads[0].streams",
         "1.5"},
        {"duplicate workload names", "",
         [](json& j) { j["workloads"].push_back(j["workloads"][0]); }, "workloads[1].name",
         "names must be unique"},
        {"missing workload name", "", erase("/workloads/0/name"), "workloads[0].name",
         "missing required key 'name'"},
        {"control character in a name", "", set("/workloads/0/name", "a\u0001b"),
         "workloads[0].name", "control characters"},
    };
    REQUIRE(cases.size() >= 30);
    for (const Case& c : cases) {
        std::string text = c.text;
        if (text.empty() && c.mutate) {
            json j = json::parse(kValid);
            c.mutate(j);
            text = j.dump();
        }
        const auto issues = issues_of(text);
        INFO("case: " << c.what << "\nexpected " << c.path << ": ..." << c.phrase << "...\ngot:\n"
                      << list(issues));
        bool found = false;
        for (const auto& issue : issues) {
            found = found ||
                    (issue.path == c.path && issue.message.find(c.phrase) != std::string::npos);
        }
        CHECK(found);
    }
}

TEST_CASE("all problems are reported, not just the first", "[project]") {
    json j = json::parse(kValid);
    j["systems"][0]["layout"]["drives"] = 2;
    j["systems"][1]["drive"] = "foo";
    j["workloads"][0]["read_fraction"] = 1.5;
    j["workloads"][0]["concurrency"] = {1, 0};
    const auto issues = issues_of(j.dump());
    INFO(list(issues));
    CHECK(issues.size() == 4);
}

TEST_CASE("a newer file gets one message, not one per unknown key", "[project]") {
    json j = json::parse(kValid);
    j["version"] = raidadv::kProjectFormatVersion + 1;
    j["cache_policy"] = "new in a later version";
    j["systems"][0]["tier"] = 1;
    const auto issues = issues_of(j.dump());
    INFO(list(issues));
    REQUIRE(issues.size() == 1);
    CHECK(issues[0].path == "version");
    j["version"] = 1.5;
    const auto fractional = issues_of(j.dump());
    REQUIRE(fractional.size() == 1);
    CHECK(fractional[0].message.find("whole number") != std::string::npos);
}

TEST_CASE("ProjectError says how many problems there are", "[project]") {
    try {
        parse_project("{}", test::small_catalog());
        FAIL("no error");
    } catch (const ProjectError& e) {
        CHECK(std::string(e.what()) ==
              "format: missing required key 'format' (must be "
              "\"raid-advisor-project\")");
    }
}
