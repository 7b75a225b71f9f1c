#include <catch2/catch.hpp>
#include <cmath>

#include "components/ssd_model.h"
#include "fixtures.h"

using namespace raidadv;

TEST_CASE("Lambert W0 inverts w e^w") {
    for (double x : {-0.36, -0.3, -0.2, -0.1, -0.01}) {
        const double w = lambert_w0(x);
        CHECK(w * std::exp(w) == Approx(x).epsilon(1e-10));
        CHECK(w >= -1.0);
    }
}

TEST_CASE("Write amplification follows Desnoyers (SYSTOR 2012)") {
    // Values quoted in the modeling notes: about 7.8 at 7%, 2.5 at 28%, 1.7 at 50%.
    CHECK(write_amplification(0.07) == Approx(7.8).epsilon(0.03));
    CHECK(write_amplification(0.28) == Approx(2.5).epsilon(0.05));
    CHECK(write_amplification(0.50) == Approx(1.7).epsilon(0.06));
    CHECK(write_amplification(0.07) > write_amplification(0.28));
}

TEST_CASE("SSD parallelism and demands") {
    const SsdSpec ssd = test::ssd_sata().ssd;
    // Little's law: 98,000 IOPS x 90 us = 8.82 requests in flight.
    CHECK(ssd_parallelism(ssd) == Approx(8.82));
    const SsdDemand r = ssd_read_demand(ssd, 4096);
    CHECK(r.flash_s == Approx(90e-6));
    CHECK(r.bandwidth_s == Approx(4096 / 560e6));
    SECTION("random writes pay cleaning, sequential ones do not") {
        const SsdDemand seq = ssd_write_demand(ssd, 4096, true);
        const SsdDemand rnd = ssd_write_demand(ssd, 4096, false);
        CHECK(seq.bandwidth_s == Approx(4096 / 530e6));
        // Not steady-state: 530e6 / 4096 / A(7%) IOPS.
        CHECK(rnd.bandwidth_s == Approx(4096.0 * write_amplification(0.07) / 530e6));
    }
    SECTION("a fresh drive writes at its data sheet's burst rates (SNIA PTS: fresh out of box)") {
        SsdSpec s = ssd;
        s.sustained_write_Bps = 160e6;  // after an SLC write cache
        CHECK(ssd_write_demand(s, 4096, true).bandwidth_s == Approx(4096 / 160e6));
        CHECK(ssd_write_demand(s, 4096, true, true).bandwidth_s == Approx(4096 / 530e6));
        // Random: 88,000 IOPS from the data sheet, against 160e6 / 4096 / A(7%) in service.
        CHECK(ssd_write_demand(s, 4096, false, true).bandwidth_s == Approx(1.0 / 88000));
        CHECK(ssd_write_demand(s, 4096, false).bandwidth_s ==
              Approx(4096.0 * write_amplification(0.07) / 160e6));
        // A data sheet's steady-state figure paid A(7%) = 7.8 programs a write; a fresh drive
        // pays one: 10,000 x 7.8 = 78,000 IOPS, below the burst 530e6 / 4096 = 129,400.
        s.write_iops_steady_state = true;
        s.random_write_iops = 10000;
        CHECK(ssd_write_demand(s, 4096, false, true).bandwidth_s ==
              Approx(1.0 / (10000 * write_amplification(0.07))));
        CHECK(ssd_write_demand(s, 4096, false).bandwidth_s == Approx(1.0 / 10000));
        // 20,000 x 7.8 = 156,000 would pass the burst rate: the burst rate it is.
        s.random_write_iops = 20000;
        CHECK(ssd_write_demand(s, 4096, false, true).bandwidth_s == Approx(4096 / 530e6));
        // The span does not matter to a fresh drive: there is no cleaning to share the spare.
        CHECK(ssd_write_demand(s, 4096, false, true, 0.1).bandwidth_s == Approx(4096 / 530e6));
    }
    SECTION("a steady-state datasheet figure is used as given") {
        SsdSpec s = ssd;
        s.write_iops_steady_state = true;
        s.random_write_iops = 20000;
        CHECK(ssd_write_demand(s, 4096, false).bandwidth_s == Approx(1.0 / 20000));
    }
    SECTION("random writes over part of the drive have its spare space to themselves") {
        SsdSpec s = ssd;
        s.sustained_write_Bps = 400e6;
        // A tenth of the drive written: over-provisioning 7% / 0.1 = 70% for it.
        CHECK(ssd_write_demand(s, 4096, false, false, 0.1).bandwidth_s ==
              Approx(4096.0 * write_amplification(0.7) / 400e6));
        CHECK(ssd_write_demand(s, 4096, false, false, 1.0).bandwidth_s ==
              Approx(ssd_write_demand(s, 4096, false).bandwidth_s));
        // Never faster than the data sheet's random writes, nor sequential writes affected.
        CHECK(ssd_write_demand(s, 4096, false, false, 1e-4).bandwidth_s == Approx(1.0 / 88000));
        CHECK(ssd_write_demand(s, 4096, true, false, 0.1).bandwidth_s ==
              Approx(ssd_write_demand(s, 4096, true).bandwidth_s));
        // A data sheet's steady-state IOPS (whole drive) scale by A(7%) / A(70%), up to the
        // sustained write rate.
        s.write_iops_steady_state = true;
        s.random_write_iops = 10000;
        CHECK(ssd_write_demand(s, 4096, false, false, 0.1).bandwidth_s ==
              Approx(write_amplification(0.7) / write_amplification(0.07) / 10000));
        CHECK(ssd_write_demand(s, 4096, false, false, 1e-4).bandwidth_s ==
              Approx(write_amplification(700.0) / write_amplification(0.07) / 10000));
        s.random_write_iops = 20000;  // x A(7%) = 156,000: above the sustained 97,656
        CHECK(ssd_write_demand(s, 4096, false, false, 1e-4).bandwidth_s == Approx(4096.0 / 400e6));
    }
}

SCENARIO("A write is done once the drive's buffer holds it; the flash programs it later") {
    GIVEN("the fixture's SATA SSD (9 flash units, 30 us write latency, 530 MB/s)") {
        const SsdSpec ssd = test::ssd_sata().ssd;
        const int units = ssd_flash_units(ssd);
        REQUIRE(units == 9);
        WHEN("it takes a 4 KiB random write") {
            const SsdWriteStages w = ssd_write_stages(ssd, 4096, false);
            THEN("the host waits for the buffer and the transfer, not for the cleaning") {
                CHECK(w.accept_s == Approx(30e-6));
                CHECK(w.transfer_s == Approx(4096 / 530e6));
                // The units together program at the steady-state rate: each write loads them
                // with units x (1 / that rate).
                CHECK(w.program_s ==
                      Approx(units * ssd_write_demand(ssd, 4096, false).bandwidth_s));
                CHECK(w.program_units == 1);
                CHECK(units / w.program_s ==
                      Approx(1.0 / ssd_write_demand(ssd, 4096, false).bandwidth_s));
            }
        }
        WHEN("it takes a 64 KiB sequential write") {
            const SsdWriteStages w = ssd_write_stages(ssd, 65536, true);
            THEN("its 16 pages spread over every unit, at the sustained write rate") {
                CHECK(w.program_units == units);
                CHECK(w.program_s == Approx(units * 65536 / 530e6));
            }
        }
        WHEN("a fresh drive or a tenth of it is written") {
            THEN("the programs cost what ssd_write_demand says for that state") {
                CHECK(ssd_write_stages(ssd, 4096, false, true).program_s ==
                      Approx(units * ssd_write_demand(ssd, 4096, false, true).bandwidth_s));
                CHECK(ssd_write_stages(ssd, 4096, false, false, 0.1).program_s ==
                      Approx(units * ssd_write_demand(ssd, 4096, false, false, 0.1).bandwidth_s));
            }
        }
        THEN("the simulator's buffer holds sixteen programs per flash unit") {
            CHECK(ssd_buffer_programs(ssd) == 16 * units);
        }
    }
}
