// The write rate's fixed point (evaluate/write_rate_search.h): x = f(x) for a load point whose
// network depends on its own write rate.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>

#include "evaluate/write_rate_search.h"

using namespace raidadv;

namespace {

struct Found {
    double x = 0.0;       ///< the last rate tried
    double answer = 0.0;  ///< f there: what the evaluator reports
    int rounds = 0;
    bool converged = false;
};

Found solve(const std::function<double(double)>& f, double start, int rounds) {
    WriteRateSearch search(start);
    Found r;
    for (r.rounds = 1; r.rounds <= rounds; ++r.rounds) {
        r.x = search.rate();
        r.answer = f(r.x);
        if (search.converged_after(r.answer)) {
            r.converged = true;
            break;
        }
    }
    return r;
}

}  // namespace

TEST_CASE("The write rate's fixed point: a throughput that grows with the rate") {
    // As md's bitmap: the more writes, the fewer find their bit clear (the clear share's
    // formula, 229 chunks, daemon 5 s), the faster each.
    const auto f = [](double x) {
        const double m = x / 229.0 * 5.0;
        const double share = (std::exp(-m) - std::exp(-2.0 * m)) / m;
        return 1.0 / (0.0135 + share * 0.045);
    };
    // The evaluator takes three rounds (evaluator.cpp, kWriteRateRounds): its answer then is
    // within 6% of the fixed point, where the two plain rounds before stop 50 stopped 30%
    // above it.
    const Found all = solve(f, 74.5, 8);
    REQUIRE(all.converged);
    CHECK(all.rounds <= 5);
    const Found three = solve(f, 74.5, 3);
    CHECK(std::abs(three.answer - all.x) <= 0.06 * all.x);
    CHECK(f(f(74.5)) > 1.25 * all.x);
}

TEST_CASE("The write rate's fixed point: a throughput that falls steeply with the rate") {
    // Plain steps x <- f(x) oscillate here (slope -3 at the fixed point 100).
    const auto f = [](double x) { return std::max(10.0, 400.0 - 3.0 * x); };
    const Found r = solve(f, 160.0, 12);
    CHECK(r.converged);
    CHECK(r.x == Approx(100.0).epsilon(0.01));
}

TEST_CASE("The write rate's fixed point: a throughput that jumps across the rate") {
    // No x has f(x) = x: the search closes in on the jump and stops there.
    const auto f = [](double x) { return x < 110.0 ? 130.0 : 80.0; };
    const Found r = solve(f, 160.0, 16);
    CHECK(r.converged);
    CHECK(r.x == Approx(110.0).epsilon(0.02));
}
