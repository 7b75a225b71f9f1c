#include "sim/md_bitmap_gate.h"

#include <cmath>
#include <utility>

namespace raidadv::sim {

double MdBitmapGate::cleared_at(double t) const {
    // md_bitmap_daemon_work: passes at phase + k * period; the first after t takes the counter
    // from 2 to 1, the next clears the bit.
    const double k = std::ceil((t - phase_) / period_);
    return phase_ + (k + 1.0) * period_;
}

bool MdBitmapGate::start_write(std::int64_t chunk, double now) {
    Chunk& c = chunks_[chunk];
    const bool clear = c.writing == 0 && (c.last_done < 0.0 || cleared_at(c.last_done) <= now);
    ++c.writing;
    return clear;
}

void MdBitmapGate::end_write(std::int64_t chunk, double now) {
    Chunk& c = chunks_[chunk];
    c.writing = c.writing > 0 ? c.writing - 1 : 0;
    c.last_done = now;
}

bool MdBitmapGate::admit(int os, bool needs_update) {
    if (running_) {
        // raid5d: a stripe waits for the unplug after the one running (bm_seq = seq_flush + 1).
        next_.push_back(os);
        next_needs_ = next_needs_ || needs_update;
        return false;
    }
    if (!needs_update) {
        return true;  // the unplug finds no dirty page: nothing to write
    }
    running_ = true;
    start_pending_ = true;
    current_.push_back(os);
    return false;
}

std::vector<int> MdBitmapGate::update_done() {
    std::vector<int> released = std::exchange(current_, {});
    running_ = false;
    if (next_needs_) {
        current_ = std::exchange(next_, {});
        next_needs_ = false;
        running_ = true;
        start_pending_ = true;
    } else {
        for (int os : next_) {
            released.push_back(os);
        }
        next_.clear();
    }
    return released;
}

}  // namespace raidadv::sim
