// Simulator checks that can be worked by hand: single-drive service times, queueing formulas,
// I/O counts of the RAID mappings, streaming rates, determinism and confidence intervals.
#include <catch2/catch.hpp>

#include <cmath>

#include "components/hdd_model.h"
#include "components/ssd_model.h"
#include "fixtures.h"
#include "sim/hdd.h"
#include "sim/simulator.h"
#include "sim/stations.h"
#include "sim/statistics.h"

using namespace raidadv;

namespace {

long long total_ios(const sim::SimPoint& p) {
    long long n = 0;
    for (const auto& d : p.disks) {
        n += d.reads + d.writes;
    }
    return n;
}

}  // namespace

SCENARIO("Simulated drive: one 7200 rpm disk, 4 KiB random reads at queue depth 1") {
    const System sys = test::plain_system(test::hdd_7200(), RaidLevel::Raid0, 1);
    const Workload wl = test::request_workload(4096, 1.0, 0.0, {1});
    const HddSpec& h = sys.drive.hdd;
    // overhead + average seek + half a rotation + transfer = 15.542 ms (worked by hand in
    // tests/evaluate/single_disk_test.cpp). The simulator draws head positions and platter
    // angles, so this also checks that its seeks between uniform random places average the
    // datasheet figure and its rotational waits half a turn.
    const double service = h.command_overhead_s + h.seek_average_s + 0.5 * 60.0 / h.rpm +
                           hdd_transfer_time(h, 4096, 1.0);
    sim::SimOptions opt;
    opt.min_jobs_per_batch = 1000;
    const auto ev = sim::simulate(sys, wl, opt);
    REQUIRE(ev.points.size() == 1);
    const auto& p = ev.points[0];
    CHECK(p.metrics.mean_response_s == Approx(service).epsilon(0.02));
    CHECK(p.metrics.iops == Approx(1.0 / service).epsilon(0.02));
    CHECK(p.mean_response_ci_s < 0.01 * service);
    CHECK(p.metrics.bottleneck == "drives");
    CHECK(p.metrics.utilization.at("drives") == Approx(1.0).epsilon(0.01));
    CHECK(p.metrics.p95_response_s > p.metrics.mean_response_s);
    CHECK(p.jobs == 20000);
    CHECK(p.disks.at(0).reads == p.jobs);
}

TEST_CASE("Simulated drive: zoned media streams at the analytic model's rates") {
    const DriveSpec d = test::hdd_7200();
    sim::Hdd hdd(d.hdd, d.capacity_bytes, 0.0);
    // Streaming the whole disk takes capacity x E[1 / rate(u)] (hdd_transfer_time, span 1).
    const double whole = hdd.revolutions(d.capacity_bytes) * 60.0 / d.hdd.rpm;
    CHECK(whole == Approx(hdd_transfer_time(d.hdd, d.capacity_bytes, 1.0)).epsilon(1e-9));
    // One revolution at the outer edge holds rate x period bytes.
    const double track = d.hdd.media_rate_outer_Bps * 60.0 / d.hdd.rpm;
    CHECK(hdd.revolutions(track) == Approx(1.0).epsilon(1e-3));
    // The head starts at LBA 0 with the platter at angle 0. A millisecond later LBA 0 is a
    // millisecond past the head: re-reading it waits a turn less that (as read-modify-write).
    const double T = 60.0 / d.hdd.rpm;
    CHECK(hdd.positioning(0.0, 1e-3, false) == Approx(T - 1e-3).epsilon(1e-6));
    // Half a track further on, on the same track: half a turn less the millisecond, no seek.
    CHECK(hdd.positioning(0.5 * track, 1e-3, false) == Approx(0.5 * T - 1e-3).epsilon(1e-3));
    // A third of the stroke away: that seek, then at most a turn.
    const double far = hdd.positioning(d.capacity_bytes / 3.0, 0.0, false);
    CHECK(far >= hdd_seek_time(d.hdd, 1.0 / 3.0));
    CHECK(far <= hdd_seek_time(d.hdd, 1.0 / 3.0) + T);
}

TEST_CASE("Simulated drive: positioning starts once the command is decoded, worked by hand") {
    const DriveSpec d = test::hdd_7200();
    sim::Hdd hdd(d.hdd, d.capacity_bytes, 0.0);
    hdd.set_write_cache(false);
    // One 4 KiB read a third of the way in, on an idle drive at t = 0: the command overhead,
    // then the seek and rotational wait from where the platter is at the end of the command,
    // then the media transfer (revolutions over the block times the period).
    const double lba = std::floor(d.capacity_bytes / 3.0 / 4096.0) * 4096.0;
    const double co = d.hdd.command_overhead_s;
    const double T = 60.0 / d.hdd.rpm;
    REQUIRE(co > 0.0);
    // The platter turns during the overhead: starting at 0 would give another wait.
    REQUIRE(std::abs(hdd.positioning(lba, co, false) - hdd.positioning(lba, 0.0, false)) > 1e-5);
    // (Worked out before the read: it moves the head.)
    const double transfer = (hdd.revolutions(lba + 4096.0) - hdd.revolutions(lba)) * T;
    const double media_start = co + hdd.positioning(lba, co, false);
    const double expected = media_start + transfer;
    hdd.enqueue({1, lba, 4096.0, false, false});
    const auto st = hdd.start_next(0.0);
    REQUIRE(st.has_value());
    CHECK_FALSE(st->hit);
    CHECK(st->media_start == Approx(media_start).margin(1e-9));
    CHECK(st->done == Approx(expected).margin(1e-9));
}

SCENARIO("Simulated queue: an SSD with one flash unit is an M/D/1 queue") {
    // random_read_iops x read_latency = 1 flash unit (Little's law, ssd_parallelism) holding
    // each read for 1 ms: deterministic service D, Poisson arrivals.
    DriveSpec drive = test::ssd_sata();
    drive.ssd.read_latency_s = 1e-3;
    drive.ssd.random_read_iops = 1000;
    REQUIRE(ssd_parallelism(drive.ssd) == Approx(1.0));
    const System sys = test::plain_system(drive, RaidLevel::Raid0, 1);
    Workload wl = test::request_workload(4096, 1.0, 0.0, {});
    wl.arrival_rates_per_s = {300, 600};
    sim::SimOptions opt;
    opt.min_jobs_per_batch = 2000;
    const auto ev = sim::simulate(sys, wl, opt);
    REQUIRE(ev.points.size() == 2);
    for (const auto& p : ev.points) {
        const double lambda = p.metrics.arrival_rate_per_s;
        const double D = 1e-3;
        const double rho = lambda * D;
        // Pollaczek-Khinchine for deterministic service: Wq = rho D / (2 (1 - rho)); then the
        // bandwidth stage (4096 B at the sequential rate; the lane transfer is pipelined).
        const double bw = 4096 / drive.ssd.seq_read_Bps;
        const double expected = D + rho * D / (2.0 * (1.0 - rho)) + bw;
        INFO("lambda " << lambda);
        CHECK_FALSE(p.metrics.saturated);
        CHECK(p.metrics.mean_response_s == Approx(expected).epsilon(0.03));
        CHECK(p.metrics.utilization.at("drives") == Approx(rho).epsilon(0.03));
        CHECK(p.metrics.iops == Approx(lambda).epsilon(0.03));
    }
}

SCENARIO("Simulated queue: a disk's utilization is the arrival rate times its mean service") {
    const System sys = test::plain_system(test::hdd_7200(), RaidLevel::Raid0, 1);
    Workload wl = test::request_workload(4096, 1.0, 0.0, {});
    wl.arrival_rates_per_s = {20, 45};
    const auto ev = sim::simulate(sys, wl);
    for (const auto& p : ev.points) {
        const auto& disk = p.disks.at(0);
        const double mean_service = disk.read_service_s / static_cast<double>(disk.reads);
        INFO("lambda " << p.metrics.arrival_rate_per_s);
        CHECK(p.metrics.utilization.at("drives") ==
              Approx(p.metrics.arrival_rate_per_s * mean_service).epsilon(0.03));
        // Waiting adds to the service: the response exceeds it.
        CHECK(p.metrics.mean_response_s > mean_service);
    }
    AND_THEN("beyond the drive's capacity the open point is saturated") {
        Workload over = wl;
        over.arrival_rates_per_s = {500};
        const auto sat = sim::simulate(sys, over);
        const PointMetrics& m = sat.points.at(0).metrics;
        CHECK(m.saturated);
        CHECK(m.iops == 0.0);
        // As the analytic model: the offered load, beyond 1 at the bottleneck.
        CHECK(m.bottleneck == "drives");
        CHECK(m.utilization.at("drives") > 1.5);
    }
}

SCENARIO("Simulated RAID: drive I/Os per small write") {
    const Workload writes = test::request_workload(4096, 0.0, 0.0, {2});
    struct Row {
        RaidLevel level;
        int drives;
        double ios;
    };
    for (const Row& row : {Row{RaidLevel::Raid0, 4, 1.0}, Row{RaidLevel::Raid1, 2, 2.0},
                           Row{RaidLevel::Raid10, 4, 2.0}, Row{RaidLevel::Raid5, 4, 4.0},
                           Row{RaidLevel::Raid6, 6, 6.0}}) {
        const System s = test::plain_system(test::hdd_7200(), row.level, row.drives);
        sim::SimOptions opt;
        opt.batches = 4;
        opt.min_jobs_per_batch = 250;
        const auto p = sim::simulate(s, writes, opt).points.at(0);
        INFO(to_string(row.level));
        CHECK(static_cast<double>(total_ios(p)) / static_cast<double>(p.jobs) ==
              Approx(row.ios).epsilon(0.01));
        if (row.level == RaidLevel::Raid5) {
            // Read-modify-write: old data and old parity read, new data and parity written.
            long long reads = 0, writes_done = 0;
            for (const auto& d : p.disks) {
                reads += d.reads;
                writes_done += d.writes;
                CHECK(d.reads + d.writes > 0);  // parity rotates over all drives
            }
            CHECK(static_cast<double>(reads) / static_cast<double>(p.jobs) ==
                  Approx(2.0).epsilon(0.01));
            CHECK(static_cast<double>(writes_done) / static_cast<double>(p.jobs) ==
                  Approx(2.0).epsilon(0.01));
        }
    }
}

SCENARIO("Simulated RAID: a write-back cache gathers sequential RAID 5 writes into full stripes") {
    System s = test::plain_system(test::hdd_7200(), RaidLevel::Raid5, 4);
    s.controller.kind = ControllerKind::HardwareRaid;
    s.controller.cache_bytes = 64e6;
    s.write_back_cache = true;
    Workload wl = test::request_workload(65536, 0.0, 1.0, {4});
    wl.streams = 1;
    const auto p = sim::simulate(s, wl).points.at(0);
    long long reads = 0;
    for (const auto& d : p.disks) {
        reads += d.reads;
    }
    // A 3 + 1 row holds three 64 KiB requests and is written with 4 I/Os and no reads.
    CHECK(reads == 0);
    CHECK(static_cast<double>(total_ios(p)) / static_cast<double>(p.jobs) ==
          Approx(4.0 / 3.0).epsilon(0.02));
}

SCENARIO("Simulated RAID: mirrored reads use both copies") {
    const System s = test::plain_system(test::hdd_7200(), RaidLevel::Raid1, 2);
    const auto p = sim::simulate(s, test::request_workload(4096, 1.0, 0.0, {8})).points.at(0);
    const double a = static_cast<double>(p.disks.at(0).reads);
    const double b = static_cast<double>(p.disks.at(1).reads);
    CHECK(a + b == static_cast<double>(p.jobs));
    CHECK(a == Approx(b).epsilon(0.05));
    CHECK(p.disks.at(0).writes == 0);
}

SCENARIO("Simulated streaming: 1 MiB sequential reads on one disk approach the media rate") {
    DriveSpec drive = test::hdd_7200();
    // One zone rate, so the rate does not depend on where the stream happens to start.
    drive.hdd.media_rate_outer_Bps = 60e6;
    drive.hdd.media_rate_inner_Bps = 60e6;
    const System sys = test::plain_system(drive, RaidLevel::Raid0, 1);
    Workload wl = test::request_workload(1024.0 * 1024, 1.0, 1.0, {1, 4});
    wl.streams = 1;
    const auto ev = sim::simulate(sys, wl);
    for (const auto& p : ev.points) {
        INFO("QD " << p.metrics.concurrency);
        CHECK(p.metrics.mb_per_s * 1e6 == Approx(60e6).epsilon(0.05));
        CHECK(p.metrics.mb_per_s * 1e6 <= 60e6 * 1.0001);
    }
    AND_THEN("without read-ahead, back-to-back reads lose about a revolution each") {
        System no_ra = sys;
        no_ra.drive.hdd.read_ahead = false;
        Workload small = test::request_workload(65536, 1.0, 1.0, {1});
        small.streams = 1;
        const auto p = sim::simulate(no_ra, small).points.at(0);
        const double per_request = 65536 / 60e6 + 60.0 / drive.hdd.rpm;
        CHECK(1.0 / p.metrics.iops == Approx(per_request).epsilon(0.05));
        const auto with = sim::simulate(sys, small).points.at(0);
        CHECK(with.metrics.iops > 1.5 * p.metrics.iops);
        CHECK(with.disks.at(0).cache_hits + with.disks.at(0).reads > 0);
    }
}

SCENARIO("Simulated files: host work, metadata reads and pieces of host.max_io_bytes") {
    System s = test::plain_system(test::hdd_7200(), RaidLevel::Raid0, 2);
    s.host.per_file_overhead_s = 1e-3;
    s.host.metadata_reads_per_file = 2.0;
    s.host.max_io_bytes = 256.0 * 1024;
    Workload wl = test::request_workload(1024.0 * 1024, 1.0, 1.0, {2});
    wl.unit = Workload::Unit::File;
    const auto p = sim::simulate(s, wl).points.at(0);
    // 2 metadata reads + 4 pieces of 256 KiB per 1 MiB file.
    CHECK(static_cast<double>(p.os_requests) / static_cast<double>(p.jobs) ==
          Approx(6.0).epsilon(0.01));
    CHECK(p.metrics.mb_per_s == Approx(p.metrics.iops * 1024 * 1024 / 1e6).epsilon(0.01));
    CHECK(p.metrics.utilization.at("host_cpu") > 0.0);
    AND_THEN("file-system read-ahead keeps several pieces in flight, on different drives") {
        System four = test::plain_system(test::hdd_7200(), RaidLevel::Raid0, 4);
        four.host.max_io_bytes = 64.0 * 1024;  // one stripe unit: one drive per piece
        Workload one_file = wl;
        one_file.concurrency = {1};
        const double serial = sim::simulate(four, one_file).points.at(0).metrics.mb_per_s;
        four.host.file_read_ahead_ios = 4;
        const double ahead = sim::simulate(four, one_file).points.at(0).metrics.mb_per_s;
        CHECK(ahead > 2.0 * serial);
    }
}

TEST_CASE("Simulation is deterministic for a seed") {
    const System sys = test::plain_system(test::hdd_7200(), RaidLevel::Raid5, 4);
    const Workload wl = test::request_workload(8192, 0.7, 0.2, {4});
    sim::SimOptions opt;
    opt.batches = 5;
    opt.min_jobs_per_batch = 200;
    const auto a = sim::simulate(sys, wl, opt);
    const auto b = sim::simulate(sys, wl, opt);
    CHECK(a.points[0].metrics.mean_response_s == b.points[0].metrics.mean_response_s);
    CHECK(a.points[0].metrics.p95_response_s == b.points[0].metrics.p95_response_s);
    CHECK(a.points[0].iops_ci == b.points[0].iops_ci);
    CHECK(a.points[0].events == b.points[0].events);
    opt.seed = 2;
    const auto c = sim::simulate(sys, wl, opt);
    CHECK(c.points[0].metrics.mean_response_s != a.points[0].metrics.mean_response_s);
}

TEST_CASE("Confidence intervals shrink with longer runs") {
    const System sys = test::plain_system(test::hdd_7200(), RaidLevel::Raid0, 1);
    const Workload wl = test::request_workload(4096, 1.0, 0.0, {8});
    sim::SimOptions shorter, longer;
    shorter.min_jobs_per_batch = 100;
    longer.min_jobs_per_batch = 1600;
    const auto a = sim::simulate(sys, wl, shorter).points.at(0);
    const auto b = sim::simulate(sys, wl, longer).points.at(0);
    // Half-widths fall as 1 / sqrt(run length): 4x here; allow 2x.
    CHECK(b.mean_response_ci_s < 0.5 * a.mean_response_ci_s);
    CHECK(b.iops_ci < 0.5 * a.iops_ci);
    CHECK(b.mean_response_ci_s > 0.0);
    // The longer run's estimate lies within the shorter run's interval (3 half-widths: margin
    // for the 5% the interval misses).
    CHECK(std::abs(b.metrics.mean_response_s - a.metrics.mean_response_s) <
          3.0 * a.mean_response_ci_s);
}

TEST_CASE("Simulated percentiles count the jobs still waiting past them") {
    // 100 jobs of 1..100 ms: the 95th percentile is the 95th, 95 ms. A job still in the system
    // after 200 ms will respond later than that: counted, the order statistic becomes the 96th
    // of 101 (ceil(0.95 x 101)), 96 ms. One in the system for 50 ms says nothing yet: ignored.
    std::vector<sim::JobSample> samples;
    for (int i = 1; i <= 100; ++i) {
        samples.push_back({0.01 * i, 0.001 * i, 4096.0, 1});
    }
    const auto plain = sim::summarize_batches(samples, 0.0, 1.0, 10, 0.95);
    CHECK(plain.p95_response_s == Approx(0.095));
    const auto censored = sim::summarize_batches(samples, 0.0, 1.0, 10, 0.95, {0.200, 0.050});
    CHECK(censored.p95_response_s == Approx(0.096));
    // The mean and throughput stay the completed jobs'.
    CHECK(censored.mean_response_s == Approx(plain.mean_response_s));
    CHECK(censored.iops == Approx(plain.iops));
}

SCENARIO("A routed station: a request waits for its own server while another may idle") {
    GIVEN("two servers, each with its own queue, and requests routed at random") {
        WHEN("two requests arrive together, over many seeds") {
            // derived: the second request picks the first one's server with probability 1/2 and
            // waits although the other server idles; a central queue never makes it wait.
            int waited = 0;
            constexpr int kTrials = 4000;
            for (int seed = 1; seed <= kTrials; ++seed) {
                sim::FcfsStation station(2, static_cast<std::uint64_t>(seed));
                REQUIRE(station.arrive(0, 1.0, 0.0).has_value());
                waited += station.arrive(1, 1.0, 0.0).has_value() ? 0 : 1;
            }
            THEN("it waits about half the time") {
                // 4,000 trials: a binomial's sd is 0.8%; 3% is nearly four of them.
                CHECK(static_cast<double>(waited) / kTrials == Approx(0.5).margin(0.03));
            }
        }
        WHEN("a request queued behind another at its server") {
            sim::FcfsStation station(2, 42);
            int queued = -1;
            for (int item = 0; item < 8 && queued < 0; ++item) {
                if (!station.arrive(item, 1.0, 0.0)) {
                    queued = item;
                }
            }
            REQUIRE(queued > 0);
            THEN("the departure of the request at its server starts it") {
                // The queued one waits behind the item its server took first: one of the items
                // before it; exactly one of their departures starts it.
                int starts = 0;
                for (int item = 0; item < queued; ++item) {
                    const auto next = station.depart(1.0, item);
                    if (next) {
                        CHECK(next->item == queued);
                        CHECK(next->done == 2.0);
                        ++starts;
                    }
                }
                CHECK(starts == 1);
                CHECK(station.in_system() == 1);
            }
        }
    }
    GIVEN("the same seed") {
        THEN("the same routing (the simulator stays deterministic)") {
            sim::FcfsStation a(4, 7), b(4, 7);
            for (int item = 0; item < 20; ++item) {
                CHECK(a.arrive(item, 1.0, 0.0).has_value() == b.arrive(item, 1.0, 0.0).has_value());
            }
        }
    }
    GIVEN("a central queue of two servers") {
        sim::FcfsStation central(2);
        THEN("two requests start at once, a third waits for whichever server frees first") {
            CHECK(central.arrive(0, 1.0, 0.0).has_value());
            CHECK(central.arrive(1, 1.0, 0.0).has_value());
            CHECK_FALSE(central.arrive(2, 1.0, 0.0).has_value());
            const auto next = central.depart(1.0, 1);
            REQUIRE(next.has_value());
            CHECK(next->item == 2);
        }
    }
}
