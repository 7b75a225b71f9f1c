// The search's speed-ups reuse work exactly: the evaluator's per-thread memory of positioning
// tables and request mappings never changes an answer, and the ranking helpers agree with rank().
#include <catch2/catch.hpp>

#include <thread>
#include <vector>

#include "advisor_fixture.h"
#include "evaluate/evaluator.h"

namespace raidadv::test {

namespace {

/// Every number evaluate() reports at every load point, in order.
std::vector<double> numbers(const Evaluation& ev) {
    std::vector<double> out{ev.disk_ios_per_job, ev.bytes_per_job};
    for (const PointMetrics& p : ev.points) {
        out.insert(out.end(), {p.iops, p.mb_per_s, p.mean_response_s, p.p95_response_s});
        for (const auto& [name, u] : p.utilization) {
            out.push_back(u);
        }
    }
    return out;
}

/// evaluate() on a fresh thread, whose memory of earlier builds is empty.
std::vector<double> numbers_on_fresh_thread(const System& system, const Workload& workload) {
    std::vector<double> out;
    std::thread worker([&] { out = numbers(evaluate(system, workload)); });
    worker.join();
    return out;
}

}  // namespace

TEST_CASE("remembered mappings and positioning tables give the answers of a fresh build",
          "[advisor][reuse]") {
    // The 2007 file server's leading candidates: hard drives (positioning tables), parity and
    // mirror layouts, controllers with and without write-back, several stripe units.
    const advisor::Request request = example_request("advisor-file-server-2007.json");
    const advisor::Result result = run_advisor(request);
    REQUIRE(result.ranked.size() >= 3);
    std::vector<System> systems;
    for (std::size_t i = 0; i < result.ranked.size() && i < 6; ++i) {
        systems.push_back(result.ranked[i].system);
        System other_unit = result.ranked[i].system;
        other_unit.layout.stripe_unit_bytes *= 4.0;
        systems.push_back(other_unit);
        System no_cache = result.ranked[i].system;
        no_cache.write_back_cache = !no_cache.write_back_cache;
        systems.push_back(no_cache);
    }
    const Workload& workload = request.workload;
    // Warm this thread's memory with every system, then compare each, evaluated again here and
    // in reverse order, with a fresh thread's build.
    for (const System& s : systems) {
        (void)evaluate(s, workload);
    }
    for (auto it = systems.rbegin(); it != systems.rend(); ++it) {
        CHECK(numbers(evaluate(*it, workload)) == numbers_on_fresh_thread(*it, workload));
    }
}

TEST_CASE("first_under names the candidate rank() puts first", "[advisor][reuse]") {
    const advisor::Request request = example_request("advisor-small-nas.json");
    const advisor::Result result = run_advisor(request);
    REQUIRE(result.ranked.size() > 10);
    // One criterion at a time, and the example's own mix.
    const std::vector<advisor::Weights> weights{{1.0, 0.0, 0.0, 0.0},
                                                {0.0, 1.0, 0.0, 0.0},
                                                {0.0, 0.0, 1.0, 0.0},
                                                {0.0, 0.0, 0.0, 1.0},
                                                request.weights};
    std::vector<std::string> firsts;
    for (const advisor::Weights& w : weights) {
        advisor::Request changed = request;
        changed.weights = w;
        advisor::Result copy;
        copy.ranked = result.ranked;
        advisor::rank(copy, changed);
        const std::size_t i = advisor::first_under(result.ranked, w);
        CHECK(result.ranked[i].system.name == copy.ranked.front().system.name);
        firsts.push_back(copy.ranked.front().system.name);
        // rank() orders by utility, best first.
        for (std::size_t k = 1; k < copy.ranked.size(); ++k) {
            CHECK(copy.ranked[k - 1].utility >= copy.ranked[k].utility);
        }
    }
    // The weights matter: not every variant has the same pick (else the check above is idle).
    CHECK(std::count(firsts.begin(), firsts.end(), firsts.front()) <
          static_cast<long>(firsts.size()));
}

}  // namespace raidadv::test
