#pragma once
// `validate --report DIR`: the validation document (DIR/validation.md) and its charts (PNG files
// in DIR). The markdown writer is plain C++ (validation_report.cpp); the charts are drawn with
// Qt Charts through raid_charts (validation_charts.cpp), which creates a QApplication for the
// duration if there is none (offscreen when there is no display).

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "validation/validation.h"

namespace raidadv::cli {

/// Figures whose |error| exceeds this are listed with their notes.
inline constexpr double kLargeErrorPct = 35.0;

/// An I/O problem while writing the report; the message names the path.
struct ReportError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// The chart files of one study, relative to the report directory.
struct StudyCharts {
    std::string scatter;       ///< predicted vs measured (empty if no figure is drawable)
    int scatter_left_out = 0;  ///< points a log axis cannot show (values <= 0)
    /// One line chart per chart title (validation::Series::chart: series sharing it are drawn
    /// together), in order of appearance; charts with nothing to draw are left out.
    std::vector<std::string> series;
    std::vector<std::string> series_titles;
};

/// What write_validation_report wrote.
struct ReportFiles {
    std::filesystem::path markdown;
    std::vector<std::filesystem::path> charts;
};

/// Writes the charts of every study into `dir` (which must exist). Throws ReportError.
std::vector<StudyCharts> write_validation_charts(const validation::ValidationReport& report,
                                                 const std::filesystem::path& dir);

/// The markdown document; `charts` (one per study, same order) gives the images to embed.
std::string validation_markdown(const validation::ValidationReport& report,
                                const std::vector<StudyCharts>& charts);

/// Creates `dir` if needed, writes the charts and then validation.md (through a temporary file
/// renamed into place). Throws ReportError naming the path on I/O problems.
ReportFiles write_validation_report(const validation::ValidationReport& report,
                                    const std::filesystem::path& dir);

// Helpers shared with the text and JSON output of `validate`.

/// A number with about 4 significant digits and no trailing zeros, then the unit ("0.031 s",
/// "250 MB/s", "1.5x"); "-" when not finite.
std::string format_with_unit(double value, const std::string& unit);
/// "+12.3%" / "-4.0%"; "-" when not finite.
std::string format_signed_pct(double pct);
/// "12.3%"; "-" when not finite.
std::string format_pct(double pct);
/// Number of non-calibration figures, and of those with a baseline.
int predicted_figure_count(const validation::StudyResult& study);
int baseline_figure_count(const validation::StudyResult& study);
/// Baseline / model median absolute error; NaN when the model's is 0 or there is no baseline.
double baseline_to_model_ratio(const validation::ValidationReport& report);
/// A file-name-safe form of `text`: lower-case letters, digits and single dashes.
std::string slug(const std::string& text);

}  // namespace raidadv::cli
