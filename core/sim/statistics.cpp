// Batch means and quantiles (sources in statistics.h).
#include "sim/statistics.h"

#include <algorithm>
#include <cmath>

namespace raidadv::sim {

namespace {

/// Continued fraction of the incomplete beta function (modified Lentz; Press et al., Numerical
/// Recipes 3rd ed., section 6.4).
double beta_cf(double a, double b, double x) {
    constexpr double kTiny = 1e-300;
    double c = 1.0;
    double d = 1.0 - (a + b) * x / (a + 1.0);
    d = 1.0 / (std::abs(d) < kTiny ? kTiny : d);
    double h = d;
    for (int m = 1; m <= 300; ++m) {
        const double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((a - 1.0 + m2) * (a + m2));
        d = 1.0 + aa * d;
        d = 1.0 / (std::abs(d) < kTiny ? kTiny : d);
        c = 1.0 + aa / c;
        c = std::abs(c) < kTiny ? kTiny : c;
        h *= d * c;
        aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1.0 + m2));
        d = 1.0 + aa * d;
        d = 1.0 / (std::abs(d) < kTiny ? kTiny : d);
        c = 1.0 + aa / c;
        c = std::abs(c) < kTiny ? kTiny : c;
        const double del = d * c;
        h *= del;
        if (std::abs(del - 1.0) < 1e-14) {
            break;
        }
    }
    return h;
}

/// Regularized incomplete beta I_x(a, b) (Numerical Recipes 6.4).
double beta_regularized(double a, double b, double x) {
    if (x <= 0.0) {
        return 0.0;
    }
    if (x >= 1.0) {
        return 1.0;
    }
    const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) +
                                  a * std::log(x) + b * std::log1p(-x));
    if (x < (a + 1.0) / (a + b + 2.0)) {
        return front * beta_cf(a, b, x) / a;
    }
    return 1.0 - front * beta_cf(b, a, 1.0 - x) / b;
}

/// Student t CDF for t >= 0: 1 - I_{v/(v+t^2)}(v/2, 1/2) / 2 (Abramowitz & Stegun 26.7.1).
double student_t_cdf(double t, int dof) {
    const double v = dof;
    return 1.0 - 0.5 * beta_regularized(0.5 * v, 0.5, v / (v + t * t));
}

struct MeanCi {
    double mean = 0.0, half = 0.0;
};

MeanCi mean_ci(const std::vector<double>& x, double confidence) {
    MeanCi r;
    if (x.empty()) {
        return r;
    }
    const double n = static_cast<double>(x.size());
    for (double v : x) {
        r.mean += v / n;
    }
    if (x.size() < 2) {
        return r;
    }
    double ss = 0.0;
    for (double v : x) {
        ss += (v - r.mean) * (v - r.mean);
    }
    const double sd = std::sqrt(ss / (n - 1.0));
    // Half-width t_{1-(1-c)/2, n-1} s / sqrt(n) (Law 2015, eq. 4.12 applied to batch means).
    r.half = student_t_quantile(0.5 + 0.5 * confidence, static_cast<int>(x.size()) - 1) * sd /
             std::sqrt(n);
    return r;
}

}  // namespace

double student_t_quantile(double p, int dof) {
    dof = std::max(1, dof);
    if (p == 0.5) {
        return 0.0;
    }
    if (p < 0.5) {
        return -student_t_quantile(1.0 - p, dof);
    }
    double lo = 0.0, hi = 1.0;
    while (student_t_cdf(hi, dof) < p && hi < 1e8) {
        hi *= 2.0;
    }
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        (student_t_cdf(mid, dof) < p ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

double empirical_quantile(std::vector<double> values, double p) {
    if (values.empty()) {
        return 0.0;
    }
    const auto n = values.size();
    auto k = static_cast<std::size_t>(std::ceil(p * static_cast<double>(n)));
    k = std::clamp<std::size_t>(k, 1, n) - 1;
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(k), values.end());
    return values[k];
}

BatchSummary summarize_batches(const std::vector<JobSample>& samples, double t_begin, double t_end,
                               int batches, double confidence,
                               const std::vector<double>& in_flight_ages) {
    BatchSummary s;
    const std::size_t n = samples.size();
    if (n == 0 || t_end <= t_begin) {
        return s;
    }
    const std::size_t b = std::clamp<std::size_t>(static_cast<std::size_t>(std::max(1, batches)), 1,
                                                  std::max<std::size_t>(1, n / 2));
    s.batches = static_cast<int>(b);
    std::vector<double> resp, iops, mbps;
    double prev_end = t_begin;
    for (std::size_t i = 0; i < b; ++i) {
        const std::size_t from = i * n / b;
        const std::size_t to = (i + 1) * n / b;
        double r = 0.0, bytes = 0.0;
        for (std::size_t j = from; j < to; ++j) {
            r += samples[j].response_s;
            bytes += samples[j].bytes;
        }
        const double end = (i + 1 == b) ? t_end : samples[to - 1].done_s;
        const double span = std::max(1e-12, end - prev_end);
        prev_end = end;
        const double count = static_cast<double>(to - from);
        resp.push_back(r / count);
        iops.push_back(count / span);
        mbps.push_back(bytes / span / 1e6);
    }
    const MeanCi r = mean_ci(resp, confidence);
    const MeanCi x = mean_ci(iops, confidence);
    const MeanCi m = mean_ci(mbps, confidence);
    const double span = t_end - t_begin;
    double total_r = 0.0, total_bytes = 0.0;
    std::vector<double> all;
    all.reserve(n);
    for (const JobSample& j : samples) {
        total_r += j.response_s;
        total_bytes += j.bytes;
        all.push_back(j.response_s);
    }
    // Point estimates over the whole run; CIs from the batches.
    s.mean_response_s = total_r / static_cast<double>(n);
    s.mean_response_ci_s = r.half;
    s.iops = static_cast<double>(n) / span;
    s.iops_ci = x.half;
    s.mb_per_s = total_bytes / span / 1e6;
    s.mb_per_s_ci = m.half;
    s.p95_response_s = empirical_quantile(all, 0.95);
    // A job still in the system that has waited longer than that will respond later still: it
    // belongs above the percentile, which it moves up (its exact response is not needed, only
    // that it exceeds the order statistic taken). Jobs that a drive's shortest-positioning-first
    // order keeps passing over are the ones the completed jobs leave out.
    bool censored = false;
    for (double age : in_flight_ages) {
        if (age > s.p95_response_s) {
            all.push_back(age);
            censored = true;
        }
    }
    if (censored) {
        s.p95_response_s = empirical_quantile(std::move(all), 0.95);
    }
    const std::size_t q = std::max<std::size_t>(1, n / 4);
    double first = 0.0, last = 0.0;
    for (std::size_t j = 0; j < q; ++j) {
        first += samples[j].in_system;
        last += samples[n - 1 - j].in_system;
    }
    s.first_quarter_in_system = first / static_cast<double>(q);
    s.last_quarter_in_system = last / static_cast<double>(q);
    return s;
}

}  // namespace raidadv::sim
