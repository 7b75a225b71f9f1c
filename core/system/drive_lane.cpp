#include "system/drive_lane.h"

namespace raidadv {

double drive_lane_command_s(const System& sys, bool write, double bytes) {
    // derived: the lane carries the command (link overhead), the controller's work for it on
    // that port and its data, one command after another.
    const ControllerSpec& ctl = sys.controller;
    const double port_s = write ? ctl.port_write_command_s : ctl.port_read_command_s;
    return sys.drive_link.command_overhead_s + port_s + bytes / sys.drive_link.bandwidth_Bps;
}

}  // namespace raidadv
