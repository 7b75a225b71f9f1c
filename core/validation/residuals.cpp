// The validation residuals the error bands stand on (evaluate/error_band.h).

#include <cmath>
#include <string_view>

#include "validation/validation.h"

namespace raidadv::validation {

namespace {

/// Whether a figure's unit is a time (a larger value is slower) rather than a rate.
bool is_time(std::string_view unit) {
    return unit == "s" || unit == "ms" || unit == "ms/B";
}

struct Accumulator {
    int n = 0;
    double sum = 0.0, sum_sq = 0.0;
    void add(double x) {
        ++n;
        sum += x;
        sum_sq += x * x;
    }
    ResidualStats stats() const {
        ResidualStats s;
        s.figures = n;
        if (n > 0) {
            s.mean_log = sum / n;
        }
        if (n > 1) {
            // derived: the sample variance, (sum x^2 - n mean^2) / (n - 1).
            s.sd_log = std::sqrt(std::max(0.0, (sum_sq - n * s.mean_log * s.mean_log) / (n - 1)));
        }
        return s;
    }
};

}  // namespace

ResidualTable residual_table(const ValidationReport& report) {
    std::array<Accumulator, kEvidenceClasses> classes{};
    Accumulator pooled;
    for (const StudyResult& study : report.studies) {
        for (const Figure& f : study.figures) {
            if (f.calibration || !f.evidence || !(f.measured > 0.0) || !(f.predicted > 0.0) ||
                !std::isfinite(f.predicted)) {
                continue;
            }
            // ln(real / predicted speed): a rate's measured over predicted, a time's inverse.
            const double r = std::log(f.measured / f.predicted);
            const double faster = is_time(f.unit) ? -r : r;
            classes[static_cast<std::size_t>(*f.evidence)].add(faster);
            pooled.add(faster);
        }
    }
    ResidualTable table;
    for (std::size_t i = 0; i < kEvidenceClasses; ++i) {
        table.classes[i] = classes[i].stats();
    }
    table.pooled = pooled.stats();
    return table;
}

}  // namespace raidadv::validation
