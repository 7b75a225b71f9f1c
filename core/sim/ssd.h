#pragma once
// Flash drive for the simulator: the analytic model's two stages at request level
// (components/ssd_model.h): ssd_flash_units() flash units, each its own queue, a request to a
// random one, holding it for its latency, then one bandwidth server for the transfer (Agrawal et
// al., "Design Tradeoffs for SSD Performance", USENIX ATC 2008; random writes at the steady-state
// cleaning cost of Desnoyers, SYSTOR 2012, as ssd_write_demand computes it).

#include "components/ssd_model.h"

namespace raidadv::sim {

/// Demands of one drive I/O on the two stages.
/// `span`: the share of the drive's logical space the workload writes (ssd_write_demand).
inline SsdDemand ssd_io_demand(const SsdSpec& ssd, double bytes, bool write, bool sequential,
                               bool fresh, double span) {
    return write ? ssd_write_demand(ssd, bytes, sequential, fresh, span)
                 : ssd_read_demand(ssd, bytes);
}

}  // namespace raidadv::sim
