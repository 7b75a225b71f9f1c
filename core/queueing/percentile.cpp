#include "queueing/percentile.h"

#include <algorithm>
#include <cmath>

namespace raidadv::queueing {

double normal_quantile(double p) {
    p = std::clamp(p, 1e-15, 1.0 - 1e-15);
    // Acklam (2003) coefficients.
    static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                               -2.759285104469687e+02, 1.383577518672690e+02,
                               -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                               -1.556989798598866e+02, 6.680131188771972e+01,
                               -1.328068155288572e+01};
    static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                               -2.400758277161838e+00, -2.549732539343734e+00,
                               4.374664141464968e+00,  2.938163982698783e+00};
    static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                               3.754408661907416e+00};
    const double plow = 0.02425;
    double x;
    if (p < plow) {
        const double q = std::sqrt(-2 * std::log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else if (p <= 1 - plow) {
        const double q = p - 0.5;
        const double r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    } else {
        const double q = std::sqrt(-2 * std::log(1 - p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    // One Newton step on erfc for full precision.
    const double e = 0.5 * std::erfc(-x / std::sqrt(2.0)) - p;
    const double u = e * std::sqrt(2 * M_PI) * std::exp(x * x / 2);
    return x - u / (1 + x * u / 2);
}

namespace {

/// Regularized lower incomplete gamma function P(a, x) (Press et al., Numerical Recipes, 3rd
/// ed., 2007, 6.2: the series for x < a + 1, the continued fraction, by modified Lentz, above).
/// `log_gamma_a` is ln Gamma(a) (the same for every x: a caller's search works it out once).
double regularized_gamma_p(double a, double x, double log_gamma_a) {
    if (x <= 0.0) {
        return 0.0;
    }
    const double log_prefix = a * std::log(x) - x - log_gamma_a;
    if (x < a + 1.0) {
        double term = 1.0 / a, sum = term;
        for (int n = 1; n < 1000 && std::abs(term) > std::abs(sum) * 1e-15; ++n) {
            term *= x / (a + n);
            sum += term;
        }
        return std::clamp(sum * std::exp(log_prefix), 0.0, 1.0);
    }
    constexpr double kTiny = 1e-300;
    double b = x + 1.0 - a, c = 1.0 / kTiny, d = 1.0 / b, h = d;
    for (int i = 1; i < 1000; ++i) {
        const double an = -i * (i - a);
        b += 2.0;
        d = an * d + b;
        d = std::abs(d) < kTiny ? kTiny : d;
        c = b + an / c;
        c = std::abs(c) < kTiny ? kTiny : c;
        d = 1.0 / d;
        const double delta = d * c;
        h *= delta;
        if (std::abs(delta - 1.0) < 1e-15) {
            break;
        }
    }
    return std::clamp(1.0 - std::exp(log_prefix) * h, 0.0, 1.0);
}

}  // namespace

double gamma_quantile(double mean, double var, double p) {
    if (!(mean > 0.0)) {
        return 0.0;
    }
    if (!(var > 0.0)) {
        return mean;
    }
    const double shape = mean * mean / var;
    const double scale = var / mean;
    if (shape < 1.0) {
        // Wilson-Hilferty fails for very skewed shapes (it can even go below zero): solve
        // P(shape, x / scale) = p by bisection on the exact distribution function instead.
        p = std::clamp(p, 1e-12, 1.0 - 1e-12);
        // derived: ln Gamma(a) = ln Gamma(a + 1) - ln a, and Gamma on (1, 2) lies in (0.88, 1]:
        // std::tgamma there is exact enough and, unlike std::lgamma, writes no global (signgam),
        // so the search's threads may call it at once.
        const double log_gamma = std::log(std::tgamma(shape + 1.0)) - std::log(shape);
        double lo = 0.0, hi = mean;
        for (int i = 0; i < 200 && regularized_gamma_p(shape, hi / scale, log_gamma) < p; ++i) {
            lo = hi;
            hi *= 2.0;
        }
        for (int i = 0; i < 100 && hi - lo > 1e-12 * hi; ++i) {
            const double mid = 0.5 * (lo + hi);
            (regularized_gamma_p(shape, mid / scale, log_gamma) < p ? lo : hi) = mid;
        }
        return 0.5 * (lo + hi);
    }
    const double z = normal_quantile(p);
    // Wilson-Hilferty: (X / (shape*scale))^(1/3) ~ Normal(1 - 1/(9 shape), 1/(9 shape)).
    const double t = 1.0 - 1.0 / (9.0 * shape) + z / (3.0 * std::sqrt(shape));
    return std::max(0.0, shape * scale * t * t * t);
}

}  // namespace raidadv::queueing
