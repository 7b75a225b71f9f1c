#include "layout/raid_level.h"

#include <array>
#include <utility>

namespace raidadv {

namespace {
constexpr std::array<std::pair<RaidLevel, std::string_view>, 9> kNames{{
    {RaidLevel::Simple, "simple"},
    {RaidLevel::Raid0, "raid0"},
    {RaidLevel::Raid1, "raid1"},
    {RaidLevel::Raid10, "raid10"},
    {RaidLevel::Raid01, "raid01"},
    {RaidLevel::Raid5, "raid5"},
    {RaidLevel::Raid6, "raid6"},
    {RaidLevel::Raid50, "raid50"},
    {RaidLevel::Raid60, "raid60"},
}};
constexpr std::array<RaidLevel, 9> kAll{RaidLevel::Simple, RaidLevel::Raid0,  RaidLevel::Raid1,
                                        RaidLevel::Raid10, RaidLevel::Raid01, RaidLevel::Raid5,
                                        RaidLevel::Raid6,  RaidLevel::Raid50, RaidLevel::Raid60};
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
    return std::nullopt;
}

const RaidLevel* all_raid_levels(std::size_t& count) {
    count = kAll.size();
    return kAll.data();
}

bool is_striped(RaidLevel level) {
    return level != RaidLevel::Simple && level != RaidLevel::Raid1;
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
