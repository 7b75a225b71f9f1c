// Linux md's write-intent bitmap (drivers/md/md-bitmap.c; mdadm Create.c and super1.c): a write
// whose bitmap chunk has been idle for a daemon period or two waits while md writes the bitmap
// page through to every member. The analytic model and the simulator, which keeps the bits and
// the unplugs themselves (sim/md_bitmap_gate.h), on the same 7200 rpm disk fixture.
#include <catch2/catch.hpp>

#include <cmath>

#include "components/hdd_model.h"
#include "evaluate/evaluator.h"
#include "evaluate/network_builder.h"
#include "evaluate/write_rate_search.h"
#include "fixtures.h"
#include "sim/simulator.h"
#include "system/md_bitmap.h"

using namespace raidadv;

namespace {

constexpr double KiB = 1024.0;
constexpr double MiB = 1024.0 * KiB;
constexpr double GiB = 1024.0 * MiB;

/// md RAID `level` of `drives` 500 GB 7200 rpm disks on an HBA.
System md_system(RaidLevel level, int drives, MdBitmap bitmap) {
    System s = test::plain_system(test::hdd_7200(), level, drives);
    s.controller.chunk_split = true;  // linux-md
    s.layout.stripe_unit_bytes = 512.0 * KiB;
    s.layout.md_bitmap = bitmap;
    return s;
}

double simulated_response(const System& s, const Workload& w) {
    sim::SimOptions o;
    o.min_jobs_per_batch = 1500;
    o.warmup_jobs = 500;
    return sim::simulate(s, w, o).points.at(0).metrics.mean_response_s;
}

}  // namespace

TEST_CASE("md bitmap: on where mdadm 3.3 to 4.3 create one, with mdadm's chunk") {
    System s = md_system(RaidLevel::Raid5, 4, MdBitmap::Auto);
    CHECK(md_bitmap_on(s));  // 500 GB members: over 100 GiB
    CHECK(md_bitmap_chunk_bytes(s) == Approx(64 * MiB));
    s.drive.capacity_bytes = 80e9;
    CHECK_FALSE(md_bitmap_on(s));  // small members: none by default
    s.layout.md_bitmap = MdBitmap::Internal;
    CHECK(md_bitmap_on(s));
    s.layout.md_bitmap = MdBitmap::None;
    s.drive.capacity_bytes = 500e9;
    CHECK_FALSE(md_bitmap_on(s));
    s.layout.md_bitmap = MdBitmap::Internal;
    s.layout.level = RaidLevel::Raid0;
    CHECK_FALSE(md_bitmap_on(s));        // RAID 0 keeps none
    s.layout.level = RaidLevel::Raid50;  // each RAID 5 group of the build plan keeps its own
    s.layout.drives = 6;
    s.layout.disks_per_span = 3;
    CHECK(md_bitmap_on(s));
    CHECK(md_bitmap_shape(s).bitmaps == 2);
    CHECK(md_bitmap_shape(s).update_drives == 3);
    CHECK(md_bitmap_shape(s).data_drives == 2);
    s.layout.level = RaidLevel::Raid6;
    s.controller.chunk_split = false;
    s.controller.kind = ControllerKind::HardwareRaid;
    CHECK_FALSE(md_bitmap_on(s));  // not md
    // A 100 TB member needs more bits than 128 KiB of bitmap hold at 64 MiB a bit.
    System huge = md_system(RaidLevel::Raid1, 2, MdBitmap::Auto);
    huge.drive.capacity_bytes = 100e12;
    CHECK(md_bitmap_chunk_bytes(huge) == Approx(128 * MiB));
    huge.layout.md_bitmap_chunk_bytes = 16 * MiB;
    CHECK(md_bitmap_chunk_bytes(huge) == Approx(16 * MiB));
}

TEST_CASE("md bitmap: the share of writes finding their chunk's bit clear") {
    const System s = md_system(RaidLevel::Raid1, 2, MdBitmap::Auto);
    const double chunks = std::ceil(500e9 / (64 * MiB));
    // Rare writes over the whole disk: every chunk has been idle for longer than 10 s.
    CHECK(md_bitmap_clear_share(s, 1.0, 1.0, false, 4 * KiB) == Approx(1.0).epsilon(0.002));
    // derived: mu T = 1 gives (e^-1 - e^-2) / 1.
    CHECK(md_bitmap_clear_share(s, chunks / 5.0, 1.0, false, 4 * KiB) ==
          Approx(std::exp(-1.0) - std::exp(-2.0)).epsilon(1e-6));
    // A hot 1 GiB written 1,000 times a second: 16 chunks, each written within the period.
    CHECK(md_bitmap_clear_share(s, 1000.0, GiB / 500e9, false, 4 * KiB) < 1e-3);
    // A stream enters a new chunk once per 64 MiB.
    CHECK(md_bitmap_clear_share(s, 100.0, 1.0, true, MiB) == Approx(1.0 / 64.0));
    System none = s;
    none.layout.md_bitmap = MdBitmap::None;
    CHECK(md_bitmap_clear_share(none, 1.0, 1.0, false, 4 * KiB) == 0.0);
}

TEST_CASE("md bitmap: the clear share predicts the update rate md showed in fio's disk_util") {
    // Louwrentius' md RAID 5 of eight 2 TB drives (fio-plot at commit 11f6ae4b, benchmark_data/
    // SERVER/IBM_M1015/8x2TBRAID5MDADM, randwrite-1-1, -1-2 and -2-1): fio's disk_util counts
    // every member's I/Os. Each 4 KiB write costs md two reads and two writes (measured: 2.000
    // reads per write); the member writes beyond two per write are bitmap pages, one per member
    // per update (scripts/md-bitmap-updates.py): 12.69, 11.06 and 8.01 updates a second at
    // 32.6, 58.1 and 76.9 writes a second on a 100 GiB test file. At one or two writes in
    // flight an update serves one write, so the updates per write are the clear share.
    System s = md_system(RaidLevel::Raid5, 8, MdBitmap::Auto);
    s.drive.capacity_bytes = 2e12;
    // 100 GiB of the 14 TB array: 229 chunks of 64 MiB in member space (raid5 counts member
    // sectors: the file's 14.6 GB on each of seven data drives).
    const double span = 100 * GiB / 14e12;
    const struct {
        double writes_per_s, updates_per_s;
    } measured[] = {{32.6, 12.69}, {58.1, 11.06}, {76.9, 8.01}};
    for (const auto& m : measured) {
        const double share = md_bitmap_clear_share(s, m.writes_per_s, span, false, 4 * KiB);
        INFO(m.writes_per_s << " writes/s: clear share " << share << ", measured "
                            << m.updates_per_s / m.writes_per_s);
        // Within 20% (measured 0.389, 0.190, 0.104; the model 0.35, 0.16, 0.09): the daemon's
        // two passes (md_bitmap_daemon_work) over the file's chunks. A file spread over a third
        // of the disks (the study's calibration before stop 44) would give 0.98, 0.96, 0.94.
        CHECK(share == Approx(m.updates_per_s / m.writes_per_s).epsilon(0.2));
        CHECK(md_bitmap_clear_share(s, m.writes_per_s, 0.334, false, 4 * KiB) > 0.9);
    }
}

SCENARIO("md RAID 5 random writes wait for the bitmap, as the simulator's unplugs do") {
    GIVEN("md RAID 5 of four 7200 rpm disks, 4 KiB random writes over the whole array") {
        const System on = md_system(RaidLevel::Raid5, 4, MdBitmap::Internal);
        const System off = md_system(RaidLevel::Raid5, 4, MdBitmap::None);
        WHEN("one write is in flight") {
            const Workload w = test::request_workload(4 * KiB, 0.0, 0.0, {1});
            const double with = evaluate(on, w).points.at(0).mean_response_s;
            const double without = evaluate(off, w).points.at(0).mean_response_s;
            const HddSpec& hdd = on.drive.hdd;
            // derived: overhead, a random seek, the last of four rotational waits, the page.
            const double update = hdd.command_overhead_s + hdd_mean_random_seek(hdd, 1.0) +
                                  hdd_revolution_time(hdd) * 0.8 +
                                  hdd_transfer_time(hdd, 4 * KiB, 1.0);
            INFO("with " << with * 1e3 << " ms, without " << without * 1e3 << " ms, update "
                         << update * 1e3 << " ms");
            THEN(
                "every write pays one update of every member first (and the flush of what the "
                "drives' write caches hold)") {
                CHECK(with - without >= 0.95 * update);
                CHECK(with - without <= 1.5 * update);
            }
            THEN("the simulator agrees within 15% with the bitmap and without") {
                const double sim_with = simulated_response(on, w);
                const double sim_without = simulated_response(off, w);
                INFO("simulated with " << sim_with * 1e3 << " ms, without " << sim_without * 1e3
                                       << " ms");
                CHECK(std::abs(with - sim_with) <= 0.15 * sim_with);
                CHECK(std::abs(without - sim_without) <= 0.15 * sim_without);
                CHECK(sim_with > 1.4 * sim_without);
            }
        }
        WHEN("32 writes are in flight") {
            const Workload w = test::request_workload(4 * KiB, 0.0, 0.0, {32});
            const double with = evaluate(on, w).points.at(0).iops;
            const double without = evaluate(off, w).points.at(0).iops;
            INFO("IOPS with " << with << ", without " << without);
            THEN("the writes share updates: the bitmap costs less than at one in flight") {
                // (per write, the time it takes off the array's throughput here against what it
                // adds to one write alone: an update serves the writes gathered during the last)
                const Workload one = test::request_workload(4 * KiB, 0.0, 0.0, {1});
                const double alone = evaluate(on, one).points.at(0).mean_response_s -
                                     evaluate(off, one).points.at(0).mean_response_s;
                INFO("one in flight: the bitmap adds " << alone * 1e3 << " ms");
                CHECK(with < without);
                CHECK(1.0 / with - 1.0 / without < 0.5 * alone);
            }
            THEN("the simulator agrees within 20%") {
                sim::SimOptions o;
                o.min_jobs_per_batch = 3000;
                o.warmup_jobs = 1000;
                const double sim_with = sim::simulate(on, w, o).points.at(0).metrics.iops;
                INFO("simulated IOPS with the bitmap " << sim_with);
                // Was a known gap, +45..+51% (stops 50-55): the model took an update as the page
                // and the writes an M/M/1 queue would hold, where in step the previous batch's
                // I/O is ahead of the page at every member. Since stop 56 (md_bitmap_in_step.h,
                // docs/model.md section 4) +8%: 83.7 IOPS against the simulator's 77.8.
                CHECK(std::abs(with - sim_with) <= 0.2 * sim_with);
            }
        }
        WHEN("the writes stay in 5% of the array, 4 in flight") {
            // The chunks there are written again within a daemon period or two, so few writes
            // find their bit clear (about 2% at the rate without the bitmap), but an update
            // first flushes every write the members' caches hold, and the writes arriving
            // meanwhile wait for it: the write rate's fixed point has to run (before, the
            // screening took the page alone as the cost and skipped it: with = without).
            Workload w = test::request_workload(4 * KiB, 0.0, 0.0, {4});
            w.span_fraction = 0.05;
            const double with = evaluate(on, w).points.at(0).mean_response_s;
            const double without = evaluate(off, w).points.at(0).mean_response_s;
            INFO("with " << with * 1e3 << " ms, without " << without * 1e3 << " ms");
            THEN("the bitmap costs a tenth more (the simulator's gate: nearly twice)") {
                CHECK(with > 1.08 * without);
                CHECK(with < 2.5 * without);
            }
        }
        WHEN("the writes stay in a hot 1 GiB") {
            Workload w = test::request_workload(4 * KiB, 0.0, 0.0, {4});
            w.span_fraction = GiB / (3 * 500e9);
            const double with = evaluate(on, w).points.at(0).mean_response_s;
            const double without = evaluate(off, w).points.at(0).mean_response_s;
            THEN("their chunks' bits stay set: the bitmap costs almost nothing") {
                CHECK(with == Approx(without).epsilon(0.03));
            }
        }
    }
}

SCENARIO("The simulator's bitmap finds its bits clear as often as the model's formula says") {
    // (RAID 50 of six: each group of three keeps its own bitmap, so its writes spread over both
    // groups' chunks; until stop 55 the formula took one group's, and its clear share fell far
    // below the simulator's.)
    System raid50 = md_system(RaidLevel::Raid50, 6, MdBitmap::Internal);
    raid50.layout.disks_per_span = 3;
    GIVEN("md RAID 5 of four and RAID 50 of six 7200 rpm disks, 4 KiB random writes over 5%") {
        for (const System& on : {md_system(RaidLevel::Raid5, 4, MdBitmap::Internal), raid50}) {
            for (int in_flight : {2, 8}) {
                Workload w = test::request_workload(4 * KiB, 0.0, 0.0, {in_flight});
                w.span_fraction = 0.05;
                sim::SimOptions o;
                o.min_jobs_per_batch = 3000;
                o.warmup_jobs = 1000;
                const sim::SimPoint p = sim::simulate(on, w, o).points.at(0);
                const sim::MdBitmapCounts& c = p.md_bitmap;
                REQUIRE(c.writes > 5000);
                const double simulated = c.clear_share();
                // The formula at the simulated rate (the simulator's chunks see Poisson writes and
                // its daemon passes every 5 s from a random phase).
                const double formula =
                    md_bitmap_clear_share(on, p.metrics.iops, 0.05, false, 4 * KiB);
                INFO(to_string(on.layout.level)
                     << ", " << in_flight << " in flight: " << p.metrics.iops << " writes/s, clear "
                     << simulated << " (formula " << formula << "), updates per write "
                     << c.updates_per_write() << ", an update " << c.mean_update_s() * 1e3
                     << " ms");
                // The shares agree within 10%, and no update runs without a clear bit (one may
                // have begun in the warm-up).
                CHECK(simulated == Approx(formula).epsilon(0.10));
                CHECK(c.updates <= c.clear + 1);
                CHECK(c.updates > 0);
            }
        }
    }
}

SCENARIO("md RAID 10 and RAID 50 and RAID 6 wait for their bitmaps as the simulator's do") {
    GIVEN("4 KiB random writes, one in flight, over the whole array") {
        // RAID 50 of two groups of three and RAID 6 of four write a 4 KiB block by
        // reconstruct-write: their writes leave destages the next update's flush waits for
        // (before stop 50 the solver found them a second time: RAID 6 of four +49%).
        const Workload w = test::request_workload(4 * KiB, 0.0, 0.0, {1});
        System raid10 = md_system(RaidLevel::Raid10, 4, MdBitmap::Internal);
        System raid50 = md_system(RaidLevel::Raid50, 6, MdBitmap::Internal);
        raid50.layout.disks_per_span = 3;
        System raid6 = md_system(RaidLevel::Raid6, 4, MdBitmap::Internal);
        for (const System* s : {&raid10, &raid50, &raid6}) {
            System off = *s;
            off.layout.md_bitmap = MdBitmap::None;
            const double with = evaluate(*s, w).points.at(0).mean_response_s;
            const double without = evaluate(off, w).points.at(0).mean_response_s;
            const double simulated = simulated_response(*s, w);
            INFO(to_string(s->layout.level)
                 << ": model " << with * 1e3 << " ms (without " << without * 1e3 << "), simulated "
                 << simulated * 1e3 << " ms");
            CHECK(with > without * 1.3);
            CHECK(std::abs(with - simulated) <= 0.15 * simulated);
        }
    }
}

SCENARIO("md bitmap: a load starts with its bits clear and settles at the least rate") {
    GIVEN("md RAID 10 of four, 64 KiB random writes over 5% of the array") {
        // Two rates hold: slow, most writes finding their chunk's bit clear (each waits for an
        // update), and fast, chunks written again before md clears their bits. From bits clear
        // the simulator's array settles at the slow one; before stop 51 the model's search,
        // started from the rate without the bitmap, found the fast one (1.9 ms at one in
        // flight against the simulator's 30.5 ms).
        const System s = md_system(RaidLevel::Raid10, 4, MdBitmap::Internal);
        Workload w = test::request_workload(64 * KiB, 0.0, 0.0, {1, 16});
        w.span_fraction = 0.05;
        const Evaluation ev = evaluate(s, w);
        sim::SimOptions o;
        o.min_jobs_per_batch = 1000;
        o.warmup_jobs = 300;
        const sim::SimEvaluation simulated = sim::simulate(s, w, o);
        for (std::size_t i = 0; i < ev.points.size(); ++i) {
            const PointMetrics& m = ev.points[i];
            const double rate = m.iops;
            const BuiltNetwork fast = build_network(s, w, WriteLoad{20.0 * rate, m.concurrency});
            const double fast_answer =
                queueing::solve_closed(fast.network, {m.concurrency}, 0.0, 512).front().throughput;
            const double sim_r = simulated.points[i].metrics.mean_response_s;
            INFO(m.concurrency << " in flight: model " << m.mean_response_s * 1e3 << " ms (" << rate
                               << " IOPS), simulated " << sim_r * 1e3
                               << " ms; solved for 20 times the rate: " << fast_answer << " IOPS");
            // A much faster rate would hold too; the model gives the slow one, as the simulator.
            // (At 16 in flight since stop 56's in-step account, md_bitmap_in_step.h: 2.8 times,
            // and the model 19% fast, 71.1 against 88.1 ms, where it was 13% with 3.2 times:
            // a known regression, docs/model.md section 4. The model's rate holds a clear share
            // of 11% against the simulator's 19%; the random draw over 300 configurations
            // improved with the change, 225 -> 232 within 10%.)
            CHECK(fast_answer > 2.5 * rate);
            CHECK(std::abs(m.mean_response_s - sim_r) <= 0.25 * sim_r);
        }
    }
}

SCENARIO("md bitmap: an update's flush destages the held writes quickest first") {
    GIVEN("md RAID 1 of two, 16 KiB random writes over 5% of the array, 16 in flight") {
        // The update's REQ_PREFLUSH makes each drive write what it holds; it takes them in its
        // destage order, the quickest of those left first. Taken as that many random accesses
        // (before stop 51) the flush reached the window's worth of full seeks and the model
        // gave 121 IOPS against the simulator's 398.
        const System s = md_system(RaidLevel::Raid1, 2, MdBitmap::Internal);
        Workload w = test::request_workload(16 * KiB, 0.0, 0.0, {16});
        w.span_fraction = 0.05;
        const double model = evaluate(s, w).points.at(0).iops;
        sim::SimOptions o;
        o.min_jobs_per_batch = 3000;
        o.warmup_jobs = 1000;
        const double simulated = sim::simulate(s, w, o).points.at(0).metrics.iops;
        INFO("model " << model << " IOPS, simulated " << simulated);
        THEN("the model is within 30% of the simulator") {
            CHECK(std::abs(model - simulated) <= 0.30 * simulated);
        }
    }
}

TEST_CASE("md bitmap: the seek between the working set and the bitmap, working set anywhere") {
    const HddSpec hdd = test::hdd_7200().hdd;
    // derived: E[t(o + x s)] over o ~ U(0, 1 - s), x ~ U(0, 1), by a fine midpoint rule
    // against the closed form md_bitmap_seek_s takes.
    for (double span : {0.0, 0.0077, 0.05, 0.3, 0.5, 0.8, 1.0}) {
        constexpr int kStarts = 400, kPlaces = 100;
        double sum = 0.0;
        for (int i = 0; i < kStarts; ++i) {
            const double o = (1.0 - span) * (i + 0.5) / kStarts;
            for (int j = 0; j < kPlaces; ++j) {
                sum += hdd_seek_time(hdd, o + span * (j + 0.5) / kPlaces);
            }
        }
        INFO("span " << span);
        CHECK(md_bitmap_seek_s(hdd, span) == Approx(sum / (kStarts * kPlaces)).epsilon(0.005));
    }
    // Half the stroke on average whatever the span: longer than a random seek within any span.
    CHECK(md_bitmap_seek_s(hdd, 0.01) > 2.0 * hdd_mean_random_seek(hdd, 0.01));
    CHECK(md_bitmap_seek_s(hdd, 1.0) > hdd_mean_random_seek(hdd, 1.0));
}

TEST_CASE("md bitmap: where the members' heads are between updates") {
    // md RAID 5 of four, every 4 KiB write takes two members (its read-modify-write) and
    // pays one update: half the members moved to the working set, and every access there
    // comes back from the page.
    MdBitmapHeads h = md_bitmap_heads(1.0, 4, {{1.0, 2}}, 2.0, 4);
    CHECK(h.moved == Approx(0.5));
    CHECK(h.returning == Approx(1.0));
    // md RAID 5 of eight at the study's rate: 0.294 updates a write.
    h = md_bitmap_heads(0.294, 8, {{1.0, 2}}, 2.0, 8);
    CHECK(h.moved == Approx(1.0 - std::pow(0.75, 1.0 / 0.294)));
    CHECK(h.returning == Approx(0.294 * 8 * h.moved / 2.0));
    // A reconstruct-write of a three-drive group takes all three: every member moved.
    CHECK(md_bitmap_heads(1.0, 3, {{1.0, 3}}, 3.0, 3).moved == Approx(1.0));
    // No updates: the heads stay in the working set and nothing comes back.
    h = md_bitmap_heads(0.0, 4, {{1.0, 2}}, 2.0, 4);
    CHECK(h.moved == 1.0);
    CHECK(h.returning == 0.0);
}

SCENARIO("md RAID 5 of eight with its working set far from the bitmap, as the md study's") {
    GIVEN("a 100 GiB file on eight 2 TB members, 4 KiB random writes, one in flight") {
        // The md RAID 5 study's geometry (louwrentius-2020-md-raid5-8x2tb) on the 7200 rpm
        // fixture: 229 bitmap chunks over the file, so about a third of the writes find their
        // bit clear; each update seeks from the file to the bitmap and back.
        DriveSpec d = test::hdd_7200();
        d.capacity_bytes = 2e12;
        System on = test::plain_system(d, RaidLevel::Raid5, 8);
        on.controller.chunk_split = true;
        on.layout.stripe_unit_bytes = 512.0 * KiB;
        on.layout.md_bitmap = MdBitmap::Internal;
        System off = on;
        off.layout.md_bitmap = MdBitmap::None;
        Workload w = test::request_workload(4 * KiB, 0.0, 0.0, {1});
        w.span_fraction = 0.0077;
        const double with = evaluate(on, w).points.at(0).mean_response_s;
        const double without = evaluate(off, w).points.at(0).mean_response_s;
        const double simulated = simulated_response(on, w);
        INFO("model " << with * 1e3 << " ms (without " << without * 1e3 << "), simulated "
                      << simulated * 1e3 << " ms");
        THEN("the bitmap costs as much as in the simulator, which places the bitmap as far") {
            CHECK(with > 1.8 * without);
            CHECK(std::abs(with - simulated) <= 0.10 * simulated);
        }
    }
}

SCENARIO("md bitmap: a stream's held writes destage at streaming speed") {
    GIVEN("md RAID 50 of 2 x 3, 64 KiB sequential requests half writes, 4 in flight") {
        // A stream enters a new bitmap chunk once per 64 MiB of a member: its updates are rare,
        // and the writes the drives' caches hold for an update's flush continue the stream.
        // Taken as random accesses (before stop 50) the held writes made a flush of about a
        // second, and the rare long wait moved the solution by a quarter (26% faster than
        // without the bitmap).
        System on = md_system(RaidLevel::Raid50, 6, MdBitmap::Internal);
        on.layout.disks_per_span = 3;
        System off = on;
        off.layout.md_bitmap = MdBitmap::None;
        const Workload w = test::request_workload(64 * KiB, 0.5, 1.0, {4});
        const double with = evaluate(on, w).points.at(0).mean_response_s;
        const double without = evaluate(off, w).points.at(0).mean_response_s;
        INFO("with " << with * 1e3 << " ms, without " << without * 1e3 << " ms");
        THEN("the bitmap moves the response by under 10%") {
            CHECK(std::abs(with - without) <= 0.10 * without);
        }
    }
}

TEST_CASE("md bitmap: over many arrays and loads, finite times and never much faster with it") {
    // A sweep of md levels, working sets, read shares, sizes and patterns at 1, 4 and 32 in
    // flight. With the bitmap the response is finite and positive, and never more than 10%
    // below the same array's without it (the bitmap only adds work; up to 7% the wrong way is
    // a known gap of the closed solver with a rare visit at the asymptotic bound, found in stop
    // 51, docs/model.md section 11; before stop 50 up to 27%. The simulator too is faster with
    // the bitmap on md RAID 50 of 2 x 3, 64 KiB sequential writes at 4 in flight).
    struct Shape {
        RaidLevel level;
        int drives;
        int span;
    };
    const std::vector<Shape> shapes{{RaidLevel::Raid1, 2, 0},  {RaidLevel::Raid5, 3, 0},
                                    {RaidLevel::Raid5, 8, 0},  {RaidLevel::Raid6, 4, 0},
                                    {RaidLevel::Raid10, 4, 0}, {RaidLevel::Raid50, 6, 3},
                                    {RaidLevel::Raid60, 8, 4}, {RaidLevel::Raid01, 4, 2}};
    int points = 0;
    for (const Shape& shape : shapes) {
        for (double span : {1e-6, 0.01, 1.0}) {
            for (double reads : {0.0, 0.5}) {
                for (double bytes : {4 * KiB, 64 * KiB}) {
                    for (double sequential : {0.0, 1.0}) {
                        System on = md_system(shape.level, shape.drives, MdBitmap::Internal);
                        on.layout.disks_per_span = shape.span;
                        System off = on;
                        off.layout.md_bitmap = MdBitmap::None;
                        Workload w = test::request_workload(bytes, reads, sequential, {1, 4, 32});
                        w.span_fraction = span;
                        const Evaluation with = evaluate(on, w);
                        const Evaluation without = evaluate(off, w);
                        for (std::size_t k = 0; k < with.points.size(); ++k) {
                            const PointMetrics& a = with.points[k];
                            const PointMetrics& b = without.points[k];
                            if (a.saturated || b.saturated) {
                                continue;
                            }
                            ++points;
                            INFO(to_string(shape.level)
                                 << " of " << shape.drives << ", span " << span << ", reads "
                                 << reads << ", " << bytes / KiB << " KiB, sequential "
                                 << sequential << ", " << a.concurrency
                                 << " in flight: " << a.mean_response_s * 1e3 << " ms against "
                                 << b.mean_response_s * 1e3);
                            CHECK(std::isfinite(a.mean_response_s));
                            CHECK(a.mean_response_s > 0.0);
                            CHECK(a.mean_response_s >= 0.90 * b.mean_response_s);
                        }
                    }
                }
            }
        }
    }
    CHECK(points > 500);
}
