#pragma once
// Service centres of the simulator: FCFS queues with one or more servers (host CPU, controller,
// SSD stages) and pipelined links (drive lanes and buses, host link).

#include <cstdint>
#include <deque>
#include <optional>
#include <tuple>
#include <vector>

#include "sim/rng.h"

namespace raidadv::sim {

/// A service that has just begun.
struct Started {
    int item = -1;
    double start = 0.0;
    double done = 0.0;
};

/// First-come first-served queue with `servers` identical servers. Foreground items always go
/// before background ones (write-back destage), FCFS within each class.
///
/// Routed (`routing_seed` given): each server has its own queue and an arriving item joins one
/// chosen at random (an SSD's flash units: a request waits for the unit holding its data, which
/// a random address makes a random unit, while others may idle; the analytic model's station
/// of `servers` single-server copies, evaluate/network_builder.cpp).
class FcfsStation {
  public:
    explicit FcfsStation(int servers = 1);
    FcfsStation(int servers, std::uint64_t routing_seed);

    /// An item arrives needing `service` seconds; returns its start if a server was free.
    std::optional<Started> arrive(int item, double service, double now, bool background = false);
    /// `count` items of `service` seconds each, as arrive, but a routed station's go to the
    /// `count` servers with the fewest items (from a random one on, the first of the fewest):
    /// work any server may do (an SSD's programs, which the flash translation layer writes to
    /// whichever units are free). Returns each item's start where a server was free.
    std::vector<std::optional<Started>> arrive_least_loaded(int item, double service, double now,
                                                            bool background, int count);
    /// The service of `item` ended at `now`: frees its server and starts the next item waiting
    /// for it, if any.
    std::optional<Started> depart(double now, int item);

    int servers() const { return servers_; }
    int in_system() const { return busy_ + waiting_; }
    /// Server-seconds of service since the last reset.
    double busy_seconds(double now) const { return area_ + busy_ * (now - last_); }
    void reset_busy(double now);

  private:
    void advance(double now);
    struct Waiting {
        int item;
        double service;
    };
    struct Queue {
        std::deque<Waiting> fg, bg;
        int busy = 0;
        std::optional<Started> serving;  ///< routed: the item in service
    };
    std::optional<Started> start_next(Queue& q, double now);
    std::optional<Started> arrive_at(Queue& q, int item, double service, double now,
                                     bool background);
    int servers_;
    int busy_ = 0;
    int waiting_ = 0;
    bool routed_ = false;
    Rng rng_{0};
    std::vector<Queue> queues_;  ///< one shared queue, or one per server when routed
    /// arrive_least_loaded's scratch: (items, order from the random start, server).
    std::vector<std::tuple<std::size_t, std::size_t, std::size_t>> order_;
    double area_ = 0.0, last_ = 0.0;
};

struct Transfer {
    double start = 0.0;
    double end = 0.0;
};

/// A link carrying transfers one at a time in the order they are requested. A transfer is
/// pipelined with whatever produced its data (cut-through through the drive's or controller's
/// buffer): requested at `now` for data that began to exist at `ready`, it may have started as
/// early as max(ready, now - seconds), never before the link was free. Uncontended, it adds only
/// what exceeds the producing step; contended, its waiting. This is the analytic model's
/// `overlapped` visit at request level.
class PipelinedLink {
  public:
    Transfer reserve(double now, double ready, double seconds);
    double busy_seconds() const { return busy_; }
    void reset_busy() { busy_ = 0.0; }

  private:
    double free_at_ = 0.0;
    double busy_ = 0.0;
};

}  // namespace raidadv::sim
