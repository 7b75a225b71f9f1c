#pragma once
// Internal to the closed solve (solve_closed.cpp): the residence-time model of a closed network
// at one population level, with the detached (background) load as an open class.

#include <array>
#include <cstddef>
#include <limits>
#include <vector>

#include "queueing/network.h"
#include "queueing/visit_terms.h"

namespace raidadv::queueing::detail {

/// Response of a level at one throughput.
struct StepResult {
    double response = 0.0;
    double response_var = 0.0;
    std::vector<double> queue_per_throughput;  // Little: Q = X * this
    std::vector<double> busy_per_throughput;   // U = X * this (closed part, per server)
};

/// What an arrival finds at each station: requests present and the chance the server is busy.
struct Seen {
    std::vector<double> queue;
    std::vector<double> busy;          ///< utilization per server (probability the server is busy)
    std::vector<double> low_priority;  ///< the part of `busy` spent on low-priority work

    explicit Seen(std::size_t stations)
        : queue(stations, 0.0), busy(stations, 0.0), low_priority(stations, 0.0) {}
};

/// The time queued ahead of a visit's request at a closed level and how it varies.
struct QueuedAhead {
    double time = 0.0;         ///< per server
    double var = 0.0;          ///< its variance
    double per_request = 0.0;  ///< a foreground request's mean busy time per server
    double busy = 0.0;         ///< probability the request finds the server busy
    /// The part of `time` that is the job's own low-priority work (on every copy its write
    /// went to), and of `var`.
    double own_time = 0.0, own_var = 0.0;
};

/// One station's state at the level.
struct StationState {
    BusyMix all;                ///< every visit to it, for the request found in service
    BusyMix low_priority;       ///< its low-priority (Visit::low_priority) visits' share of `all`
    double chosen_first = 0.0;  ///< `all.first` of the visits that choose a copy (choice > 1)
    /// Per copy: a job's low-priority work still there when its next request comes.
    double own_low_priority = 0.0;
    /// Per copy: how much that work differs between the copies a fork's siblings reach (it lies
    /// on the copies the job's writes went to; ClosedLevel::low_priority_left).
    double own_low_priority_place_var = 0.0;
    double busy_per_throughput = 0.0;  ///< closed visits' busy time per server per job/s
    double background = 0.0;           ///< utilization by detached visits at the last throughput
    double background_low_priority = 0.0;  ///< the low-priority part of `background`
    double slow = 1.0;  ///< slow-down of its queue by the detached load: 1 / (1 - forced)
    /// Work that outlives its job (Visit::outlives_job) at the last throughput: utilization per
    /// server, and what a request waits for it (the residual of a piece found in progress)
    /// with its variance.
    double open_busy = 0.0, open_wait = 0.0, open_wait_var = 0.0;
    /// How alike two siblings on different devices find that work (0: independently, 1: the
    /// same), from its pieces running in step over their devices' copies (Visit::spread).
    double open_common = 0.0;
    /// queue_ahead at the level for entries not routed (0) and routed at random (1), once known.
    QueuedAhead ahead[2];
    bool ahead_known[2] = {false, false};
};

/// The residence-time model of a network at one population level. What does not depend on the
/// throughput (the service parts an arrival sees, each station's busy-time moments, each visit's
/// queue ahead, and every visit at a station without detached load) is computed once per level
/// by set(); respond(x) then redoes only the visits at stations whose slow-down by the detached
/// load changed since its last call, and sums every visit's terms. Same arithmetic in the same
/// order as evaluating every visit afresh, so the same numbers. One ClosedLevel serves every
/// population level of a solve (no allocation per level).
class ClosedLevel {
  public:
    explicit ClosedLevel(const Network& net);

    /// Prepares the level an arrival sees: queue lengths and busy probabilities per station,
    /// `n` jobs; `think` is the time a job spends away between requests.
    void set(const Seen& seen, double n, double think);

    /// Utilization of every station by detached (background) visits at throughput x:
    /// StationState::background and background_low_priority.
    void background_utilization(double x);

    /// Response mean and variance at throughput x; with `queues` also the queue lengths and
    /// busy fractions per unit of throughput.
    StepResult respond(double x, bool queues);
    /// The same into `r` (its vectors reused; left as they were without `queues`).
    void respond(double x, bool queues, StepResult& r);

    const StationState& station(std::size_t s) const { return stations_[s]; }

  private:
    /// One visit of one variant.
    struct Entry {
        const Visit* visit = nullptr;
        std::size_t station = 0;
        std::size_t variant = 0;
        bool queue = false;
        double share = 0.0;  ///< per-copy share x probability x count
        Prepared prepared;
        // Per level (set()):
        ServiceParts parts;       ///< at the level's queue lengths
        double with_own = 0.0;    ///< queue ahead plus own service, per server
        double own = 0.0;         ///< own service per server
        double foreground = 0.0;  ///< the visit's foreground time
        double ahead_var = 0.0;   ///< variance of the time queued ahead (no slow-down)
        // Its response terms, requests present per job/s, and the slow-down they are for:
        double mean = 0.0;
        double var = 0.0;
        double at_station = 0.0;
        double memo_slow = 0.0;
        double memo_open = 0.0;  ///< and the wait for work that outlives its job
    };
    /// A detached visit: its load on its station grows with throughput.
    struct Load {
        std::size_t entry = 0;
        std::size_t station = 0;
        double probability = 0.0, count = 0.0, share = 0.0, servers = 1.0;
        double busy = 0.0;  ///< at the level (set())
        double var = 0.0;   ///< its variance, at the level
        bool low_priority = false;
        bool outlives_job = false;
        double common = 0.0;  ///< open_common of this work alone
    };
    void add_entry(const Visit& visit, double probability, const std::vector<char>& loaded);
    void refresh_services(const Seen& seen, double n, double think);
    void mix_busy_times();
    void low_priority_left(double think);
    void prepare_entry(std::size_t i, double& previous_fg, const Seen& seen, double n);
    bool routed(const Entry& e) const;
    QueuedAhead queue_ahead(const Entry& e, const Seen& seen, double n) const;
    QueuedAhead shared_ahead(const Entry& e, const Seen& seen, double n);
    void add_queues(StepResult& r) const;
    void slow_down(double x);
    void evaluate(std::size_t i, double slow);

    const Network& net_;
    /// Per station, work that outlives its job: pieces per second and their E[S^2] sum.
    std::vector<std::array<double, 2>> open_moments_;
    std::vector<Entry> entries_;            ///< every visit, variants in order
    std::vector<std::size_t> variant_end_;  ///< entries_ of variant v: [end[v], end[v + 1])
    std::vector<double> probability_;       ///< per variant
    std::vector<Load> loads_;               ///< the detached entries
    std::vector<std::size_t> variable_;     ///< entries at queues with detached load
    std::vector<std::size_t> dynamic_;      ///< entries whose service depends on the queue
    std::vector<StationState> stations_;
    double last_x_ = std::numeric_limits<double>::quiet_NaN();  ///< the last call's throughput
    StepResult last_;                                           ///< its response (no queues)
    bool terms_changed_ = true;          ///< an entry's terms changed since last_ was summed
    std::vector<Terms> variant_sum_;     ///< per variant: its terms' sums when last summed
    std::vector<char> variant_changed_;  ///< per variant: a term changed since then
};

}  // namespace raidadv::queueing::detail
