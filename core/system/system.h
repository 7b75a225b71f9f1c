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

struct System {
    std::string name;
    DriveSpec drive;
    Layout layout;
    ControllerSpec controller;
    bool write_back_cache = true;  ///< use the controller's write-back cache if it has one
    DriveWriteCache drive_write_cache = DriveWriteCache::Auto;  ///< HDD write cache (WCE)
    LinkSpec drive_link;      ///< what each drive attaches with (bus or lane)
    int drives_per_link = 1;  ///< drives sharing one drive_link (SCSI bus); 1 for SATA/SAS lanes
    LinkSpec host_link;       ///< controller to host (PCIe, FC, DMI)
    HostSpec host;

    int total_drives() const { return layout.drives * layout.volumes; }
};

}  // namespace raidadv
