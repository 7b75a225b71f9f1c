// Per-request traces: fio iologs (version 3 recorded by fio 3.33, version 2 the same log without
// timestamps) and blkparse text (synthetic, from gen_blkparse.py: blktrace cannot run here).

#include <catch2/catch.hpp>

#include "measure/measure.h"
#include "measure_test_util.h"

using namespace raidadv;
using namespace raidadv::measure;
using raidadv::test::measure_fixture;

TEST_CASE("fio iolog v3: 60% reads, 4 KiB, 30% sequential, rates from the timestamps") {
    // record.sh: --rw=randrw --rwmixread=60 --percentage_random=70 --bs=4k --io_size=16M
    const auto w = import_file(measure_fixture("fio-3.33-randrw60-4k-seq30.iolog"));
    REQUIRE(w.size() == 1);
    const Workload& wl = w[0].workload;
    CHECK(w[0].source_format == "fio iolog v3");
    CHECK(w[0].requests == 4096);
    CHECK(wl.read_fraction == Approx(0.60).margin(0.03));
    CHECK(wl.sequential_fraction == Approx(0.30).margin(0.1));
    CHECK(wl.size.kind == SizeDistribution::Kind::Fixed);
    CHECK(wl.size.fixed_bytes == 4096);
    CHECK(wl.alignment_bytes == 4096);
    CHECK(wl.concurrency.empty());
    REQUIRE(!wl.arrival_rates_per_s.empty());
    // 4096 requests over the log's span.
    CHECK(wl.arrival_rates_per_s.front() == Approx(4096 / w[0].seconds).epsilon(0.01));
}

TEST_CASE("fio iolog v2 (no timing) reads the same requests as v3") {
    const auto v3 = import_file(measure_fixture("fio-3.33-randrw60-4k-seq30.iolog"));
    const auto v2 = import_file(measure_fixture("fio-v2-from-3.33-randrw60-4k-seq30.iolog"));
    REQUIRE(v2.size() == 1);
    CHECK(v2[0].source_format == "fio iolog v2");
    CHECK(v2[0].requests == v3[0].requests);
    CHECK(v2[0].workload.read_fraction == v3[0].workload.read_fraction);
    CHECK(v2[0].workload.sequential_fraction == v3[0].workload.sequential_fraction);
    // Without timing the load point is a stated placeholder.
    CHECK(v2[0].workload.concurrency == std::vector<int>{1});
    CHECK(v2[0].workload.arrival_rates_per_s.empty());
    CHECK(!v2[0].notes.empty());
}

TEST_CASE("fio iolog v2 waits give the timing") {
    test::TempDir dir("iolog");
    std::string log = "fio version 2 iolog\n/d add\n/d open\n";
    for (int i = 0; i < 400; ++i) {  // 100 requests a second for 4 s, all sequential reads
        log += "/d wait 10000\n/d read " + std::to_string(i * 8192) + " 8192\n";
    }
    log += "/d close\n";
    const auto w = import_file(dir.write("waits.iolog", log));
    REQUIRE(w.size() == 1);
    CHECK(w[0].workload.read_fraction == 1.0);
    CHECK(w[0].workload.sequential_fraction == Approx(399.0 / 400).margin(0.001));
    REQUIRE(!w[0].workload.arrival_rates_per_s.empty());
    CHECK(w[0].workload.arrival_rates_per_s[0] == Approx(100).epsilon(0.02));
}

TEST_CASE("blkparse default text: read share, sizes, sequential share, latency") {
    // gen_blkparse.py prints: requests 1500 reads 1044 read_fraction 0.6960 sequential 779
    // sequential_fraction 0.5193 mean_latency_ms 2.0470
    const auto w = import_file(measure_fixture("blkparse-default-synthetic.txt"));
    REQUIRE(w.size() == 1);
    const Workload& wl = w[0].workload;
    CHECK(w[0].requests == 1500);
    CHECK(wl.read_fraction == Approx(0.6960).margin(0.0001));
    CHECK(wl.sequential_fraction == Approx(0.5193).margin(0.001));
    REQUIRE(wl.size.kind == SizeDistribution::Kind::Histogram);
    REQUIRE(wl.size.bins.size() == 2);
    CHECK(wl.size.bins[0].bytes == 4096);
    CHECK(wl.size.bins[1].bytes == 65536);
    REQUIRE(w[0].measured.size() == 1);
    CHECK(w[0].measured[0].mean_response_s == Approx(2.0470e-3).epsilon(0.001));
    // About 300 requests a second, as generated.
    CHECK(w[0].measured[0].iops == Approx(300).epsilon(0.1));
    REQUIRE(!wl.arrival_rates_per_s.empty());
    CHECK(wl.arrival_rates_per_s.front() == Approx(300).epsilon(0.15));
}

TEST_CASE("A long trace streams in bounded memory with progress", "[slow]") {
    test::TempDir dir("big");
    const auto file = dir.path / "big.iolog";
    {
        std::ofstream out(file);
        out << "fio version 3 iolog\n0 /d add\n";
        for (long i = 0; i < 1'000'000; ++i) {  // 1 million requests, 2 KiB sizes vary
            out << i << " /d " << (i % 4 == 0 ? "write " : "read ") << (i * 4096) % (1L << 34)
                << " " << 512 * (1 + i % 300) << "\n";
        }
    }
    std::uint64_t last = 0, calls = 0;
    ImportOptions options;
    options.progress = [&](std::uint64_t done, std::uint64_t total) {
        CHECK(done >= last);
        CHECK(done <= total);
        last = done;
        ++calls;
    };
    const auto w = import_file(file, options);
    REQUIRE(w.size() == 1);
    CHECK(calls >= 1);
    CHECK(last == std::filesystem::file_size(file));
    CHECK(w[0].requests == 1'000'000);
    CHECK(w[0].workload.read_fraction == Approx(0.75));
    // 300 distinct sizes are folded into power-of-two classes (at most kMaxSizes kept).
    CHECK(w[0].workload.size.bins.size() <= 12);
}
