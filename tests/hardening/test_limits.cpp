// Input limits: project files over 64 MiB are refused before they are read; size listings over
// 10 million lines are read as a stream and refused past the limit, with a message naming the
// line, and a line without an end cannot exhaust memory.

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <istream>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "project/project.h"
#include "workload/size_import.h"

using namespace raidadv;
namespace fs = std::filesystem;

namespace {

/// A stream buffer that makes up its text as it is read, never holding more than one line:
/// `lines` lines of `line` (with '\n'), or, if `lines` is 0, `line` repeated `repeat` times with
/// no line end at all.
class GeneratedText : public std::streambuf {
  public:
    GeneratedText(std::string line, std::size_t lines, std::size_t repeat = 0)
        : line_(std::move(line)), lines_(lines), repeat_(repeat) {
        if (lines_ > 0) {
            line_ += '\n';
        }
    }

  protected:
    int_type underflow() override {
        const std::size_t total = lines_ > 0 ? lines_ : repeat_;
        if (produced_ >= total) {
            return traits_type::eof();
        }
        ++produced_;
        setg(line_.data(), line_.data(), line_.data() + line_.size());
        return traits_type::to_int_type(line_.front());
    }

  private:
    std::string line_;
    std::size_t lines_;
    std::size_t repeat_;
    std::size_t produced_ = 0;
};

}  // namespace

TEST_CASE("a project file over 64 MiB is refused with a message", "[hardening][limits]") {
    const fs::path path =
        fs::temp_directory_path() / ("raid-advisor-huge-" + std::to_string(::getpid()) + ".json");
    { std::ofstream(path, std::ios::binary) << R"({"format": "raid-advisor-project")"; }
    fs::resize_file(path, 64ull * 1024 * 1024 + 1);  // sparse: nothing is written
    const Catalog catalog = Catalog::open(RAID_CATALOG_DB);
    try {
        load_project(path, catalog);
        FAIL("a file over 64 MiB was read");
    } catch (const ProjectError& e) {
        REQUIRE(e.issues.size() == 1);
        CHECK(e.issues[0].path == "$");
        CHECK(e.issues[0].message == "file is 67108865 bytes; project files may be at most 64 MiB");
    }
    fs::remove(path);
}

TEST_CASE("a size listing over 10 million lines is streamed and refused past the limit",
          "[hardening][limits]") {
    // 10,000,005 lines made up while they are read: the listing never exists in memory.
    constexpr std::size_t kLines = 10'000'005;
    GeneratedText text("4096", kLines);
    std::istream in(&text);
    const SizeImportResult r = import_size_listing(in);
    CHECK(r.truncated);
    CHECK(r.sizes.size() == 10'000'000);
    CHECK(r.lines == 10'000'000);
    REQUIRE(r.problem_count == 1);
    CHECK(r.problems[0].line == 10'000'001);
    CHECK(r.problems[0].message ==
          "the listing has more than 10000000 lines; this line and the rest are refused");
    CHECK(r.summary.mean_bytes == 4096.0);
}

TEST_CASE("a listing without line ends is read in bounded memory", "[hardening][limits]") {
    // 100 MB of digits and no '\n': one 'line' far longer than any size.
    GeneratedText text(std::string(1 << 20, '7'), 0, 100);
    std::istream in(&text);
    const SizeImportResult r = import_size_listing(in);
    CHECK(r.sizes.empty());
    REQUIRE(r.problem_count == 1);
    CHECK(r.problems[0].line == 1);
    CHECK(r.problems[0].message ==
          "the line is longer than 4096 characters (not a size listing?); skipped");

    // The lines around a long one are still read.
    std::istringstream mixed("10\n" + std::string(5000, '1') + "\n20\n");
    const SizeImportResult m = import_size_listing(mixed);
    CHECK(m.sizes == std::vector<double>{10, 20});
    REQUIRE(m.problem_count == 1);
    CHECK(m.problems[0].line == 2);
}
