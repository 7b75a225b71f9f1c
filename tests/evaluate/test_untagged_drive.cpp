// A drive without tagged queueing on a link slower than its media (issue 24, slow links): it
// holds its one command until the read's data have crossed the link, so the transfer beyond
// the media time is drive time, in the model and in the simulator alike.
#include <catch2/catch.hpp>

#include <cmath>

#include "components/hdd_model.h"
#include "evaluate/evaluator.h"
#include "fixtures.h"
#include "sim/simulator.h"

using namespace raidadv;

namespace {

/// One 7200 rpm drive without tagged queueing per 10 MB/s link (a narrow SCSI-2 bus).
System untagged_on_slow_link(int queue_depth) {
    DriveSpec d = test::hdd_7200();
    d.hdd.queue_depth = queue_depth;
    System s = test::plain_system(d, RaidLevel::Raid0, 2);
    s.drive_link.bandwidth_Bps = 10e6;
    return s;
}

sim::SimPoint simulate_point(const System& s, const Workload& w) {
    sim::SimOptions o;
    o.min_jobs_per_batch = 2000;
    return sim::simulate(s, w, o).points.at(0);
}

}  // namespace

TEST_CASE("An untagged drive is busy until its read data have crossed a slow link") {
    SECTION(
        "RAID 0 of two 7200 rpm drives, queue depth 1, each on its own 10 MB/s link; 64 KiB "
        "random reads in one stripe unit") {
        const System untagged = untagged_on_slow_link(1);
        const double media = hdd_transfer_time(untagged.drive.hdd, 65536, 1.0);
        const double link = 65536 / 10e6;
        REQUIRE(link > media);
        for (const int outstanding : {1, 4}) {
            Workload w = test::request_workload(65536, 1.0, 0.0, {outstanding});
            w.alignment_bytes = 65536;
            const PointMetrics a = evaluate(untagged, w).points.at(0);
            const sim::SimPoint p = simulate_point(untagged, w);
            INFO(outstanding << " outstanding: analytic " << a.iops << " IOPS, "
                             << a.mean_response_s * 1e3 << " ms; simulated " << p.metrics.iops
                             << ", " << p.metrics.mean_response_s * 1e3 << " ms");
            // The model agrees with the simulator.
            CHECK(std::abs(a.iops - p.metrics.iops) <= 0.15 * p.metrics.iops);
            CHECK(std::abs(a.mean_response_s - p.metrics.mean_response_s) <=
                  0.15 * p.metrics.mean_response_s);
            if (outstanding == 4) {
                // A tagged drive on the same link, free for its next command at media end, is
                // faster.
                const PointMetrics tagged = evaluate(untagged_on_slow_link(2), w).points.at(0);
                CHECK(tagged.iops > 1.05 * a.iops);
            }
            // Both drives on one bus: the model does not hold a drive while its data wait for
            // the bus (the overlapped link visit adds the wait to the response only), so it is
            // fast by the drive's share of that wait: +16% at 4 outstanding.
            System shared = untagged;
            shared.drives_per_link = 2;
            shared.drive_link.max_devices = 16;
            const PointMetrics sa = evaluate(shared, w).points.at(0);
            const sim::SimPoint sp = simulate_point(shared, w);
            INFO("one bus: analytic " << sa.iops << " IOPS, simulated " << sp.metrics.iops);
            CHECK(std::abs(sa.iops - sp.metrics.iops) <= 0.20 * sp.metrics.iops);
        }
    }
}
