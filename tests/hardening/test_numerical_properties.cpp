// Numerical robustness over generated valid scenarios: every metric finite, non-negative and
// within physical bounds, and the analytic solver terminating within its iteration bounds, from
// 1-byte to 1-GiB requests, petabyte capacities, read fractions 0 and 1 and up to a million
// outstanding requests.

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>

#include "evaluate/evaluator.h"
#include "evaluate/network_builder.h"
#include "fixtures.h"
#include "layout/geometry.h"
#include "queueing/network.h"
#include "system/read_cache.h"

using namespace raidadv;

namespace {

// Generated queueing networks solved directly (microseconds each) and generated systems
// evaluated through the whole model (milliseconds each: component models, RAID mapping).
#ifdef RAID_TEST_SANITIZED
constexpr int kNetworks = 20'000;  // ASan + UBSan Debug build: same generators, fewer draws
constexpr int kScenarios = 30;
#else
constexpr int kNetworks = 100'000;
constexpr int kScenarios = 300;
#endif

struct Scenario {
    System system;
    Workload workload;
};

class Generator {
  public:
    explicit Generator(unsigned seed) : rng_(seed) {}

    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
    double uni(double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng_); }
    /// Log-uniform between a and b (both > 0).
    double log_uni(double a, double b) { return std::exp(uni(std::log(a), std::log(b))); }
    /// One of the two ends with probability 1/8 each, else log-uniform in between.
    double extreme_or(double a, double b) {
        const int k = pick(8);
        return k == 0 ? a : k == 1 ? b : log_uni(a, b);
    }

    DriveSpec drive() {
        DriveSpec d = pick(3) == 0 ? test::ssd_sata() : test::hdd_7200();
        d.capacity_bytes = extreme_or(1e9, 1e15);  // 1 GB to 1 PB per drive
        d.info.price_usd = pick(4) == 0 ? 0.0 : log_uni(10.0, 1e5);
        if (d.kind == DriveKind::Hdd) {
            d.hdd.rpm = extreme_or(3000.0, 20000.0);
            d.hdd.seek_track_to_track_s = log_uni(0.1e-3, 2e-3);
            d.hdd.seek_average_s = d.hdd.seek_track_to_track_s + log_uni(1e-3, 20e-3);
            d.hdd.seek_full_stroke_s = d.hdd.seek_average_s + log_uni(1e-3, 20e-3);
            d.hdd.media_rate_outer_Bps = extreme_or(1e6, 500e6);
            d.hdd.media_rate_inner_Bps = d.hdd.media_rate_outer_Bps * uni(0.3, 1.0);
            d.hdd.command_overhead_s = log_uni(1e-6, 2e-3);
            d.hdd.queue_depth = 1 + pick(32);
            d.hdd.read_ahead = pick(2) == 0;
        } else {
            d.ssd.read_latency_s = log_uni(5e-6, 1e-3);
            d.ssd.write_latency_s = log_uni(5e-6, 1e-3);
            d.ssd.seq_read_Bps = extreme_or(50e6, 14e9);
            d.ssd.seq_write_Bps = d.ssd.seq_read_Bps * uni(0.1, 1.0);
            d.ssd.random_read_iops = extreme_or(1e3, 3e6);
            d.ssd.random_write_iops = d.ssd.random_read_iops * uni(0.05, 1.0);
        }
        return d;
    }

    /// A valid layout of one volume (cheap to evaluate) or, sometimes, several.
    Layout layout() {
        std::size_t n_levels = 0;
        const RaidLevel* levels = all_raid_levels(n_levels);
        Layout l;
        l.level = levels[pick(static_cast<int>(n_levels))];
        l.drives = 1 + pick(16);
        l.disks_per_span = 0;
        switch (l.level) {
            case RaidLevel::Raid1:
                l.drives = 2;
                break;
            case RaidLevel::Raid10:
                l.disks_per_span = 2 * (1 + pick(2));
                l.drives = l.disks_per_span * (1 + pick(3));
                break;
            case RaidLevel::Raid01:
                l.drives = 2 * (1 + pick(4));
                break;
            case RaidLevel::Raid5:
                l.drives = std::max(3, l.drives);
                break;
            case RaidLevel::Raid6:
                l.drives = std::max(4, l.drives);
                break;
            case RaidLevel::Raid50:
                l.disks_per_span = 3 + pick(3);
                l.drives = l.disks_per_span * 2;
                break;
            case RaidLevel::Raid60:
                l.disks_per_span = 4 + pick(2);
                l.drives = l.disks_per_span * 2;
                break;
            default:
                break;
        }
        l.volumes = pick(10) == 0 ? 2 : 1;
        l.stripe_unit_bytes = 512.0 * (1 << pick(18));  // 512 B to 64 MiB
        return l;
    }

    Scenario scenario() {
        Scenario s;
        const Layout l = layout();
        s.system = test::plain_system(drive(), l.level, l.drives, l.volumes);
        s.system.layout = l;
        s.system.drive_link.bandwidth_Bps = log_uni(10e6, 16e9);
        s.system.host_link.bandwidth_Bps = log_uni(10e6, 64e9);
        s.system.controller.max_iops = log_uni(1e3, 1e7);
        s.system.controller.max_bandwidth_Bps = log_uni(10e6, 64e9);
        if (pick(2) == 0) {
            s.system.controller.kind = ControllerKind::HardwareRaid;
            s.system.controller.cache_bytes = log_uni(1e6, 8e9);
            s.system.write_back_cache = pick(2) == 0;
        }
        const int rf = pick(4);
        const double read_fraction = rf == 0 ? 0.0 : rf == 1 ? 1.0 : uni(0.0, 1.0);
        const int sf = pick(4);
        const double sequential = sf == 0 ? 0.0 : sf == 1 ? 1.0 : uni(0.0, 1.0);
        // 1 byte to 1 GiB
        const double bytes = std::round(extreme_or(1.0, 1024.0 * 1024.0 * 1024.0));
        s.workload = test::request_workload(bytes, read_fraction, sequential, {});
        // Mapping a request costs time per stripe unit it covers: keep it to at most 64 units
        // here (the extreme test below covers 262144).
        while (s.system.layout.stripe_unit_bytes * 64.0 < bytes &&
               s.system.layout.stripe_unit_bytes < 64.0 * 1024 * 1024) {
            s.system.layout.stripe_unit_bytes *= 2.0;
        }
        s.workload.alignment_bytes = 512.0 * (1 << pick(4));
        s.workload.span_fraction = uni(0.01, 1.0);
        s.workload.streams = pick(3);
        if (pick(2) == 0) {
            s.workload.concurrency = {1 + pick(4)};
            s.workload.think_time_s = pick(4) == 0 ? log_uni(1e-4, 1.0) : 0.0;
        } else {
            s.workload.arrival_rates_per_s = {log_uni(0.1, 1e7)};
        }
        return s;
    }

  private:
    std::mt19937_64 rng_;
};

std::string describe(const Scenario& sc) {
    std::ostringstream o;
    const System& s = sc.system;
    o << (s.drive.kind == DriveKind::Hdd ? "hdd" : "ssd") << " " << to_string(s.layout.level)
      << " x" << s.layout.drives << " vols " << s.layout.volumes << " unit "
      << s.layout.stripe_unit_bytes << " cap " << s.drive.capacity_bytes << " size "
      << sc.workload.size.fixed_bytes << " read " << sc.workload.read_fraction << " seq "
      << sc.workload.sequential_fraction << " streams " << sc.workload.streams;
    for (int n : sc.workload.concurrency) {
        o << " n=" << n;
    }
    for (double r : sc.workload.arrival_rates_per_s) {
        o << " rate=" << r;
    }
    return o.str();
}

/// Counts a failed property (and keeps the first description) without a Catch assertion per
/// check: a million assertions would dominate the run time.
struct Failures {
    long count = 0;
    std::string first;
    void add(bool ok, const std::string& what, const Scenario& sc) {
        if (!ok) {
            if (count < 5) {
                first += "\n  " + what + " in " + describe(sc);
            }
            ++count;
        }
    }
};

/// Checks one evaluation against the physical bounds; returns the number of points checked.
int check_evaluation(const Scenario& sc, const Evaluation& ev, Failures& f) {
    const System& sys = sc.system;
    const double drives = sys.total_drives();
    const double media = sys.drive.kind == DriveKind::Hdd ? sys.drive.hdd.media_rate_outer_Bps
                                                          : sys.drive.ssd.seq_read_Bps;
    f.add(std::isfinite(ev.summary.usable_bytes) && ev.summary.usable_bytes > 0.0 &&
              ev.summary.usable_bytes <= drives * sys.drive.capacity_bytes * (1 + 1e-12),
          "usable capacity within (0, raw]", sc);
    f.add(ev.summary.failures_tolerated >= 0 && ev.summary.failures_tolerated < drives,
          "failures tolerated in [0, drives)", sc);
    f.add(std::isfinite(ev.summary.cost_usd) && ev.summary.cost_usd >= 0.0, "cost finite", sc);
    // Positive, unless a controller cache holds every read (system/read_cache.h).
    const Workload& w = sc.workload;
    const bool all_cached =
        w.read_fraction >= 1.0 && w.unit == Workload::Unit::Request &&
        read_hit_ratio(sys, working_set_bytes(sys, w.span_fraction), false) >= 1.0 &&
        (w.sequential_fraction <= 0.0 ||
         read_hit_ratio(sys, working_set_bytes(sys, w.span_fraction), true) >= 1.0);
    f.add(std::isfinite(ev.disk_ios_per_job) &&
              (all_cached ? ev.disk_ios_per_job >= 0.0 : ev.disk_ios_per_job > 0.0),
          "disk I/Os per request finite and positive (non-negative when every read is cached)", sc);
    f.add(
        ev.points.size() == sc.workload.concurrency.size() + sc.workload.arrival_rates_per_s.size(),
        "one point per load point", sc);
    for (const PointMetrics& p : ev.points) {
        const bool finite = std::isfinite(p.iops) && std::isfinite(p.mb_per_s) &&
                            std::isfinite(p.mean_response_s) && std::isfinite(p.p95_response_s);
        f.add(finite, "metrics finite", sc);
        f.add(p.iops >= 0.0 && p.mb_per_s >= 0.0 && p.mean_response_s >= 0.0 &&
                  p.p95_response_s >= 0.0,
              "metrics non-negative", sc);
        f.add(!p.bottleneck.empty(), "a bottleneck is named", sc);
        for (const auto& [name, u] : p.utilization) {
            f.add(std::isfinite(u) && u >= 0.0, "utilization finite and >= 0: " + name, sc);
            f.add(p.saturated || u <= 1.0 + 1e-9, "utilization <= 1: " + name, sc);
        }
        if (p.saturated) {
            f.add(p.concurrency == 0, "only open points saturate", sc);
            continue;
        }
        f.add(p.iops > 0.0 && p.mean_response_s > 0.0, "throughput and response positive", sc);
        f.add(p.p95_response_s >= p.mean_response_s, "p95 >= mean", sc);
        const double bytes_per_s = p.mb_per_s * 1e6;
        // No more than the drives' media, the host link, or the controller can carry.
        f.add(bytes_per_s <= drives * media * 1.0001, "within the drives' media rate", sc);
        f.add(bytes_per_s <= sys.host_link.bandwidth_Bps * 1.0001, "within the host link", sc);
        f.add(bytes_per_s <= sys.controller.max_bandwidth_Bps * 1.0001,
              "within the controller's bandwidth", sc);
        f.add(p.iops <= sys.controller.max_iops * 1.0001, "within the controller's IOPS", sc);
        if (p.concurrency > 0) {
            // Little's law over the whole cycle: N = X (R + Z).
            const double n = p.iops * (p.mean_response_s + sc.workload.think_time_s);
            f.add(std::abs(n - p.concurrency) <= 1e-3 * p.concurrency, "Little's law", sc);
        } else {
            f.add(std::abs(p.iops - p.arrival_rate_per_s) <= 1e-9 * p.arrival_rate_per_s,
                  "open throughput equals the arrival rate", sc);
        }
    }
    return static_cast<int>(ev.points.size());
}

/// Solves the scenario's network directly and checks the solver's iteration counts.
void check_iterations(const Scenario& sc, int exact_limit, Failures& f) {
    const BuiltNetwork built = build_network(sc.system, sc.workload);
    if (!sc.workload.concurrency.empty()) {
        const auto sols = queueing::solve_closed(built.network, sc.workload.concurrency,
                                                 sc.workload.think_time_s, exact_limit);
        int n_max = 0;
        for (int n : sc.workload.concurrency) {
            n_max = std::max(n_max, n);
        }
        for (std::size_t i = 0; i < sols.size(); ++i) {
            // Exact MVA walks the populations up to the largest: n levels for population n.
            const int n = sc.workload.concurrency[i];
            const int bound = n_max <= exact_limit ? n : queueing::kMaxClosedIterations;
            f.add(sols[i].iterations >= 1 && sols[i].iterations <= bound,
                  "closed solver within its iteration bound (" +
                      std::to_string(sols[i].iterations) + ")",
                  sc);
        }
    }
    for (double rate : sc.workload.arrival_rates_per_s) {
        const auto sol = queueing::solve_open(built.network, rate);
        f.add(sol.iterations >= 1 && sol.iterations <= queueing::kMaxOpenIterations,
              "open solver within its iteration bound (" + std::to_string(sol.iterations) + ")",
              sc);
    }
}

/// A random valid network: 1-6 stations, 1-3 job variants of 1-5 visits, service times from
/// 1 ns to 1 s, fork-join, multi-server, delay, detached and overlapped visits.
queueing::Network random_network(Generator& g) {
    queueing::Network net;
    const int stations = 1 + g.pick(6);
    for (int i = 0; i < stations; ++i) {
        queueing::Station st;
        st.name = "s" + std::to_string(i);
        st.kind = g.pick(5) == 0 ? queueing::StationKind::Delay : queueing::StationKind::Queue;
        st.copies = 1 + g.pick(16);
        st.servers = 1.0 + g.pick(4);
        net.stations.push_back(st);
    }
    const int variants = 1 + g.pick(3);
    for (int v = 0; v < variants; ++v) {
        queueing::JobVariant jv;
        jv.probability = 1.0 / variants;
        const int visits = 1 + g.pick(5);
        for (int k = 0; k < visits; ++k) {
            queueing::Visit visit;
            visit.station = g.pick(stations);
            visit.fork = 1 + g.pick(net.stations[visit.station].copies);
            visit.count = g.pick(2) == 0 ? 1.0 : g.log_uni(0.01, 4.0);
            auto& p = visit.service.parts;
            p.fixed_s = g.pick(3) == 0 ? 0.0 : g.extreme_or(1e-9, 1.0);
            p.random.mean = g.extreme_or(1e-9, 1.0);
            p.random.var = p.random.mean * p.random.mean * g.log_uni(1e-3, 10.0);
            p.hidden_s = g.pick(4) == 0 ? g.log_uni(1e-9, 1e-2) : 0.0;
            p.delay_s = g.pick(4) == 0 ? g.log_uni(1e-9, 1e-2) : 0.0;
            visit.detached = k > 0 && g.pick(6) == 0;
            visit.overlapped = k > 0 && !visit.detached && g.pick(6) == 0;
            jv.visits.push_back(visit);
        }
        net.variants.push_back(jv);
    }
    return net;
}

/// Largest busy time per server of one copy per job: the bottleneck's demand (Denning & Buzen).
double max_demand(const queueing::Network& net) {
    std::vector<double> d(net.stations.size(), 0.0);
    for (const auto& v : net.variants) {
        for (const auto& visit : v.visits) {
            const auto& st = net.stations[visit.station];
            if (st.kind == queueing::StationKind::Queue) {
                d[visit.station] += v.probability * visit.count * visit.fork / st.copies *
                                    visit.service.parts.busy() / st.servers;
            }
        }
    }
    return *std::max_element(d.begin(), d.end());
}

}  // namespace

TEST_CASE("generated queueing networks: finite, bounded solutions within the iteration bounds",
          "[hardening][properties][slow]") {
    Generator g(424242);
    long networks = 0, solutions = 0, failures = 0, million = 0;
    std::string first;
    auto fail = [&](bool ok, const std::string& what) {
        if (!ok && failures++ < 5) {
            first += "\n  network " + std::to_string(networks) + ": " + what;
        }
    };
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < kNetworks; ++i) {
        const queueing::Network net = random_network(g);
        std::vector<int> populations = {1 + g.pick(8)};
        if (i % 200 == 0) {
            populations.push_back(1'000'000);  // a million outstanding requests
            ++million;
        }
        const double think = g.pick(4) == 0 ? g.log_uni(1e-6, 1.0) : 0.0;
        const auto closed = queueing::solve_closed(net, populations, think);
        for (std::size_t k = 0; k < closed.size(); ++k) {
            const auto& sol = closed[k];
            const double n = populations[k];
            ++solutions;
            fail(std::isfinite(sol.throughput) && sol.throughput > 0.0, "closed throughput");
            fail(std::isfinite(sol.response_mean) && sol.response_mean > 0.0 &&
                     std::isfinite(sol.response_var) && sol.response_var >= 0.0,
                 "closed response");
            fail(std::abs(sol.throughput * (sol.response_mean + think) - n) <= 1e-3 * n,
                 "Little's law");
            fail(sol.throughput * max_demand(net) <= 1.0 + 1e-6, "asymptotic bound X <= 1/D");
            for (double u : sol.utilization) {
                fail(std::isfinite(u) && u >= 0.0 && u <= 1.0 + 1e-9, "closed utilization");
            }
            for (double q : sol.queue_length) {
                fail(std::isfinite(q) && q >= 0.0, "queue length");
            }
            const int bound =
                populations.back() <= 512 ? static_cast<int>(n) : queueing::kMaxClosedIterations;
            fail(sol.iterations >= 1 && sol.iterations <= bound, "closed iterations");
        }
        // An open point below or beyond the bottleneck's capacity.
        const double demand = max_demand(net);  // 0 if every station is a delay
        const double rate = demand > 0.0 ? g.log_uni(0.01, 2.0) / demand : g.log_uni(0.01, 1e6);
        const auto open = queueing::solve_open(net, rate);
        ++solutions;
        fail(open.iterations >= 1 && open.iterations <= queueing::kMaxOpenIterations,
             "open iterations");
        for (double u : open.utilization) {
            fail(std::isfinite(u) && u >= 0.0, "open utilization " + std::to_string(u));
        }
        if (!open.saturated) {
            fail(std::isfinite(open.response_mean) && open.response_mean > 0.0 &&
                     open.throughput == rate,
                 "open response");
            for (double u : open.utilization) {
                fail(u < 1.0, "open utilization below 1 when not saturated");
            }
        }
        ++networks;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    INFO(networks << " networks (" << million << " with a million jobs), " << solutions
                  << " solutions in " << seconds << " s; first failures:" << first);
    // (The loop's own counters are not checked: they count themselves.)
    CHECK(solutions >= networks * 2);  // every network gave a closed and an open solution
    CHECK(failures == 0);
}

TEST_CASE("generated valid scenarios give finite, bounded metrics",
          "[hardening][properties][slow]") {
    // RAID_PROPERTY_SCENARIOS=N runs another number (longer runs by hand).
    const char* requested = std::getenv("RAID_PROPERTY_SCENARIOS");
    const int count = requested != nullptr ? std::atoi(requested) : kScenarios;
    Generator gen(20260101);
    Failures failures;
    int scenarios = 0;
    long points = 0;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < count; ++i) {
        const Scenario sc = gen.scenario();
        const Evaluation ev = evaluate(sc.system, sc.workload);
        points += check_evaluation(sc, ev, failures);
        if (i % 50 == 0) {
            check_iterations(sc, EvaluateOptions{}.exact_limit, failures);
        }
        ++scenarios;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    INFO(scenarios << " scenarios, " << points << " points in " << seconds
                   << " s; first failures: " << failures.first);
    CHECK(points >= scenarios);  // every scenario gave at least one load point
    CHECK(failures.count == 0);
}

TEST_CASE("extreme scenarios terminate with finite, bounded metrics",
          "[hardening][properties][slow]") {
    Generator gen(7);
    Failures failures;
    int scenarios = 0;
    for (int i = 0; i < 60; ++i) {
        Scenario sc = gen.scenario();
        // The extremes, each in turn.
        switch (i % 6) {
            case 0:
                sc.workload.size.fixed_bytes = 1.0;
                break;
            case 1:
                sc.workload.size.fixed_bytes = 1024.0 * 1024.0 * 1024.0;
                break;
            case 2:
                sc.system.drive.capacity_bytes = 1e15;  // a petabyte per drive
                break;
            case 3:
                sc.workload.read_fraction = 0.0;
                break;
            case 4:
                sc.workload.read_fraction = 1.0;
                break;
            default:
                break;
        }
        // Half of them with a million outstanding requests, one point after a small one.
        if (i % 2 == 0) {
            sc.workload.arrival_rates_per_s.clear();
            sc.workload.concurrency = {4, 1'000'000};
        }
        // Termination is checked by the iteration bound, not by a clock (speed belongs to
        // raid-advisor-bench): the slowest, a 1 GiB request over 4 KiB stripe units, maps 262144
        // units per request.
        const Evaluation ev = evaluate(sc.system, sc.workload);
        check_evaluation(sc, ev, failures);
        check_iterations(sc, EvaluateOptions{}.exact_limit, failures);
        ++scenarios;
    }
    INFO(scenarios << " scenarios; first failures: " << failures.first);
    CHECK(failures.count == 0);
}
