#include "textbook.h"

#include <algorithm>
#include <cmath>

namespace raidadv::queueing {

double mva_exact_throughput(const std::vector<double>& demands, double think_time, int n) {
    std::vector<double> q(demands.size(), 0.0);
    double x = 0.0;
    for (int k = 1; k <= n; ++k) {
        double r = 0.0;
        std::vector<double> rk(demands.size());
        for (std::size_t i = 0; i < demands.size(); ++i) {
            rk[i] = demands[i] * (1.0 + q[i]);  // R_i(k) = D_i (1 + Q_i(k-1))
            r += rk[i];
        }
        x = k / (think_time + r);  // X(k) = k / (Z + R(k))
        for (std::size_t i = 0; i < demands.size(); ++i) {
            q[i] = x * rk[i];  // Q_i(k) = X(k) R_i(k)
        }
    }
    return x;
}

double schweitzer_throughput(const std::vector<double>& demands, double think_time, int n) {
    const double total = [&] {
        double t = 0.0;
        for (double d : demands) {
            t += d;
        }
        return t;
    }();
    std::vector<double> q(demands.size(), n / static_cast<double>(demands.size()));
    double x = 0.0;
    for (int it = 0; it < 1000000; ++it) {
        double r = 0.0;
        std::vector<double> rk(demands.size());
        for (std::size_t i = 0; i < demands.size(); ++i) {
            rk[i] = demands[i] * (1.0 + (n - 1.0) / n * q[i]);
            r += rk[i];
        }
        const double next = n / (think_time + r);
        double moved = std::abs(next - x);
        for (std::size_t i = 0; i < demands.size(); ++i) {
            const double qi = next * rk[i];
            moved = std::max(moved, std::abs(qi - q[i]));
            q[i] = qi;
        }
        x = next;
        if (moved < 1e-13 * (1.0 + n + total)) {
            break;
        }
    }
    return x;
}

double mg1_response(double lambda, double mean_service, double second_moment_service) {
    const double rho = lambda * mean_service;
    return mean_service + lambda * second_moment_service / (2.0 * (1.0 - rho));
}

double mmc_response(double lambda, double mean_service, int servers) {
    const double a = lambda * mean_service;
    const double c = static_cast<double>(servers);
    // Terms a^k / k! summed for k < c, then the waiting term a^c / c! * c / (c - a).
    double term = 1.0, below = 0.0;
    for (int k = 0; k < servers; ++k) {
        below += term;
        term *= a / (k + 1.0);
    }
    const double waiting = term * c / (c - a);
    const double p_wait = waiting / (below + waiting);
    return mean_service + p_wait * mean_service / (c - a);
}

}  // namespace raidadv::queueing
