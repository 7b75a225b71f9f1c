#include "advisor/ties.h"

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

bool speed_tied(const Candidate& a, const Candidate& b) {
    const Interval ba = response_band(a.performance), bb = response_band(b.performance);
    const double ra = a.performance.mean_response_s, rb = b.performance.mean_response_s;
    auto inside = [](double x, const Interval& i) { return x >= i.low && x <= i.high; };
    return ba.high > 0.0 && bb.high > 0.0 && inside(ra, bb) && inside(rb, ba);
}

}  // namespace raidadv::advisor
