#include "system/write_cache.h"

#include <algorithm>
#include <cmath>

#include "layout/geometry.h"
#include "system/read_cache.h"

namespace raidadv {

bool uses_drive_write_cache(const System& system) {
    if (system.drive.kind != DriveKind::Hdd || system.drive.hdd.cache_bytes <= 0.0) {
        return false;  // no buffer, no write cache
    }
    switch (system.drive_write_cache) {
        case DriveWriteCache::On:
            return true;
        case DriveWriteCache::Off:
            return false;
        case DriveWriteCache::Auto:
            break;
    }
    return system.controller.kind != ControllerKind::HardwareRaid;
}

bool uses_write_back(const System& system) {
    if (is_zfs(system.layout.level)) {
        // ZFS gathers asynchronous writes in host RAM and writes them out in transaction groups
        // (txg.c; zfs_dirty_data_max, 10% of RAM by default): the write returns from memory.
        // Synchronous writes also go through the intent log (Workload::sync_writes: ZIL,
        // add_zil_write). (A controller's write_back_cache setting does not change this.)
        return true;
    }
    if (!system.write_back_cache) {
        return false;
    }
    const auto& c = system.controller;
    // Host RAID drivers (Intel RST/Matrix) cache RAID volumes in host RAM (not pass-through
    // single drives); hardware RAID needs cache memory.
    const bool raid_volume = make_geometry(system.layout).drives > 1;
    return (c.kind == ControllerKind::HostRaid && raid_volume) ||
           (c.kind == ControllerKind::HardwareRaid && c.cache_bytes > 0.0);
}

bool uses_write_back(const System& system, const Workload& workload) {
    if (!workload.sync_writes || is_zfs(system.layout.level)) {
        return uses_write_back(system);
    }
    // Only a cache safe across power loss may acknowledge a synchronous write.
    return uses_write_back(system) && system.controller.kind == ControllerKind::HardwareRaid &&
           system.controller.battery_backed;
}

bool uses_drive_write_cache(const System& system, const Workload& workload) {
    if (workload.sync_writes && !is_zfs(system.layout.level)) {
        return false;  // every write is forced to the media (REQ_FUA or a flush)
    }
    return uses_drive_write_cache(system);
}

double write_back_dirty_limit_bytes(const System& system, const Workload& workload) {
    if (is_zfs(system.layout.level) || !uses_write_back(system, workload) ||
        system.controller.kind != ControllerKind::HardwareRaid) {
        return 0.0;
    }
    return kWriteBackDirtyShare * std::max(0.0, system.controller.cache_bytes);
}

bool write_back_overwrites(const System& system, const Workload& workload) {
    const double working_set = working_set_bytes(system, workload.span_fraction);
    return workload.read_fraction < 1.0 && workload.sequential_fraction < 1.0 &&
           workload.unit == Workload::Unit::Request && working_set > 0.0 &&
           write_back_dirty_limit_bytes(system, workload) >= 0.005 * working_set;
}

double write_back_overwrite_share(const System& system, const Workload& workload,
                                  double write_requests_per_s) {
    return write_back_hold(system, workload, write_requests_per_s).absorbed_share;
}

bool write_back_gathers(const System& system, const Workload& workload) {
    return system.drive.kind == DriveKind::Hdd && !is_zfs(system.layout.level) &&
           system.layout.failed_drives == 0 && system.layout.rebuild_rate_fraction <= 0.0 &&
           write_back_overwrites(system, workload);
}

WriteBackHold write_back_hold(const System& system, const Workload& workload,
                              double write_requests_per_s) {
    WriteBackHold out;
    const double x =
        write_requests_per_s * (1.0 - std::clamp(workload.sequential_fraction, 0.0, 1.0));
    if (!write_back_overwrites(system, workload) || !(x > 0.0)) {
        return out;
    }
    const double b = std::max(512.0, workload.size.mean_bytes());
    const double blocks = working_set_bytes(system, workload.span_fraction) / b;
    double per_row = 1.0;
    if (write_back_gathers(system, workload)) {
        const double row = gather_row_bytes(make_geometry(system.layout));
        per_row = std::clamp(std::floor(row / b), 1.0, std::max(1.0, blocks));
        if (per_row >= 2.0) {
            out.row_bytes = row;
        }
    }
    const double rows = blocks / per_row;
    const double lambda = x / rows;
    // derived (header): the dirty blocks held when rows stay tau.
    auto dirty = [&](double tau) {
        const double a = lambda * tau / per_row;
        const double spread = a > 1e-9 ? (1.0 - std::exp(-a)) / a : 1.0 - a / 2.0;
        const double mean_in_row = 1.0 + (per_row - 1.0) * (1.0 - spread);
        return rows * lambda * tau * mean_in_row / (1.0 + lambda * tau);
    };
    const double limit = write_back_dirty_limit_bytes(system, workload) / b;
    double tau = kWriteBackMaxDirtyAge_s;
    if (dirty(tau) > limit) {
        double lo = 0.0, hi = tau;
        for (int i = 0; i < 60; ++i) {
            const double mid = 0.5 * (lo + hi);
            (dirty(mid) > limit ? hi : lo) = mid;
        }
        tau = 0.5 * (lo + hi);
    }
    const double m = 1.0 + (per_row - 1.0) * (1.0 - std::exp(-lambda * tau / per_row));
    out.blocks_per_destage = m;
    out.absorbed_share = std::clamp(1.0 - m / (1.0 + lambda * tau), 0.0, 1.0);
    return out;
}

}  // namespace raidadv
