#pragma once
// A storage system to evaluate: drives, layout, controller, links, host. Shared vocabulary of the
// evaluator, the simulator, cost and the advisor (core/system: no model code here).

#include <string>

#include "components/specs.h"
#include "layout/layout.h"

namespace raidadv {

/// Whether the drives' own write caches (ATA/SCSI WCE) are on.
enum class DriveWriteCache {
    Auto,  ///< on, except behind a hardware RAID controller (system/write_cache.h)
    On,
    Off
};

/// A hardware RAID controller's read policy for the volume (system/read_cache.h,
/// controller_reads_ahead): Dell OpenManage Server Administrator User's Guide, "Read Policy".
enum class ControllerReadAhead {
    Adaptive,  ///< read ahead once the two most recent reads were sequential (Dell's default)
    Always,    ///< "Read Ahead": every read
    None       ///< "No Read Ahead"
};

/// The condition of a system's SSDs, which sets their write rates (components/ssd_model.h).
enum class SsdState {
    Steady,  ///< in service: past their SLC write cache and cleaning (the default)
    Fresh    ///< fresh out of the box or purged: the data sheet's burst write rates
};

/// A ZFS pool's separate intent-log devices (SLOG: `zpool create ... log [mirror] ...`).
struct ZfsLog {
    DriveSpec drive;  ///< the log device (an SSD)
    int count = 0;    ///< 0 = none (the log lives in the pool's vdevs), 1, or 2 (a mirror)
};

struct System {
    std::string name;
    DriveSpec drive;
    Layout layout;
    ControllerSpec controller;
    bool write_back_cache = true;  ///< use the controller's write-back cache if it has one
    DriveWriteCache drive_write_cache = DriveWriteCache::Auto;  ///< HDD write cache (WCE)
    SsdState ssd_state = SsdState::Steady;  ///< SSD data drives: steady or fresh writes
    /// The hardware RAID controller's read policy (only where it has cache memory).
    ControllerReadAhead controller_read_ahead = ControllerReadAhead::Adaptive;
    LinkSpec drive_link;      ///< what each drive attaches with (bus or lane)
    int drives_per_link = 1;  ///< drives sharing one drive_link (SCSI bus); 1 for SATA/SAS lanes
    LinkSpec host_link;       ///< controller to host (PCIe, FC, DMI)
    HostSpec host;
    ZfsLog log;  ///< ZFS pools only: separate log devices for synchronous writes

    /// Drives in all, the log devices included.
    int all_drives() const { return total_drives() + log.count; }

    int total_drives() const { return layout.drives * layout.volumes; }
};

}  // namespace raidadv
