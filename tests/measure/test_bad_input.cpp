// Bad measurements: each is refused with an ImportError whose message names the file and says
// what is wrong; format detection by content.

#include <catch2/catch.hpp>

#include "measure/measure.h"
#include "measure_test_util.h"

using namespace raidadv;
using namespace raidadv::measure;
using raidadv::test::measure_fixture;
using raidadv::test::read_all;

namespace {

/// The message of the ImportError `import_file` throws (fails the test if it throws none).
std::string refusal(const std::filesystem::path& file, Format format = Format::Auto) {
    ImportOptions options;
    options.format = format;
    try {
        import_file(file, options);
    } catch (const ImportError& e) {
        return e.what();
    }
    FAIL("no ImportError for " << file);
    return "";
}

}  // namespace

TEST_CASE("Formats are detected by content") {
    CHECK(detect_format(read_all(measure_fixture("fio-3.33-randrw70-8k-qd4x2-group.json"))) ==
          Format::FioJson);
    CHECK(detect_format(read_all(measure_fixture("fio-3.33-randread-4k-qd8.jsonplus"))) ==
          Format::FioJson);
    CHECK(detect_format(read_all(measure_fixture("fio-3.33-randrw60-4k-seq30.iolog"))) ==
          Format::FioIolog);
    CHECK(detect_format(read_all(measure_fixture("fio-3.16-randrw60-4k-seq30.iolog"))) ==
          Format::FioIolog);
    CHECK(detect_format(read_all(measure_fixture("iostat-12.6.1-x-d-1-10.txt"))) == Format::Iostat);
    CHECK(detect_format(read_all(measure_fixture("iostat-12.6.1-x-d-t-1-10.json"))) ==
          Format::Iostat);
    CHECK(detect_format(read_all(measure_fixture("iostat-11.2.13-x-d-1-10.txt"))) ==
          Format::Iostat);
    CHECK(detect_format(read_all(measure_fixture("blkparse-default-synthetic.txt"))) ==
          Format::Blkparse);
    CHECK(detect_format("note: both iodepth >= 1 and synchronous I/O engine\n{\"fio version\": "
                        "\"fio-3.33\", \"jobs\": []}") == Format::FioJson);
    CHECK(detect_format("id,name,vendor\n") == Format::Auto);
    CHECK(format_from_name("fio-iolog") == Format::FioIolog);
    CHECK(!format_from_name("iolog"));
}

TEST_CASE("Truncated fio JSON is refused, not half read") {
    test::TempDir dir("bad");
    const std::string whole = read_all(measure_fixture("fio-3.33-randrw70-8k-qd4x2-group.json"));
    const auto file = dir.write("cut.json", whole.substr(0, whole.size() / 2));
    const std::string m = refusal(file);
    CHECK(m.find("cut.json") != std::string::npos);
    CHECK(m.find("not complete fio JSON") != std::string::npos);
}

TEST_CASE("Truncated iostat JSON and text are refused") {
    test::TempDir dir("bad");
    const std::string json = read_all(measure_fixture("iostat-12.6.1-x-d-t-1-10.json"));
    CHECK(refusal(dir.write("cut.json", json.substr(0, json.size() - 40)))
              .find("not complete iostat JSON") != std::string::npos);
    const std::string text = read_all(measure_fixture("iostat-12.6.1-x-d-1-10.txt"));
    const std::string cut = text.substr(0, text.rfind("vda") + 40);  // a device line cut short
    CHECK(refusal(dir.write("cut.txt", cut)).find("truncated report") != std::string::npos);
}

TEST_CASE("Another tool's output is refused and named") {
    test::TempDir dir("bad");
    const std::string m = refusal(dir.write("drives.csv", "id,name,vendor\nx,y,z\n"));
    CHECK(m.find("not a measurement this program reads") != std::string::npos);
    CHECK(m.find("id,name,vendor") != std::string::npos);
    // A project file is JSON but not fio's.
    const auto project = std::filesystem::path(RAID_RESOURCES_DIR) / "examples" / "small-nas.json";
    CHECK(refusal(project).find("not a measurement") != std::string::npos);
    CHECK(refusal(project, Format::FioJson).find("not fio output") != std::string::npos);
    // An iolog given as iostat.
    CHECK(refusal(measure_fixture("fio-3.33-randrw60-4k-seq30.iolog"), Format::Iostat)
              .find("not iostat -x output") != std::string::npos);
    CHECK(refusal(measure_fixture("iostat-12.6.1-x-d-1-10.txt"), Format::Blkparse)
              .find("not blkparse") != std::string::npos);
    CHECK(refusal(dir.write("empty", "")).find("empty") != std::string::npos);
    CHECK(refusal(dir.path / "missing").find("no such file") != std::string::npos);
    std::string binary(100000, '\x01');
    CHECK(!refusal(dir.write("binary", binary)).empty());
}

TEST_CASE("A device with no I/O is refused with its name") {
    test::TempDir dir("bad");
    // Only loop0 of the recording: it did I/O before the recording, none during it.
    std::string only_loop;
    std::istringstream in(read_all(measure_fixture("iostat-12.6.1-x-d-1-10.txt")));
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("vda", 0) != 0) {
            only_loop += line + "\n";
        }
    }
    const std::string m = refusal(dir.write("idle.txt", only_loop));
    CHECK(m.find("no device did any I/O") != std::string::npos);
    CHECK(m.find("loop0") != std::string::npos);
}

TEST_CASE("A trace with one request is refused") {
    test::TempDir dir("bad");
    CHECK(refusal(dir.write("one.iolog", "fio version 3 iolog\n0 /d add\n5 /d read 0 4096\n"))
              .find("only one request") != std::string::npos);
    CHECK(refusal(dir.write("none.iolog", "fio version 2 iolog\n/d add\n/d open\n/d close\n"))
              .find("no reads or writes") != std::string::npos);
    CHECK(refusal(dir.write("one.blk",
                            "  8,0    0        1     0.000000000   697  D   W 100 + 8 "
                            "[x]\n  8,0    0        2     0.000100000     0  C   W 100 "
                            "+ 8 [0]\n"))
              .find("fewer than two requests") != std::string::npos);
    CHECK(refusal(dir.write("bad.iolog", "fio version 3 iolog\n0 /d read zero 4096\n"))
              .find("bad.iolog:2") != std::string::npos);
}
