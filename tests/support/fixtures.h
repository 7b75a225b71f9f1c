#pragma once
// Inline hardware for tests that must not depend on the catalog's contents.

#include "system/system.h"
#include "workload/workload.h"

namespace raidadv::test {

/// A 7200 rpm SATA drive with round datasheet-like figures (Barracuda 7200.9 class).
inline DriveSpec hdd_7200() {
    DriveSpec d;
    d.info.name = "test 7200 rpm HDD";
    d.info.price_usd = 100.0;
    d.kind = DriveKind::Hdd;
    d.capacity_bytes = 500e9;
    d.hdd.rpm = 7200.0;
    d.hdd.seek_track_to_track_s = 0.8e-3;
    d.hdd.seek_average_s = 11e-3;
    d.hdd.seek_full_stroke_s = 21e-3;
    d.hdd.media_rate_outer_Bps = 72e6;
    d.hdd.media_rate_inner_Bps = 40e6;
    d.hdd.command_overhead_s = 0.3e-3;
    d.hdd.cache_bytes = 16.0 * 1024 * 1024;
    d.hdd.cache_segments = 16;
    d.hdd.queue_depth = 32;
    return d;
}

/// A SATA SSD with round figures (870 EVO class).
inline DriveSpec ssd_sata() {
    DriveSpec d;
    d.info.name = "test SATA SSD";
    d.info.price_usd = 80.0;
    d.kind = DriveKind::Ssd;
    d.capacity_bytes = 1e12;
    d.ssd.read_latency_s = 90e-6;
    d.ssd.write_latency_s = 30e-6;
    d.ssd.seq_read_Bps = 560e6;
    d.ssd.seq_write_Bps = 530e6;
    d.ssd.random_read_iops = 98000;
    d.ssd.random_write_iops = 88000;
    return d;
}

/// A plain system: HBA, one SATA 3 Gb/s lane per drive, generous host link, 4-core host.
inline System plain_system(DriveSpec drive, RaidLevel level, int drives, int volumes = 1) {
    System s;
    s.name = "test system";
    s.drive = std::move(drive);
    s.layout.level = level;
    s.layout.drives = drives;
    s.layout.volumes = volumes;
    s.layout.stripe_unit_bytes = 64.0 * 1024;
    s.controller.kind = ControllerKind::Hba;
    s.controller.max_iops = 1e6;
    s.controller.max_bandwidth_Bps = 8e9;
    s.write_back_cache = false;
    s.drive_link.bandwidth_Bps = 300e6;
    s.drive_link.command_overhead_s = 0.0;
    s.host_link.bandwidth_Bps = 4e9;
    s.host.cpu_cores = 4;
    s.host.per_request_overhead_s = 0.0;
    s.host.raid_cpu_per_io_s = 0.0;
    return s;
}

/// `drives` 7200 rpm drives at `level` behind a hardware RAID controller with `cache_bytes` of
/// cache (100,000 commands/s, 2 GB/s), 20 us of host path per request.
inline System caching_raid(RaidLevel level, int drives, double cache_bytes) {
    System s = plain_system(hdd_7200(), level, drives);
    s.controller.kind = ControllerKind::HardwareRaid;
    s.controller.cache_bytes = cache_bytes;
    s.controller.max_iops = 1e5;
    s.controller.max_bandwidth_Bps = 2e9;
    s.host.per_request_overhead_s = 20e-6;
    return s;
}

/// A ZFS pool of `vdevs` vdevs of `per_vdev` 7200 rpm drives on the plain system above.
inline System zfs_pool(RaidLevel level, int per_vdev, int vdevs, double record_bytes) {
    System s = plain_system(hdd_7200(), level, per_vdev * vdevs);
    s.layout.vdevs = vdevs;
    s.layout.record_bytes = record_bytes;
    return s;
}

inline Workload request_workload(double bytes, double read_fraction, double sequential,
                                 std::vector<int> concurrency) {
    Workload w;
    w.name = "test workload";
    w.size.kind = SizeDistribution::Kind::Fixed;
    w.size.fixed_bytes = bytes;
    w.read_fraction = read_fraction;
    w.sequential_fraction = sequential;
    w.concurrency = std::move(concurrency);
    return w;
}

}  // namespace raidadv::test
