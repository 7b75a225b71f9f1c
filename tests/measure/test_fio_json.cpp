// fio JSON and json+ imports: recorded outputs of known jobs (tests/data/measure, record.sh) and
// a live fio run on a temporary file whose job options the import must recover.

#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

#include "measure/measure.h"
#include "measure_test_util.h"

using namespace raidadv;
using namespace raidadv::measure;
using raidadv::test::measure_fixture;
using raidadv::test::read_all;

namespace {

std::vector<ImportedWorkload> import(const std::string& name) {
    return import_file(measure_fixture(name));
}

double weight_of(const SizeDistribution& d, double bytes) {
    double total = 0, w = 0;
    for (const auto& b : d.bins) {
        total += b.weight;
        w += b.bytes == bytes ? b.weight : 0;
    }
    return total > 0 ? w / total : 0;
}

}  // namespace

TEST_CASE("fio JSON with group_reporting: 70% random reads, 8 KiB, depth 4 x 2 jobs") {
    const auto w = import("fio-3.33-randrw70-8k-qd4x2-group.json");
    REQUIRE(w.size() == 1);
    const Workload& wl = w[0].workload;
    CHECK(wl.read_fraction == Approx(0.70).margin(0.03));
    CHECK(wl.size.kind == SizeDistribution::Kind::Fixed);
    CHECK(wl.size.fixed_bytes == 8192);
    CHECK(wl.sequential_fraction == 0);
    CHECK(wl.concurrency == std::vector<int>{8});
    REQUIRE(w[0].measured.size() == 1);
    const MeasuredPoint& m = w[0].measured[0];
    CHECK(m.concurrency == 8);
    // Little's law on the measured point: outstanding = IOPS x mean response (fio's own
    // figures, so within a few percent: fio's ramp and tail are outside its IOPS).
    CHECK(m.iops * m.mean_response_s == Approx(8).epsilon(0.1));
    CHECK(m.p95_response_s > m.mean_response_s * 0.5);
    CHECK(w[0].description.find("fio-3.33") != std::string::npos);
    CHECK(w[0].source_format == "fio JSON");
}

TEST_CASE("fio json+: random 4 KiB reads at depth 8") {
    const auto w = import("fio-3.33-randread-4k-qd8.jsonplus");
    REQUIRE(w.size() == 1);
    CHECK(w[0].source_format == "fio JSON+");
    CHECK(w[0].workload.read_fraction == 1.0);
    CHECK(w[0].workload.size.fixed_bytes == 4096);
    CHECK(w[0].workload.concurrency == std::vector<int>{8});
}

TEST_CASE("fio JSON: a synchronous engine keeps one request outstanding; sequential writes") {
    const auto w = import("fio-3.33-seqwrite-64k-qd1.json");
    REQUIRE(w.size() == 1);
    const Workload& wl = w[0].workload;
    CHECK(wl.read_fraction == 0.0);
    CHECK(wl.sequential_fraction == 1.0);
    CHECK(wl.streams == 1);
    CHECK(wl.size.fixed_bytes == 65536);
    CHECK(wl.concurrency == std::vector<int>{1});
}

TEST_CASE("fio JSON without group_reporting: each clone's entry counts once") {
    const auto w = import("fio-3.33-randrw50-16k-qd2x3-jobs.json");
    REQUIRE(w.size() == 1);
    CHECK(w[0].workload.read_fraction == Approx(0.5).margin(0.03));
    CHECK(w[0].workload.concurrency == std::vector<int>{6});  // iodepth 2 x numjobs 3
    CHECK(w[0].workload.size.fixed_bytes == 16384);
}

TEST_CASE("fio JSON: the working set is the jobs' size, per job unless they share a file") {
    // Three jobs of 64M on one named file: 64 MiB.
    const auto shared = import("fio-3.33-randrw50-16k-qd2x3-jobs.json");
    REQUIRE(shared.size() == 1);
    CHECK(shared[0].workload.working_set_bytes == 64.0 * 1024 * 1024);
    test::TempDir dir("fio-size");
    const auto rewritten = [&](const std::string& size, bool keep_filename) {
        nlohmann::json doc = nlohmann::json::parse(
            read_all(measure_fixture("fio-3.33-randrw50-16k-qd2x3-jobs.json")));
        for (auto& job : doc["jobs"]) {
            job["job options"]["size"] = size;
            if (!keep_filename) {
                job["job options"].erase("filename");
            }
        }
        const auto file = dir.path / "run.json";
        std::ofstream(file) << doc.dump();
        return import_file(file).at(0);
    };
    // Without a file name each job lays out its own file: 3 x 64 MiB.
    CHECK(rewritten("64M", false).workload.working_set_bytes == 3 * 64.0 * 1024 * 1024);
    // A share of the device is no size in bytes: the whole volume, and a note says so.
    const ImportedWorkload share = rewritten("50%", true);
    CHECK(share.workload.working_set_bytes == 0.0);
    CHECK(share.workload.span_fraction == 1.0);
    bool noted = false;
    for (const std::string& n : share.notes) {
        noted = noted || n.find("working_set_mib") != std::string::npos;
    }
    CHECK(noted);
}

TEST_CASE("fio JSON from a job file: global options, bssplit, two different jobs") {
    const auto w = import("fio-3.33-bssplit-two-jobs.json");
    REQUIRE(w.size() == 1);  // one group: the jobs ran together
    const Workload& wl = w[0].workload;
    CHECK(wl.concurrency == std::vector<int>{3});  // 2 + 1
    REQUIRE(wl.size.kind == SizeDistribution::Kind::Histogram);
    // Reads split 4k/50:16k/30:64k/20, writes all 16 KiB: the weights follow the I/O counts.
    const double reads = wl.read_fraction;
    CHECK(weight_of(wl.size, 4096) == Approx(0.5 * reads).margin(0.002));
    CHECK(weight_of(wl.size, 65536) == Approx(0.2 * reads).margin(0.002));
    CHECK(weight_of(wl.size, 16384) == Approx(0.3 * reads + (1 - reads)).margin(0.002));
    // The writer is sequential, the reader random: the sequential share is the writes' share.
    CHECK(wl.sequential_fraction == Approx(1 - reads).margin(0.002));
    CHECK(wl.streams == 1);
    // The configuration is in the description.
    CHECK(w[0].description.find("bssplit=4k/50:16k/30:64k/20") != std::string::npos);
}

TEST_CASE("fio run on a temporary file: the import recovers the job's options") {
    if (!test::have_program("fio")) {
        WARN("fio is not installed: the live fio check is skipped (scripts/deps.sh installs it)");
        return;
    }
    test::TempDir dir("fio");
    const std::string data = (dir.path / "data").string();
    const std::string json = (dir.path / "out.json").string();
    const std::string log = (dir.path / "trace.iolog").string();
    // 65% reads, 16 KiB, 40% sequential (percentage_random=60), libaio depth 3 x 2 jobs.
    const std::string run_json =
        "fio --name=check --filename=" + data +
        " --size=16M --rw=randrw --rwmixread=65 --percentage_random=60 --bs=16k "
        "--ioengine=libaio --iodepth=3 --numjobs=2 --group_reporting --runtime=1 --time_based "
        "--output-format=json --output=" +
        json + " >/dev/null 2>&1";
    REQUIRE(std::system(run_json.c_str()) == 0);
    const auto w = import_file(json);
    REQUIRE(w.size() == 1);
    CHECK(w[0].workload.read_fraction == Approx(0.65).margin(0.03));
    CHECK(w[0].workload.size.fixed_bytes == 16384);
    CHECK(w[0].workload.concurrency == std::vector<int>{6});
    CHECK(w[0].workload.sequential_fraction == Approx(0.4).margin(0.1));
    CHECK(w[0].workload.working_set_bytes == 16.0 * 1024 * 1024);  // --size=16M, one file

    // The same job logged request by request (4096 requests): read share and sequential share
    // measured from the offsets, not taken from the options.
    const std::string run_log = "fio --name=trace --filename=" + data +
                                " --size=16M --rw=randrw --rwmixread=65 --percentage_random=60 "
                                "--bs=4k --io_size=16M --write_iolog=" +
                                log + " --output=/dev/null >/dev/null 2>&1";
    REQUIRE(std::system(run_log.c_str()) == 0);
    const auto t = import_file(log);
    REQUIRE(t.size() == 1);
    CHECK(t[0].workload.read_fraction == Approx(0.65).margin(0.03));
    CHECK(t[0].workload.size.fixed_bytes == 4096);
    CHECK(t[0].workload.sequential_fraction == Approx(0.4).margin(0.1));
    CHECK(t[0].requests == 4096);
}

TEST_CASE("fio 3.16 and 3.28 JSON and json+ (record-older-fio.sh): the same jobs recovered") {
    // The jobs of record.sh, run by fio 3.16 (Ubuntu 20.04's) and fio 3.28 (Ubuntu 22.04's).
    const std::string v = GENERATE(as<std::string>{}, "fio-3.16", "fio-3.28");
    CAPTURE(v);
    SECTION("group_reporting: 70% random reads, 8 KiB, depth 4 x 2 jobs") {
        const auto w = import(v + "-randrw70-8k-qd4x2-group.json");
        REQUIRE(w.size() == 1);
        const Workload& wl = w[0].workload;
        CHECK(w[0].source_format == "fio JSON");
        CHECK(wl.read_fraction == Approx(0.70).margin(0.03));
        CHECK(wl.size.kind == SizeDistribution::Kind::Fixed);
        CHECK(wl.size.fixed_bytes == 8192);
        CHECK(wl.sequential_fraction == 0);
        CHECK(wl.concurrency == std::vector<int>{8});
        REQUIRE(w[0].measured.size() == 1);
        CHECK(w[0].measured[0].iops * w[0].measured[0].mean_response_s == Approx(8).epsilon(0.1));
        CHECK(w[0].description.find(v) != std::string::npos);
    }
    SECTION("json+: random 4 KiB reads at depth 8") {
        const auto w = import(v + "-randread-4k-qd8.jsonplus");
        REQUIRE(w.size() == 1);
        CHECK(w[0].source_format == "fio JSON+");
        CHECK(w[0].workload.read_fraction == 1.0);
        CHECK(w[0].workload.size.fixed_bytes == 4096);
        CHECK(w[0].workload.sequential_fraction == 0);
        CHECK(w[0].workload.concurrency == std::vector<int>{8});
    }
    SECTION("three clones without group_reporting: 50% reads, 16 KiB, depth 2 x 3") {
        const auto w = import(v + "-randrw50-16k-qd2x3-jobs.json");
        REQUIRE(w.size() == 1);
        CHECK(w[0].workload.read_fraction == Approx(0.5).margin(0.03));
        CHECK(w[0].workload.concurrency == std::vector<int>{6});
        CHECK(w[0].workload.size.fixed_bytes == 16384);
    }
}

TEST_CASE("fio JSON: the sync engine on a block device seeks before each request") {
    test::TempDir dir("fio-engine");
    const auto imported = [&](const std::string& engine, const std::string& filename) {
        nlohmann::json doc = nlohmann::json::parse(
            read_all(measure_fixture("fio-3.33-randrw50-16k-qd2x3-jobs.json")));
        for (auto& job : doc["jobs"]) {
            job["job options"]["ioengine"] = engine;
            job["job options"]["filename"] = filename;
        }
        const auto file = dir.path / "run.json";
        std::ofstream(file) << doc.dump();
        return import_file(file).at(0).workload;
    };
    // engines/sync.c: lseek, then read or write; the device's inode lock (block_llseek).
    CHECK(imported("sync", "/dev/md0").lseek_per_request);
    // pread/pwrite take no lock; a file system's SEEK_SET takes none either.
    CHECK_FALSE(imported("psync", "/dev/md0").lseek_per_request);
    CHECK_FALSE(imported("sync", "/srv/test.bin").lseek_per_request);
    CHECK_FALSE(imported("libaio", "/dev/md0").lseek_per_request);
}
