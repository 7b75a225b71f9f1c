#include "system/write_cache.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "layout/geometry.h"
#include "system/read_cache.h"
#include "units/units.h"

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

bool write_back_sorts(const System& system, const Workload& workload) {
    return system.drive.kind == DriveKind::Hdd && !is_zfs(system.layout.level) &&
           system.controller.kind == ControllerKind::HardwareRaid &&
           write_back_dirty_limit_bytes(system, workload) > 0.0 && workload.read_fraction < 1.0 &&
           workload.sequential_fraction < 1.0 && workload.unit == Workload::Unit::Request &&
           working_set_bytes(system, workload.span_fraction) > 0.0;
}

WriteBackHold write_back_hold(const System& system, const Workload& workload,
                              double write_requests_per_s) {
    WriteBackHold out;
    const double x =
        write_requests_per_s * (1.0 - std::clamp(workload.sequential_fraction, 0.0, 1.0));
    const bool overwrites = write_back_overwrites(system, workload);
    if (!(overwrites || write_back_sorts(system, workload)) || !(x > 0.0)) {
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
    // derived: a row holds dirty blocks with probability lambda tau / (1 + lambda tau) (its
    // first write starts a stay of tau; rows are written at lambda): that many destages wait.
    out.pending_destages = rows * lambda * tau / (1.0 + lambda * tau);
    if (!overwrites) {
        return out;  // (below 0.5% of the working set the overwrites are not counted)
    }
    const double m = 1.0 + (per_row - 1.0) * (1.0 - std::exp(-lambda * tau / per_row));
    out.blocks_per_destage = m;
    out.absorbed_share = std::clamp(1.0 - m / (1.0 + lambda * tau), 0.0, 1.0);
    return out;
}

namespace {

/// How a degraded volume's writes of `bytes` meet its drives: the surviving drives one write
/// touches (any phase: the reads of read-modify-write or reconstruct-write and the writes), the
/// mean over one mapping period (mapping_period_samples), and the drives any of them touch (a
/// RAID 0+1's failed side takes none). derived: map_write's degraded mapping
/// (layout/geometry.h), counted per request.
struct DegradedWrites {
    double touched = 1.0;
    double drives = 1.0;
};

DegradedWrites degraded_writes(const Geometry& g, double bytes) {
    const double block = std::clamp(bytes, units::sector, g.unit);
    const std::vector<double> offsets = mapping_period_samples(g, block, true);
    double sum = 0.0;
    std::vector<char> seen(static_cast<std::size_t>(std::max(1, g.drives)));
    std::vector<char> used(seen.size(), 0);
    for (const double offset : offsets) {
        std::fill(seen.begin(), seen.end(), 0);
        for (const auto& phase : map_write(g, offset, block).phases) {
            for (const auto& io : phase.ios) {
                if (io.disk >= 0 && io.disk < static_cast<int>(seen.size())) {
                    seen[static_cast<std::size_t>(io.disk)] = 1;
                    used[static_cast<std::size_t>(io.disk)] = 1;
                }
            }
        }
        sum += static_cast<double>(std::count(seen.begin(), seen.end(), 1));
    }
    return {sum / std::max<double>(1.0, static_cast<double>(offsets.size())),
            std::max(1.0, static_cast<double>(std::count(used.begin(), used.end(), 1)))};
}

}  // namespace

double write_back_destage_band(const System& system, const Workload& workload,
                               const WriteBackHold& hold) {
    if (!write_back_sorts(system, workload) || !(hold.pending_destages > 0.0)) {
        return 1.0;
    }
    const Geometry g = make_geometry(system.layout);
    // derived: a destage writes the distinct stripe units its m blocks fall in (m blocks at
    // random among a row's U data units: U (1 - (1 - 1/U)^m)), each on every copy, and the
    // group's parity.
    const double units = std::max(
        1.0, g.parity_per_group > 0 ? static_cast<double>(g.group_drives - g.parity_per_group)
                                    : static_cast<double>(g.drives) / std::max(1, g.copies));
    const double m = std::max(1.0, hold.blocks_per_destage);
    const double distinct = units * (1.0 - std::pow(1.0 - 1.0 / units, m));
    double touched = std::min(static_cast<double>(g.drives),
                              std::max(1, g.copies) * distinct + g.parity_per_group);
    // The destages of each volume (1 / volumes of those held) go to its drives; a degraded
    // volume's go to its surviving drives only, in the degraded mapping's numbers.
    double drives = static_cast<double>(g.drives);
    if (g.failed_drives > 0) {
        const DegradedWrites d = degraded_writes(g, workload.size.mean_bytes());
        drives = d.drives;
        touched = std::min(drives, d.touched + std::max(1, g.copies) * (distinct - 1.0));
    }
    const double per_drive =
        hold.pending_destages / std::max(1, g.volumes) * touched / std::max(1.0, drives);
    const double depth = std::max(1, system.drive.hdd.queue_depth);
    if (per_drive <= depth) {
        return 1.0;
    }
    // (on a grid of eight steps an octave, 9% apart, so that the write rate's fixed point and
    // the advisor's many candidates share positioning tables and networks: a 9% wider band
    // moves a positioning of a seek's minimum and a rotation's part by well under 1%)
    return std::min(1.0, std::exp2(std::round(8.0 * std::log2(depth / per_drive)) / 8.0));
}

}  // namespace raidadv
