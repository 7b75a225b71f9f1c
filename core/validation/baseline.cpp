#include "validation/baseline.h"

#include "layout/geometry.h"

namespace raidadv::validation {

double rule_of_thumb_drive_iops(const DriveSpec& drive) {
    if (drive.kind == DriveKind::Ssd) {
        return drive.ssd.random_read_iops;
    }
    // Calculator convention: IOPS = 1 / (average seek + average rotational latency).
    return 1.0 / (drive.hdd.seek_average_s + 0.5 * 60.0 / drive.hdd.rpm);
}

double rule_of_thumb_drive_rate(const DriveSpec& drive) {
    return drive.kind == DriveKind::Ssd ? drive.ssd.seq_read_Bps : drive.hdd.media_rate_outer_Bps;
}

int write_penalty(const Layout& layout) {
    return small_write_ios(make_geometry(layout));
}

double baseline_iops(const System& system, double read_fraction) {
    const double n = system.total_drives();
    const double penalty = write_penalty(system.layout);
    return n * rule_of_thumb_drive_iops(system.drive) /
           (read_fraction + penalty * (1.0 - read_fraction));
}

double baseline_bytes_per_s(const System& system) {
    return system.total_drives() * rule_of_thumb_drive_rate(system.drive);
}

}  // namespace raidadv::validation
