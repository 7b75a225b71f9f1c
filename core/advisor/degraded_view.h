#pragma once
// Degraded-mode performance of a candidate at the user's heaviest load point: one drive failed,
// with and without its rebuild running (core/evaluate/degraded.h), for the explanations.

#include <string>

#include "advisor/advisor.h"

namespace raidadv::advisor {

struct DegradedView {
    bool evaluated = false;  ///< false: no redundancy (any failure loses data) or not evaluable
    std::string problem;     ///< why not evaluated, when the layout has redundancy
    PointMetrics healthy;    ///< the candidate's heaviest load point
    PointMetrics failed;     ///< one drive failed, no rebuild running
    bool rebuild_evaluated = false;  ///< false when the rebuild takes the drives' whole time
    PointMetrics rebuilding;         ///< one drive failed, its rebuild taking
                                     ///< request.rebuild_rate_fraction of each survivor's time
    /// Linux md with a write-intent bitmap and a workload with writes: healthy, its writes pay
    /// the bitmap's updates; degraded, md leaves the bits set (system/md_bitmap.h), so they
    /// do not, which can make the degraded array the faster one.
    bool bitmap_updates_stop = false;
};

/// Evaluates `candidate` degraded at its heaviest load point (the request's workload).
DegradedView degraded_view(const Candidate& candidate, const Request& request);

/// "With one drive failed, at 64 outstanding requests: 12 ms mean response (1.8x healthy); while
/// its rebuild runs (50% of each surviving drive's time): 20 ms (2.9x)." Empty if
/// !view.evaluated.
std::string degraded_sentence(const DegradedView& view, const Request& request);

}  // namespace raidadv::advisor
