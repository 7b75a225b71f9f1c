// A working set given in bytes (`working_set_bytes`: a benchmark's test file, a database) is the
// same bytes on every system, so a different share of volumes of different size; a
// `span_fraction` is the same share of each. The model and the simulator take the share.
#include <catch2/catch.hpp>

#include "evaluate/evaluator.h"
#include "fixtures.h"
#include "layout/geometry.h"
#include "sim/simulator.h"
#include "system/working_set.h"

using namespace raidadv;

SCENARIO("A working set in bytes is a share of each system's volumes") {
    constexpr double kGiB = 1024.0 * 1024 * 1024;
    const double cache = 256.0 * 1024 * 1024;
    const System raid5 = test::caching_raid(RaidLevel::Raid5, 8, cache);
    const System raid10 = test::caching_raid(RaidLevel::Raid10, 8, cache);
    Workload w = test::request_workload(4096, 1.0, 0.0, {1, 16});
    w.working_set_bytes = kGiB;
    GIVEN("a RAID 5 and a RAID 10 of the same eight drives, a 1 GiB test file") {
        const double usable5 = usable_bytes(raid5.layout, raid5.drive.capacity_bytes);
        const double usable10 = usable_bytes(raid10.layout, raid10.drive.capacity_bytes);
        THEN("each takes the file's share of its own volume") {
            CHECK(span_fraction_on(raid5, w) == Approx(kGiB / usable5));
            CHECK(span_fraction_on(raid10, w) == Approx(kGiB / usable10));
            CHECK(span_fraction_on(raid10, w) > 1.7 * span_fraction_on(raid5, w));
        }
        THEN("the model and the simulator answer as for that share given as span_fraction") {
            for (const System* s : {&raid5, &raid10}) {
                Workload share = w;
                share.working_set_bytes = 0.0;
                share.span_fraction = span_fraction_on(*s, w);
                const Evaluation by_bytes = evaluate(*s, w);
                const Evaluation by_share = evaluate(*s, share);
                REQUIRE(by_bytes.points.size() == 2);
                for (std::size_t i = 0; i < 2; ++i) {
                    CHECK(by_bytes.points[i].iops == by_share.points[i].iops);
                }
                sim::SimOptions o;
                o.min_jobs_per_batch = 500;
                CHECK(sim::simulate(*s, w, o).points[0].metrics.iops ==
                      sim::simulate(*s, share, o).points[0].metrics.iops);
            }
        }
        THEN(
            "one outstanding read finds the same share in the controller's cache on both, so "
            "the two layouts read alike (the same drives, the same span on each drive)") {
            const double iops5 = evaluate(raid5, w).points[0].iops;
            const double iops10 = evaluate(raid10, w).points[0].iops;
            CHECK(iops10 == Approx(iops5).epsilon(0.03));
            // The same 0.1% of each volume instead: RAID 10's smaller volume holds less, more
            // of it in the cache.
            Workload share = w;
            share.working_set_bytes = 0.0;
            share.span_fraction = 0.001;
            CHECK(evaluate(raid10, share).points[0].iops >
                  1.05 * evaluate(raid5, share).points[0].iops);
        }
    }
    GIVEN("a working set larger than the volume") {
        Workload huge = w;
        huge.working_set_bytes = 1e18;
        THEN("it covers the whole volume") {
            CHECK(span_fraction_on(raid5, huge) == 1.0);
        }
    }
}
