#include "components/ssd_model.h"

#include <algorithm>
#include <cmath>

namespace raidadv {

double lambert_w0(double x) {
    const double e_inv = std::exp(-1.0);
    x = std::max(x, -e_inv);
    // Initial guess from the branch-point series, then Halley iterations (Corless et al. 1996).
    // At the branch point 1 + e x can round below 0: the root is clamped (W(-1/e) = -1).
    double w = (x < -0.25) ? -1.0 + std::sqrt(std::max(0.0, 2.0 * (1.0 + std::exp(1.0) * x))) : x;
    for (int i = 0; i < 50; ++i) {
        const double ew = std::exp(w);
        const double f = w * ew - x;
        if (std::abs(f) <= 1e-16) {
            break;  // solved; at w = -1 Halley's denominator would divide by 2w + 2 = 0
        }
        const double denom = ew * (w + 1.0) - (w + 2.0) * f / (2.0 * w + 2.0);
        if (denom == 0.0) {
            break;
        }
        const double step = f / denom;
        w -= step;
        if (std::abs(step) < 1e-14) {
            break;
        }
    }
    return w;
}

double write_amplification(double op) {
    const double a = 1.0 + std::max(op, 1e-3);
    // Desnoyers, SYSTOR 2012, eq. for LRU/greedy cleaning under uniform random writes.
    return a / (a + lambert_w0(-a * std::exp(-a)));
}

double ssd_parallelism(const SsdSpec& ssd) {
    if (ssd.flash_units > 0) {
        return ssd.flash_units;  // stated (a calibration: no data sheet gives it)
    }
    // Little's law: concurrency = throughput x latency at saturation.
    return std::max(1.0, ssd.random_read_iops * ssd.read_latency_s);
}

int ssd_flash_units(const SsdSpec& ssd) {
    return std::max(1, static_cast<int>(std::lround(ssd_parallelism(ssd))));
}

SsdDemand ssd_read_demand(const SsdSpec& ssd, double bytes) {
    // derived: a 4 KiB read holds a flash unit for its QD1 latency; larger reads stream through
    // the shared bandwidth stage at the sequential read rate.
    return {ssd.read_latency_s, bytes / ssd.seq_read_Bps};
}

double ssd_sustained_write_Bps(const SsdSpec& ssd) {
    return ssd.sustained_write_Bps > 0.0 ? std::min(ssd.seq_write_Bps, ssd.sustained_write_Bps)
                                         : ssd.seq_write_Bps;
}

SsdDemand ssd_write_demand(const SsdSpec& ssd, double bytes, bool sequential, bool fresh,
                           double span) {
    const double pages = std::max(1.0, bytes / 4096.0);
    // A fresh drive writes at its data sheet's burst rate (SNIA SSS PTS: fresh out of the box).
    const double sustained = fresh ? ssd.seq_write_Bps : ssd_sustained_write_Bps(ssd);
    double per_page_s = 4096.0 / sustained;
    if (!sequential) {
        // derived: the written span has the drive's spare to itself (ssd_model.h).
        const double op = ssd.over_provisioning;
        const double op_span = op / std::clamp(span, 1e-6, 1.0);
        double steady_iops = ssd.random_write_iops;  // fresh: the data sheet's rate
        if (fresh && ssd.write_iops_steady_state) {
            // derived (ssd_model.h): no cleaning yet, one program per page, not A(op) of them.
            steady_iops = std::min(sustained / 4096.0, steady_iops * write_amplification(op));
        } else if (!fresh && ssd.write_iops_steady_state) {
            // A whole-drive steady-state figure, rescaled to the span's cleaning.
            steady_iops *= write_amplification(op) / write_amplification(op_span);
        } else if (!fresh) {
            steady_iops = std::min(steady_iops, sustained / 4096.0 / write_amplification(op_span));
        }
        per_page_s = std::max(per_page_s, 1.0 / steady_iops);
    }
    return {ssd.write_latency_s, pages * per_page_s};
}

SsdWriteStages ssd_write_stages(const SsdSpec& ssd, double bytes, bool sequential, bool fresh,
                                double span) {
    const int units = ssd_flash_units(ssd);
    const double pages = std::max(1.0, std::ceil(bytes / 4096.0));
    SsdWriteStages w;
    w.accept_s = ssd.write_latency_s;
    w.transfer_s = bytes / ssd.seq_write_Bps;
    // derived (ssd_model.h): the units together program at ssd_write_demand's rate.
    w.program_s = units * ssd_write_demand(ssd, bytes, sequential, fresh, span).bandwidth_s;
    w.program_units = static_cast<int>(std::min<double>(units, pages));
    return w;
}

int ssd_buffer_programs(const SsdSpec& ssd) {
    return 16 * ssd_flash_units(ssd);
}

}  // namespace raidadv
