// Per-request traces: fio iologs (version 3 recorded by fio 3.33, version 2 by fio 3.16: the same
// job), blkparse text (synthetic, from gen_blkparse.py: blktrace cannot record in this
// container, tests/data/measure/README.md), and hand-written blkparse lines of the shapes real
// traces showed (requeues, discards, flushes, no Q).

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
    // The offsets spread over the 64 MiB file (--size=64M): its working set.
    CHECK(wl.working_set_bytes > 0.95 * 64 * 1024 * 1024);
    CHECK(wl.working_set_bytes <= 64 * 1024 * 1024);
    CHECK(wl.concurrency.empty());
    REQUIRE(!wl.arrival_rates_per_s.empty());
    // 4096 requests over the log's span.
    CHECK(wl.arrival_rates_per_s.front() == Approx(4096 / w[0].seconds).epsilon(0.01));
}

TEST_CASE("fio iolog v2 written by fio 3.16: the same job as the v3 log, without timing") {
    // record-older-fio.sh: fio 3.16 (before 3.31 fio writes version 2) ran record.sh's job; its
    // log lists the same requests as fio 3.33's v3 log (fio's default seeds are fixed), and
    // fio 3.28 wrote a byte-identical file.
    const auto v3 = import_file(measure_fixture("fio-3.33-randrw60-4k-seq30.iolog"));
    const auto v2 = import_file(measure_fixture("fio-3.16-randrw60-4k-seq30.iolog"));
    REQUIRE(v2.size() == 1);
    const Workload& wl = v2[0].workload;
    CHECK(v2[0].source_format == "fio iolog v2");
    CHECK(v2[0].requests == 4096);
    CHECK(wl.read_fraction == Approx(0.60).margin(0.03));
    CHECK(wl.sequential_fraction == Approx(0.30).margin(0.1));
    CHECK(wl.size.fixed_bytes == 4096);
    CHECK(wl.alignment_bytes == 4096);
    CHECK(v2[0].requests == v3[0].requests);
    CHECK(wl.read_fraction == v3[0].workload.read_fraction);
    CHECK(wl.sequential_fraction == v3[0].workload.sequential_fraction);
    // Without timing the load point is a stated placeholder.
    CHECK(wl.concurrency == std::vector<int>{1});
    CHECK(wl.arrival_rates_per_s.empty());
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

TEST_CASE("blkparse: writes, sizes, discards, flushes and a requeued dispatch") {
    // Hand-written in blkparse's default layout after the patterns of real traces recorded with
    // `-a issue -a complete` (no Q): a write dispatched twice before its completion (a requeue),
    // a discard (RWBS "DS") and a flush without data ("FN") are not requests.
    const std::string text =
        "  8,52   3        1     0.000000000   226  D   W 1000 + 8 [kworker/3:1H]\n"
        "  8,52   3        2     0.000800000   226  D   W 1000 + 8 [kworker/3:1H]\n"
        "  8,52   3        3     0.001000000     0  C   W 1000 + 8 [0]\n"
        "  8,52   0        1     0.002000000   276  D  DS 983947432 + 64 [kworker/0:1H]\n"
        "  8,52   3        4     0.002500000     0  C  DS 983947432 + 64 [0]\n"
        "  8,52   6        1     0.003000000   275  D  FN [kworker/6:1H]\n"
        "  8,52   3        5     0.003200000     0  C  FN 0 [0]\n"
        "  8,52   3        6     0.004000000   226  D   R 1008 + 32 [kworker/3:1H]\n"
        "  8,52   3        7     0.007000000     0  C   R 1008 + 32 [0]\n"
        "  8,52   3        8     0.008000000   226  D   W 5000 + 8 [kworker/3:1H]\n"
        "  8,52   3        9     0.009000000     0  C   W 5000 + 8 [0]\n";
    test::TempDir dir("blkparse");
    const auto w = import_file(dir.write("hand.txt", text));
    REQUIRE(w.size() == 1);
    const ImportedWorkload& t = w[0];
    CHECK(t.requests == 3);  // the requeued write once, the read, the second write
    CHECK(t.workload.read_fraction == Approx(1.0 / 3).margin(0.0001));
    // The read starts where the first write ended (sector 1000 + 8): 1 of the 3 requests
    // (the first has no predecessor and counts as not sequential).
    CHECK(t.workload.sequential_fraction == Approx(1.0 / 3).margin(0.001));
    REQUIRE(t.workload.size.kind == SizeDistribution::Kind::Histogram);
    REQUIRE(t.workload.size.bins.size() == 2);
    CHECK(t.workload.size.bins[0].bytes == 4096);
    CHECK(t.workload.size.bins[1].bytes == 16384);
    // Latencies from the first dispatch (no Q traced): 1 ms, 3 ms, 1 ms.
    REQUIRE(t.measured.size() == 1);
    CHECK(t.measured[0].mean_response_s == Approx(5e-3 / 3).epsilon(1e-3));
    bool requeue_note = false;
    for (const auto& n : t.notes) {
        requeue_note = requeue_note || n.find("requeues") != std::string::npos;
    }
    CHECK(requeue_note);
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
