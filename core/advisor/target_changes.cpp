// What a candidate changes against today's pick (target_changes.h).

#include "advisor/target_changes.h"

#include <sstream>

namespace raidadv::advisor {

std::string level_display_name(RaidLevel level) {
    switch (level) {
        case RaidLevel::Simple:
            return "independent drives";
        case RaidLevel::Raid0:
            return "RAID 0";
        case RaidLevel::Raid1:
            return "RAID 1";
        case RaidLevel::Raid10:
            return "RAID 10";
        case RaidLevel::Raid01:
            return "RAID 0+1";
        case RaidLevel::Raid5:
            return "RAID 5";
        case RaidLevel::Raid6:
            return "RAID 6";
        case RaidLevel::Raid50:
            return "RAID 50";
        case RaidLevel::Raid60:
            return "RAID 60";
        case RaidLevel::ZfsMirror:
            return "ZFS mirrors";
        case RaidLevel::Raidz1:
            return "RAID-Z1";
        case RaidLevel::Raidz2:
            return "RAID-Z2";
        case RaidLevel::Raidz3:
            return "RAID-Z3";
        case RaidLevel::Draid1:
            return "dRAID1";
        case RaidLevel::Draid2:
            return "dRAID2";
        case RaidLevel::Draid3:
            return "dRAID3";
    }
    return "RAID";
}

namespace {

std::string drive_kind_name(DriveKind kind) {
    return kind == DriveKind::Hdd ? "HDD" : "SSD";
}

bool same_layout(const Layout& a, const Layout& b) {
    return a.level == b.level && a.drives == b.drives && a.volumes == b.volumes &&
           a.disks_per_span == b.disks_per_span && a.mirror_copies == b.mirror_copies &&
           a.placement == b.placement && a.stripe_unit_bytes == b.stripe_unit_bytes &&
           a.vdevs == b.vdevs && a.record_bytes == b.record_bytes;
}

}  // namespace

std::string change_kind(const System& today, const System& other) {
    const bool drive = today.drive.info.id != other.drive.info.id;
    const bool controller = today.controller.info.id != other.controller.info.id;
    const bool level = today.layout.level != other.layout.level;
    const int changed =
        static_cast<int>(drive) + static_cast<int>(controller) + static_cast<int>(level);
    if (changed > 1) {
        return "several changes";
    }
    if (drive) {
        return today.drive.kind == DriveKind::Hdd && other.drive.kind != DriveKind::Hdd
                   ? "SSDs"
                   : "other drives";
    }
    if (controller) {
        return "another controller";
    }
    if (level) {
        return "another RAID level";
    }
    if (other.total_drives() != today.total_drives()) {
        return other.total_drives() > today.total_drives() ? "more drives" : "fewer drives";
    }
    return same_layout(today.layout, other.layout) ? "today's pick" : "another layout";
}

std::vector<std::string> describe_changes(const System& today, const System& other) {
    std::vector<std::string> out;
    if (other.total_drives() != today.total_drives()) {
        out.push_back(std::to_string(other.total_drives()) + " drives instead of " +
                      std::to_string(today.total_drives()));
    }
    if (other.drive.info.id != today.drive.info.id) {
        out.push_back(other.drive.info.name + " (" + drive_kind_name(other.drive.kind) +
                      ") instead of " + today.drive.info.name + " (" +
                      drive_kind_name(today.drive.kind) + ")");
    }
    if (other.layout.level != today.layout.level) {
        out.push_back(level_display_name(other.layout.level) + " instead of " +
                      level_display_name(today.layout.level));
    }
    if (other.layout.volumes != today.layout.volumes) {
        out.push_back(std::to_string(other.layout.volumes) + " volumes instead of " +
                      std::to_string(today.layout.volumes));
    }
    if (is_striped(other.layout.level) && is_striped(today.layout.level) &&
        other.layout.stripe_unit_bytes != today.layout.stripe_unit_bytes) {
        std::ostringstream s;
        s << other.layout.stripe_unit_bytes / 1024.0 << " KiB stripe unit instead of "
          << today.layout.stripe_unit_bytes / 1024.0 << " KiB";
        out.push_back(s.str());
    }
    if (other.controller.info.id != today.controller.info.id) {
        std::string c = "controller " + other.controller.info.name;
        if (other.write_back_cache && !today.write_back_cache) {
            c += " (battery-backed write cache)";
        }
        out.push_back(c + " instead of " + today.controller.info.name);
    }
    return out;
}

}  // namespace raidadv::advisor
