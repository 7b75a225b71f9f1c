#pragma once
// The stages around the drives: host CPU, controller and host link per OS request, and the
// drive link per phase of disk I/Os, as queueing visits.

#include "evaluate/drive_access.h"
#include "evaluate/os_request.h"
#include "queueing/network.h"
#include "system/system.h"

namespace raidadv {

/// A visit of fixed service `seconds`, `count` times per job.
inline queueing::Visit simple_visit(int station, double seconds, double count) {
    queueing::Visit v;
    v.station = station;
    v.count = count;
    v.service.parts.fixed_s = seconds;
    return v;
}

/// What one OS request asks of the host and the controller.
struct HostWork {
    double ops = 0.0;            ///< disk I/Os as the RAID layer issues them (each cluster mapped)
    double pieces = 0.0;         ///< pieces a chunk-splitting RAID layer handles (md)
    double disk_bytes = 0.0;     ///< bytes moved to or from the drives
    double cpu_s = 0.0;          ///< host CPU: OS path, and software RAID's per-I/O work and XOR
    double raid_thread_s = 0.0;  ///< md's stripe thread (raid5d): its per-page work and XOR
    double controller_s = 0.0;   ///< controller: commands, data path, parity engine
};

/// The host and controller work of `r`; `software_raid`: the host runs the RAID layer.
HostWork host_work(const System& sys, bool software_raid, const OsRequest& r);

/// The host-link visit of `r` (overlapped with the drives' transfers): hardware RAID moves the
/// user data once, host or software RAID every disk I/O.
queueing::Visit host_link_visit(int station, const System& sys, bool software_raid,
                                const OsRequest& r, const HostWork& work, double count);

/// The drive-link visit of one phase: each disk I/O's transfer over its lane or bus, pipelined
/// with the media; `drive_cache`: HDD writes are acknowledged from the drive's write cache.
queueing::Visit drive_link_visit(int station, const System& sys, int links, const DriveAccess& a,
                                 bool drive_cache);

}  // namespace raidadv
