#pragma once
// "What would it take?" (target.h): what a candidate changes against today's pick, in words.

#include <string>
#include <vector>

#include "advisor/advisor.h"

namespace raidadv::advisor {

/// The kind of change from `today` to `other`: "today's pick", "more drives", "fewer drives",
/// "another layout", "another RAID level", "SSDs", "other drives", "another controller" or
/// "several changes" (more than one of drive model, controller and RAID level).
std::string change_kind(const System& today, const System& other);

/// What differs from `today` to `other`, one phrase each ("8 drives instead of 4", "RAID 10
/// instead of RAID 5", ...); empty if nothing does.
std::vector<std::string> describe_changes(const System& today, const System& other);

/// "RAID 5", "RAID 1", "independent drives": a level as a person reads it.
std::string level_display_name(RaidLevel level);

}  // namespace raidadv::advisor
