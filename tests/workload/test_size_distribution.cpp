#include <catch2/catch.hpp>
#include <cmath>

#include "workload/workload.h"

using namespace raidadv;

namespace {
double total_weight(const std::vector<SizeDistribution::Bin>& bins) {
    double w = 0.0;
    for (const auto& b : bins) {
        w += b.weight;
    }
    return w;
}
}  // namespace

TEST_CASE("Size distributions discretize to weights summing to one with the right mean") {
    SizeDistribution fixed;
    fixed.fixed_bytes = 4096;
    CHECK(fixed.discretize().size() == 1);
    CHECK(fixed.mean_bytes() == 4096);

    SizeDistribution uni;
    uni.kind = SizeDistribution::Kind::Uniform;
    uni.min_bytes = 50e3;
    uni.max_bytes = 275e3;
    CHECK(total_weight(uni.discretize(10)) == Approx(1.0));
    CHECK(uni.mean_bytes() == Approx(162.5e3));

    SizeDistribution logn;
    logn.kind = SizeDistribution::Kind::Lognormal;
    logn.median_bytes = 65536;
    logn.sigma = 1.0;
    CHECK(total_weight(logn.discretize(16)) == Approx(1.0));
    CHECK(logn.mean_bytes() == Approx(65536 * std::exp(0.5)));

    SizeDistribution hist;
    hist.kind = SizeDistribution::Kind::Histogram;
    // IOMeter File Server access specification.
    hist.bins = {{512, 10}, {1024, 5},  {2048, 5},  {4096, 60},
                 {8192, 2}, {16384, 4}, {32768, 4}, {65536, 10}};
    const auto bins = hist.discretize(16);
    CHECK(bins.size() == 8);
    CHECK(total_weight(bins) == Approx(1.0));
    const double mean = (512 * 10 + 1024 * 5 + 2048 * 5 + 4096 * 60 + 8192 * 2 + 16384 * 4 +
                         32768 * 4 + 65536 * 10) /
                        100.0;
    CHECK(hist.mean_bytes() == Approx(mean));
    SECTION("merging bins keeps the mean") {
        const auto merged = hist.discretize(3);
        CHECK(merged.size() == 3);
        double m = 0.0;
        for (const auto& b : merged) {
            m += b.bytes * b.weight;
        }
        CHECK(m == Approx(mean));
    }
}
