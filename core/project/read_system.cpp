// "systems[i]": components, layout, and the checks that need several of them together.

#include <algorithm>
#include <cctype>
#include <cmath>

#include "project/keys.h"
#include "project/sections.h"
#include "units/units.h"

namespace raidadv::project_detail {
namespace {

namespace k = project_keys::system;

/// Stand-ins for components the file leaves out: no limit, no cost, no overhead.
ControllerSpec unlimited_controller() {
    ControllerSpec c;
    c.info.name = "controller (not modelled)";
    c.info.source = kNotModelled;
    c.kind = ControllerKind::Hba;
    c.ports = kMaxTotalDrives;
    c.max_iops = 1e12;
    c.max_bandwidth_Bps = 1e15;
    return c;
}

LinkSpec unlimited_link(const char* name) {
    LinkSpec l;
    l.info.name = name;
    l.info.source = kNotModelled;
    l.bandwidth_Bps = 1e15;
    l.command_overhead_s = 0.0;
    l.shared = false;
    l.max_devices = kMaxDrivesPerVolume;
    return l;
}

HostSpec zero_overhead_host() {
    HostSpec h;
    h.info.name = "host (not modelled)";
    h.info.source = kNotModelled;
    h.per_request_overhead_s = 0.0;
    h.per_file_overhead_s = 0.0;
    h.metadata_reads_per_file = 0.0;
    h.max_io_bytes = units::GiB;
    h.raid_cpu_per_io_s = 0.0;
    h.parity_cpu_Bps = 1e15;
    return h;
}

/// "RAID 0+1" / "raid10" / "10" -> "01" / "10" / "10".
std::string level_token(std::string text) {
    std::string token;
    for (char c : text) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (std::isdigit(static_cast<unsigned char>(c))) {
            token += c;
        }
    }
    return token;
}

std::string level_token(RaidLevel level) {
    return level_token(std::string(to_string(level)));
}

/// Whether the controller can build `level` (simple volumes need no RAID support; an HBA leaves
/// RAID to host software, which can build any level).
bool controller_supports(const ControllerSpec& c, RaidLevel level) {
    if (level == RaidLevel::Simple || c.kind == ControllerKind::Hba || c.levels.empty()) {
        return true;
    }
    const std::string wanted = level_token(level);
    std::string item;
    for (std::size_t i = 0; i <= c.levels.size(); ++i) {
        if (i == c.levels.size() || c.levels[i] == ',' || c.levels[i] == ';') {
            if (level_token(item) == wanted) {
                return true;
            }
            item.clear();
        } else {
            item += c.levels[i];
        }
    }
    return false;
}

void cross_check(ObjectReader& r, const System& s, bool controller_given) {
    const int total = s.total_drives();
    if (s.drives_per_link > s.drive_link.max_devices) {
        r.problem(k::drives_per_link, "'" + s.drive_link.info.name + "' carries at most " +
                                          std::to_string(s.drive_link.max_devices) +
                                          " device(s), got drives_per_link " +
                                          std::to_string(s.drives_per_link));
    }
    if (!controller_given) {
        return;
    }
    const int links = (total + s.drives_per_link - 1) / std::max(1, s.drives_per_link);
    if (links > s.controller.ports) {
        r.problem(k::controller, "'" + s.controller.info.name + "' has " +
                                     std::to_string(s.controller.ports) + " ports, but " +
                                     std::to_string(total) + " drives at " +
                                     std::to_string(s.drives_per_link) + " per link need " +
                                     std::to_string(links));
    }
    if (!controller_supports(s.controller, s.layout.level)) {
        r.problem(k::controller, "'" + s.controller.info.name + "' supports RAID levels " +
                                     s.controller.levels + ", not " +
                                     std::string(to_string(s.layout.level)));
    }
    if (s.layout.level == RaidLevel::Raid10 && s.layout.placement != CopyPlacement::Near &&
        s.controller.kind == ControllerKind::HardwareRaid) {
        r.problem(k::layout, "placement \"" + std::string(to_string(s.layout.placement)) +
                                 "\" is Linux md's (host software RAID); '" +
                                 s.controller.info.name +
                                 "' builds RAID 10 itself, with the copies near: use \"near\" "
                                 "or an HBA");
    }
    const ControllerSpec& c = s.controller;
    const double unit = s.layout.stripe_unit_bytes;
    if (is_striped(s.layout.level) && ((c.min_stripe_bytes > 0.0 && unit < c.min_stripe_bytes) ||
                                       (c.max_stripe_bytes > 0.0 && unit > c.max_stripe_bytes))) {
        auto kib = [](double bytes) { return std::to_string(std::lround(bytes / 1024.0)); };
        const std::string offered =
            c.min_stripe_bytes > 0.0 && c.max_stripe_bytes > 0.0
                ? kib(c.min_stripe_bytes) + " to " + kib(c.max_stripe_bytes) + " KiB"
            : c.min_stripe_bytes > 0.0 ? kib(c.min_stripe_bytes) + " KiB and more"
                                       : "up to " + kib(c.max_stripe_bytes) + " KiB";
        r.problem(k::layout, "stripe unit " + kib(unit) + " KiB is not one '" + c.info.name +
                                 "' offers (" + offered + "); set layout.stripe_kib within that");
    }
}

/// `log`: a ZFS pool's separate log devices, SSDs, one or two (a mirror).
void read_zfs_log(const json& value, const std::string& path, System& s, const Catalog& catalog,
                  Issues& issues) {
    namespace l = project_keys::zfs_log;
    ObjectReader r(value, path, issues, {l::drive, l::count},
                   "an object like {\"drive\": \"<catalog SSD id>\", \"count\": 2}");
    if (!r.valid()) {
        return;
    }
    if (!is_zfs(s.layout.level)) {
        issues.add(path,
                   "separate log devices apply to ZFS pools only (levels zfs-mirror, "
                   "raidz1-3, draid1-3), not " +
                       std::string(to_string(s.layout.level)));
        return;
    }
    s.log.count = 1;
    r.integer(l::count, 1, 2, s.log.count);
    if (const json* v = r.find(l::drive)) {
        if (auto drive = read_drive(*v, r.key_path(l::drive), catalog, issues)) {
            if (drive->kind != DriveKind::Ssd) {
                r.problem(l::drive, "a log device is modelled on SSDs only; '" + drive->info.name +
                                        "' is an HDD");
            }
            s.log.drive = std::move(*drive);
        }
    } else {
        r.missing(l::drive, "the log device: a catalog SSD id or an inline drive object");
    }
}

}  // namespace

System read_system(const json& value, const std::string& path, const Catalog& catalog,
                   Issues& issues) {
    System s;
    ObjectReader r(
        value, path, issues,
        {k::name, k::description, k::drive, k::layout, k::controller, k::write_back_cache,
         k::drive_write_cache, k::ssd_state, k::controller_read_ahead, k::drive_link,
         k::drives_per_link, k::host_link, k::host, k::log},
        "a system object");
    if (!r.valid()) {
        return s;
    }
    const std::size_t issues_before = issues.count();
    std::string ignored;
    r.text(k::name, s.name, kMaxNameLength, Need::Required);
    r.text(k::description, ignored, kMaxDescriptionLength, Need::Optional, true);

    bool drive_ok = false;
    if (const json* v = r.find(k::drive)) {
        if (auto drive = read_drive(*v, r.key_path(k::drive), catalog, issues)) {
            s.drive = std::move(*drive);
            drive_ok = true;
        }
    } else {
        r.missing(k::drive, "a catalog id or an inline drive object");
    }
    if (const json* v = r.find(k::layout)) {
        s.layout = read_layout(*v, r.key_path(k::layout), issues);
    } else {
        r.missing(k::layout, "e.g. {\"level\": \"raid5\", \"drives\": 4}");
    }

    const json* controller = r.find(k::controller);
    s.controller = unlimited_controller();
    if (controller != nullptr) {
        if (auto c = read_controller(*controller, r.key_path(k::controller), catalog, issues)) {
            s.controller = std::move(*c);
        }
    }
    r.boolean(k::write_back_cache, s.write_back_cache);
    std::string drive_cache = "auto";
    if (r.choice(k::drive_write_cache, {"auto", "on", "off"}, drive_cache)) {
        s.drive_write_cache = drive_cache == "on"    ? DriveWriteCache::On
                              : drive_cache == "off" ? DriveWriteCache::Off
                                                     : DriveWriteCache::Auto;
    }
    std::string ssd_state = "steady";
    if (r.choice(k::ssd_state, {"steady", "fresh"}, ssd_state)) {
        s.ssd_state = ssd_state == "fresh" ? SsdState::Fresh : SsdState::Steady;
    }
    std::string read_ahead = "adaptive";
    if (r.choice(k::controller_read_ahead, {"adaptive", "always", "none"}, read_ahead)) {
        s.controller_read_ahead = read_ahead == "always" ? ControllerReadAhead::Always
                                  : read_ahead == "none" ? ControllerReadAhead::None
                                                         : ControllerReadAhead::Adaptive;
    }

    s.drive_link = unlimited_link("drive link (not modelled)");
    if (const json* v = r.find(k::drive_link)) {
        if (auto link = read_link(*v, r.key_path(k::drive_link), catalog, issues)) {
            s.drive_link = std::move(*link);
        }
    } else if (drive_ok && !s.drive.interface.empty()) {
        // Default: the link the drive's datasheet names, if the catalog has it.
        if (auto link = catalog.link(s.drive.interface)) {
            s.drive_link = std::move(*link);
        }
    }
    r.integer(k::drives_per_link, 1, kMaxDrivesPerVolume, s.drives_per_link);
    s.host_link = unlimited_link("host link (not modelled)");
    if (const json* v = r.find(k::host_link)) {
        if (auto link = read_link(*v, r.key_path(k::host_link), catalog, issues)) {
            s.host_link = std::move(*link);
        }
    }
    s.host = zero_overhead_host();
    if (const json* v = r.find(k::host)) {
        if (auto host = read_host(*v, r.key_path(k::host), catalog, issues)) {
            s.host = std::move(*host);
        }
    }
    if (const json* v = r.find(k::log)) {
        read_zfs_log(*v, r.key_path(k::log), s, catalog, issues);
    }
    if (issues.count() == issues_before) {
        cross_check(r, s, controller != nullptr);
    }
    return s;
}

}  // namespace raidadv::project_detail
