#pragma once
// Service centres of the simulator: FCFS queues with one or more servers (host CPU, controller,
// SSD stages) and pipelined links (drive lanes and buses, host link).

#include <deque>
#include <optional>

namespace raidadv::sim {

/// A service that has just begun.
struct Started {
    int item = -1;
    double start = 0.0;
    double done = 0.0;
};

/// First-come first-served queue with `servers` identical servers. Foreground items always go
/// before background ones (write-back destage), FCFS within each class.
class FcfsStation {
  public:
    explicit FcfsStation(int servers = 1);

    /// An item arrives needing `service` seconds; returns its start if a server was free.
    std::optional<Started> arrive(int item, double service, double now, bool background = false);
    /// A service ended at `now`: frees its server and starts the next waiting item, if any.
    std::optional<Started> depart(double now);

    int servers() const { return servers_; }
    int in_system() const { return busy_ + static_cast<int>(fg_.size() + bg_.size()); }
    /// Server-seconds of service since the last reset.
    double busy_seconds(double now) const { return area_ + busy_ * (now - last_); }
    void reset_busy(double now);

  private:
    void advance(double now);
    struct Waiting {
        int item;
        double service;
    };
    int servers_;
    int busy_ = 0;
    std::deque<Waiting> fg_, bg_;
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
