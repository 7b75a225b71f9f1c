#pragma once
// Where a workload's requests fall on a given system: a share of each volume (`span_fraction`)
// or a number of bytes (`working_set_bytes`: a benchmark's test file, a database's size), which
// is a different share of each candidate's volumes. The model and the simulator take the share.

#include "system/system.h"
#include "workload/workload.h"

namespace raidadv {

/// The share of the system's volumes the workload's requests spread over: its working set's
/// bytes against every volume's usable bytes (at most all of them), or its span_fraction when
/// it gives no bytes.
double span_fraction_on(const System& system, const Workload& workload);

/// The workload with span_fraction set to span_fraction_on(system, workload), for the model
/// and the simulator (the working set's bytes stay as given).
Workload on_system(const System& system, Workload workload);

}  // namespace raidadv
