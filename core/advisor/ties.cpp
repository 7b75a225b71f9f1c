#include "advisor/ties.h"

#include "evaluate/error_band.h"

#include <cmath>

namespace raidadv::advisor {

Interval response_band(const Performance& p) {
    if (p.points.empty()) {
        return {};
    }
    double log_low = 0.0, log_high = 0.0;
    for (const PointMetrics& m : p.points) {
        const Interval& b = m.band.mean_response_s;
        if (!(b.low > 0.0) || !(b.high > 0.0)) {
            return {};
        }
        log_low += std::log(b.low);
        log_high += std::log(b.high);
    }
    const double n = static_cast<double>(p.points.size());
    return {std::exp(log_low / n), std::exp(log_high / n)};
}

namespace {

/// The mean over `p`'s points of their relative or total log spread; 0 if a point has none.
double mean_log_sd(const Performance& p, bool relative) {
    if (p.points.empty()) {
        return 0.0;
    }
    double sum = 0.0;
    for (const PointMetrics& m : p.points) {
        const double sd = relative ? m.band.relative_log_sd : m.band.log_sd;
        if (!(sd > 0.0)) {
            return 0.0;
        }
        sum += sd;
    }
    return sum / static_cast<double>(p.points.size());
}

}  // namespace

double comparison_log_sd(const Performance& a, const Performance& b) {
    if (a.points.empty() || b.points.empty()) {
        return 0.0;
    }
    const bool same_class = a.points.front().band.evidence == b.points.front().band.evidence;
    const double sa = mean_log_sd(a, same_class), sb = mean_log_sd(b, same_class);
    if (!(sa > 0.0) || !(sb > 0.0)) {
        return 0.0;
    }
    return std::sqrt(sa * sa + sb * sb);
}

bool speed_tied(const Candidate& a, const Candidate& b) {
    const double sd = comparison_log_sd(a.performance, b.performance);
    const double ra = a.performance.mean_response_s, rb = b.performance.mean_response_s;
    if (!(sd > 0.0) || !(ra > 0.0) || !(rb > 0.0)) {
        return false;
    }
    return std::abs(std::log(ra / rb)) <= kZ80 * sd;
}

}  // namespace raidadv::advisor
