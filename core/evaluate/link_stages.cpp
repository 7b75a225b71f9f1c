#include "evaluate/link_stages.h"

#include <algorithm>

#include "components/hdd_model.h"
#include "system/drive_lane.h"
#include "system/raid_software.h"

namespace raidadv {

using queueing::Visit;

HostWork host_work(const System& sys, bool software_raid, const OsRequest& r) {
    HostWork w;
    // ops: the disk I/Os as the RAID layer issues them, each cluster of a window mapped on
    // its own (host_ios_per_io), as the simulator issues them (core/sim/engine_io.cpp).
    for (std::size_t i = 0; i < r.array.phases.size(); ++i) {
        const auto& phase = r.array.phases[i];
        w.ops += static_cast<double>(phase.ios.size()) * r.host_ios_per_io[i];
        w.pieces += phase.pieces;
        for (const auto& io : phase.ios) {
            w.disk_bytes += io.bytes;
        }
    }
    const HostSpec& host = sys.host;
    const ControllerSpec& ctl = sys.controller;
    // Host CPU: OS path per request; software/host RAID adds per-disk-I/O work and parity XOR.
    w.cpu_s = host.per_request_overhead_s * r.pieces;
    if (software_raid) {
        // Linux md pays its per-I/O work on every chunk piece (or parity page) before the block
        // layer merges them (system/raid_software.h; drivers/md/raid0.c, raid10.c, raid5.c),
        // parity stripes in its one stripe thread rather than the submitting one.
        const bool md = linux_md(sys);
        const double handled = md ? std::max(w.ops, w.pieces) : w.ops;
        const double raid_s =
            host.raid_cpu_per_io_s * handled + r.array.parity_bytes / host.parity_cpu_Bps;
        (md && md_stripe_thread(sys, r.write) ? w.raid_thread_s : w.cpu_s) += raid_s;
    }
    // Controller: command processing, data path, parity engine.
    w.controller_s =
        std::max(w.ops, 1.0 * r.pieces) / ctl.max_iops + w.disk_bytes / ctl.max_bandwidth_Bps;
    if (ctl.kind == ControllerKind::HardwareRaid && ctl.parity_Bps > 0.0) {
        w.controller_s += r.array.parity_bytes / ctl.parity_Bps;
    }
    return w;
}

Visit host_link_visit(int station, const System& sys, bool software_raid, const OsRequest& r,
                      const HostWork& work, double count) {
    const double link_bytes = software_raid ? work.disk_bytes : r.user_bytes;
    const double link_cmds = software_raid ? std::max(work.ops, 1.0 * r.pieces) : r.pieces;
    Visit hl = simple_visit(
        station,
        link_cmds * sys.host_link.command_overhead_s + link_bytes / sys.host_link.bandwidth_Bps,
        count);
    hl.overlapped = true;  // pipelined with the drives' transfers (adds only its excess)
    return hl;
}

Visit drive_link_visit(int station, const System& sys, int links, const DriveAccess& a,
                       bool drive_cache) {
    // derived: k transfers over min(k, links) links; those sharing a bus go one after another.
    const int k = a.fork;
    const int busy_links = std::min(k, links);
    const double per_link = static_cast<double>(k) / busy_links;
    const LinkSpec& link_spec = sys.drive_link;
    Visit link =
        simple_visit(station, per_link * drive_lane_command_s(sys, a.write, a.mean_bytes), a.count);
    link.fork = busy_links;
    if (busy_links == k) {
        // derived: with one transfer per link the fork's largest piece is the last to cross,
        // its extra over the mean piece at the link's rate (as the drives' in hdd_visit).
        link.service.fixed_max_extra_s = (a.max_bytes - a.mean_bytes) / link_spec.bandwidth_Bps;
    }
    link.overlapped = true;
    link.fed_by_previous = !a.write;  // read data leave the drive onto its link
    link.detached = a.detached;
    if (a.write && drive_cache && !a.detached) {
        // The write responds when the drive holds its data: the link transfer, then the
        // drive's command processing (the media work is the drive visit's destage).
        link.overlapped = false;
        link.service.parts.delay_s = hdd_command_overhead(sys.drive.hdd, true);
    }
    return link;
}

}  // namespace raidadv
