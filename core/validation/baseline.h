#pragma once
// The rule of thumb that online RAID calculators use, as the baseline the model must beat:
// IOPS = N x drive IOPS / (read fraction + write penalty x write fraction); MB/s = N x drive rate.

#include "system/system.h"

namespace raidadv::validation {

/// Random IOPS of one drive as calculators take it: 1 / (average seek + half a revolution) for
/// a disk, the datasheet random read IOPS for an SSD.
double rule_of_thumb_drive_iops(const DriveSpec& drive);
/// Sequential rate of one drive as calculators take it: the datasheet sustained (outer) rate.
double rule_of_thumb_drive_rate(const DriveSpec& drive);
/// Disk writes per user write: 1 (raid0, simple), copies (mirrors), 4 (raid5/50), 6 (raid6/60).
int write_penalty(const Layout& layout);
/// N x drive IOPS / (read fraction + penalty x write fraction), N = all drives of all volumes.
double baseline_iops(const System& system, double read_fraction);
/// N x drive rate, in bytes per second.
double baseline_bytes_per_s(const System& system);

}  // namespace raidadv::validation
