// Calibration: runs "measured" by the simulator (core/sim, with 3% noise) on a system whose SSD
// latencies and controller command rate are known; the project believes other values; the fit
// must recover the true ones. Also: refusal with too few runs, and parameters the runs cannot
// tell apart.

#include <catch2/catch.hpp>
#include <random>

#include "fixtures.h"
#include "measure/calibrate.h"
#include "sim/simulator.h"

using namespace raidadv;
using namespace raidadv::measure;

namespace {

/// The true machine: four SATA SSDs striped behind an HBA that takes 60,000 commands a second.
System true_system() {
    System s = test::plain_system(test::ssd_sata(), RaidLevel::Raid0, 4);
    s.controller.max_iops = 60000;
    return s;
}

/// What the project says before calibration: latencies and command rate off by 2.5 to 5 times.
System believed_system() {
    System s = true_system();
    s.drive.ssd.read_latency_s = 250e-6;   // true 90 us
    s.drive.ssd.write_latency_s = 100e-6;  // true 30 us
    s.controller.max_iops = 300000;        // true 60,000
    return s;
}

/// One run: the simulator's mean response at one load point, times (1 + 3% Gaussian noise).
MeasuredRun simulated_run(const System& truth, double read_fraction, int depth,
                          std::mt19937_64& rng) {
    MeasuredRun run;
    run.workload = test::request_workload(4096, read_fraction, 0.0, {depth});
    run.name = "4 KiB, " + std::to_string(static_cast<int>(read_fraction * 100)) + "% reads @ " +
               std::to_string(depth);
    sim::SimOptions options;
    options.seed = 7 + static_cast<std::uint64_t>(depth);
    options.min_jobs_per_batch = 300;
    options.warmup_jobs = 300;
    const auto result = sim::simulate(truth, run.workload, options);
    std::normal_distribution<double> noise(0.0, 0.03);
    run.measured.concurrency = depth;
    run.measured.mean_response_s = result.points.at(0).metrics.mean_response_s * (1 + noise(rng));
    run.measured.iops = depth / run.measured.mean_response_s;
    return run;
}

std::vector<MeasuredRun> simulated_runs() {
    const System truth = true_system();
    std::mt19937_64 rng(27);
    std::vector<MeasuredRun> runs;
    for (const auto& [reads, depth] : std::vector<std::pair<double, int>>{
             {1.0, 1}, {1.0, 4}, {1.0, 64}, {1.0, 128}, {0.0, 1}, {0.0, 2}, {0.0, 96}, {0.7, 16}}) {
        runs.push_back(simulated_run(truth, reads, depth, rng));
    }
    return runs;
}

std::vector<const CalibrationParameter*> keys(std::initializer_list<const char*> names) {
    std::vector<const CalibrationParameter*> out;
    for (const char* n : names) {
        const auto* p = find_calibration_parameter(n);
        REQUIRE(p != nullptr);
        out.push_back(p);
    }
    return out;
}

}  // namespace

TEST_CASE(
    "Calibration recovers SSD latencies and the controller's command rate from "
    "simulated runs") {
    const auto runs = simulated_runs();
    const auto params =
        keys({"drive.read_latency_us", "drive.write_latency_us", "controller.max_iops"});
    const CalibrationResult r = calibrate(believed_system(), runs, params);
    // Tolerance 15%: the analytic model and the simulator of the same SSD array differ by a
    // few percent at these points (docs/model.md section 4), and the runs carry 3% noise.
    CHECK(r.after[0] == Approx(90e-6).epsilon(0.15));
    CHECK(r.after[1] == Approx(30e-6).epsilon(0.15));
    CHECK(r.after[2] == Approx(60000).epsilon(0.15));
    CHECK(r.rms_log_after < r.rms_log_before / 5);
    CHECK(r.rms_log_after < 0.1);
    for (const RunFit& f : r.runs) {
        CHECK(std::fabs(f.error_after()) < 0.15);
    }
    CHECK(r.indistinct.empty());
    CHECK(r.fitted.drive.ssd.read_latency_s == r.after[0]);
    CHECK(r.fitted.controller.max_iops == r.after[2]);
}

TEST_CASE("Calibration refuses fewer runs than parameters") {
    auto runs = simulated_runs();
    runs.resize(2);
    const auto params =
        keys({"drive.read_latency_us", "drive.write_latency_us", "controller.max_iops"});
    try {
        calibrate(believed_system(), runs, params);
        FAIL("no refusal");
    } catch (const CalibrationError& e) {
        CHECK(std::string(e.what()).find("2 measured run(s) cannot fit 3 parameters") !=
              std::string::npos);
    }
}

TEST_CASE("Calibration names parameters the runs cannot tell apart") {
    // Reads at queue depth 1 only: the SSD's read latency and the host's per-request overhead
    // both add to every response and nothing else; and no run writes.
    const System truth = true_system();
    std::mt19937_64 rng(5);
    std::vector<MeasuredRun> runs = {simulated_run(truth, 1.0, 1, rng),
                                     simulated_run(truth, 1.0, 1, rng),
                                     simulated_run(truth, 1.0, 1, rng)};
    System believed = believed_system();
    believed.host.per_request_overhead_s = 20e-6;
    const auto params =
        keys({"drive.read_latency_us", "host.per_request_overhead_us", "drive.write_latency_us"});
    const CalibrationResult r = calibrate(believed, runs, params);
    bool together = false, no_writes = false;
    for (const Indistinct& g : r.indistinct) {
        const auto has = [&](const char* k) {
            return std::find(g.keys.begin(), g.keys.end(), k) != g.keys.end();
        };
        together =
            together || (has("drive.read_latency_us") && has("host.per_request_overhead_us"));
        no_writes = no_writes || (g.no_effect && has("drive.write_latency_us"));
    }
    CHECK(together);
    CHECK(no_writes);
    // The write latency the runs cannot see keeps its value.
    CHECK(r.fitted.drive.ssd.write_latency_s == believed.drive.ssd.write_latency_s);
    // The sum of the two that are told apart only together matches the measured response.
    CHECK(r.runs[0].error_after() == Approx(0).margin(0.05));
}

TEST_CASE("Estimated parameters come from the catalog sources") {
    System s = true_system();
    s.drive.info.id = "some-ssd";
    s.drive.info.source = "Vendor datasheet 2020; estimated: read_latency_us 90 (not published)";
    s.controller.info.id = "some-hba";
    s.controller.info.source = "Vendor brief; estimated: max_iops 1000000 (placeholder)";
    s.host.info.id = "some-host";
    s.host.info.source = "Measured by the vendor";  // nothing estimated
    const auto params = estimated_parameters(s);
    std::vector<std::string> names;
    for (const auto* p : params) {
        names.push_back(p->key);
    }
    CHECK(names == std::vector<std::string>{"drive.read_latency_us", "controller.max_iops"});
    s.drive.info.id.clear();  // inline: no catalog entry to calibrate
    CHECK(estimated_parameters(s).size() == 1);
}
