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

/// Which of a point band's spreads a comparison uses.
enum class Spread { SameHardware, OtherHardware, Whole };

/// The mean over `p`'s points of their `spread`; 0 if a point has none.
double mean_log_sd(const Performance& p, Spread spread) {
    if (p.points.empty()) {
        return 0.0;
    }
    double sum = 0.0;
    for (const PointMetrics& m : p.points) {
        const double sd = spread == Spread::SameHardware    ? m.band.relative_log_sd
                          : spread == Spread::OtherHardware ? m.band.other_hardware_log_sd
                                                            : m.band.log_sd;
        if (!(sd > 0.0)) {
            return 0.0;
        }
        sum += sd;
    }
    return sum / static_cast<double>(p.points.size());
}

}  // namespace

double comparison_log_sd(const Performance& a, const Performance& b, bool same_hardware) {
    if (a.points.empty() || b.points.empty()) {
        return 0.0;
    }
    const bool same_class = a.points.front().band.evidence == b.points.front().band.evidence;
    const Spread spread = !same_class     ? Spread::Whole
                          : same_hardware ? Spread::SameHardware
                                          : Spread::OtherHardware;
    const double sa = mean_log_sd(a, spread), sb = mean_log_sd(b, spread);
    if (!(sa > 0.0) || !(sb > 0.0)) {
        return 0.0;
    }
    return std::sqrt(sa * sa + sb * sb);
}

bool speed_tied(const Candidate& a, const Candidate& b) {
    const double sd = comparison_log_sd(a.performance, b.performance,
                                        hardware_key(a.system) == hardware_key(b.system));
    const double ra = a.performance.mean_response_s, rb = b.performance.mean_response_s;
    if (!(sd > 0.0) || !(ra > 0.0) || !(rb > 0.0)) {
        return false;
    }
    return std::abs(std::log(ra / rb)) <= kZ80 * sd;
}

}  // namespace raidadv::advisor
