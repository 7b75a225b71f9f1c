#pragma once
// How to build a recommended system: the exact commands for its RAID layout and stripe unit on
// the tool its controller is configured with (Linux md's mdadm, Broadcom StorCLI, Dell PERCCLI,
// LSI MegaCLI, Adaptec ARCCONF), the firmware steps for chipset RAID (Intel RST), and Windows
// Storage Spaces where it can build the same layout. Plain text for the report page and the
// desktop app's buying-summary tab (with a Copy button for the commands).

#include <string>
#include <vector>

#include "system/system.h"
#include "workload/workload.h"

namespace raidadv::advisor {

/// The tool a system's RAID is configured with, chosen from its controller.
enum class BuildTool {
    Mdadm,        ///< host software RAID on Linux (HBAs, on-board ports, NVMe on CPU lanes)
    StorCli,      ///< Broadcom/LSI MegaRAID (SAS2 generation and later)
    PercCli,      ///< Dell PERC 9 and later (StorCLI rebranded)
    MegaCli,      ///< LSI MegaRAID SAS1 generation, Dell PERC 5/6
    Arcconf,      ///< Adaptec/Microsemi SmartRAID
    ChipsetRaid,  ///< Intel ICH/PCH RAID (RST / Matrix Storage): firmware setup, then the OS
    Zpool         ///< a ZFS pool (OpenZFS zpool create / zfs set)
};

/// One way to build it: a few steps in words and the commands to type, in order.
struct BuildMethod {
    std::string title;                  ///< "Linux software RAID (mdadm)"
    std::vector<std::string> steps;     ///< what to do, in words, in order
    std::vector<std::string> commands;  ///< shell lines, one command each, in order
    std::vector<std::string> notes;     ///< what to check first, what the names stand for
};

struct BuildPlan {
    BuildTool tool = BuildTool::Mdadm;
    BuildMethod primary;                    ///< with the recommended controller
    std::vector<BuildMethod> alternatives;  ///< e.g. Windows Storage Spaces for the same layout
};

/// The tool the system's controller is configured with (from its kind, vendor, name and year).
BuildTool build_tool(const System& system);

/// Commands and steps for `system`'s layout, stripe unit, volumes and write-cache policy.
/// `drives_write_cache_off`: the drives' volatile write caches must be turned off (the request
/// asks for power-loss-safe writes and no battery-backed cache covers them).
/// `read_ahead`: the controller's read policy where its tool sets one (MegaRAID, PERC): read
/// ahead ("ra") or not ("nora"); see controller_read_ahead.
/// `hot_spares`: drives kept as hot spares (Assessment::spare_drives), named after the drives
/// and made global (or, with md, added to the arrays with a shared spare-group).
BuildPlan build_plan(const System& system, bool drives_write_cache_off, bool read_ahead = true,
                     int hot_spares = 0);

/// Whether to set a RAID controller's read-ahead for `workload`. The vendors document it as a
/// help to sequential reads only (Dell OpenManage Server Administrator User's Guide, read
/// policy: "Read-ahead policy may improve system performance if the data is written to the
/// sequential sectors"; Adaptive Read-Ahead "initiates read-ahead only if the two most recent
/// read requests accessed sequential sectors"); it reads on to the end of the stripe into the
/// cache (system/read_cache.h, controller_reads_ahead), which a random read never uses. So: on
/// for a workload whose requests are mostly sequential, or whole files; off otherwise. The
/// advisor evaluates MegaRAID and PERC candidates with the policy this sets
/// (System::controller_read_ahead).
bool controller_read_ahead(const Workload& workload);

/// The mdadm --create lines alone (one per md device, spans first), for tests and the CLI.
std::vector<std::string> mdadm_commands(const System& system);

}  // namespace raidadv::advisor
