#include "sim/stations.h"

#include <algorithm>
#include <cstdint>
#include <tuple>

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
    Queue& q = routed_ ? queues_[static_cast<std::size_t>(rng_.index(servers_))] : queues_[0];
    return arrive_at(q, item, service, now, background);
}

std::vector<std::optional<Started>> FcfsStation::arrive_least_loaded(int item, double service,
                                                                     double now, bool background,
                                                                     int count) {
    std::vector<std::optional<Started>> started;
    started.reserve(static_cast<std::size_t>(std::max(0, count)));
    if (!routed_) {
        for (int k = 0; k < count; ++k) {
            started.push_back(arrive_at(queues_[0], item, service, now, background));
        }
        return started;
    }
    // One pass: the servers by their items, ties in order from a random one on.
    const std::size_t n = queues_.size();
    const std::size_t first = static_cast<std::size_t>(rng_.index(servers_));
    order_.clear();
    for (std::size_t k = 0; k < n; ++k) {
        const std::size_t i = (first + k) % n;
        const Queue& q = queues_[i];
        order_.push_back({static_cast<std::size_t>(q.busy) + q.fg.size() + q.bg.size(), k, i});
    }
    const std::size_t take = std::min(n, static_cast<std::size_t>(std::max(0, count)));
    if (take < n) {
        // (the `take` fewest, in no particular order: each gets one)
        std::nth_element(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(take),
                         order_.end());
    }
    for (std::size_t k = 0; k < static_cast<std::size_t>(std::max(0, count)); ++k) {
        // (more items than servers: round again over the same order)
        const std::size_t i = std::get<2>(order_[k % std::max<std::size_t>(1, take)]);
        started.push_back(arrive_at(queues_[i], item, service, now, background));
    }
    return started;
}

std::optional<Started> FcfsStation::arrive_at(Queue& q, int item, double service, double now,
                                              bool background) {
    advance(now);
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
