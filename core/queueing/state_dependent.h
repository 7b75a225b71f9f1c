#pragma once
// An M/G/1 queue whose next service depends on how many requests wait when it starts: a disk
// that reorders its queue (shortest positioning time first) serves faster the more it has to
// choose from. Solved at departure instants, an embedded Markov chain that is exact for that
// model (Kleinrock, "Queueing Systems" vol. 1, 1975, section 5.6, with the service drawn per
// state).

#include <cstddef>
#include <functional>
#include <vector>

#include "queueing/network.h"

namespace raidadv::queueing {

/// One kind of request in the service mixture: its share, and its busy time as a deterministic
/// part plus a random part (mean and variance; taken as gamma distributed).
struct ServiceComponent {
    double weight = 1.0;
    double fixed_s = 0.0;
    double random_mean_s = 0.0;
    double random_var_s = 0.0;
};

/// The service mixture of a request that starts with `candidates` requests to choose from (the
/// one after an idle moment: 1, it is alone).
using ServiceAtCandidates = std::function<std::vector<ServiceComponent>(int candidates)>;

struct StateDependentQueue {
    bool saturated = false;
    double mean_in_system = 0.0;  ///< time average = what an arrival finds (PASTA)
    double mean_service_s = 0.0;  ///< per request served
    double mean_wait_s = 0.0;     ///< in the queue, before service
    double utilization = 0.0;
};

/// Poisson arrivals at `lambda` per second; `service(n)` for n >= 1 must not change for n at or
/// above `constant_from` (the queue depth a drive chooses from). `alone` is the service of a
/// request that arrives to an idle server.
StateDependentQueue solve_state_dependent_mg1(double lambda, const ServiceAtCandidates& service,
                                              const std::vector<ServiceComponent>& alone,
                                              int constant_from);

/// The mean wait at station `s` of an open network at `lambda` jobs per second by the chain
/// above, where its assumptions hold: the station's service depends on the requests found
/// (Service::at), each job visits it at most once (fractional visits that sum to one are
/// alternatives), none of its work is background (detached: a drive serves it at a lower
/// priority) and no visit chooses a copy by queue length (the copies' arrivals are then not
/// independent). Otherwise < 0 (the Pollaczek-Khinchine wait at the mean queue applies);
/// +infinity when saturated.
double open_reordering_wait(const Network& net, double lambda, std::size_t s);

}  // namespace raidadv::queueing
