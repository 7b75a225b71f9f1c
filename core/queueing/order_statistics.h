#pragma once
// Expected maximum of k i.i.d. random variables: the synchronization cost of fork-join.

#include <algorithm>
#include <cmath>

namespace raidadv::queueing {

/// E[max of k iid standard normals] (Tippett 1925 tables; computed by numerical integration).
double expected_max_std_normal(int k);
/// Var[max of k iid standard normals] (same source and method).
double variance_max_std_normal(int k);

/// Mean and variance of the maximum of k iid variables with the given mean and variance: the
/// normal approximation (Clark, "The greatest of a finite set of random variables", Operations
/// Research 9(2), 1961) for low variability, the exponential order statistics for high.
struct MaxMoments {
    double mean;
    double var;
};
MaxMoments max_of_iid(int k, double mean, double var);

/// The tabulated factors max_of_iid uses for k, looked up once for a caller that takes the
/// maximum of the same k many times; max_of_iid(max_factors(k), m, v) == max_of_iid(k, m, v).
struct MaxFactors {
    int k = 1;
    double normal_mean = 0.0;  ///< E[max of k standard normals]
    double normal_var = 0.0;   ///< Var[max of k standard normals]
    double exp_mean = 0.0;     ///< H_k - 1: E[max of k unit exponentials] - 1
    double exp_var = 0.0;      ///< sum 1/i^2: Var[max of k unit exponentials]
};
MaxFactors max_factors(int k);

/// Inline: the solver calls it for every fork-join visit at every step.
inline MaxMoments max_of_iid(const MaxFactors& f, double mean, double var) {
    if (f.k <= 1 || !(var > 0.0) || !(mean > 0.0)) {
        return {mean, std::max(0.0, var)};
    }
    const double sd = std::sqrt(var);
    // derived: interpolate, by the squared coefficient of variation (0 = normal-like, >= 1 =
    // exponential-like), between Clark's normal order statistics and the exponential ones
    // (E[max] = H_k m, Var[max] = m^2 sum 1/i^2, i.e. mean + sd (H_k - 1) for sd = m).
    const double w = std::clamp(var / (mean * mean), 0.0, 1.0);
    const double mean_factor = (1.0 - w) * f.normal_mean + w * f.exp_mean;
    const double var_factor = (1.0 - w) * f.normal_var + w * f.exp_var;
    return {mean + sd * mean_factor, var * var_factor};
}

/// Nelson & Tantawi (IEEE TC 37(6), 1988) mean response of a k-way fork-join of M/M/1 queues
/// with arrival rate lambda and service rate mu: [H_k/H_2 + (1 - H_k/H_2) 4 rho / 11]
/// (1.5 - rho/8) / (mu - lambda), for k >= 2.
double nelson_tantawi_response(int k, double lambda, double mu);

/// Harmonic number H_k.
double harmonic(int k);

}  // namespace raidadv::queueing
