#pragma once
// The service of an HDD visit as the queueing solver asks for it: given what an arriving
// sub-request finds at the drive (queue length, busy share), its positioning (seek and
// rotation, with the drive's reordering among the requests it holds), command overhead and
// media transfer, with streams, read-ahead, the drive's write cache and mirror choice. The
// timing formula itself is components/hdd_model.h; this file decides which of its parts a
// request pays.

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>

#include "components/hdd_model.h"
#include "queueing/network.h"

namespace raidadv {

/// HddPositioning of a drive, remembered per thread: a pure function of every HddSpec field, the
/// span and the direction, tabulated by numerical integration, and the same for every controller,
/// layout and stripe unit the advisor tries with that drive.
std::shared_ptr<const HddPositioning> cached_positioning(const HddSpec& hdd, double span,
                                                         bool write, int candidates = 0,
                                                         int arms = 1);

/// HddPositioning::at that remembers its last answer. The queueing solver asks every drive visit
/// of a level with the same queue length, so the visits sharing a table mostly ask for the same
/// number of candidates in a row. One per built network and direction; a built network is solved
/// on one thread at a time (the memo is not synchronized).
class PositioningMemo {
  public:
    /// `nearest`: the same drive's table for a read sent to the nearest of the mirror copies'
    /// arms (HddPositioning's `arms`), or none.
    explicit PositioningMemo(std::shared_ptr<const HddPositioning> pos,
                             std::shared_ptr<const HddPositioning> nearest = nullptr)
        : pos_(std::move(pos)), nearest_(std::move(nearest)) {}
    /// `sweep`: the positioning of a request that lies on the head's track a short way on
    /// (a controller's sorted destages closer than a track: DriveVisits), taken where it is
    /// quicker than the table's.
    PositioningMemo(std::shared_ptr<const HddPositioning> pos, TimeMoments sweep)
        : pos_(std::move(pos)), sweep_(sweep) {}
    TimeMoments at(double candidates) {
        if (!(candidates == last_)) {
            moments_ = quicker(pos_->at(candidates));
            last_ = candidates;
        }
        return moments_;
    }
    /// `at` for a read sent to the nearest copy's arm (`at` when there is no such table).
    TimeMoments at_nearest(double candidates) {
        if (!nearest_) {
            return at(candidates);
        }
        if (!(candidates == nearest_last_)) {
            nearest_moments_ = nearest_->at(candidates);
            nearest_last_ = candidates;
        }
        return nearest_moments_;
    }
    /// The least positioning mean `at` or `at_nearest` gives for any number of candidates.
    double min_mean() const {
        const double own = sweep_ ? std::min(pos_->min_mean(), sweep_->mean) : pos_->min_mean();
        return nearest_ ? std::min(own, nearest_->min_mean()) : own;
    }
    /// The least of `at` and `at_nearest` without remembering it (a lookup for bounds).
    TimeMoments peek(double candidates) const {
        const TimeMoments own = quicker(pos_->at(candidates));
        if (!nearest_) {
            return own;
        }
        const TimeMoments near = nearest_->at(candidates);
        return near.mean < own.mean ? near : own;
    }

  private:
    TimeMoments quicker(TimeMoments m) const {
        return sweep_ && sweep_->mean < m.mean ? *sweep_ : m;
    }
    std::shared_ptr<const HddPositioning> pos_;
    std::shared_ptr<const HddPositioning> nearest_;
    std::optional<TimeMoments> sweep_;
    double last_ = std::numeric_limits<double>::quiet_NaN();
    double nearest_last_ = std::numeric_limits<double>::quiet_NaN();
    TimeMoments moments_;
    TimeMoments nearest_moments_;
};

/// The time that is `a` with probability p and `b` otherwise (mean and variance of a mixture).
TimeMoments mixture(double p, TimeMoments a, TimeMoments b);

/// Everything an HDD visit's service depends on that is known when the network is built.
struct HddServicePlan {
    bool write = false;
    bool cached = false;        ///< the drive's write cache acknowledges the write
    bool idle_destage = false;  ///< cached, not behind a write-back controller: destaged alone
    bool rewrite = false;       ///< cached write half of a read-modify-write
    bool ahead_read = false;    ///< a read on a drive that reads ahead
    bool streaming = false;     ///< writes, or reads with read-ahead: a stream pays per segment
    bool early = false;         ///< pipelined window: positioning partly done ahead
    double copies = 1.0;        ///< mirror copies the request may choose among (by address)
    /// Linux md's choice: the first idle copy whatever its distance, the nearest only when
    /// every copy is busy (raid1.c / raid10.c read_balance).
    bool idle_copy_first = false;
    double sweep = 1.0;       ///< share of the disk a stream passes over per byte it reads
    double rest_sweep = 1.0;  ///< the same for a disk I/O's later commands
    double commands = 1.0;    ///< commands one disk I/O takes
    double min_candidates = 1.0;
    double depth = 1.0;     ///< the drive's queue depth (at least 1)
    double window = 1.0;    ///< writes the drive's cache holds (hdd_write_cache_window)
    double overhead = 0.0;  ///< command overhead
    double transfer = 0.0;  ///< media transfer of one command
    double revolution = 0.0;
    double rotation_var = 0.0;  ///< variance of the rotational wait
    double rewrite_wait = 0.0;  ///< read-modify-write: the wait for the sectors to come round
    double per_segment = 1.0;   ///< share of a read-ahead segment one command uses
    /// Media rate at which the head reads a whole command of a stream (the data it passes
    /// over included) during one command overhead of another; 0: no read-ahead.
    double ahead_rate_Bps = 0.0;
    /// Share of the span where one command overhead reads that much (hdd_rate_share_above).
    double ahead_enters = 0.0;
    double media_outer_Bps = 0.0;  ///< the drive's media rate at the outer edge
    double media_inner_Bps = 0.0;  ///< ... at the inner edge
    double span = 1.0;             ///< share of the disk the workload uses (from the outer edge)
    int segments = 1;              ///< cache segments (streams the read-ahead follows)
    double streams = 1e300;        ///< the workload's streams (1e300: unbounded)
    /// Places on each drive one stream of the workload writes at, taking turns (md far
    /// raid10's writes: one per section), else 1.
    double regions = 1.0;
    double fresh = 1.0;  ///< share of the fork's I/Os on disks the transfer has not used
    /// A copy-on-write write (ZFS, IoPhase::allocated): the drive's writes are one stream in
    /// allocation order, which only its reads interrupt.
    bool allocated = false;
    double unbuffered = 0.0;     ///< pipelined window: share of bytes not read ahead
    double cluster_media = 0.0;  ///< media time of the previous cluster on its disk
    /// Commands of one stream the drive serves in a row before another stream's (ZFS
    /// prefetch in an LBA-ordered queue: DriveVisits::prefetch_run), else 1.
    double run = 1.0;
};

/// Drive I/Os per job, filled while a network is built and read when it is solved.
struct DriveIoCounts {
    std::array<double, 2> ios{};  ///< drive reads ([0]) and writes ([1]), a fork's I/Os each
    /// Times per job the job waits at the drives (visits it does not go on without: reads,
    /// writes through; a fork counted once) and the drive I/Os of those visits.
    double waits = 0.0;
    double waited_ios = 0.0;
    double cached_writes = 0.0;  ///< writes a drive's own write cache takes (all drives)
    double flushes = 0.0;        ///< cache flushes (md bitmap updates; all drives)
    double drives = 1.0;         ///< drives the job's I/Os spread over
    double& operator[](std::size_t i) { return ios[i]; }
    double operator[](std::size_t i) const { return ios[i]; }
    /// The writes' share of the drive I/Os (0 without any).
    double write_share() const { return ios[1] / std::max(1e-300, ios[0] + ios[1]); }
};

/// Held writes a drive's destage chooses among, of a cache holding `window`: the window where
/// it takes only writes, else the half its high-water mark lets fill (hdd_service.cpp, choose).
inline double destage_candidates(const DriveIoCounts& drive_ios, double window) {
    return drive_ios.write_share() >= 1.0 ? window : std::max(1.0, std::floor(window / 2.0));
}

/// Writes a drive's own cache holds, at most `candidates`, when it destages one in an idle
/// moment, for an arrival that finds `found` (hdd_service.cpp).
double idle_held_writes(const DriveIoCounts& drive_ios, const queueing::Arrival& found,
                        double candidates);

/// The service parts of an HDD visit planned as `plan` for an arrival that finds `found`.
queueing::ServiceParts hdd_service(const HddServicePlan& plan, PositioningMemo& pos,
                                   const DriveIoCounts& drive_ios, const queueing::Arrival& found);

/// The most candidates the drive's choice (hdd_service) takes among when it finds at most
/// `present` requests: its queue depth or what is queued; the writes its cache holds when the
/// write is cached.
double hdd_most_candidates(const HddServicePlan& plan, double present);

/// Lower bounds on hdd_service(plan, pos, ..., found) over every `found` with at most `present`
/// requests (queueing::Service::floor_at; evaluate/response_bound.h). Busy: each command moves
/// its bytes at least once (a stream's sweep only adds to it) and the fresh share of the
/// request pays at least the positioning of the drive's widest choice. Foreground: the fresh
/// share of the first command's transfer and that positioning (none when a pipelined window
/// may position ahead).
queueing::ServiceFloor hdd_service_floor(const HddServicePlan& plan, const PositioningMemo& pos,
                                         double present);

}  // namespace raidadv
