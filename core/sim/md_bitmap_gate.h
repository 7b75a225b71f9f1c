#pragma once
// Linux md's write-intent bitmap in the simulator (system/md_bitmap.h; drivers/md/md-bitmap.c,
// raid5.c STRIPE_BIT_DELAY): per bitmap chunk its writes in flight and when its bit is cleared;
// per array the writes waiting for the unplug that writes the bitmap pages to every member.

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace raidadv::sim {

class MdBitmapGate {
  public:
    /// `period_s`: the bitmap daemon's daemon_sleep; `phase_s`: when its first pass runs.
    MdBitmapGate(double period_s, double phase_s) : period_(period_s), phase_(phase_s) {}

    /// A write to `chunk` arrives at md: counts it on the chunk (md_bitmap_startwrite) and
    /// returns whether the chunk's bit was clear (its page must be written first).
    bool start_write(std::int64_t chunk, double now);
    /// A write to `chunk` completed (md_bitmap_endwrite).
    void end_write(std::int64_t chunk, double now);

    /// Where write `os` goes now: true if it may go to the members at once (no update running
    /// and none needed); else it waits for an update, which the caller starts if
    /// `update_to_start()` says so.
    bool admit(int os, bool needs_update);
    /// An update is to be started now (the caller issues the page writes).
    bool update_to_start() const { return start_pending_; }
    void update_started() { start_pending_ = false; }
    /// The running update completed: the writes it released; update_to_start() then says
    /// whether the writes gathered meanwhile need the next.
    std::vector<int> update_done();

  private:
    struct Chunk {
        int writing = 0;
        double last_done = -1.0;  ///< < 0: never written (bit clear)
    };
    /// When the daemon clears a bit whose last write completed at t: on its second pass after t.
    double cleared_at(double t) const;

    double period_, phase_;
    std::unordered_map<std::int64_t, Chunk> chunks_;
    bool running_ = false, start_pending_ = false;
    std::vector<int> current_, next_;  ///< writes released by the running / the next update
    bool next_needs_ = false;
};

}  // namespace raidadv::sim
