#pragma once
// Future event list of the simulator: a binary heap ordered by time, ties broken by insertion
// order so that runs are deterministic (event scheduling, Law 2015 ch. 1.3).

#include <algorithm>
#include <cstdint>
#include <vector>

namespace raidadv::sim {

struct Event {
    double time = 0.0;
    std::uint64_t seq = 0;
    int kind = 0;
    int a = 0;
    int b = 0;
};

class EventQueue {
  public:
    void push(double time, int kind, int a, int b = 0) {
        heap_.push_back(Event{time, next_seq_++, kind, a, b});
        std::push_heap(heap_.begin(), heap_.end(), later);
    }
    Event pop() {
        std::pop_heap(heap_.begin(), heap_.end(), later);
        Event e = heap_.back();
        heap_.pop_back();
        return e;
    }
    bool empty() const { return heap_.empty(); }
    std::size_t size() const { return heap_.size(); }

  private:
    static bool later(const Event& x, const Event& y) {
        return x.time > y.time || (x.time == y.time && x.seq > y.seq);
    }
    std::vector<Event> heap_;
    std::uint64_t next_seq_ = 0;
};

}  // namespace raidadv::sim
