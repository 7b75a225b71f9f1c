#include "system/raid_software.h"

#include <sstream>
#include <string>

#include "layout/geometry.h"

namespace raidadv {

namespace {

bool host_lists(const HostSpec& host, const char* a, const char* b = nullptr) {
    std::istringstream in(host.raid_software);
    std::string name;
    while (std::getline(in, name, ',')) {
        if (name == a || (b != nullptr && name == b)) {
            return true;
        }
    }
    return false;
}

bool host_builds_with_md(const HostSpec& host) {
    return host_lists(host, "md", "synology-shr");
}

}  // namespace

bool linux_md(const System& system) {
    const ControllerSpec& c = system.controller;
    if (c.kind == ControllerKind::HardwareRaid || make_geometry(system.layout).drives <= 1 ||
        is_zfs(system.layout.level)) {
        return false;  // (a ZFS pool is ZFS's own RAID, not md)
    }
    return c.chunk_split ||
           (c.kind == ControllerKind::Hba && c.levels.empty() && host_builds_with_md(system.host));
}

bool md_stripe_thread(const System& system, bool write) {
    if (!linux_md(system)) {
        return false;
    }
    const Geometry g = make_geometry(system.layout);
    return g.parity_per_group > 0 && (write || g.failed_drives > 0);
}

bool host_runs_zfs(const HostSpec& host) {
    return host_lists(host, "zfs");
}

}  // namespace raidadv
