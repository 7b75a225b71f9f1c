#pragma once
// Imported workloads as project-file JSON (docs/file-format.md, "Workloads"): the object a user
// pastes into `workloads[]`.

#include <nlohmann/json.hpp>
#include <vector>

#include "measure/measure.h"

namespace raidadv::measure {

/// One `workloads[]` element: name, description, unit, read_fraction, sequential_fraction,
/// request_size, alignment_bytes, streams, concurrency, arrival_rates_per_s, measured.
nlohmann::ordered_json workload_json(const ImportedWorkload& imported);

/// Gives every workload a name no other has ("fio oltp", "fio oltp (2)", ...).
void make_names_unique(std::vector<ImportedWorkload>& workloads);

}  // namespace raidadv::measure
