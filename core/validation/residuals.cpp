// The validation residuals the error bands stand on (evaluate/error_band.h).

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "validation/validation.h"

namespace raidadv::validation {

namespace {

/// Whether a figure's unit is a time (a larger value is slower) rather than a rate.
bool is_time(std::string_view unit) {
    return unit == "s" || unit == "ms" || unit == "ms/B";
}

/// Whether a figure counts in the residuals: it has an evidence class and is a prediction.
bool counts(const Figure& f) {
    return !f.calibration && f.evidence && f.measured > 0.0 && f.predicted > 0.0 &&
           std::isfinite(f.predicted);
}

/// The mean of a group of residuals and their sum of squares about it.
struct GroupMoments {
    double mean = 0.0;
    double ss = 0.0;
};
GroupMoments moments(const std::vector<double>& r) {
    GroupMoments g;
    for (const double x : r) {
        g.mean += x;
    }
    g.mean /= static_cast<double>(std::max<std::size_t>(1, r.size()));
    for (const double x : r) {
        g.ss += (x - g.mean) * (x - g.mean);
    }
    return g;
}

/// The residuals of one class, grouped by the study (and, pooled, the class) they come from.
using Groups = std::map<std::pair<std::size_t, std::size_t>, std::vector<double>>;

/// The groups of one class: each group's mean and size, and the pooled within-group variance.
struct GroupSummary {
    std::vector<double> means, counts;
    double sigma2 = 0.0;
    int figures = 0;
};
GroupSummary summarize(const Groups& groups) {
    GroupSummary g;
    double within_ss = 0.0;
    for (const auto& [key, r] : groups) {
        const GroupMoments m = moments(r);
        within_ss += m.ss;
        g.means.push_back(m.mean);
        g.counts.push_back(static_cast<double>(r.size()));
        g.figures += static_cast<int>(r.size());
    }
    const auto k = static_cast<int>(g.means.size());
    // derived: the pooled within-study variance, sum of squares about each study's mean over
    // N - k degrees of freedom.
    g.sigma2 = g.figures > k ? within_ss / (g.figures - k) : 0.0;
    return g;
}

/// DerSimonian & Laird 1986 (Controlled Clinical Trials 7, 177-188): a study's mean has
/// variance v = sigma^2 / n; Q = sum w (m - m_w)^2 with w = 1 / v, on k - 1 degrees of
/// freedom; tau^2 = max(0, (Q - (k - 1)) / C), C = sum w - sum w^2 / sum w.
struct Heterogeneity {
    double q = 0.0;
    double c = 0.0;
    int df = 0;
};
Heterogeneity heterogeneity(const GroupSummary& g) {
    Heterogeneity h;
    if (g.means.size() < 2 || g.sigma2 <= 0.0) {
        return h;
    }
    double sw = 0.0, sw2 = 0.0, swm = 0.0;
    for (std::size_t i = 0; i < g.means.size(); ++i) {
        const double w = g.counts[i] / g.sigma2;
        sw += w;
        sw2 += w * w;
        swm += w * g.means[i];
    }
    const double mw = swm / sw;
    for (std::size_t i = 0; i < g.means.size(); ++i) {
        h.q += g.counts[i] / g.sigma2 * (g.means[i] - mw) * (g.means[i] - mw);
    }
    h.c = sw - sw2 / sw;
    h.df = static_cast<int>(g.means.size()) - 1;
    return h;
}

/// The between-study variance of `g` by its own studies.
double own_tau2(const GroupSummary& g) {
    const auto k = static_cast<double>(g.means.size());
    if (k >= 2.0 && g.sigma2 > 0.0) {
        const Heterogeneity h = heterogeneity(g);
        return std::max(0.0, (h.q - h.df) / h.c);
    }
    if (k >= 2.0) {
        // derived: no spread within any study; the study means' sample variance is all of it.
        double sum = 0.0, sum_sq = 0.0;
        for (const double m : g.means) {
            sum += m;
            sum_sq += m * m;
        }
        return std::max(0.0, (sum_sq - sum * sum / k) / (k - 1.0));
    }
    return 0.0;
}

/// A between-study variance and the degrees of freedom it is estimated on.
struct BetweenStudies {
    double tau2 = 0.0;
    int df = 0;
};

/// Random-effects statistics of a class's grouped residuals: a figure of a study not among
/// them is r = mu + u + e, u ~ N(0, tau^2) the study's own bias, e ~ N(0, sigma^2) the
/// figure's; tau^2 the class's own, or `between` where given.
ResidualStats random_effects(const GroupSummary& g, const BetweenStudies* between = nullptr) {
    ResidualStats s;
    s.studies = static_cast<int>(g.means.size());
    s.figures = g.figures;
    if (s.figures == 0) {
        return s;
    }
    const double sigma2 = g.sigma2;
    const double tau2 = between ? between->tau2 : own_tau2(g);
    s.between_df = between ? between->df : s.studies - 1;
    // DerSimonian & Laird 1986: the random-effects mean, weights 1 / (v + tau^2), and its
    // variance 1 / sum of the weights.
    double sw = 0.0, swm = 0.0;
    for (std::size_t i = 0; i < g.means.size(); ++i) {
        const double v = sigma2 / g.counts[i] + tau2;
        const double w = v > 0.0 ? 1.0 / v : 1.0;
        sw += w;
        swm += w * g.means[i];
    }
    s.mean_log = swm / sw;
    const double var_mean = sigma2 > 0.0 || tau2 > 0.0 ? 1.0 / sw : 0.0;
    // Higgins, Thompson & Spiegelhalter 2009 (J. R. Statist. Soc. A 172, 137-159), section 3.4:
    // a new study's effect varies by tau^2 + var(mu); one figure of it adds its own sigma^2.
    s.sd_log = std::sqrt(tau2 + var_mean + sigma2);
    s.within_sd_log = std::sqrt(sigma2);
    s.between_sd_log = std::sqrt(tau2);
    return s;
}

/// The between-study variance common to every class, each about its own mean: Borenstein,
/// Hedges, Higgins & Rothstein 2009 (Introduction to Meta-Analysis, ch. 19, "a pooled estimate
/// of tau^2"): tau^2 = max(0, (sum Q - sum df) / sum C) over the classes, on sum df degrees of
/// freedom. Unlike the pooled residuals' it leaves out how the classes' biases differ.
BetweenStudies common_between(const std::array<GroupSummary, kEvidenceClasses>& classes) {
    double q = 0.0, c = 0.0;
    int df = 0;
    for (const GroupSummary& g : classes) {
        const Heterogeneity h = heterogeneity(g);
        q += h.q;
        c += h.c;
        df += h.df;
    }
    return {c > 0.0 ? std::max(0.0, (q - df) / c) : 0.0, df};
}

/// What a figure measured and where, without the configuration: a figure is named
/// "<configuration>: <measure and load point>" (Figure::name), so the text after the last ": "
/// and the unit; empty if the name has no ": ".
std::string load_point(const Figure& f) {
    const auto colon = f.name.rfind(": ");
    return colon == std::string::npos ? std::string() : f.name.substr(colon + 2) + "|" + f.unit;
}

/// A figure's residual (ln real / predicted speed) and the hardware it was measured on.
struct PointResidual {
    double faster = 0.0;
    std::string hardware;
};
using PointGroups = std::map<std::pair<std::size_t, std::string>, std::vector<PointResidual>>;

/// The spreads of pairs of figures of one group (a study's figures at one load point), on the
/// same hardware and on other hardware: derived: half the mean squared difference of a pair,
/// each pair of a group of n weighted 2 / n, so that over every pair of a group the sum is
/// the group's sum of squares about its mean over n - 1 degrees of freedom (the pooled variance
/// within groups); groups of one figure add nothing.
std::pair<double, double> pair_spreads(const PointGroups& groups) {
    std::array<double, 2> ss{}, weight{};
    for (const auto& [key, r] : groups) {
        const double w = 2.0 / static_cast<double>(r.size());
        for (std::size_t i = 0; i < r.size(); ++i) {
            for (std::size_t j = i + 1; j < r.size(); ++j) {
                const std::size_t kind = r[i].hardware == r[j].hardware ? 0 : 1;
                const double d = r[i].faster - r[j].faster;
                ss[kind] += w * d * d / 2.0;
                weight[kind] += w;
            }
        }
    }
    const auto sd = [&](std::size_t k) {
        return weight[k] > 0.0 ? std::sqrt(ss[k] / weight[k]) : 0.0;
    };
    return {sd(0), sd(1)};
}

/// Sets the pair spreads of `s` from `groups`.
void set_pair_spreads(ResidualStats& s, const PointGroups& groups) {
    const auto [same, other] = pair_spreads(groups);
    s.same_hardware_sd_log = same;
    s.other_hardware_sd_log = other;
}

}  // namespace

ResidualTable residual_table(const ValidationReport& report) {
    std::array<Groups, kEvidenceClasses> classes{};
    Groups pooled;
    std::array<PointGroups, kEvidenceClasses> class_points{};
    PointGroups pooled_points;
    for (std::size_t study = 0; study < report.studies.size(); ++study) {
        for (const Figure& f : report.studies[study].figures) {
            if (!counts(f)) {
                continue;
            }
            // ln(real / predicted speed): a rate's measured over predicted, a time's inverse.
            const double r = std::log(f.measured / f.predicted);
            const double faster = is_time(f.unit) ? -r : r;
            const auto c = static_cast<std::size_t>(*f.evidence);
            classes[c][{study, 0}].push_back(faster);
            const std::string point = load_point(f);
            if (!point.empty()) {
                class_points[c][{study, point}].push_back({faster, f.hardware});
                pooled_points[{study, std::to_string(c) + "|" + point}].push_back(
                    {faster, f.hardware});
            }
            // Pooled, a study's figures of two classes are two groups: each class of a study
            // has its own bias.
            pooled[{study, c}].push_back(faster);
        }
    }
    std::array<GroupSummary, kEvidenceClasses> summaries{};
    for (std::size_t i = 0; i < kEvidenceClasses; ++i) {
        summaries[i] = summarize(classes[i]);
    }
    // A class of fewer studies than kMinClassStudies keeps its own bias and spread within
    // studies, and takes the between-study spread common to every class (Borenstein et al.
    // 2009, ch. 19): two studies give one degree of freedom for it.
    const BetweenStudies common = common_between(summaries);
    ResidualTable table;
    for (std::size_t i = 0; i < kEvidenceClasses; ++i) {
        const bool borrows = static_cast<int>(summaries[i].means.size()) < kMinClassStudies;
        table.classes[i] = random_effects(summaries[i], borrows ? &common : nullptr);
        set_pair_spreads(table.classes[i], class_points[i]);
    }
    table.pooled = random_effects(summarize(pooled));
    set_pair_spreads(table.pooled, pooled_points);
    return table;
}

namespace {

/// Whether figure `f`'s measured value lies inside the band `residuals` give its prediction.
bool inside_band(const Figure& f, const ResidualTable& residuals) {
    PointMetrics p;
    p.concurrency = 1;
    const bool time = is_time(f.unit);
    p.iops = time ? 1.0 : f.predicted;
    p.mb_per_s = p.iops;
    p.mean_response_s = time ? f.predicted : 1.0;
    const PointBand band = point_band(p, *f.evidence, "", residuals);
    const Interval i = time ? band.mean_response_s : band.iops;
    return i.high > 0.0 && f.measured >= i.low && f.measured <= i.high;
}

}  // namespace

namespace {

/// The residuals of every study of `report` but the k-th.
ResidualTable residuals_without(const ValidationReport& report, std::size_t k) {
    ValidationReport others;
    for (std::size_t j = 0; j < report.studies.size(); ++j) {
        if (j != k) {
            others.studies.push_back(report.studies[j]);
        }
    }
    return residual_table(others);
}

/// ln of a figure's speed (a rate, or the inverse of a time) from its value.
double log_speed(const Figure& f, double value) {
    return is_time(f.unit) ? -std::log(value) : std::log(value);
}

}  // namespace

BandCoverage band_coverage(const ValidationReport& report, const ResidualTable& residuals) {
    BandCoverage c;
    c.studies.resize(report.studies.size());
    for (std::size_t k = 0; k < report.studies.size(); ++k) {
        const ResidualTable without = residuals_without(report, k);
        for (const Figure& f : report.studies[k].figures) {
            if (!counts(f)) {
                continue;
            }
            const int in = inside_band(f, residuals) ? 1 : 0;
            const int out = inside_band(f, without) ? 1 : 0;
            for (BandCoverage::Count* n :
                 {&c.classes[static_cast<std::size_t>(*f.evidence)], &c.all, &c.studies[k]}) {
                ++n->figures;
                n->inside += in;
                n->held_out += out;
            }
        }
    }
    return c;
}

namespace {

/// The comparison spreads of a class under `residuals`: on the same hardware
/// (PointBand::relative_log_sd) and on other hardware (other_hardware_log_sd).
struct ComparisonSpread {
    double same = 0.0;
    double other = 0.0;
};
std::array<ComparisonSpread, kEvidenceClasses> comparison_spreads(const ResidualTable& residuals) {
    PointMetrics p;
    p.concurrency = 1;
    p.iops = p.mb_per_s = p.mean_response_s = 1.0;
    std::array<ComparisonSpread, kEvidenceClasses> out{};
    for (std::size_t c = 0; c < kEvidenceClasses; ++c) {
        const PointBand b = point_band(p, static_cast<EvidenceClass>(c), "", residuals);
        out[c] = {b.relative_log_sd, b.other_hardware_log_sd};
    }
    return out;
}

/// Counts one pair into `n`: ordered `right` by the predictions, `tied` by the rule.
void tally(TieCheck::Count& n, bool right, bool tied) {
    ++n.pairs;
    n.all_right += right ? 1 : 0;
    n.tied += tied ? 1 : 0;
    n.decided_right += !tied && right ? 1 : 0;
}

/// Counts every pair of `figures` (one class, one load point) into `n` (and the pairs on one
/// drive and controller model into `same`): tied when their predicted speeds differ by no more
/// than z80 sqrt(2) times the pair's comparison spread (log scale), as advisor::speed_tied.
void count_pairs(const std::vector<const Figure*>& figures, const ComparisonSpread& spread,
                 TieCheck::Count& n, TieCheck::Count& same) {
    for (std::size_t i = 0; i < figures.size(); ++i) {
        for (std::size_t j = i + 1; j < figures.size(); ++j) {
            const Figure& a = *figures[i];
            const Figure& b = *figures[j];
            const bool same_hardware = a.hardware == b.hardware;
            const double limit =
                kZ80 * std::sqrt(2.0) * (same_hardware ? spread.same : spread.other);
            const double predicted = log_speed(a, a.predicted) - log_speed(b, b.predicted);
            const double measured = log_speed(a, a.measured) - log_speed(b, b.measured);
            // Right: the measurements order the two as the predictions do (a measured tie is
            // right either way).
            const bool right = predicted * measured >= 0.0;
            const bool tied = std::abs(predicted) <= limit;
            tally(n, right, tied);
            if (same_hardware) {
                tally(same, right, tied);
            }
        }
    }
}

void add_count(TieCheck::Count& to, const TieCheck::Count& n) {
    to.pairs += n.pairs;
    to.tied += n.tied;
    to.decided_right += n.decided_right;
    to.all_right += n.all_right;
}

}  // namespace

TieCheck tie_check(const ValidationReport& report) {
    TieCheck t;
    t.studies.resize(report.studies.size());
    for (std::size_t k = 0; k < report.studies.size(); ++k) {
        const std::array<ComparisonSpread, kEvidenceClasses> spread =
            comparison_spreads(residuals_without(report, k));
        std::map<std::pair<std::size_t, std::string>, std::vector<const Figure*>> points;
        for (const Figure& f : report.studies[k].figures) {
            const std::string point = load_point(f);
            if (counts(f) && !point.empty()) {
                points[{static_cast<std::size_t>(*f.evidence), point}].push_back(&f);
            }
        }
        for (const auto& [key, figures] : points) {
            // As advisor::speed_tied: |ln ratio| <= z80 sqrt(sa^2 + sb^2), one class: sa = sb.
            count_pairs(figures, spread[key.first], t.studies[k], t.same_hardware);
        }
        add_count(t.all, t.studies[k]);
    }
    return t;
}

}  // namespace raidadv::validation
