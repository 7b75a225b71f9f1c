#pragma once
// Expected maximum of k i.i.d. random variables: the synchronization cost of fork-join.

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
MaxMoments max_of_iid(const MaxFactors& factors, double mean, double var);

/// Nelson & Tantawi (IEEE TC 37(6), 1988) mean response of a k-way fork-join of M/M/1 queues
/// with arrival rate lambda and service rate mu: [H_k/H_2 + (1 - H_k/H_2) 4 rho / 11]
/// (1.5 - rho/8) / (mu - lambda), for k >= 2.
double nelson_tantawi_response(int k, double lambda, double mu);

/// Harmonic number H_k.
double harmonic(int k);

}  // namespace raidadv::queueing
