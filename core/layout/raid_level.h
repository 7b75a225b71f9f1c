#pragma once
// RAID levels and their names as written in project files (Chen et al., ACM Computing Surveys
// 1994).

#include <optional>
#include <string>
#include <string_view>

namespace raidadv {

enum class RaidLevel { Simple, Raid0, Raid1, Raid10, Raid01, Raid5, Raid6, Raid50, Raid60 };

/// "raid5", "raid10", ... as used in project files and the catalog.
std::string_view to_string(RaidLevel level);
/// Inverse of to_string; nullopt for unknown names.
std::optional<RaidLevel> raid_level_from_string(std::string_view name);
/// All levels, in a stable order (for enumeration and help texts).
const RaidLevel* all_raid_levels(std::size_t& count);

}  // namespace raidadv
