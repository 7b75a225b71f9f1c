#pragma once
// Units: everything inside the core is SI (bytes, seconds, bytes per second). These constants
// convert the units people write (KiB, MB/s, ms) into SI at the edges (project files, catalog, UI).

namespace raidadv::units {

inline constexpr double kB = 1000.0;       // kilobyte (SI)
inline constexpr double MB = 1000.0 * kB;  // megabyte (SI); MB/s in reports is 10^6 bytes/s
inline constexpr double GB = 1000.0 * MB;
inline constexpr double TB = 1000.0 * GB;
inline constexpr double KiB = 1024.0;
inline constexpr double MiB = 1024.0 * KiB;
inline constexpr double GiB = 1024.0 * MiB;
inline constexpr double TiB = 1024.0 * GiB;

inline constexpr double ms = 1e-3;
inline constexpr double us = 1e-6;
inline constexpr double hour = 3600.0;
/// Hours in a year of 365.25 days, the year AFR (failure rate) and energy figures use.
inline constexpr double year_hours = 8766.0;

inline constexpr double sector = 512.0;  // bytes in a logical sector

/// Seconds per revolution of a spindle turning at `rpm`.
constexpr double revolution_time(double rpm) {
    return 60.0 / rpm;
}

}  // namespace raidadv::units
