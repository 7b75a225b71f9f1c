#include "queueing/order_statistics.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace raidadv::queueing {

namespace {

constexpr int kMaxTabulated = 4096;

/// The tables, extended on demand up to the largest k asked for (most callers need k up to a
/// few dozen; computing all kMaxTabulated columns at once costs about 0.1 s). Extending runs the
/// same recurrence in the same order, so a value does not depend on how far the table has grown.
class MaxTable {
  public:
    std::vector<double> mean, var, harmonic, inv_squares;

    MaxTable() : mean(1, 0.0), var(1, 0.0), harmonic(1, 0.0), inv_squares(1, 0.0) {
        x_.resize(kSteps + 1);
        phi_.resize(kSteps + 1);
        Phi_.resize(kSteps + 1);
        for (int i = 0; i <= kSteps; ++i) {
            x_[i] = kLo + i * kH;
            phi_[i] = std::exp(-0.5 * x_[i] * x_[i]) / std::sqrt(2.0 * M_PI);
            Phi_[i] = 0.5 * std::erfc(-x_[i] / std::sqrt(2.0));
        }
        power_.assign(kSteps + 1, 1.0);
    }

    /// Makes entries 0..k valid (k <= kMaxTabulated).
    void extend_to(int k_max) {
        for (int k = static_cast<int>(mean.size()); k <= k_max; ++k) {
            harmonic.push_back(harmonic[k - 1] + 1.0 / k);
            inv_squares.push_back(inv_squares[k - 1] + 1.0 / (static_cast<double>(k) * k));
            // derived: E[M^j] = integral x^j k phi(x) Phi(x)^(k-1) dx, trapezoid on [-10, 10].
            // Phi(x)^(k-1) by repeated multiplication (no pow), flushed to 0 before it turns
            // subnormal (slow arithmetic, and below 1e-300 it contributes nothing).
            double m1 = 0.0, m2 = 0.0;
            for (int i = 0; i <= kSteps; ++i) {
                const double w = (i == 0 || i == kSteps) ? 0.5 : 1.0;
                const double dens = k * phi_[i] * power_[i];
                m1 += w * x_[i] * dens * kH;
                m2 += w * x_[i] * x_[i] * dens * kH;
                power_[i] = power_[i] * Phi_[i] < 1e-300 ? 0.0 : power_[i] * Phi_[i];
            }
            mean.push_back(m1);
            var.push_back(std::max(0.0, m2 - m1 * m1));
        }
    }

  private:
    static constexpr int kSteps = 4000;
    static constexpr double kLo = -10.0, kHi = 10.0;
    static constexpr double kH = (kHi - kLo) / kSteps;
    std::vector<double> x_, phi_, Phi_, power_;  ///< power_ = Phi^(k-1) for the next k
};

/// The tables valid up to `k` (one per thread: no locking, and each extends independently).
const MaxTable& table(int k) {
    thread_local MaxTable t;
    if (static_cast<int>(t.mean.size()) <= k) {
        t.extend_to(k);
    }
    return t;
}

}  // namespace

double expected_max_std_normal(int k) {
    k = std::clamp(k, 1, kMaxTabulated);
    return table(k).mean[k];
}

double variance_max_std_normal(int k) {
    k = std::clamp(k, 1, kMaxTabulated);
    return table(k).var[k];
}

MaxFactors max_factors(int k) {
    MaxFactors f;
    f.k = k;
    if (k <= 1) {
        return f;
    }
    k = std::min(k, kMaxTabulated);
    const auto& t = table(k);
    f.normal_mean = t.mean[k];
    f.normal_var = t.var[k];
    f.exp_mean = t.harmonic[k] - 1.0;
    f.exp_var = t.inv_squares[k];
    return f;
}

MaxMoments max_of_iid(int k, double mean, double var) {
    if (k <= 1 || !(var > 0.0) || !(mean > 0.0)) {
        return {mean, std::max(0.0, var)};
    }
    return max_of_iid(max_factors(k), mean, var);
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
