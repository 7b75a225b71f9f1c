// Linux md's bitmap updates with closed jobs writing in step (evaluate/md_bitmap_in_step.h):
// the closed form against the exact chain it stands for, and the model against the simulator
// where every write needs an update.

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "evaluate/evaluator.h"
#include "evaluate/md_bitmap_in_step.h"
#include "fixtures.h"
#include "sim/simulator.h"

using namespace raidadv;

namespace {

constexpr double KiB = 1024.0;

/// The gate as a Markov chain embedded at update starts (the state: the batch B), every batch
/// needing an update: during one (b long) each of the n - B others comes back with
/// q = 1 - e^(-b / r), r the mean of its exponential time away; those that came form the next
/// batch, or with none the gate idles until the next comes back (r / n on average) and serves
/// it alone. Returns the mean time a write waits for the update running when it comes.
double chain_wait(int n, double b, double r) {
    const double q = -std::expm1(-b / r);
    const double arrival = r - b * std::exp(-b / r) / q;  // E[T | T < b]
    std::vector<std::vector<double>> binom(n + 1, std::vector<double>(n + 1, 0.0));
    for (int m = 0; m <= n; ++m) {
        for (int a = 0; a <= m; ++a) {
            binom[m][a] = std::tgamma(m + 1.0) / (std::tgamma(a + 1.0) * std::tgamma(m - a + 1.0)) *
                          std::pow(q, a) * std::pow(1.0 - q, m - a);
        }
    }
    std::vector<double> pi(n + 1, 0.0), sum(n + 1, 0.0);
    pi[1] = 1.0;
    const int steps = 4000;  // (a Cesaro mean: the chain may alternate between two batches)
    for (int k = 0; k < steps; ++k) {
        std::vector<double> next(n + 1, 0.0);
        for (int batch = 1; batch <= n; ++batch) {
            for (int a = 0; a <= n - batch; ++a) {
                next[a >= 1 ? a : 1] += pi[batch] * binom[n - batch][a];
            }
        }
        pi = next;
        for (int batch = 1; batch <= n; ++batch) {
            sum[batch] += pi[batch] / steps;
        }
    }
    double writes = 0.0, waited = 0.0;
    for (int batch = 1; batch <= n; ++batch) {
        writes += sum[batch] * batch;
        for (int a = 1; a <= n - batch; ++a) {
            waited += sum[batch] * binom[n - batch][a] * a * (b - arrival);
        }
    }
    return waited / writes;
}

}  // namespace

TEST_CASE("md bitmap in step: the closed form follows the chain at update starts") {
    // Every batch needing an update (clear share 1); the updates at least as long as the jobs'
    // time away, where the in-step account carries weight (md_bitmap_visits.cpp: q).
    for (const int n : {2, 4, 8, 16}) {
        for (const double ratio : {2.0, 4.0}) {
            const double r = 0.010, b = ratio * r;
            const double wait = chain_wait(n, b, r);
            // the chain's write rate: each job's cycle is its time away, its wait and its update
            const double x = n / (r + wait + b);
            const double batch = std::min(x * b, std::max(1.0, n / 2.0));
            const InStepWait closed =
                md_bitmap_in_step_wait({n, x, b, 1.0, std::max(1.0, batch), 1.0, 0.0});
            INFO(n << " jobs, b / r = " << ratio << ": chain " << wait * 1e3 << " ms, closed form "
                   << closed.wait_s * 1e3 << " ms");
            CHECK(closed.wait_s == Approx(wait).epsilon(0.1));
            CHECK(closed.back_in_time > 0.8);
        }
    }
    // One job: nobody else's update to wait for.
    CHECK(md_bitmap_in_step_wait({1, 20.0, 0.03, 1.0, 1.0, 1.0, 0.0}).wait_s == 0.0);
}

SCENARIO("md bitmap in step: random writes over whole disks against the simulator") {
    GIVEN("4 KiB random writes over whole arrays of 7200 rpm disks, every write needing a bit") {
        const auto md = [](RaidLevel level, int drives, double chunk) {
            System s = test::plain_system(test::hdd_7200(), level, drives);
            s.controller.chunk_split = true;  // linux-md
            s.layout.stripe_unit_bytes = chunk;
            s.layout.md_bitmap = MdBitmap::Auto;
            return s;
        };
        sim::SimOptions o;
        o.min_jobs_per_batch = 1500;
        o.warmup_jobs = 500;
        WHEN("md RAID 5 of seven at 2, 4 and 16 in flight") {
            const System s = md(RaidLevel::Raid5, 7, 256.0 * KiB);
            const Workload w = test::request_workload(4 * KiB, 0.0, 0.0, {2, 4, 16});
            const Evaluation model = evaluate(s, w);
            const sim::SimEvaluation simulated = sim::simulate(s, w, o);
            THEN("the model is within 15% of the simulator (before stop 56: 30-41% fast)") {
                for (std::size_t i = 0; i < model.points.size(); ++i) {
                    const double m = model.points[i].mean_response_s;
                    const double sim_r = simulated.points[i].metrics.mean_response_s;
                    INFO(model.points[i].concurrency << " in flight: model " << m * 1e3
                                                     << " ms, simulated " << sim_r * 1e3 << " ms");
                    CHECK(std::abs(m - sim_r) <= 0.15 * sim_r);
                }
            }
        }
        WHEN("md RAID 1 of two at 16 in flight") {
            const System s = md(RaidLevel::Raid1, 2, 512.0 * KiB);
            const Workload w = test::request_workload(4 * KiB, 0.0, 0.0, {16});
            const double m = evaluate(s, w).points.at(0).mean_response_s;
            const double sim_r = sim::simulate(s, w, o).points.at(0).metrics.mean_response_s;
            INFO("model " << m * 1e3 << " ms, simulated " << sim_r * 1e3 << " ms");
            THEN("the model is within 25% of the simulator (before stop 56: 57% slow)") {
                CHECK(std::abs(m - sim_r) <= 0.25 * sim_r);
            }
        }
    }
}
