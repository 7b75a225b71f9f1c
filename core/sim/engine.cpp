// One load point of the simulator: jobs, the event loop, warm-up and measurement (see engine.h).
#include "sim/engine.h"

#include "system/md_bitmap.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "sim/ssd.h"
#include "system/raid_software.h"
#include "system/read_cache.h"
#include "system/stations.h"
#include "system/write_cache.h"

namespace raidadv::sim {

namespace {

/// Write-back cache size: the controller's, or host RAM for host RAID (brief: 256 MiB); ZFS's
/// dirty data (zfs_dirty_data_max_max, 4 GiB: a host of 40 GiB RAM or more, as 10% of RAM).
double cache_capacity(const System& s) {
    if (is_zfs(s.layout.level)) {
        return 4.0 * 1024 * 1024 * 1024;
    }
    if (s.controller.kind == ControllerKind::HostRaid) {
        return 256.0 * 1024 * 1024;
    }
    return s.controller.cache_bytes;
}

/// The read cache the simulator keeps as an LRU list of blocks: the controller's
/// (system/read_cache.h), for request-level workloads as the analytic model gives it. Where it
/// holds under 1% of the working set the list is not kept (its memory and time grow with the
/// blocks touched); the model's hits there change its figures by under 1%.
double simulated_read_cache(const System& s, const Workload& w) {
    const double cache = read_cache_bytes(s);
    const double span = working_set_bytes(s, w.span_fraction);
    if (w.unit != Workload::Unit::Request || !(span > 0.0) || cache < 0.01 * span) {
        return 0.0;
    }
    return cache;
}

/// Open points stop once this many jobs are waiting: the queue is growing without bound.
constexpr int kMaxBacklog = 100000;

/// Sub-streams of a point's seed for the drives' flash-unit routing (one per drive), apart from
/// the engine's own stream.
constexpr std::uint64_t kFlashRoutingStream = 1000;

}  // namespace

Engine::Engine(const System& system, const Workload& workload, const SimOptions& options,
               std::uint64_t seed)
    : sys_(system),
      wl_(workload),
      opt_(options),
      rng_(seed),
      map_(system.layout, system.drive.capacity_bytes),
      gen_(system, workload, map_),
      cache_(cache_capacity(system)),
      coalescer_(map_.row_bytes()),
      read_cache_(simulated_read_cache(system, workload),
                  std::max(4096.0, workload.alignment_bytes)) {
    const Geometry& g = map_.geometry();
    hdd_ = system.drive.kind == DriveKind::Hdd;
    untagged_ = hdd_ && system.drive.hdd.queue_depth <= 1;
    write_back_ = uses_write_back(system, workload);
    hold_ = write_back_ && write_back_overwrites(system, workload);
    sorts_ = write_back_sorts(system, workload);  // (hard drives behind a write-back cache)
    sweep_at_.assign(static_cast<std::size_t>(std::max(1, g.volumes)), 0.0);
    if (hold_) {
        cache_ = WriteCache(write_back_dirty_limit_bytes(system, workload));
        if (write_back_gathers(system, workload)) {
            gather_row_ = gather_row_bytes(g);
        }
    }
    host_cache_ = read_cache_in_host(system);
    ra_ = read_ahead_use(system, workload);
    if (ra_.row_bytes > 0.0) {
        ra_keep_rows_ = static_cast<std::size_t>(
            std::max(2.0, std::floor(read_cache_bytes(system) / ra_.row_bytes)));
    }
    drive_cache_ = uses_drive_write_cache(system, workload);
    if (md_bitmap_on(system)) {
        bitmap_chunk_bytes_ = md_bitmap_chunk_bytes(system);
        bitmap_shape_ = md_bitmap_shape(system);
        // (the working set lies at the drives' start here: the bitmap goes where it lies as
        // far from it on average as the model takes, md_bitmap_sim_offset_share)
        const double drive_bytes = system.drive.capacity_bytes;
        bitmap_offset_bytes_ =
            drive_bytes > 2.0 * kMdBitmapPageBytes
                ? std::clamp(std::floor(md_bitmap_sim_offset_share(workload.span_fraction) *
                                        drive_bytes / kMdBitmapPageBytes) *
                                 kMdBitmapPageBytes,
                             kMdBitmapOffsetBytes, drive_bytes - kMdBitmapPageBytes)
                : kMdBitmapOffsetBytes;
        for (int v = 0; v < g.volumes * bitmap_shape_.bitmaps; ++v) {
            bitmap_gates_.emplace_back(kMdBitmapDaemonSleepS,
                                       rng_.uniform() * kMdBitmapDaemonSleepS);
        }
        bitmap_update_start_.assign(bitmap_gates_.size(), 0.0);
    }
    // As network_builder.cpp: RAID work runs on the host unless a hardware RAID controller does it.
    software_raid_ = system.controller.kind != ControllerKind::HardwareRaid && g.drives > 1;
    total_drives_ = g.drives * g.volumes;
    per_link_ = std::max(1, system.drives_per_link);
    drive_links_.resize(static_cast<std::size_t>((total_drives_ + per_link_ - 1) / per_link_));
    stations_.emplace_back(workload.cpus_used(system.host.cpu_cores));
    stations_.emplace_back(1);
    for (int d = 0; d < total_drives_; ++d) {
        if (hdd_) {
            hdds_.emplace_back(system.drive.hdd, system.drive.capacity_bytes, rng_.uniform());
            hdds_.back().set_write_cache(drive_cache_);
        } else {
            // Each flash unit its own queue, a request to a random one (sim/stations.h).
            stations_.emplace_back(
                ssd_flash_units(system.drive.ssd),
                mix_seed(seed, kFlashRoutingStream + static_cast<std::uint64_t>(d)));
            stations_.emplace_back(1);
            ssd_buffers_.emplace_back();
        }
    }
    if (!hdd_) {
        ssd_buffer_programs_ = ssd_buffer_programs(system.drive.ssd);
    }
    md_ = linux_md(system);
    if (md_stripe_thread(system, true)) {
        stations_.emplace_back(1);  // one kernel thread
        raid_station_ = static_cast<int>(stations_.size()) - 1;
    }
    if (workload.lseek_per_request && workload.unit == Workload::Unit::Request) {
        lock_station_ = static_cast<int>(stations_.size());
        for (int v = 0; v < g.volumes; ++v) {
            stations_.emplace_back(1);  // the volume's block device inode lock
        }
    }
    bg_outstanding_.assign(static_cast<std::size_t>(total_drives_), 0);
    last_end_.assign(static_cast<std::size_t>(total_drives_), -1.0);
    // The controller keeps each drive's queue full of destage work, no fuller (network_builder:
    // destage sees the drive's whole queue depth).
    destage_depth_ =
        hdd_ ? std::max(1, system.drive.hdd.queue_depth) : 2 * ssd_flash_units(system.drive.ssd);
    next_copy_.assign(static_cast<std::size_t>(g.volumes), 0);
    counters_.assign(static_cast<std::size_t>(total_drives_), DiskCounters{});
    full_row_ = map_.write(0.0, map_.row_bytes());
}

PointResult Engine::run(int population, double rate) {
    population_ = population;
    rate_ = rate;
    target_jobs_ = static_cast<std::size_t>(std::max(1, opt_.batches)) *
                   static_cast<std::size_t>(std::max(1, opt_.min_jobs_per_batch));
    if (population_ > 0) {
        in_system_ = population_;
        for (int slot = 0; slot < population_; ++slot) {
            start_job(slot, 0.0);
        }
    } else if (rate_ > 0.0) {
        events_.push(rng_.exponential(1.0 / rate_), kArrival, 0);
    }
    double now = 0.0;
    events_run_ = 0;
    bool truncated = false;
    while (!events_.empty() && !stop_) {
        const Event e = events_.pop();
        if (e.time > opt_.max_sim_seconds || events_run_ >= opt_.max_events) {
            truncated = true;
            break;
        }
        now = e.time;
        ++events_run_;
        dispatch(e);
    }
    PointResult r = collect(now);
    r.events = events_run_;
    r.truncated = truncated;
    return r;
}

void Engine::dispatch(const Event& e) {
    const double now = e.time;
    switch (e.kind) {
        case kArrival: {
            // Poisson arrivals; each job takes the lowest free stream slot.
            events_.push(now + rng_.exponential(1.0 / rate_), kArrival, 0);
            int slot = next_slot_;
            if (!free_slots_.empty()) {
                std::pop_heap(free_slots_.begin(), free_slots_.end(), std::greater<>());
                slot = free_slots_.back();
                free_slots_.pop_back();
            } else {
                ++next_slot_;
            }
            ++in_system_;
            if (in_system_ > kMaxBacklog) {
                stop_ = true;
                return;
            }
            start_job(slot, now);
            break;
        }
        case kJobStart:
            start_job(e.a, now);
            break;
        case kStation:
            on_station(e.a, e.b, now);
            break;
        case kDiskDone:
            if (e.b >= 0 && untagged_ && !ios_[e.b].write) {
                // A drive without tagged queueing (SCSI-2 untagged, ATA without NCQ) has one
                // command at a time: it takes the next only once this read's data have
                // crossed the link (ANSI X3.131-1994 SCSI-2: an untagged logical unit accepts
                // one I/O process per initiator).
                const double done = media_done(e.b, now);
                if (done > now) {
                    events_.push(done, kDriveFree, e.a);
                } else {
                    disk_done(e.a, now);
                }
                break;
            }
            // The drive picks its next request at once; then the finished one goes on its way
            // (a destage of the drive's write cache has none: the writes it made room for do).
            disk_done(e.a, now);
            if (e.b >= 0) {
                media_done(e.b, now);
            }
            break;
        case kDriveFree:
            disk_done(e.a, now);
            break;
        case kSsdAccepted:
            ssd_accepted(e.a, now);
            break;
        case kIoArrive:
            enqueue_disk(e.a, now);
            break;
        case kIoDone:
            io_done(e.a, now);
            break;
        case kOsDone:
            os_done(e.a, now);
            break;
        case kDestageTimer:
            destage_timer_at_ = -1.0;
            pump_destage(now);
            break;
        default:
            break;
    }
}

void Engine::start_job(int slot, double now) {
    const int j = jobs_.alloc();
    Job& job = jobs_[j];
    job.slot = slot;
    job.t_start = now;
    job.stream = wl_.streams > 0 ? slot % wl_.streams : slot;
    job.plan = gen_.next(rng_, job.stream);
    advance_job(j, now);
}

void Engine::advance_job(int j, double now) {
    // Steps run one after another, except that steps of one group with a window > 1 (a file's
    // pieces under file-system read-ahead) keep up to `window` in flight.
    Job& job = jobs_[j];
    while (job.next < job.plan.steps.size()) {
        const Step& s = job.plan.steps[job.next];
        if (job.in_flight > 0 &&
            (s.window <= 1 || s.group != job.flight_group || job.in_flight >= s.window)) {
            break;
        }
        job.flight_group = s.group;
        ++job.in_flight;
        ++job.next;
        issue_os(j, s, now);
    }
    if (job.next >= job.plan.steps.size() && job.in_flight == 0) {
        finish_job(j, now);
    }
}

void Engine::finish_job(int j, double now) {
    Job& job = jobs_[j];
    ++completed_;
    if (measuring_) {
        samples_.push_back({now, now - job.t_start, job.plan.user_bytes, in_system_});
        // (with md's bitmap, over two of its daemon's periods too: which bits are set follows
        // its passes; a fast array takes its jobs in a fraction of one)
        if (samples_.size() >= target_jobs_ && bitmap_settled(now, t_begin_)) {
            stop_ = true;
        }
    }
    const int slot = job.slot;
    jobs_.release(j);
    if (!measuring_ && steady(now)) {
        end_warmup(now);
    }
    if (population_ > 0) {
        if (wl_.think_time_s > 0.0) {
            events_.push(now + rng_.exponential(wl_.think_time_s), kJobStart, slot);
        } else {
            start_job(slot, now);
        }
    } else {
        --in_system_;
        free_slots_.push_back(slot);
        std::push_heap(free_slots_.begin(), free_slots_.end(), std::greater<>());
    }
}

bool Engine::steady(double now) {
    const long long warm_min = population_ > 0 ? 2LL * population_ : 100LL;
    if (completed_ < warm_min || (now < opt_.warmup_s && completed_ < opt_.warmup_jobs)) {
        return false;
    }
    // md's bitmap: a bit set early is cleared on the daemon's second pass after its last write
    // (MdBitmapGate::cleared_at), so its clear share settles only after two periods.
    if (!bitmap_settled(now, 0.0)) {
        return false;
    }
    if (!(write_back_ || drive_cache_ || !hdd_) || wl_.read_fraction >= 1.0 || cache_filled_ ||
        now > 0.5 * opt_.max_sim_seconds) {
        return true;
    }
    // A write-back cache (the controller's, the disks' or the SSDs' buffers) is still filling
    // unless destage (or programming) kept up with the writes over a whole window of warmup_s
    // (else the run waits until the cache is full: throttled steady state).
    if (now - window_t0_ < opt_.warmup_s) {
        return false;
    }
    const bool keeps_up = released_ - window_released_ >= 0.9 * (admitted_ - window_admitted_);
    window_t0_ = now;
    window_admitted_ = admitted_;
    window_released_ = released_;
    return keeps_up;
}

bool Engine::bitmap_settled(double now, double since) const {
    // (a fast array writes many times its chunks in far less: its share is settled long before,
    // and waiting would take its run to the event bound; an eighth of it is the limit)
    return !bitmap_writes() || now - since >= kBitmapPeriods * kMdBitmapDaemonSleepS ||
           events_run_ >= opt_.max_events / 8;
}

void Engine::end_warmup(double now) {
    measuring_ = true;
    t_begin_ = now;
    for (auto& s : stations_) {
        s.reset_busy(now);
    }
    for (auto& h : hdds_) {
        h.reset_busy();
    }
    for (auto& l : drive_links_) {
        l.reset_busy();
    }
    host_link_.reset_busy();
    counters_.assign(counters_.size(), DiskCounters{});
    os_completed_ = 0;
    writes_cached_ = writes_absorbed_ = 0;
    bitmap_counts_ = MdBitmapCounts{};
}

PointResult Engine::collect(double now) {
    PointResult r;
    r.warmed_up = measuring_;
    r.overflow = in_system_ > kMaxBacklog;
    r.background_drives = (write_back_ || drive_cache_) && wl_.read_fraction < 1.0;
    r.reordering_drives = sys_.drive.kind == DriveKind::Hdd && sys_.drive.hdd.queue_depth > 1;
    r.t_begin = t_begin_;
    r.t_end = now;
    r.samples = std::move(samples_);
    if (measuring_) {
        for (int j : jobs_.live()) {
            r.in_flight_ages.push_back(now - jobs_[j].t_start);
        }
    }
    r.disks = counters_;
    r.os_requests = os_completed_;
    r.writes_cached = writes_cached_;
    r.writes_absorbed = writes_absorbed_;
    r.md_bitmap = bitmap_counts_;
    r.station_order = {kHostCpu, kHostLink, kController, kDriveLink, kDrives};
    if (raid_station_ >= 0) {
        r.station_order.emplace_back(kRaidThread);
    }
    if (lock_station_ >= 0) {
        r.station_order.emplace_back(kDeviceLock);
    }
    // Before the warm-up ends (an overloaded open point can stop first) the whole run is used.
    const double span = now - t_begin_;
    const double jobs =
        measuring_ ? static_cast<double>(r.samples.size()) : static_cast<double>(completed_);
    r.completion_rate = span > 0.0 ? jobs / span : 0.0;
    if (!(span > 0.0)) {
        for (const auto& key : r.station_order) {
            r.utilization[key] = 0.0;
        }
        return r;
    }
    r.utilization[kHostCpu] =
        stations_[kCpuStation].busy_seconds(now) / (stations_[kCpuStation].servers() * span);
    r.utilization[kHostLink] = host_link_.busy_seconds() / span;
    r.utilization[kController] = stations_[kCtlStation].busy_seconds(now) / span;
    double links = 0.0;
    for (const auto& l : drive_links_) {
        links += l.busy_seconds() / span;
    }
    r.utilization[kDriveLink] = links / static_cast<double>(drive_links_.size());
    // Drives: mean over the drives (the analytic model's per-copy utilization); an SSD's two
    // stages are one component, the busier one reported.
    double drives = 0.0, flash = 0.0, bandwidth = 0.0;
    for (int d = 0; d < total_drives_; ++d) {
        if (hdd_) {
            drives += hdds_[static_cast<std::size_t>(d)].busy_seconds() / span;
        } else {
            const FcfsStation& f = stations_[static_cast<std::size_t>(2 + 2 * d)];
            flash += f.busy_seconds(now) / (f.servers() * span);
            bandwidth += stations_[static_cast<std::size_t>(3 + 2 * d)].busy_seconds(now) / span;
        }
    }
    r.utilization[kDrives] = (hdd_ ? drives : std::max(flash, bandwidth)) / total_drives_;
    if (raid_station_ >= 0) {
        r.utilization[kRaidThread] =
            stations_[static_cast<std::size_t>(raid_station_)].busy_seconds(now) / span;
    }
    if (lock_station_ >= 0) {
        // Mean over the volumes' locks (the analytic model's per-copy utilization).
        const int volumes = map_.geometry().volumes;
        double locks = 0.0;
        for (int v = 0; v < volumes; ++v) {
            locks += stations_[static_cast<std::size_t>(lock_station_ + v)].busy_seconds(now);
        }
        r.utilization[kDeviceLock] = locks / (volumes * span);
    }
    return r;
}

PointResult run_point(const System& system, const Workload& workload, const SimOptions& options,
                      int population, double rate, std::uint64_t seed) {
    Engine engine(system, workload, options, seed);
    return engine.run(population, rate);
}

}  // namespace raidadv::sim
