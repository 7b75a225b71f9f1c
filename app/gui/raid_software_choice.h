#pragma once
// The "RAID software" choice (advisor::Constraints::raid_software) as the wizard's hardware page
// and the what-if panel show it: one list of labels, the project file's word as each item's data.

#include <QString>

#include "advisor/request.h"

class QComboBox;

namespace raidadv::gui {

/// Fills `box` with the four choices (Any, hardware RAID, Linux md, ZFS), each item's data the
/// project file's word ("any", "hardware", "md", "zfs").
void addRaidSoftwareItems(QComboBox* box);

/// The choice `box` shows (Any when none matches).
raidadv::advisor::RaidSoftware raidSoftwareIn(const QComboBox* box);

/// Selects `software` in `box` (filled by addRaidSoftwareItems).
void selectRaidSoftware(QComboBox* box, raidadv::advisor::RaidSoftware software);

}  // namespace raidadv::gui
