// The network of (system, workload): stations, one job variant per request kind, each variant's
// visits from its OS requests (request_mapping.h), their host and link stages (link_stages.h)
// and their drive visits (drive_visits.h).
#include "evaluate/network_builder.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "components/ssd_model.h"
#include "evaluate/degraded.h"
#include "evaluate/drive_visits.h"
#include "evaluate/gathered_destage.h"
#include "evaluate/link_stages.h"
#include "evaluate/md_bitmap_visits.h"
#include "evaluate/request_mapping.h"
#include "layout/geometry.h"
#include "system/md_bitmap.h"
#include "system/raid_software.h"
#include "system/read_cache.h"
#include "system/write_cache.h"
#include "units/units.h"

namespace raidadv {

using queueing::Station;
using queueing::StationKind;
using queueing::Visit;

namespace {

/// A write rate no system reaches (WriteLoad::least).
constexpr double kUnboundedWrites_per_s = 1e12;

struct Stations {
    int host_cpu = -1, host_link = -1, controller = -1, drive_link = -1, drives = -1, drive_bw = -1;
    int raid_thread = -1;  ///< md's stripe thread, on md RAID 5 and 6 only
    int log_device = -1;   ///< ZFS pools with separate log devices
    int device_lock = -1;  ///< the volumes' inode locks, where the workload seeks per request
};

class Builder {
  public:
    Builder(const System& sys, const Workload& wl, const WriteLoad& write_load)
        : sys_(sys), wl_(wl), geo_(make_geometry(sys.layout)) {
        if (write_load.writes_per_s >= 0.0 && md_bitmap_on(sys)) {
            bitmap_writes_per_s_ = write_load.writes_per_s;
            bitmap_population_ = write_load.population;
            if (sys.drive.kind == DriveKind::Hdd) {
                bitmap_back_s_ = md_bitmap_seek_back_s(sys.drive.hdd, wl.span_fraction);
            }
        }
        if (write_load.writes_per_s >= 0.0) {
            // The writes of every volume share one controller cache (system/write_cache.h).
            hold_ =
                write_back_hold(sys, wl, write_load.writes_per_s * std::max(1, sys.layout.volumes));
        } else if (write_load.least) {
            // derived: more writes a second hold more of the cache (write_back_hold: the share
            // absorbed, the blocks a destage carries and the destages held all grow with the
            // rate), so an unbounded rate's hold is the least work.
            hold_ = write_back_hold(sys, wl, kUnboundedWrites_per_s);
        }
        write_back_ = uses_write_back(sys, wl);
        software_raid_ = sys.controller.kind != ControllerKind::HardwareRaid && geo_.drives > 1;
        total_drives_ = geo_.drives * geo_.volumes;
        const int per_link = std::max(1, sys.drives_per_link);
        links_ = (total_drives_ + per_link - 1) / per_link;
        add_stations();
        drive_visits_ = std::make_unique<DriveVisits>(sys, wl, geo_, idx_.drives, idx_.drive_bw,
                                                      write_back_destage_band(sys, wl, hold_),
                                                      write_load.least);
        mapping_.geo = geo_;
        mapping_.alignment_bytes = wl.alignment_bytes;
        mapping_.max_io_bytes = sys.host.max_io_bytes;
        mapping_.write_back = write_back_;
        mapping_.zil = wl.sync_writes && is_zfs(sys.layout.level);
        mapping_.log_devices = idx_.log_device >= 0 ? sys.log.count : 0;
        const HddSpec& hdd = sys.drive.hdd;
        mapping_.read_ahead_segment_bytes = sys.drive.kind == DriveKind::Hdd && hdd.read_ahead
                                                ? hdd.cache_bytes / std::max(1, hdd.cache_segments)
                                                : 0.0;
        mapping_.hdd_file_reads =
            sys.drive.kind == DriveKind::Hdd && wl.unit == Workload::Unit::File;
        // "Read Ahead" on every read: a random read reads on to the end of its row.
        read_ahead_ = read_ahead_use(sys, wl);
        mapping_.read_to_row_end = read_ahead_.random;
        working_set_ = working_set_bytes(sys, wl.span_fraction);
    }

    BuiltNetwork build() {
        if (wl_.unit == Workload::Unit::File) {
            build_file_variants();
        } else {
            build_request_variants();
        }
        // Drive I/Os: a disk's visits; an SSD's at its bandwidth stage, one per I/O (its
        // flash units also take a write's programs, several per write).
        const int per_io = sys_.drive.kind == DriveKind::Ssd ? idx_.drive_bw : idx_.drives;
        for (const auto& variant : out_.network.variants) {
            for (const auto& v : variant.visits) {
                if (v.station == per_io) {
                    out_.disk_ios_per_job += variant.probability * v.count * v.fork;
                }
            }
        }
        for (auto& kept : drive_visits_->keep_alive()) {
            out_.keep_alive.push_back(std::move(kept));
        }
        if (bitmap_writes_per_s_ >= 0.0) {
            const MdBitmapShape shape = md_bitmap_shape(sys_);
            const int drives = std::max(1, geo_.drives / std::max(1, shape.bitmaps));
            *bitmap_heads_ = md_bitmap_heads(bitmap_updates_per_job_, shape.update_drives,
                                             bitmap_touches_, bitmap_accesses_per_job_, drives);
            out_.keep_alive.push_back(bitmap_heads_);
        }
        return std::move(out_);
    }

  private:
    void add_stations() {
        auto& st = out_.network.stations;
        auto add = [&](const char* name, StationKind kind, int copies, double servers) {
            st.push_back(Station{name, kind, copies, servers});
            return static_cast<int>(st.size()) - 1;
        };
        idx_.host_cpu = add(kHostCpu, StationKind::Queue, 1, wl_.cpus_used(sys_.host.cpu_cores));
        idx_.host_link = add(kHostLink, StationKind::Queue, 1, 1.0);
        idx_.controller = add(kController, StationKind::Queue, 1, 1.0);
        idx_.drive_link = add(kDriveLink, StationKind::Queue, links_, 1.0);
        if (sys_.drive.kind == DriveKind::Ssd) {
            // Each flash unit a queue of its own, a request to a random one (ssd_flash_units).
            const int units = ssd_flash_units(sys_.drive.ssd);
            idx_.drives = add(kDrives, StationKind::Queue, total_drives_ * units, 1.0);
            st.back().device_copies = units;
            idx_.drive_bw = add(kDriveBandwidth, StationKind::Queue, total_drives_, 1.0);
        } else {
            idx_.drives = add(kDrives, StationKind::Queue, total_drives_, 1.0);
        }
        if (md_stripe_thread(sys_, true)) {
            idx_.raid_thread = add(kRaidThread, StationKind::Queue, 1, 1.0);
        }
        if (wl_.lseek_per_request && wl_.unit == Workload::Unit::Request) {
            idx_.device_lock = add(kDeviceLock, StationKind::Queue, geo_.volumes, 1.0);
        }
        if (is_zfs(sys_.layout.level) && sys_.log.count > 0 &&
            sys_.log.drive.kind == DriveKind::Ssd) {
            idx_.log_device = add(kLogDevice, StationKind::Queue, sys_.log.count,
                                  ssd_parallelism(sys_.log.drive.ssd));
        }
    }

    /// A ZIL log block on the separate log devices (`phase`: each of them writes it, a mirror).
    /// derived: the device writes it as an SSD write (ssd_model.h) of the block's bytes,
    /// sequential (the log is written in order), flash and bandwidth stages as one visit; a
    /// flush costs nothing more (the SSDs a log is built of keep their cache safe across power
    /// loss, or have none: an assumption). Commits waiting at the device share the block
    /// (zil.c, zil_commit_writer: every itx waiting goes into the open lwb): each pays the
    /// block's time divided by the commits present.
    void add_log_device(const IoPhase& phase, double count, std::vector<Visit>& visits) const {
        double bytes = 0.0;
        for (const auto& io : phase.ios) {
            bytes = std::max(bytes, io.bytes);
        }
        const SsdDemand d = ssd_write_demand(sys_.log.drive.ssd, bytes, true);
        Visit v;
        v.station = idx_.log_device;
        v.fork = static_cast<int>(phase.ios.size());
        v.count = count;
        const double block = d.flash_s + d.bandwidth_s;
        // (commits beyond the device's parallel units wait, and those waiting share a block)
        const double units = std::max(1.0, ssd_parallelism(sys_.log.drive.ssd));
        v.service.at = [block, units](const queueing::Arrival& found) {
            queueing::ServiceParts parts;
            parts.fixed_s = block / std::max(1.0, found.present / units);
            return parts;
        };
        visits.push_back(std::move(v));
    }

    /// One job variant per (size, read/write, random/sequential), with its probability.
    void build_request_variants() {
        const auto sizes = wl_.size.discretize(12);
        double bytes = 0.0;
        for (const auto& [size, w] : sizes) {
            bytes += size * w;
        }
        out_.bytes_per_job = bytes;
        for (const auto& [size, w_size] : sizes) {
            for (int is_write = 0; is_write < 2; ++is_write) {
                const double p_rw = is_write ? 1.0 - wl_.read_fraction : wl_.read_fraction;
                for (int seq = 0; seq < 2; ++seq) {
                    const double p_seq =
                        seq ? wl_.sequential_fraction : 1.0 - wl_.sequential_fraction;
                    const double p = w_size * p_rw * p_seq;
                    if (p <= 0.0) {
                        continue;
                    }
                    // Reads found in the controller's cache never reach a drive (read_cache.h);
                    // nor do random writes that replace a block still dirty there
                    // (write_cache.h: the destage already due serves both).
                    const double hit = is_write ? (seq != 0 ? 0.0 : hold_.absorbed_share)
                                                : read_hit_ratio(sys_, working_set_, seq != 0);
                    if (hit > 0.0) {
                        queueing::JobVariant cached;
                        cached.probability = p * hit;
                        add_seek(seq != 0, cached.visits);
                        add_cache_hit(size, cached.visits);
                        out_.network.variants.push_back(std::move(cached));
                    }
                    if (hit >= 1.0) {
                        continue;
                    }
                    if (is_write == 0 && seq != 0 && read_ahead_.applies(size, true)) {
                        add_read_ahead_stream(size, p * (1.0 - hit));
                        continue;
                    }
                    queueing::JobVariant variant;
                    variant.probability = p * (1.0 - hit);
                    add_seek(seq != 0, variant.visits);
                    if (is_write != 0 && seq == 0 && hold_.row_bytes > 0.0) {
                        add_gathered_write(size, variant.probability, variant.visits);
                    } else {
                        add_transfer(size, is_write != 0, seq != 0, 1.0, variant.probability,
                                     variant.visits);
                    }
                    out_.network.variants.push_back(std::move(variant));
                }
            }
        }
    }

    /// A read of `bytes` found in the controller's cache, or a write that replaces dirty data
    /// there: the OS path per host I/O, the controller's command and data path, and the host
    /// link, on the request's path (there is no drive work to hide behind); no drive. As
    /// core/sim/engine_io.cpp serves a cache hit.
    /// The controller's time to take `commands` host commands and their `bytes` into (or out of)
    /// its cache: command processing and data path, no drive work.
    double controller_intake_s(double commands, double bytes) const {
        const ControllerSpec& ctl = sys_.controller;
        return commands / ctl.max_iops + bytes / ctl.max_bandwidth_Bps;
    }

    /// The lseek before a request that does not continue the last (fio's sync engine seeks
    /// unless the offset is where the previous request ended): the volume's inode lock for the
    /// host's block_llseek_s (HostSpec).
    void add_seek(bool sequential, std::vector<Visit>& visits) const {
        if (idx_.device_lock >= 0 && !sequential) {
            visits.push_back(simple_visit(idx_.device_lock, sys_.host.block_llseek_s, 1.0));
        }
    }

    void add_cache_hit(double bytes, std::vector<Visit>& visits) const {
        const double max_io = std::max(units::sector, sys_.host.max_io_bytes);
        const double pieces = std::ceil(bytes / max_io - 1e-9);
        const LinkSpec& link = sys_.host_link;
        visits.push_back(
            simple_visit(idx_.host_cpu, sys_.host.per_request_overhead_s * pieces, 1.0));
        if (read_cache_in_host(sys_)) {
            return;  // ZFS's ARC: in host memory, the OS path only
        }
        visits.push_back(simple_visit(idx_.controller, controller_intake_s(pieces, bytes), 1.0));
        visits.push_back(simple_visit(
            idx_.host_link, pieces * link.command_overhead_s + bytes / link.bandwidth_Bps, 1.0));
    }

    /// One job variant per (file size, read/write): per-file host work, metadata reads, then
    /// the file's data.
    void build_file_variants() {
        const auto sizes = wl_.size.discretize(16);
        double bytes = 0.0;
        for (const auto& [size, w] : sizes) {
            bytes += size * w;
        }
        out_.bytes_per_job = bytes;
        const HostSpec& host = sys_.host;
        for (const auto& [size, w_size] : sizes) {
            for (int is_write = 0; is_write < 2; ++is_write) {
                const double p_rw = is_write ? 1.0 - wl_.read_fraction : wl_.read_fraction;
                const double p = w_size * p_rw;
                if (p <= 0.0) {
                    continue;
                }
                queueing::JobVariant variant;
                variant.probability = p;
                // Per-file host work (open, close, bookkeeping).
                variant.visits.push_back(
                    simple_visit(idx_.host_cpu, host.per_file_overhead_s, 1.0));
                // File-system metadata: small random reads (directory, inode, indirect blocks).
                if (host.metadata_reads_per_file > 0.0) {
                    add_transfer(host.metadata_read_bytes, false, false,
                                 host.metadata_reads_per_file, p, variant.visits);
                }
                // The file's data: the first request random, the rest continue the stream.
                add_transfer(size, is_write != 0, wl_.sequential_fraction >= 1.0, 1.0, p,
                             variant.visits, std::max(1, host.file_read_ahead_ios));
                out_.network.variants.push_back(std::move(variant));
            }
        }
    }

    /// Visits of one logical transfer of `bytes`, averaged over sampled offsets, in a job
    /// variant of probability `probability`.
    void add_transfer(double bytes, bool write, bool sequential, double count, double probability,
                      std::vector<Visit>& visits, int window = 1) const {
        for (const auto& [req, weight] :
             transfer_shapes(mapping_, bytes, write, sequential, count, window)) {
            add_os_request(req, weight, probability, visits);
        }
    }

    /// Sequential reads of `bytes` from a controller that reads ahead to the end of the row
    /// (system/read_cache.h, controller_reads_ahead), with probability `probability`: a share
    /// bytes / row of them finds its row not yet read and reads it, from the row's start to its
    /// end, every data unit at once (the drives continue their streams; the host gets its own
    /// bytes); the rest find their data in the cache (add_cache_hit). As core/sim/engine_io.cpp
    /// (controller_read_ahead). derived: a stream reads each row once.
    void add_read_ahead_stream(double bytes, double probability) {
        const double row = read_ahead_.row_bytes;
        const double fetching = std::clamp(bytes / row, 0.0, 1.0);
        queueing::JobVariant hit;
        hit.probability = probability * (1.0 - fetching);
        add_cache_hit(bytes, hit.visits);
        queueing::JobVariant fetch;
        fetch.probability = probability * fetching;
        OsRequest r;
        r.sequential = true;
        r.user_bytes = bytes;
        r.array = map_read(geo_, 0.0, row, 0);
        for (std::size_t i = 0; i < r.array.phases.size(); ++i) {
            r.new_ios.push_back(0);  // each drive continues its stream
            r.host_ios_per_io.push_back(1.0);
        }
        add_os_request(r, 1.0, fetch.probability, fetch.visits);
        for (auto* v : {&hit, &fetch}) {
            if (v->probability > 0.0) {
                out_.network.variants.push_back(std::move(*v));
            }
        }
    }

    /// A random write the controller holds and writes back with the rest of its row's dirty
    /// blocks (system/write_cache.h: write_back_hold): the request's host path, the
    /// controller's command and data path into the cache (as add_cache_hit) and the host link;
    /// in the background 1/m of a row's destage (evaluate/gathered_destage.h): the controller's
    /// commands, data and parity for it, and its drive work, where m is the dirty blocks a
    /// destage writes. As core/sim/engine_io.cpp (set_demands, gather_row).
    void add_gathered_write(double bytes, double probability, std::vector<Visit>& visits) const {
        for (const auto& [req, weight] : transfer_shapes(mapping_, bytes, true, false, 1.0, 1)) {
            const HostWork work = host_work(sys_, software_raid_, req);
            visits.push_back(simple_visit(idx_.host_cpu, work.cpu_s, weight));
            visits.push_back(simple_visit(idx_.controller,
                                          controller_intake_s(req.pieces, req.user_bytes), weight));
            visits.push_back(
                host_link_visit(idx_.host_link, sys_, software_raid_, req, work, weight));
        }
        const double per_write = 1.0 / std::max(1.0, hold_.blocks_per_destage);
        for (const auto& [destage, weight] : gathered_destages(
                 geo_, std::max(512.0, wl_.size.mean_bytes()), hold_.blocks_per_destage)) {
            Visit commands =
                simple_visit(idx_.controller, host_work(sys_, software_raid_, destage).controller_s,
                             weight * per_write);
            commands.detached = true;
            visits.push_back(commands);
            for (std::size_t i = 0; i < destage.array.phases.size(); ++i) {
                add_phase(destage, i, true, weight * per_write, probability, false, visits);
            }
        }
    }

    void add_os_request(const OsRequest& r, double count, double probability,
                        std::vector<Visit>& visits) const {
        double flushed = 0.0;  // share of these requests an md bitmap update flushes first
        std::size_t after_flush = visits.size();
        if (r.write && !r.continues && bitmap_writes_per_s_ >= 0.0) {
            const double updates = add_md_bitmap(r, count, probability, visits);
            flushed = count * probability > 0.0 ? updates / (count * probability) : 0.0;
            after_flush = visits.size();
        }
        tally_bitmap_touch(r, count * probability);
        const HostWork work = host_work(sys_, software_raid_, r);
        // A later window of a file read keeps its clusters in flight one behind the other: while
        // one is on the disks the next passes the host and the controller, so the window takes
        // its slowest stage, not their sum (derived: a pipeline's time per item is its slowest
        // stage's; read-ahead keeps file_read_ahead_ios clusters in flight, McVoy & Kleiman 1991).
        const bool pipelined = pipelined_window(r, mapping_.hdd_file_reads);
        // The first window's clusters pass the host and the controller one after another, each
        // going on to the disks when through: only the first cluster's stages precede the disk
        // work, the others' overlap it (derived: the pipeline's fill).
        // The share of those stages that precedes the disk work; the rest overlaps it.
        const double before_disks = pipelined ? 0.0
                                    : first_window(r, mapping_.hdd_file_reads)
                                        ? 1.0 / std::max(1, r.pieces)
                                        : 1.0;
        if (before_disks > 0.0) {
            visits.push_back(simple_visit(idx_.host_cpu, work.cpu_s * before_disks, count));
            visits.push_back(
                simple_visit(idx_.controller, work.controller_s * before_disks, count));
        }
        if (work.raid_thread_s > 0.0 && idx_.raid_thread >= 0) {
            // md's stripe thread takes the request's stripes after the submitting thread.
            visits.push_back(simple_visit(idx_.raid_thread, work.raid_thread_s, count));
        }
        const bool detached = r.write && write_back_;
        for (std::size_t i = 0; i < r.array.phases.size(); ++i) {
            // (ZFS reads a partial record before the write returns: before_ack.)
            add_phase(r, i, detached && !r.array.phases[i].before_ack, count, probability,
                      pipelined, visits);
        }
        if (before_disks < 1.0) {
            Visit cpu_visit = simple_visit(idx_.host_cpu, work.cpu_s * (1.0 - before_disks), count);
            Visit ctl_visit =
                simple_visit(idx_.controller, work.controller_s * (1.0 - before_disks), count);
            cpu_visit.overlapped = true;
            ctl_visit.overlapped = true;
            visits.push_back(cpu_visit);
            visits.push_back(ctl_visit);
        }
        visits.push_back(host_link_visit(idx_.host_link, sys_, software_raid_, r, work, count));
        // The update's REQ_PREFLUSH waited for what the drives' caches held: the request's own
        // drive visits after it find none of its job's destages there.
        for (std::size_t i = after_flush; flushed > 0.0 && i < visits.size(); ++i) {
            if (visits[i].station == idx_.drives && !visits[i].detached) {
                visits[i].own_low_priority_left = 1.0 - std::min(1.0, flushed);
            }
        }
    }

    /// Linux md's write-intent bitmap: the update a write may wait for (md_bitmap_visits.h).
    /// Returns the updates per job added.
    double add_md_bitmap(const OsRequest& r, double count, double probability,
                         std::vector<Visit>& visits) const {
        const MdBitmapVisits bitmap{sys_,         wl_,
                                    geo_,         *drive_visits_,
                                    idx_.drives,  idx_.drive_link,
                                    links_,       {bitmap_writes_per_s_, bitmap_population_},
                                    bitmap_heads_};
        const double updates = bitmap.add(r, count, probability, visits);
        bitmap_updates_per_job_ += updates;
        return updates;
    }

    /// The drive and drive-link visits of phase `i` of `r`.
    void add_phase(const OsRequest& r, std::size_t i, bool detached, double count,
                   double probability, bool pipelined, std::vector<Visit>& visits) const {
        const IoPhase& phase = r.array.phases[i];
        if (phase.ios.empty()) {
            return;
        }
        if (phase.log_device) {
            add_log_device(phase, count, visits);
            return;
        }
        if (geo_.placement != CopyPlacement::Far) {
            add_round(r, i, phase.ios, detached, count, probability, pipelined, visits);
            return;
        }
        // md far raid10 writes a piece in two sections of one drive: the drive serves them one
        // after the other (derived: one visit per round, the k-th I/O of each drive in round k).
        std::vector<std::vector<DiskIo>> rounds;
        std::map<int, std::size_t> per_disk;
        for (const auto& io : phase.ios) {
            const std::size_t k = per_disk[io.disk]++;
            if (k >= rounds.size()) {
                rounds.emplace_back();
            }
            rounds[k].push_back(io);
        }
        for (const auto& round : rounds) {
            add_round(r, i, round, detached, count, probability, pipelined, visits);
        }
    }

    /// The drive and drive-link visits of one round of phase `i` of `r` (distinct drives).
    void add_round(const OsRequest& r, std::size_t i, const std::vector<DiskIo>& ios, bool detached,
                   double count, double probability, bool pipelined,
                   std::vector<Visit>& visits) const {
        const IoPhase& phase = r.array.phases[i];
        DriveAccess a;
        a.fork = static_cast<int>(ios.size());
        double sum = 0.0, mx = 0.0;
        for (const auto& io : ios) {
            sum += io.bytes;
            mx = std::max(mx, io.bytes);
        }
        a.mean_bytes = sum / a.fork;
        a.max_bytes = mx;
        a.write = ios.front().write;
        // Copy-on-write writes continue each drive's write stream (IoPhase::allocated).
        a.sequential = r.sequential || phase.allocated;
        a.allocated = phase.allocated;
        a.same_copy = r.continues;
        a.fresh = phase.allocated
                      ? 0.0
                      : static_cast<double>(r.new_ios[i]) / static_cast<double>(phase.ios.size());
        a.host_ios = r.host_ios_per_io[i];
        a.detached = detached;
        a.rewrites_previous = phase.rewrites_previous;
        a.stable = phase.stable;
        a.log_block = phase.log_block;
        a.count = count;
        a.probability = probability;
        a.unbuffered = r.unbuffered.empty() ? 0.0 : r.unbuffered[i];
        a.early = pipelined;
        const std::size_t before = visits.size();
        drive_visits_->add(a, visits);
        add_bitmap_return(a, before, visits);
        visits.push_back(drive_link_visit(idx_.drive_link, sys_, links_, a,
                                          drive_visits_->drive_cache() && !a.stable));
    }

    /// Linux md's bitmap on HDDs: an access that takes a member's head to the working set
    /// comes back from the bitmap page if an update ran since the member's last one
    /// (MdBitmapHeads::returning): its seek is then the one from the bitmap
    /// (md_bitmap_seek_s), not a random one within the working set. The write half of a
    /// read-modify-write stays where its read took the head; the page's own writes and the
    /// ZIL's are not the working set's.
    void add_bitmap_return(const DriveAccess& a, std::size_t first,
                           std::vector<Visit>& visits) const {
        if (bitmap_writes_per_s_ < 0.0 || sys_.drive.kind != DriveKind::Hdd || a.stable ||
            a.rewrites_previous || a.log_block) {
            return;
        }
        bitmap_accesses_per_job_ += a.count * a.probability * a.fork;
        const double back = bitmap_back_s_;
        if (!(back > 0.0)) {
            return;
        }
        const std::shared_ptr<const MdBitmapHeads> heads = bitmap_heads_;
        for (std::size_t i = first; i < visits.size(); ++i) {
            Visit& v = visits[i];
            if (v.station != idx_.drives || !v.service.at) {
                continue;
            }
            auto inner = v.service.at;
            // (a seek back with probability `returning`: its mean and its variance)
            v.service.at = [inner, heads, back](const queueing::Arrival& found) {
                queueing::ServiceParts parts = inner(found);
                const double p = std::clamp(heads->returning, 0.0, 1.0);
                parts.random.mean += p * back;
                parts.random.var += p * (1.0 - p) * back * back;
                return parts;
            };
        }
    }

    /// md bitmap on HDDs: the distinct drives whose heads request `r` takes to the working
    /// set (MdBitmapTouch), `per_job` times a job.
    void tally_bitmap_touch(const OsRequest& r, double per_job) const {
        if (bitmap_writes_per_s_ < 0.0 || sys_.drive.kind != DriveKind::Hdd) {
            return;
        }
        std::vector<int>& disks = bitmap_disks_;
        disks.clear();
        for (const IoPhase& phase : r.array.phases) {
            if (phase.rewrites_previous || phase.stable || phase.log_block || phase.log_device) {
                continue;
            }
            for (const DiskIo& io : phase.ios) {
                disks.push_back(io.disk);
            }
        }
        std::sort(disks.begin(), disks.end());
        disks.erase(std::unique(disks.begin(), disks.end()), disks.end());
        if (!disks.empty()) {
            bitmap_touches_.push_back({per_job, static_cast<int>(disks.size())});
        }
    }

    const System& sys_;
    const Workload& wl_;
    Geometry geo_;
    MappingContext mapping_;
    bool write_back_ = false;
    bool software_raid_ = false;
    double bitmap_writes_per_s_ = -1.0;  ///< md bitmap: write requests per second per volume
    int bitmap_population_ = 0;          ///< md bitmap: the closed population (0: open)
    /// md bitmap: where the heads are (MdBitmapHeads; worked out once every visit is built),
    /// and the updates and the working set's accesses per job it is worked out from.
    std::shared_ptr<MdBitmapHeads> bitmap_heads_ = std::make_shared<MdBitmapHeads>();
    mutable double bitmap_updates_per_job_ = 0.0;
    mutable double bitmap_accesses_per_job_ = 0.0;
    mutable std::vector<MdBitmapTouch> bitmap_touches_;
    mutable std::vector<int> bitmap_disks_;  ///< tally_bitmap_touch's scratch
    double bitmap_back_s_ = 0.0;             ///< md_bitmap_seek_back_s of the drive and span
    double working_set_ = 0.0;               ///< bytes the requests spread over (read_cache.h)
    WriteBackHold hold_;  ///< how held random writes leave the controller's cache (write_cache.h)
    ReadAheadUse read_ahead_;  ///< which reads the controller reads ahead for (read_cache.h)
    int total_drives_ = 1;
    int links_ = 1;
    Stations idx_;
    std::unique_ptr<DriveVisits> drive_visits_;
    BuiltNetwork out_;
};

}  // namespace

BuiltNetwork build_mapped_network(const System& system, const Workload& workload,
                                  const WriteLoad& write_load) {
    return Builder(system, workload, write_load).build();
}

BuiltNetwork build_network(const System& system, const Workload& workload,
                           const WriteLoad& write_load) {
    if (system.layout.failed_drives > 0 || system.layout.rebuild_rate_fraction > 0.0) {
        return build_degraded_network(system, workload, write_load);  // evaluate/degraded.cpp
    }
    return build_mapped_network(system, workload, write_load);
}

}  // namespace raidadv
