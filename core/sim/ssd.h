#pragma once
// Flash drive for the simulator: the analytic model's stages at request level
// (components/ssd_model.h): ssd_flash_units() flash units, each its own queue, a read to a random
// one, holding it for its latency, then one bandwidth server for the transfer (Agrawal et al.,
// "Design Tradeoffs for SSD Performance", USENIX ATC 2008); a write taken into the drive's buffer
// after its latency, across the bandwidth server, its programs queued behind the reads at the
// least loaded units (ssd_write_stages; random writes at the steady-state cleaning cost of
// Desnoyers, SYSTOR 2012, as ssd_write_demand computes it).

#include "components/ssd_model.h"
