#include "queueing/state_dependent.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace raidadv::queueing {

namespace {

constexpr double kTail = 1e-16;      // probability mass a pmf may leave out
constexpr int kMaxStates = 2000000;  // a chain this long is taken as saturated
constexpr double kRescale = 1e200;   // the unnormalized probabilities are scaled down past this

/// Poisson pmf with mean m, up to negligible tail.
std::vector<double> poisson_pmf(double m) {
    std::vector<double> p{std::exp(-m)};
    double cum = p[0];
    for (int j = 1; 1.0 - cum > kTail && j < 100000; ++j) {
        p.push_back(p.back() * m / j);
        cum += p.back();
        if (j > m && p.back() < kTail * 1e-3) {
            break;
        }
    }
    return p;
}

/// Arrivals at rate lambda during a gamma time of mean m and variance v: negative binomial
/// (derived: a Poisson count over a gamma time, Greenwood & Yule 1920).
std::vector<double> negative_binomial_pmf(double lambda, double m, double v) {
    const double shape = m * m / v;
    const double scale = v / m;
    const double q = lambda * scale / (1.0 + lambda * scale);
    std::vector<double> p{std::exp(-shape * std::log1p(lambda * scale))};
    double cum = p[0];
    for (int j = 1; 1.0 - cum > kTail && j < 100000; ++j) {
        p.push_back(p.back() * (shape + j - 1.0) / j * q);
        cum += p.back();
        if (j > lambda * m && p.back() < kTail * 1e-3) {
            break;
        }
    }
    return p;
}

std::vector<double> convolve(const std::vector<double>& a, const std::vector<double>& b) {
    std::vector<double> c(a.size() + b.size() - 1, 0.0);
    for (std::size_t i = 0; i < a.size(); ++i) {
        for (std::size_t j = 0; j < b.size(); ++j) {
            c[i + j] += a[i] * b[j];
        }
    }
    return c;
}

/// Arrivals during one service of the mixture: P(A >= m) for m = 0.., and the mean service.
struct ArrivalsDuringService {
    std::vector<double> at_least;  ///< at_least[m] = P(A >= m); beyond the end: 0
    double p0 = 1.0;               ///< P(A = 0)
    double mean_service_s = 0.0;
};

ArrivalsDuringService arrivals_during(double lambda, const std::vector<ServiceComponent>& mix) {
    std::vector<double> pmf;
    double weights = 0.0;
    ArrivalsDuringService out;
    for (const auto& c : mix) {
        weights += c.weight;
    }
    for (const auto& c : mix) {
        if (c.weight <= 0.0) {
            continue;
        }
        const double w = c.weight / weights;
        out.mean_service_s += w * (c.fixed_s + c.random_mean_s);
        std::vector<double> p;
        if (c.random_var_s <= 1e-18 || c.random_mean_s <= 0.0) {
            p = poisson_pmf(lambda * (c.fixed_s + c.random_mean_s));
        } else {
            p = convolve(poisson_pmf(lambda * c.fixed_s),
                         negative_binomial_pmf(lambda, c.random_mean_s, c.random_var_s));
        }
        if (pmf.size() < p.size()) {
            pmf.resize(p.size(), 0.0);
        }
        for (std::size_t j = 0; j < p.size(); ++j) {
            pmf[j] += w * p[j];
        }
    }
    out.at_least.assign(pmf.size() + 1, 0.0);
    for (std::size_t m = pmf.size(); m-- > 0;) {
        out.at_least[m] = out.at_least[m + 1] + pmf[m];
    }
    out.p0 = pmf.empty() ? 1.0 : pmf[0];
    return out;
}

double at_least(const ArrivalsDuringService& a, std::size_t m) {
    return m < a.at_least.size() ? a.at_least[m] : 0.0;
}

}  // namespace

StateDependentQueue solve_state_dependent_mg1(double lambda, const ServiceAtCandidates& service,
                                              const std::vector<ServiceComponent>& alone,
                                              int constant_from) {
    StateDependentQueue out;
    const int k = std::max(1, constant_from);
    // by_state[0]: after an idle moment; by_state[i]: chosen among i (i < k), then constant.
    std::vector<ArrivalsDuringService> by_state;
    by_state.push_back(arrivals_during(lambda, alone));
    for (int i = 1; i <= k; ++i) {
        by_state.push_back(arrivals_during(lambda, service(i)));
    }
    if (lambda * by_state[k].mean_service_s >= 1.0) {
        out.saturated = true;
        return out;
    }
    auto state = [&](std::size_t i) -> const ArrivalsDuringService& {
        return by_state[std::min<std::size_t>(i, static_cast<std::size_t>(k))];
    };
    std::size_t reach = 0;  // the most arrivals any state's service brings (pmf length)
    for (const auto& a : by_state) {
        reach = std::max(reach, a.at_least.size());
    }
    // derived: at departure instants the chain goes from i >= 1 to i - 1 + A(i) and from 0 to
    // A(0); across the cut between j and j + 1 it goes down only from j + 1 with no arrival,
    // so pi(j+1) P(A(j+1) = 0) = pi(0) P(A(0) >= j+1) + sum_{i=1..j} pi(i) P(A(i) >= j+2-i):
    // every term positive (a stable recursion; the unnormalized pi(0) = 1).
    std::vector<double> pi{1.0};
    double total = 1.0, first = 0.0;
    for (std::size_t j = 0;; ++j) {
        double up = pi[0] * at_least(by_state[0], j + 1);
        const std::size_t from = j + 2 > reach ? j + 2 - reach : 1;
        for (std::size_t i = std::max<std::size_t>(1, from); i <= j; ++i) {
            up += pi[i] * at_least(state(i), j + 2 - i);
        }
        const double next = up / state(j + 1).p0;
        pi.push_back(next);
        total += next;
        first += static_cast<double>(j + 1) * next;
        if (total > kRescale) {
            for (double& p : pi) {
                p /= total;
            }
            first /= total;
            total = 1.0;
        }
        if (j + 1 > static_cast<std::size_t>(k) + reach && next <= 1e-15 * total) {
            break;
        }
        if (pi.size() >= static_cast<std::size_t>(kMaxStates)) {
            out.saturated = true;
            return out;
        }
    }
    // Departures leave behind what arrivals find (Kleinrock 1975, level crossing), and by
    // PASTA that is the time average.
    double served = 0.0;
    for (std::size_t i = 0; i < pi.size(); ++i) {
        served += pi[i] / total * state(i).mean_service_s;
    }
    out.mean_in_system = first / total;
    out.mean_service_s = served;
    out.utilization = lambda * served;
    // Little's law: the response is L / lambda; its service part the mean served.
    out.mean_wait_s = std::max(0.0, out.mean_in_system / lambda - served);
    return out;
}

namespace {

/// The service mixture at copy `s` (per server: Seidmann's s/c, as the Pollaczek-Khinchine
/// wait takes it) of a request that finds `present` requests there, itself included, with the
/// server busy with probability `busy`; each visit's weight is its arrival rate at the copy.
std::vector<ServiceComponent> station_mixture(const Network& net, double lambda, std::size_t s,
                                              double present, double busy) {
    const auto& st = net.stations[s];
    const double c = std::max(1.0, st.servers);
    std::vector<ServiceComponent> mix;
    for (const auto& variant : net.variants) {
        for (const auto& visit : variant.visits) {
            if (visit.station != static_cast<int>(s)) {
                continue;
            }
            const ServiceParts p = visit.service.parts_at({present, busy});
            mix.push_back({lambda * variant.probability * visit.count * share(visit, st),
                           (p.fixed_s + p.hidden_s) / c, p.random.mean / c,
                           p.random.var / (c * c)});
        }
    }
    return mix;
}

double mixture_mean(const std::vector<ServiceComponent>& mix) {
    double w = 0.0, m = 0.0;
    for (const auto& c : mix) {
        w += c.weight;
        m += c.weight * (c.fixed_s + c.random_mean_s);
    }
    return w > 0.0 ? m / w : 0.0;
}

bool chain_applies(const Network& net, std::size_t s) {
    if (net.stations[s].kind != StationKind::Queue) {
        return false;
    }
    bool depends = false;
    for (const auto& variant : net.variants) {
        double here = 0.0;  // visits per job: fractional visits are alternatives (merged shapes)
        for (const auto& visit : variant.visits) {
            if (visit.station != static_cast<int>(s)) {
                continue;
            }
            here += visit.count;
            if (visit.detached || visit.choice > 1 || here > 1.0 + 1e-9) {
                return false;
            }
            depends = depends || static_cast<bool>(visit.service.at);
        }
    }
    return depends;
}

}  // namespace

double open_reordering_wait(const Network& net, double lambda, std::size_t s) {
    if (lambda <= 0.0 || !chain_applies(net, s)) {
        return -1.0;
    }
    // The services differ up to the drive's queue depth; past kMaxDistinct they are taken as
    // constant.
    constexpr int kMaxDistinct = 256;
    double rate = 0.0;  // arrivals per second at one copy
    for (const auto& c : station_mixture(net, lambda, s, 1.0, 0.0)) {
        rate += c.weight;
    }
    // The service found depends on the server's busy share, which depends on the service: it
    // is taken once without it and then with it (as the Pollaczek-Khinchine path does).
    double busy = 0.0;
    StateDependentQueue q;
    for (int pass = 0; pass < 2; ++pass) {
        // A request chosen among n waiting has found n + 1 present (ServiceParts' convention:
        // it chooses among the present - 1 others); one that arrives to an idle server, 1.
        // chosen_among[n - 1]: up to the first n whose service the last three equal.
        std::vector<std::vector<ServiceComponent>> chosen_among;
        double previous = -1.0;
        for (int n = 1, same = 0; n <= kMaxDistinct && same < 3; ++n) {
            chosen_among.push_back(station_mixture(net, lambda, s, n + 1.0, busy));
            const double m = mixture_mean(chosen_among.back());
            same = std::abs(m - previous) <= 1e-9 * m ? same + 1 : 0;
            previous = m;
        }
        const int constant_from = static_cast<int>(chosen_among.size());
        q = solve_state_dependent_mg1(
            rate, [&](int n) { return chosen_among[n - 1]; },
            station_mixture(net, lambda, s, 1.0, busy), constant_from);
        if (q.saturated) {
            return std::numeric_limits<double>::infinity();
        }
        busy = std::min(1.0, q.utilization);
    }
    return q.mean_wait_s;
}

}  // namespace raidadv::queueing
