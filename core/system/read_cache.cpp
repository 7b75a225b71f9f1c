#include "system/read_cache.h"

#include <algorithm>

#include "layout/geometry.h"

namespace raidadv {

double read_cache_bytes(const System& system) {
    if (is_zfs(system.layout.level)) {
        const double ram = std::max(0.0, system.host.memory_bytes);
        constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
        // arc_default_max (OpenZFS 2.3): MAX(allmem * 5 / 8, allmem - 1 GiB).
        return ram > 0.0 ? std::max(ram * 5.0 / 8.0, ram - kGiB) : 0.0;
    }
    const ControllerSpec& c = system.controller;
    return c.kind == ControllerKind::HardwareRaid ? std::max(0.0, c.cache_bytes) : 0.0;
}

bool read_cache_in_host(const System& system) {
    return is_zfs(system.layout.level);
}

double working_set_bytes(const System& system, double span_fraction) {
    // (usable_bytes counts every volume)
    return std::clamp(span_fraction, 0.0, 1.0) *
           usable_bytes(system.layout, system.drive.capacity_bytes);
}

double read_hit_ratio(const System& system, double working_set_bytes, bool sequential) {
    const double cache = read_cache_bytes(system);
    if (!(cache > 0.0) || !(working_set_bytes > 0.0)) {
        return 0.0;
    }
    if (sequential) {
        return working_set_bytes <= cache ? 1.0 : 0.0;
    }
    return std::min(1.0, cache / working_set_bytes);
}

}  // namespace raidadv

namespace raidadv {

double read_ahead_row_bytes(const System& system) {
    const Geometry g = make_geometry(system.layout);
    return g.unit * std::max(1, g.data_units_per_row);
}

ReadAheadUse read_ahead_use(const System& system, const Workload& workload) {
    ReadAheadUse use;
    if (system.controller.kind != ControllerKind::HardwareRaid ||
        !(system.controller.cache_bytes > 0.0) || is_zfs(system.layout.level) ||
        workload.unit != Workload::Unit::Request) {
        return use;
    }
    switch (system.controller_read_ahead) {
        case ControllerReadAhead::Always:
            use.random = true;
            use.sequential = true;
            break;
        case ControllerReadAhead::Adaptive:
            use.sequential = true;
            break;
        case ControllerReadAhead::None:
            return use;
    }
    use.row_bytes = read_ahead_row_bytes(system);
    return use;
}

bool controller_reads_ahead(const System& system, const Workload& workload, double bytes,
                            bool sequential) {
    return read_ahead_use(system, workload).applies(bytes, sequential);
}

}  // namespace raidadv
