// One visit's response terms (visit_terms.h): the parts shared by the closed and open solves.

#include "queueing/visit_terms.h"

namespace raidadv::queueing::detail {

void prepare_visit(Prepared& v, const Visit& visit, double servers) {
    v.overlapped = visit.overlapped;
    v.count = visit.count;
    v.servers = servers;
    v.fork_extra = visit.fork > 1 ? visit.service.fixed_max_extra_s : 0.0;
    v.factors = max_factors(visit.fork);
}

void prepare_service(Prepared& v, const ServiceParts& p, double previous_foreground) {
    if (v.overlapped) {
        v.excess = std::max(0.0, p.foreground() - previous_foreground);
        return;
    }
    v.busy = std::max(p.busy(), 1e-12);
    v.own_var = p.sibling_var >= 0.0 ? p.sibling_var : p.random.var;
    v.random_mean = p.random.mean;
    v.random_var = p.random.var;
    v.base = p.fixed_s + v.fork_extra + p.delay_s;
}

double overlap_span(const Prepared& v, const ServiceParts& p) {
    if (v.factors.k <= 1) {
        return p.foreground() + p.delay_s;
    }
    return p.foreground() + p.delay_s + v.fork_extra +
           (max_of_iid(v.factors, v.random_mean, v.own_var).mean - v.random_mean);
}

double squared_cv(double weight, double first, double second, double otherwise) {
    if (!(weight > 0.0) || !(first > 0.0)) {
        return otherwise;
    }
    return std::max(0.0, second * weight / (first * first) - 1.0);
}

double random_order_extra_var(double busy, double wait_s) {
    const double rho = std::clamp(busy, 0.0, 1.0);
    return rho / (2.0 - rho) * wait_s * wait_s;
}

}  // namespace raidadv::queueing::detail
