// Request-level rotating disk (sources in hdd.h).
#include "sim/hdd.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "components/hdd_model.h"

namespace raidadv::sim {

namespace {

double frac(double x) {
    return x - std::floor(x);
}

}  // namespace

Hdd::Hdd(const HddSpec& spec, double capacity_bytes, double phase)
    : spec_(spec),
      capacity_(capacity_bytes > 0.0 ? capacity_bytes : 1e12),
      phase_(phase),
      rev_s_(hdd_revolution_time(spec)),
      r0_(spec.media_rate_outer_Bps),
      k_(spec.media_rate_outer_Bps - spec.media_rate_inner_Bps),
      max_dirty_(hdd_max_buffered_writes(spec)) {
    jitter_rng_.seed(static_cast<std::uint64_t>(phase * 9007199254740992.0) ^ 0x5eedu);
    const int n = std::max(1, spec.cache_segments);
    segment_bytes_ = spec.cache_bytes / n;
    if (spec.read_ahead && segment_bytes_ > 0.0) {
        segments_.resize(static_cast<std::size_t>(n));
    }
}

double Hdd::revolutions(double lba) const {
    if (std::abs(k_) < 1e-9 * r0_) {
        return lba / (r0_ * rev_s_);
    }
    // derived: integral_0^b db / (r(b/C) T) with hdd_media_rate r(u) = r0 - k u:
    // -(C / (k T)) ln(1 - k b / (C r0)).
    return -capacity_ / (k_ * rev_s_) * std::log1p(-k_ * lba / (capacity_ * r0_));
}

double Hdd::lba_at_revolutions(double r) const {
    if (std::abs(k_) < 1e-9 * r0_) {
        return r * r0_ * rev_s_;
    }
    // derived: inverse of revolutions(): b = -(C r0 / k) (exp(-r k T / C) - 1).
    return -capacity_ * r0_ / k_ * std::expm1(-r * k_ * rev_s_ / capacity_);
}

double Hdd::media_time(double from, double to) const {
    // derived: streaming time is the revolutions between the two addresses times the period.
    return std::max(0.0, revolutions(to) - revolutions(from)) * rev_s_;
}

double Hdd::angle(double t) const {
    // Platter angle in turns: uniform rotation at rpm from a random phase.
    return frac(t / rev_s_ + phase_);
}

double Hdd::track_bytes(double lba) const {
    // One revolution at the zoned media rate (Ruemmler & Wilkes 1994: rate = track bytes x rev/s).
    return hdd_media_rate(spec_, lba / capacity_) * rev_s_;
}

void Hdd::leave_read_ahead(double t) {
    if (!pf_active_) {
        return;
    }
    // The head leaves the read-ahead stream: the segment keeps what was read.
    Segment& a = segments_[static_cast<std::size_t>(pf_seg_)];
    a.hi = frontier(t);
    a.lo = std::max(a.lo, a.hi - segment_bytes_);
    head_lba_ = a.hi;
    pf_active_ = false;
}

double Hdd::frontier(double t) const {
    const double cap = segments_[static_cast<std::size_t>(pf_seg_)].cap;
    if (t <= pf_t0_) {
        return std::min(pf_b0_, cap);
    }
    return std::min(cap, lba_at_revolutions(pf_rev0_ + (t - pf_t0_) / rev_s_));
}

bool Hdd::stalled(double t) const {
    const double cap = segments_[static_cast<std::size_t>(pf_seg_)].cap;
    return t > pf_t0_ && lba_at_revolutions(pf_rev0_ + (t - pf_t0_) / rev_s_) >= cap;
}

double Hdd::head_at(double t) const {
    return pf_active_ ? frontier(t) : head_lba_;
}

Hdd::Reach Hdd::reach(double lba, double t, bool write) const {
    const double h = head_at(t);
    const double d = std::abs(lba - h);
    Reach r;
    if (d >= track_bytes(h)) {
        // hdd_seek_time over the stroke fraction; writes settle longer (datasheet write seek).
        r.seek = hdd_seek_time(spec_, d / capacity_) + (write ? spec_.write_seek_extra_s : 0.0);
    }
    // Rotational wait: until the block's angle comes under the head after the seek.
    r.slack = frac(frac(revolutions(lba)) - angle(t + r.seek)) * rev_s_;
    return r;
}

double Hdd::expected(const Reach& r) const {
    // No seek, no seek error: the head stays on its track.
    return r.seek +
           (r.seek > 0.0 ? hdd_expected_wait(r.slack, rev_s_, spec_.seek_jitter_s) : r.slack);
}

double Hdd::positioning(double lba, double t, bool write) const {
    return expected(reach(lba, t, write));
}

double Hdd::realized_positioning(const Plan& p) {
    const double jitter = spec_.seek_jitter_s;
    if (jitter <= 0.0 || p.slack < 0.0) {
        return p.positioning;
    }
    // The head arrives e after the estimate (never before the seek began); the block passes
    // at slack + k T: the first pass at or after the arrival.
    const double e = std::max(-p.seek, std::normal_distribution<double>(0.0, jitter)(jitter_rng_));
    return p.seek + p.slack + rev_s_ * std::ceil((e - p.slack) / rev_s_);
}

Hdd::Plan Hdd::plan(const HddIo& io, double now) const {
    Plan p;
    const double tp = now + hdd_command_overhead(spec_, io.write);  // positioning starts after it
    const double b = io.offset;
    const double e = io.offset + io.bytes;
    p.media_from = b;
    if (!io.write) {
        for (std::size_t s = 0; s < segments_.size(); ++s) {
            const Segment& seg = segments_[s];
            if (!seg.valid) {
                continue;
            }
            const bool active = pf_active_ && static_cast<int>(s) == pf_seg_;
            const double f = active ? frontier(tp) : seg.hi;
            const double lo = std::max(seg.lo, f - segment_bytes_);
            if (b >= lo && b <= f) {
                p.segment = static_cast<int>(s);
                if (e <= f) {
                    p.hit = true;  // hit: command overhead only, no media work
                    p.media_from = e;
                    return p;
                }
                p.media_from = f;  // cached prefix; the media continues from the frontier
                break;
            }
        }
    } else if (b == last_write_end_) {
        // Sequential writes stream through the drive's buffer: no positioning, and the command
        // was taken while the previous write was on the media (see start_next).
        p.transfer = media_time(b, e);
        return p;
    }
    const Reach r = reach(p.media_from, tp, io.write);
    p.positioning = expected(r);
    p.seek = r.seek;
    p.slack = r.seek > 0.0 ? r.slack : -1.0;
    if (pf_active_ && !io.write && !stalled(tp)) {
        // The head is streaming (read-ahead): reading on to the target may be quicker.
        const double f = frontier(tp);
        if (p.media_from >= f && media_time(f, p.media_from) < p.positioning) {
            p.positioning = media_time(f, p.media_from);
            p.slack = -1.0;
        }
    }
    p.transfer = media_time(p.media_from, e);
    return p;
}

bool Hdd::fits(const HddIo& io) const {
    return dirty_.empty() || (static_cast<int>(dirty_.size()) < max_dirty_ &&
                              dirty_bytes_ + io.bytes <= spec_.cache_bytes);
}

bool Hdd::enqueue(const HddIo& io) {
    if (io.write && write_cache_ && !io.flush) {
        if (held_.empty() && fits(io)) {
            dirty_.push_back(io);
            dirty_bytes_ += io.bytes;
            return true;
        }
        held_.push_back(io);  // waits for a destage to make room
        return false;
    }
    flushes_queued_ += io.flush && !io.background ? 1 : 0;
    (io.background ? bg_ : fg_).push_back(io);
    return false;
}

void Hdd::finish() {
    busy_ = false;
    if (destaging_bytes_ > 0.0) {
        dirty_bytes_ = std::max(0.0, dirty_bytes_ - destaging_bytes_);
        destaged_bytes_ += destaging_bytes_;
        destaging_bytes_ = 0.0;
    }
    while (!held_.empty() && fits(held_.front())) {
        dirty_.push_back(held_.front());
        dirty_bytes_ += held_.front().bytes;
        accepted_.push_back(held_.front().id);
        held_.pop_front();
    }
}

std::optional<HddStart> Hdd::start_destage(double now) {
    // The quickest to reach of the buffered writes (shortest access time first).
    const std::size_t n = std::min(dirty_.size(), static_cast<std::size_t>(max_dirty_));
    std::size_t best = 0;
    Plan best_plan = plan(dirty_.front(), now);
    for (std::size_t i = 1; i < n; ++i) {
        const Plan p = plan(dirty_[i], now);
        if (p.positioning < best_plan.positioning) {
            best = i;
            best_plan = p;
        }
    }
    const HddIo io = dirty_[best];
    dirty_.erase(dirty_.begin() + static_cast<std::ptrdiff_t>(best));
    const bool streaming = io.offset == last_write_end_;
    const double tp = now + (streaming ? 0.0 : hdd_command_overhead(spec_, true));
    leave_read_ahead(tp);
    HddStart st;
    st.id = -1;  // the host has had its completion
    st.media_start = tp + realized_positioning(best_plan);
    st.done = st.media_start + best_plan.transfer;
    head_lba_ = io.offset + io.bytes;
    last_write_end_ = head_lba_;
    destaging_bytes_ = io.bytes;
    busy_ = true;
    busy_s_ += st.done - now;
    return st;
}

int Hdd::victim() const {
    int best = 0;
    for (std::size_t s = 0; s < segments_.size(); ++s) {
        if (!segments_[s].valid) {
            return static_cast<int>(s);
        }
        if (segments_[s].used < segments_[static_cast<std::size_t>(best)].used) {
            best = static_cast<int>(s);
        }
    }
    return best;
}

void Hdd::raise_cap(int segment, double cap, double now) {
    Segment& seg = segments_[static_cast<std::size_t>(segment)];
    if (cap <= seg.cap) {
        return;
    }
    if (pf_active_ && segment == pf_seg_ && stalled(now)) {
        // Read-ahead had stopped at the old limit: it resumes when that sector comes round.
        pf_b0_ = seg.cap;
        pf_rev0_ = revolutions(seg.cap);
        pf_t0_ = now + frac(frac(pf_rev0_) - angle(now)) * rev_s_;
    }
    seg.cap = cap;
}

std::pair<HddIo, Hdd::Plan> Hdd::take_next(double now) {
    // Candidates: the first queue_depth requests, foreground first (FCFS at depth 1).
    const std::size_t depth = static_cast<std::size_t>(std::max(1, spec_.queue_depth));
    const std::size_t n_fg = std::min(depth, fg_.size());
    const std::size_t n_bg = std::min(depth - n_fg, bg_.size());
    std::size_t best = 0;
    Plan best_plan;
    if (n_fg + n_bg == 1 || depth == 1) {
        best_plan = plan(n_fg > 0 ? fg_.front() : bg_.front(), now);
    } else {
        double best_pos = std::numeric_limits<double>::infinity();
        for (std::size_t i = 0; i < n_fg + n_bg; ++i) {
            const HddIo& io = i < n_fg ? fg_[i] : bg_[i - n_fg];
            const Plan p = plan(io, now);
            if (p.positioning < best_pos) {
                best_pos = p.positioning;
                best = i;
                best_plan = p;
            }
        }
    }
    HddIo io;
    if (best < n_fg) {
        io = fg_[best];
        fg_.erase(fg_.begin() + static_cast<std::ptrdiff_t>(best));
        flushes_queued_ -= io.flush ? 1 : 0;
    } else {
        io = bg_[best - n_fg];
        bg_.erase(bg_.begin() + static_cast<std::ptrdiff_t>(best - n_fg));
    }
    return {io, best_plan};
}

void Hdd::begin_read_ahead(const HddIo& io, const Plan& p, double done) {
    const double e = io.offset + io.bytes;
    if (!segments_.empty()) {
        const int s = p.segment >= 0 ? p.segment : victim();
        Segment& seg = segments_[static_cast<std::size_t>(s)];
        if (p.segment < 0) {
            seg.lo = io.offset;
        }
        seg.lo = std::max(seg.lo, e - segment_bytes_);
        seg.hi = e;
        seg.cap = e + segment_bytes_;
        seg.valid = true;
        seg.used = ++clock_;
        pf_active_ = true;
        pf_seg_ = s;
        pf_t0_ = done;
        pf_b0_ = e;
        pf_rev0_ = revolutions(e);
    }
}

std::optional<HddStart> Hdd::start_next(double now) {
    if (busy_ || (fg_.empty() && bg_.empty() && dirty_.empty())) {
        return std::nullopt;
    }
    // Reads first; the buffered writes when nothing else waits, when a write waits for room, or
    // ahead of the queue once the buffer is half full (high-water mark, hdd.h).
    const bool high = 2 * dirty_.size() >= static_cast<std::size_t>(max_dirty_) ||
                      2.0 * dirty_bytes_ >= spec_.cache_bytes;
    if (!dirty_.empty() &&
        ((fg_.empty() && bg_.empty()) || !held_.empty() || high || flushes_queued_ > 0)) {
        return start_destage(now);
    }
    const auto [io, p] = take_next(now);
    const bool streaming_write = io.write && io.offset == last_write_end_;
    const double tp = now + (streaming_write ? 0.0 : hdd_command_overhead(spec_, io.write));
    const double e = io.offset + io.bytes;
    HddStart st;
    st.id = io.id;
    st.hit = p.hit;
    if (p.segment >= 0) {
        Segment& seg = segments_[static_cast<std::size_t>(p.segment)];
        seg.used = ++clock_;
        // Read-ahead data a request consumes counts as media work (busy), as the analytic
        // model's hidden transfer does.
        const bool active = pf_active_ && p.segment == pf_seg_;
        const double f_now = active ? frontier(now) : seg.hi;
        busy_s_ += media_time(io.offset, std::min(e, std::max(io.offset, f_now)));
    }
    if (p.hit) {
        st.media_start = now;
        st.done = tp;
        raise_cap(p.segment, e + segment_bytes_, now);
    } else {
        leave_read_ahead(tp);
        const double media_begin = tp + realized_positioning(p);
        st.media_start = p.segment >= 0 ? tp : media_begin;
        st.done = media_begin + p.transfer;
        head_lba_ = e;
        if (io.write) {
            last_write_end_ = e;
        } else {
            last_write_end_ = -1.0;
            begin_read_ahead(io, p, st.done);
        }
    }
    busy_ = true;
    busy_s_ += st.done - now;
    return st;
}

}  // namespace raidadv::sim
