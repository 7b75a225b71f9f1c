#pragma once
// Textbook formulas, kept separate so tests can check the general solver against them.

#include <vector>

namespace raidadv::queueing {

/// Exact single-class MVA for queueing stations with demands `demands` (seconds per job) and a
/// think time (Lazowska, Zahorjan, Graham & Sevcik, "Quantitative System Performance", 1984,
/// ch. 6). Returns throughput at population n.
double mva_exact_throughput(const std::vector<double>& demands, double think_time, int n);

/// Bard-Schweitzer approximate MVA (Schweitzer 1979; Lazowska et al. 1984, section 6.4.2): the
/// fixed point of R_i = D_i (1 + (n-1)/n Q_i), X = n / (Z + sum R_i), Q_i = X R_i, iterated here
/// until it moves less than 1e-13. Returns the throughput at population n.
double schweitzer_throughput(const std::vector<double>& demands, double think_time, int n);

/// Pollaczek-Khinchine mean response time of an M/G/1 queue: E[S] + lambda E[S^2] / (2(1-rho)).
double mg1_response(double lambda, double mean_service, double second_moment_service);

/// Exact mean response time of an M/M/c queue (Erlang's C formula for the probability of
/// waiting; Kleinrock, "Queueing Systems" vol. 1, 1975, section 3.5): E[S] + C(c, a) E[S] /
/// (c - a), a = lambda E[S] < c.
double mmc_response(double lambda, double mean_service, int servers);

}  // namespace raidadv::queueing
