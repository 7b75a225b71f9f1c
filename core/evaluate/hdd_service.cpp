#include "evaluate/hdd_service.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <vector>

namespace raidadv {

using queueing::Arrival;
using queueing::ServiceParts;

double idle_held_writes(const DriveIoCounts& drive_ios, const Arrival& found, double candidates) {
    // derived: a request finds at most the destage in progress, so the buffer is
    // a queue of writes served about once per read: with r = w / (1 - w) writes per
    // read it holds r / (1 - r) on average (M/M/1), at r >= 1 it fills to the mark -
    // unless the drive has idle moments to empty it in: it holds the write being
    // destaged and the writes among the requests an M/M/1 queue holds at the drive's
    // busy share u (u / (1 - u), w of them).
    const double w = drive_ios.write_share();
    const double r = w / std::max(1e-12, 1.0 - w);
    const double u = std::clamp(found.busy, 0.0, 0.999);
    double held = std::min(
        {candidates, r >= 1.0 ? candidates : 1.0 + r / (1.0 - r), 1.0 + w * u / (1.0 - u)});
    if (!(found.jobs >= 1.0)) {
        return held;
    }
    // derived: jobs that follow each request with the next at once (Arrival::jobs) keep a
    // drive idle only while they wait elsewhere; the arrival theorem's u (the others' work)
    // misses the job's own writes arriving faster than the drive destages them. Per wait of a
    // job at the drives (a read, a write through: DriveIoCounts::waits) the drive takes
    // `per_wait` writes into its cache; a wait that involves the drive ends its destage in
    // progress and starts the next (one destage), one elsewhere leaves it a destage too, and
    // the wait touching it (share `touch`) also waits for the destage in progress: about
    // 2 - touch destages' time per wait. With r' = jobs * per_wait / (2 - touch) writes
    // arriving per destage the cache holds 1 + r' (the one being destaged and those that came
    // meanwhile), and fills to the mark when r' >= 1.
    const double drives = std::max(1.0, drive_ios.drives);
    if (!(drive_ios.waits > 0.0)) {
        return drive_ios.cached_writes > 0.0 ? candidates : held;
    }
    const double per_wait = drive_ios.cached_writes / drives / drive_ios.waits;
    const double touch = std::clamp(drive_ios.waited_ios / (drive_ios.waits * drives), 0.0, 1.0);
    const double arriving = per_wait / (2.0 - touch) * found.jobs;
    return std::max(held, std::min(candidates, arriving >= 1.0 ? candidates : 1.0 + arriving));
}

namespace {

/// Whom the drive chooses among when it serves the request.
struct Choice {
    double candidates = 1.0;   ///< requests (or held writes) the drive picks the quickest of
    double nearest_arm = 0.0;  ///< probability a mirror read went to the nearest copy's arm
    double many = 1.0;         ///< share of destages that choose among `candidates`
    double idle_held = 1.0;    ///< writes held when the drive destages in an idle moment
};

Choice choose(const HddServicePlan& plan, const DriveIoCounts& drive_ios, const Arrival& found) {
    const double present = found.present;
    Choice c;
    // derived: when the drive finishes a request it chooses among those still waiting,
    // so an arrival that finds `present - 1` others is chosen from about that many.
    c.candidates = std::min(std::max(present - 1.0, plan.min_candidates), plan.depth);
    // A mirror read goes to the least busy copy, and among copies alike in that to the arm
    // nearest in address (Promise SuperTrak manual: "not busy and positioned closer");
    // derived: the copies are alike when they are idle, probability 1/present as the
    // arrival's own copy is. Linux md takes the first idle copy whatever its distance and
    // the nearest only when none is idle (raid1.c / raid10.c read_balance); derived: every
    // copy busy, taken as independent, busy^copies. Nobody outside the drive knows the
    // angle, so the choice shortens the seek only (HddPositioning's arms).
    if (plan.copies > 1.0) {
        c.nearest_arm = plan.idle_copy_first
                            ? std::pow(std::clamp(found.busy, 0.0, 1.0), plan.copies)
                            : 1.0 / std::max(1.0, present);
    }
    if (!plan.cached) {
        return c;
    }
    // A drive's own destage chooses among the writes it holds. It serves reads first
    // and destages when none waits, or ahead of them once its buffer is half full
    // (high-water mark: Varma & Jacobson, "Destage algorithms for disk arrays with
    // non-volatile caches", ISCA 1995), so with reads about half the window
    // is held; with writes only the buffer fills. derived: with reads, the share of
    // destages made at the mark is taken as the reads an arrival finds waiting
    // (present - 1, at most 1); the rest are made in an idle moment among the
    // writes held then (below): with few writes per read, alone, right after the
    // write is acknowledged, and the next request waits behind it (as the
    // simulated drives do).
    const double w = drive_ios.write_share();
    c.candidates = destage_candidates(drive_ios, plan.window);
    // (Behind a write-back cache the controller keeps the drive's queue full of
    // destage work: never alone.)
    c.many = w >= 1.0 || !plan.idle_destage ? 1.0 : std::clamp(present - 1.0, 0.0, 1.0);
    // (how many it holds then: idle_held_writes; a drive a request finds idle, one job's
    // drive while the job is on the other drives, destages each write alone, right after
    // it is acknowledged, as the simulated drives do, unless the job's writes come faster)
    c.idle_held = idle_held_writes(drive_ios, found, c.candidates);
    return c;
}

/// Positioning moments of the request (`m`) and, for the destages made alone that go back over
/// a read (`alone`, a share `alone_share` of them), of those.
struct Positioning {
    TimeMoments m;
    TimeMoments alone{};
    double alone_share = 0.0;
};

Positioning position(const HddServicePlan& plan, PositioningMemo& pos, const Choice& c,
                     double present) {
    Positioning p;
    p.m = c.nearest_arm > 0.0
              ? mixture(c.nearest_arm, pos.at_nearest(c.candidates), pos.at(c.candidates))
              : pos.at(c.candidates);
    if (c.many < 1.0) {
        // derived: a mixture of destages in an idle moment and at the high-water mark.
        p.alone = pos.at(c.idle_held);
        if (plan.rewrite) {
            // The write half of read-modify-write destaged alone finds the head on the
            // track it just read unless another request came between (probability
            // 1 - 1/present): it waits a revolution less the transfer (Chen et al.
            // 1994), as the write-through case in drive_visits.cpp. It goes back over what
            // the head has read, so it continues no stream (command_parts() below).
            p.alone = mixture(1.0 / std::max(1.0, present), {plan.rewrite_wait, 0.0}, p.alone);
            p.alone_share = 1.0 - c.many;
        } else {
            p.m = mixture(c.many, p.m, p.alone);
        }
    }
    return p;
}

/// How a stream's commands meet other streams at the drive.
struct Interleaving {
    double interleaved = 1.0;  ///< streams taking turns at the drive
    double preempted = 0.0;    ///< share of read-aheads cut short by a waiting command
};

Interleaving interleave(const HddServicePlan& plan, const DriveIoCounts& drive_ios,
                        const Arrival& found) {
    if (plan.allocated) {
        // derived: the allocator's write stream pays positioning when a read moved the head
        // since its previous write: with read share r of the drive's I/Os, probability r,
        // which is 1 - 1/interleaved for interleaved = 1 / (1 - r).
        const double reads = drive_ios[0] / std::max(1e-300, drive_ios[0] + drive_ios[1]);
        Interleaving i;
        i.interleaved = 1.0 / std::max(1e-9, 1.0 - std::clamp(reads, 0.0, 1.0));
        return i;
    }
    const double present = found.present;
    // A stream's work read ahead (reads) or destaged later (writes in the drive's cache)
    // is not time its requests spend at the drive, so the requests present undercount
    // the other streams there; derived: the drive's busy share from other streams (the
    // arrival's view of the drive, all but its own stream's share when several requests
    // belong to one stream) is the mean number of them it finds at work, at most one.
    // A mirror read takes the copy with the shorter queue, then the nearer arm (the
    // simulator's choice), so a stream keeps a copy of its own unless every copy is at
    // work for others (taken as independent copies: the power).
    const double others = plan.streams < 1e300 ? std::max(0.0, 1.0 - 1.0 / plan.streams) : 1.0;
    const double busy_others = std::pow(found.busy * others, plan.copies);
    const double found_present =
        plan.ahead_read || plan.cached ? std::max(present, 1.0 + busy_others) : present;
    Interleaving i;
    // derived: a stream writing at `regions` places of each drive is that many streams there,
    // and they take turns even when nothing else is at the drive.
    i.interleaved =
        std::max(plan.regions, std::min(found_present * plan.regions, plan.streams * plan.regions));
    // derived: a drive reads ahead only until the next command needs the head (Shriver,
    // Merchant & Wilkes 1998; the simulator's drive), so a stream finds its data read
    // ahead only if the drive went idle after its previous request, not when another
    // request waited then (taken as found - 1, at most 1, as for the destages above).
    // The head still reads ahead while the drive handles other streams' commands whose data
    // it holds (hits) and through the overhead of the next one that needs it (the simulator's
    // drive, hdd.cpp leave_read_ahead). derived: the read-ahead per positioning is
    // B = r o' / (1 - r o' / s) for o' the time of the commands served before the stream's next
    // request, so once r o' reaches the request size s, B grows to the segment: the streams
    // take turns from their segments, each positioning once per segment. A stream gets there
    // from one command's overhead (o' = o) where the media rate r is fast enough (share e of
    // the span; one of the m streams taking turns suffices: 1 - (1 - e)^m); the others'
    // hits then keep it going wherever r (found - 1) o reaches s.
    double kept = 0.0;
    if (plan.ahead_read && plan.ahead_rate_Bps > 0.0) {
        const double ahead_of = std::max(1.0, found_present - 1.0);
        const double stays = hdd_rate_share_above(plan.media_outer_Bps, plan.media_inner_Bps,
                                                  plan.ahead_rate_Bps / ahead_of, plan.span);
        // (only where the drive serves reads alone: its writes' destages move the head too,
        // and a read-modify-write's reads are of blocks it writes back; there each read-ahead
        // cut short stays cut short, as before)
        kept = drive_ios[1] > 0.0
                   ? 0.0
                   : (1.0 - std::pow(1.0 - plan.ahead_enters, ahead_of + 1.0)) * stays;
    }
    i.preempted = plan.ahead_read ? std::clamp(found_present - 1.0, 0.0, 1.0) * (1.0 - kept) : 0.0;
    return i;
}

/// One command of the request. Sequential: a stream pays positioning only when another stream
/// moved the head in between (probability 1 - 1/found, derived: FCFS order among the requests
/// found, capped by the number of streams). With read-ahead (reads) or the drive's write cache
/// (writes) it pays once per cache segment of its own data, and the media transfer of a hit is
/// done ahead/behind the request (Shriver, Merchant & Wilkes 1998, simplified). Without
/// read-ahead a read that finds the head just past its start waits about a full revolution
/// (Ruemmler & Wilkes 1994). A disk this transfer has not used yet (`fresh_share`) always pays
/// full positioning.
ServiceParts command_parts(const HddServicePlan& plan, const Positioning& pos,
                           const Interleaving& il, double fresh_share, double skipped) {
    const TimeMoments& m = pos.m;
    // A run of `plan.run` commands of one stream is positioned once (ZFS prefetch).
    double p = (1.0 - 1.0 / il.interleaved) / std::max(1.0, plan.run);
    if (plan.streaming && il.interleaved <= plan.segments) {
        p *= il.preempted + (1.0 - il.preempted) * plan.per_segment;
    }
    p = fresh_share + (1.0 - fresh_share) * p;
    ServiceParts c;
    // Continuing a stream sweeps over the data it skips; a fresh access does not.
    const double stream_transfer = fresh_share >= 1.0 ? plan.transfer : plan.transfer * skipped;
    if (plan.streaming) {
        // The destages alone of a read-modify-write's write half are always
        // positioned (alone, above); the rest as a stream.
        const double media = pos.alone_share + (1.0 - pos.alone_share) * p;
        const TimeMoments positioned =
            mixture(pos.alone_share, pos.alone, mixture(p, m, {0.0, 0.0}));
        // A read that hits: the media reads ahead while the drive's controller handles the
        // command, one command at a time, so the drive is busy for the longer of the two and
        // the request waits for its command (derived: the simulator's drive, hdd.cpp
        // start_next, holds the drive for a hit's command overhead). A write the cache takes
        // holds it for none (hdd.cpp enqueue); ZFS merges a run's adjacent reads into one
        // command (vdev_queue.c aggregation: zfs_prefetch.cpp), one overhead per run. The link
        // transfer is the link visit.
        const double hit = 1.0 - media;
        const double held =
            plan.write ? 0.0
                       : std::max(0.0, plan.overhead / std::max(1.0, plan.run) - stream_transfer);
        c.fixed_s = media * (plan.overhead + stream_transfer) + hit * held;
        c.hidden_s = hit * stream_transfer;
        c.delay_s = hit * (plan.overhead - held);
        c.random = {positioned.mean, positioned.var};
    } else {
        const double lost = fresh_share >= 1.0 ? m.mean : plan.revolution;
        c.fixed_s = plan.overhead + stream_transfer;
        const double mean = p * m.mean + (1.0 - p) * lost;
        const double second = p * (m.var + m.mean * m.mean) + (1.0 - p) * lost * lost;
        c.random = {mean, std::max(0.0, second - mean * mean)};
    }
    return c;
}

}  // namespace

std::shared_ptr<const HddPositioning> cached_positioning(const HddSpec& hdd, double span,
                                                         bool write, int candidates, int arms) {
    thread_local std::map<std::array<double, 9>, std::shared_ptr<const HddPositioning>> cache;
    // What the table is made of (HddPositioning's constructor: the seek curve, the revolution,
    // the write's extra settling, the seek jitter, the span, the table's depth and the mirror
    // arms), so that
    // drives alike in those share a table whatever their media rates, caches and overheads.
    const std::array<double, 9> key{
        hdd.rpm,
        hdd.seek_track_to_track_s,
        hdd.seek_average_s,
        hdd.seek_full_stroke_s,
        write ? hdd.write_seek_extra_s : 0.0,
        hdd.seek_jitter_s,
        span,
        static_cast<double>(std::max(1, candidates > 0 ? candidates : hdd.queue_depth)),
        static_cast<double>(std::max(1, arms))};
    if (const auto it = cache.find(key); it != cache.end()) {
        return it->second;
    }
    // bounds the memory (a table is at most 512 moments); refilled on demand. An advisor
    // search over the whole catalog meets each drive again and again: it holds them all.
    constexpr std::size_t kMaxEntries = 2048;
    if (cache.size() >= kMaxEntries) {
        cache.clear();
    }
    auto made = std::make_shared<const HddPositioning>(hdd, span, write, candidates, arms);
    cache.emplace(key, made);
    return made;
}

TimeMoments mixture(double p, TimeMoments a, TimeMoments b) {
    const double mean = p * a.mean + (1.0 - p) * b.mean;
    const double second = p * (a.var + a.mean * a.mean) + (1.0 - p) * (b.var + b.mean * b.mean);
    return {mean, std::max(0.0, second - mean * mean)};
}

double hdd_most_candidates(const HddServicePlan& plan, double present) {
    // choose(): min(max(present - 1, min_candidates), depth) (present >= 1); a cached write
    // chooses among the window or half of it, and destages made alone among fewer.
    if (plan.cached) {
        return std::max(1.0, plan.window);
    }
    return std::min(std::max(present - 1.0, plan.min_candidates), plan.depth);
}

queueing::ServiceFloor hdd_service_floor(const HddServicePlan& plan, const PositioningMemo& pos,
                                         double present) {
    // derived from command_parts(): busy = fixed + hidden + random mean holds the stream
    // transfer (the plan's transfer times a sweep >= 1) in both branches, and the positioning
    // mean is at least the fresh share times the positioning of the widest choice (SATF: more
    // candidates, less positioning; HddPositioning::at does not rise with them), or the
    // write-back rewrite wait when the write half of read-modify-write is destaged alone;
    // later commands and the moves between hidden and random (unbuffered, early) keep the sum.
    // The first command's fixed part holds the fresh share of its transfer (media >= p >=
    // fresh) and its random part the fresh share of that positioning, less what a pipelined
    // window positions ahead (early).
    double least = std::max(0.0, pos.peek(hdd_most_candidates(plan, present)).mean);
    if (plan.rewrite) {
        least = std::min(least, plan.rewrite_wait);
    }
    const double fresh = std::clamp(plan.fresh, 0.0, 1.0);
    queueing::ServiceFloor f;
    f.busy_s = std::max(1.0, plan.commands) * plan.transfer + fresh * least;
    f.foreground_s = fresh * (plan.transfer + (plan.early ? 0.0 : least));
    return f;
}

ServiceParts hdd_service(const HddServicePlan& plan, PositioningMemo& memo,
                         const DriveIoCounts& drive_ios, const Arrival& found) {
    const double present = found.present;
    const Positioning pos = position(plan, memo, choose(plan, drive_ios, found), present);
    const Interleaving il = interleave(plan, drive_ios, found);
    ServiceParts parts = command_parts(plan, pos, il, plan.fresh, plan.sweep);
    if (plan.commands > 1.0) {
        // The controller sends a large disk I/O's commands one after another, so other
        // streams' commands may come between them: each continues the stream like the
        // next request of a sequential stream.
        const ServiceParts rest = command_parts(plan, pos, il, 0.0, plan.rest_sweep);
        const double n = plan.commands - 1.0;
        parts.fixed_s += n * rest.fixed_s;
        parts.hidden_s += n * rest.hidden_s;
        parts.delay_s += n * rest.delay_s;
        parts.random.mean += n * rest.random.mean;
        parts.random.var += n * rest.random.var;
    }
    // derived: the disks of one striped request start from the same place (the
    // previous request's rows) when nothing else ran in between (probability
    // 1/present), so their seeks are equal and only the rotation differs.
    const double shared =
        std::max(0.0, parts.random.var - plan.rotation_var) / std::max(1.0, present);
    parts.sibling_var = parts.random.var - shared;
    if (plan.unbuffered > 0.0) {
        // derived: in a pipelined window the bytes the drive has not read ahead (split_transfer)
        // wait for the media (their hidden transfer is on the path), the commands'
        // electronics overlapping the media.
        parts.fixed_s += plan.unbuffered * parts.hidden_s;
        parts.hidden_s *= 1.0 - plan.unbuffered;
        parts.delay_s *= 1.0 - plan.unbuffered;
    }
    if (plan.early && plan.fresh > 0.0) {
        // derived: read-ahead issues a window's cluster once the cluster two before it
        // is done, so a disk the file has not used yet positions while the previous
        // cluster is read elsewhere: up to one cluster's media time of its positioning
        // is done ahead of the window (the simulator issues clusters so).
        const double ahead = plan.fresh * std::min(pos.m.mean, plan.cluster_media);
        parts.random.mean -= ahead;
        parts.hidden_s += ahead;
    }
    return parts;
}

}  // namespace raidadv
