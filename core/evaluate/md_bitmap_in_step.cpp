#include "evaluate/md_bitmap_in_step.h"

#include <algorithm>
#include <cmath>

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

double drain_quickest_first_s(const HddPositioning* pos, double per_io_s, double k) {
    const auto access = [pos, per_io_s](double candidates) {
        return per_io_s + (pos ? pos->at(candidates).mean : 0.0);
    };
    const int whole = static_cast<int>(k);
    double s = 0.0;
    for (int j = 1; j <= whole; ++j) {
        s += access(j);
    }
    return s + (k - whole) * access(whole + 1.0);
}

double md_bitmap_in_step_member_s(int population, double writes_per_s, double page_s,
                                  const MemberWork& work) {
    const double n = static_cast<double>(population);
    const double rho = std::min(0.9, writes_per_s * work.read_busy);
    const HddPositioning* pos = work.sequential ? nullptr : work.pos.get();
    double b = page_s;
    for (int i = 0; i < 12; ++i) {
        const double batch = std::clamp(writes_per_s * b, 1.0, std::max(1.0, n / 2.0));
        const double queued = std::min(n - batch, batch) * work.write_ios;
        const double next =
            (page_s + drain_quickest_first_s(pos, work.per_io_s, queued)) / (1.0 - rho);
        if (std::abs(next - b) <= 1e-4 * b) {
            return next;
        }
        b = 0.5 * (b + next);
    }
    return b;
}

}  // namespace raidadv
