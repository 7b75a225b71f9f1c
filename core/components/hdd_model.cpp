#include "components/hdd_model.h"

#include <algorithm>
#include <cmath>

#include "units/units.h"

namespace raidadv {

namespace {

struct SeekCurve {
    double a, b, c;
};

SeekCurve seek_curve(const HddSpec& hdd) {
    const double t1 = hdd.seek_track_to_track_s;
    const double tavg = hdd.seek_average_s;
    const double tfull = std::max(hdd.seek_full_stroke_s, tavg);
    // derived: a = t1; a + b + c = tfull; a + b*E[sqrt D] + c*E[D] = tavg with E[sqrt D] = 8/15,
    // E[D] = 1/3 for the distance density 2(1-x) of two uniform points.
    double b = 5.0 * (tavg - t1 - (tfull - t1) / 3.0);
    double c = (tfull - t1) - b;
    if (b < 0.0 || b / 2.0 + c < 0.0) {
        // Datasheet figures outside the family: fall back to a linear curve through t1 and
        // tfull scaled so its mean is tavg (keeps the curve monotone).
        b = 0.0;
        c = 3.0 * (tavg - t1);
    }
    return {t1, b, c};
}

}  // namespace

double hdd_revolution_time(const HddSpec& hdd) {
    return units::revolution_time(hdd.rpm);
}

double hdd_rotation_variance(const HddSpec& hdd) {
    const double revolution = hdd_revolution_time(hdd);
    return revolution * revolution / 12.0;
}

double hdd_rewrite_wait(const HddSpec& hdd, double transfer_s) {
    return std::max(0.0, hdd_revolution_time(hdd) - transfer_s);
}

double hdd_seek_time(const HddSpec& hdd, double x) {
    if (x <= 0.0) {
        return 0.0;
    }
    const auto [a, b, c] = seek_curve(hdd);
    x = std::min(x, 1.0);
    return a + b * std::sqrt(x) + c * x;
}

double hdd_mean_random_seek(const HddSpec& hdd, double span) {
    // derived: E[t(span*D)] = a + b*sqrt(span)*8/15 + c*span/3 for D ~ 2(1-x).
    const auto [a, b, c] = seek_curve(hdd);
    span = std::clamp(span, 0.0, 1.0);
    return a + b * std::sqrt(span) * 8.0 / 15.0 + c * span / 3.0;
}

double hdd_mean_seek(const HddSpec& hdd, double mean_root_distance, double mean_distance) {
    // derived: E[a + b sqrt(D) + c D] for D > 0 (the seek curve, seek_curve).
    const auto [a, b, c] = seek_curve(hdd);
    return a + b * std::clamp(mean_root_distance, 0.0, 1.0) +
           c * std::clamp(mean_distance, 0.0, 1.0);
}

double hdd_media_rate(const HddSpec& hdd, double u) {
    u = std::clamp(u, 0.0, 1.0);
    return hdd.media_rate_outer_Bps - (hdd.media_rate_outer_Bps - hdd.media_rate_inner_Bps) * u;
}

double hdd_rate_share_above(double outer_Bps, double inner_Bps, double rate_Bps, double span) {
    const double k = outer_Bps - inner_Bps;
    span = std::clamp(span, 1e-9, 1.0);
    if (k < 1e-9 * outer_Bps) {
        return outer_Bps >= rate_Bps ? 1.0 : 0.0;
    }
    // derived: the rate falls linearly with the position u (hdd_media_rate), so it is at least
    // rate_Bps for u <= (outer - rate_Bps) / k, a share of the span [0, span]
    return std::clamp((outer_Bps - rate_Bps) / k / span, 0.0, 1.0);
}

double hdd_transfer_time(const HddSpec& hdd, double bytes, double span) {
    const double r0 = hdd.media_rate_outer_Bps;
    const double k = r0 - hdd.media_rate_inner_Bps;
    span = std::clamp(span, 1e-9, 1.0);
    if (std::abs(k) < 1e-9 * r0) {
        return bytes / r0;
    }
    // derived: (1/span) * integral_0^span du / (r0 - k u) = ln(r0 / (r0 - k span)) / (k span)
    return bytes * std::log(r0 / (r0 - k * span)) / (k * span);
}

double hdd_mean_access_time(const HddSpec& hdd, double bytes, double span, double random_share,
                            bool write) {
    span = std::clamp(span, 1e-6, 1.0);
    const double positioning = hdd_mean_random_seek(hdd, span) + 0.5 * hdd_revolution_time(hdd);
    return random_share * positioning + hdd_command_overhead(hdd, write) +
           hdd_transfer_time(hdd, bytes, span);
}

int hdd_max_buffered_writes(const HddSpec& hdd) {
    return hdd.write_cache_writes > 0 ? std::min(hdd.write_cache_writes, kMaxBufferedWrites)
                                      : kMaxBufferedWrites;
}

int hdd_write_cache_window(const HddSpec& hdd, double bytes) {
    const double held = hdd.cache_bytes / std::max(units::sector, bytes);
    return static_cast<int>(
        std::clamp(std::floor(held), 1.0, static_cast<double>(hdd_max_buffered_writes(hdd))));
}

double hdd_expected_wait(double slack, double revolution, double jitter) {
    if (jitter <= 0.0) {
        return slack;
    }
    // P(e > x) of a normal seek error e with sd `jitter`.
    const auto later = [&](double x) { return 0.5 * std::erfc(x / (jitter * std::sqrt(2.0))); };
    return slack + revolution * later(slack) - revolution * (1.0 - later(slack - revolution));
}

HddPositioning::HddPositioning(const HddSpec& hdd, double span, bool write, int candidates,
                               int arms) {
    const int depth = std::max(1, candidates > 0 ? candidates : hdd.queue_depth);
    const double T = hdd_revolution_time(hdd);
    const double extra = write ? hdd.write_seek_extra_s : 0.0;
    span = std::clamp(span, 1e-6, 1.0);
    // Seek distance quadrature: midpoints of [0,1] with density 2a(1-x)^(2a-1) (a = 1: 2(1-x));
    // derived: each arm's distance survives past x with probability (1-x)^2, the least of a
    // (taken as independent) with (1-x)^(2a). The weights are the exact masses of the cells.
    constexpr int kDist = 200;
    const double a2 = 2.0 * std::max(1, arms);
    std::vector<double> seek(kDist), weight(kDist);
    for (int i = 0; i < kDist; ++i) {
        const double x = (i + 0.5) / kDist;
        seek[i] = hdd_seek_time(hdd, span * x) + extra;
        weight[i] = std::pow(1.0 - static_cast<double>(i) / kDist, a2) -
                    std::pow(1.0 - static_cast<double>(i + 1) / kDist, a2);
    }
    // The expected wait (hdd_expected_wait) at slacks U*T, U ~ U(0,1), sorted: the share of them
    // at most x is P(wait <= x). Without jitter the wait is the slack: P = clamp(x / T, 0, 1).
    const double jitter = std::max(0.0, hdd.seek_jitter_s);
    constexpr int kSlack = 400;
    std::vector<double> wait(kSlack);
    for (int k = 0; k < kSlack; ++k) {
        wait[static_cast<std::size_t>(k)] = hdd_expected_wait((k + 0.5) / kSlack * T, T, jitter);
    }
    std::sort(wait.begin(), wait.end());
    const auto wait_cdf = [&](double x) {
        if (jitter <= 0.0) {
            return std::clamp(x / T, 0.0, 1.0);
        }
        return static_cast<double>(std::upper_bound(wait.begin(), wait.end(), x) - wait.begin()) /
               kSlack;
    };
    const double t_max = *std::max_element(seek.begin(), seek.end()) + std::max(T, wait.back());
    constexpr int kTime = 600;
    const double dt = t_max / kTime;
    std::vector<double> survival(kTime);  // P(P > t) at midpoints
    for (int j = 0; j < kTime; ++j) {
        const double t = (j + 0.5) * dt;
        double cdf = 0.0;
        for (int i = 0; i < kDist; ++i) {
            cdf += weight[i] * wait_cdf(t - seek[i]);
        }
        survival[j] = std::clamp(1.0 - cdf, 0.0, 1.0);
    }
    table_.resize(depth);
    std::vector<double> power(kTime, 1.0);
    for (int n = 1; n <= depth; ++n) {
        double m1 = 0.0, m2 = 0.0;
        for (int j = 0; j < kTime; ++j) {
            power[j] *= survival[j];
            const double t = (j + 0.5) * dt;
            m1 += power[j] * dt;            // E[X] = integral of P(X > t)
            m2 += 2.0 * t * power[j] * dt;  // E[X^2] = integral of 2t P(X > t)
        }
        table_[n - 1] = {m1, std::max(0.0, m2 - m1 * m1)};
    }
}

double HddPositioning::min_mean() const {
    double least = table_.empty() ? 0.0 : table_.front().mean;
    for (const TimeMoments& m : table_) {
        least = std::min(least, m.mean);
    }
    return least;
}

TimeMoments HddPositioning::at(double candidates) const {
    // The requests a drive passes over stay far from its head (the head moves near where it
    // chose), so later choices are poorer than the minimum of fresh i.i.d. candidates. Fitted
    // once against the request-level simulator (core/sim, SATF over a persistent queue:
    // positioning +4% at 4, +8% at 8, +12% at 32 candidates): effective candidates n^0.92.
    const double depth = static_cast<double>(table_.size());
    const double n = std::clamp(std::pow(std::clamp(candidates, 1.0, depth), 0.92), 1.0, depth);
    const auto lo = static_cast<std::size_t>(std::floor(n)) - 1;
    const std::size_t hi = std::min(lo + 1, table_.size() - 1);
    const double f = n - std::floor(n);
    return {table_[lo].mean + f * (table_[hi].mean - table_[lo].mean),
            table_[lo].var + f * (table_[hi].var - table_[lo].var)};
}

}  // namespace raidadv
