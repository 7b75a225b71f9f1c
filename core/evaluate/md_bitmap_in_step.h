#pragma once
// Linux md's bitmap updates when closed jobs write in step with them (docs/model.md section 4,
// "Landed in stop 56"): a write that arrives while an update runs waits for the next
// (raid5.c, BITMAP UNPLUGGING: bm_seq = seq_flush + 1; md_bitmap_unplug), so with every batch
// needing an update the jobs fall into groups that take turns: one group's update runs while
// the other's I/O does, and each write waits for the rest of the update running when it
// comes back. Open (Poisson) arrivals keep the random-phase account (md_bitmap_visits.cpp).

#include <memory>

#include "components/hdd_model.h"

namespace raidadv {

/// One bitmap's gate under `population` closed jobs writing `writes_per_s` to it.
struct InStepGate {
    int population = 0;
    double writes_per_s = 0.0;
    double update_s = 0.0;     ///< an update, from its start to the last member's page
    double clear_share = 0.0;  ///< writes finding their chunk's bit clear
    double batch = 1.0;        ///< writes one update serves
    double needed = 1.0;       ///< batches needing an update
    double busy = 0.0;         ///< updates' share of the time (the random-phase account's)
};

/// The wait of a write for the update running when it arrives, per write. derived: a job is
/// back at the gate a time T after its own update ended, T exponential with mean t; the
/// n - B others not in its batch came back during that update with q = 1 - e^(-b / t) each,
/// and if any of them needs a bit (s) the next update starts as its own ends. The job waits
/// for what is left of it, E[(b - T)+] = b - t q, and for each update after it likewise
/// (memoryless): (b - t q) s / (1 - s (1 - q)). A write whose batch needed no update found
/// the updates at random (half of one at the share `busy`). t is the job's cycle n / x less
/// its time at the gate (solved by iteration).
struct InStepWait {
    double wait_s = 0.0;
    /// q: the share of the jobs out of an update that are back before the next one ends (in
    /// step; a job whose other requests keep it away longer finds the updates at random).
    double back_in_time = 0.0;
};
InStepWait md_bitmap_in_step_wait(const InStepGate& gate);

/// What one write and the reads between writes put on one member of the array.
struct MemberWork {
    double write_ios = 0.0;  ///< a write's drive I/Os at one member (its phases / the drives)
    double per_io_s = 0.0;   ///< their command overhead and transfer, each
    double read_busy = 0.0;  ///< the drive time of the reads between two writes, at one member
    bool sequential = false;
    std::shared_ptr<const HddPositioning> pos;  ///< positioning among k queued (random I/O)
};

/// `k` queued requests served quickest first: each its command and transfer (`per_io_s`) and
/// the positioning among k, k - 1, ..., 1 candidates (`pos`; none: no positioning), a
/// fractional k that share of the next. derived: shortest-access-time-first over a shrinking
/// set (also a flush's held writes, MdBitmapVisits::Flush::destage_s).
double drain_quickest_first_s(const HddPositioning* pos, double per_io_s, double k);

/// The update's length at one member, in step. derived: the previous batch (as many writes as
/// this one, B = x b, at most the n - B jobs not in it; so B <= n / 2: the writes gathered
/// while an update runs are of the jobs not in it) starts its writes as this update starts, so
/// at each member their I/O is ahead of its page, served quickest first (k, k - 1, ..., 1
/// candidates); the reads between writes come at random and stretch it by 1 / (1 - rho), rho
/// the share of the member they take at x writes a second.
double md_bitmap_in_step_member_s(int population, double writes_per_s, double page_s,
                                  const MemberWork& work);

}  // namespace raidadv
