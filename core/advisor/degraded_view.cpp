#include "advisor/degraded_view.h"

#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "advisor/explain.h"
#include "evaluate/degraded.h"
#include "system/md_bitmap.h"

namespace raidadv::advisor {

namespace {

/// The request's workload reduced to the candidate's heaviest load point.
Workload heaviest_point(const Workload& workload, const PointMetrics& heavy) {
    Workload w = workload;
    if (heavy.concurrency > 0) {
        w.concurrency = {heavy.concurrency};
        w.arrival_rates_per_s.clear();
    } else {
        w.arrival_rates_per_s = {heavy.arrival_rate_per_s};
        w.concurrency.clear();
    }
    return w;
}

/// `note`: said after the ratio, inside its parenthesis.
std::string point_text(const PointMetrics& p, const PointMetrics& healthy,
                       const std::string& note = {}) {
    if (p.saturated) {
        return "saturated (the " + component_name(p.bottleneck) + " cannot keep up)";
    }
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.1fx", p.mean_response_s / healthy.mean_response_s);
    return format_time(p.mean_response_s) + " mean response (" + ratio + " healthy" + note + ")";
}

}  // namespace

DegradedView degraded_view(const Candidate& candidate, const Request& request) {
    DegradedView view;
    if (candidate.assessment.failures_tolerated < 1 || candidate.performance.points.empty()) {
        return view;
    }
    view.healthy = candidate.performance.points.back();
    if (view.healthy.saturated || !(view.healthy.mean_response_s > 0.0)) {
        view.problem = "the healthy system is already saturated";
        return view;
    }
    const Workload w = heaviest_point(request.workload, view.healthy);
    view.bitmap_updates_stop = md_bitmap_on(candidate.system) && w.read_fraction < 1.0;
    try {
        DegradedOptions failed;
        failed.failed_drives = 1;
        const Evaluation ev = evaluate_degraded(candidate.system, w, failed);
        if (ev.points.empty()) {
            view.problem = "no load point";
            return view;
        }
        view.failed = ev.points.front();
        view.evaluated = true;
        // The rebuild's share of a drive's sustained rate is the share of its time it keeps the
        // drive busy (derived: Sevcik's shadow server); at share 1 nothing is left for requests,
        // so only shares below 1 are evaluated.
        if (request.rebuild_rate_fraction > 0.0 && request.rebuild_rate_fraction < 1.0) {
            DegradedOptions rebuilding = failed;
            rebuilding.rebuild_rate_fraction = request.rebuild_rate_fraction;
            const Evaluation rb = evaluate_degraded(candidate.system, w, rebuilding);
            if (!rb.points.empty()) {
                view.rebuilding = rb.points.front();
                view.rebuild_evaluated = true;
            }
        }
    } catch (const std::exception& error) {
        view.evaluated = false;
        view.problem = error.what();
    }
    return view;
}

std::string degraded_sentence(const DegradedView& view, const Request& request) {
    if (!view.evaluated) {
        return {};
    }
    std::ostringstream s;
    const PointMetrics& h = view.healthy;
    std::string load;
    if (h.concurrency > 0) {
        load = std::to_string(h.concurrency) + (request.workload.unit == Workload::Unit::File
                                                    ? " concurrent processes"
                                                    : " outstanding requests");
    } else {
        char rate[48];
        std::snprintf(rate, sizeof rate, "%.4g requests per second", h.arrival_rate_per_s);
        load = rate;
    }
    // Linux drivers/md/md-bitmap.c, bitmap_endwrite: on a degraded array a chunk's counter
    // gets NEEDED_MASK, which the bitmap daemon never clears (system/md_bitmap.h).
    const bool faster = view.bitmap_updates_stop && !view.failed.saturated &&
                        view.failed.mean_response_s < h.mean_response_s;
    // (within 5% the ratio reads 1.0x: "no slower" then)
    const bool clearly = view.failed.mean_response_s < 0.95 * h.mean_response_s;
    s << "With one drive failed, at " << load << ": "
      << point_text(view.failed, h,
                    faster ? std::string(clearly ? ": faster" : ": no slower") +
                                 ", because a degraded md array keeps its write-intent bitmap's "
                                 "bits set, so its writes skip the bitmap updates a healthy one "
                                 "makes"
                           : std::string());
    if (view.rebuild_evaluated) {
        char share[32];
        std::snprintf(share, sizeof share, "%.0f%%", 100.0 * request.rebuild_rate_fraction);
        s << "; while its rebuild runs (" << share
          << " of each surviving drive's time): " << point_text(view.rebuilding, view.healthy);
    }
    s << ".";
    return s.str();
}

}  // namespace raidadv::advisor
