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
    // A chunk-splitting row is md where the host may run md; on a host whose software is
    // another (Windows' Storage Spaces) the same ports carry that software's RAID instead.
    return (c.chunk_split && host_offers_md(system.host)) ||
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

std::string_view appliance_software(const HostSpec& host) {
    if (host_lists(host, "synology-shr")) {
        return "synology-shr";
    }
    return host_lists(host, "qnap-qts") ? "qnap-qts" : "";
}

double appliance_chunk_bytes(const HostSpec& host, const ControllerSpec& controller) {
    constexpr double kApplianceChunkBytes = 64.0 * 1024.0;  // (header: users' /proc/mdstat)
    return controller.kind == ControllerKind::Hba && !appliance_software(host).empty()
               ? kApplianceChunkBytes
               : 0.0;
}

std::string appliance_array_name(const HostSpec& host, const ControllerSpec& controller) {
    if (!controller.info.costs_nothing() || host.raid_software.empty()) {
        return "";  // (cheap tests first: the search names many candidates)
    }
    const std::string_view software = appliance_software(host);
    if (software.empty()) {
        return "";
    }
    return software == "synology-shr" ? "Synology DSM storage pool (md)"
                                      : "QNAP QTS storage pool (md)";
}

bool host_builds_md_layouts(const HostSpec& host) {
    // An appliance's storage manager builds its own levels over md, not md's placements.
    return host_offers_md(host) && appliance_software(host).empty();
}

bool host_is_truenas(const HostSpec& host) {
    return host_lists(host, "truenas");
}

bool host_takes_hardware_raid(const HostSpec& host) {
    const bool zfs_alone = host.raid_software == "zfs" || host_is_truenas(host);
    return !zfs_alone && appliance_software(host).empty();
}

bool host_offers_md(const HostSpec& host) {
    return host.raid_software.empty() || host_builds_with_md(host) || host_lists(host, "lvm");
}

bool storage_spaces_builds(RaidLevel level) {
    return level == RaidLevel::Raid0 || level == RaidLevel::Raid1 || level == RaidLevel::Raid10 ||
           level == RaidLevel::Raid5 || level == RaidLevel::Raid6;
}

bool host_builds_level(const HostSpec& host, RaidLevel level) {
    if (host.raid_software.empty() || level == RaidLevel::Simple) {
        return true;
    }
    if (is_zfs(level)) {
        return host_runs_zfs(host);
    }
    // (The classic levels are those of the appliances' storage managers too.)
    const bool classic = storage_spaces_builds(level);
    if (host_lists(host, "synology-shr")) {
        // Synology DSM's Storage Manager (Synology Knowledge Center, "Which RAID types does my
        // Synology NAS support?", as recalled): Basic, JBOD, RAID 0, 1, 5, 6, 10, F1, SHR;
        // no nested RAID 50, 60 or 0+1.
        return classic;
    }
    if (host_lists(host, "qnap-qts")) {
        // QNAP QTS's Storage & Snapshots (QNAP, "RAID types", as recalled): single, JBOD,
        // RAID 0, 1, 5, 6, 10, 50, 60 and TP; no 0+1.
        return classic || level == RaidLevel::Raid50 || level == RaidLevel::Raid60;
    }
    if (host_offers_md(host) || host_lists(host, "btrfs")) {
        return true;
    }
    return classic && host_lists(host, "storage-spaces");
}

namespace {

/// Whether Storage Spaces builds `layout` as a parity space on `host` over the plain drives
/// `controller` gives it (a host without md whose software lists it; RAID 5 and 6 are its
/// parity and dual parity; a hardware RAID controller builds its own).
bool storage_spaces_parity(const HostSpec& host, const ControllerSpec& controller,
                           const Layout& layout) {
    return controller.kind == ControllerKind::Hba &&
           (layout.level == RaidLevel::Raid5 || layout.level == RaidLevel::Raid6) &&
           !host_offers_md(host) && host_lists(host, "storage-spaces");
}

}  // namespace

std::string host_layout_problem(const HostSpec& host, const Layout& layout) {
    // Microsoft, Storage Spaces FAQ (as recalled): a dual-parity space needs at least seven
    // physical disks; a host whose RAID is Storage Spaces builds no smaller RAID 6.
    constexpr int kMinDualParityDisks = 7;
    if (layout.level == RaidLevel::Raid6 && layout.drives < kMinDualParityDisks &&
        !host_offers_md(host)) {
        return "Storage Spaces' dual parity needs at least 7 drives";
    }
    return "";
}

int parity_space_data_columns(const Layout& layout) {
    return layout.level == RaidLevel::Raid5   ? layout.drives - 1
           : layout.level == RaidLevel::Raid6 ? layout.drives - 2
                                              : 0;
}

double parity_space_max_interleave_bytes(const Layout& layout) {
    // A parity space writes whole stripes where one NTFS cluster is one stripe of data:
    // allocation unit = interleave x data columns (storagespaceswarstories.com, "Storage Spaces
    // and Slow Parity Performance", 2022: otherwise disk parity spaces write at 20-40 MB/s;
    // wasteofserver.com: 3 columns, 32 KB interleave, 64 KB clusters). Clusters are powers of
    // two up to 2 MiB (NTFS from Windows 10 1709 and Windows Server 2019; as recalled).
    constexpr double kMaxNtfsClusterBytes = 2.0 * 1024.0 * 1024.0;
    const int data = parity_space_data_columns(layout);
    return data > 0 && (data & (data - 1)) == 0 ? kMaxNtfsClusterBytes / data : 0.0;
}

double parity_space_cluster_bytes(const Layout& layout) {
    const double most = parity_space_max_interleave_bytes(layout);
    return most > 0.0 && layout.stripe_unit_bytes <= most
               ? layout.stripe_unit_bytes * parity_space_data_columns(layout)
               : 0.0;
}

int storage_spaces_data_columns(const HostSpec& host, const ControllerSpec& controller,
                                const Layout& layout) {
    return storage_spaces_parity(host, controller, layout) ? parity_space_data_columns(layout) : 0;
}

double storage_spaces_max_interleave_bytes(const HostSpec& host, const ControllerSpec& controller,
                                           const Layout& layout) {
    return storage_spaces_parity(host, controller, layout)
               ? parity_space_max_interleave_bytes(layout)
               : 0.0;
}

double storage_spaces_cluster_bytes(const HostSpec& host, const ControllerSpec& controller,
                                    const Layout& layout) {
    return storage_spaces_parity(host, controller, layout) ? parity_space_cluster_bytes(layout)
                                                           : 0.0;
}

bool is_md_software(const ControllerSpec& c) {
    if (!c.chunk_split) {
        return false;
    }
    std::string_view rest = c.drive_interfaces;
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        if (rest.substr(0, comma).rfind("pcie", 0) != 0) {
            return true;  // a bus other than CPU lanes
        }
        rest.remove_prefix(comma == std::string_view::npos ? rest.size() : comma + 1);
    }
    return false;
}

}  // namespace raidadv
