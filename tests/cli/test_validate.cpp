// `raid-advisor-cli validate`: JSON keys, the report directory (markdown and PNG charts) and the
// exit codes, through the built program (RAID_BIN_DIR) as test_cli.cpp does.

#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "shell_run.h"

using Catch::Matchers::Contains;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

using Run = raidadv::test::ShellRun;
using raidadv::test::run_cli;
using raidadv::test::scratch_dir;
using raidadv::test::shell_quoted;

std::string read_file(const fs::path& path) {
    return raidadv::test::read_text(path);
}

/// Runs `<environment> raid-advisor-cli <args>`; both are passed to the shell as they are.
/// `validate --json`, run once for the whole file.
const json& validation_json() {
    static const json j = [] {
        const Run run = run_cli("validate --json");
        INFO(run.err);
        REQUIRE(run.status == 0);
        return json::parse(run.out);
    }();
    return j;
}

bool is_png(const fs::path& path) {
    static const std::string signature = "\x89PNG\r\n\x1a\n";
    const std::string bytes = read_file(path);
    return bytes.size() > signature.size() && bytes.compare(0, signature.size(), signature) == 0;
}

/// The markdown sections ("## name ...") of the document, by their heading.
std::vector<std::pair<std::string, std::string>> sections(const std::string& markdown) {
    std::vector<std::pair<std::string, std::string>> out;
    std::size_t at = markdown.find("\n## ");
    while (at != std::string::npos) {
        const std::size_t heading_end = markdown.find('\n', at + 4);
        const std::size_t next = markdown.find("\n## ", at + 4);
        out.emplace_back(markdown.substr(at + 4, heading_end - at - 4),
                         markdown.substr(at, next == std::string::npos ? next : next - at));
        at = next;
    }
    return out;
}

/// The targets of the images embedded in `markdown` ("![alt](target)").
std::vector<std::string> images(const std::string& markdown) {
    std::vector<std::string> out;
    std::size_t at = markdown.find("![");
    while (at != std::string::npos) {
        const std::size_t open = markdown.find("](", at);
        const std::size_t close = markdown.find(')', open);
        if (open == std::string::npos || close == std::string::npos) {
            break;
        }
        out.push_back(markdown.substr(open + 2, close - open - 2));
        at = markdown.find("![", close);
    }
    return out;
}

/// "nan", "-nan", "inf", "NaN", "Infinity" as words (not inside "financial" or "Informix").
bool has_nan_or_inf(const std::string& text) {
    static const std::regex word(R"((^|[^A-Za-z])-?(nan|NaN|inf|Infinity)([^A-Za-z]|$))");
    return std::regex_search(text, word);
}

}  // namespace

TEST_CASE("validate --json has the documented keys and no NaN", "[cli][validate]") {
    const json& j = validation_json();
    for (const char* key : {"studies", "median_abs_error_pct", "baseline_median_abs_error_pct",
                            "conclusions_reproduced", "conclusions_total"}) {
        INFO(key);
        CHECK(j.contains(key));
    }
    CHECK(j.at("median_abs_error_pct").is_number());
    REQUIRE(j.at("studies").is_array());
    REQUIRE_FALSE(j["studies"].empty());
    int conclusions = 0, reproduced = 0;
    std::set<std::string> names;
    for (const json& s : j["studies"]) {
        for (const char* key :
             {"name", "title", "year", "profile", "figures", "conclusions", "median_abs_error_pct",
              "baseline_median_abs_error_pct", "kendall_tau", "kendall_basis"}) {
            INFO(key);
            CHECK(s.contains(key));
        }
        // The year of the hardware measured; Kendall's tau null where the study ranks nothing.
        CHECK(s.at("year").is_number_integer());
        CHECK(s.at("year").get<int>() >= 1990);
        CHECK(s.at("kendall_tau").is_null() == (s.at("name") == "hardwaresecrets"));
        const std::string name = s.at("name").get<std::string>();
        INFO(name);
        CHECK_FALSE(name.empty());
        CHECK(names.insert(name).second);
        REQUIRE(s.at("figures").is_array());
        CHECK_FALSE(s["figures"].empty());
        for (const json& f : s["figures"]) {
            for (const char* key : {"name", "unit", "measured", "predicted", "error_pct",
                                    "baseline", "baseline_error_pct", "calibration", "note"}) {
                INFO(key);
                CHECK(f.contains(key));
            }
            CHECK(f.at("measured").is_number());
            CHECK((f.at("predicted").is_number() || f.at("predicted").is_null()));
            CHECK(f.at("calibration").is_boolean());
            // A figure has a baseline and its error, or neither.
            CHECK(f.at("baseline").is_null() == f.at("baseline_error_pct").is_null());
        }
        REQUIRE(s.at("conclusions").is_array());
        for (const json& c : s["conclusions"]) {
            CHECK(c.at("statement").is_string());
            CHECK(c.at("reproduced").is_boolean());
            CHECK(c.at("evidence").is_string());
            ++conclusions;
            reproduced += c["reproduced"].get<bool>() ? 1 : 0;
        }
    }
    CHECK(j.at("conclusions_total") == conclusions);
    CHECK(j.at("conclusions_reproduced") == reproduced);
    // The error bands' residuals and how often the figures fall inside them: one row per
    // evidence class and one over all studies, which counts every row's figures.
    REQUIRE(j.at("error_bands").is_array());
    REQUIRE(j["error_bands"].size() == 8);  // seven evidence classes (error_band.h), all studies
    int counted = 0;
    for (const json& b : j["error_bands"]) {
        INFO(b.dump());
        for (const char* key : {"class", "studies", "figures", "mean_log", "sd_log",
                                "within_sd_log", "between_sd_log", "same_hardware_sd_log",
                                "other_hardware_sd_log", "inside", "inside_held_out", "counted"}) {
            CHECK(b.contains(key));
        }
        CHECK(b.at("inside").get<int>() <= b.at("counted").get<int>());
        CHECK(b.at("inside_held_out").get<int>() <= b.at("counted").get<int>());
        if (b.at("class") != "all studies") {
            counted += b.at("counted").get<int>();
        }
    }
    const json& all = j["error_bands"].back();
    CHECK(all.at("class") == "all studies");
    CHECK(all.at("counted").get<int>() == counted);
    CHECK(all.at("studies").get<int>() >= static_cast<int>(names.size()));
    // The tie rule checked on the figures: pairs per study adding up to the whole.
    const json& ties = j.at("ties");
    int pairs = 0;
    for (const json& n : ties.at("studies")) {
        pairs += n.at("pairs").get<int>();
        CHECK(n.at("tied").get<int>() <= n.at("pairs").get<int>());
        CHECK(n.at("decided_right").get<int>() <=
              n.at("pairs").get<int>() - n.at("tied").get<int>());
    }
    CHECK(ties.at("pairs").get<int>() == pairs);
    CHECK(ties.at("studies").size() == names.size());
    CHECK_FALSE(has_nan_or_inf(run_cli("validate --json").out));
}

TEST_CASE("validate prints a table per study and the overall numbers", "[cli][validate]") {
    const Run run = run_cli("validate");
    INFO(run.err);
    REQUIRE(run.status == 0);
    CHECK_THAT(run.out, Contains("measured") && Contains("predicted") && Contains("error %") &&
                            Contains("baseline error %") && Contains("calibration") &&
                            Contains("Kendall's tau") && Contains("Overall: median |error|") &&
                            Contains("conclusions reproduced") && Contains("80% error bands: ") &&
                            Contains("left out of the residuals"));
    CHECK_FALSE(has_nan_or_inf(run.out));
    for (const json& s : validation_json()["studies"]) {
        CHECK_THAT(run.out, Contains("== " + s["name"].get<std::string>() + " =="));
    }
}

TEST_CASE("validate --report writes validation.md and PNG charts, with no display",
          "[cli][validate][slow]") {
    const fs::path dir = scratch_dir() / "report" / "nested";  // created by the command
    const Run run = run_cli("validate --report " + shell_quoted(dir.string()),
                            "env -u DISPLAY -u WAYLAND_DISPLAY");
    INFO(run.err);
    REQUIRE(run.status == 0);
    REQUIRE(fs::is_regular_file(dir / "validation.md"));
    const std::string markdown = read_file(dir / "validation.md");
    CHECK_THAT(markdown, Contains("rule of thumb") && Contains("calibrat"));
    CHECK_THAT(markdown, Contains("## Error bands") && Contains("Inside (held out)"));

    const auto by_heading = sections(markdown);
    for (const json& s : validation_json()["studies"]) {
        const std::string name = s["name"].get<std::string>();
        INFO(name);
        CHECK_THAT(markdown, Contains(name));
        std::string section;
        for (const auto& [heading, text] : by_heading) {
            if (heading == name) {
                section = text;
            }
        }
        REQUIRE_FALSE(section.empty());
        int pngs = 0;
        for (const std::string& image : images(section)) {
            INFO(image);
            CHECK(fs::path(image).extension() == ".png");
            REQUIRE(fs::is_regular_file(dir / image));
            CHECK(is_png(dir / image));
            ++pngs;
        }
        CHECK(pngs >= 1);
    }
    // Every PNG in the directory is a real one; nothing temporary is left behind.
    for (const auto& entry : fs::directory_iterator(dir)) {
        INFO(entry.path().string());
        const std::string ext = entry.path().extension().string();
        CHECK((ext == ".png" || ext == ".md"));
        if (ext == ".png") {
            CHECK(is_png(entry.path()));
        }
    }

    SECTION("a second run into the same directory replaces the files") {
        const Run again = run_cli("validate --json --report " + shell_quoted(dir.string()),
                                  "env -u DISPLAY -u WAYLAND_DISPLAY");
        INFO(again.err);
        CHECK(again.status == 0);
        CHECK(json::parse(again.out).contains("studies"));  // stdout stays pure JSON
        CHECK(read_file(dir / "validation.md") == markdown);
    }
}

TEST_CASE("validate: missing inputs exit 1 naming the path, usage errors exit 2",
          "[cli][validate]") {
    const fs::path missing = scratch_dir() / "no-such-validation-dir";
    const Run run = run_cli("validate --validation-dir " + shell_quoted(missing.string()));
    CHECK(run.status == 1);
    CHECK(run.out.empty());
    CHECK_THAT(run.err, Contains(missing.string()));

    const Run bogus = run_cli("validate --bogus");
    CHECK(bogus.status == 2);
    CHECK_THAT(bogus.err, Contains("unknown option '--bogus'") && Contains("usage:"));
    const Run no_dir = run_cli("validate --report");
    CHECK(no_dir.status == 2);
    CHECK_THAT(no_dir.err, Contains("--report needs a directory"));
    const Run positional = run_cli("validate somefile.json");
    CHECK(positional.status == 2);

    const fs::path file = scratch_dir() / "a-file";
    std::ofstream(file) << "not a directory";
    const Run unwritable = run_cli("validate --report " + shell_quoted(file.string()));
    CHECK(unwritable.status == 1);
    CHECK_THAT(unwritable.err, Contains(file.string()));
}
