// The validation document (markdown) and the orchestration of `validate --report DIR`.

#include "validation_report.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>
#include <system_error>

#include "cli.h"

namespace raidadv::cli {

namespace fs = std::filesystem;
using validation::BandCoverage;
using validation::Conclusion;
using validation::Figure;
using validation::StudyResult;
using validation::ValidationReport;

std::string format_with_unit(double value, const std::string& unit) {
    if (!std::isfinite(value)) {
        return "-";
    }
    std::string text = format_value(value);
    if (text.find('.') != std::string::npos && text.find('e') == std::string::npos) {
        while (text.back() == '0') {
            text.pop_back();
        }
        if (text.back() == '.') {
            text.pop_back();
        }
    }
    if (unit.empty()) {
        return text;
    }
    return unit == "x" ? text + "x" : text + " " + unit;
}

std::string format_signed_pct(double pct) {
    if (!std::isfinite(pct)) {
        return "-";
    }
    if (std::fabs(pct) < 0.05) {
        return "0.0%";  // not "-0.0%"
    }
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%+.1f%%", pct);
    return buffer;
}

std::string format_pct(double pct) {
    if (!std::isfinite(pct)) {
        return "-";
    }
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f%%", pct);
    return buffer;
}

int predicted_figure_count(const StudyResult& study) {
    int n = 0;
    for (const Figure& f : study.figures) {
        n += f.calibration ? 0 : 1;
    }
    return n;
}

int baseline_figure_count(const StudyResult& study) {
    int n = 0;
    for (const Figure& f : study.figures) {
        n += !f.calibration && f.has_baseline() ? 1 : 0;
    }
    return n;
}

double baseline_to_model_ratio(const ValidationReport& report) {
    int with_baseline = 0;
    for (const StudyResult& s : report.studies) {
        with_baseline += baseline_figure_count(s);
    }
    if (with_baseline == 0 || !(report.median_abs_error_pct > 0.0) ||
        !std::isfinite(report.baseline_median_abs_error_pct)) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    return report.baseline_median_abs_error_pct / report.median_abs_error_pct;
}

std::string slug(const std::string& text) {
    std::string out;
    for (char c : text) {
        const unsigned char u = static_cast<unsigned char>(c);
        if ((u >= 'a' && u <= 'z') || (u >= '0' && u <= '9')) {
            out += c;
        } else if (u >= 'A' && u <= 'Z') {
            out += static_cast<char>(u - 'A' + 'a');
        } else if (!out.empty() && out.back() != '-') {
            out += '-';
        }
        if (out.size() >= 60) {
            break;
        }
    }
    while (!out.empty() && out.back() == '-') {
        out.pop_back();
    }
    return out.empty() ? "chart" : out;
}

namespace {

/// Table cell text: no line breaks, pipes escaped.
std::string cell(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '|') {
            out += "\\|";
        } else if (c == '\n' || c == '\r') {
            out += ' ';
        } else {
            out += c;
        }
    }
    return out;
}

/// Image alt text: no brackets.
std::string alt(const std::string& text) {
    std::string out;
    for (char c : text) {
        out += (c == '[' || c == ']' || c == '\n') ? ' ' : c;
    }
    return out;
}

std::string tau_text(const StudyResult& s) {
    if (!std::isfinite(s.kendall_tau)) {
        return "-";
    }
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f", s.kendall_tau);
    return buffer;
}

/// "1 predicted figure", "3 figures".
std::string figures(int n, const std::string& adjective) {
    return std::to_string(n) + (adjective.empty() ? "" : " " + adjective) +
           (n == 1 ? " figure" : " figures");
}

int reproduced_count(const StudyResult& s) {
    int n = 0;
    for (const Conclusion& c : s.conclusions) {
        n += c.reproduced ? 1 : 0;
    }
    return n;
}

void write_method(std::ostream& out) {
    out << "Each study below is modelled with its own **hardware profile**: the drives, "
           "controller, buses and host the paper describes (stated under each study). Where "
           "the paper leaves a "
           "parameter of that profile open, it is **calibrated on a stated subset** of the "
           "study's figures; those figures are marked *calibration* in the tables and are left "
           "out of every error statistic. Every other figure is a prediction made from the "
           "profile alone. The **baseline** is the rule of thumb used by online RAID "
           "calculators: N x drive IOPS / (read fraction + write penalty x write fraction) for "
           "random I/O and N x the drive's sustained rate for sequential transfers; it is "
           "scored only on the figures such a rule can express. Errors are signed, "
           "100 (predicted - measured) / measured. Kendall's tau compares the order of the "
           "study's configurations by measurement with their order by prediction (1: same "
           "order). Each conclusion the study drew about the direction of an effect is checked "
           "on the model's predictions.\n\n";
}

void write_overall(std::ostream& out, const ValidationReport& report) {
    int predicted = 0, with_baseline = 0;
    for (const StudyResult& s : report.studies) {
        predicted += predicted_figure_count(s);
        with_baseline += baseline_figure_count(s);
    }
    const double ratio = baseline_to_model_ratio(report);
    out << "## Overall\n\n";
    out << "| Measure | Value |\n| --- | --- |\n";
    out << "| Median absolute error of the model | " << format_pct(report.median_abs_error_pct)
        << " over " << figures(predicted, "predicted") << " |\n";
    out << "| Median absolute error of the rule of thumb | "
        << (with_baseline > 0 ? format_pct(report.baseline_median_abs_error_pct) : "-") << " over "
        << figures(with_baseline, "") << " |\n";
    out << "| Rule of thumb / model | "
        << (std::isfinite(ratio) ? format_value(ratio, 3) + "x" : std::string("-")) << " |\n";
    out << "| Conclusions reproduced | " << report.conclusions_reproduced << " of "
        << report.conclusions_total << " |\n\n";

    out << "| Study | Predicted figures | Model median abs. error | Rule-of-thumb median abs. "
           "error | Kendall's tau | Conclusions reproduced |\n";
    out << "| --- | ---: | ---: | ---: | ---: | ---: |\n";
    for (const StudyResult& s : report.studies) {
        out << "| " << cell(s.name) << " | " << predicted_figure_count(s) << " | "
            << format_pct(s.median_abs_error_pct) << " | "
            << (baseline_figure_count(s) > 0 ? format_pct(s.baseline_median_abs_error_pct) : "-")
            << " | " << tau_text(s) << " | " << reproduced_count(s) << " of "
            << s.conclusions.size() << " |\n";
    }
    out << "\n";
}

std::string share(int part, int whole) {
    return whole > 0 ? format_value(100.0 * part / whole, 3) + "%" : std::string("-");
}

/// derived: a ratio exp(x) as "1.23x".
std::string factor(double log_value) {
    return format_value(std::exp(log_value), 3) + "x";
}

/// The tie rule on the figures (validation::tie_check), each study held out.
void write_ties(std::ostream& out, const ValidationReport& report) {
    const validation::TieCheck t = validation::tie_check(report);
    const int decided = t.all.pairs - t.all.tied;
    out << "\n*Ties on speed, held out*: of the " << t.all.pairs
        << " pairs of configurations a study measured at one load point (same test and unit), "
           "the advisor's rule (docs/model.md, \"Error bands\") calls "
        << t.all.tied << " ties; of the " << decided << " it decides, " << t.all.decided_right
        << " (" << share(t.all.decided_right, decided)
        << ") are in the measured order. Ordering every pair by the predictions alone puts "
        << t.all.all_right << " (" << share(t.all.all_right, t.all.pairs)
        << ") in the measured order. Of the " << t.same_hardware.pairs
        << " pairs on the same drive and controller models, the rule decides "
        << t.same_hardware.pairs - t.same_hardware.tied << ", " << t.same_hardware.decided_right
        << " of them in the measured order. Decided pairs in the measured order, per study: ";
    bool first = true;
    for (std::size_t i = 0; i < report.studies.size() && i < t.studies.size(); ++i) {
        const validation::TieCheck::Count& n = t.studies[i];
        if (n.pairs - n.tied == 0) {
            continue;
        }
        out << (first ? "" : ", ") << report.studies[i].name << " " << n.decided_right << " of "
            << n.pairs - n.tied;
        first = false;
    }
    out << (first ? "none" : "") << ".\n";
}

void write_error_bands(std::ostream& out, const ValidationReport& report) {
    const ResidualTable table = residual_table(report);
    const BandCoverage coverage = band_coverage(report, table);
    out << "## Error bands\n\n";
    out << "Every predicted figure above with an evidence class counts in its class's residuals, "
           "ln(real / predicted speed), grouped by study: a study's figures share its hardware "
           "profile and its bias. The band of a prediction is the 80% prediction interval for "
           "one figure of a study not among them (random effects: DerSimonian & Laird 1986; "
           "Higgins, Thompson & Spiegelhalter 2009), Student's t with the degrees of freedom "
           "of its study-level and within-study parts together (Satterthwaite 1946; the "
           "study-level part on one fewer than the studies); a class seen in fewer than "
        << kMinClassStudies
        << " studies keeps its own bias and spread within studies and takes the between-study "
           "spread common to every class, each about its own bias (Borenstein et al. 2009, ch. "
           "19), with its degrees of freedom (*Between* marked \"common\"). *Bias*: how much "
           "faster the real systems were than predicted (random-effects mean). *Within* and "
           "*between*: the spread of a study's figures about its own bias and of the studies' "
           "biases (log scale); *same hardware* and *other hardware*: what comparing two "
           "configurations a study measured at the same load point is off by (half the mean "
           "squared difference of the pair's residuals, square-rooted), for two on the same drive "
           "and controller models and for two on different ones, with which the advisor compares "
           "two configurations of one class (ties on speed; a class without such pairs takes "
           "those of all studies, then the spread within). *Held out*: each study in turn left out "
           "of the residuals, "
           "as a user's own system is, and its figures checked against the bands of the "
           "others.\n\n";
    out << "| Evidence class | Studies | Figures | Bias | Within | Between | Same hardware "
           "| Other hardware | Band for a new system | Inside (in-sample) | Inside (held out) |\n";
    out << "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n";
    const auto spread = [](double sd) { return sd > 0.0 ? format_value(sd, 3) : std::string("-"); };
    auto row = [&](const std::string& name, const ResidualStats& s, const BandCoverage::Count& n) {
        const double half = band_half_log(s, s.sd_log);
        const bool common = s.studies < kMinClassStudies && &s != &table.pooled;
        out << "| " << name << " | " << s.studies << " | " << s.figures << " | "
            << factor(s.mean_log) << " | " << format_value(s.within_sd_log, 3) << " | "
            << format_value(s.between_sd_log, 3) << (common ? " (common)" : "") << " | "
            << spread(s.same_hardware_sd_log) << " | " << spread(s.other_hardware_sd_log) << " | "
            << (s.between_df >= 1 ? factor(s.mean_log - half) + " - " + factor(s.mean_log + half)
                                  : std::string("-"))
            << " | " << share(n.inside, n.figures) << " | " << share(n.held_out, n.figures)
            << " |\n";
    };
    for (std::size_t i = 0; i < kEvidenceClasses; ++i) {
        row(std::string(to_string(static_cast<EvidenceClass>(i))), table.classes[i],
            coverage.classes[i]);
    }
    row("all studies", table.pooled, coverage.all);
    out << "\nInside the band made without the study, per study: ";
    bool first = true;
    for (std::size_t i = 0; i < report.studies.size() && i < coverage.studies.size(); ++i) {
        const BandCoverage::Count& n = coverage.studies[i];
        if (n.figures == 0) {
            continue;
        }
        out << (first ? "" : ", ") << report.studies[i].name << " " << share(n.held_out, n.figures)
            << " of " << n.figures;
        first = false;
    }
    out << ".\n";
    write_ties(out, report);
    out << "\nThe band is a factor on the predicted speed (a time's band is its inverse); where "
           "the system is outside what any study measured it carries one more study-level bias "
           "(docs/model.md, \"Error bands\").\n\n";
}

void write_study(std::ostream& out, const StudyResult& s, const StudyCharts* charts) {
    out << "## " << s.name << "\n\n";
    if (!s.title.empty()) {
        out << "*" << s.title << "*";
        if (s.year > 0) {
            out << " (hardware of " << s.year << ")";
        }
        out << "\n\n";
    }
    if (!s.profile.empty()) {
        out << "**Hardware profile.** " << s.profile << "\n\n";
    }
    out << "| Figure | Measured | Predicted | Error | Baseline | Baseline error | Calibration |\n";
    out << "| --- | ---: | ---: | ---: | ---: | ---: | --- |\n";
    for (const Figure& f : s.figures) {
        out << "| " << cell(f.name) << " | " << cell(format_with_unit(f.measured, f.unit)) << " | "
            << cell(format_with_unit(f.predicted, f.unit)) << " | "
            << format_signed_pct(f.error_pct()) << " | "
            << (f.has_baseline() ? cell(format_with_unit(f.baseline, f.unit)) : "-") << " | "
            << (f.has_baseline() ? format_signed_pct(f.baseline_error_pct()) : "-") << " | "
            << (f.calibration_choice ? "yes (a choice)"
                : f.calibration      ? "yes"
                                     : "no")
            << " |\n";
    }
    out << "\nMedian absolute error over " << figures(predicted_figure_count(s), "predicted")
        << ": " << format_pct(s.median_abs_error_pct) << "; rule of thumb: "
        << (baseline_figure_count(s) > 0 ? format_pct(s.baseline_median_abs_error_pct) + " over " +
                                               figures(baseline_figure_count(s), "")
                                         : std::string("no figure it can express"))
        << ". Kendall's tau: " << tau_text(s);
    if (!s.kendall_basis.empty()) {
        out << " (" << s.kendall_basis << ")";
    }
    out << ".\n\n";

    out << "### Conclusions\n\n";
    if (s.conclusions.empty()) {
        out << "The study draws no direction-of-effect conclusion that is checked here.\n\n";
    }
    for (const Conclusion& c : s.conclusions) {
        out << "- **" << (c.reproduced ? "Reproduced" : "NOT reproduced") << ":** " << c.statement
            << "\n";
        if (!c.evidence.empty()) {
            out << "  - Evidence: " << c.evidence << "\n";
        }
    }
    if (!s.conclusions.empty()) {
        out << "\n";
    }

    if (charts != nullptr && (!charts->scatter.empty() || !charts->series.empty())) {
        out << "### Charts\n\n";
        if (!charts->scatter.empty()) {
            out << "![" << alt(s.name) << ": predicted vs measured](" << charts->scatter << ")\n\n";
            if (charts->scatter_left_out > 0) {
                out << "*Not drawn: " << charts->scatter_left_out
                    << (charts->scatter_left_out == 1 ? " point" : " points")
                    << " with a missing value, or a value at or below zero on logarithmic "
                       "axes.*\n\n";
            }
        }
        for (std::size_t i = 0; i < charts->series.size(); ++i) {
            const std::string title =
                i < charts->series_titles.size() ? charts->series_titles[i] : charts->series[i];
            out << "![" << alt(s.name + ": " + title) << "](" << charts->series[i] << ")\n\n";
        }
    }

    out << "### Figures off by more than " << static_cast<int>(kLargeErrorPct) << "%\n\n";
    bool any = false;
    for (const Figure& f : s.figures) {
        const double e = f.error_pct();
        if (std::isfinite(e) && std::fabs(e) <= kLargeErrorPct) {
            continue;
        }
        any = true;
        out << "- " << f.name << (f.calibration ? " (calibration)" : "") << ": measured "
            << format_with_unit(f.measured, f.unit) << ", predicted "
            << format_with_unit(f.predicted, f.unit) << " (" << format_signed_pct(e) << "). "
            << (f.note.empty() ? std::string("No explanation recorded.") : f.note) << "\n";
    }
    out << (any ? "\n" : "None.\n\n");
}

void write_file_atomically(const fs::path& path, const std::string& text) {
    fs::path temporary = path;
    temporary += ".tmp";
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        if (!file) {
            throw ReportError("cannot write " + temporary.string());
        }
        file << text;
        file.flush();
        if (!file) {
            std::error_code ignored;
            fs::remove(temporary, ignored);
            throw ReportError("cannot write " + temporary.string());
        }
    }
    std::error_code error;
    fs::rename(temporary, path, error);
    if (error) {
        std::error_code ignored;
        fs::remove(temporary, ignored);
        throw ReportError("cannot write " + path.string() + ": " + error.message());
    }
}

}  // namespace

std::string validation_markdown(const ValidationReport& report,
                                const std::vector<StudyCharts>& charts) {
    std::ostringstream out;
    out << "# Validation against published measurements\n\n";
    out << "Generated by `" << kProgram << " validate` (version " << RAID_ADVISOR_VERSION
        << ") from " << report.studies.size()
        << (report.studies.size() == 1 ? " study" : " studies") << ".\n\n";
    write_method(out);
    write_overall(out, report);
    write_error_bands(out, report);
    for (std::size_t i = 0; i < report.studies.size(); ++i) {
        write_study(out, report.studies[i], i < charts.size() ? &charts[i] : nullptr);
    }
    return out.str();
}

ReportFiles write_validation_report(const ValidationReport& report, const fs::path& dir) {
    std::error_code error;
    fs::create_directories(dir, error);
    if (error || !fs::is_directory(dir)) {
        throw ReportError("cannot create the report directory " + dir.string() +
                          (error ? ": " + error.message() : ": not a directory"));
    }
    ReportFiles files;
    const std::vector<StudyCharts> charts = write_validation_charts(report, dir);
    for (const StudyCharts& c : charts) {
        if (!c.scatter.empty()) {
            files.charts.push_back(dir / c.scatter);
        }
        for (const std::string& s : c.series) {
            files.charts.push_back(dir / s);
        }
    }
    files.markdown = dir / "validation.md";
    write_file_atomically(files.markdown, validation_markdown(report, charts));
    return files;
}

}  // namespace raidadv::cli
