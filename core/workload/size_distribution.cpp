#include <algorithm>
#include <cmath>

#include "workload/workload.h"

namespace raidadv {

namespace {

/// Standard normal quantile by bisection on erfc (only used to place a few points).
double z_of(double p) {
    double lo = -10.0, hi = 10.0;
    for (int i = 0; i < 100; ++i) {
        const double mid = 0.5 * (lo + hi);
        if (0.5 * std::erfc(-mid / std::sqrt(2.0)) < p) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    return 0.5 * (lo + hi);
}

}  // namespace

std::vector<SizeDistribution::Bin> SizeDistribution::discretize(int max_points) const {
    max_points = std::max(1, max_points);
    std::vector<Bin> out;
    switch (kind) {
        case Kind::Fixed:
            out.push_back({fixed_bytes, 1.0});
            break;
        case Kind::Uniform: {
            const int m = (max_bytes > min_bytes) ? max_points : 1;
            for (int i = 0; i < m; ++i) {
                // Midpoints of m equal-probability slices.
                out.push_back({min_bytes + (max_bytes - min_bytes) * (i + 0.5) / m, 1.0 / m});
            }
            break;
        }
        case Kind::Lognormal: {
            const int m = sigma > 0.0 ? max_points : 1;
            for (int i = 0; i < m; ++i) {
                double b = median_bytes * std::exp(sigma * z_of((i + 0.5) / m));
                if (max_bytes > 0.0) {
                    b = std::clamp(b, std::max(1.0, min_bytes), max_bytes);
                }
                out.push_back({b, 1.0 / m});
            }
            break;
        }
        case Kind::Histogram: {
            std::vector<Bin> sorted = bins;
            std::sort(sorted.begin(), sorted.end(),
                      [](const Bin& a, const Bin& b) { return a.bytes < b.bytes; });
            double total = 0.0;
            for (const auto& b : sorted) {
                total += b.weight;
            }
            if (total <= 0.0) {
                break;
            }
            const std::size_t groups = std::min<std::size_t>(sorted.size(), max_points);
            for (std::size_t g = 0; g < groups; ++g) {
                const std::size_t begin = g * sorted.size() / groups;
                const std::size_t end = (g + 1) * sorted.size() / groups;
                double w = 0.0, wb = 0.0;
                for (std::size_t i = begin; i < end; ++i) {
                    w += sorted[i].weight;
                    wb += sorted[i].weight * sorted[i].bytes;
                }
                if (w > 0.0) {
                    out.push_back({wb / w, w / total});
                }
            }
            break;
        }
    }
    return out;
}

double SizeDistribution::mean_bytes() const {
    if (kind == Kind::Lognormal && max_bytes <= 0.0) {
        return median_bytes * std::exp(0.5 * sigma * sigma);  // lognormal mean
    }
    double m = 0.0;
    for (const auto& b : discretize(kind == Kind::Histogram ? 1 << 20 : 256)) {
        m += b.bytes * b.weight;
    }
    return m;
}

}  // namespace raidadv
