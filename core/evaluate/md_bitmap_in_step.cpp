#include "evaluate/md_bitmap_in_step.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace raidadv {

InStepWait md_bitmap_in_step_wait(const InStepGate& g) {
    const double n = static_cast<double>(g.population);
    const double b = g.update_s;
    const double cycle = n / g.writes_per_s;
    const double p = std::clamp(g.clear_share, 0.0, 1.0);
    double t = std::max(0.05 * b, cycle - g.needed * b);
    double wait = 0.0, q = 0.0;
    for (int i = 0; i < 40; ++i) {
        q = -std::expm1(-b / t);
        const double s = 1.0 - std::pow(1.0 - q * p, std::max(0.0, n - g.batch));
        const double in_step = (b - t * q) * s / (1.0 - s * (1.0 - q));
        wait = g.needed * in_step + (1.0 - g.needed) * g.busy * b / 2.0;
        const double next = std::max(0.05 * b, cycle - g.needed * b - wait);
        if (std::abs(next - t) <= 1e-4 * t) {
            break;
        }
        t = 0.5 * (t + next);  // (damped: the wait falls as t grows)
    }
    return {wait, q};
}

double md_bitmap_in_step_member_s(int population, double writes_per_s, double page_s,
                                  const MemberWork& work) {
    const double n = static_cast<double>(population);
    const double rho = std::min(0.9, writes_per_s * work.read_busy);
    const auto access = [&work](int candidates) {
        return work.per_io_s + (work.sequential || !work.pos ? 0.0 : work.pos->at(candidates).mean);
    };
    // (the drain of k queued, summed once: k, k - 1, ..., 1 candidates)
    const int most = static_cast<int>(std::max(1.0, n / 2.0) * work.write_ios) + 1;
    std::vector<double> drained(static_cast<std::size_t>(most) + 1, 0.0);
    for (int j = 1; j <= most; ++j) {
        drained[static_cast<std::size_t>(j)] = drained[static_cast<std::size_t>(j) - 1] + access(j);
    }
    double b = page_s;
    for (int i = 0; i < 12; ++i) {
        const double batch = std::clamp(writes_per_s * b, 1.0, std::max(1.0, n / 2.0));
        const double queued = std::min(n - batch, batch) * work.write_ios;
        const int whole = std::min(static_cast<int>(queued), most - 1);
        const double drain =
            drained[static_cast<std::size_t>(whole)] + (queued - whole) * access(whole + 1);
        const double next = (page_s + drain) / (1.0 - rho);
        if (std::abs(next - b) <= 1e-4 * b) {
            return next;
        }
        b = 0.5 * (b + next);
    }
    return b;
}

}  // namespace raidadv
