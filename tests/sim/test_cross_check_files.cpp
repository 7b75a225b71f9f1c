// The analytic model against the request-level simulator for whole-file reads: the path the
// request grid (cross_check_grid_test.cpp) does not take (per-file host work, metadata reads,
// file-system clusters read ahead, pipelined windows, the controller's command size limit). The
// hardware is the 1996 study's SSA profile (resources/validation/hauser-1996.json), the only
// profile whose file reads were measured; its 14 configurations are simulated as the study ran
// them. Where the two knowingly part, the cases are named and bounded, not hidden.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "catalog/catalog.h"
#include "evaluate/evaluator.h"
#include "sim/simulator.h"
#include "validation/statistics.h"
#include "validation/study_inputs.h"

using namespace raidadv;

namespace {

const validation::StudyInputs& hauser_study() {
    static const Catalog catalog = Catalog::open(RAID_CATALOG_DB);
    static const validation::StudyInputs inputs = validation::load_study(
        catalog, std::string(RAID_RESOURCES_DIR) + "/validation", "hauser-1996");
    return inputs;
}

const Project& hauser_project() {
    return hauser_study().project;
}

const Workload& workload_named(const std::string& name) {
    return validation::workload_named(hauser_project(), name);
}

const System& system_named(const std::string& name) {
    return validation::system_named(hauser_project(), name);
}

/// The preliminary study's larger files: 1 to 12.5 MB, taken as uniform (mean 6.75 MiB), read
/// whole (as resources/examples/advisor-stripe-1996.json asks the advisor).
Workload large_files(std::vector<int> concurrency) {
    Workload w = workload_named("Preliminary study large files, 6.42 MB mean");
    w.size = SizeDistribution{};
    w.size.kind = SizeDistribution::Kind::Uniform;
    w.size.min_bytes = 1.0 * 1024 * 1024;
    w.size.max_bytes = 12.5 * 1024 * 1024;
    w.concurrency = std::move(concurrency);
    return w;
}

struct Comparison {
    int concurrency = 0;
    double analytic_s = 0.0, simulated_s = 0.0, simulated_ci_s = 0.0;
    double error_pct() const { return 100.0 * (analytic_s - simulated_s) / simulated_s; }
};

std::vector<Comparison> compare(const System& s, const Workload& w, const sim::SimOptions& o) {
    const Evaluation a = evaluate(s, w);
    const sim::SimEvaluation m = sim::simulate(s, w, o);
    REQUIRE(a.points.size() == m.points.size());
    std::vector<Comparison> out;
    for (std::size_t i = 0; i < a.points.size(); ++i) {
        CHECK_FALSE(m.points[i].truncated);
        out.push_back({a.points[i].concurrency, a.points[i].mean_response_s,
                       m.points[i].metrics.mean_response_s, m.points[i].mean_response_ci_s});
    }
    return out;
}

/// Small files on few disks at 8 and 12 processes: the analytic model's interleaving of
/// streams (each later command of a cluster the controller splits repositions when another
/// stream came between, network_builder.cpp hdd_visit) costs more than the simulated drives
/// pay, which get each disk I/O as one command.
bool known_small_file_gap(const std::string& system, int concurrency) {
    const bool few_disks = system == "3 simple volumes" || system.rfind("4-disk RAID 0", 0) == 0;
    return few_disks && concurrency >= 8;
}

}  // namespace

TEST_CASE("Whole-file reads, 50-275 KB, 1-12 processes: analytic model against the simulator",
          "[sim][files][hauser-1996][slow]") {
    Workload w = workload_named("Image files, 50-275 KB, 1-12 processes");
    w.concurrency = {1, 2, 4, 8, 12};
    sim::SimOptions o;
    o.min_jobs_per_batch = 200;  // 4000 files per point: CI half-width about 1%
    o.warmup_jobs = 400;
    int total = 0, within10 = 0;
    double worst = 0.0;
    std::printf("\n%-42s %3s %9s %18s %7s\n", "system (50-275 KB files)", "N", "model ms",
                "simulated ms", "error");
    for (const System& s : hauser_project().systems) {
        const std::vector<Comparison> points = compare(s, w, o);
        std::vector<double> n, analytic, simulated;
        for (const Comparison& c : points) {
            const double err = c.error_pct();
            std::printf("%-42s %3d %9.1f %9.1f +- %5.1f %+6.1f%%\n", s.name.c_str(), c.concurrency,
                        c.analytic_s * 1e3, c.simulated_s * 1e3, c.simulated_ci_s * 1e3, err);
            INFO(s.name << ", " << c.concurrency << " processes: analytic " << c.analytic_s * 1e3
                        << " ms, simulated " << c.simulated_s * 1e3 << " ms (" << err << "%)");
            ++total;
            within10 += std::abs(err) <= 10.0;
            worst = std::max(worst, std::abs(err));
            n.push_back(c.concurrency);
            analytic.push_back(c.analytic_s);
            simulated.push_back(c.simulated_s);
            if (c.concurrency == 1) {
                CHECK(std::abs(err) <= 10.0);  // the study's single-process figures
            }
            // Under concurrency the model is never the faster one by more than 10%.
            CHECK(err >= -10.0);
            CHECK(err <= (known_small_file_gap(s.name, c.concurrency) ? 40.0 : 25.0));
        }
        // Where they part (more processes: the model slower), the measurements lie beyond the
        // model: the study's additional time per file per process is at least the model's,
        // and the model's at least the simulator's (slopes over 1-12 processes, the paper's
        // regression).
        const double measured = hauser_study().figures.at(s.name + "|additional");
        const double model = validation::regression_slope(n, analytic);
        const double sim = validation::regression_slope(n, simulated);
        INFO(s.name << ": additional time per process, measured " << measured * 1e3 << " ms, model "
                    << model * 1e3 << " ms, simulator " << sim * 1e3 << " ms");
        CHECK(measured >= model);
        CHECK(model >= sim);
    }
    const double share10 = static_cast<double>(within10) / total;
    std::printf("%d points, %.1f%% within 10%%, worst %.1f%%\n", total, 100.0 * share10, worst);
    // 73% (51 of 70) when this test was written: every point outside is the model slower, at 2
    // or more processes.
    CHECK(share10 >= 0.65);
}

TEST_CASE("Whole-file reads, 1-12.5 MB, one process: analytic model against the simulator",
          "[sim][files][hauser-1996][slow]") {
    // One process: a file's read-ahead windows pipeline (controller and host stages overlap the
    // disks, the drives read ahead while the stream is on other disks), and the two agree on
    // every stripe unit (the single-user stripe conclusion rests on this).
    const Workload w = large_files({1});
    sim::SimOptions o;
    o.min_jobs_per_batch = 50;  // 1000 files: CI half-width about 1.5%
    o.warmup_jobs = 50;
    for (const char* name : {"6-disk RAID 0, 16 KB stripe", "6-disk RAID 0, 160 KB stripe",
                             "two 3-disk RAID 0s, 160 KB stripe", "6 simple volumes"}) {
        for (const Comparison& c : compare(system_named(name), w, o)) {
            std::printf("%-42s %3d %9.1f %9.1f +- %5.1f %+6.1f%%\n", name, c.concurrency,
                        c.analytic_s * 1e3, c.simulated_s * 1e3, c.simulated_ci_s * 1e3,
                        c.error_pct());
            INFO(name << ": analytic " << c.analytic_s * 1e3 << " ms, simulated "
                      << c.simulated_s * 1e3 << " +- " << c.simulated_ci_s * 1e3 << " ms ("
                      << c.error_pct() << "%)");
            CHECK(std::abs(c.error_pct()) <= 10.0);
        }
    }
}

TEST_CASE("Whole-file reads, 1-12.5 MB, 2 to 12 processes on striped disks: the known gap",
          "[sim][files][hauser-1996][slow]") {
    // Knowingly outside 25% (README, known gaps): with 2 to 4 processes the analytic model
    // overlaps the files' pipelined windows more than they can (6-disk RAID 0, 160 KB: model
    // 12.7 MB/s, controller-bound, against the simulator's 7.3 MB/s at 2 processes, where two
    // streams meeting on a drive lose its single read-ahead segment); from 6 processes on it
    // lets the streams' interleaving cost more than the simulated drives pay (12 processes: model
    // 7.6 MB/s, simulator 10.5). The study measured 8.2 MB/s at 8 processes (two 3-disk RAID 0s),
    // nearer the model's 8.5 than the simulator's 9.9. Bounded here so that it cannot grow
    // unnoticed.
    const Workload w = large_files({2, 4, 12});
    sim::SimOptions o;
    o.min_jobs_per_batch = 50;
    o.warmup_jobs = 100;
    const System& s = system_named("6-disk RAID 0, 160 KB stripe");
    const std::vector<Comparison> c = compare(s, w, o);
    REQUIRE(c.size() == 3);
    for (const Comparison& p : c) {
        std::printf("%-42s %3d %9.1f %9.1f +- %5.1f %+6.1f%%\n", s.name.c_str(), p.concurrency,
                    p.analytic_s * 1e3, p.simulated_s * 1e3, p.simulated_ci_s * 1e3, p.error_pct());
        INFO(p.concurrency << " processes: analytic " << p.analytic_s * 1e3 << " ms, simulated "
                           << p.simulated_s * 1e3 << " ms (" << p.error_pct() << "%)");
        CHECK(std::abs(p.error_pct()) <= 50.0);
    }
    CHECK(c[0].error_pct() < 0.0);  // 2 processes: the model is the faster one
    CHECK(c[2].error_pct() > 0.0);  // 12 processes: the model is the slower one
}
