// `simulate FILE [--json] [--seed N] [--jobs N]`: the request-level simulator (core/sim) on every
// system x workload, with the same output as `evaluate` plus each mean's confidence interval.

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include "cli.h"
#include "evaluate/error_band.h"
#include "evaluate/evaluator.h"
#include "evaluate_output.h"
#include "sim/simulator.h"

namespace raidadv::cli {

namespace {

/// "value ±half": the half width to two digits, or 0 below the value's last printed digit
/// (a deterministic run's interval, 1e-13 of the value, would otherwise fill the column).
std::string plus_minus(double value, double half_width, double scale) {
    const double v = std::abs(value * scale);
    const double h = std::abs(half_width * scale);
    // format_value prints four significant digits: the value's last one is worth this.
    const double digit = v > 0.0 ? std::pow(10.0, std::floor(std::log10(v)) - 3.0) : 0.0;
    std::ostringstream s;
    s << format_value(value * scale) << " ±" << (h < digit / 2.0 ? "0" : format_value(h, 2));
    return s.str();
}

void print_simulation_text(
    std::ostream& out, const Project& project,
    const std::vector<std::pair<const System*, std::vector<sim::SimEvaluation>>>& runs) {
    out << project.name << " (simulated)\n";
    for (const auto& [system, evaluations] : runs) {
        out << "\n== " << system->name << " ==\n  " << describe_layout(system->layout) << "\n";
        for (const auto& ev : evaluations) {
            out << "\n  " << ev.workload << "\n";
            out << "  " << std::setw(10) << "load" << std::setw(22) << "IOPS" << std::setw(10)
                << "MB/s" << std::setw(22) << "mean ms" << std::setw(10) << "p95 ms"
                << "  bottleneck\n";
            for (const auto& p : ev.points) {
                const auto& m = p.metrics;
                std::ostringstream load;
                if (m.concurrency > 0) {
                    load << "QD " << m.concurrency;
                } else {
                    load << format_value(m.arrival_rate_per_s) << "/s";
                }
                out << "  " << std::setw(10) << load.str();
                if (m.saturated) {
                    out << std::setw(22) << "saturated" << std::setw(10) << "-" << std::setw(22)
                        << "-" << std::setw(10) << "-";
                } else {
                    out << std::setw(22) << plus_minus(m.iops, p.iops_ci, 1.0) << std::setw(10)
                        << format_value(m.mb_per_s) << std::setw(22)
                        << plus_minus(m.mean_response_s, p.mean_response_ci_s, 1e3) << std::setw(10)
                        << format_value(m.p95_response_s * 1e3);
                }
                out << "  " << m.bottleneck;
                if (p.truncated) {
                    out << " (run cut short: bound on events reached)";
                }
                out << "\n";
            }
        }
    }
}

}  // namespace

int run_simulate(const std::vector<std::string>& args, const GlobalOptions& options) {
    const Command& self = command_named("simulate");
    std::map<std::string, std::string> values;
    const std::vector<std::string> rest = take_valued(args, {"--seed", "--jobs"}, values, self);
    const ParsedArgs parsed = parse_command_args(rest, {"--json"}, self);
    if (parsed.positionals.size() != 1) {
        throw UsageError{parsed.positionals.empty() ? "simulate needs a project FILE"
                                                    : "simulate takes one project FILE",
                         self.synopsis};
    }
    sim::SimOptions sim_options;
    if (values.count("--seed")) {
        sim_options.seed = static_cast<std::uint64_t>(
            parse_count(values["--seed"], "--seed", 0, 1'000'000'000'000LL, self));
    }
    if (values.count("--jobs")) {
        const long long jobs = parse_count(values["--jobs"], "--jobs", 100, 100'000'000, self);
        sim_options.min_jobs_per_batch =
            static_cast<int>((jobs + sim_options.batches - 1) / sim_options.batches);
    }
    const std::filesystem::path file = parsed.positionals.front();
    const CommandProject loaded = load_command_project(file, options, self);
    const std::optional<Project>& project = loaded.project;
    if (!project || !has_systems_or_report(*project, file, std::cerr)) {
        return kBadInput;
    }

    std::vector<std::pair<const System*, std::vector<sim::SimEvaluation>>> runs;
    std::vector<SystemResult> results;
    for (const System& system : project->systems) {
        SystemResult r;
        r.system = &system;
        r.summary = summarize(system);
        std::vector<sim::SimEvaluation> sims;
        for (const Workload& workload : project->workloads) {
            sim::SimEvaluation s = sim::simulate(system, workload, sim_options);
            Evaluation e;
            e.system = s.system;
            e.workload = s.workload;
            e.summary = s.summary;
            for (const auto& p : s.points) {
                e.points.push_back(p.metrics);
            }
            attach_bands(e, system, workload);  // the model's bands: the simulator is a model too
            r.evaluations.push_back(std::move(e));
            sims.push_back(std::move(s));
        }
        runs.emplace_back(&system, std::move(sims));
        results.push_back(std::move(r));
    }

    if (parsed.has("--json")) {
        nlohmann::json j = results_json(*project, results);
        // Same keys as `evaluate`, plus the 95% confidence half-width of each mean.
        std::size_t i = 0;
        for (const auto& [system, sims] : runs) {
            for (const auto& s : sims) {
                for (const auto& p : s.points) {
                    auto& row = j["results"][i++];
                    const bool saturated = p.metrics.saturated;
                    row["iops_ci"] =
                        saturated ? nlohmann::json(nullptr) : nlohmann::json(p.iops_ci);
                    row["mb_per_s_ci"] =
                        saturated ? nlohmann::json(nullptr) : nlohmann::json(p.mb_per_s_ci);
                    row["mean_response_ci_ms"] = saturated
                                                     ? nlohmann::json(nullptr)
                                                     : nlohmann::json(p.mean_response_ci_s * 1e3);
                    row["jobs"] = p.jobs;
                    row["truncated"] = p.truncated;
                    // Linux md's write-intent bitmap as simulated (system/md_bitmap.h): how
                    // often a write found its bit clear and how long an update took.
                    const sim::MdBitmapCounts& b = p.md_bitmap;
                    if (b.writes > 0) {
                        row["md_bitmap"] = {{"writes", b.writes},
                                            {"clear_share", b.clear_share()},
                                            {"updates_per_write", b.updates_per_write()},
                                            {"mean_update_ms",
                                             b.updates > 0 ? nlohmann::json(b.mean_update_s() * 1e3)
                                                           : nlohmann::json(nullptr)}};
                    }
                }
            }
        }
        j["simulated"] = true;
        j["seed"] = sim_options.seed;
        std::cout << j.dump(2) << "\n";
    } else {
        print_simulation_text(std::cout, *project, runs);
    }
    return std::cout.good() ? kOk : kFailure;
}

}  // namespace raidadv::cli
