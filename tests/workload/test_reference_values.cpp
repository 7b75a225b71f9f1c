// Reference values for core/workload's size distributions, worked by hand or from the lognormal's
// partial expectation (derived: E[X; X < h] = e^(mu + sigma^2/2) Phi((ln h - mu - sigma^2) /
// sigma) for ln X ~ N(mu, sigma^2)), on inputs where the clamp to [min, max] matters.
#include <catch2/catch.hpp>
#include <cmath>

#include "workload/presets.h"
#include "workload/workload.h"

using namespace raidadv;

namespace {

double phi(double z) {
    return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

/// E[min(max(X, lo), hi)] for a lognormal X with the given median and sigma (derived above).
double clamped_lognormal_mean(double median, double sigma, double lo, double hi) {
    const double mu = std::log(median);
    const double mean = std::exp(mu + 0.5 * sigma * sigma);
    auto z = [&](double x) { return (std::log(x) - mu) / sigma; };
    return lo * phi(z(lo)) + mean * (phi(z(hi) - sigma) - phi(z(lo) - sigma)) +
           hi * (1.0 - phi(z(hi)));
}

SizeDistribution lognormal(double median, double sigma, double lo, double hi) {
    SizeDistribution d;
    d.kind = SizeDistribution::Kind::Lognormal;
    d.median_bytes = median;
    d.sigma = sigma;
    d.min_bytes = lo;
    d.max_bytes = hi;
    return d;
}

}  // namespace

TEST_CASE("A clamped lognormal's mean counts the clamp (85.9 KB, not 483 KB)") {
    // Median 32 KiB, sigma 2.32, at most 256 KiB: unclamped the mean would be
    // 32768 e^(2.32^2 / 2) = 483 KB; clamped it is 85.85 KB.
    const SizeDistribution d = lognormal(32768, 2.32, 0.0, 262144);
    CHECK(clamped_lognormal_mean(32768, 2.32, 1.0, 262144) == Approx(85852.3).epsilon(1e-5));
    CHECK(d.mean_bytes() == Approx(85852.3).epsilon(0.005));
    SECTION("the minimum clamp counts too") {
        // Median 64 KiB, sigma 1, at least 40 kB: 113.2 KB (unclamped 108.1 KB).
        const SizeDistribution lo = lognormal(65536, 1.0, 40000, 1e9);
        CHECK(lo.mean_bytes() ==
              Approx(clamped_lognormal_mean(65536, 1.0, 40000, 1e9)).epsilon(0.01));
        CHECK(lo.mean_bytes() > 65536 * std::exp(0.5) * 1.03);
        for (const auto& b : lo.discretize(16)) {
            CHECK(b.bytes >= 40000);
        }
    }
    SECTION("without a maximum it is the lognormal mean") {
        CHECK(lognormal(32768, 2.32, 0.0, 0.0).mean_bytes() ==
              Approx(32768 * std::exp(0.5 * 2.32 * 2.32)));
    }
}

TEST_CASE("Uniform sizes discretize at the midpoints of equal-probability slices") {
    SizeDistribution u;
    u.kind = SizeDistribution::Kind::Uniform;
    u.min_bytes = 0.0;
    u.max_bytes = 400.0;
    const auto bins = u.discretize(4);
    REQUIRE(bins.size() == 4);
    const double expected[] = {50.0, 150.0, 250.0, 350.0};
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK(bins[i].bytes == Approx(expected[i]));
        CHECK(bins[i].weight == Approx(0.25));
    }
}

TEST_CASE("Lognormal points sit at the quantile midpoints (median at the middle)") {
    // Three points: quantiles 1/6, 1/2, 5/6 -> z = -0.9674, 0, +0.9674.
    const auto bins = lognormal(1000.0, 1.0, 0.0, 0.0).discretize(3);
    REQUIRE(bins.size() == 3);
    CHECK(bins[0].bytes == Approx(1000.0 * std::exp(-0.967422)).epsilon(1e-5));
    CHECK(bins[1].bytes == Approx(1000.0));
    CHECK(bins[2].bytes == Approx(1000.0 * std::exp(0.967422)).epsilon(1e-5));
}

TEST_CASE("Presets carry their documented figures") {
    const WorkloadPreset* oltp = find_workload_preset("oltp-database");
    REQUIRE(oltp != nullptr);
    CHECK(oltp->workload.read_fraction == Approx(0.67));
    CHECK(oltp->workload.size.mean_bytes() == 8192.0);
    const WorkloadPreset* web = find_workload_preset("web-static");
    REQUIRE(web != nullptr);
    // Lognormal, median 16 KiB, sigma 1.5, clamped to [512 B, 16 MiB]: 50.45 KB by the formula
    // above; the model's 256 quantile points give 49.0 KB (within 3%).
    CHECK(web->workload.size.mean_bytes() ==
          Approx(clamped_lognormal_mean(16384, 1.5, 512, 16 * 1048576.0)).epsilon(0.03));
    CHECK(find_workload_preset("no-such-preset") == nullptr);
}
