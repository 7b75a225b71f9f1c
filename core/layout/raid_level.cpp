#include "layout/raid_level.h"

#include <algorithm>
#include <array>
#include <utility>

namespace raidadv {

namespace {
constexpr std::array<std::pair<RaidLevel, std::string_view>, 16> kNames{{
    {RaidLevel::Simple, "simple"},
    {RaidLevel::Raid0, "raid0"},
    {RaidLevel::Raid1, "raid1"},
    {RaidLevel::Raid10, "raid10"},
    {RaidLevel::Raid01, "raid01"},
    {RaidLevel::Raid5, "raid5"},
    {RaidLevel::Raid6, "raid6"},
    {RaidLevel::Raid50, "raid50"},
    {RaidLevel::Raid60, "raid60"},
    {RaidLevel::ZfsMirror, "zfs-mirror"},
    {RaidLevel::Raidz1, "raidz1"},
    {RaidLevel::Raidz2, "raidz2"},
    {RaidLevel::Raidz3, "raidz3"},
    {RaidLevel::Draid1, "draid1"},
    {RaidLevel::Draid2, "draid2"},
    {RaidLevel::Draid3, "draid3"},
}};
constexpr std::array<RaidLevel, 9> kAll{RaidLevel::Simple, RaidLevel::Raid0,  RaidLevel::Raid1,
                                        RaidLevel::Raid10, RaidLevel::Raid01, RaidLevel::Raid5,
                                        RaidLevel::Raid6,  RaidLevel::Raid50, RaidLevel::Raid60};
constexpr std::array<RaidLevel, 7> kZfs{RaidLevel::ZfsMirror, RaidLevel::Raidz1, RaidLevel::Raidz2,
                                        RaidLevel::Raidz3,    RaidLevel::Draid1, RaidLevel::Draid2,
                                        RaidLevel::Draid3};
constexpr std::array<std::pair<CopyPlacement, std::string_view>, 3> kPlacements{{
    {CopyPlacement::Near, "near"},
    {CopyPlacement::Far, "far"},
    {CopyPlacement::Offset, "offset"},
}};
}  // namespace

std::string_view to_string(CopyPlacement placement) {
    for (const auto& [p, name] : kPlacements) {
        if (p == placement) {
            return name;
        }
    }
    return "near";
}

std::optional<CopyPlacement> copy_placement_from_string(std::string_view name) {
    for (const auto& [p, n] : kPlacements) {
        if (n == name) {
            return p;
        }
    }
    return std::nullopt;
}

std::string_view to_string(MdBitmap bitmap) {
    switch (bitmap) {
        case MdBitmap::Internal:
            return "internal";
        case MdBitmap::None:
            return "none";
        case MdBitmap::Auto:
            break;
    }
    return "auto";
}

std::optional<MdBitmap> md_bitmap_from_string(std::string_view name) {
    for (MdBitmap b : {MdBitmap::Auto, MdBitmap::Internal, MdBitmap::None}) {
        if (to_string(b) == name) {
            return b;
        }
    }
    return std::nullopt;
}

std::string_view to_string(RaidLevel level) {
    for (const auto& [l, name] : kNames) {
        if (l == level) {
            return name;
        }
    }
    return "unknown";
}

std::optional<RaidLevel> raid_level_from_string(std::string_view name) {
    for (const auto& [l, n] : kNames) {
        if (n == name) {
            return l;
        }
    }
    if (name == "raid0+1") {
        return RaidLevel::Raid01;
    }
    if (name == "raid1+0") {
        return RaidLevel::Raid10;
    }
    if (name == "raidz") {  // zpool create's name for raidz1
        return RaidLevel::Raidz1;
    }
    if (name == "draid") {  // zpool create's name for draid1
        return RaidLevel::Draid1;
    }
    return std::nullopt;
}

const RaidLevel* all_raid_levels(std::size_t& count) {
    count = kAll.size();
    return kAll.data();
}

const RaidLevel* all_zfs_levels(std::size_t& count) {
    count = kZfs.size();
    return kZfs.data();
}

std::string raid_level_names() {
    std::string names;
    const auto add = [&names](RaidLevel level) {
        names += (names.empty() ? "\"" : ", \"") + std::string(to_string(level)) + "\"";
    };
    std::for_each(kAll.begin(), kAll.end(), add);
    std::for_each(kZfs.begin(), kZfs.end(), add);
    return names;
}

bool is_zfs(RaidLevel level) {
    return level == RaidLevel::ZfsMirror || is_raidz(level) || is_draid(level);
}

bool is_raidz(RaidLevel level) {
    return level == RaidLevel::Raidz1 || level == RaidLevel::Raidz2 || level == RaidLevel::Raidz3;
}

bool is_draid(RaidLevel level) {
    return level == RaidLevel::Draid1 || level == RaidLevel::Draid2 || level == RaidLevel::Draid3;
}

int zfs_parity(RaidLevel level) {
    switch (level) {
        case RaidLevel::Raidz1:
        case RaidLevel::Draid1:
            return 1;
        case RaidLevel::Raidz2:
        case RaidLevel::Draid2:
            return 2;
        case RaidLevel::Raidz3:
        case RaidLevel::Draid3:
            return 3;
        default:
            return 0;
    }
}

bool is_striped(RaidLevel level) {
    return level != RaidLevel::Simple && level != RaidLevel::Raid1 && !is_zfs(level);
}

bool is_mirrored(RaidLevel level) {
    return level == RaidLevel::Raid1 || level == RaidLevel::Raid10 || level == RaidLevel::Raid01;
}

bool has_spans(RaidLevel level) {
    return level == RaidLevel::Raid10 || level == RaidLevel::Raid50 || level == RaidLevel::Raid60;
}

int min_volume_drives(RaidLevel level, int copies) {
    switch (level) {
        case RaidLevel::Simple:
        case RaidLevel::Raid0:
            return 1;
        case RaidLevel::Raid1:
            return 2;
        case RaidLevel::Raid10:
            return copies + 1;  // Linux md's near layout on copies + 1 drives (raid10.c)
        case RaidLevel::Raid01:
            return 2 * copies;  // derived: at least two mirror sets to stripe over
        case RaidLevel::Raid5:
            return 3;
        case RaidLevel::Raid6:
            return 4;
        case RaidLevel::Raid50:
        case RaidLevel::Raid60:
            return 2 * min_span_drives(level);  // derived: at least two spans
        case RaidLevel::ZfsMirror:
            return 2;
        case RaidLevel::Raidz1:
        case RaidLevel::Raidz2:
        case RaidLevel::Raidz3:
            return zfs_parity(level) + 1;  // vdev_raidz.c vdev_raidz_open: children >= parity + 1
        case RaidLevel::Draid1:
        case RaidLevel::Draid2:
        case RaidLevel::Draid3:
            return zfs_parity(level) + 1;  // vdev_draid.c: at least one data disk per group
    }
    return 1;
}

int min_span_drives(RaidLevel level) {
    switch (level) {
        case RaidLevel::Raid50:
            return 3;
        case RaidLevel::Raid60:
            return 4;
        default:
            return 0;
    }
}

}  // namespace raidadv
