// The project-file writer (core/project/writer.h) against the readers: for every bundled example,
// read -> write -> read -> write gives the same JSON (equal projects as far as the file can say,
// and a stable writer), and every key the example file gives comes back from the writer with the
// same value (so a key a reader learns and the writer does not is caught here).

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "project/migrate.h"
#include "project/project.h"
#include "project/writer.h"
#include "test_catalog.h"

using namespace raidadv;
namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

std::vector<fs::path> example_files() {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(fs::path(RAID_RESOURCES_DIR) / "examples")) {
        if (entry.path().extension() == ".json") {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

std::string read_text(const fs::path& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

/// The SI factor of a size key's unit suffix, 0 if the key is not a size key.
double size_factor(const std::string& key, std::string& base) {
    for (const auto& [suffix, factor] :
         {std::pair<const char*, double>{"_bytes", 1.0}, {"_kib", 1024.0}, {"_mib", 1048576.0}}) {
        const std::string s(suffix);
        if (key.size() > s.size() && key.compare(key.size() - s.size(), s.size(), s) == 0) {
            base = key.substr(0, key.size() - s.size());
            return factor;
        }
    }
    return 0.0;
}

bool same_number(double a, double b) {
    return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)});
}

/// Values of `original` scaled by `factor` equal `written` scaled by `written_factor`.
bool same_scaled(const Json& original, double factor, const Json& written, double written_factor) {
    if (original.is_number() && written.is_number()) {
        return same_number(original.get<double>() * factor, written.get<double>() * written_factor);
    }
    if (original.is_array() && written.is_array() && original.size() == written.size()) {
        for (std::size_t i = 0; i < original.size(); ++i) {
            if (!same_scaled(original[i], factor, written[i], written_factor)) {
                return false;
            }
        }
        return true;
    }
    return false;
}

/// Keys the readers take but do not keep in a Project, so no writer can give them back: a
/// system's or workload's description (documentation for the reader of the file), the preset a
/// workload started from (written out in full), an inline part's base (written out in full) and
/// the header the writer rewrites.
bool not_kept(const std::string& path, const std::string& key) {
    if (key == "preset" || key == "base" || key == "written_by" || key == "version") {
        return true;
    }
    return key == "description" && path != "$";
}

void check_subset(const Json& original, const Json& written, const std::string& path,
                  std::vector<std::string>& problems) {
    if (original.is_object()) {
        if (!written.is_object()) {
            problems.push_back(path + ": written as " + written.dump() + ", not an object");
            return;
        }
        for (const auto& [key, value] : original.items()) {
            const std::string at = path + "." + key;
            if (not_kept(path, key)) {
                continue;
            }
            std::string base;
            if (const double factor = size_factor(key, base); factor > 0.0) {
                std::string written_base;
                bool found = false;
                for (const auto& [wkey, wvalue] : written.items()) {
                    const double wfactor = size_factor(wkey, written_base);
                    if (wfactor > 0.0 && written_base == base) {
                        found = true;
                        if (!same_scaled(value, factor, wvalue, wfactor)) {
                            problems.push_back(at + ": " + value.dump() + " written as " + wkey +
                                               " " + wvalue.dump());
                        }
                    }
                }
                if (!found) {
                    problems.push_back(at + ": not written");
                }
                continue;
            }
            if (key == "pattern" && written.contains("sequential_fraction")) {
                const double expected = value == "sequential" ? 1.0 : 0.0;
                if (!same_number(expected, written["sequential_fraction"].get<double>())) {
                    problems.push_back(at + ": written as another sequential_fraction");
                }
                continue;
            }
            if (!written.contains(key)) {
                problems.push_back(at + ": not written");
                continue;
            }
            check_subset(value, written[key], at, problems);
        }
        return;
    }
    if (original.is_array()) {
        if (!written.is_array() || written.size() != original.size()) {
            problems.push_back(path + ": " + original.dump() + " written as " + written.dump());
            return;
        }
        for (std::size_t i = 0; i < original.size(); ++i) {
            check_subset(original[i], written[i], path + "[" + std::to_string(i) + "]", problems);
        }
        return;
    }
    const bool same = original.is_number() && written.is_number()
                          ? same_number(original.get<double>(), written.get<double>())
                          : original == written;
    if (!same) {
        problems.push_back(path + ": " + original.dump() + " written as " + written.dump());
    }
}

}  // namespace

TEST_CASE("every example reads back from what the writer wrote, and the writer is stable",
          "[project][writer]") {
    const auto files = example_files();
    REQUIRE(files.size() >= 8);
    for (const fs::path& file : files) {
        INFO(file.filename().string());
        const Project first = load_project(file, test::bundled_catalog());
        const std::string text = project_to_text(first, "test");
        Project second;
        try {
            second = parse_project(text, test::bundled_catalog());
        } catch (const ProjectError& e) {
            FAIL("the written project does not read back: " << e.what() << "\n" << text);
        }
        const std::string again = project_to_text(second, "test");
        CHECK(again == text);
        CHECK(second.name == first.name);
        CHECK(second.systems.size() == first.systems.size());
        CHECK(second.workloads.size() == first.workloads.size());
        CHECK(second.advisor.has_value() == first.advisor.has_value());
    }
}

TEST_CASE("every key an example gives is written back with its value", "[project][writer]") {
    for (const fs::path& file : example_files()) {
        INFO(file.filename().string());
        Json original = Json::parse(read_text(file));
        migrate_project_json(original);
        const Json written =
            Json::parse(project_to_text(load_project(file, test::bundled_catalog()), "test"));
        std::vector<std::string> problems;
        check_subset(original, written, "$", problems);
        std::string list;
        for (const std::string& p : problems) {
            list += p + "\n";
        }
        INFO(list);
        CHECK(problems.empty());
    }
}

TEST_CASE("the bytes written a day, where given, are written and read back (version 6)",
          "[project][writer]") {
    Json root = Json::parse(
        read_text(fs::path(RAID_RESOURCES_DIR) / "examples" / "advisor-nvme-scratch.json"));
    const auto read = [](const Json& j) {
        return parse_project(j.dump(), test::bundled_catalog());
    };
    CHECK(read(root).advisor->constraints.writes_per_day_bytes == Approx(2e12));  // as it states
    root["advisor"].erase("writes_per_day_tb");
    const Project without = read(root);
    REQUIRE(without.advisor.has_value());
    CHECK(without.advisor->constraints.writes_per_day_bytes == 0.0);
    CHECK(project_to_text(without, "test").find("writes_per_day_tb") == std::string::npos);
    root["advisor"]["writes_per_day_tb"] = 2.5;
    const Project with = read(root);
    CHECK(with.advisor->constraints.writes_per_day_bytes == Approx(2.5e12));
    const Json written = Json::parse(project_to_text(with, "test"));
    CHECK(written["version"] == 6);
    CHECK(written["advisor"]["writes_per_day_tb"] == 2.5);
}

TEST_CASE("inline and modified parts are written out in full and read back", "[project][writer]") {
    const std::string text = R"({
      "format": "raid-advisor-project", "version": 2, "name": "inline parts",
      "systems": [{
        "name": "modified drive", "drive": {"base": "test-hdd", "rpm": 10000},
        "layout": {"level": "raid10", "drives": 4, "stripe_kib": 128},
        "controller": "test-raid", "drive_write_cache": "off"
      }],
      "workloads": [{"name": "w", "read_fraction": 0.7, "pattern": "random",
                     "request_size": {"histogram": [{"size_kib": 4, "weight": 3},
                                                    {"size_bytes": 1536, "weight": 1}]},
                     "arrival_rates_per_s": [10, 20.5]}]
    })";
    const Project first = parse_project(text, test::small_catalog());
    const Json written = Json::parse(project_to_text(first, "test"));
    const Json& drive = written["systems"][0]["drive"];
    REQUIRE(drive.is_object());  // no longer the catalog's part: written inline, in full
    CHECK(drive["rpm"] == 10000);
    CHECK(drive.contains("seek_avg_ms"));
    CHECK(written["systems"][0]["controller"] == "test-raid");
    CHECK(written["systems"][0]["layout"]["stripe_kib"] == 128);
    CHECK(written["workloads"][0]["request_size"]["histogram"][1]["size_bytes"] == 1536);
    const Project second = parse_project(written.dump(), test::small_catalog());
    CHECK(project_to_text(second, "test") == project_to_text(first, "test"));
    CHECK(second.systems[0].drive.hdd.rpm == 10000);
    CHECK(second.systems[0].drive_write_cache == DriveWriteCache::Off);
}

TEST_CASE("an md write-intent bitmap setting survives a read and a write", "[project][writer]") {
    const std::string text = R"({
      "format": "raid-advisor-project", "version": 2, "name": "bitmap",
      "systems": [{"name": "md5", "drive": "test-hdd",
                   "layout": {"level": "raid5", "drives": 4, "md_bitmap": "none"}},
                  {"name": "md6", "drive": "test-hdd",
                   "layout": {"level": "raid6", "drives": 6, "md_bitmap": "internal",
                              "md_bitmap_chunk_mib": 256}},
                  {"name": "md1", "drive": "test-hdd", "layout": {"level": "raid1", "drives": 2}}],
      "workloads": [{"name": "w", "read_fraction": 0.7, "request_size": {"fixed_kib": 16},
                     "concurrency": [4]}]
    })";
    const Project first = parse_project(text, test::small_catalog());
    const Json written = Json::parse(project_to_text(first, "test"));
    CHECK(written["systems"][0]["layout"]["md_bitmap"] == "none");
    CHECK(written["systems"][1]["layout"]["md_bitmap"] == "internal");
    CHECK(written["systems"][1]["layout"]["md_bitmap_chunk_mib"] == 256);
    CHECK_FALSE(written["systems"][2]["layout"].contains("md_bitmap"));  // auto: not written
    const Project second = parse_project(written.dump(), test::small_catalog());
    CHECK(second.systems[0].layout.md_bitmap == MdBitmap::None);
    CHECK(second.systems[1].layout.md_bitmap_chunk_bytes == Approx(256.0 * 1024 * 1024));
    CHECK(project_to_text(second, "test") == project_to_text(first, "test"));
}

TEST_CASE("a controller's read policy survives a read and a write", "[project][writer]") {
    const std::string text = R"({
      "format": "raid-advisor-project", "version": 1, "name": "read-ahead",
      "systems": [{"name": "always", "drive": "test-hdd", "controller": "test-raid",
                   "layout": {"level": "raid5", "drives": 4}, "controller_read_ahead": "always"},
                  {"name": "none", "drive": "test-hdd", "controller": "test-raid",
                   "layout": {"level": "raid5", "drives": 4}, "controller_read_ahead": "none"},
                  {"name": "adaptive", "drive": "test-hdd", "controller": "test-raid",
                   "layout": {"level": "raid5", "drives": 4}}],
      "workloads": [{"name": "w", "read_fraction": 1, "pattern": "sequential",
                     "request_size": {"fixed_kib": 16}, "concurrency": [1]}]
    })";
    const Project first = parse_project(text, test::small_catalog());
    CHECK(first.systems[0].controller_read_ahead == ControllerReadAhead::Always);
    CHECK(first.systems[1].controller_read_ahead == ControllerReadAhead::None);
    CHECK(first.systems[2].controller_read_ahead == ControllerReadAhead::Adaptive);
    const Json written = Json::parse(project_to_text(first, "test"));
    CHECK(written["systems"][0]["controller_read_ahead"] == "always");
    CHECK(written["systems"][1]["controller_read_ahead"] == "none");
    CHECK_FALSE(written["systems"][2].contains("controller_read_ahead"));  // the default
    const Project second = parse_project(written.dump(), test::small_catalog());
    CHECK(project_to_text(second, "test") == project_to_text(first, "test"));
}

TEST_CASE("measured points and md placements survive a read and a write", "[project][writer]") {
    // A workload as `workload import` prints it keeps its measured references; a raid10's md
    // placement is written back (both were once dropped by the writer).
    const std::string text = R"({
      "format": "raid-advisor-project", "version": 2, "name": "measured",
      "systems": [{"name": "far", "drive": "test-hdd",
                   "layout": {"level": "raid10", "drives": 2, "placement": "far"}}],
      "workloads": [{"name": "w", "read_fraction": 0.7, "request_size": {"fixed_kib": 16},
                     "concurrency": [4, 8],
                     "measured": [{"concurrency": 4, "iops": 950.5, "mb_per_s": 15.2,
                                   "mean_response_ms": 4.2, "p95_response_ms": 9.1},
                                  {"concurrency": 8, "iops": 1200, "mean_response_ms": 6.6}]}]
    })";
    const Project first = parse_project(text, test::small_catalog());
    REQUIRE(first.workloads[0].measured.size() == 2);
    CHECK(first.workloads[0].measured[0].iops == 950.5);
    CHECK(first.workloads[0].measured[0].mean_response_s == Approx(4.2e-3));
    CHECK(first.workloads[0].measured[1].p95_response_s == 0.0);
    CHECK(first.systems[0].layout.placement == CopyPlacement::Far);
    const Json written = Json::parse(project_to_text(first, "test"));
    CHECK(written["systems"][0]["layout"]["placement"] == "far");
    const Json& measured = written["workloads"][0]["measured"];
    REQUIRE(measured.size() == 2);
    CHECK(measured[0]["p95_response_ms"] == 9.1);
    CHECK(measured[1]["concurrency"] == 8);
    CHECK_FALSE(measured[1].contains("p95_response_ms"));
    const Project second = parse_project(written.dump(), test::small_catalog());
    CHECK(project_to_text(second, "test") == project_to_text(first, "test"));
}
