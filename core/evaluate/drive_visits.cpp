#include "evaluate/drive_visits.h"

#include <algorithm>
#include <cmath>

#include "components/ssd_model.h"
#include "evaluate/link_stages.h"
#include "layout/zfs_pool.h"
#include "system/drive_lane.h"
#include "system/raid_software.h"
#include "system/write_cache.h"
#include "units/units.h"

namespace raidadv {

namespace {

/// derived: a request that finds the head where its drive's previous request left it waits
/// `wait`; one that another request moved since (probability 1 - 1/present, as for streams)
/// positions as `parts` says. `fixed_s`: its overhead and transfer, nothing hidden or delayed.
queueing::ServiceParts waits_or_positions(queueing::ServiceParts parts, double present, double wait,
                                          double fixed_s) {
    const double p = 1.0 - 1.0 / std::max(1.0, present);
    const TimeMoments m = mixture(p, {parts.random.mean, parts.random.var}, {wait, 0.0});
    parts.fixed_s = fixed_s;
    parts.random = {m.mean, m.var};
    parts.hidden_s = 0.0;
    parts.delay_s = 0.0;
    return parts;
}

}  // namespace

using queueing::Arrival;
using queueing::ServiceParts;
using queueing::Visit;

DriveVisits::DriveVisits(const System& sys, const Workload& wl, const Geometry& geo,
                         int drives_station, int bandwidth_station, double destage_band, bool least)
    : sys_(sys),
      wl_(wl),
      geo_(geo),
      span_(placement_span(geo, wl.span_fraction, far_section_share(geo, wl.read_fraction))),
      drives_(drives_station),
      bandwidth_(bandwidth_station),
      md_(linux_md(sys)),
      least_(least) {
    drive_ios_->drives = std::max(1, geo.drives * geo.volumes);
    if (sys.drive.kind != DriveKind::Hdd) {
        return;
    }
    // A mirror read sent to the copy whose arm is nearest (hdd_service.cpp) positions from the
    // nearest of read_choices arms.
    const int arms = read_choices(geo_);
    pos_read_ = std::make_shared<PositioningMemo>(
        cached_positioning(sys.drive.hdd, span_, false),
        arms > 1 ? cached_positioning(sys.drive.hdd, span_, false, 0, arms) : nullptr);
    pos_write_ = std::make_shared<PositioningMemo>(cached_positioning(sys.drive.hdd, span_, true));
    if (destage_band < 1.0) {
        // The controller's destages reach the drive in address order: the ones its queue holds
        // lie within the band (system/write_cache.h, write_back_destage_band), consecutive ones
        // band / depth of the drive apart (the sweep's gap: positioning()).
        const HddSpec& hdd = sys.drive.hdd;
        const double band = span_ * std::max(1e-9, destage_band);
        sorted_read_ = cached_positioning(hdd, band, false);
        sorted_write_ = cached_positioning(hdd, band, true);
        sorted_gap_ = band * std::max(0.0, sys.drive.capacity_bytes) / std::max(1, hdd.queue_depth);
    }
    drive_cache_ = uses_drive_write_cache(sys, wl);
    if (drive_cache_) {
        pos_destage_ = std::make_shared<PositioningMemo>(
            cached_positioning(sys.drive.hdd, span_, true, hdd_max_buffered_writes(sys.drive.hdd)));
    }
}

std::vector<std::shared_ptr<const void>> DriveVisits::keep_alive() const {
    return {pos_read_, pos_write_, pos_destage_, log_ios_};
}

std::shared_ptr<PositioningMemo> DriveVisits::positioning(const DriveAccess& a, bool cached,
                                                          double command_bytes) const {
    if (cached) {
        return pos_destage_;
    }
    if (!a.detached || !sorted_write_) {
        return a.write ? pos_write_ : pos_read_;
    }
    const HddSpec& hdd = sys_.drive.hdd;
    auto table = a.write ? sorted_write_ : sorted_read_;
    // derived: closer than a track, the next sorted destage lies on the head's track a short
    // way on (no seek: the simulator's drive, sim/hdd.cpp), gap - command bytes past this
    // command's end. The platter passes that while the drive takes the command (its overhead);
    // a destage the head reaches within the overhead waits for the next pass, so the drive
    // takes the first one beyond (k gaps further). The pass is the rest; its spread taken as
    // a uniform's over [0, 2 x mean] (the rows' dirty blocks lie anywhere in their units).
    const double rate = hdd_media_rate(hdd, 0.5 * span_);
    if (sorted_gap_ > 0.0 && rate > 0.0 && sorted_gap_ < rate * hdd_revolution_time(hdd)) {
        const double ahead = std::max(0.0, sorted_gap_ - command_bytes);
        const double taken = hdd_command_overhead(hdd, a.write) * rate;
        const double skipped = ahead >= taken ? 0.0 : std::ceil((taken - ahead) / sorted_gap_);
        const double pass = least_ ? 0.0 : (ahead + skipped * sorted_gap_ - taken) / rate;
        return std::make_shared<PositioningMemo>(std::move(table),
                                                 TimeMoments{pass, pass * pass / 3.0});
    }
    return std::make_shared<PositioningMemo>(std::move(table));
}

void DriveVisits::add(const DriveAccess& a, std::vector<Visit>& visits) const {
    if (sys_.drive.kind == DriveKind::Ssd) {
        add_ssd(a, visits);
        return;
    }
    // A drive with its write cache on acknowledges a write once it holds the data and
    // destages it later (background load, like the controller's cache).
    const bool cached = a.write && drive_cache_ && !a.stable;
    (*drive_ios_)[a.write ? 1 : 0] += a.probability * a.count * a.fork;
    // (what idle_held_writes reads: the job's writes into the drives' caches per wait)
    if (cached && !a.detached) {
        drive_ios_->cached_writes += a.probability * a.count * a.fork;
    } else if (!a.detached) {
        drive_ios_->waits += a.probability * a.count;
        drive_ios_->waited_ios += a.probability * a.count * a.fork;
    }
    Visit v = hdd_visit(a);
    if (a.log_block && !cached) {
        *log_ios_ += a.probability * a.count * a.fork;
        add_log_block(a, v);
        visits.push_back(std::move(v));
        return;
    }
    if (!a.write && !a.sequential && sys_.drive.hdd.queue_depth <= 1) {
        // A drive without tagged queueing (SCSI-2 untagged, ATA without NCQ) holds one command
        // until its data have crossed the link (ANSI X3.131-1994: an untagged logical unit
        // accepts one I/O process per initiator): derived, its busy time is the positioning
        // and the longer of the media transfer and the link transfer, which starts with the
        // media (the drive link visit, overlapped, still adds any wait for a shared bus).
        const LinkSpec& link = sys_.drive_link;
        const double beyond = link.bandwidth_Bps <= 0.0
                                  ? 0.0
                                  : drive_lane_command_s(sys_, false, a.mean_bytes) -
                                        hdd_transfer_time(sys_.drive.hdd, a.mean_bytes, span_);
        if (beyond > 0.0) {
            auto inner = v.service.at;
            v.service.at = [inner, beyond](const Arrival& found) {
                ServiceParts parts = inner(found);
                parts.fixed_s += beyond;
                return parts;
            };
        }
    }
    v.choice = mirror_choice(a.write, a.same_copy);
    // Linux md takes an idle copy first (raid1.c / raid10.c read_balance), and so do the RAID
    // controllers that document their choice (HP Smart Array: "the physical drive that is not
    // busy answering other requests"; Promise: "whichever drive is not busy"); host volume
    // managers differ (VxVM and Solaris Volume Manager: round-robin by default): not counted.
    v.idle_copy_first = md_ || sys_.controller.kind == ControllerKind::HardwareRaid;
    // Random writes a drive holds are destaged in its idle moments, reads first, until
    // its buffer is half full (hdd_service.cpp); a stream's are destaged as it goes.
    v.low_priority = cached && !a.detached && !a.sequential;
    v.stream_arrivals = a.sequential;
    if (a.rewrites_previous && !cached) {
        // derived: the write half of read-modify-write finds the head on the track it
        // just read and waits one revolution less the transfer (Chen et al. 1994) -
        // unless another request was served in between (probability 1 - 1/present, as
        // for streams), which moved the head: then it is positioned like any request.
        const HddSpec& hdd = sys_.drive.hdd;
        const double t = hdd_transfer_time(hdd, a.mean_bytes, span_);
        const double wait = hdd_rewrite_wait(hdd, t);
        const double overhead = hdd_command_overhead(hdd, a.write);
        // derived: the transfer, and the fresh share of the least of the positioning (as the
        // plain write's floor finds it) and the wait (nothing for a pipelined window, whose
        // positioning may be done ahead: hdd_service); nothing is hidden here.
        const HddServicePlan plan = hdd_plan(a, false, a.mean_bytes);
        const std::shared_ptr<PositioningMemo> pos = positioning(a, false, a.mean_bytes);
        const double fresh = a.early ? 0.0 : std::clamp(a.fresh, 0.0, 1.0);
        v.service.floor_at = [plan, pos, t, wait, fresh](double present) {
            const double least = pos->peek(hdd_most_candidates(plan, present)).mean;
            const double floor = t + fresh * std::max(0.0, std::min(least, wait));
            return queueing::ServiceFloor{floor, floor};
        };
        // A write-back controller keeps the drive's queue full of destages (hdd_plan's
        // min_candidates): the write half of a destaged read-modify-write finds that many.
        const double kept = a.detached ? static_cast<double>(std::max(1, hdd.queue_depth)) : 1.0;
        auto random = v.service.at;
        v.service.at = [random, t, wait, overhead, kept](const Arrival& found) {
            return waits_or_positions(random(found), std::max(kept, found.present), wait,
                                      overhead + t);
        };
    }
    visits.push_back(std::move(v));
}

void DriveVisits::add_log_block(const DriveAccess& a, Visit& v) const {
    // A ZIL log block on an HDD (zil.c: lwbs chain one after another in the log). derived: the
    // next block on a drive starts where its previous log block ended, so a drive that served
    // nothing else since finds the head there but the platter moved on by the flush and the
    // host's turnaround: it waits about a revolution; one that served another request since
    // (probability 1 - 1/present, as for streams) positions like any write.
    const HddSpec& hdd = sys_.drive.hdd;
    const double t = hdd_transfer_time(hdd, a.mean_bytes, span_);
    const double wait = hdd_revolution_time(hdd);
    // zil.c, zil_lwb_write_done: zio_flush after the write, a second command (SYNCHRONIZE
    // CACHE / FLUSH CACHE) the drive completes once the block is on the media.
    const double overhead = hdd_command_overhead(hdd, true) + hdd.command_overhead_s;
    const std::shared_ptr<const DriveIoCounts> drive_ios = drive_ios_;
    const std::shared_ptr<const double> log_ios = log_ios_;
    auto random = v.service.at;
    v.service.at = [random, t, wait, overhead, drive_ios, log_ios](const Arrival& found) {
        ServiceParts parts = waits_or_positions(random(found), found.present, wait, overhead + t);
        // Commits waiting together share a log block: zil_commit_writer moves every itx on the
        // commit list into the open lwb (zil.c, zil_get_commit_list / zil_process_commit_list).
        // derived: the commits present at the drive (its requests times the log blocks' share
        // of its I/Os) are written as one block, each paying its share of the block's time.
        const double all = (*drive_ios)[0] + (*drive_ios)[1];
        const double share = all > 0.0 ? std::clamp(*log_ios / all, 0.0, 1.0) : 1.0;
        const double batch = std::max(1.0, found.present * share);
        parts.fixed_s /= batch;
        parts.random = {parts.random.mean / batch, parts.random.var / (batch * batch)};
        return parts;
    };
    v.service.floor_at = {};  // a batch shares the block: no floor above 0 is known
}

void DriveVisits::add_ssd(const DriveAccess& a, std::vector<Visit>& visits) const {
    const SsdSpec& ssd = sys_.drive.ssd;
    if (a.write) {
        add_ssd_write(a, visits);
        return;
    }
    const SsdDemand d = ssd_read_demand(ssd, a.mean_bytes);
    const SsdDemand dmax = ssd_read_demand(ssd, a.max_bytes);
    Visit flash = simple_visit(drives_, d.flash_s, a.count);
    flash.fork = a.fork;
    flash.detached = a.detached;
    Visit bw = simple_visit(bandwidth_, d.bandwidth_s, a.count);
    bw.fork = a.fork;
    bw.service.fixed_max_extra_s = dmax.bandwidth_s - d.bandwidth_s;
    bw.detached = a.detached;
    // A mirror read chooses its drive (the bandwidth stage stands for the drive); within the
    // drive it goes to the flash unit holding its data, a random one (ssd_flash_units).
    bw.choice = mirror_choice(a.write, a.same_copy);
    flash.stream_arrivals = bw.stream_arrivals = a.sequential;
    if (ssd_reads_ahead(a.write, a.sequential)) {
        // The drive has read a stream's next data from the flash before the command comes
        // (ssd_model.h): the flash read loads its units but the request does not wait for it.
        flash.detached = true;
    }
    visits.push_back(flash);
    visits.push_back(bw);
}

void DriveVisits::add_ssd_write(const DriveAccess& a, std::vector<Visit>& visits) const {
    const SsdSpec& ssd = sys_.drive.ssd;
    const bool fresh = sys_.ssd_state == SsdState::Fresh;
    const double span = wl_.span_fraction;  // of every drive alike: striping spreads it
    const SsdWriteStages w = ssd_write_stages(ssd, a.mean_bytes, a.sequential, fresh, span);
    const SsdWriteStages wmax = ssd_write_stages(ssd, a.max_bytes, a.sequential, fresh, span);
    // The buffer takes the data (a delay) as they cross the drive's bandwidth stage.
    Visit bw = simple_visit(bandwidth_, w.transfer_s, a.count);
    bw.service.parts.delay_s = w.accept_s;
    bw.fork = a.fork;
    bw.service.fixed_max_extra_s = wmax.transfer_s - w.transfer_s;
    bw.detached = a.detached;
    bw.stream_arrivals = a.sequential;
    // The programs load the flash units in the background, reads first (ssd_write_stages):
    // work that outlives the write (a read finding one in progress waits for it).
    Visit program = simple_visit(drives_, w.program_s / w.program_units, a.count);
    program.fork = a.fork * w.program_units;
    program.detached = true;
    program.outlives_job = true;
    program.spread = w.program_units;
    visits.push_back(bw);
    visits.push_back(program);
}

/// A drive visit; `a.fresh` is the fraction of the fork's I/Os on disks this transfer has not
/// used yet (random positioning), the rest continue their stream on their disk. `a.same_copy`:
/// a later piece of one transfer, read from the mirror copy the transfer started on.
Visit DriveVisits::hdd_visit(const DriveAccess& a) const {
    const HddSpec& hdd = sys_.drive.hdd;
    const bool cached = a.write && drive_cache_ && !a.stable;
    Visit v;
    v.station = drives_;
    v.fork = a.fork;
    v.nearest_first = hdd.queue_depth > 1;
    v.count = a.count;
    v.detached = a.detached || cached;
    const double span = span_;
    v.service.fixed_max_extra_s =
        hdd_transfer_time(hdd, a.max_bytes, span) - hdd_transfer_time(hdd, a.mean_bytes, span);
    // A disk I/O made of `host_ios` file-system clusters is that many commands; a controller
    // with a command size limit sends each as back-to-back commands of at most the limit.
    // Each later command continues the stream on that disk.
    const double limit = sys_.controller.max_command_bytes;
    const double per_host_io = a.mean_bytes / a.host_ios;
    const double commands =
        a.host_ios * (limit > 0.0 ? std::max(1.0, std::ceil(per_host_io / limit)) : 1.0);
    HddServicePlan plan = hdd_plan(a, cached, a.mean_bytes / commands);
    plan.commands = commands;
    const std::shared_ptr<PositioningMemo> pos = positioning(a, cached, a.mean_bytes / commands);
    const std::shared_ptr<const DriveIoCounts> drive_ios = drive_ios_;
    v.service.at = [plan, pos, drive_ios](const Arrival& found) {
        return hdd_service(plan, *pos, *drive_ios, found);
    };
    v.service.floor_at = [plan, pos](double present) {
        return hdd_service_floor(plan, *pos, present);
    };
    return v;
}

double DriveVisits::skip_time(double bytes) const {
    // derived: a stream gets past `bytes` it does not read by passing over them, or by seeking
    // past them and waiting half a revolution on average, whichever is quicker.
    const HddSpec& hdd = sys_.drive.hdd;
    const double pass = hdd_transfer_time(hdd, bytes, span_);
    const double capacity = sys_.drive.capacity_bytes > 0.0 ? sys_.drive.capacity_bytes : 1e12;
    const double jump =
        hdd_seek_time(hdd, std::min(1.0, bytes / capacity)) + 0.5 * hdd_revolution_time(hdd);
    return std::min(pass, jump);
}

double DriveVisits::offset_read_sweep() const {
    // derived: between two of its rows a stream gets past (copies - 1) copy rows (md(4): offset
    // reads like far "if a suitably large chunk size is used").
    const double read = hdd_transfer_time(sys_.drive.hdd, geo_.unit, span_);
    return read > 0.0 ? 1.0 + skip_time((geo_.copies - 1) * geo_.unit) / read : 1.0;
}

double DriveVisits::draid_read_sweep() const {
    // derived (zfs_pool.h, kDraidRowHeight): a child's column of a group is a whole row, parity
    // in nparity of the group's width; between two data rows a stream gets past p / (w - p)
    // parity rows - not the parity of every block, as on raidz.
    const ZfsPool& z = geo_.zfs;
    const double width = z.draid_data + z.parity;
    const double read = hdd_transfer_time(sys_.drive.hdd, kDraidRowHeight, span_);
    const double skipped_per_read = z.parity / std::max(1.0, width - z.parity);
    return read > 0.0 ? 1.0 + skipped_per_read * skip_time(kDraidRowHeight) / read : 1.0;
}

HddServicePlan DriveVisits::hdd_plan(const DriveAccess& a, bool cached,
                                     double command_bytes) const {
    const HddSpec& hdd = sys_.drive.hdd;
    const double span = span_;
    HddServicePlan p;
    p.write = a.write;
    p.cached = cached;
    p.idle_destage = cached && !a.detached;
    p.rewrite = cached && a.rewrites_previous;
    p.ahead_read = !a.write && hdd.read_ahead;
    p.streaming = a.write || hdd.read_ahead;
    p.early = a.early;
    p.fresh = a.fresh;
    p.allocated = a.allocated;
    p.unbuffered = a.unbuffered;
    // A read on a mirror goes to the copy whose arm is nearest in address when the copies are
    // idle (modeling notes: nearest-arm mirror reads; hdd_service.cpp).
    // The later pieces of one transfer stay on the copy it started on (VxVM Administrator's
    // Guide, read policy "round": sequential access reads one plex): no choice left.
    p.copies = a.write || a.same_copy ? 1.0 : static_cast<double>(read_choices(geo_));
    p.idle_copy_first = md_;
    // md offset raid10 reads the first copy, whose rows alternate with the copies' rows.
    const bool offset_rows = geo_.placement == CopyPlacement::Offset;
    // derived: a sequential stream on a disk passes over what it does not read: parity units
    // (G / (G - p)) and, on mirrors, the rows the other copies serve (copies) - unless it
    // stays on one copy, which then reads every row of its own (md far: its first section's).
    p.sweep = a.write ? 1.0
              : offset_rows
                  ? offset_read_sweep()
                  : (geo_.copies > 1 ? p.copies
                                     : static_cast<double>(geo_.group_drives) /
                                           std::max(1, geo_.group_drives - geo_.parity_per_group));
    if (is_draid(geo_.level) && !a.write) {
        p.sweep = draid_read_sweep();
    }
    // The later commands of one disk I/O read one disk range: they stay on the copy the
    // first one read, so on a mirror they skip no other copy's rows (parity units remain; md
    // offset's copy rows too).
    p.rest_sweep = geo_.copies > 1 && !offset_rows ? 1.0 : p.sweep;
    p.streams = wl_.streams > 0 ? wl_.streams : 1e300;
    if (geo_.level == RaidLevel::ZfsMirror && !a.write && a.sequential) {
        // OpenZFS vdev_mirror.c (vdev_mirror_load): a read that continues a child's last I/O
        // costs it nothing extra (zfs_vdev_mirror_rotating_inc 0; SSDs non_rotating_inc 0),
        // any other read a seek increment (5; 1 on SSDs) over its queue length: a stream stays
        // on one child and reads its records there in a row, and the streams spread over the
        // children by load. derived: no rows passed over, streams / children per child.
        p.copies = 1.0;
        p.sweep = 1.0;
        p.rest_sweep = 1.0;
        if (wl_.streams > 0) {
            p.streams = std::max(1.0, static_cast<double>(wl_.streams) / geo_.copies);
        }
    }
    p.revolution = hdd_revolution_time(hdd);
    p.rotation_var = hdd_rotation_variance(hdd);
    // A write-back controller destages from its cache with the drive's queue kept full; a
    // drive destages its own write cache choosing among the writes it holds (up to
    // hdd_write_cache_window; how many: hdd_service.cpp).
    p.window = static_cast<double>(hdd_write_cache_window(hdd, command_bytes));
    p.min_candidates = cached ? p.window : a.detached ? static_cast<double>(hdd.queue_depth) : 1.0;
    p.depth = static_cast<double>(std::max(1, hdd.queue_depth));
    p.overhead = hdd_command_overhead(hdd, a.write);
    p.transfer = hdd_transfer_time(hdd, command_bytes, span);
    p.rewrite_wait = hdd_rewrite_wait(hdd, p.transfer);
    const double segment = hdd.cache_bytes / std::max(1, hdd.cache_segments);
    p.per_segment = segment > 0.0 ? std::min(1.0, command_bytes / segment) : 1.0;
    p.segments = std::max(1, hdd.cache_segments);
    if (p.ahead_read) {
        p.ahead_rate_Bps =
            command_bytes * p.sweep / std::max(1e-12, hdd_command_overhead(hdd, false));
        p.media_outer_Bps = hdd.media_rate_outer_Bps;
        p.media_inner_Bps = hdd.media_rate_inner_Bps;
        p.span = span;
        p.ahead_enters =
            hdd_rate_share_above(p.media_outer_Bps, p.media_inner_Bps, p.ahead_rate_Bps, span);
    }
    // md far raid10: a write stream continues in each of the drive's sections (raid10.c).
    p.regions = a.write && geo_.placement == CopyPlacement::Far ? geo_.copies : 1.0;
    // The previous cluster's time on its disks: the media time of its piece on one disk
    // (a cluster wider than the stripe unit is read a unit per disk, in parallel).
    const double piece = std::max(units::sector, sys_.host.max_io_bytes);
    p.cluster_media =
        hdd_transfer_time(hdd, geo_.unit > 0.0 ? std::min(piece, geo_.unit) : piece, span);
    p.run = !a.write && a.sequential ? prefetch_run(command_bytes, p.transfer) : 1.0;
    return p;
}

double DriveVisits::prefetch_run(double command_bytes, double transfer_s) const {
    if (!is_zfs(geo_.level) || command_bytes <= 0.0 || transfer_s <= 0.0) {
        return 1.0;
    }
    // OpenZFS dmu_zfetch.c: a sequential stream is read up to zfetch_max_distance (64 MiB)
    // ahead of the application; the prefetch reads queue in the drives' async-read class,
    // which vdev_queue.c (vdev_queue_io_to_issue) issues in LBA order after the last one
    // issued, within one 2^29 ns interval (VDQ_T_SHIFT): the drive reads a stream's queued
    // share on, and positions once per run. derived: the run is the distance spread over the
    // drives that hold the stream's data (a raidz/dRAID record's data columns; the one child
    // of each mirror vdev it stays on), at most what the drive transfers in that interval.
    constexpr double kVdevQueueInterval = 536870912e-9;  // 2^29 ns
    const double drives = static_cast<double>(geo_.drives);
    // (a mirror keeps a stream on one child per vdev: vdev_mirror_load, hdd_plan)
    const double holding = geo_.level == RaidLevel::ZfsMirror
                               ? static_cast<double>(geo_.zfs.vdevs)
                               : std::max(1.0, drives * zfs_data_share(geo_.zfs, geo_.zfs.record));
    const double run_bytes = kZfetchMaxDistance / holding;
    return std::clamp(run_bytes / command_bytes, 1.0, kVdevQueueInterval / transfer_s);
}

}  // namespace raidadv
