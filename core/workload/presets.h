#pragma once
// Workload presets: starting points a person picks by the name of their work, each with the
// published source of its parameters. Every field stays editable after choosing one.

#include <string>
#include <string_view>
#include <vector>

#include "workload/workload.h"

namespace raidadv {

struct WorkloadPreset {
    std::string id;           ///< "file-server": stable, used in project files
    std::string name;         ///< "File server"
    std::string description;  ///< one paragraph a user reads in the wizard
    std::string source;       ///< where the parameters come from
    Workload workload;        ///< named after the preset
    /// Whether applications of this kind typically spread data over several volumes
    /// (databases with extent striping, mail stores); a default the user may change.
    bool spreads_over_volumes = false;
};

/// All presets, in the order the wizard lists them.
const std::vector<WorkloadPreset>& workload_presets();
/// The preset with this id, or nullptr.
const WorkloadPreset* find_workload_preset(std::string_view id);

}  // namespace raidadv
