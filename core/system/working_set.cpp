#include "system/working_set.h"

#include <algorithm>

#include "layout/geometry.h"

namespace raidadv {

double span_fraction_on(const System& system, const Workload& workload) {
    if (!(workload.working_set_bytes > 0.0)) {
        return workload.span_fraction;
    }
    // derived: the requests fall uniformly over the working set's bytes, laid out from the
    // start of the volumes (usable_bytes counts every volume, as working_set_bytes does).
    const double usable = usable_bytes(system.layout, system.drive.capacity_bytes);
    if (!(usable > 0.0)) {
        return workload.span_fraction;
    }
    return std::clamp(workload.working_set_bytes / usable, 1e-9, 1.0);
}

Workload on_system(const System& system, Workload workload) {
    workload.span_fraction = span_fraction_on(system, workload);
    return workload;
}

}  // namespace raidadv
