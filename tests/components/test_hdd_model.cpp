#include <catch2/catch.hpp>
#include <cmath>

#include "components/hdd_model.h"
#include "fixtures.h"

using namespace raidadv;

SCENARIO("The seek curve honours the three datasheet figures") {
    const HddSpec hdd = test::hdd_7200().hdd;
    THEN("a one-track seek costs the track-to-track time and a full stroke the full-stroke time") {
        CHECK(hdd_seek_time(hdd, 1e-9) == Approx(hdd.seek_track_to_track_s).epsilon(0.01));
        CHECK(hdd_seek_time(hdd, 1.0) == Approx(hdd.seek_full_stroke_s));
        CHECK(hdd_seek_time(hdd, 0.0) == 0.0);
    }
    THEN("the mean over uniformly random seeks (density 2(1-x)) is the datasheet average") {
        double mean = 0.0;
        constexpr int n = 100000;
        for (int i = 0; i < n; ++i) {
            const double x = (i + 0.5) / n;
            mean += hdd_seek_time(hdd, x) * 2.0 * (1.0 - x) / n;
        }
        CHECK(mean == Approx(hdd.seek_average_s).epsilon(1e-3));
        CHECK(hdd_mean_random_seek(hdd, 1.0) == Approx(hdd.seek_average_s).epsilon(1e-9));
    }
    THEN("the curve rises monotonically") {
        double prev = 0.0;
        for (int i = 1; i <= 1000; ++i) {
            const double t = hdd_seek_time(hdd, i / 1000.0);
            CHECK(t >= prev);
            prev = t;
        }
    }
    THEN("short-stroking to a quarter of the disk shortens the mean seek") {
        CHECK(hdd_mean_random_seek(hdd, 0.25) < 0.7 * hdd.seek_average_s);
        CHECK(hdd_mean_random_seek(hdd, 0.25) > hdd.seek_track_to_track_s);
    }
}

TEST_CASE("Datasheet figures outside the sqrt+linear family still give a monotone curve") {
    HddSpec hdd = test::hdd_7200().hdd;
    hdd.seek_average_s = 3e-3;  // very low average against a long full stroke
    double prev = 0.0;
    for (int i = 1; i <= 100; ++i) {
        const double t = hdd_seek_time(hdd, i / 100.0);
        CHECK(t >= prev);
        prev = t;
    }
}

TEST_CASE("Zoned transfer time lies between the outer and inner zone rates") {
    const HddSpec hdd = test::hdd_7200().hdd;
    const double bytes = 1e6;
    // Hand-worked: ln(72/40) / (32e6) * 1e6 s = 18.37 ms over the whole disk.
    CHECK(hdd_transfer_time(hdd, bytes, 1.0) == Approx(std::log(72.0 / 40.0) / 32e6 * 1e6));
    CHECK(hdd_transfer_time(hdd, bytes, 1.0) > bytes / hdd.media_rate_outer_Bps);
    CHECK(hdd_transfer_time(hdd, bytes, 1.0) < bytes / hdd.media_rate_inner_Bps);
    CHECK(hdd_transfer_time(hdd, bytes, 1e-6) ==
          Approx(bytes / hdd.media_rate_outer_Bps).epsilon(1e-4));
    HddSpec flat = hdd;
    flat.media_rate_inner_Bps = flat.media_rate_outer_Bps;
    CHECK(hdd_transfer_time(flat, bytes, 1.0) == Approx(bytes / flat.media_rate_outer_Bps));
}

SCENARIO("Positioning with a queue: shortest access time first") {
    const HddSpec hdd = test::hdd_7200().hdd;
    const HddPositioning pos(hdd, 1.0, false);
    const double half_rotation = 0.5 * 60.0 / hdd.rpm;
    THEN("with one request it is average seek plus half a rotation") {
        CHECK(pos.at(1).mean == Approx(hdd.seek_average_s + half_rotation).epsilon(0.005));
    }
    THEN("more candidates never make it slower, and 32 candidates cut it by more than half") {
        for (int n = 2; n <= 32; ++n) {
            CHECK(pos.at(n).mean < pos.at(n - 1).mean);
        }
        CHECK(pos.at(32).mean < 0.5 * pos.at(1).mean);
        CHECK(pos.at(32).mean > hdd.seek_track_to_track_s);
    }
    THEN("beyond the drive's queue depth nothing improves") {
        CHECK(pos.at(1000).mean == Approx(pos.at(32).mean));
    }
    THEN("a drive without command queueing does not reorder") {
        HddSpec fcfs = hdd;
        fcfs.queue_depth = 1;
        const HddPositioning p1(fcfs, 1.0, false);
        CHECK(p1.at(16).mean == Approx(p1.at(1).mean));
    }
    THEN("writes pay the datasheet's extra write settle") {
        HddSpec w = hdd;
        w.write_seek_extra_s = 1e-3;
        const HddPositioning pw(w, 1.0, true);
        CHECK(pw.at(1).mean == Approx(pos.at(1).mean + 1e-3).epsilon(0.005));
    }
}

SCENARIO("A drive that knows its seeks only roughly reorders less") {
    const HddSpec exact = test::hdd_7200().hdd;
    const double T = 60.0 / exact.rpm;
    GIVEN("the wait it expects for a block some rotation after the seek") {
        THEN("without jitter it is the rotation itself") {
            CHECK(hdd_expected_wait(0.3 * T, T, 0.0) == 0.3 * T);
        }
        THEN("a block just after the estimated seek end costs about half a revolution more") {
            // Half the seeks end late and wait a whole revolution.
            CHECK(hdd_expected_wait(0.0, T, 1e-3) == Approx(0.5 * T).epsilon(0.01));
            CHECK(hdd_expected_wait(0.05 * T, T, 1e-3) > 0.25 * T);
        }
        THEN("averaged over a uniform rotation it is still half a revolution (FCFS is unchanged)") {
            double sum = 0.0;
            constexpr int kN = 20000;
            for (int k = 0; k < kN; ++k) {
                sum += hdd_expected_wait((k + 0.5) / kN * T, T, 2e-3);
            }
            CHECK(sum / kN == Approx(0.5 * T).epsilon(0.002));
        }
    }
    WHEN("the seeks scatter about the drive's estimate") {
        HddSpec rough = exact;
        rough.seek_jitter_s = 2e-3;
        const HddPositioning p0(exact, 1.0, false), p2(rough, 1.0, false);
        THEN("one request at a time costs the same") {
            CHECK(p2.at(1).mean == Approx(p0.at(1).mean).epsilon(0.005));
        }
        THEN("with a queue it still gains, but less than a drive that knows its seeks") {
            for (int n : {4, 16, 32}) {
                INFO(n << " candidates");
                CHECK(p2.at(n).mean < p2.at(1).mean);
                CHECK(p2.at(n).mean > 1.05 * p0.at(n).mean);
            }
        }
    }
}

SCENARIO("A drive's write cache reorders among the writes its buffer holds") {
    HddSpec hdd = test::hdd_7200().hdd;  // 16 MiB buffer
    THEN("the window is the buffer over the write size, bounded by the firmware's bound") {
        CHECK(hdd_write_cache_window(hdd, 32768.0) == 512);
        CHECK(hdd_write_cache_window(hdd, 1024.0 * 1024) == 16);
        CHECK(hdd_write_cache_window(hdd, 4096.0) == kMaxBufferedWrites);
        CHECK(hdd_write_cache_window(hdd, 64.0 * 1024 * 1024) == 1);
    }
    THEN("choosing among the window's writes positions faster than among the NCQ queue") {
        const HddPositioning ncq(hdd, 1.0, true);
        const HddPositioning window(hdd, 1.0, true, kMaxBufferedWrites);
        CHECK(ncq.max_candidates() == hdd.queue_depth);
        CHECK(window.max_candidates() == kMaxBufferedWrites);
        CHECK(window.at(32).mean == Approx(ncq.at(32).mean));
        CHECK(window.at(512).mean < 0.8 * ncq.at(32).mean);
        CHECK(window.at(512).mean > 0.0);
    }
}
