#pragma once
// Linux md's write-intent bitmap in the queueing network (system/md_bitmap.h): the update of
// the bitmap page that a write may wait for before its data go out (network_builder.cpp adds it
// ahead of each write's phases; evaluator.cpp solves for the write rate it depends on).

#include <memory>
#include <vector>

#include "evaluate/drive_visits.h"
#include "evaluate/network_builder.h"
#include "evaluate/os_request.h"
#include "layout/geometry.h"
#include "queueing/network.h"
#include "system/md_bitmap.h"
#include "system/system.h"
#include "workload/workload.h"

namespace raidadv {

/// What the bitmap's visits need of the network being built.
struct MdBitmapVisits {
    const System& sys;
    const Workload& wl;
    const Geometry& geo;
    const DriveVisits& drives;
    int drive_station = -1;
    int link_station = -1;
    int links = 1;
    WriteLoad load;
    /// Where the members' heads are (filled once the network is built, read when solving).
    std::shared_ptr<const MdBitmapHeads> heads;

    /// Linux md's write-intent bitmap (system/md_bitmap.h): before its data go out, a write
    /// whose chunk bit is clear, and every write md gathered for the same unplug, waits while
    /// md writes the bitmap page through to every member (REQ_PREFLUSH | REQ_FUA). The writes
    /// gathered while one update runs share the next. The page's seek is from the working set
    /// on the members `heads` says moved there since the last update (md_bitmap_seek_s), none
    /// on the rest. Returns the updates per job added (MdBitmapHeads).
    double add(const OsRequest& r, double count, double probability,
               std::vector<queueing::Visit>& visits) const;

    /// The update's REQ_PREFLUSH waits until the drives have written what their write caches
    /// hold (derived, two parts):
    /// - `held_s`: the writes held under load, as an M/M/1 queue at the array's write load (x
    ///   requests per second, `r`'s disk writes spread over the array's drives) holds them, up
    ///   to the window, destaged quickest first (a stream's where it goes on): it lengthens the
    ///   update the batches share;
    /// - `first_s`: a write acknowledged from the drive's cache with no read before it (a
    ///   mirror copy, or the writes of a reconstruct-write) leaves a random destage that the
    ///   drive begins when it falls idle and the flush waits for. The write half of a
    ///   read-modify-write rewrites what the head has just read: its destage is the revolution the
    ///   next request's reads would wait for anyway (the model counts it there), so it adds nothing
    ///   here.
    /// With one job whose writes come faster than the drive destages them
    /// (idle_held_writes), its own update's flush finds more held than the previous write and
    /// waits for them all (at most the writes since the last update): `destage_s`.
    struct Flush {
        double held_s = 0.0;
        double first_s = 0.0;
        int window = 1;          ///< writes the drive's cache holds (hdd_write_cache_window)
        double per_write = 0.0;  ///< a held write's command overhead and transfer
        double access = 0.0;     ///< a held write's destage alone
        std::shared_ptr<const HddPositioning> pos;  ///< destage positioning (random writes)
        /// `held` writes destaged quickest first (k held cost the positioning among k,
        /// k - 1, ..., 1; derived: shortest-access-time-first over a shrinking set).
        double destage_s(double held) const;
    };
    Flush flush(const OsRequest& r, double x) const;

    /// An update's length when the jobs write in step with the updates (md_bitmap_in_step.h):
    /// the slowest member's, from `r`'s I/O and the workload's reads between writes.
    double in_step_update_s(const OsRequest& r, double x, double page) const;
};

}  // namespace raidadv
