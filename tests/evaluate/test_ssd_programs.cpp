// An SSD's writes are done once its buffer holds them; the flash programs them in the
// background, on the units the reads need (components/ssd_model.h, ssd_write_stages: Agrawal et
// al., USENIX ATC 2008; Wu & He, FAST 2012). So a write at one outstanding request does not
// wait for the steady-state cleaning, deep writes still run at the steady-state rate, and a
// read-write mix shares the flash: its rate is the harmonic mean of the pure rates, and its
// reads wait for programs in progress. Model against simulator for the mix.
#include <catch2/catch.hpp>

#include "components/ssd_model.h"
#include "evaluate/evaluator.h"
#include "fixtures.h"
#include "sim/simulator.h"

using namespace raidadv;

namespace {

/// The fixture's SATA SSD with a data sheet's steady-state random writes of 20,000 IOPS, alone
/// on a generous link (the flash, not the lane, is what these tests are about).
System one_ssd() {
    DriveSpec d = test::ssd_sata();
    d.ssd.random_write_iops = 20000;
    d.ssd.write_iops_steady_state = true;
    System s = test::plain_system(d, RaidLevel::Simple, 1);
    s.drive_link.bandwidth_Bps = 6e9;
    return s;
}

double rate(const System& s, double read_fraction, int outstanding) {
    const Evaluation e =
        evaluate(s, test::request_workload(4096, read_fraction, 0.0, {outstanding}));
    REQUIRE_FALSE(e.points.front().saturated);
    return e.points.front().iops;
}

}  // namespace

SCENARIO("An SSD's writes are buffered; its programs share the flash with its reads") {
    GIVEN("one SATA SSD writing 20,000 random 4 KiB writes a second in steady state") {
        const System s = one_ssd();
        WHEN("one write is outstanding") {
            const Evaluation e = evaluate(s, test::request_workload(4096, 0.0, 0.0, {1}));
            THEN("it waits for the buffer, not for 1 / 20,000 s of cleaning on top of it") {
                // Before: write latency + 50 us of cleaning in the foreground (about 100 us
                // with the host). Now about the host's, the link's and the buffer's 30 us.
                const double r = e.points.front().mean_response_s;
                CHECK(r < s.drive.ssd.write_latency_s + 1.0 / 20000.0);
                CHECK(r > s.drive.ssd.write_latency_s);
            }
        }
        WHEN("many writes are outstanding") {
            THEN("they run at the steady-state rate, and no faster") {
                CHECK(rate(s, 0.0, 64) == Approx(20000).epsilon(0.02));
            }
        }
        WHEN("reads and writes mix 70/30 at a deep queue") {
            THEN("they share the flash units: the harmonic mean of the pure rates") {
                const double reads = rate(s, 1.0, 256);
                const double writes = rate(s, 0.0, 256);
                const double mix = rate(s, 0.7, 256);
                // The reads' units and the programs were separate stages before: the mix ran
                // 9% above this (49,700 against 45,500 a second).
                CHECK(mix == Approx(1.0 / (0.7 / reads + 0.3 / writes)).epsilon(0.03));
            }
        }
        WHEN("reads and writes mix 70/30 at 4 outstanding") {
            const Workload w = test::request_workload(4096, 0.7, 0.0, {4});
            const Evaluation a = evaluate(s, w);
            sim::SimOptions o;
            o.min_jobs_per_batch = 4000;
            const sim::SimEvaluation m = sim::simulate(s, w, o);
            THEN("the reads wait for programs in progress, as in the simulator") {
                const double reads_alone = evaluate(s, test::request_workload(4096, 1.0, 0.0, {4}))
                                               .points.front()
                                               .mean_response_s;
                CHECK(a.points.front().mean_response_s > reads_alone);
                CHECK(a.points.front().mean_response_s ==
                      Approx(m.points.front().metrics.mean_response_s).epsilon(0.10));
            }
        }
    }
}
