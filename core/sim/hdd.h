#pragma once
// Rotating disk at request level for the simulator. Service = command overhead + seek + rotational
// wait + media transfer (Ruemmler & Wilkes, "An introduction to disk drive modeling", IEEE
// Computer 27(3), 1994), with the same curves as the analytic model (components/hdd_model.h):
// - the head's cylinder is the LBA fraction of the stroke; seeks cost hdd_seek_time(distance);
// - the platter turns continuously, angle(t) = frac(t * rpm / 60 + phase); a block's angle is
//   fixed by its address: the revolutions the zoned media needs to stream from LBA 0 to it, so
//   re-reading a place waits a full turn and contiguous blocks follow each other under the head;
// - queue reordering: FCFS at queue depth 1, else shortest positioning time first among the
//   first queue_depth requests (SATF: Seltzer, Chen & Ousterhout, USENIX Winter 1990; Jacobson &
//   Wilkes, HP Labs HPL-CSP-91-7, 1991); with a seek jitter the drive orders by the expected
//   access time (hdd_expected_wait), and the seek it then makes ends off its estimate by a
//   normal error of that spread, catching the block, a revolution later or one earlier;
// - read-ahead: cache_segments segments of cache_bytes / cache_segments; after a read the drive
//   keeps reading on into the segment at the media rate until the next command needs the head,
//   up to one segment past the last request; reads inside a segment are hits (command overhead
//   only); segments replaced LRU (Shriver, Merchant & Wilkes, SIGMETRICS 1998, simplified);
// - writes: a write starting where the previous write ended, head still there, streams through
//   the drive's buffer with no positioning;
// - write cache (WCE, set_write_cache): a write is taken into the buffer while it has room
//   (Fujitsu MHW2040AC product manual 6.5; at most hdd_max_buffered_writes writes, cache_bytes in
//   all) and is complete for the host; the drive serves its queue (reads, destage of a controller)
//   first and destages buffered writes, the quickest to reach first, when the queue is empty, a
//   write waits for room, or the buffer is half full (high-water mark: Varma & Jacobson,
//   "Destage algorithms for disk arrays with non-volatile caches", ISCA 1995).

#include <cmath>
#include <cstdint>
#include <deque>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include "components/hdd_model.h"
#include "components/specs.h"

namespace raidadv::sim {

struct HddIo {
    int id = -1;
    double offset = 0.0;  ///< bytes from the start of the disk
    double bytes = 0.0;
    bool write = false;
    bool background = false;  ///< write-back destage: enters the drive queue behind foreground I/O
    /// REQ_PREFLUSH | REQ_FUA (Linux Documentation/block/writeback_cache_control.rst): not
    /// taken into the write cache, and served once the cache holds no writes.
    bool flush = false;
};

struct HddStart {
    int id = -1;
    double media_start = 0.0;  ///< when its data began to exist (for pipelined link transfers)
    double done = 0.0;
    bool hit = false;  ///< served from the read-ahead cache
};

class Hdd {
  public:
    Hdd(const HddSpec& spec, double capacity_bytes, double phase);

    /// Queues a request; true when it is a write taken into the drive's write cache (complete
    /// for the host now).
    bool enqueue(const HddIo& io);
    /// Turns the drive's write cache on or off (before the first request).
    void set_write_cache(bool on) { write_cache_ = on; }
    /// Ids of writes that waited for room and were taken into the write cache by finish().
    std::vector<int> take_accepted() { return std::exchange(accepted_, {}); }
    /// Bytes of buffered writes the drive has written to the media, since construction.
    double destaged_bytes() const { return destaged_bytes_; }
    bool busy() const { return busy_; }
    int in_system() const { return (busy_ ? 1 : 0) + static_cast<int>(fg_.size() + bg_.size()); }
    /// Starts the next request if the drive is idle and one is queued.
    std::optional<HddStart> start_next(double now);
    /// The request in service finished (a destage frees its room in the write cache).
    void finish();

    /// Seconds of service plus read-ahead media time that served hits, since the last reset.
    double busy_seconds() const { return busy_s_; }
    void reset_busy() { busy_s_ = 0.0; }

    /// Revolutions the media needs to stream from LBA 0 to `lba` (zoned rate model).
    double revolutions(double lba) const;
    /// Positioning time (seek + rotational wait) from the current head to `lba`, starting at `t`,
    /// as the drive expects it (hdd_expected_wait).
    double positioning(double lba, double t, bool write) const;
    /// Bytes between the head at `t` and `lba`: the distance a volume manager that knows the
    /// last address it sent, not the platter's angle, chooses a mirror copy by (md raid1.c).
    double head_distance(double lba, double t) const { return std::abs(lba - head_at(t)); }

  private:
    struct Segment {
        double lo = 0.0, hi = 0.0;  ///< cached range (hi: read-ahead frontier when last updated)
        double cap = 0.0;           ///< read-ahead stops here
        std::uint64_t used = 0;
        bool valid = false;
    };
    /// The seek to a block and the rotation from the seek's estimated end until the block comes.
    struct Reach {
        double seek = 0.0;
        double slack = 0.0;
    };
    struct Plan {
        double positioning = 0.0;  ///< as the drive expects it (orders its queue by it)
        double seek = 0.0;         ///< Reach::seek of the planned positioning
        double slack = -1.0;       ///< Reach::slack of a seek that may miss; < 0: no seek
        double media_from = 0.0;   ///< LBA the media work starts at
        double transfer = 0.0;
        int segment = -1;  ///< segment holding a cached prefix
        bool hit = false;
    };

    Reach reach(double lba, double t, bool write) const;
    /// The positioning the drive expects for a reach (hdd_expected_wait; none without a seek).
    double expected(const Reach& r) const;
    Plan plan(const HddIo& io, double now) const;
    /// The positioning the planned seek takes: the expected one, or with a seek jitter, the
    /// slack plus whole revolutions for a seek error drawn now.
    double realized_positioning(const Plan& p);
    double lba_at_revolutions(double r) const;
    double media_time(double from, double to) const;
    double angle(double t) const;
    double track_bytes(double lba) const;
    double head_at(double t) const;
    double frontier(double t) const;
    /// The head leaves the read-ahead stream at time t (if it was on one): the segment keeps
    /// what was read up to then.
    void leave_read_ahead(double t);
    bool stalled(double t) const;
    void raise_cap(int segment, double cap, double now);
    int victim() const;

    HddSpec spec_;
    double capacity_;
    double phase_;
    double rev_s_;
    double r0_, k_;  ///< media rate r(u) = r0 - k u
    double segment_bytes_ = 0.0;
    std::vector<Segment> segments_;
    std::uint64_t clock_ = 0;
    std::mt19937_64 jitter_rng_;  ///< seek errors (seeded from the phase: runs repeat)

    bool fits(const HddIo& io) const;
    std::optional<HddStart> start_destage(double now);
    /// Takes the queued request to serve next out of its queue, with its plan: the quickest to
    /// position of the first queue_depth requests, foreground first (FCFS at depth 1).
    std::pair<HddIo, Plan> take_next(double now);
    /// A read served from the media fills a cache segment and reads ahead from its end.
    void begin_read_ahead(const HddIo& io, const Plan& p, double done);

    std::deque<HddIo> fg_, bg_;
    int flushes_queued_ = 0;  ///< REQ_PREFLUSH writes in fg_ (the write cache goes first)
    // Write cache: buffered writes, writes waiting for room, the destage in service.
    bool write_cache_ = false;
    int max_dirty_ = kMaxBufferedWrites;  ///< hdd_max_buffered_writes(spec_)
    std::deque<HddIo> dirty_, held_;
    double dirty_bytes_ = 0.0, destaging_bytes_ = 0.0, destaged_bytes_ = 0.0;
    std::vector<int> accepted_;
    bool busy_ = false;
    double busy_s_ = 0.0;

    double head_lba_ = 0.0;
    double last_write_end_ = -1.0;
    // Read-ahead in progress: frontier(t) streams from pf_b0_ at pf_t0_.
    bool pf_active_ = false;
    int pf_seg_ = -1;
    double pf_t0_ = 0.0, pf_rev0_ = 0.0, pf_b0_ = 0.0;
};

}  // namespace raidadv::sim
