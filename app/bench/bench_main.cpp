// raid-advisor-bench: what an answer costs. Google Benchmark timings of the analytic model
// (raidadv::evaluate) and of the discrete-event simulator (raidadv::sim::simulate) on four
// systems under a 4 KiB random 70% read workload at 1, 8 and 64 outstanding requests; and
//   raid-advisor-bench --compare [--json]
//   raid-advisor-bench --advisor [--json] [--whole-catalog | PROJECT ...]   (bench_advisor.cpp)
// which, per case, runs the simulator with more and more jobs until its 95% confidence interval
// of the mean response is as tight as the analytic model's own error against it (at least 2%),
// and reports the seconds each method needs for its answer and the speed-up.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "evaluate/evaluator.h"
#include "fixtures.h"
#include "sim/simulator.h"

namespace {

using namespace raidadv;

// Inline hardware with round datasheet-like figures, shared with the tests
// (tests/support/fixtures.h), so that the timings do not depend on the catalog.

System plain_system(const std::string& name, DriveSpec drive, RaidLevel level, int drives) {
    System s = test::plain_system(std::move(drive), level, drives);
    s.name = name;
    return s;
}

/// 4 KiB random requests, 70% reads, at one concurrency.
Workload random_4k_70(int concurrency) {
    Workload w = test::request_workload(4096.0, 0.7, 0.0, {concurrency});
    w.name = "4 KiB random, 70% read";
    return w;
}

/// RAID 5 of eight drives behind a RAID controller with 1 GiB of battery-backed write-back
/// cache: the write rate's fixed point and the sorted destages (docs/model.md section 1).
System cached_raid5() {
    System s = test::caching_raid(RaidLevel::Raid5, 8, 1024.0 * 1024.0 * 1024.0);
    s.name = "RAID 5 x 8 HDD, 1 GiB write-back cache";
    s.controller.battery_backed = true;
    s.write_back_cache = true;
    return s;
}

struct SystemCase {
    const char* id;     ///< benchmark name part
    const char* label;  ///< for people
    System system;
};

std::vector<SystemCase> systems() {
    return {
        {"hdd_single", "single HDD",
         plain_system("single HDD", test::hdd_7200(), RaidLevel::Simple, 1)},
        {"raid5_8hdd", "RAID 5 x 8 HDD",
         plain_system("RAID 5 x 8 HDD", test::hdd_7200(), RaidLevel::Raid5, 8)},
        {"raid10_8ssd", "RAID 10 x 8 SSD",
         plain_system("RAID 10 x 8 SSD", test::ssd_sata(), RaidLevel::Raid10, 8)},
        {"raid5_8hdd_cached", "RAID 5 x 8 HDD, 1 GiB write-back cache", cached_raid5()},
    };
}

constexpr int kConcurrencies[] = {1, 8, 64};

void register_benchmarks() {
    for (const SystemCase& c : systems()) {
        for (int qd : kConcurrencies) {
            const std::string suffix = std::string(c.id) + "/qd" + std::to_string(qd);
            benchmark::RegisterBenchmark(("evaluate/" + suffix).c_str(),
                                         [system = c.system, qd](benchmark::State& state) {
                                             const Workload w = random_4k_70(qd);
                                             for (auto _ : state) {
                                                 benchmark::DoNotOptimize(evaluate(system, w));
                                             }
                                         })
                ->Unit(benchmark::kMicrosecond);
            benchmark::RegisterBenchmark(
                ("simulate/" + suffix).c_str(),
                [system = c.system, qd](benchmark::State& state) {
                    const Workload w = random_4k_70(qd);
                    long long jobs = 0;
                    for (auto _ : state) {
                        const sim::SimEvaluation e = sim::simulate(system, w);
                        jobs += e.points.front().jobs;
                        benchmark::DoNotOptimize(e);
                    }
                    state.counters["jobs/s"] =
                        benchmark::Counter(static_cast<double>(jobs), benchmark::Counter::kIsRate);
                })
                ->Unit(benchmark::kMillisecond);
        }
    }
}

// --- --compare --------------------------------------------------------------------------------

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Limits on the effort per case.
constexpr int kMaxJobsPerBatch = 250'000;     ///< 5 M jobs with the default 20 batches
constexpr double kMaxSecondsPerCase = 120.0;  ///< wall time over all attempts of one case
constexpr double kMinTargetPct = 2.0;

struct Comparison {
    std::string name;
    double analytic_seconds = 0;
    double analytic_mean_s = 0;
    double simulation_seconds = 0;  ///< the run that reached the precision (or the last one)
    double simulated_mean_s = 0;
    double ci_half_width_pct = 0;
    double model_error_pct = 0;  ///< |analytic - simulated| / simulated mean response
    double target_pct = 0;
    long long jobs = 0;
    int attempts = 0;
    bool capped = false;     ///< stopped by the effort limits before reaching the target
    bool truncated = false;  ///< the simulator's own bounds cut the final run short
};

Comparison compare(const SystemCase& c, int qd) {
    Comparison r;
    r.name = std::string(c.label) + ", QD " + std::to_string(qd);
    const Workload w = random_4k_70(qd);

    // Analytic: average over enough repetitions for a stable time (after one untimed call; the
    // process-wide one-time setup is measured separately, see one_time_setup_seconds).
    evaluate(c.system, w);
    int reps = 0;
    const Clock::time_point start = Clock::now();
    Evaluation e;
    do {
        e = evaluate(c.system, w);
        ++reps;
    } while (reps < 20 || seconds_since(start) < 0.2);
    r.analytic_seconds = seconds_since(start) / reps;
    r.analytic_mean_s = e.points.front().mean_response_s;

    // The search starts at the simulator's default precision (20 batches of 500 jobs): smaller
    // batches would make the batch means correlated and the interval too narrow.
    sim::SimOptions options;
    const Clock::time_point case_start = Clock::now();
    for (;;) {
        const Clock::time_point run_start = Clock::now();
        const sim::SimEvaluation s = sim::simulate(c.system, w, options);
        r.simulation_seconds = seconds_since(run_start);
        ++r.attempts;
        const sim::SimPoint& p = s.points.front();
        r.simulated_mean_s = p.metrics.mean_response_s;
        r.jobs = p.jobs;
        r.truncated = p.truncated;
        r.ci_half_width_pct = 100.0 * p.mean_response_ci_s / p.metrics.mean_response_s;
        r.model_error_pct =
            100.0 * std::fabs(r.analytic_mean_s - r.simulated_mean_s) / r.simulated_mean_s;
        r.target_pct = std::max(r.model_error_pct, kMinTargetPct);
        if (r.ci_half_width_pct <= r.target_pct) {
            break;
        }
        if (options.min_jobs_per_batch >= kMaxJobsPerBatch ||
            seconds_since(case_start) >= kMaxSecondsPerCase || p.truncated) {
            r.capped = true;
            break;
        }
        // The half-width shrinks with the square root of the jobs: aim a little past the target.
        const double factor = std::pow(r.ci_half_width_pct / r.target_pct, 2.0) * 1.2;
        const double next = options.min_jobs_per_batch * std::clamp(factor, 1.5, 16.0);
        options.min_jobs_per_batch = static_cast<int>(std::min<double>(next, kMaxJobsPerBatch));
    }
    return r;
}

/// The analytic model builds a table once per process (order statistics of the normal
/// distribution, core/queueing/order_statistics.cpp) on the first fork-join evaluation: the cost
/// of the first such call above a repeated one.
double one_time_setup_seconds() {
    const System raid5 = plain_system("setup", test::hdd_7200(), RaidLevel::Raid5, 8);
    const Workload w = random_4k_70(1);
    Clock::time_point start = Clock::now();
    evaluate(raid5, w);
    const double first = seconds_since(start);
    start = Clock::now();
    evaluate(raid5, w);
    return std::max(0.0, first - seconds_since(start));
}

int run_compare(bool json) {
    const double setup_s = one_time_setup_seconds();
    std::vector<Comparison> results;
    for (const SystemCase& c : systems()) {
        for (int qd : kConcurrencies) {
            results.push_back(compare(c, qd));
            if (!json) {
                std::cerr << "." << std::flush;
            }
        }
    }
    if (json) {
        nlohmann::json cases = nlohmann::json::array();
        for (const Comparison& r : results) {
            cases.push_back({
                {"name", r.name},
                {"analytic_seconds", r.analytic_seconds},
                {"simulation_seconds", r.simulation_seconds},
                {"ci_half_width_pct", r.ci_half_width_pct},
                {"speedup", r.simulation_seconds / r.analytic_seconds},
                {"model_error_pct", r.model_error_pct},
                {"target_pct", r.target_pct},
                {"jobs", r.jobs},
                {"capped", r.capped},
            });
        }
        std::cout << nlohmann::json{{"cases", cases}, {"analytic_one_time_setup_seconds", setup_s}}
                         .dump(2)
                  << "\n";
        return 0;
    }
    std::cerr << "\n";
    std::printf(
        "Analytic model vs simulation at a precision matching the model's error\n"
        "(4 KiB random, 70%% read; the simulation's 95%% CI half-width of the mean response\n"
        "must be within the model's error against it, at least %.0f%%)\n\n",
        kMinTargetPct);
    std::printf("%-26s %12s %13s %10s %8s %10s %11s\n", "case", "analytic s", "simulation s",
                "jobs", "CI ±%", "model err%", "speed-up");
    for (const Comparison& r : results) {
        std::printf("%-26s %12.3g %13.3g %10lld %7.2f%s %10.2f %10.0fx\n", r.name.c_str(),
                    r.analytic_seconds, r.simulation_seconds, r.jobs, r.ci_half_width_pct,
                    r.capped ? "*" : " ", r.model_error_pct,
                    r.simulation_seconds / r.analytic_seconds);
    }
    std::printf(
        "\nAnalytic times are per evaluation once the model's tables exist; building them "
        "costs %.3g s\nonce per process, on the first evaluation with a fork-join "
        "(striped) layout.\n",
        setup_s);
    if (std::any_of(results.begin(), results.end(), [](const Comparison& r) { return r.capped; })) {
        std::printf(
            "\n* target not reached within the effort limit (%d jobs per batch, %.0f s "
            "per case)\n",
            kMaxJobsPerBatch, kMaxSecondsPerCase);
    }
    return 0;
}

}  // namespace

int run_advisor_bench(const std::vector<std::string>& files, bool json,
                      bool whole_catalog_only);  // bench_advisor.cpp

int main(int argc, char** argv) {
    if (argc > 1 && std::strcmp(argv[1], "--advisor") == 0) {
        std::vector<std::string> files;
        bool as_json = false;
        bool whole_catalog_only = false;
        for (int i = 2; i < argc; ++i) {
            if (std::strcmp(argv[i], "--json") == 0) {
                as_json = true;
            } else if (std::strcmp(argv[i], "--whole-catalog") == 0) {
                whole_catalog_only = true;
            } else {
                files.emplace_back(argv[i]);
            }
        }
        return run_advisor_bench(files, as_json, whole_catalog_only);
    }
    bool compare_mode = false;
    bool json = false;
    for (int i = 1; i < argc; ++i) {
        compare_mode = compare_mode || std::strcmp(argv[i], "--compare") == 0;
    }
    if (compare_mode) {
        for (int i = 1; i < argc; ++i) {
            if (std::strcmp(argv[i], "--json") == 0) {
                json = true;
            } else if (std::strcmp(argv[i], "--compare") != 0) {
                std::cerr << "raid-advisor-bench: unknown option '" << argv[i]
                          << "' with --compare\nusage: raid-advisor-bench --compare [--json]\n"
                             "       raid-advisor-bench [benchmark options, see --help]\n";
                return 2;
            }
        }
        return run_compare(json);
    }
    register_benchmarks();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
        return 2;
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
