// `raid-advisor-cli report`: the PDF holds every section (pdftotext), page numbers, A4 and Letter
// differ (pdfinfo), and bad arguments or projects exit 2 with a message and leave no file.

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "page_fill.h"
#include "shell_run.h"

using Catch::Matchers::Contains;
namespace fs = std::filesystem;

namespace {

using Run = raidadv::test::ShellRun;
using raidadv::test::check_pages_filled;
using raidadv::test::page_fill;
using raidadv::test::run_cli;
using raidadv::test::run_shell;
using raidadv::test::scratch_dir;
using raidadv::test::shell_quoted;

/// Runs a shell command; stdout and stderr captured.
Run shell(const std::string& command) {
    return run_shell(command, scratch_dir() / "stderr.txt");
}

std::string example(const std::string& name) {
    return shell_quoted((fs::path(RAID_RESOURCES_DIR) / "examples" / name).string());
}

/// Writes the report of the file-server example once per page size.
const fs::path& report_of(const std::string& page_size) {
    static std::map<std::string, fs::path> made;
    auto it = made.find(page_size);
    if (it == made.end()) {
        const fs::path pdf = scratch_dir() / ("file-server-" + page_size + ".pdf");
        const Run run = run_cli("report " + example("advisor-file-server-2007.json") + " -o " +
                                shell_quoted(pdf.string()) + " --page-size " + page_size);
        INFO(run.err);
        REQUIRE(run.status == 0);
        REQUIRE_THAT(run.out, Contains("Report written to"));
        it = made.emplace(page_size, pdf).first;
    }
    return it->second;
}

std::string pdf_text(const fs::path& pdf) {
    const Run run = shell("pdftotext -layout " + shell_quoted(pdf.string()) + " -");
    INFO("pdftotext (poppler-utils, scripts/deps.sh): " << run.err);
    REQUIRE(run.status == 0);
    return run.out;
}

std::string pdf_info(const fs::path& pdf) {
    const Run run = shell("pdfinfo " + shell_quoted(pdf.string()));
    INFO("pdfinfo (poppler-utils, scripts/deps.sh): " << run.err);
    REQUIRE(run.status == 0);
    return run.out;
}

int page_count(const std::string& info) {
    const auto at = info.find("Pages:");
    REQUIRE(at != std::string::npos);
    return std::stoi(info.substr(at + 6));
}

}  // namespace

TEST_CASE("the report holds every section, the buying summary first, and page numbers",
          "[report]") {
    const std::string text = pdf_text(report_of("a4"));
    std::size_t previous = 0;
    for (const char* section :
         {"Buying summary", "1. Inputs", "2. Recommendation", "3. Ranked alternatives", "4. Charts",
          "5. Reliability and cost", "6. Sensitivity: what would change the choice",
          "7. Assumptions and how far to trust the model"}) {
        INFO(section);
        const auto at = text.find(section);
        REQUIRE(at != std::string::npos);
        CHECK(at >= previous);  // in order
        previous = at;
    }
    CHECK_THAT(text, Contains("RAID Advisor report"));
    CHECK_THAT(text, Contains("that can use several volumes"));  // the project name
    CHECK_THAT(text, Contains("RAID Advisor 0."));               // the version
    CHECK_THAT(text, Contains("Request-size histogram"));
    CHECK_THAT(text, Contains("Mean response time against load"));  // chart text is text
    CHECK_THAT(text, Contains("Cost against response time"));
    CHECK_THAT(text, Contains("read share 80% -> 100%"));  // a sensitivity row
    CHECK_THAT(text, Contains("How far to trust the model"));
    // The validation studies are an appendix only when asked for (--validation).
    CHECK(text.find("Appendix: validation studies") == std::string::npos);
    const int pages = page_count(pdf_info(report_of("a4")));
    CHECK_THAT(text, Contains("Page 1 of " + std::to_string(pages)));
    CHECK_THAT(text, Contains("Page " + std::to_string(pages) + " of " + std::to_string(pages)));
}

TEST_CASE("the validation appendix when asked for", "[report][slow]") {
    const fs::path pdf = scratch_dir() / "with-validation.pdf";
    const Run run = run_cli("report " + example("advisor-small-nas.json") + " -o " +
                            shell_quoted(pdf.string()) + " --validation");
    INFO(run.err);
    REQUIRE(run.status == 0);
    CHECK_THAT(pdf_text(pdf), Contains("Appendix: validation studies"));
}

TEST_CASE("A4 and Letter reports have their page sizes", "[report][slow]") {
    const std::string a4 = pdf_info(report_of("a4"));
    const std::string letter = pdf_info(report_of("letter"));
    CHECK_THAT(a4, Contains("595 x 842 pts (A4)"));
    CHECK_THAT(letter, Contains("612 x 792 pts (letter)"));
    const Run upper =
        run_cli("report " + example("advisor-file-server-2007.json") + " -o " +
                shell_quoted((scratch_dir() / "upper.pdf").string()) + " --page-size LETTER");
    CHECK(upper.status == 0);
}

TEST_CASE("bad arguments and projects exit 2 with a message and write nothing", "[report]") {
    const fs::path out = scratch_dir() / "never.pdf";
    const std::string o = " -o " + shell_quoted(out.string());
    struct Case {
        std::string args;
        std::string message;
    };
    const fs::path broken = scratch_dir() / "broken.json";
    std::ofstream(broken) << "{\"format\": \"raid-advisor-project\", \"version\": 1, \"name\": 3}";
    for (const Case& c : std::vector<Case>{
             {"report " + shell_quoted((scratch_dir() / "missing.json").string()) + o,
              "no such file"},
             {"report " + shell_quoted(broken.string()) + o, "is not a valid project"},
             {"report " + example("small-nas.json") + o, "no \"advisor\" section"},
             {"report " + example("advisor-file-server-2007.json"), "-o FILE.pdf"},
             {"report " + example("advisor-file-server-2007.json") + o + " --page-size a3",
              "--page-size takes a4 or letter, got 'a3'"},
             {"report " + example("advisor-file-server-2007.json") + " -o " +
                  shell_quoted((scratch_dir() / "no-such-folder" / "r.pdf").string()),
              "does not exist"},
             {"report " + example("advisor-file-server-2007.json") + o + " --bogus",
              "unknown option '--bogus'"},
             {"report" + o, "report needs a project FILE"},
         }) {
        INFO(c.args);
        const Run run = run_cli(c.args);
        CHECK(run.status == 2);
        CHECK_THAT(run.err, Contains(c.message));
        CHECK_FALSE(fs::exists(out));
    }
}

TEST_CASE("the help names the report command", "[report]") {
    const Run help = run_cli("--help");
    CHECK_THAT(help.out, Contains("report FILE -o OUT.pdf [--page-size a4|letter]"));
    const Run command = run_cli("report --help");
    CHECK(command.status == 0);
    CHECK_THAT(command.out, Contains("--page-size"));
}

TEST_CASE("no page is empty or holds a lone line, in A4 and Letter", "[report][slow]") {
    // The layout flaws looked for by eye (docs/architecture.md, the report): a table split so
    // that one row sits alone on a page, a page left with only its header and footer.
    struct Case {
        std::string project;
        std::string page_size;
    };
    for (const Case& c : std::vector<Case>{{"advisor-archive-1996-fast.json", "a4"},
                                           {"advisor-archive-1996-fast.json", "letter"},
                                           {"advisor-file-server-2007.json", "letter"},
                                           {"advisor-oltp-power-safe.json", "letter"}}) {
        INFO(c.project << " " << c.page_size);
        const fs::path pdf = scratch_dir() / ("layout-" + c.page_size + "-" + c.project + ".pdf");
        const Run run = run_cli("report " + example(c.project) + " -o " +
                                shell_quoted(pdf.string()) + " --page-size " + c.page_size);
        INFO(run.err);
        REQUIRE(run.status == 0);
        // "Report written to F (N pages, A4) in S s; ...": the export's own time is reported
        // (how long it may take is a benchmark's business, not a unit test's: it ran 2.9 s
        // under ASan on a loaded machine).
        const auto in = run.out.find(") in ");
        REQUIRE(in != std::string::npos);
        CHECK(std::stod(run.out.substr(in + 5)) >= 0.0);

        const std::string text = pdf_text(pdf);
        const int pages = page_count(pdf_info(pdf));
        std::size_t start = 0;
        for (int page = 1; page <= pages; ++page) {
            const std::size_t end = std::min(text.find('\f', start), text.size());
            std::istringstream lines(text.substr(start, end - start));
            start = end + 1;
            int body = 0;
            std::string line;
            while (std::getline(lines, line)) {
                const bool blank = line.find_first_not_of(" \t\r") == std::string::npos;
                const bool furniture =
                    line.find("RAID Advisor report:") != std::string::npos ||
                    line.find(" of " + std::to_string(pages)) != std::string::npos;
                body += blank || furniture ? 0 : 1;
            }
            INFO("page " << page);
            CHECK(body >= 3);
        }
    }
}

TEST_CASE("no page is left half empty but before a section that starts a page, and the last",
          "[report][slow]") {
    // (page_fill.h, check_pages_filled. The VM datastore's A4 report, whose sensitivity table,
    // moved whole, once left its page 49% printed, is checked by test_report_content.cpp on the
    // PDF it reads: its search takes 25 s.)
    for (const std::string size : {"a4", "letter"}) {
        const std::string project = "advisor-oltp-power-safe.json";
        const fs::path pdf = scratch_dir() / ("fill-" + size + "-" + project + ".pdf");
        const Run run = run_cli("report " + example(project) + " -o " + shell_quoted(pdf.string()) +
                                " --page-size " + size);
        REQUIRE(run.status == 0);
        const std::string text = pdf_text(pdf);
        std::vector<std::string> page_texts;
        std::size_t start = 0;
        while (start < text.size()) {
            const std::size_t end = std::min(text.find('\f', start), text.size());
            page_texts.push_back(text.substr(start, end - start));
            start = end + 1;
        }
        check_pages_filled(pdf, page_texts, project + " " + size);
    }
}

TEST_CASE("no page of the ZFS NAS report holds only a line or two", "[report][slow]") {
    // Issue 28: its buying summary overflowed page 1 by one note, alone on page 2 before
    // "1. Inputs", and its last page held the last two lines of the search's rejections. Three
    // lines of body text fill about 5% of the body (9.5 pt type on A4 or Letter).
    for (const std::string size : {"a4", "letter"}) {
        const fs::path pdf = scratch_dir() / ("tail-" + size + "-zfs-nas.pdf");
        const Run run = run_cli("report " + example("advisor-zfs-nas.json") + " -o " +
                                shell_quoted(pdf.string()) + " --page-size " + size);
        REQUIRE(run.status == 0);
        const std::vector<double> fill = page_fill(pdf);
        REQUIRE(fill.size() >= 5);
        for (std::size_t p = 0; p < fill.size(); ++p) {
            INFO(size << " page " << p + 1 << " is printed to " << fill[p] * 100
                      << "% of its body");
            CHECK(fill[p] >= 0.05);
        }
    }
}
