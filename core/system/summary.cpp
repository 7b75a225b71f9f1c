#include "system/summary.h"

#include <algorithm>

#include "layout/geometry.h"

namespace raidadv {

SystemSummary summarize(const System& system) {
    SystemSummary s;
    s.usable_bytes = usable_bytes(system.layout, system.drive.capacity_bytes);
    // A degraded volume has already used some of its tolerance.
    s.failures_tolerated =
        std::max(0, failures_tolerated(system.layout) - system.layout.failed_drives);
    const double drives = system.total_drives();
    const bool known = system.drive.info.price_usd > 0.0 &&
                       (system.log.count == 0 || system.log.drive.info.price_usd > 0.0);
    if (known) {
        s.cost_usd = drives * system.drive.info.price_usd + system.controller.info.price_usd +
                     system.log.count * system.log.drive.info.price_usd;  // a ZFS SLOG
        s.cost_known = true;
    }
    return s;
}

}  // namespace raidadv
