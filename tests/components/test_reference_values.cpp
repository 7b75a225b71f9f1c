// Reference values for every public function of core/components, worked by hand from the
// formulas' sources (hdd_model.h: Ruemmler & Wilkes 1994 and the derivations there; ssd_model.h:
// Agrawal et al. 2008, Desnoyers 2012) on the fixture drives of tests/support/fixtures.h, whose
// figures tell the terms apart (track-to-track, average and full-stroke seeks; outer and inner
// zone rates; SSD read latency 90 us, write latency 30 us).
#include <catch2/catch.hpp>
#include <cmath>

#include "components/hdd_model.h"
#include "components/ssd_model.h"
#include "fixtures.h"

using namespace raidadv;

TEST_CASE("Revolution time and zoned media rate, by hand") {
    HddSpec hdd = test::hdd_7200().hdd;
    CHECK(hdd_revolution_time(hdd) == Approx(60.0 / 7200.0));  // 8.333 ms
    hdd.rpm = 15000.0;
    CHECK(hdd_revolution_time(hdd) == Approx(4e-3));
    // Linear from 72 MB/s at the outer edge to 40 MB/s at the inner one.
    CHECK(hdd_media_rate(hdd, 0.0) == Approx(72e6));
    CHECK(hdd_media_rate(hdd, 0.25) == Approx(64e6));
    CHECK(hdd_media_rate(hdd, 0.5) == Approx(56e6));
    CHECK(hdd_media_rate(hdd, 1.0) == Approx(40e6));
    CHECK(hdd_media_rate(hdd, 2.0) == Approx(40e6));  // clamped to the disk
}

TEST_CASE("Seek curve coefficients worked by hand (derived: hdd_model.cpp seek_curve)") {
    // t1 = 0.8 ms, tavg = 11 ms, tfull = 21 ms:
    // b = 5 (tavg - t1 - (tfull - t1) / 3) = 5 (10.2 - 6.7333) = 17.3333 ms; c = 20.2 - b = 2.8667.
    const HddSpec hdd = test::hdd_7200().hdd;
    const double b = 17.0 + 1.0 / 3.0, c = 20.2 - b;
    CHECK(hdd_seek_time(hdd, 0.25) * 1e3 == Approx(0.8 + b * 0.5 + c * 0.25));  // 10.183 ms
    // Short-stroked to a quarter: t1 + b sqrt(1/4) 8/15 + c (1/4) / 3 = 5.661 ms.
    CHECK(hdd_mean_random_seek(hdd, 0.25) * 1e3 ==
          Approx(0.8 + b * 0.5 * 8.0 / 15.0 + c * 0.25 / 3.0));
    CHECK(hdd_mean_random_seek(hdd, 0.25) * 1e3 == Approx(5.6611).epsilon(1e-4));
}

TEST_CASE("The linear fallback seek curve has the datasheet mean (constants checked by value)") {
    // tavg = 3 ms is below what the sqrt+linear family reaches with t1 = 0.8 and tfull = 21 ms
    // (b = 5 (3 - 0.8 - 6.733) < 0): the curve becomes t1 + 3 (tavg - t1) x = 0.8 + 6.6 x ms,
    // whose mean over the seek density 2(1 - x) is 0.8 + 6.6 / 3 = 3 ms.
    HddSpec hdd = test::hdd_7200().hdd;
    hdd.seek_average_s = 3e-3;
    CHECK(hdd_seek_time(hdd, 0.5) == Approx(4.1e-3));
    CHECK(hdd_seek_time(hdd, 1.0) == Approx(7.4e-3));
    CHECK(hdd_mean_random_seek(hdd, 1.0) == Approx(3e-3));
    CHECK(hdd_mean_random_seek(hdd, 0.25) == Approx(0.8e-3 + 6.6e-3 * 0.25 / 3.0));
}

TEST_CASE("Transfer time over half the disk, by hand (derived: integral of the zone model)") {
    // ln(r0 / (r0 - k span)) / (k span) per byte: ln(72 / 56) / 16e6 = 15.707 ns per byte.
    const HddSpec hdd = test::hdd_7200().hdd;
    CHECK(hdd_transfer_time(hdd, 1e6, 0.5) == Approx(15.70715e-3).epsilon(1e-5));
}

TEST_CASE("Mean access time of the degraded-mode estimate, by hand (hdd_model.h)") {
    // Random part: mean seek over the span + half a revolution (Ruemmler & Wilkes 1994: the mean
    // rotational wait of an unscheduled request is T / 2), then command overhead and transfer.
    const HddSpec hdd = test::hdd_7200().hdd;
    const double half_turn = 0.5 * 60.0 / 7200.0;         // 4.1667 ms
    const double seek = hdd_mean_random_seek(hdd, 0.25);  // 5.6611 ms (above)
    const double rest = hdd.command_overhead_s + hdd_transfer_time(hdd, 64e3, 0.25);
    CHECK(hdd_mean_access_time(hdd, 64e3, 0.25, 0.0) == Approx(rest));  // sequential: no seek
    CHECK(hdd_mean_access_time(hdd, 64e3, 0.25, 1.0) == Approx(seek + half_turn + rest));
    CHECK(hdd_mean_access_time(hdd, 64e3, 0.25, 1.0) - rest == Approx(9.8278e-3).epsilon(1e-4));
    // Half of the requests random: half the positioning.
    CHECK(hdd_mean_access_time(hdd, 64e3, 0.25, 0.5) == Approx(0.5 * (seek + half_turn) + rest));
    // A write pays the drive's write command overhead where it gives one, else the same.
    CHECK(hdd_mean_access_time(hdd, 64e3, 0.25, 1.0, true) ==
          Approx(hdd_mean_access_time(hdd, 64e3, 0.25, 1.0)));
    HddSpec slow_writes = hdd;
    slow_writes.write_command_overhead_s = hdd.command_overhead_s + 1e-3;
    CHECK(hdd_mean_access_time(slow_writes, 64e3, 0.25, 1.0, true) -
              hdd_mean_access_time(slow_writes, 64e3, 0.25, 1.0) ==
          Approx(1e-3));
}

TEST_CASE("Write cache window: buffer over write size, floored, bounded") {
    HddSpec hdd = test::hdd_7200().hdd;                // 16 MiB
    CHECK(hdd_write_cache_window(hdd, 100e3) == 167);  // 16777216 / 100000 = 167.8
    hdd.cache_bytes = 1048576.0;
    CHECK(hdd_write_cache_window(hdd, 3000.0) == 349);  // 1048576 / 3000 = 349.5
    CHECK(hdd_write_cache_window(hdd, 100.0) == 512);   // below a sector counts as a sector
}

TEST_CASE("Lambert W0 at known points (Corless et al. 1996)") {
    CHECK(lambert_w0(-0.1) == Approx(-0.1118325591589630).epsilon(1e-12));
    // The branch point: W0(-1/e) = -1 (1 + e x rounds below 0 there; it used to give NaN).
    CHECK(lambert_w0(-std::exp(-1.0)) == Approx(-1.0).margin(1e-6));
    // Just above it W0 ~ -1 + sqrt(2 (1 + e x)) (Corless et al. 1996, eq. 4.22): finite, > -1.
    const double near = lambert_w0(-std::exp(-1.0) + 1e-10);
    CHECK(near > -1.0);
    CHECK(near == Approx(-1.0 + std::sqrt(2.0 * std::exp(1.0) * 1e-10)).margin(1e-8));
    CHECK(lambert_w0(-0.3) == Approx(-0.4894022271802149).epsilon(1e-12));
    // Desnoyers 2012 at op = 28%: a = 1.28, A = a / (a + W0(-a e^-a)).
    const double a = 1.28;
    CHECK(write_amplification(0.28) == Approx(a / (a + lambert_w0(-a * std::exp(-a)))));
}

TEST_CASE("SSD demands keep the read and the write latency apart") {
    const SsdSpec ssd = test::ssd_sata().ssd;  // read 90 us, write 30 us
    REQUIRE(ssd.read_latency_s != ssd.write_latency_s);
    CHECK(ssd_read_demand(ssd, 4096).flash_s == Approx(90e-6));
    CHECK(ssd_write_demand(ssd, 4096, true).flash_s == Approx(30e-6));
    CHECK(ssd_write_demand(ssd, 4096, false).flash_s == Approx(30e-6));
    SECTION("a write below one 4 KiB page costs a whole page of bandwidth") {
        CHECK(ssd_write_demand(ssd, 512, true).bandwidth_s == Approx(4096.0 / 530e6));
        CHECK(ssd_write_demand(ssd, 8192, true).bandwidth_s == Approx(8192.0 / 530e6));
    }
    SECTION("reads stream at the sequential read rate") {
        CHECK(ssd_read_demand(ssd, 1e6).bandwidth_s == Approx(1e6 / 560e6));
    }
    SECTION("random writes: the slower of the page rate and the steady-state IOPS") {
        SsdSpec s = ssd;
        s.write_iops_steady_state = true;
        s.random_write_iops = 200000;  // 5 us per page, faster than the 7.7 us page rate
        CHECK(ssd_write_demand(s, 8192, false).bandwidth_s == Approx(2 * 4096.0 / 530e6));
    }
    SECTION("parallelism is at least one request") {
        SsdSpec s = ssd;
        s.random_read_iops = 5000;  // 5000 x 90 us = 0.45
        CHECK(ssd_parallelism(s) == 1.0);
    }
    SECTION("steady writes go at the rate after the SLC write cache where one is given") {
        SsdSpec qlc = ssd;
        qlc.sustained_write_Bps = 80e6;  // Samsung 870 QVO 1 TB after TurboWrite
        CHECK(ssd_sustained_write_Bps(qlc) == Approx(80e6));
        CHECK(ssd_write_demand(qlc, 1e6, true).bandwidth_s == Approx(1e6 / 80e6));
        // Random writes: the sustained rate over the write amplification, below the burst IOPS.
        const double wa = write_amplification(qlc.over_provisioning);
        CHECK(ssd_write_demand(qlc, 4096, false).bandwidth_s == Approx(4096.0 / (80e6 / wa)));
        // None given, or one above the burst rate: the data sheet's sequential rate holds.
        qlc.sustained_write_Bps = 0.0;
        CHECK(ssd_write_demand(qlc, 1e6, true).bandwidth_s == Approx(1e6 / 530e6));
        qlc.sustained_write_Bps = 900e6;
        CHECK(ssd_sustained_write_Bps(qlc) == Approx(530e6));
    }
}
