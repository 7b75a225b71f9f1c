#include <catch2/catch.hpp>
#include <cmath>
#include <deque>
#include <random>

#include "queueing/state_dependent.h"
#include "textbook.h"

using namespace raidadv::queueing;

namespace {

/// Mean response of the same model by simulation: Poisson arrivals; a service that starts with
/// n requests waiting (itself included) takes an exponential time of mean service(n), one that
/// starts after an idle moment alone_s. Kept small on purpose: a check, not the product's
/// simulator.
double simulated_response(double lambda, const std::function<double(int)>& service, double alone_s,
                          int customers) {
    std::mt19937_64 rng(12345);
    std::exponential_distribution<double> gap(lambda);
    std::exponential_distribution<double> unit(1.0);
    std::deque<double> waiting;  // arrival times of requests not yet in service
    double now = 0.0, next_arrival = gap(rng), busy_until = -1.0, total = 0.0;
    double in_service_arrival = 0.0;
    int done = 0;
    bool busy = false;
    while (done < customers) {
        if (!busy || next_arrival < busy_until) {
            now = next_arrival;
            next_arrival = now + gap(rng);
            if (!busy) {
                busy = true;
                in_service_arrival = now;
                busy_until = now + alone_s * unit(rng);
            } else {
                waiting.push_back(now);
            }
            continue;
        }
        now = busy_until;
        total += now - in_service_arrival;
        ++done;
        if (waiting.empty()) {
            busy = false;
            continue;
        }
        const int n = static_cast<int>(waiting.size());
        in_service_arrival = waiting.front();  // order does not change the mean (Little)
        waiting.pop_front();
        busy_until = now + service(n) * unit(rng);
    }
    return total / done;
}

std::vector<ServiceComponent> exponential(double mean) {
    return {{1.0, 0.0, mean, mean * mean}};
}

}  // namespace

SCENARIO("A queue whose service does not depend on the queue is Pollaczek-Khinchine's") {
    for (double rho : {0.2, 0.6, 0.95}) {
        const double s = 0.010, lambda = rho / s;
        GIVEN("utilization " + std::to_string(rho)) {
            const std::vector<ServiceComponent> fixed{{1.0, s, 0.0, 0.0}};
            const std::vector<ServiceComponent> mixed{{1.0, 0.004, 0.006, 0.5 * 0.006 * 0.006}};
            const auto d = solve_state_dependent_mg1(
                lambda, [&](int) { return fixed; }, fixed, 1);
            const auto m = solve_state_dependent_mg1(
                lambda, [&](int) { return mixed; }, mixed, 1);
            THEN("the means match M/D/1 and M/G/1") {
                CHECK(d.mean_wait_s + d.mean_service_s ==
                      Approx(mg1_response(lambda, s, s * s)).epsilon(1e-6));
                const double second = s * s + 0.5 * 0.006 * 0.006;
                CHECK(m.mean_wait_s + m.mean_service_s ==
                      Approx(mg1_response(lambda, s, second)).epsilon(1e-6));
                CHECK(d.utilization == Approx(rho).epsilon(1e-9));
            }
        }
    }
}

SCENARIO("A queue that serves faster the more it has to choose from") {
    // A disk-like service: 15 ms alone, falling towards 6 ms with 32 requests to choose from.
    auto mean_at = [](int n) { return 0.006 + 0.009 / std::sqrt(std::min(n, 32)); };
    const double alone = mean_at(1);
    for (double lambda : {30.0, 80.0, 120.0}) {
        GIVEN(std::to_string(lambda) + " arrivals per second") {
            const auto q = solve_state_dependent_mg1(
                lambda, [&](int n) { return exponential(mean_at(n)); }, exponential(alone), 32);
            const double sim = simulated_response(lambda, mean_at, alone, 400000);
            THEN("its mean response is the simulated one") {
                REQUIRE_FALSE(q.saturated);
                CHECK(q.mean_wait_s + q.mean_service_s == Approx(sim).epsilon(0.03));
                // The mean service lies between the fastest and the alone service, and is
                // faster the busier the queue.
                CHECK(q.mean_service_s > mean_at(32));
                CHECK(q.mean_service_s < alone);
                if (lambda > 30.0) {
                    const auto lighter = solve_state_dependent_mg1(
                        lambda / 2, [&](int n) { return exponential(mean_at(n)); },
                        exponential(alone), 32);
                    CHECK(q.mean_service_s < lighter.mean_service_s);
                }
            }
        }
    }
    WHEN("the arrivals outpace even the fastest service") {
        const auto q = solve_state_dependent_mg1(
            1.0 / mean_at(32) * 1.01, [&](int n) { return exponential(mean_at(n)); },
            exponential(alone), 32);
        THEN("it is saturated") {
            CHECK(q.saturated);
        }
    }
}

SCENARIO("A station's alternative visits are one visit for its embedded chain") {
    // A disk-like service that depends on the queue, reached by two alternative request shapes
    // (fractional visits summing to one, as the builder merges a striped request's shapes).
    auto disk_visit = [](double count) {
        Visit v;
        v.count = count;
        v.service.at = [](const Arrival& found) {
            ServiceParts p;
            p.random = {0.006 + 0.009 / std::sqrt(std::min(found.present, 32.0)), 1e-5};
            return p;
        };
        return v;
    };
    auto network = [&](std::vector<double> counts) {
        Network net;
        net.stations.push_back({"disk", StationKind::Queue, 1, 1.0});
        JobVariant v;
        for (double c : counts) {
            v.visits.push_back(disk_visit(c));
        }
        net.variants.push_back(v);
        return net;
    };
    GIVEN("the same service as one visit, as two halves, and as two whole visits") {
        const double one = open_reordering_wait(network({1.0}), 60.0, 0);
        const double halves = open_reordering_wait(network({0.5, 0.5}), 60.0, 0);
        const double twice = open_reordering_wait(network({1.0, 1.0}), 30.0, 0);
        THEN("the halves are solved as the one visit; a job that comes twice is not") {
            REQUIRE(one > 0.0);
            CHECK(halves == Approx(one).epsilon(1e-9));
            CHECK(twice < 0.0);
        }
    }
}
