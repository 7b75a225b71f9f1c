#include "queueing/order_statistics.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace raidadv::queueing {

namespace {

constexpr int kMaxTabulated = 4096;

struct MaxTable {
    std::vector<double> mean, var, harmonic, inv_squares;
    MaxTable()
        : mean(kMaxTabulated + 1),
          var(kMaxTabulated + 1),
          harmonic(kMaxTabulated + 1, 0.0),
          inv_squares(kMaxTabulated + 1, 0.0) {
        for (int k = 1; k <= kMaxTabulated; ++k) {
            harmonic[k] = harmonic[k - 1] + 1.0 / k;
            inv_squares[k] = inv_squares[k - 1] + 1.0 / (static_cast<double>(k) * k);
        }
        // derived: E[M^j] = integral x^j k phi(x) Phi(x)^(k-1) dx, trapezoid on [-10, 10].
        constexpr int kSteps = 4000;
        constexpr double lo = -10.0, hi = 10.0;
        constexpr double h = (hi - lo) / kSteps;
        std::vector<double> x(kSteps + 1), phi(kSteps + 1), Phi(kSteps + 1);
        for (int i = 0; i <= kSteps; ++i) {
            x[i] = lo + i * h;
            phi[i] = std::exp(-0.5 * x[i] * x[i]) / std::sqrt(2.0 * M_PI);
            Phi[i] = 0.5 * std::erfc(-x[i] / std::sqrt(2.0));
        }
        // Phi(x)^(k-1) by repeated multiplication (no pow), flushed to 0 before it turns
        // subnormal (slow arithmetic, and below 1e-300 it contributes nothing).
        std::vector<double> power(kSteps + 1, 1.0);
        for (int k = 1; k <= kMaxTabulated; ++k) {
            double m1 = 0.0, m2 = 0.0;
            for (int i = 0; i <= kSteps; ++i) {
                const double w = (i == 0 || i == kSteps) ? 0.5 : 1.0;
                const double dens = k * phi[i] * power[i];
                m1 += w * x[i] * dens * h;
                m2 += w * x[i] * x[i] * dens * h;
                power[i] = power[i] * Phi[i] < 1e-300 ? 0.0 : power[i] * Phi[i];
            }
            mean[k] = m1;
            var[k] = std::max(0.0, m2 - m1 * m1);
        }
    }
};

const MaxTable& table() {
    static const MaxTable t;  // thread-safe initialization (C++11 magic statics)
    return t;
}

}  // namespace

double expected_max_std_normal(int k) {
    k = std::clamp(k, 1, kMaxTabulated);
    return table().mean[k];
}

double variance_max_std_normal(int k) {
    k = std::clamp(k, 1, kMaxTabulated);
    return table().var[k];
}

MaxMoments max_of_iid(int k, double mean, double var) {
    if (k <= 1 || !(var > 0.0) || !(mean > 0.0)) {
        return {mean, std::max(0.0, var)};
    }
    const double sd = std::sqrt(var);
    // derived: interpolate, by the squared coefficient of variation (0 = normal-like, >= 1 =
    // exponential-like), between Clark's normal order statistics and the exponential ones
    // (E[max] = H_k m, Var[max] = m^2 sum 1/i^2, i.e. mean + sd (H_k - 1) for sd = m).
    const double w = std::clamp(var / (mean * mean), 0.0, 1.0);
    const auto& t = table();
    k = std::min(k, kMaxTabulated);
    const double mean_factor = (1.0 - w) * t.mean[k] + w * (t.harmonic[k] - 1.0);
    const double var_factor = (1.0 - w) * t.var[k] + w * t.inv_squares[k];
    return {mean + sd * mean_factor, var * var_factor};
}

double harmonic(int k) {
    double h = 0.0;
    for (int i = 1; i <= k; ++i) {
        h += 1.0 / i;
    }
    return h;
}

double nelson_tantawi_response(int k, double lambda, double mu) {
    const double rho = lambda / mu;
    const double r = harmonic(k) / harmonic(2);
    return (r + (1.0 - r) * 4.0 * rho / 11.0) * (1.5 - rho / 8.0) / (mu - lambda);
}

}  // namespace raidadv::queueing
