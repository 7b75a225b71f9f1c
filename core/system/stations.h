#pragma once
// Stable names of the components a request passes through: the analytic model's queueing
// stations and the simulator's, and the `utilization` keys of both results (PointMetrics).

namespace raidadv {

inline constexpr const char* kHostCpu = "host_cpu";
inline constexpr const char* kHostLink = "host_link";
inline constexpr const char* kController = "controller";
inline constexpr const char* kDriveLink = "drive_link";
inline constexpr const char* kDrives = "drives";
inline constexpr const char* kDriveBandwidth = "drive_bandwidth";  ///< SSD bandwidth stage
/// A ZFS pool's separate log devices (SLOG), one copy per device.
inline constexpr const char* kLogDevice = "log_device";
/// Linux md's stripe thread (raid5d): RAID 5 and 6 parity work, one thread (raid_software.h).
inline constexpr const char* kRaidThread = "raid_thread";
/// A block device's inode lock, which every lseek on the device takes (HostSpec::block_llseek_s),
/// one copy per volume; only where the workload seeks before each request.
inline constexpr const char* kDeviceLock = "device_lock";

}  // namespace raidadv
