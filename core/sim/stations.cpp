#include "sim/stations.h"

#include <algorithm>

namespace raidadv::sim {

FcfsStation::FcfsStation(int servers) : servers_(std::max(1, servers)), queues_(1) {}

FcfsStation::FcfsStation(int servers, std::uint64_t routing_seed)
    : servers_(std::max(1, servers)),
      routed_(true),
      rng_(routing_seed),
      queues_(static_cast<std::size_t>(std::max(1, servers))) {}

void FcfsStation::advance(double now) {
    area_ += busy_ * (now - last_);
    last_ = now;
}

void FcfsStation::reset_busy(double now) {
    area_ = 0.0;
    last_ = now;
}

std::optional<Started> FcfsStation::arrive(int item, double service, double now, bool background) {
    advance(now);
    Queue& q = routed_ ? queues_[static_cast<std::size_t>(rng_.index(servers_))] : queues_[0];
    const int capacity = routed_ ? 1 : servers_;
    if (q.busy < capacity) {
        ++q.busy;
        ++busy_;
        const Started s{item, now, now + service};
        if (routed_) {
            q.serving = s;
        }
        return s;
    }
    (background ? q.bg : q.fg).push_back({item, service});
    ++waiting_;
    return std::nullopt;
}

std::optional<Started> FcfsStation::start_next(Queue& q, double now) {
    std::deque<Waiting>& w = q.fg.empty() ? q.bg : q.fg;
    if (w.empty()) {
        return std::nullopt;
    }
    const Waiting next = w.front();
    w.pop_front();
    --waiting_;
    ++q.busy;
    ++busy_;
    const Started s{next.item, now, now + next.service};
    if (routed_) {
        q.serving = s;
    }
    return s;
}

std::optional<Started> FcfsStation::depart(double now, int item) {
    advance(now);
    Queue* q = &queues_[0];
    if (routed_) {
        // The server whose item ends now (special items may share an id: match the time too).
        for (Queue& candidate : queues_) {
            if (candidate.serving && candidate.serving->item == item &&
                candidate.serving->done == now) {
                q = &candidate;
                break;
            }
        }
        q->serving.reset();
    }
    --q->busy;
    --busy_;
    return start_next(*q, now);
}

Transfer PipelinedLink::reserve(double now, double ready, double seconds) {
    const double start = std::max(free_at_, std::max(ready, now - seconds));
    free_at_ = start + seconds;
    busy_ += seconds;
    return {start, free_at_};
}

}  // namespace raidadv::sim
