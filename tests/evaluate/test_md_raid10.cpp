// Linux md's raid10 placements as md(4) describes them (mdadm 4.2 manual, "RAID10"): "far"
// gives sequential read performance like RAID 0 over all the drives, "at the cost of reduced
// write performance" (each write also goes to the far half of another drive); "offset" reads
// like far with large chunks "but without as much seeking for writes". The analytic model and
// the simulator, on the same 7200 rpm disk fixture.
#include <catch2/catch.hpp>

#include <cmath>

#include "evaluate/evaluator.h"
#include "fixtures.h"
#include "sim/simulator.h"

using namespace raidadv;

namespace {

System md_system(int drives, CopyPlacement placement) {
    System s = test::plain_system(test::hdd_7200(), RaidLevel::Raid10, drives);
    s.layout.placement = placement;
    s.layout.stripe_unit_bytes = 512.0 * 1024;  // md's default chunk
    return s;
}

double mb_per_s(const System& s, const Workload& w) {
    const Evaluation e = evaluate(s, w);
    REQUIRE(e.points.size() == 1);
    return e.points[0].mb_per_s;
}

}  // namespace

SCENARIO("md raid10 far and offset against near, as md(4) describes them") {
    GIVEN("two drives and one sequential stream of 1 MiB requests") {
        const Workload reads = test::request_workload(1048576, 1.0, 1.0, {1});
        const Workload writes = test::request_workload(1048576, 0.0, 1.0, {1});
        System mirror = test::plain_system(test::hdd_7200(), RaidLevel::Raid1, 2);
        mirror.layout.mirror_copies = 2;
        System raid0 = test::plain_system(test::hdd_7200(), RaidLevel::Raid0, 2);
        raid0.layout.stripe_unit_bytes = 512.0 * 1024;
        const System far = md_system(2, CopyPlacement::Far);
        const System offset = md_system(2, CopyPlacement::Offset);
        WHEN("the stream reads") {
            const double r_far = mb_per_s(far, reads);
            const double r_mirror = mb_per_s(mirror, reads);
            // Far's first copies are a RAID 0 over the drives' outer half.
            Workload outer_half = reads;
            outer_half.span_fraction = 0.5;
            const double r_raid0 = mb_per_s(raid0, outer_half);
            INFO("far " << r_far << " MB/s, mirror " << r_mirror << ", raid0 (outer half) "
                        << r_raid0);
            THEN("far reads like RAID 0 on the same half (within 10%), above a mirror's drive") {
                CHECK(std::abs(r_far - r_raid0) <= 0.10 * r_raid0);
                CHECK(r_far > 1.5 * r_mirror);
            }
            THEN("offset reads like far with a large chunk, and gains little with a small one") {
                System large = offset;
                large.layout.stripe_unit_bytes = 4.0 * 1048576;
                System small = offset;
                small.layout.stripe_unit_bytes = 65536.0;
                const double r_large = mb_per_s(large, reads);
                const double r_small = mb_per_s(small, reads);
                INFO("offset, 4 MiB chunk " << r_large << " MB/s, 64 KiB chunk " << r_small);
                CHECK(r_large > 0.75 * r_far);
                CHECK(r_small < 0.7 * r_far);
                CHECK(r_small < r_large);
            }
        }
        WHEN("the stream writes") {
            const double w_far = mb_per_s(far, writes);
            const double w_offset = mb_per_s(offset, writes);
            const double w_mirror = mb_per_s(mirror, writes);
            INFO("far " << w_far << " MB/s, offset " << w_offset << ", mirror " << w_mirror);
            THEN("far writes slower than the mirror, and offset seeks less than far") {
                // (the simulator: 16% slower on this drive, tests/evaluate below)
                CHECK(w_far < 0.92 * w_mirror);
                CHECK(w_offset > w_far);
            }
        }
    }
}

TEST_CASE("md raid10 far and offset: analytic model within 25% of the simulator", "[sim][slow]") {
    struct Case {
        CopyPlacement placement;
        double bytes;
        double read_fraction;
        int outstanding;
        double sequential = 0.0;
        double chunk = 65536.0;
        /// Bound on analytic / simulated from both sides where the model is knowingly further
        /// off than 25% (docs/model.md, md raid10 placements), else 0.
        double known_ratio = 0.0;
    };
    const Case cases[] = {
        {CopyPlacement::Far, 4096, 1.0, 8},
        {CopyPlacement::Far, 4096, 0.7, 16},
        {CopyPlacement::Far, 4096, 0.0, 8},
        {CopyPlacement::Offset, 4096, 0.7, 16},
        {CopyPlacement::Offset, 65536, 1.0, 8},
        // One stream: far reads like RAID 0, its writes take turns between the sections; offset
        // passes over the copy rows. (Chunks of 4 MiB and more are left out: on them the model
        // misjudges a single stream's read-ahead on RAID 0 too, docs/model.md section 4.)
        {CopyPlacement::Far, 1048576, 1.0, 1, 1.0, 524288.0},
        {CopyPlacement::Far, 1048576, 0.0, 1, 1.0, 524288.0},
        // Offset, one read stream over 4 drives: while the stream is on the other pair, a
        // drive reads ahead through the copy row into its next chunk; the model takes the copy
        // row as passed over (sweep) and the read-ahead as full (31% fast).
        {CopyPlacement::Offset, 1048576, 1.0, 1, 1.0, 524288.0, 1.5},
        {CopyPlacement::Offset, 1048576, 0.0, 1, 1.0, 524288.0},
    };
    sim::SimOptions o;
    o.min_jobs_per_batch = 200;
    o.warmup_jobs = 200;
    for (const Case& c : cases) {
        System s = md_system(4, c.placement);
        s.layout.stripe_unit_bytes = c.chunk;
        const Workload w =
            test::request_workload(c.bytes, c.read_fraction, c.sequential, {c.outstanding});
        const PointMetrics a = evaluate(s, w).points.at(0);
        const sim::SimPoint p = sim::simulate(s, w, o).points.at(0);
        const double err =
            (a.mean_response_s - p.metrics.mean_response_s) / p.metrics.mean_response_s;
        INFO(to_string(c.placement)
             << " " << c.bytes << " B, chunk " << c.chunk << ", sequential " << c.sequential
             << ", reads " << c.read_fraction << ", QD " << c.outstanding << ": analytic "
             << a.mean_response_s * 1e3 << " ms, simulated " << p.metrics.mean_response_s * 1e3
             << " ms");
        if (c.known_ratio > 0.0) {
            const double ratio = a.mean_response_s / p.metrics.mean_response_s;
            CHECK(ratio <= c.known_ratio);
            CHECK(ratio >= 1.0 / c.known_ratio);
        } else {
            CHECK(std::abs(err) <= 0.25);
        }
    }
}
