#pragma once
// The buyer's rules the search applies to single parts before it builds candidates: which parts
// the year filter concerns, and which drives the power-loss requirement refuses.

#include <string>

#include "advisor/request.h"

namespace raidadv::advisor {

/// Something the buyer does not pay for (the catalog's known price of nothing): host software
/// RAID such as Linux md, on-board ports, NVMe on CPU lanes. The year filter is for parts one
/// buys, so it does not apply to these.
bool comes_free(const CatalogInfo& info);

/// The part is within the request's min_year/max_year, or the filter does not concern it (a
/// part that comes free).
bool in_era(const CatalogInfo& info, const Constraints& constraints);

/// Why `drive` cannot be used under `constraints`, or empty. With power_loss_safe_writes an SSD
/// without power-loss protection is refused: it acknowledges writes from a volatile cache, and
/// with that cache off every FUA/flush waits for a flash program (Linux
/// Documentation/block/writeback_cache_control.rst: a volatile cache needs REQ_PREFLUSH and
/// REQ_FUA for durability), which consumer SSDs do slowly or ignore.
std::string drive_refused(const DriveSpec& drive, const Constraints& constraints);

}  // namespace raidadv::advisor
