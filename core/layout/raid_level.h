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

/// Data striped over the volume's drives (has a stripe unit): every level but simple and raid1.
bool is_striped(RaidLevel level);
/// Keeps mirror copies: raid1, raid10, raid01.
bool is_mirrored(RaidLevel level);
/// Built of spans (disks_per_span): raid10, raid50, raid60.
bool has_spans(RaidLevel level);
/// Fewest drives one volume of the level can have, with mirror sets of `copies` drives
/// (Chen et al. 1994 definitions; a one-drive raid0 is allowed and equals a simple volume).
int min_volume_drives(RaidLevel level, int copies = 2);
/// Fewest drives in one span of raid50 (a RAID 5 group: 3) or raid60 (a RAID 6 group: 4); 0 for
/// the other levels.
int min_span_drives(RaidLevel level);

}  // namespace raidadv
