// blkparse default text output (blktrace). Line layout, blkparse(1) "DEFAULT OUTPUT":
// "%D %2c %8s %5T.%9t %5p %2a %3d " (device major,minor; CPU; sequence; seconds.nanoseconds;
// pid; action; RWBS), then for Q, G, I, D, M, F: "SECTOR + COUNT [process]", for C:
// "SECTOR + COUNT [error]". A request is counted when it is issued to the driver (D, after
// merging); its latency runs from the queueing (Q) of its first sector to the completion (C)
// of that sector, or from D when no Q was traced. The summary blkparse prints at the end
// ("CPU0 (8,0):", "Total (8,0):", ...) is skipped.

#include <cmath>
#include <map>
#include <sstream>
#include <unordered_map>

#include "measure/importers.h"
#include "measure/trace_stats.h"
#include "units/units.h"

namespace raidadv::measure::detail {
namespace {

struct Event {
    std::string device;
    double time_s = 0;
    std::string action, rwbs;
    std::uint64_t sector = 0, count = 0;
    bool has_range = false;
};

/// Parses one event line; false for lines that are not events (summary, blank).
bool parse_event(const std::string& line, Event& e) {
    std::istringstream f(line);
    std::string cpu, seq, time, pid;
    if (!(f >> e.device >> cpu >> seq >> time >> pid >> e.action)) {
        return false;
    }
    if (e.device.find(',') == std::string::npos || time.find('.') == std::string::npos) {
        return false;
    }
    try {
        e.time_s = std::stod(time);
    } catch (const std::exception&) {
        return false;
    }
    if (!(f >> e.rwbs)) {
        return true;
    }
    std::string plus;
    e.has_range = static_cast<bool>(f >> e.sector >> plus >> e.count) && plus == "+";
    return true;
}

struct Device {
    TraceStats stats;
    std::unordered_map<std::uint64_t, double> queued, issued;  ///< sector -> time
    double latency_sum_s = 0, completed = 0;
    std::uint64_t redispatched = 0;  ///< D events of a request already issued (requeues)
};

constexpr std::size_t kMaxInFlight = 1u << 20;

/// Applies one Q, D or C event with data to its device's in-flight maps, statistics and
/// latency sums; counts completions whose issue is not in the trace.
void apply_event(Device& d, const Event& e, bool write, std::uint64_t& unmatched) {
    if (d.queued.size() > kMaxInFlight || d.issued.size() > kMaxInFlight) {
        unmatched += d.queued.size() + d.issued.size();  // lost completions: start afresh
        d.queued.clear();
        d.issued.clear();
    }
    if (e.action == "Q") {
        d.queued[e.sector] = e.time_s;
    } else if (e.action == "D") {
        // A D for a sector issued and not yet completed is the same request dispatched again
        // after a requeue (blktrace's R, often not traced: `-a issue -a complete`): counted
        // once, timed from its first dispatch (seen in a real trace, tests/data/measure).
        if (!d.issued.try_emplace(e.sector, e.time_s).second) {
            ++d.redispatched;
            return;
        }
        d.stats.add(e.device, e.time_s, write, e.sector * 512,
                    e.count * static_cast<std::uint64_t>(units::sector));
    } else if (e.action == "C") {
        double start = -1;
        if (auto q = d.queued.find(e.sector); q != d.queued.end()) {
            start = q->second;
            d.queued.erase(q);
        }
        if (auto i = d.issued.find(e.sector); i != d.issued.end()) {
            if (start < 0) {
                start = i->second;
            }
            d.issued.erase(i);
        }
        if (start >= 0 && e.time_s >= start) {
            d.latency_sum_s += e.time_s - start;
            d.completed += 1;
        } else {
            ++unmatched;
        }
    }
}

/// The workload one device's issued requests describe, with its measured point when
/// completions were matched.
ImportedWorkload describe_device(const std::string& name, const Device& d, std::uint64_t skipped,
                                 std::uint64_t unmatched, LineReader& in) {
    const TraceStats& s = d.stats;
    ImportedWorkload w;
    Workload& wl = w.workload;
    wl.name = "blktrace " + name;
    wl.read_fraction = round_to(s.read_fraction(), 4);
    wl.sequential_fraction = round_to(s.sequential_fraction(), 3);
    wl.size = s.sizes();
    wl.alignment_bytes = s.alignment_bytes();
    wl.streams = wl.sequential_fraction > 0 ? 1 : 0;
    // derived: the requests fell over the sectors they spanned; taken as the working set.
    wl.working_set_bytes = s.span_bytes();
    w.source_format = "blkparse";
    w.requests = s.requests();
    w.seconds = s.last_time_s() - s.first_time_s();
    wl.arrival_rates_per_s = median_and_p95(s.rates_per_second());
    if (d.completed > 0 && w.seconds > 0) {
        // Little's law: mean requests in the system = throughput x mean response time.
        const double mean = d.latency_sum_s / d.completed;
        const double rate = s.requests() / w.seconds;
        wl.concurrency = {std::max(1, static_cast<int>(std::lround(rate * mean)))};
        MeasuredPoint m;
        m.concurrency = wl.concurrency.front();
        m.iops = round_to(rate, 4);
        m.mean_response_s = round_to(mean, 4);
        w.measured.push_back(m);
    } else if (wl.arrival_rates_per_s.empty()) {
        wl.concurrency = {1};
        w.notes.push_back(
            "no completions matched and no timing: the load point is 1 "
            "outstanding request");
    }
    w.description = "blktrace/blkparse, device " + name + ": " + short_number(s.requests(), 4) +
                    " requests issued over " + short_number(w.seconds, 4) + " s, " +
                    short_number(d.completed, 4) +
                    " completions matched (latency from queueing to completion); from " +
                    in.label();
    if (skipped > 0) {
        w.notes.push_back(std::to_string(skipped) +
                          " discards and requests without data are not counted");
    }
    if (d.redispatched > 0) {
        w.notes.push_back(std::to_string(d.redispatched) +
                          " dispatches of requests already issued and not completed "
                          "(requeues) are counted once");
    }
    if (unmatched > 0) {
        w.notes.push_back(std::to_string(unmatched) +
                          " completions without their issue in the trace are not timed");
    }
    return w;
}

}  // namespace

std::vector<ImportedWorkload> import_blkparse(LineReader& in) {
    std::map<std::string, Device> devices;
    std::string line;
    Event e;
    std::uint64_t events = 0, unmatched = 0, skipped = 0;
    while (in.next(line)) {
        if (!parse_event(line, e)) {
            if (events == 0 && line.find_first_not_of(" \t") != std::string::npos) {
                throw ImportError(in.where() +
                                  ": not blkparse's default output (expected "
                                  "\"MAJ,MIN CPU SEQ SECONDS PID ACTION RWBS ...\")");
            }
            continue;
        }
        ++events;
        if (!e.has_range || e.count == 0) {
            continue;  // plugs, unplugs, flushes without data
        }
        const bool discard = e.rwbs.find('D') != std::string::npos;
        const bool write = e.rwbs.find('W') != std::string::npos;
        const bool read = e.rwbs.find('R') != std::string::npos;
        if (discard || (!write && !read)) {
            ++skipped;
            continue;
        }
        apply_event(devices[e.device], e, write, unmatched);
    }
    if (events == 0) {
        throw ImportError(in.label() + ": no blkparse events");
    }
    std::vector<ImportedWorkload> out;
    for (auto& [name, d] : devices) {
        if (d.stats.requests() < 2) {
            continue;
        }
        out.push_back(describe_device(name, d, skipped, unmatched, in));
    }
    if (out.empty()) {
        throw ImportError(in.label() +
                          ": fewer than two requests issued (D events) on every "
                          "device: too little to describe a workload");
    }
    return out;
}

}  // namespace raidadv::measure::detail
