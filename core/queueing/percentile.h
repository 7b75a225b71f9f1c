#pragma once
// Percentile estimates from mean and variance.

namespace raidadv::queueing {

/// Standard normal quantile (Acklam's rational approximation, |error| < 1.2e-9 after refinement).
double normal_quantile(double p);

/// p-quantile of a gamma distribution with the given mean and variance: the Wilson-Hilferty
/// cube-root approximation (Wilson & Hilferty, PNAS 17, 1931) for shapes of 1 and more, the exact
/// distribution function (bisection) below, where that approximation fails. Exponential-like
/// tails for queueing delays; returns the mean when the variance is zero.
double gamma_quantile(double mean, double var, double p);

}  // namespace raidadv::queueing
