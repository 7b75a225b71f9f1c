#pragma once
// Flash drive for the simulator: the analytic model's two stages at request level
// (components/ssd_model.h): ssd_parallelism() flash units, each holding a request for its
// latency (FCFS multi-server), then one bandwidth server for the transfer (Agrawal et al.,
// "Design Tradeoffs for SSD Performance", USENIX ATC 2008; random writes at the steady-state
// cleaning cost of Desnoyers, SYSTOR 2012, as ssd_write_demand computes it).

#include <algorithm>
#include <cmath>

#include "components/ssd_model.h"

namespace raidadv::sim {

/// Whole flash units: the analytic model's (possibly fractional) parallelism, rounded.
inline int ssd_flash_units(const SsdSpec& ssd) {
    return std::max(1, static_cast<int>(std::lround(ssd_parallelism(ssd))));
}

/// Demands of one drive I/O on the two stages.
inline SsdDemand ssd_io_demand(const SsdSpec& ssd, double bytes, bool write, bool sequential,
                               bool fresh) {
    return write ? ssd_write_demand(ssd, bytes, sequential, fresh) : ssd_read_demand(ssd, bytes);
}

}  // namespace raidadv::sim
