#include "system/raid_software.h"

#include <string_view>

#include "layout/geometry.h"

namespace raidadv {

namespace {

/// Whether the host's comma-separated RAID software list names `a` (or `b`). (Split by hand:
/// the model asks this for every drive visit it builds, and a string stream costs a locale.)
bool host_lists(const HostSpec& host, std::string_view a, std::string_view b = {}) {
    std::string_view rest = host.raid_software;
    while (true) {
        const std::size_t comma = rest.find(',');
        const std::string_view name = rest.substr(0, comma);
        if (name == a || (!b.empty() && name == b)) {
            return true;
        }
        if (comma == std::string_view::npos) {
            return false;
        }
        rest.remove_prefix(comma + 1);
    }
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
