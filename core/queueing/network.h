#pragma once
// A generic queueing network for mean value analysis: stations (possibly several identical
// copies sharing the load), and jobs that visit them in sequence, with fork-join visits that send
// sub-requests to k copies at once and wait for the slowest. Knows nothing of disks.

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

namespace raidadv::queueing {

/// Mean and variance of a random time.
struct Moments {
    double mean = 0.0;
    double var = 0.0;
};

enum class StationKind {
    Queue,  ///< FCFS queue; with servers > 1 a multi-server queue (closed: Seidmann; open:
            ///< Sakasegawa)
    Delay   ///< infinite server: no waiting
};

struct Station {
    std::string name;
    StationKind kind = StationKind::Queue;
    int copies = 1;  ///< identical copies; a visit picks copies at random, load spreads evenly
    double servers = 1.0;  ///< servers per copy
    /// Copies that make one device (an SSD's flash units); its work that outlives a job waits
    /// in that device's buffer (the spread of the bound's wait, solve_closed.cpp).
    int device_copies = 1;
};

/// The parts of one sub-request's service time.
struct ServiceParts {
    double fixed_s = 0.0;   ///< deterministic: occupies the station and the job
    Moments random;         ///< random: occupies the station and the job
    double hidden_s = 0.0;  ///< occupies the station only (work done ahead, e.g. read-ahead)
    double delay_s = 0.0;   ///< delays the job only (electronics overlapped with the media)
    /// Variance of the random part that differs between the sub-requests of one fork (the rest
    /// is common to them, e.g. the seek of disks whose heads move in lockstep); < 0: all of it.
    double sibling_var = -1.0;

    double busy() const { return fixed_s + random.mean + hidden_s; }
    double foreground() const { return fixed_s + random.mean; }
};

/// What an arriving sub-request finds at its station copy.
struct Arrival {
    double present = 1.0;  ///< requests at the copy, this one included
    double busy = 0.0;     ///< probability the copy is busy with other work (hidden work included)
    /// Jobs of a closed network without think time (each job's next request follows its last
    /// at once); 0 otherwise.
    double jobs = 0.0;
};

/// Lower bounds on a queue-dependent service (Service::floor_at).
struct ServiceFloor {
    double busy_s = 0.0;        ///< on parts.busy()
    double foreground_s = 0.0;  ///< on parts.foreground()
};

/// Service of one sub-request; the parts may depend on what it finds at the station copy
/// (queue reordering such as SATF in a disk, stream interleaving).
struct Service {
    ServiceParts parts;              ///< used when `at` is empty
    double fixed_max_extra_s = 0.0;  ///< extra deterministic time of a fork's largest sub-request
    std::function<ServiceParts(const Arrival& found)> at;
    /// With `at`: lower bounds on at(found).busy() and at(found).foreground() over every found
    /// state with found.present at most `present` (empty: none known, 0), for bounds that must
    /// never exceed what the solve gives (evaluate/response_bound.h).
    std::function<ServiceFloor(double present)> floor_at;

    ServiceParts parts_at(const Arrival& found) const { return at ? at(found) : parts; }
};

/// One step of a job: `fork` sub-requests to distinct copies of `station`, all identical.
struct Visit {
    int station = 0;
    int fork = 1;
    double count = 1.0;  ///< times per job (visit ratio; may be fractional)
    Service service;
    bool detached =
        false;  ///< background work (write-back destage): loads the station, adds no response time
    bool overlapped = false;  ///< service overlaps the previous step (pipelined transfer): adds
                              ///< only its waiting time
    int choice = 1;  ///< open solve: joins the shortest queue of this many copies (mirror reads)
    /// With choice > 1, closed solve: the request takes an idle copy when there is one (Linux
    /// md's read balancing; RAID controllers that send a read to the drive that is not busy),
    /// so it waits only when every copy is busy.
    bool idle_copy_first = false;
    /// Service order: the station serves its queue nearest-first (it picks the waiting request
    /// it can start soonest, e.g. a disk's shortest positioning time first), not first come
    /// first served; the solver takes that as random order of service.
    bool nearest_first = false;
    /// Priority class: detached work in a lower, non-preemptive priority class, served only
    /// while no other request waits, until its buffer fills (e.g. a drive destaging its own
    /// write cache: it serves reads first).
    bool low_priority = false;
    /// Share of its job's own low-priority work at the station a request of this visit can
    /// still find there (closed_level.cpp, low_priority_ahead): less than 1 for a later visit
    /// of a job whose earlier visit waited for that work (a cache flush, e.g. Linux md's
    /// bitmap update, that ran for this share of the jobs).
    double own_low_priority_left = 1.0;
    /// Priority class: detached work that outlives its request and job (an SSD's programs of
    /// the data its buffer took): served only while no other request waits at its copy, and
    /// found by every arrival at its time-average load at the throughput (an open class), a
    /// request waiting for the piece in progress (Cobham 1954); with `detached`.
    bool outlives_job = false;
    /// Copies of one device a sub-request's work spreads over (an SSD write's programs over
    /// its flash units): `fork` / `spread` devices.
    int spread = 1;
    /// Arrival process: its requests arrive as the previous visit finishes them (tandem, e.g. a
    /// read's data flowing from the drive onto its link), not independently.
    bool fed_by_previous = false;
    /// Arrival process: its requests continue streams, so which copies a job reaches, and the
    /// order a station serves them in, follow the streams, not chance (e.g. sequential reads;
    /// the spread of the closed solve's wait, closed_level.cpp).
    bool stream_arrivals = false;
};

/// Per-copy share of a visit: k of the station's copies receive one sub-request each.
inline double share(const Visit& v, const Station& s) {
    return static_cast<double>(v.fork) / static_cast<double>(std::max(1, s.copies));
}

/// How alike two sub-requests on different devices of `s` find the work that outlives its job
/// of `v` (0: independently, 1: the same). derived: a device is busy with it as a whole where
/// its pieces run in step over every copy of the device (their share of its copies), and
/// another device is busy with the same work where that work went to it too: (w - 1) / (D - 1)
/// for work on w of D devices (as the closed solve's siblings share the requests ahead).
inline double device_in_step(const Visit& v, const Station& s) {
    const int device_copies = std::max(1, s.device_copies);
    const double in_step = std::min(1.0, static_cast<double>(v.spread) / device_copies);
    const double devices = std::max(1, v.fork / std::max(1, v.spread));
    const double all = std::max(1, s.copies / device_copies);
    return in_step * (all > 1.0 ? std::min(1.0, (devices - 1.0) / (all - 1.0)) : 1.0);
}

/// A kind of job with its probability; a job's steps run one after another.
struct JobVariant {
    double probability = 1.0;
    std::vector<Visit> visits;
};

struct Network {
    std::vector<Station> stations;
    std::vector<JobVariant> variants;  ///< probabilities sum to 1
};

/// Solution at one load point.
struct Solution {
    bool saturated = false;      ///< open network at or beyond capacity
    double throughput = 0.0;     ///< jobs per second
    double response_mean = 0.0;  ///< seconds per job
    double response_var = 0.0;
    std::vector<double> utilization;   ///< per station: busy fraction of one copy's servers
    std::vector<double> queue_length;  ///< per station: mean requests at one copy
    /// Closed: per station, the part of `utilization` spent on low-priority work
    /// (Visit::low_priority).
    std::vector<double> low_priority_utilization;
    int iterations = 0;  ///< solver iterations used (bounded)
    /// Closed: the caller's LevelWatch stopped the solve before this population; the rest of
    /// the solution is empty.
    bool stopped = false;
};

/// Called after each population of a closed solve's exact recursion (1, 2, ...) with its
/// solution; returning false stops the solve there.
using LevelWatch = std::function<bool(int population, const Solution& at)>;

/// Iteration bounds: the Bard-Schweitzer fixed point (closed points above the exact limit) stops
/// after this many iterations whether or not it has converged; the open solve's search for each
/// queue's length (a geometric scan, then bisection) takes at most about 205 evaluations, under
/// its bound by construction. Every solve terminates; Solution::iterations reports what was used
/// (open: the most evaluations any one queue took).
inline constexpr int kMaxClosedIterations = 5000;
inline constexpr int kMaxOpenIterations = 500;

/// Closed network: `population` jobs circulating, each thinking `think_time` between jobs.
/// Exact MVA recursion over the population (Reiser & Lavenberg 1980) with the fork-join and
/// load-dependent extensions below, up to `exact_limit`; above it the Bard-Schweitzer fixed point.
std::vector<Solution> solve_closed(const Network& net, const std::vector<int>& populations,
                                   double think_time, int exact_limit = 512);

/// solve_closed with `watch` called after every population of the exact recursion; once it
/// returns false the populations not yet solved come back `stopped`.
std::vector<Solution> solve_closed(const Network& net, const std::vector<int>& populations,
                                   double think_time, int exact_limit, const LevelWatch& watch);

/// Open network with Poisson arrivals at `arrival_rate` jobs per second: M/G/1 per station copy
/// (Pollaczek-Khinchine), Sakasegawa's M/G/c wait for multi-server stations.
Solution solve_open(const Network& net, double arrival_rate);

}  // namespace raidadv::queueing
