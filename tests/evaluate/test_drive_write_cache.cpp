// The drives' own write cache (WCE): who turns it on, and what it does to random writes.
#include <catch2/catch.hpp>

#include "evaluate/evaluator.h"
#include "fixtures.h"
#include "system/write_cache.h"

using namespace raidadv;

namespace {

/// Ou 2007's hardware inline: Barracuda 7200.9-class drives on an ICH8R-like host RAID
/// (write-back cache in host RAM for RAID volumes, none for a pass-through single drive).
System ou_like(RaidLevel level, int drives) {
    System s = test::plain_system(test::hdd_7200(), level, drives);
    s.controller.kind = ControllerKind::HostRaid;
    s.write_back_cache = true;
    return s;
}

double iops(const System& s, const Workload& w, std::size_t i) {
    return evaluate(s, w).points.at(i).iops;
}

}  // namespace

SCENARIO("Who turns the drives' write caches on") {
    System s = test::plain_system(test::hdd_7200(), RaidLevel::Raid0, 1);
    CHECK(uses_drive_write_cache(s));  // plain HBA: the drive keeps its default
    s.controller.kind = ControllerKind::HostRaid;
    CHECK(uses_drive_write_cache(s));
    s.controller.kind = ControllerKind::HardwareRaid;
    CHECK_FALSE(uses_drive_write_cache(s));  // the controller caches itself
    s.drive_write_cache = DriveWriteCache::On;
    CHECK(uses_drive_write_cache(s));
    s.controller.kind = ControllerKind::Hba;
    s.drive_write_cache = DriveWriteCache::Off;
    CHECK_FALSE(uses_drive_write_cache(s));
    s.drive_write_cache = DriveWriteCache::Auto;
    s.drive.hdd.cache_bytes = 0.0;
    CHECK_FALSE(uses_drive_write_cache(s));  // no buffer
    CHECK_FALSE(uses_drive_write_cache(test::plain_system(test::ssd_sata(), RaidLevel::Raid0, 1)));
}

SCENARIO("A single drive writes randomly faster with its write cache on") {
    System off = test::plain_system(test::hdd_7200(), RaidLevel::Simple, 1);
    off.drive_write_cache = DriveWriteCache::Off;
    System on = off;
    on.drive_write_cache = DriveWriteCache::On;
    const Workload w = test::request_workload(32768, 0.0, 0.0, {1, 4, 16, 64});
    const Evaluation e_off = evaluate(off, w);
    const Evaluation e_on = evaluate(on, w);
    for (std::size_t i = 0; i < w.concurrency.size(); ++i) {
        INFO("QD " << w.concurrency[i] << ": off " << e_off.points[i].iops << ", on "
                   << e_on.points[i].iops << " IOPS");
        // The drive picks the quickest of up to 512 buffered writes instead of its NCQ queue.
        CHECK(e_on.points[i].iops > 1.2 * e_off.points[i].iops);
        CHECK(e_on.points[i].mean_response_s > 0.0);
        CHECK(e_on.points[i].bottleneck == "drives");
    }
    THEN("reads are not changed by it") {
        const Workload r = test::request_workload(32768, 1.0, 0.0, {4});
        CHECK(iops(on, r, 0) == Approx(iops(off, r, 0)));
    }
}

SCENARIO("Ou 2007: RAID 5 random writes fall below a single drive with its write cache") {
    // The read half of read-modify-write must reach the media; only the single drive's writes
    // (and the parity update's write half) are absorbed and reordered by the drives' caches.
    const Workload w = test::request_workload(32768, 0.0, 0.0, {4, 16, 64});
    const System raid5 = ou_like(RaidLevel::Raid5, 4);
    const System single = ou_like(RaidLevel::Simple, 1);
    const System pairs = [] {
        System s = ou_like(RaidLevel::Raid1, 2);
        s.layout.volumes = 2;
        return s;
    }();
    for (std::size_t i = 0; i < w.concurrency.size(); ++i) {
        const double r5 = iops(raid5, w, i), one = iops(single, w, i), p = iops(pairs, w, i);
        INFO("QD " << w.concurrency[i] << ": RAID 5 " << r5 << ", single " << one << ", pairs " << p
                   << " IOPS");
        CHECK(r5 < one);
        CHECK(p > r5);
    }
}
