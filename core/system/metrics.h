#pragma once
// What an evaluation or a simulation reports, per (system, workload, load point): the results
// both the analytic model (core/evaluate) and the simulator (core/sim) fill.

#include <map>
#include <string>
#include <vector>

namespace raidadv {

/// Where the measured value should fall 8 times in 10 (an 80% prediction interval).
struct Interval {
    double low = 0;
    double high = 0;
};

/// How far to trust a load point's figures: 80% prediction intervals from the validation
/// residuals of the prediction's evidence class (core/evaluate/error_band.h). Empty (all zero)
/// where the point is saturated or not solved.
struct PointBand {
    Interval iops, mb_per_s, mean_response_s;
    std::string evidence;  ///< the evidence class the interval comes from ("HDD, random I/O")
    std::string widened;   ///< why it is wider than its class's residuals, or empty
    /// The log-scale spread of the point's error (sd of ln(real / predicted), widened where
    /// `widened` says): for a system no study measured; against another configuration of the
    /// same evidence class on the same drive and controller models (a study's bias is common
    /// to both); and against one of the same class on other drives or another controller. 0
    /// without a band.
    double log_sd = 0.0;
    double relative_log_sd = 0.0;
    double other_hardware_log_sd = 0.0;
};

struct PointMetrics {
    int concurrency = 0;            ///< closed point (0 if open)
    double arrival_rate_per_s = 0;  ///< open point (0 if closed)
    bool saturated = false;         ///< open point at or beyond the bottleneck's capacity
    double iops = 0;                ///< requests (Unit::Request) or files (Unit::File) per second
    double mb_per_s = 0;            ///< 10^6 bytes per second of user data
    double mean_response_s = 0;     ///< per request or per file
    double p95_response_s = 0;      ///< estimate (gamma fit to mean and variance)
    std::map<std::string, double> utilization;  ///< component -> busy fraction (0..1); offered load
                                                ///< (may exceed 1) when saturated
    std::string bottleneck;                     ///< component with the highest utilization
    bool stopped = false;  ///< not solved: the caller stopped the evaluation before this point
    PointBand band;        ///< how far to trust iops, mb_per_s and mean_response_s
    /// Linux md's bitmap holds this point at two rates or more (evaluator.cpp,
    /// least_bitmap_rate): the point is the slowest, which a load reaches from an idle array;
    /// this is the fastest's throughput (kept busy, the array can run there). 0: one rate.
    double md_bitmap_fast_iops = 0.0;
};

struct SystemSummary {
    double usable_bytes = 0;
    int failures_tolerated = 0;  ///< drives that may fail in the worst case without data loss
                                 ///< (fewer the failed drives of a degraded layout)
    double cost_usd = 0;         ///< 0 if any price is unknown
    bool cost_known = false;
};

struct Evaluation {
    std::string system;
    std::string workload;
    SystemSummary summary;
    double disk_ios_per_job = 0.0;  ///< drive I/Os per request or file (write penalty included)
    double bytes_per_job = 0.0;     ///< mean user bytes per request or file
    std::vector<PointMetrics> points;
    bool stopped = false;  ///< some point was not solved (EvaluateOptions::watch)
};

}  // namespace raidadv
