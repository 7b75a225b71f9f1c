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

/// How a write-back controller holds dirty data (issue 24, "controller cache, writes"). IBM
/// Midrange System Storage Hardware Guide (DS4000, LSI Engenio firmware), "Storage subsystem
/// cache flushing levels": flushing starts when unwritten entries reach the start level and
/// stops below the stop level, both 80% of the cache by default (no more than 80% of the cache
/// holds write-back data); the oldest entries are flushed first; entries older than 20 seconds
/// are flushed automatically. Taken for every write-back controller (MegaRAID, PERC, Smart
/// Array and Adaptec document no policy of their own: an assumption).
inline constexpr double kWriteBackDirtyShare = 0.8;
inline constexpr double kWriteBackMaxDirtyAge_s = 20.0;

/// Bytes of dirty data the controller's cache holds at most for `workload`'s writes: the
/// dirty share of a hardware RAID controller's cache memory where it acknowledges them
/// (uses_write_back); 0 otherwise (no write-back, ZFS, host RAID without cache memory).
double write_back_dirty_limit_bytes(const System& system, const Workload& workload);

/// Whether a write can find its block still dirty in the cache often enough to count (the
/// dirty limit is at least 0.5% of the working set); below that the model and the simulator
/// take every write to be destaged on its own.
bool write_back_overwrites(const System& system, const Workload& workload);

/// The share of random writes that land on a block still dirty in the controller's cache: the
/// cache replaces the data and the write needs no destage of its own (one destage, or one
/// read-modify-write, serves both). derived: random writes of b bytes spread uniformly over the
/// working set W (N = W / b blocks; independent reference model, King 1971) at x writes/s; the
/// writes that miss create dirty entries, which leave oldest first after T = 20 s or when the
/// dirty limit D is reached: d = min(D / b, T x (1 - h)) entries with h = d / N, so
/// d = min(D / b, T x / (1 + T x / N)) and h = d / N. Sequential writes never come back to a
/// block: 0 for them. `write_requests_per_s`: the write requests of every volume, of which the
/// random ones (1 - workload.sequential_fraction of them) make x.
double write_back_overwrite_share(const System& system, const Workload& workload,
                                  double write_requests_per_s);

/// Whether the controller writes a row's held random writes back together (issue 24: "a parity
/// RAID destage of dirty stripes instead of one read-modify-write per request"). Compaq
/// StorageWorks RAID Array 3000 manual (EK-SMCPQ-UG C01), 2.5.2.2 "Write Gathering": the
/// controller consolidates writes and "ideally ... will wait until it has gathered enough data
/// to fill an entire stripe ... Even if the controller cannot accumulate enough data to fill a
/// stripe, the consolidation of small writes can reduce the number of read/write operations";
/// HP, "Smart Array Controller technology" (4th ed.): with the write cache full the controller
/// analyzes the pending writes for write coalescing and command reordering. Taken for every
/// controller that holds writes (write_back_overwrites) on HDDs, where the gathered pieces of a
/// stripe unit share one positioning (layout/geometry.h, map_gathered_write). Not for SSDs: an
/// SSD has no positioning to share and the model keeps its writes apart (an assumption: the
/// parity update a row's blocks could share is not modelled there).
bool write_back_gathers(const System& system, const Workload& workload);

/// Whether the controller issues the destages it holds to hard drives in address order
/// (issue 24: "random writes absorbed by a write-back cache are destaged in elevator order").
/// HP, "Smart Array Controller technology" (4th ed.): with the write cache full the controller
/// reorders the pending writes ("command reordering"); HP Smart Array controllers report
/// "Elevator Sort: Enabled" by default (ssacli `ctrl all show detail`). Taken for every
/// hardware RAID controller that acknowledges random writes from its cache (uses_write_back)
/// in front of hard drives, for request workloads, degraded or not (an assumption for MegaRAID,
/// PERC and Adaptec, which document no order of their own). SSDs have no positioning to gain.
bool write_back_sorts(const System& system, const Workload& workload);

/// How held random writes leave a write-back controller's cache.
struct WriteBackHold {
    double absorbed_share = 0.0;      ///< random writes that land on a block still dirty (h)
    double blocks_per_destage = 1.0;  ///< distinct dirty blocks one destage writes (m)
    double row_bytes = 0.0;           ///< bytes destaged together (gather_row_bytes); 0: one by one
    double pending_destages = 0.0;    ///< destages the cache holds (rows with dirty blocks)
};

/// derived (generalizes write_back_overwrite_share to rows of B = row / b blocks, S = N / B
/// rows, each taking writes at λ = x / S): the cache destages a row, all its dirty blocks, when
/// its oldest reaches the head (oldest first), τ after the row's first write, τ = T = 20 s or
/// less where the dirty limit binds. Over τ each other block of the row is written with
/// probability 1 - exp(-λτ/B): m = 1 + (B - 1)(1 - exp(-λτ/B)) blocks go out; the row took
/// 1 + λτ writes, so h = 1 - m / (1 + λτ). The dirty blocks at a time, S λτ m̄ / (1 + λτ) with
/// m̄ = 1 + (B - 1)(1 - (1 - exp(-a)) / a), a = λτ / B, the mean over the row's stay, are held
/// at D / b where the limit binds (τ by bisection). B = 1 (no gathering) gives
/// write_back_overwrite_share's d and h.
WriteBackHold write_back_hold(const System& system, const Workload& workload,
                              double write_requests_per_s);

/// The share of a drive's working span within which the destages its queue holds lie, when the
/// controller sorts them (write_back_sorts); 1 where it does not or holds too few. derived:
/// the `pending` destages the cache holds (WriteBackHold), each touching `touched` of the
/// volumes' drives, leave in address order, so the next ones a drive gets lie 1 / (pending per
/// drive) of its span apart and the `depth` its queue holds (the controller keeps it full)
/// within depth / (pending per drive) of it: that share on a grid of eight steps an octave.
/// A degraded volume's destages go to the drives its degraded mapping uses (its survivors; not
/// a RAID 0+1's failed side), each touching those it does (map_write, over a parity rotation).
double write_back_destage_band(const System& system, const Workload& workload,
                               const WriteBackHold& hold);

}  // namespace raidadv
