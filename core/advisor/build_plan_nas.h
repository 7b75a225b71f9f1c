#pragma once
// How to build an array on a NAS appliance: its storage manager's steps (Synology DSM, QNAP
// QTS), where mdadm is not how its owner builds arrays (advisor/build_plan.h).

#include <optional>

#include "advisor/build_plan.h"

namespace raidadv::advisor {

/// The storage manager's steps for `system`'s layout on an appliance host
/// (system/raid_software.h, appliance_software), with `hot_spares` assigned there; nullopt for
/// any other host.
std::optional<BuildMethod> appliance_method(const System& system, int hot_spares);

/// The TrueNAS web interface's steps for `system`'s ZFS pool (system/raid_software.h,
/// host_is_truenas), its `hot_spares` and log devices included; nullopt for any other host.
std::optional<BuildMethod> truenas_method(const System& system, int hot_spares);

}  // namespace raidadv::advisor
