// The per-thread memo of mapped transfers (evaluate/request_mapping.cpp, transfer_shapes) must
// key everything the mapping reads: a drive evaluated after another with the same geometry gets
// the same answer as on a thread that evaluated nothing before.
#include <catch2/catch.hpp>
#include <thread>

#include "evaluate/evaluator.h"
#include "fixtures.h"

using namespace raidadv;

namespace {

/// 4 MiB files read through 64 KiB clusters, two in flight, from a 4-drive RAID 0 with 64 KiB
/// units: every window returns to disks the previous window did not use, so what the drives
/// read ahead (a cache segment each) decides how much of a window waits for the media.
System file_system(double cache_bytes) {
    DriveSpec d = test::hdd_7200();
    d.hdd.read_ahead = true;
    d.hdd.cache_bytes = cache_bytes;
    System s = test::plain_system(d, RaidLevel::Raid0, 4);
    s.host.max_io_bytes = 64.0 * 1024;
    s.host.file_read_ahead_ios = 2;
    return s;
}

Workload file_reads() {
    Workload w = test::request_workload(4.0 * 1024 * 1024, 1.0, 1.0, {1, 4});
    w.unit = Workload::Unit::File;
    return w;
}

}  // namespace

TEST_CASE("a drive's results do not depend on the drive evaluated before it", "[evaluate]") {
    // Segments of 32 KiB (512 KiB in 16) hold half of each 64 KiB disk I/O; 1 MiB ones all.
    const System small_segments = file_system(512.0 * 1024);
    const System large_segments = file_system(16.0 * 1024 * 1024);
    Evaluation after_other, alone;
    std::thread first([&] {
        (void)evaluate(small_segments, file_reads());
        after_other = evaluate(large_segments, file_reads());
    });
    first.join();
    std::thread second([&] { alone = evaluate(large_segments, file_reads()); });
    second.join();
    REQUIRE(after_other.points.size() == alone.points.size());
    for (std::size_t i = 0; i < alone.points.size(); ++i) {
        CHECK(after_other.points[i].mean_response_s == alone.points[i].mean_response_s);
    }
    // And the segment size matters at all here (else the check above proves nothing).
    const Evaluation small = evaluate(small_segments, file_reads());
    CHECK(small.points.front().mean_response_s != alone.points.front().mean_response_s);
}
