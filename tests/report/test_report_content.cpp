// The PDF as a reader judges it (issue 26 item 9): rendered for three examples and read back
// with pdftotext, it has no scientific notation, no file-system paths, no catalog ids, no rows of
// "$0", dated prices, and the buying summary with the commands that build it on page 1 or 2.

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "page_fill.h"
#include "shell_run.h"

using Catch::Matchers::Contains;
namespace fs = std::filesystem;

namespace {

using raidadv::test::run_cli;
using raidadv::test::run_shell;
using raidadv::test::scratch_dir;
using raidadv::test::shell_quoted;

/// Where the report of example `name` (A4) is written.
fs::path report_pdf(const std::string& name) {
    return scratch_dir() / ("content-" + name + ".pdf");
}

/// The text of the report of example `name` (A4), one string per page.
std::vector<std::string> report_pages(const std::string& name) {
    const fs::path pdf = report_pdf(name);
    const auto run = run_cli(
        "report " + shell_quoted((fs::path(RAID_RESOURCES_DIR) / "examples" / name).string()) +
        " -o " + shell_quoted(pdf.string()));
    INFO(run.err);
    REQUIRE(run.status == 0);
    const auto text =
        run_shell("pdftotext -layout " + shell_quoted(pdf.string()) + " -", scratch_dir() / "err");
    REQUIRE(text.status == 0);
    std::vector<std::string> pages;
    std::stringstream in(text.out);
    std::string page;
    while (std::getline(in, page, '\f')) {
        pages.push_back(page);
    }
    return pages;
}

/// Catalog ids that could only come from the catalog (they contain a hyphen): the first column
/// of every bundled catalog CSV.
std::set<std::string> catalog_ids() {
    std::set<std::string> ids;
    for (const auto& entry : fs::directory_iterator(fs::path(RAID_RESOURCES_DIR) / "catalog")) {
        if (entry.path().extension() != ".csv") {
            continue;
        }
        std::ifstream csv(entry.path());
        std::string line;
        while (std::getline(csv, line)) {
            const std::string id = line.substr(0, line.find(','));
            if (!id.empty() && id[0] != '#' && id != "id" && id.find('-') != std::string::npos) {
                ids.insert(id);
            }
        }
    }
    return ids;
}

}  // namespace

TEST_CASE("the PDF reads as a person would want it", "[report][pdf][slow]") {
    const std::set<std::string> ids = catalog_ids();
    REQUIRE(ids.size() > 40);  // the check below means something
    const std::regex scientific("[0-9]e[+-][0-9]");
    // A path: a slash-separated word at the start of a word, or a source file name.
    const std::regex absolute("(^|[\\s(\"'])(/[A-Za-z0-9_.+-]+){2,}");
    const std::regex relative("[A-Za-z0-9_-]+/[A-Za-z0-9_/-]+\\.(md|json|cpp|c|h|csv|db)\\b");
    const std::regex zero_dollars("\\$0(?![0-9.,])");
    const std::regex dated("\\(price of [12][0-9]{3}(-[01][0-9])?\\)");
    // (The OLTP example stands for current hardware: SSD wear and power-loss protection, dated
    // prices; the VM datastore's search takes ten times as long over issue 25's catalog.)
    for (const char* name : {"advisor-small-nas.json", "advisor-oltp-power-safe.json",
                             "advisor-archive-1996-fast.json", "advisor-vm-datastore.json"}) {
        INFO(name);
        const std::vector<std::string> pages = report_pages(name);
        REQUIRE(pages.size() >= 3);
        std::string all;
        for (const std::string& page : pages) {
            all += page + "\n";
        }
        std::smatch match;
        const bool has_scientific = std::regex_search(all, match, scientific);
        INFO("scientific notation: " << (has_scientific ? match.str() : std::string("none")));
        CHECK_FALSE(has_scientific);
        std::string rest = all;
        while (std::regex_search(rest, match, absolute)) {
            const std::string path = match.str();
            INFO("path: " << path);
            // Device names in the build commands (/dev/sdb, /dev/md0) and StorCLI's controller
            // addresses (/c0/vall) are not file-system paths.
            CHECK((path.find("/dev/") != std::string::npos ||
                   std::regex_search(path, std::regex("^\\s?/c[0-9]"))));
            rest = match.suffix();
        }
        const bool has_relative = std::regex_search(all, match, relative);
        INFO("relative path: " << (has_relative ? match.str() : std::string("none")));
        CHECK_FALSE(has_relative);
        CHECK(all.find(RAID_RESOURCES_DIR) == std::string::npos);
        for (const std::string& id : ids) {
            INFO("catalog id: " << id);
            CHECK(all.find(id) == std::string::npos);
        }
        const bool has_zero = std::regex_search(all, match, zero_dollars);
        INFO("a price of $0: " << (has_zero ? match.suffix().str().substr(0, 60) : std::string()));
        CHECK_FALSE(has_zero);
        CHECK(std::regex_search(all, dated));
        CHECK_THAT(all, Contains("Total (prices of"));

        const std::string first_two = pages[0] + pages[1];
        CHECK_THAT(pages[0], Contains("Buying summary"));
        CHECK_THAT(first_two, Contains("What to buy"));
        CHECK_THAT(first_two, Contains("How to build it"));
        const bool commands = first_two.find("mdadm --create") != std::string::npos ||
                              first_two.find("storcli /c0 add vd") != std::string::npos ||
                              first_two.find("perccli /c0 add vd") != std::string::npos ||
                              first_two.find("MegaCli64 -Cfg") != std::string::npos ||
                              first_two.find("arcconf create") != std::string::npos ||
                              first_two.find("zpool create") != std::string::npos;
        CHECK(commands);
        if (std::string(name) == "advisor-oltp-power-safe.json") {
            // Rows that tie at the shown score are marked (as the window shows them).
            CHECK(std::regex_search(all, std::regex("[0-9]+=")));
        }
        if (std::string(name) == "advisor-vm-datastore.json") {
            // Near-identical configurations are folded into one row, their variants under it.
            CHECK(std::regex_search(all, std::regex("Variants?:")));
            // And no page is left half empty (test_report.cpp's pagination test, on this PDF:
            // its sensitivity table, moved whole, once left its A4 page 49% printed).
            raidadv::test::check_pages_filled(report_pdf(name), pages, "VM datastore A4");
        }
    }
}

TEST_CASE("every predicted figure has its 80% range and speed ties are marked", "[report][pdf]") {
    // Issue 24: the pick's figures read "value (low–high)" with the range around the value,
    // one sentence says what the range is, and the ranked alternatives mark the configurations
    // the CLI's recommend calls a speed tie with the pick.
    const std::string name = "advisor-oltp-power-safe.json";
    const std::vector<std::string> pages = report_pages(name);
    std::string all;
    for (const std::string& page : pages) {
        all += page + "\n";
    }
    CHECK_THAT(all, Contains("80% range"));
    CHECK_THAT(all, Contains("8 times in 10"));
    CHECK_THAT(all, Contains("Error bands"));
    // "(1,050–1,400)": a figure's range, under the figure in the tables (pdftotext keeps the
    // en dash); the pick's typical response reads "0.3 ms (80% range 0.224–0.468 ms)".
    const std::string figure = "([0-9][0-9,]*(\\.[0-9]+)?)";
    const std::regex range("\\(" + figure + "\u2013" + figure + "\\)");
    const auto number = [](std::string text) {
        text.erase(std::remove(text.begin(), text.end(), ','), text.end());
        return std::stod(text);
    };
    int ranges = 0;
    for (auto it = std::sregex_iterator(all.begin(), all.end(), range);
         it != std::sregex_iterator(); ++it) {
        INFO((*it).str());
        CHECK(number((*it)[1]) > 0.0);
        CHECK(number((*it)[1]) < number((*it)[3]));
        ++ranges;
    }
    // Three banded figures (IOPS, MB/s, mean) per load point in the buying summary and in the
    // recommendation, and one per ranked alternative.
    CHECK(ranges >= 12 + 3 * 3 * 2);
    std::smatch typical;
    REQUIRE(std::regex_search(
        all, typical,
        std::regex(figure + " ms \\(80% range " + figure + "\u2013" + figure + " ms\\)")));
    INFO(typical.str());
    CHECK(number(typical[3]) <= number(typical[1]));
    CHECK(number(typical[1]) <= number(typical[5]));

    const auto recommend = run_cli(
        "recommend " + shell_quoted((fs::path(RAID_RESOURCES_DIR) / "examples" / name).string()));
    REQUIRE(recommend.status == 0);
    const bool tied = recommend.out.find("[speed tie]") != std::string::npos;
    INFO(recommend.out);
    CHECK(tied);  // the example's ranking has ties on speed: the check below means something
    // "≈ 0.265": the mark before a tied configuration's response (the chart's legend has
    // "(≈ #1 ...)" for curves that cover each other, which does not count).
    CHECK(std::regex_search(all, std::regex("\u2248 [0-9]")));
}
