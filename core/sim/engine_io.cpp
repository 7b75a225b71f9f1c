// Requests, drives and links of one load point (see engine.h). Every demand formula is the one
// evaluate/network_builder.cpp gives the analytic network (add_os_request, add_phase).
#include <algorithm>
#include <cmath>
#include <limits>

#include "sim/engine.h"

#include "sim/ssd.h"
#include "system/drive_lane.h"
#include "system/md_bitmap.h"
#include "system/read_cache.h"
#include "system/write_cache.h"

namespace raidadv::sim {

void Engine::issue_os(int j, const Step& step, double now) {
    const int id = os_.alloc();
    OsReq& r = os_[id];
    r.job = j;
    if (step.cpu_only) {
        // Per-file host work (open, close, bookkeeping): host CPU only.
        r.cpu_only = true;
        r.cpu_s = step.cpu_s;
        schedule(kCpuStation, stations_[kCpuStation].arrive(id, r.cpu_s, now));
        return;
    }
    r.stream = jobs_[j].stream;
    r.volume = step.volume;
    r.offset = step.offset;
    r.bytes = step.bytes;
    r.write = step.write;
    r.sequential = step.sequential;
    r.continues = step.continues;
    // A write-back cache gathers sequential parity writes into full stripes (network_builder:
    // coalesced_full_stripe_share).
    r.coalesce = r.write && r.sequential && write_back_ && map_.geometry().parity_per_group > 0 &&
                 !is_zfs(map_.geometry().level);
    if (!r.write && r.sequential && is_zfs(map_.geometry().level) && zfs_prefetch(id, r, now)) {
        return;
    }
    if (!r.write && ra_.applies(r.bytes, r.sequential) && controller_read_ahead(id, r, now)) {
        return;
    }
    if (read_cache_.enabled()) {
        // Reads of cached blocks never reach a drive; what is read or written is cached.
        r.cache_hit = !r.write && read_cache_.lookup(r.volume, r.offset, r.bytes);
        if (!r.cache_hit) {
            read_cache_.insert(r.volume, r.offset, r.bytes);
        }
    }
    if (!r.coalesce && !r.cache_hit) {
        r.array = r.write ? map_.write(r.offset, r.bytes) : map_.read(r.offset, r.bytes, 0);
    }
    if (r.write && is_zfs(map_.geometry().level)) {
        zfs_dirty(r);
    }
    set_demands(r);
    if (lock_station_ >= 0 && !r.sequential) {
        // The lseek first: the volume's inode lock (network_builder.cpp add_seek).
        const int lock = lock_station_ + r.volume;
        schedule(lock, stations_[static_cast<std::size_t>(lock)].arrive(
                           id, sys_.host.block_llseek_s, now));
        return;
    }
    schedule(kCpuStation, stations_[kCpuStation].arrive(id, r.cpu_s, now));
}

bool Engine::zfs_prefetch(int id, OsReq& r, double now) {
    // OpenZFS dmu_zfetch.c: a sequential stream is read zfetch_max_distance (64 MiB) ahead of
    // the application (taken at its steady-state distance from the stream's first read); the
    // reads are the drives' async class, issued as they come (the drives' queues order them).
    constexpr double kDistance = kZfetchMaxDistance;
    const double record = map_.geometry().unit;
    const auto key = [&](std::int64_t rec) { return rec * 4096 + r.volume; };
    const auto first = static_cast<std::int64_t>(std::floor(r.offset / record));
    const auto end = static_cast<std::int64_t>(std::ceil((r.offset + r.bytes) / record));
    const std::int64_t stream_key = static_cast<std::int64_t>(r.stream) * 4096 + r.volume;
    double& issued = prefetch_end_.try_emplace(stream_key, 0.0).first->second;
    if (issued < r.offset || issued > r.offset + 2.0 * kDistance) {
        issued = static_cast<double>(end) * record;  // a new stream: its first read is its own
    }
    const bool own = prefetched_.count(key(first)) == 0;
    // vdev_queue.c (vdev_queue_aggregate): reads queued at once for adjacent ranges of a child
    // are issued as one, up to zfs_vdev_aggregation_limit (1 MiB; 128 KiB on SSDs) per child:
    // the records issued together are read as one array request of up to that many records.
    const ZfsPool& z = map_.geometry().zfs;
    const double column = std::max(z.sector, record / zfs_data_columns(z));
    const double limit = hdd_ ? kZfsAggregationLimitRotating : kZfsAggregationLimitNonRotating;
    const auto batch_max = static_cast<std::int64_t>(std::max(1.0, std::floor(limit / column)));
    std::int64_t batch_first = 0, batch_size = 0;
    const auto flush = [&]() {
        if (batch_size == 0) {
            return;
        }
        const int p = os_.alloc();
        OsReq& b = os_[p];
        b.job = kPrefetch;
        b.volume = r.volume;
        b.sequential = true;
        b.record = key(batch_first);
        b.records = static_cast<int>(batch_size);
        b.offset = static_cast<double>(batch_first) * record;
        b.bytes = static_cast<double>(batch_size) * record;
        b.array = map_.read(b.offset, b.bytes, 0);
        set_demands(b);  // (its host link time; no request of the application's own)
        start_phase(p, now);
        batch_size = 0;
    };
    for (; issued < r.offset + r.bytes + kDistance; issued += record) {
        const auto rec = static_cast<std::int64_t>(std::floor(issued / record));
        if (!prefetched_.emplace(key(rec), Prefetched{}).second) {
            flush();  // a gap: what follows is not adjacent to the batch
            continue;
        }
        prefetch_order_.push_back(key(rec));
        if (batch_size > 0 && (rec != batch_first + batch_size || batch_size >= batch_max)) {
            flush();
        }
        if (batch_size == 0) {
            batch_first = rec;
        }
        ++batch_size;
    }
    flush();
    // Forget the oldest records read and waited for by no one (bounded memory).
    const int streams = wl_.streams > 0 ? wl_.streams : std::max(1, population_);
    const std::size_t keep =
        static_cast<std::size_t>(std::min(4.0 * kDistance * streams / record, 4.0 * 1024 * 1024));
    while (prefetch_order_.size() > keep && prefetched_[prefetch_order_.front()].done) {
        prefetched_.erase(prefetch_order_.front());
        prefetch_order_.pop_front();
    }
    if (own) {
        return false;  // the stream's first read (or one behind its prefetch): read as usual
    }
    OsReq& a = os_[id];
    a.cache_hit = true;  // from memory once its records are there (an ARC hit's demands)
    for (auto rec = first; rec < end; ++rec) {
        const auto it = prefetched_.find(key(rec));
        if (it != prefetched_.end() && !it->second.done) {
            it->second.waiters.push_back(id);
            ++a.prefetch_waits;
        }
    }
    set_demands(a);
    if (a.prefetch_waits == 0) {
        schedule(kCpuStation, stations_[kCpuStation].arrive(id, a.cpu_s, now));
    }
    return true;
}

bool Engine::controller_read_ahead(int id, OsReq& r, double now) {
    const double row = ra_.row_bytes;
    const auto first = static_cast<std::int64_t>(std::floor(r.offset / row));
    const auto last = static_cast<std::int64_t>(std::ceil((r.offset + r.bytes) / row - 1e-9)) - 1;
    if (!r.sequential) {
        // "Read Ahead" on every read: on to the end of the row, for nobody.
        r.host_bytes = r.bytes;
        r.bytes = static_cast<double>(last + 1) * row - r.offset;
        return false;
    }
    const auto key = [&](std::int64_t i) { return i * 4096 + r.volume; };
    std::int64_t missing = last + 1;  // the first of its rows not read or being read
    for (auto i = first; i <= last && missing > last; ++i) {
        missing = ra_fetched_.count(key(i)) == 0 ? i : missing;
    }
    if (missing <= last) {
        // This read fetches: from its start (or the start of its first row the cache lacks) to
        // the end of its last row (IBM ServeRAID, Adaptec, Mylex: to the stripe boundary), every
        // drive of the row at once. (Its rows before that are in the cache or on their way: it
        // is taken to find them there.)
        const double start = std::max(r.offset, static_cast<double>(missing) * row);
        r.host_bytes = r.bytes;
        r.bytes = static_cast<double>(last + 1) * row - start;
        r.offset = start;
        for (auto i = first; i <= last; ++i) {
            if (ra_fetched_.emplace(key(i), Prefetched{}).second) {
                ra_order_.push_back(key(i));
                r.ra_rows.push_back(key(i));
            }
        }
        // The cache holds the latest rows read (LRU: the oldest go first).
        while (ra_order_.size() > ra_keep_rows_ && ra_fetched_[ra_order_.front()].done) {
            ra_fetched_.erase(ra_order_.front());
            ra_order_.pop_front();
        }
        return false;
    }
    r.cache_hit = true;  // from the controller's cache once its rows are there
    for (auto i = first; i <= last; ++i) {
        Prefetched& p = ra_fetched_[key(i)];
        if (!p.done) {
            p.waiters.push_back(id);
            ++r.prefetch_waits;
        }
    }
    set_demands(r);
    if (r.prefetch_waits == 0) {
        schedule(kCpuStation, stations_[kCpuStation].arrive(id, r.cpu_s, now));
    }
    return true;
}

void Engine::read_ahead_done(const std::vector<std::int64_t>& rows, double now) {
    for (const std::int64_t k : rows) {
        const auto it = ra_fetched_.find(k);
        if (it == ra_fetched_.end()) {
            continue;
        }
        it->second.done = true;
        for (const int w : it->second.waiters) {
            if (--os_[w].prefetch_waits == 0) {
                schedule(kCpuStation, stations_[kCpuStation].arrive(w, os_[w].cpu_s, now));
            }
        }
        it->second.waiters.clear();
    }
}

void Engine::prefetch_done(int id, double now) {
    const std::int64_t first = os_[id].record;
    const int records = os_[id].records;
    host_link_.reserve(now, now, os_[id].host_link_s);  // the records' data into host memory
    os_.release(id);
    for (int i = 0; i < records; ++i) {
        Prefetched& p = prefetched_[first + static_cast<std::int64_t>(i) * 4096];  // key(rec + i)
        p.done = true;
        for (const int w : p.waiters) {
            if (--os_[w].prefetch_waits == 0) {
                schedule(kCpuStation, stations_[kCpuStation].arrive(w, os_[w].cpu_s, now));
            }
        }
        p.waiters.clear();
    }
}

void Engine::drop_first_phase(OsReq& r) {
    const SimPhase& read = r.array.phases.front();
    for (const SimIo& io : read.ios) {
        --r.array.ops;
        r.array.disk_bytes -= io.bytes;
        r.array.pieces -= 1.0;  // one child zio per column (zfs_mapping.cpp)
    }
    r.array.phases.erase(r.array.phases.begin());
}

void Engine::zfs_dirty(OsReq& r) {
    // A record already dirty in memory is not read again (dbuf_will_dirty finds it); the ones
    // this write touches become dirty. (The read of a partial record is the before_ack phase.)
    const double record = map_.geometry().unit;
    const auto first = static_cast<std::int64_t>(std::floor(r.offset / record));
    const auto key = [&](std::int64_t rec) { return rec * 4096 + r.volume; };
    if (!r.array.phases.empty() && r.array.phases.front().before_ack && r.sequential) {
        // A stream writes new data (request_mapping.cpp, split_transfer): its records
        // are holes, nothing to read.
        drop_first_phase(r);
    } else if (!r.array.phases.empty() && r.array.phases.front().before_ack &&
               dirty_records_.count(key(first)) > 0) {
        const double last_end = r.offset + r.bytes;
        const auto last = static_cast<std::int64_t>(std::ceil(last_end / record)) - 1;
        // Only the records at the ends can be partial: drop the read when those are dirty.
        if (last == first || dirty_records_.count(key(last)) > 0) {
            drop_first_phase(r);
        }
    }
    constexpr double kDirtyMax = 4.0 * 1024 * 1024 * 1024;  // as cache_capacity (engine.cpp)
    const auto capacity = static_cast<std::size_t>(std::max(1.0, kDirtyMax / record));
    const auto end = static_cast<std::int64_t>(std::ceil((r.offset + r.bytes) / record));
    for (std::int64_t rec = first; rec < end; ++rec) {
        if (dirty_records_.insert(key(rec)).second) {
            dirty_order_.push_back(key(rec));
        }
    }
    while (dirty_order_.size() > capacity) {
        dirty_records_.erase(dirty_order_.front());
        dirty_order_.pop_front();
    }
}

double Engine::controller_seconds(double ops, double disk_bytes, double parity_bytes) const {
    // Controller: command processing, data path, parity engine (link_stages.cpp host_work).
    const ControllerSpec& ctl = sys_.controller;
    double s = 0.0;
    if (ctl.max_iops > 0.0) {
        s += ops / ctl.max_iops;
    }
    if (ctl.max_bandwidth_Bps > 0.0) {
        s += disk_bytes / ctl.max_bandwidth_Bps;
    }
    if (ctl.kind == ControllerKind::HardwareRaid && ctl.parity_Bps > 0.0) {
        s += parity_bytes / ctl.parity_Bps;
    }
    return s;
}

void Engine::set_demands(OsReq& r) const {
    double ops = r.array.ops, disk_bytes = r.array.disk_bytes, parity = r.array.parity_bytes;
    double pieces = r.array.pieces;
    if (r.cache_hit) {
        // The controller's command and its data path from cache to host (network_builder.cpp
        // add_cache_hit); none for ZFS's ARC, in host memory.
        ops = host_cache_ ? 0.0 : 1.0;
        disk_bytes = host_cache_ ? 0.0 : r.bytes;
    }
    if (r.write && gather_row_ > 0.0 && !r.coalesce && !r.sequential) {
        // Held, and written back with its row: the controller takes its command and its bytes
        // now (as a cache hit), the destage's commands when it issues it (gather_row).
        ops = 1.0;
        pieces = 1.0;
        disk_bytes = r.bytes;
        parity = 0.0;
    }
    if (r.coalesce) {
        // Its share piece/row of one full-stripe write (network_builder.cpp).
        const double share = r.bytes / map_.row_bytes();
        ops = full_row_.ops * share;
        pieces = full_row_.pieces * share;
        disk_bytes = full_row_.disk_bytes * share;
        parity = full_row_.parity_bytes * share;
    }
    const HostSpec& host = sys_.host;
    // Host CPU: OS path per request; software/host RAID adds per-disk-I/O work and parity XOR.
    r.cpu_s = host.per_request_overhead_s;
    r.raid_s = 0.0;
    if (software_raid_) {
        // Linux md: per chunk piece or parity page, parity stripes in its stripe thread
        // (link_stages.cpp host_work).
        double raid = host.raid_cpu_per_io_s * (md_ ? std::max(ops, pieces) : ops);
        if (host.parity_cpu_Bps > 0.0) {
            raid += parity / host.parity_cpu_Bps;
        }
        const bool stripe_thread =
            raid_station_ >= 0 && !r.cache_hit && (r.write || map_.geometry().failed_drives > 0);
        (stripe_thread ? r.raid_s : r.cpu_s) += raid;
    }
    r.ctl_s = controller_seconds(ops, disk_bytes, parity);
    // Host link: hardware RAID moves user data once; host/software RAID moves every disk I/O
    // (an ARC hit: nothing).
    const bool arc_hit = r.cache_hit && host_cache_;
    const double own = r.host_bytes >= 0.0 ? r.host_bytes : r.bytes;
    const double link_bytes = arc_hit ? 0.0 : software_raid_ ? disk_bytes : own;
    const double link_cmds = arc_hit ? 0.0 : software_raid_ ? ops : 1.0;
    r.host_link_s =
        link_cmds * sys_.host_link.command_overhead_s + link_bytes / sys_.host_link.bandwidth_Bps;
}

void Engine::schedule(int station, const std::optional<Started>& s) {
    if (!s) {
        return;
    }
    events_.push(s->done, kStation, station, s->item);
    if (!hdd_ && station >= 2 && station < 2 + 2 * total_drives_ && (station - 2) % 2 == 1) {
        ios_[s->item].media_start = s->start;  // SSD bandwidth stage: data begin to flow
    }
}

void Engine::on_station(int station, int item, double now) {
    schedule(station, stations_[static_cast<std::size_t>(station)].depart(now, item));
    if (station == kCpuStation) {
        OsReq& r = os_[item];
        if (r.cpu_only) {
            os_done(item, now);
            return;
        }
        if (r.cache_hit && host_cache_) {
            r.t_ctl_entry = now;
            after_controller(item, now);  // an ARC hit: no controller (network_builder.cpp)
            return;
        }
        if (r.raid_s > 0.0) {
            schedule(raid_station_, stations_[static_cast<std::size_t>(raid_station_)].arrive(
                                        item, r.raid_s, now));
            return;
        }
        r.t_ctl_entry = now;
        schedule(kCtlStation, stations_[kCtlStation].arrive(item, r.ctl_s, now));
    } else if (station == raid_station_) {
        OsReq& r = os_[item];
        r.t_ctl_entry = now;
        schedule(kCtlStation, stations_[kCtlStation].arrive(item, r.ctl_s, now));
    } else if (lock_station_ >= 0 && station >= lock_station_) {
        // The lseek is done: the read or write system call.
        schedule(kCpuStation, stations_[kCpuStation].arrive(item, os_[item].cpu_s, now));
    } else if (station == kCtlStation) {
        if (item != kDestageCommands) {
            after_controller(item, now);
        }
    } else if ((station - 2) % 2 == 0) {
        if (item == kSsdProgram) {
            ssd_program_done((station - 2) / 2, now);
            return;  // no request waits for a program
        }
        if (item == kSsdReadAhead) {
            return;  // a read-ahead's flash read: its request went on already
        }
        // SSD flash unit done: on to the drive's bandwidth stage.
        const Io& x = ios_[item];
        schedule(station + 1, stations_[static_cast<std::size_t>(station + 1)].arrive(
                                  item, x.bw_s, now, x.background));
    } else {
        media_done(item, now);
    }
}

void Engine::after_controller(int id, double now) {
    const OsReq& r = os_[id];
    if (r.cache_hit) {
        // After the controller, as the analytic model's cache hit (no drive to overlap with).
        const Transfer t = host_link_.reserve(now, now, r.host_link_s);
        events_.push(std::max(now, t.end), kOsDone, id);
        return;
    }
    if (r.write && write_back_) {
        if (!r.array.phases.empty() && r.array.phases.front().before_ack) {
            os_[id].pre_ack = true;  // ZFS reads the partial record first (IoPhase::before_ack)
            start_phase(id, now);
            return;
        }
        enter_cache(id, now);
        return;
    }
    if (!bitmap_gates_.empty() && !pass_md_bitmap(id, now)) {
        return;  // waits for the bitmap update
    }
    start_phase(id, now);
}

void Engine::enter_cache(int id, double now) {
    if (cache_waiting_.empty() && cache_.fits(os_[id].bytes)) {
        admit_write(id, now);
    } else {
        cache_waiting_.push_back(id);  // waits for destage to free space
        cache_filled_ = true;
    }
}

void Engine::admit_write(int id, double now) {
    // Write-back: the write completes once cached (after host CPU, controller and host link);
    // its drive work becomes background destage.
    OsReq& r = os_[id];
    if (measuring_) {
        ++writes_cached_;
    }
    if (hold_ && !r.coalesce && !r.sequential) {
        const auto it = held_.find({r.volume, r.offset, r.bytes});
        if (it != held_.end()) {
            // The block is still dirty in the cache: the held destage writes the new data.
            if (measuring_) {
                ++writes_absorbed_;
            }
            const Transfer t = host_link_.reserve(now, r.t_ctl_entry, r.host_link_s);
            events_.push(std::max(now, t.end), kOsDone, id);
            return;
        }
    }
    cache_.add(r.bytes);
    admitted_ += r.bytes;
    if (r.coalesce) {
        std::vector<DestageWork> works;
        coalescer_.add(r.stream, r.volume, r.offset, r.bytes, works);
        for (const DestageWork& w : works) {
            start_background(map_.write(w.offset, w.bytes), w.volume, w.offset, true, w.dirty_bytes,
                             now);
        }
    } else {
        const int held =
            start_background(r.array, r.volume, r.offset, r.sequential, r.bytes, now, false);
        if (hold_ && !r.sequential) {
            hold_slack_ = std::max(hold_slack_, r.bytes);
            os_[held].offset = r.offset;
            os_[held].bytes = r.bytes;
            held_.emplace(std::make_tuple(r.volume, r.offset, r.bytes), held);
            if (gather_row_ > 0.0) {
                const auto row = static_cast<long long>(std::floor(r.offset / gather_row_));
                held_rows_[{r.volume, row}].push_back(held);
            }
        }
        pump_destage(now);
    }
    const Transfer t = host_link_.reserve(now, r.t_ctl_entry, r.host_link_s);
    events_.push(std::max(now, t.end), kOsDone, id);
}

int Engine::start_background(SimArrayRequest array, int volume, double offset, bool sequential,
                             double release, double now, bool pump) {
    const int id = os_.alloc();
    OsReq& b = os_[id];
    b.job = -1;
    b.volume = volume;
    b.write = true;
    b.sequential = sequential;
    b.array = std::move(array);
    b.release_bytes = release;
    b.t_dirty = now;
    b.pending_serial = ++pending_serials_;
    b.sweep_offset = offset;
    destage_pending_.emplace_back(id, b.pending_serial);
    if (sorts_) {
        pending_at_.emplace(volume, offset, id);
    }
    if (pump) {
        pump_destage(now);
    }
    return id;
}

bool Engine::holds(int id, double now) {
    // system/write_cache.h: destaging starts as the dirty data near the limit (or writes wait
    // for room), and a write older than the age limit goes out whatever the level.
    const double due = os_[id].t_dirty + kWriteBackMaxDirtyAge_s;
    if (!cache_waiting_.empty() || cache_.dirty() + hold_slack_ >= cache_.capacity() ||
        now >= due) {
        return false;
    }
    if (destage_timer_at_ < 0.0 || due < destage_timer_at_) {
        destage_timer_at_ = due;
        events_.push(due, kDestageTimer, 0);
    }
    return true;
}

int Engine::oldest_pending() {
    while (!destage_pending_.empty()) {
        const auto [id, serial] = destage_pending_.front();
        if (os_[id].pending_serial != serial) {
            destage_pending_.pop_front();  // went out already (sorted order)
            continue;
        }
        if (os_[id].merged) {
            destage_pending_.pop_front();  // went out with its row
            os_.release(id);
            continue;
        }
        return id;
    }
    return -1;
}

int Engine::next_in_sweep(int volume) const {
    auto it = pending_at_.lower_bound({volume, sweep_at_[static_cast<std::size_t>(volume)], -1});
    if (it == pending_at_.end() || std::get<0>(*it) != volume) {
        it = pending_at_.lower_bound({volume, -1.0, -1});  // (wraps to the volume's start)
    }
    return std::get<2>(*it);
}

void Engine::pump_destage(double now) {
    // Issue destage operations while every drive they touch has fewer than destage_depth_
    // destage I/Os outstanding, in cache order, or where the controller sorts (sorts_) in
    // address order over the volume of the oldest; later phases of issued operations (the
    // write half of read-modify-write) go out at once.
    for (int oldest = oldest_pending(); oldest >= 0; oldest = oldest_pending()) {
        if (hold_ && holds(oldest, now)) {
            return;
        }
        const int id = sorts_ ? next_in_sweep(os_[oldest].volume) : oldest;
        if (gather_row_ > 0.0) {
            gather_row(id, now);
        }
        OsReq& r = os_[id];
        const int base = r.volume * map_.geometry().drives;
        for (const SimIo& io : r.array.phases.front().ios) {
            if (bg_outstanding_[static_cast<std::size_t>(base + io.disk)] >= destage_depth_) {
                return;
            }
        }
        if (sorts_) {
            pending_at_.erase({r.volume, r.sweep_offset, id});
            sweep_at_[static_cast<std::size_t>(r.volume)] = r.sweep_offset;
        }
        r.pending_serial = 0;
        if (hold_) {
            held_.erase({r.volume, r.offset, r.bytes});
        }
        start_phase(id, now);
    }
}

void Engine::gather_row(int id, double now) {
    OsReq& lead = os_[id];
    const auto row = static_cast<long long>(std::floor(lead.offset / gather_row_));
    const auto it = held_rows_.find({lead.volume, row});
    if (it == held_rows_.end() ||
        std::find(it->second.begin(), it->second.end(), id) == it->second.end()) {
        return;  // gathered already (its destage waited for room at the drives)
    }
    std::vector<std::pair<double, double>> extents;
    for (const int mate : it->second) {
        OsReq& m = os_[mate];
        extents.emplace_back(m.offset, m.bytes);
        if (mate != id) {
            lead.release_bytes += m.release_bytes;
            m.release_bytes = 0.0;
            m.merged = true;
            held_.erase({m.volume, m.offset, m.bytes});
            if (sorts_) {
                pending_at_.erase({m.volume, m.sweep_offset, mate});
            }
        }
    }
    held_rows_.erase(it);
    if (extents.size() > 1) {
        lead.array = map_.write_gathered(extents);
    }
    // The controller issues the destage's commands and moves its data and parity (set_demands:
    // the held writes paid only their own command), behind the hosts' requests, one command at
    // a time.
    const double ctl_s = controller_seconds(std::max(1, lead.array.ops), lead.array.disk_bytes,
                                            lead.array.parity_bytes);
    // (command by command: a host request waits for the one in progress, not the whole row)
    const int commands = std::max(1, lead.array.ops);
    for (int i = 0; i < commands; ++i) {
        schedule(kCtlStation,
                 stations_[kCtlStation].arrive(kDestageCommands, ctl_s / commands, now, true));
    }
}

int Engine::disk_in_system(int disk) const {
    if (hdd_) {
        return hdds_[static_cast<std::size_t>(disk)].in_system();
    }
    return stations_[static_cast<std::size_t>(2 + 2 * disk)].in_system() +
           stations_[static_cast<std::size_t>(3 + 2 * disk)].in_system();
}

void Engine::choose_copy(OsReq& r, double now) {
    // Mirrors: read from the copy whose drives hold the fewest requests (HP Smart Array: "the
    // drive that is not busy"); among those, the one whose head is nearest the data in address
    // (Promise: "not busy and positioned closer"): no controller or volume manager knows the
    // platter's angle. Ties of both alternate. Linux md and ZFS choose their own way
    // (md_read_balance, zfs_mirror_choice). The later pieces of one transfer stay on the copy its
    // first piece chose (VxVM Administrator's Guide, read policy "round": sequential access reads
    // one plex).
    if (r.continues && r.job >= 0 && jobs_[r.job].copy >= 0) {
        r.array = map_.read(r.offset, r.bytes, jobs_[r.job].copy);
        return;
    }
    const int copies = map_.read_copies();
    const int base = r.volume * map_.geometry().drives;
    const bool zfs_mirror = map_.geometry().level == RaidLevel::ZfsMirror;
    std::vector<SimArrayRequest> options;
    std::vector<int> load;
    std::vector<double> distance;  // the farthest of the copy's heads from its data, in bytes
    for (int c = 0; c < copies; ++c) {
        options.push_back(map_.read(r.offset, r.bytes, c));
        int n = 0;
        double farthest = 0.0;
        for (const SimIo& io : options.back().phases.front().ios) {
            n += disk_in_system(base + io.disk);
            // (vdev_mirror.c looks at no arm; md at the last address it sent: md_read_balance)
            if (hdd_ && !zfs_mirror && !md_) {
                farthest = std::max(
                    farthest,
                    hdds_[static_cast<std::size_t>(base + io.disk)].head_distance(io.offset, now));
            }
        }
        load.push_back(n);
        distance.push_back(farthest);
    }
    if (zfs_mirror && !options.front().phases.empty() &&
        !options.front().phases.front().ios.empty()) {
        zfs_mirror_choice(r, base, options, load);
        return;
    }
    if (md_ && hdd_) {
        const int chosen = md_read_balance(base, options, load);
        if (r.job >= 0) {
            jobs_[r.job].copy = chosen;
        }
        r.array = std::move(options[static_cast<std::size_t>(chosen)]);
        return;
    }
    const int least = *std::min_element(load.begin(), load.end());
    int& next = next_copy_[static_cast<std::size_t>(r.volume)];
    int chosen = -1;
    for (int k = 0; k < copies; ++k) {
        const int c = (next + k) % copies;
        if (load[static_cast<std::size_t>(c)] != least) {
            continue;
        }
        if (chosen < 0 ||
            distance[static_cast<std::size_t>(c)] < distance[static_cast<std::size_t>(chosen)]) {
            chosen = c;
        }
    }
    next = (chosen + 1) % copies;
    if (r.job >= 0) {
        jobs_[r.job].copy = chosen;
    }
    r.array = std::move(options[static_cast<std::size_t>(chosen)]);
}

int Engine::md_read_balance(int base, const std::vector<SimArrayRequest>& options,
                            const std::vector<int>& load) const {
    // Linux md on rotating disks (drivers/md/raid1.c read_balance / choose_best_rdev; raid10.c
    // read_balance for near copies): a read that starts where the disk's last issued I/O
    // ended stays there (sequential); else the first idle copy, whatever its distance; else
    // the copy whose last issued I/O ended nearest (head_position). md knows addresses only.
    const int copies = static_cast<int>(options.size());
    std::vector<double> gap(static_cast<std::size_t>(copies), 1e300);
    for (int c = 0; c < copies; ++c) {
        const auto& phases = options[static_cast<std::size_t>(c)].phases;
        if (phases.empty() || phases.front().ios.empty()) {
            continue;
        }
        const SimIo& io = phases.front().ios.front();
        const double last = last_end_[static_cast<std::size_t>(base + io.disk)];
        gap[static_cast<std::size_t>(c)] = last < 0.0 ? 1e300 : std::abs(last - io.offset);
    }
    for (int c = 0; c < copies; ++c) {
        if (gap[static_cast<std::size_t>(c)] < 1.0) {
            return c;
        }
    }
    for (int c = 0; c < copies; ++c) {
        if (load[static_cast<std::size_t>(c)] == 0) {
            return c;
        }
    }
    return static_cast<int>(std::min_element(gap.begin(), gap.end()) - gap.begin());
}

void Engine::zfs_mirror_choice(OsReq& r, int base, std::vector<SimArrayRequest>& options,
                               const std::vector<int>& load) {
    // OpenZFS vdev_mirror.c: vdev_mirror_load is the child's queue length plus nothing for a
    // read that starts where its last issued I/O ended (zfs_vdev_mirror_rotating_inc 0), half
    // the seek increment within zfs_vdev_mirror_rotating_seek_offset (1 MiB), the increment
    // (5) beyond; on SSDs 0 or 1 (non_rotating_inc, non_rotating_seek_inc). Among the least
    // loaded, vdev_mirror_preferred_child_randomize picks (offset >> 21) mod their count.
    const int copies = static_cast<int>(options.size());
    std::vector<int> cost(load);
    double offset = 0.0;
    for (int c = 0; c < copies; ++c) {
        const SimIo& io = options[static_cast<std::size_t>(c)].phases.front().ios.front();
        offset = io.offset;
        const double last = last_end_[static_cast<std::size_t>(base + io.disk)];
        const double gap = std::abs(last - io.offset);
        cost[static_cast<std::size_t>(c)] += gap < 1.0               ? 0
                                             : !hdd_                 ? 1
                                             : gap < 1024.0 * 1024.0 ? 2
                                                                     : 5;
    }
    const int least = *std::min_element(cost.begin(), cost.end());
    std::vector<int> preferred;
    for (int c = 0; c < copies; ++c) {
        if (cost[static_cast<std::size_t>(c)] == least) {
            preferred.push_back(c);
        }
    }
    const auto pick = static_cast<std::size_t>((static_cast<long long>(offset) >> 21) %
                                               static_cast<long long>(preferred.size()));
    const int chosen = preferred[pick];
    if (r.job >= 0) {
        jobs_[r.job].copy = chosen;
    }
    r.array = std::move(options[static_cast<std::size_t>(chosen)]);
}

void Engine::start_phase(int id, double now) {
    OsReq& r = os_[id];
    if (r.phase == 0 && !r.write && map_.read_copies() > 1) {
        choose_copy(r, now);
    }
    while (r.phase < r.array.phases.size() && r.array.phases[r.phase].ios.empty()) {
        ++r.phase;
    }
    if (r.phase >= r.array.phases.size()) {
        array_done(id, now);
        return;
    }
    const SimPhase& phase = r.array.phases[r.phase];
    r.outstanding = static_cast<int>(phase.ios.size());
    r.data_ready = std::numeric_limits<double>::infinity();
    const int base = r.volume * map_.geometry().drives;
    for (const SimIo& io : phase.ios) {
        const int x = ios_.alloc();
        Io& y = ios_[x];
        y.os = id;
        y.disk = base + io.disk;
        y.offset = io.offset;
        y.bytes = io.bytes;
        y.write = io.write;
        y.flush = io.flush;
        y.background = r.job == -1;  // (prefetch reads are foreground: the stream waits)
        last_end_[static_cast<std::size_t>(y.disk)] = y.offset + y.bytes;
        if (y.background) {
            ++bg_outstanding_[static_cast<std::size_t>(y.disk)];
        }
        submit_io(x, now);
    }
}

void Engine::submit_io(int x, double now) {
    Io& y = ios_[x];
    if (y.write) {
        // Write data cross the drive link before the media (pipelined with the drive's work).
        const Transfer t = drive_links_[static_cast<std::size_t>(y.disk / per_link_)].reserve(
            now, now, drive_lane_command_s(sys_, true, y.bytes));
        y.link_end = t.end;
        if (t.start > now) {
            events_.push(t.start, kIoArrive, x);
            return;
        }
    }
    enqueue_disk(x, now);
}

void Engine::enqueue_disk(int x, double now) {
    Io& y = ios_[x];
    if (hdd_) {
        if (hdds_[static_cast<std::size_t>(y.disk)].enqueue(
                {x, y.offset, y.bytes, y.write, y.background, y.flush})) {
            cached_write(x, now);
        } else if (y.write && drive_cache_ && !write_back_) {
            // The drive's write cache is full: it waits for room. (Behind a write-back
            // controller the controller's larger cache fills last: the warm-up waits for it.)
            cache_filled_ = true;
        }
        try_start_hdd(y.disk, now);
        return;
    }
    const int st = 2 + 2 * y.disk;
    if (y.write) {
        ssd_write(x, now);
        return;
    }
    const SsdDemand d = ssd_read_demand(sys_.drive.ssd, y.bytes);
    y.bw_s = d.bandwidth_s;
    if (ssd_reads_ahead(y.write, os_[y.os].sequential)) {
        // The data were read ahead: the flash read loads a flash unit behind the requests
        // (background), and the request goes on to the transfer (the analytic model's detached
        // flash visit).
        schedule(st, stations_[static_cast<std::size_t>(st)].arrive(kSsdReadAhead, d.flash_s, now,
                                                                    true));
        schedule(st + 1,
                 stations_[static_cast<std::size_t>(st + 1)].arrive(x, y.bw_s, now, y.background));
        return;
    }
    schedule(st, stations_[static_cast<std::size_t>(st)].arrive(x, d.flash_s, now, y.background));
}

void Engine::ssd_write(int x, double now) {
    Io& y = ios_[x];
    SsdBuffer& buffer = ssd_buffers_[static_cast<std::size_t>(y.disk)];
    if (buffer.programs >= ssd_buffer_programs_) {
        buffer.waiting.push_back(x);  // the buffer is full: it waits for a program to finish
        cache_filled_ = cache_filled_ || !write_back_;
        return;
    }
    // The buffer takes the data, then they cross the bandwidth stage; the programs load the
    // least loaded flash units in the background, behind the reads (ssd_write_stages).
    const SsdWriteStages w = ssd_write_stages(sys_.drive.ssd, y.bytes, os_[y.os].sequential,
                                              sys_.ssd_state == SsdState::Fresh, wl_.span_fraction);
    y.bw_s = w.transfer_s;
    const int st = 2 + 2 * y.disk;
    buffer.programs += w.program_units;
    if (!write_back_) {
        admitted_ += w.program_units;  // warm-up accounting (engine.cpp steady), in pieces
    }
    for (const auto& started : stations_[static_cast<std::size_t>(st)].arrive_least_loaded(
             kSsdProgram, w.program_s / w.program_units, now, true, w.program_units)) {
        schedule(st, started);
    }
    events_.push(now + w.accept_s, kSsdAccepted, x);
}

void Engine::ssd_program_done(int disk, double now) {
    SsdBuffer& buffer = ssd_buffers_[static_cast<std::size_t>(disk)];
    --buffer.programs;
    if (!write_back_) {
        released_ += 1.0;
    }
    while (!buffer.waiting.empty() && buffer.programs < ssd_buffer_programs_) {
        const int x = buffer.waiting.front();
        buffer.waiting.pop_front();
        ssd_write(x, now);
    }
}

void Engine::ssd_accepted(int x, double now) {
    const Io& y = ios_[x];
    const int st = 2 + 2 * y.disk + 1;
    schedule(st, stations_[static_cast<std::size_t>(st)].arrive(x, y.bw_s, now, y.background));
}

void Engine::cached_write(int x, double now) {
    // The drive holds the write: complete once its data have crossed the link and the drive has
    // processed the command (network_builder: the link visit's delay).
    Io& y = ios_[x];
    if (!write_back_) {
        admitted_ += y.bytes;  // warm-up accounting (engine.cpp steady) of the cache in front
    }
    events_.push(std::max(now, y.link_end) + hdd_command_overhead(sys_.drive.hdd, true), kIoDone,
                 x);
}

void Engine::disk_done(int disk, double now) {
    Hdd& h = hdds_[static_cast<std::size_t>(disk)];
    const double before = h.destaged_bytes();
    h.finish();
    if (!write_back_) {
        released_ += h.destaged_bytes() - before;
    }
    for (int x : h.take_accepted()) {
        cached_write(x, now);
    }
    try_start_hdd(disk, now);
}

void Engine::try_start_hdd(int disk, double now) {
    const auto s = hdds_[static_cast<std::size_t>(disk)].start_next(now);
    if (!s) {
        return;
    }
    if (s->id < 0) {
        // A destage of the drive's write cache.
        if (measuring_) {
            counters_[static_cast<std::size_t>(disk)].write_service_s += s->done - now;
        }
        events_.push(s->done, kDiskDone, disk, -1);
        return;
    }
    Io& y = ios_[s->id];
    y.media_start = s->media_start;
    if (measuring_) {
        DiskCounters& c = counters_[static_cast<std::size_t>(disk)];
        c.cache_hits += s->hit ? 1 : 0;
        (y.write ? c.write_service_s : c.read_service_s) += s->done - now;
    }
    events_.push(s->done, kDiskDone, disk, s->id);
}

double Engine::media_done(int x, double now) {
    Io& y = ios_[x];
    double done = now;
    if (!y.write) {
        OsReq& r = os_[y.os];
        r.data_ready = std::min(r.data_ready, y.media_start);
        // Read data cross the drive link after the media, pipelined with it.
        const Transfer t = drive_links_[static_cast<std::size_t>(y.disk / per_link_)].reserve(
            now, y.media_start, drive_lane_command_s(sys_, false, y.bytes));
        done = std::max(now, t.end);
    } else {
        done = std::max(now, y.link_end);
    }
    if (done > now) {
        events_.push(done, kIoDone, x);
    } else {
        io_done(x, now);
    }
    return done;
}

void Engine::io_done(int x, double now) {
    const Io& y = ios_[x];
    if (measuring_) {
        DiskCounters& c = counters_[static_cast<std::size_t>(y.disk)];
        ++(y.write ? c.writes : c.reads);
    }
    const int id = y.os;
    const bool background = y.background;
    if (background) {
        --bg_outstanding_[static_cast<std::size_t>(y.disk)];
    }
    ios_.release(x);
    OsReq& r = os_[id];
    if (--r.outstanding <= 0 && r.pre_ack) {
        // The read before the acknowledgement is done: the writes go to the cache.
        r.pre_ack = false;
        r.array.phases.erase(r.array.phases.begin());
        r.phase = 0;
        enter_cache(id, now);
    } else if (r.outstanding <= 0) {
        ++r.phase;
        if (r.phase < r.array.phases.size()) {
            start_phase(id, now);  // e.g. the write half of read-modify-write
        } else {
            array_done(id, now);
        }
    }
    if (background) {
        pump_destage(now);
    }
}

void Engine::array_done(int id, double now) {
    OsReq& r = os_[id];
    if (r.job == kPrefetch) {
        prefetch_done(id, now);
        return;
    }
    if (r.job == kMdBitmap) {
        md_bitmap_update_done(id, now);
        return;
    }
    if (r.bitmap_chunk >= 0) {
        bitmap_gates_[static_cast<std::size_t>(r.bitmap)].end_write(r.bitmap_chunk, now);
        r.bitmap_chunk = -1;
    }
    if (r.job < 0) {
        // Destage done: free cache space, let waiting writes in (FCFS).
        cache_.release(r.release_bytes);
        released_ += r.release_bytes;
        os_.release(id);
        while (!cache_waiting_.empty() && cache_.fits(os_[cache_waiting_.front()].bytes)) {
            const int w = cache_waiting_.front();
            cache_waiting_.pop_front();
            admit_write(w, now);
        }
        return;
    }
    if (!r.ra_rows.empty()) {
        read_ahead_done(r.ra_rows, now);  // its rows are in the cache
        r.ra_rows.clear();
    }
    // Host link, pipelined: write data exist once the controller has the request, read data
    // once the first drive delivers.
    const double ready = r.write ? r.t_ctl_entry : r.data_ready;
    const Transfer t = host_link_.reserve(now, ready, r.host_link_s);
    events_.push(std::max(now, t.end), kOsDone, id);
}

void Engine::os_done(int id, double now) {
    if (!os_[id].ra_rows.empty()) {
        read_ahead_done(os_[id].ra_rows, now);  // (found in the read cache: never at the drives)
    }
    const int j = os_[id].job;
    const bool cpu_only = os_[id].cpu_only;
    os_.release(id);
    if (measuring_ && !cpu_only) {
        ++os_completed_;
    }
    --jobs_[j].in_flight;
    advance_job(j, now);
}

}  // namespace raidadv::sim
