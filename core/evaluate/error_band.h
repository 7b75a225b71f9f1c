#pragma once
// How far to trust a prediction (issue 24, docs/model.md "Error bands"): every load point's
// throughput and mean response carry an 80% prediction interval taken from the validation
// residuals of the prediction's evidence class, widened where the model is outside what the
// validation studies measured.

#include <array>
#include <string>
#include <string_view>

#include "system/metrics.h"
#include "system/system.h"
#include "workload/workload.h"

namespace raidadv {

/// derived: the two-sided 80% quantile of the standard normal distribution.
inline constexpr double kZ80 = 1.2815515655446004;

/// Kinds of prediction whose errors the validation studies measure separately.
/// SSDs' reads and writes apart: the model's errors on them run opposite ways in every flash
/// study (reads slower than predicted, writes faster: a write's speed hangs on the drive's
/// write state and caches, a read's does not), so one class would be a mixture of two. Small
/// writes to a Linux md RAID 5/6 of disks with its write-intent bitmap apart from the disks'
/// other random I/O: the model is known short of the cost of md's bitmap updates there
/// (docs/model.md, md write-intent bitmap: the md RAID 5 study's writes 24% faster than
/// measured on average, its reads 10% slower), so with the reads they would be a mixture too.
enum class EvidenceClass {
    HddRandom,
    HddSequential,
    HddFile,
    CachedWrites,
    FlashReads,
    FlashWrites,
    MdParityWrites
};
inline constexpr std::size_t kEvidenceClasses = 7;

std::string_view to_string(EvidenceClass c);

/// The residuals of a set of validation figures: ln(measured / predicted) of a rate (of a time:
/// ln(predicted / measured), so that both say how much faster the real system was), grouped by
/// the study they come from: the figures of one study share its hardware profile and its bias,
/// so a study the band has never seen (a user's system) varies by more than one more figure of
/// a study it has (validation::residual_table: random effects).
struct ResidualStats {
    int figures = 0;
    int studies = 0;              ///< groups of figures (studies; pooled: a study's classes apart)
    double mean_log = 0.0;        ///< the random-effects mean
    double sd_log = 0.0;          ///< spread of one figure of a new study (within, between, mean's)
    double within_sd_log = 0.0;   ///< spread of a study's figures about its own mean
    double between_sd_log = 0.0;  ///< spread of the studies' own biases
    /// What comparing two configurations measured at one load point (same test) is off by, over
    /// sqrt 2 (derived: the mean squared difference of two figures is twice their variance),
    /// for two on the same drive and controller models (hardware_key) and for two on different
    /// ones. 0 where no study measured such a pair.
    double same_hardware_sd_log = 0.0;
    double other_hardware_sd_log = 0.0;
    /// Degrees of freedom of the between-study spread: studies - 1, or, for a class of fewer
    /// than kMinClassStudies studies, those of the spread common to every class it takes.
    int between_df = 0;
};

/// Per class, and pooled over every class.
struct ResidualTable {
    std::array<ResidualStats, kEvidenceClasses> classes{};
    ResidualStats pooled;
};

/// A class with figures from fewer studies than this keeps its own bias and spread within
/// studies but takes the between-study spread common to every class (two studies leave one
/// degree of freedom for their own); a class of no study takes the pooled residuals.
inline constexpr int kMinClassStudies = 3;

/// derived: the 0.9 quantile of Student's t with `df` degrees of freedom (two-sided 80%), from
/// the standard table for 1-30 and Abramowitz & Stegun 26.7.5 beyond; the normal's for df < 1.
double student_t80(int df);

/// Half the width, on the log scale, of the 80% band of one figure of class residuals `s` whose
/// spread (with any widening) is `log_sd`: Student's t with the degrees of freedom of the
/// study-level and within-study variance together (Satterthwaite 1946) times `log_sd`.
double band_half_log(const ResidualStats& s, double log_sd);

/// The residuals of today's validation studies (pinned here; tests/validation/
/// test_error_bands.cpp derives them from `raid-advisor-cli validate` and fails if they differ).
const ResidualTable& validated_residuals();

/// The drive and controller models of `system` ("<drive>|<controller>", catalog ids or, for
/// inline specs, names): two configurations with the same key compare with
/// PointBand::relative_log_sd, two with different keys with other_hardware_log_sd.
std::string hardware_key(const System& system);

/// The evidence class of a prediction for `system` under `workload`.
EvidenceClass evidence_class(const System& system, const Workload& workload);

/// Why `system` lies outside what the validation studies measured ("; "-separated), or empty.
std::string outside_validation(const System& system);
/// As above, and the mechanisms `workload` brings into play that no study measured (a
/// write-back cache absorbing rewrites of its dirty data, system/write_cache.h).
std::string outside_validation(const System& system, const Workload& workload);

/// The band of one point from its class's residuals (the pooled ones for a class no study
/// measured), with one more study-level bias when `widened` is not empty. Empty for
/// a saturated or unsolved point.
PointBand point_band(const PointMetrics& p, EvidenceClass c, const std::string& widened,
                     const ResidualTable& residuals);

/// Fills the band of every point of `e` (validated_residuals()).
void attach_bands(Evaluation& e, const System& system, const Workload& workload);

}  // namespace raidadv
