#include "sim/stations.h"

#include <algorithm>

namespace raidadv::sim {

FcfsStation::FcfsStation(int servers) : servers_(std::max(1, servers)) {}

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
    if (busy_ < servers_) {
        ++busy_;
        return Started{item, now, now + service};
    }
    (background ? bg_ : fg_).push_back({item, service});
    return std::nullopt;
}

std::optional<Started> FcfsStation::depart(double now) {
    advance(now);
    --busy_;
    std::deque<Waiting>& q = fg_.empty() ? bg_ : fg_;
    if (q.empty()) {
        return std::nullopt;
    }
    const Waiting w = q.front();
    q.pop_front();
    ++busy_;
    return Started{w.item, now, now + w.service};
}

Transfer PipelinedLink::reserve(double now, double ready, double seconds) {
    const double start = std::max(free_at_, std::max(ready, now - seconds));
    free_at_ = start + seconds;
    busy_ += seconds;
    return {start, free_at_};
}

}  // namespace raidadv::sim
