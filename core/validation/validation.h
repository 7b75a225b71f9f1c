#pragma once
// The reference studies as validation cases: every figure a study reports, predicted by the
// model from the study's hardware profile, next to the rule-of-thumb baseline; the direction-of-
// effect conclusions each study drew; and error statistics.

#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "evaluate/error_band.h"

namespace raidadv {
class Catalog;
}

namespace raidadv::validation {

/// One reported number.
struct Figure {
    /// "<configuration>: <measure and load point>", e.g. "6-disk RAID 0, 16 KB: average
    /// retrieval time": the figures of a study with the same text after the last ": " (and
    /// unit) compare configurations at one load point (residual_table's pair spreads).
    std::string name;
    std::string unit;  ///< "s", "MB/s", "ms/B", "x"
    double measured = 0.0;
    double predicted = 0.0;
    double baseline = 0.0;     ///< rule-of-thumb prediction; 0 when the rule says nothing
    bool calibration = false;  ///< used to calibrate the study's profile (not a prediction)
    std::string note;          ///< explanation, required when |error| > 35%
    /// The evidence class the figure's residual counts in (error bands, evaluate/error_band.h);
    /// empty for a figure that is not a throughput or a time (a price).
    std::optional<EvidenceClass> evidence;
    /// The drive and controller models it was measured on (hardware_key); empty for a study of
    /// one drive and controller. Two configurations' figures at one load point compare as a
    /// same-hardware or an other-hardware pair (residual_table, tie_check).
    std::string hardware;
    /// A calibration figure of a choice between discrete alternatives (a drive's state, steady
    /// or fresh): the alternative nearer to it was taken, no value was fitted to it, so it is
    /// not reproduced as a fitted parameter's figures are.
    bool calibration_choice = false;

    double error_pct() const;
    double baseline_error_pct() const;
    bool has_baseline() const { return baseline > 0.0; }
};

/// A direction-of-effect conclusion the study drew, checked on the model's predictions.
struct Conclusion {
    std::string statement;  ///< "wider stripes cost less per additional concurrent process"
    bool reproduced = false;
    std::string evidence;  ///< the predicted numbers behind the verdict
};

/// A line for the charts: y against x, measured and predicted.
struct Series {
    std::string chart;  ///< series with the same chart title are drawn in one chart
    std::string name;   ///< the line's legend
    std::string x_label, y_label;
    std::vector<double> x;
    std::vector<double> predicted;
    std::vector<double> measured;  ///< empty when the study gives only a summary of the line
};

struct StudyResult {
    std::string name;     ///< "hauser-1996"
    std::string title;    ///< citation
    std::string profile;  ///< hardware profile and what was calibrated on which figures
    int year = 0;         ///< of the hardware measured (0 = not given)
    std::vector<Figure> figures;
    std::vector<Conclusion> conclusions;
    std::vector<Series> series;
    double median_abs_error_pct = 0.0;           ///< over non-calibration figures
    double baseline_median_abs_error_pct = 0.0;  ///< same figures where the baseline predicts
    /// Measured vs predicted ordering of the study's configurations; NaN where the study
    /// gives no ranking to compare.
    double kendall_tau = std::numeric_limits<double>::quiet_NaN();
    std::string kendall_basis;  ///< which figure the ordering is taken over
};

struct ValidationReport {
    std::vector<StudyResult> studies;
    double median_abs_error_pct = 0.0;           ///< all non-calibration figures of all studies
    double baseline_median_abs_error_pct = 0.0;  ///< same, for the rule of thumb
    int conclusions_reproduced = 0;
    int conclusions_total = 0;
    int figures = 0;              ///< every figure of every study
    int calibration_figures = 0;  ///< of which used to calibrate (issue 24: at most 20%)
};

/// Runs every study. `validation_dir` holds the study inputs (resources/validation).
ValidationReport run_validation(const Catalog& catalog,
                                const std::filesystem::path& validation_dir);

/// The residuals of every predicted (not calibration) figure, per evidence class and pooled:
/// what the error bands of evaluate/error_band.h are pinned to.
ResidualTable residual_table(const ValidationReport& report);

/// How often the validation figures fall inside their 80% bands, per evidence class: with the
/// bands `residuals` gives (in-sample: every study helped make them), and with the bands of
/// the other studies only (held out: each study in turn left out of residual_table, as a
/// user's system is). Only figures with an evidence class, predicted, not calibration.
struct BandCoverage {
    struct Count {
        int figures = 0;
        int inside = 0;    ///< in-sample
        int held_out = 0;  ///< inside the band made without the figure's study
    };
    std::array<Count, kEvidenceClasses> classes{};
    Count all;
    std::vector<Count> studies;  ///< per study, in the report's order
};
BandCoverage band_coverage(const ValidationReport& report, const ResidualTable& residuals);

/// How the advisor's tie rule (advisor/ties.h) does on the validation figures, each study left
/// out of the residuals in turn: every pair of figures a study measured at one load point (two
/// configurations, the same test and unit) is either called a tie (their predicted speeds differ
/// by less than z80 sqrt(sa^2 + sb^2), s the bands' relative_log_sd on the same hardware, else
/// other_hardware_log_sd) or decided; a decided pair is right when the measurements order the
/// two as the predictions do.
struct TieCheck {
    struct Count {
        int pairs = 0;
        int tied = 0;
        int decided_right = 0;  ///< of pairs - tied
        int all_right = 0;      ///< every pair decided by the predictions alone, right
    };
    Count all;
    Count same_hardware;         ///< of all: pairs on the same drive and controller models
    std::vector<Count> studies;  ///< per study, in the report's order
};
TieCheck tie_check(const ValidationReport& report);

/// Fills the per-study and overall statistics from the figures.
void summarize(StudyResult& study);
void summarize(ValidationReport& report);

}  // namespace raidadv::validation
