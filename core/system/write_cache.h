#pragma once
// Write-cache policy of a system: which cache acknowledges a write. One answer for the analytic
// model (core/evaluate), the simulator (core/sim) and the advisor's explanations.

#include "system/system.h"
#include "workload/workload.h"

namespace raidadv {

/// Whether writes are absorbed by a write-back cache (controller cache, or host RAM for host RAID).
bool uses_write_back(const System& system);

/// Whether the HDDs acknowledge writes from their own write cache (WCE) and destage them later.
/// Auto: desktop and nearline drives ship with WCE on and a plain HBA, host RAID or software RAID
/// leaves it so (IBM DARA/DBCA OEM specifications, 10.11 "Write Cache Function"; Ou 2007's
/// ICH8R); a hardware RAID controller, which caches itself, is taken to turn the drives' caches
/// off (assumption: its setting "disk cache policy" / "drive write cache policy", e.g. Microchip
/// SmartRAID user guide 7.4.1, is left at the safe choice). Always false for SSDs and for
/// drives without a buffer.
bool uses_drive_write_cache(const System& system);

/// As above, for the writes of `workload`. A synchronous write (Workload::sync_writes) must be
/// on stable storage before it completes: the block layer sends it with REQ_FUA or follows it
/// with a REQ_PREFLUSH when the device reports a volatile write cache, and strips both when it
/// does not (Linux Documentation/block/writeback_cache_control.rst). So a drive's own cache
/// does not acknowledge it (the drive writes it to the media), nor does a host RAID driver's
/// cache in RAM; a controller's battery- or flash-backed cache still does. ZFS pools keep their
/// answers: the data still goes out with the transaction group, the commit goes through the
/// intent log (layout/zfs_mapping.cpp, add_zil_write).
bool uses_write_back(const System& system, const Workload& workload);
bool uses_drive_write_cache(const System& system, const Workload& workload);

}  // namespace raidadv
