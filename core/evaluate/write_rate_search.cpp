#include "evaluate/write_rate_search.h"

#include <algorithm>
#include <cmath>

namespace raidadv {

bool WriteRateSearch::converged_after(double answer, double tolerance) {
    const double x = x_;
    const double g = answer - x;
    if (!(std::abs(g) > tolerance * x)) {
        return true;
    }
    (g > 0.0 ? lo_ : hi_) = x;
    // The plain step, or Aitken's extrapolation of the last two plain steps when they went
    // the same way (no further than the two together).
    double next = answer;
    if (previous_ > 0.0) {
        const double d1 = x - previous_, d2 = answer - x;
        const double curvature = d2 - d1;
        if (d1 * d2 > 0.0 && std::abs(curvature) > 0.0) {
            const double jump = -d2 * d2 / curvature;
            if (jump * d2 > 0.0 && std::abs(jump) <= std::abs(d1) + std::abs(d2)) {
                next = answer + jump;
            }
        }
    }
    previous_ = next == answer ? x : -1.0;
    if (lo_ >= 0.0 && hi_ >= 0.0) {
        const double a = std::min(lo_, hi_), b = std::max(lo_, hi_);
        const double width = b - a;
        if (!(width > tolerance * x)) {
            return true;  // (the answer jumps across the rate: as near as it gets)
        }
        if (!(next > a && next < b) || width > 0.5 * previous_width_) {
            next = 0.5 * (a + b);
            previous_ = -1.0;
        }
        previous_width_ = width;
    }
    x_ = next > 0.0 ? next : 0.5 * x;
    return false;
}

}  // namespace raidadv
