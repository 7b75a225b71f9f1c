#pragma once
// The time one disk I/O holds its drive's lane (a SATA/SAS lane or a shared bus): one formula
// for the analytic model's drive-link stage and the simulator's lane reservations.

#include "system/system.h"

namespace raidadv {

/// Time one disk I/O of `bytes` holds its drive's lane: the link's command overhead, the
/// controller's port time for the direction (ControllerSpec::port_*_command_s) and the data at
/// the link's rate.
double drive_lane_command_s(const System& sys, bool write, double bytes);

}  // namespace raidadv
