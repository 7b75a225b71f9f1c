#pragma once
// Rotating-disk service time (Ruemmler & Wilkes, "An introduction to disk drive modeling",
// IEEE Computer 27(3), 1994): command overhead + seek + rotational wait + media transfer.

#include <vector>

#include "components/specs.h"

namespace raidadv {

/// Mean and variance of a random time.
struct TimeMoments {
    double mean = 0.0;
    double var = 0.0;
};

/// Seconds for one revolution.
double hdd_revolution_time(const HddSpec& hdd);

/// Variance of the rotational wait, uniform over one revolution T: T^2 / 12 (derived: variance
/// of U(0, T); Ruemmler & Wilkes 1994 take the wait as uniform).
double hdd_rotation_variance(const HddSpec& hdd);

/// Wait of a write that rewrites the sectors the head has just read (the write half of a
/// read-modify-write, media transfer `transfer_s`): one revolution less the transfer (Chen et
/// al. 1994), never negative.
double hdd_rewrite_wait(const HddSpec& hdd, double transfer_s);

/// Seek time over a fraction `x` (0..1] of the full stroke. Curve t(x) = a + b*sqrt(x) + c*x
/// through the datasheet track-to-track (x -> 0) and full-stroke (x = 1) times whose mean over
/// uniformly random seeks (distance density 2(1-x)) equals the datasheet average seek.
/// derived: Ruemmler & Wilkes 1994 sqrt/linear shape fitted to three datasheet figures.
double hdd_seek_time(const HddSpec& hdd, double x);

/// Mean seek time for random requests confined to the first `span` fraction of the disk
/// (short-stroking shrinks every seek distance by `span`).
double hdd_mean_random_seek(const HddSpec& hdd, double span);

/// The mean seek over distances (shares of the stroke) whose mean is `mean_distance` and whose
/// square roots' mean is `mean_root_distance`: the seek curve is linear in those two
/// (hdd_seek_time), so its mean needs no more of the distances' distribution.
double hdd_mean_seek(const HddSpec& hdd, double mean_root_distance, double mean_distance);

/// Media rate at LBA fraction u (0 = outer edge): linear from the outer to the inner zone rate.
double hdd_media_rate(const HddSpec& hdd, double u);

/// Share of the first `span` of a disk (positions uniform) whose media rate, falling linearly
/// from `outer_Bps` to `inner_Bps` (hdd_media_rate), is at least `rate_Bps`.
double hdd_rate_share_above(double outer_Bps, double inner_Bps, double rate_Bps, double span);

/// Mean media transfer time of `bytes` at a uniformly random place in the first `span` of the
/// disk: bytes * E[1/rate(u)], u ~ U(0, span). derived: integral of the linear zone model.
double hdd_transfer_time(const HddSpec& hdd, double bytes, double span);

/// Mean time of one I/O of `bytes` within the first `span` of the disk, a share `random_share`
/// of them positioned at random (FCFS: mean random seek plus half a revolution), the rest
/// continuing where the head is: random_share * positioning + command overhead (a write's
/// own where the drive gives one: hdd_command_overhead) + media transfer (Ruemmler & Wilkes
/// 1994 decomposition). The queueing model splits the same parts further (evaluate/
/// hdd_service.h); this mean is for weighing drives against each other.
double hdd_mean_access_time(const HddSpec& hdd, double bytes, double span, double random_share,
                            bool write = false);

/// The wait a drive expects for a block that comes under the head `slack` seconds (in [0, T)) after
/// its estimated seek ends, when the seek's actual time scatters about the estimate (normal, sd
/// `jitter`): a revolution more if the seek ends after the block passed, one less if it ends a
/// revolution early. The drive's queue scheduler orders by this expected access time, a miss's
/// probability times a revolution added (Western Digital, US patent 8,498,074 B1, 2013: "risk
/// based penalty ... probability of missing" the first sector; Hitachi GST, Espeseth, Hall,
/// Mosser & Smith: "expected access time including a probability of success"). derived: slack
/// + T P(e > slack) - T P(e <= slack - T); jitter 0: slack. Its mean over a uniform slack is T/2,
/// so a drive that does not choose (FCFS) waits half a revolution on average whatever the jitter.
double hdd_expected_wait(double slack, double revolution, double jitter);

/// Positioning time (seek + rotational wait) of a random request when the drive chooses the
/// quickest of `candidates` queued requests (shortest-access-time-first; 1 = FCFS).
/// derived: E[min of n iid P], P = seek(span * D) + U * T with D ~ 2(1-x) and U ~ U(0,1); the
/// rotational wait after any seek is uniform because the target angle is. With a seek jitter
/// (HddSpec::seek_jitter_s) the drive chooses by, and on average waits, hdd_expected_wait.
/// With `arms` > 1 the request was sent to the nearest of that many mirror copies' arms by
/// address (seek distance only: no one outside the drive knows the angle): D is the least of
/// `arms` distances, density 2a(1-x)^(2a-1), mean 1/(2a+1) (modeling notes: S/(2D+1)).
class HddPositioning {
  public:
    /// `candidates` bounds the table (0: the drive's queue depth; the write cache's window
    /// hdd_write_cache_window for its destage).
    HddPositioning(const HddSpec& hdd, double span, bool write, int candidates = 0, int arms = 1);
    /// Moments at a (possibly fractional) number of candidates, interpolated, clamped to
    /// [1, drive queue depth].
    TimeMoments at(double candidates) const;
    /// Candidates the drive can reorder among (its NCQ/TCQ depth, or the write cache window).
    int max_candidates() const { return static_cast<int>(table_.size()); }
    /// The least mean `at` returns for any number of candidates (the table's smallest mean: `at`
    /// interpolates between its entries).
    double min_mean() const;

  private:
    std::vector<TimeMoments> table_;  // index n-1 -> moments with n candidates
};

/// The drive's overhead for one command: a write's own where given (write_command_overhead_s),
/// else the drive's command overhead.
inline double hdd_command_overhead(const HddSpec& hdd, bool write) {
    return write && hdd.write_command_overhead_s >= 0.0 ? hdd.write_command_overhead_s
                                                        : hdd.command_overhead_s;
}

/// Most buffered writes a drive's write cache reorders among. estimated: no datasheet gives the
/// firmware's bound; 512 is what a 16 MiB buffer holds of 32 KiB writes, and it bounds the
/// simulator's search.
inline constexpr int kMaxBufferedWrites = 512;

/// Writes of `bytes` a drive with its write cache on (ATA/SCSI WCE) holds and destages in its own
/// order: the buffer accepts writes while it has room (Fujitsu MHW2040AC product manual, 6.5
/// "Write Cache") and the drive chooses the quickest of them (Ruemmler & Wilkes 1994, "immediate
/// reporting"; shortest-access-time-first as for NCQ). derived: cache_bytes / bytes, bounded by
/// hdd_max_buffered_writes, at least 1.
int hdd_write_cache_window(const HddSpec& hdd, double bytes);

/// The most writes the drive's write cache holds whatever their size: its write_cache_writes
/// where the data sheet or manual gives it (Fujitsu MHK2120AT product manual 6.6: the cache keeps
/// "the last write command"; Seagate ST3655 product manual C.5.2: writes go to "the write
/// segment"), else kMaxBufferedWrites.
int hdd_max_buffered_writes(const HddSpec& hdd);

}  // namespace raidadv
