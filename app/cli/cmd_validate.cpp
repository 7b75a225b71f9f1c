// `validate [--json] [--report DIR] [--validation-dir DIR]`: the model against the published
// studies in resources/validation (core/validation), next to the rule-of-thumb baseline.

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <system_error>

#include "catalog/data_dirs.h"
#include "cli.h"
#include "validation/validation.h"
#include "validation_report.h"

#ifndef RAID_SOURCE_RESOURCES_DIR
#define RAID_SOURCE_RESOURCES_DIR ""
#endif

namespace raidadv::cli {

namespace fs = std::filesystem;
using validation::Conclusion;
using validation::Figure;
using validation::StudyResult;
using validation::ValidationReport;

namespace {

nlohmann::json number_or_null(double value) {
    return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(nullptr);
}

/// The residuals the error bands stand on and how often the figures fall inside them, per
/// evidence class and over all (validation::residual_table, band_coverage).
nlohmann::json error_bands_json(const ValidationReport& report) {
    const ResidualTable table = validation::residual_table(report);
    const validation::BandCoverage coverage = validation::band_coverage(report, table);
    nlohmann::json out = nlohmann::json::array();
    auto add = [&](const std::string& name, const ResidualStats& s,
                   const validation::BandCoverage::Count& n) {
        out.push_back({
            {"class", name},
            {"studies", s.studies},
            {"figures", s.figures},
            {"mean_log", number_or_null(s.mean_log)},
            {"sd_log", number_or_null(s.sd_log)},
            {"within_sd_log", number_or_null(s.within_sd_log)},
            {"between_sd_log", number_or_null(s.between_sd_log)},
            {"between_df", s.between_df},
            {"same_hardware_sd_log", number_or_null(s.same_hardware_sd_log)},
            {"other_hardware_sd_log", number_or_null(s.other_hardware_sd_log)},
            {"inside", n.inside},
            {"inside_held_out", n.held_out},
            {"counted", n.figures},
        });
    };
    for (std::size_t i = 0; i < kEvidenceClasses; ++i) {
        add(std::string(to_string(static_cast<EvidenceClass>(i))), table.classes[i],
            coverage.classes[i]);
    }
    add("all studies", table.pooled, coverage.all);
    return out;
}

/// The advisor's tie rule on the figures, each study held out (validation::tie_check).
nlohmann::json ties_json(const ValidationReport& report) {
    const validation::TieCheck t = validation::tie_check(report);
    auto count = [](const validation::TieCheck::Count& n) {
        return nlohmann::json{{"pairs", n.pairs},
                              {"tied", n.tied},
                              {"decided_right", n.decided_right},
                              {"all_right", n.all_right}};
    };
    nlohmann::json studies = nlohmann::json::array();
    for (std::size_t i = 0; i < report.studies.size() && i < t.studies.size(); ++i) {
        nlohmann::json n = count(t.studies[i]);
        n["study"] = report.studies[i].name;
        studies.push_back(std::move(n));
    }
    nlohmann::json all = count(t.all);
    all["same_hardware"] = count(t.same_hardware);
    all["studies"] = std::move(studies);
    return all;
}

nlohmann::json report_json(const ValidationReport& report) {
    nlohmann::json studies = nlohmann::json::array();
    int with_baseline = 0;
    for (const StudyResult& s : report.studies) {
        nlohmann::json figures = nlohmann::json::array();
        for (const Figure& f : s.figures) {
            figures.push_back({
                {"name", f.name},
                {"unit", f.unit},
                {"hardware",
                 f.hardware.empty() ? nlohmann::json(nullptr) : nlohmann::json(f.hardware)},
                {"measured", number_or_null(f.measured)},
                {"predicted", number_or_null(f.predicted)},
                {"error_pct", number_or_null(f.error_pct())},
                {"baseline", f.has_baseline() ? number_or_null(f.baseline) : nullptr},
                {"baseline_error_pct",
                 f.has_baseline() ? number_or_null(f.baseline_error_pct()) : nullptr},
                {"calibration", f.calibration},
                {"calibration_choice", f.calibration_choice},
                {"note", f.note},
            });
        }
        nlohmann::json conclusions = nlohmann::json::array();
        for (const Conclusion& c : s.conclusions) {
            conclusions.push_back({{"statement", c.statement},
                                   {"reproduced", c.reproduced},
                                   {"evidence", c.evidence}});
        }
        const bool study_baseline = baseline_figure_count(s) > 0;
        with_baseline += baseline_figure_count(s);
        studies.push_back({
            {"name", s.name},
            {"title", s.title},
            {"year", s.year > 0 ? nlohmann::json(s.year) : nlohmann::json(nullptr)},
            {"profile", s.profile},
            {"figures", std::move(figures)},
            {"conclusions", std::move(conclusions)},
            {"median_abs_error_pct",
             predicted_figure_count(s) > 0 ? number_or_null(s.median_abs_error_pct) : nullptr},
            {"baseline_median_abs_error_pct",
             study_baseline ? number_or_null(s.baseline_median_abs_error_pct) : nullptr},
            {"kendall_tau", number_or_null(s.kendall_tau)},
            {"kendall_basis", s.kendall_basis},
        });
    }
    return {
        {"studies", std::move(studies)},
        {"median_abs_error_pct", number_or_null(report.median_abs_error_pct)},
        {"baseline_median_abs_error_pct",
         with_baseline > 0 ? number_or_null(report.baseline_median_abs_error_pct) : nullptr},
        {"conclusions_reproduced", report.conclusions_reproduced},
        {"conclusions_total", report.conclusions_total},
        {"figures", report.figures},
        {"calibration_figures", report.calibration_figures},
        {"error_bands", error_bands_json(report)},
        {"ties", ties_json(report)},
    };
}

void print_table(std::ostream& out, const std::vector<std::vector<std::string>>& rows,
                 const std::vector<bool>& right_aligned) {
    std::vector<std::size_t> widths;
    for (const auto& row : rows) {
        widths.resize(std::max(widths.size(), row.size()), 0);
        for (std::size_t i = 0; i < row.size(); ++i) {
            widths[i] = std::max(widths[i], row[i].size());
        }
    }
    for (const auto& row : rows) {
        std::string line = " ";
        for (std::size_t i = 0; i < row.size(); ++i) {
            const std::size_t pad = widths[i] - row[i].size();
            const bool right = i < right_aligned.size() && right_aligned[i];
            line += " ";
            line += right ? std::string(pad, ' ') + row[i] : row[i] + std::string(pad, ' ');
            line += " ";
        }
        while (!line.empty() && line.back() == ' ') {
            line.pop_back();
        }
        out << line << "\n";
    }
}

void print_text(std::ostream& out, const ValidationReport& report) {
    out << "Validation against " << report.studies.size() << " published "
        << (report.studies.size() == 1 ? "study" : "studies")
        << " (calibration figures are fitted to the study, not predicted; the baseline is the "
           "online-calculator rule of thumb)\n";
    int predicted = 0, with_baseline = 0;
    for (const StudyResult& s : report.studies) {
        predicted += predicted_figure_count(s);
        with_baseline += baseline_figure_count(s);
        out << "\n== " << s.name << " ==\n";
        if (!s.title.empty()) {
            out << "  " << s.title;
            if (s.year > 0) {
                out << " (hardware of " << s.year << ")";
            }
            out << "\n";
        }
        out << "\n";
        std::vector<std::vector<std::string>> rows = {{"study", "figure", "measured", "predicted",
                                                       "error %", "baseline", "baseline error %",
                                                       "calibration"}};
        for (const Figure& f : s.figures) {
            rows.push_back({s.name, f.name, format_with_unit(f.measured, f.unit),
                            format_with_unit(f.predicted, f.unit), format_signed_pct(f.error_pct()),
                            f.has_baseline() ? format_with_unit(f.baseline, f.unit) : "-",
                            f.has_baseline() ? format_signed_pct(f.baseline_error_pct()) : "-",
                            f.calibration ? "yes" : "no"});
        }
        print_table(out, rows, {false, false, true, true, true, true, true, false});
        std::ostringstream tau;
        if (std::isfinite(s.kendall_tau)) {
            tau << std::fixed << std::setprecision(2) << s.kendall_tau;
        } else {
            tau << "-";
        }
        out << "\n  median |error| " << format_pct(s.median_abs_error_pct) << " over "
            << predicted_figure_count(s) << " predicted figures; baseline "
            << (baseline_figure_count(s) > 0
                    ? format_pct(s.baseline_median_abs_error_pct) + " over " +
                          std::to_string(baseline_figure_count(s))
                    : std::string("- (no figure it can express)"))
            << "; Kendall's tau " << tau.str();
        if (!s.kendall_basis.empty()) {
            out << " (" << s.kendall_basis << ")";
        }
        out << "\n";
        if (!s.conclusions.empty()) {
            out << "  conclusions:\n";
            for (const Conclusion& c : s.conclusions) {
                out << "    " << std::left << std::setw(16)
                    << (c.reproduced ? "reproduced" : "NOT reproduced") << std::right << c.statement
                    << "\n";
                if (!c.evidence.empty()) {
                    out << "    " << std::string(16, ' ') << "evidence: " << c.evidence << "\n";
                }
            }
        }
    }
    const double ratio = baseline_to_model_ratio(report);
    out << "\nOverall: median |error| " << format_pct(report.median_abs_error_pct) << " over "
        << predicted << " predicted figures; baseline "
        << (with_baseline > 0 ? format_pct(report.baseline_median_abs_error_pct) : "-") << " over "
        << with_baseline << "; baseline/model "
        << (std::isfinite(ratio) ? format_value(ratio, 3) + "x" : std::string("-"))
        << "; conclusions reproduced " << report.conclusions_reproduced << " of "
        << report.conclusions_total << "; calibration " << report.calibration_figures << " of "
        << report.figures << " figures\n";
    const validation::BandCoverage coverage =
        validation::band_coverage(report, validation::residual_table(report));
    out << "80% error bands: " << coverage.all.inside << " of " << coverage.all.figures
        << " figures inside ("
        << format_pct(100.0 * coverage.all.inside / std::max(1, coverage.all.figures))
        << "); with each study left out of the residuals in turn " << coverage.all.held_out << " ("
        << format_pct(100.0 * coverage.all.held_out / std::max(1, coverage.all.figures)) << ")\n";
}

/// Takes --report and --validation-dir (with their directories) out of args; the rest goes to
/// rest in order.
std::map<std::string, std::string> take_dir_options(const std::vector<std::string>& args,
                                                    const Command& self,
                                                    std::vector<std::string>& rest) {
    std::map<std::string, std::string> values;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        bool valued = false;
        for (const char* flag : {"--report", "--validation-dir"}) {
            const std::string f = flag;
            if (a == f) {
                if (i + 1 >= args.size() || args[i + 1].empty()) {
                    throw UsageError{f + " needs a directory", self.synopsis};
                }
                values[f] = args[++i];
                valued = true;
            } else if (a.rfind(f + "=", 0) == 0) {
                values[f] = a.substr(f.size() + 1);
                if (values[f].empty()) {
                    throw UsageError{f + " needs a directory", self.synopsis};
                }
                valued = true;
            }
        }
        if (!valued) {
            rest.push_back(a);
        }
    }
    return values;
}

/// The validation inputs directory: --validation-dir, else the first bundled one found; empty
/// (with the reason on stderr) when there is none.
fs::path validation_dir(std::map<std::string, std::string>& values) {
    fs::path dir;
    std::error_code error;
    if (values.count("--validation-dir")) {
        dir = values["--validation-dir"];
        if (!fs::is_directory(dir, error)) {
            std::cerr << kProgram << ": validation inputs not found: " << dir.string()
                      << (fs::exists(dir, error) ? " is not a directory" : " does not exist")
                      << "\n";
            return {};
        }
    } else {
        // Installed next to the program, then the source tree's resources/validation.
        const std::vector<fs::path> candidates =
            bundled_data_dirs("validation", RAID_SOURCE_RESOURCES_DIR);
        for (const fs::path& candidate : candidates) {
            if (fs::is_directory(candidate, error)) {
                dir = candidate;
                break;
            }
        }
        if (dir.empty()) {
            std::cerr << kProgram << ": validation inputs not found; looked in";
            for (const fs::path& candidate : candidates) {
                std::cerr << " " << candidate.string();
            }
            std::cerr << " (use --validation-dir DIR)\n";
            return {};
        }
    }
    return dir;
}

}  // namespace

int run_validate(const std::vector<std::string>& args, const GlobalOptions& options) {
    const Command& self = command_named("validate");
    std::vector<std::string> rest;
    std::map<std::string, std::string> values = take_dir_options(args, self, rest);
    const ParsedArgs parsed = parse_command_args(rest, {"--json"}, self);
    if (!parsed.positionals.empty()) {
        throw UsageError{
            "validate takes no file arguments, got '" + parsed.positionals.front() + "'",
            self.synopsis};
    }

    const fs::path dir = validation_dir(values);
    if (dir.empty()) {
        return kFailure;
    }

    const Catalog catalog = open_catalog(options);
    ValidationReport report;
    try {
        report = validation::run_validation(catalog, dir);
    } catch (const std::exception& e) {
        // The message names the file; say where the inputs were taken from too.
        std::cerr << kProgram << ": the validation inputs in " << dir.string()
                  << " are broken: " << e.what() << "\n";
        return kFailure;
    }

    if (parsed.has("--json")) {
        std::cout << report_json(report).dump(2) << "\n";
    } else {
        print_text(std::cout, report);
    }

    if (values.count("--report")) {
        const fs::path report_dir = values["--report"];
        try {
            const ReportFiles files = write_validation_report(report, report_dir);
            // stdout carries only JSON with --json.
            std::ostream& note = parsed.has("--json") ? std::cerr : std::cout;
            note << "\nReport written to " << files.markdown.string() << " with "
                 << files.charts.size() << (files.charts.size() == 1 ? " chart" : " charts")
                 << "\n";
        } catch (const ReportError& e) {
            std::cerr << kProgram << ": " << e.what() << "\n";
            return kFailure;
        }
    }
    return std::cout.good() ? kOk : kFailure;
}

}  // namespace raidadv::cli
