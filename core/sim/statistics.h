#pragma once
// Output analysis of the simulator: batch means with Student-t confidence intervals (Law,
// "Simulation Modeling and Analysis", 5th ed., 2015, section 9.5.3) and empirical quantiles.

#include <vector>

namespace raidadv::sim {

/// One measured job.
struct JobSample {
    double done_s = 0.0;      ///< completion time
    double response_s = 0.0;  ///< completion - start (arrival for open workloads)
    double bytes = 0.0;       ///< user data moved
    int in_system = 0;        ///< jobs in the system just before it left
};

struct BatchSummary {
    int batches = 0;
    double iops = 0.0, iops_ci = 0.0;
    double mb_per_s = 0.0, mb_per_s_ci = 0.0;
    double mean_response_s = 0.0, mean_response_ci_s = 0.0;
    double p95_response_s = 0.0;
    double first_quarter_in_system = 0.0;  ///< mean jobs present, first quarter of the run
    double last_quarter_in_system = 0.0;   ///< ... and last quarter (open: growth = overload)
};

/// Quantile `p` of Student's t with `dof` degrees of freedom (bisection on the CDF, which is
/// the regularized incomplete beta function, Abramowitz & Stegun 26.7.1).
double student_t_quantile(double p, int dof);

/// Empirical quantile (order statistic ceil(p n)) of `values`.
double empirical_quantile(std::vector<double> values, double p);

/// Splits the samples (in completion order, measured from `t_begin` to `t_end`) into up to
/// `batches` batches of equal job counts and summarizes them. `in_flight_ages`: how long the jobs
/// still in the system at `t_end` have been there; those already past the completed jobs' 95th
/// percentile count in it as responses at least that long.
BatchSummary summarize_batches(const std::vector<JobSample>& samples, double t_begin, double t_end,
                               int batches, double confidence,
                               const std::vector<double>& in_flight_ages = {});

}  // namespace raidadv::sim
