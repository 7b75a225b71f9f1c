#include "evaluate/network_builder.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>

#include "components/hdd_model.h"
#include "components/ssd_model.h"
#include "evaluate/degraded.h"
#include "layout/geometry.h"

namespace raidadv {

using queueing::Arrival;
using queueing::Moments;
using queueing::Service;
using queueing::ServiceParts;
using queueing::Station;
using queueing::StationKind;
using queueing::Visit;

namespace {

/// One request the operating system sends to the array.
struct OsRequest {
    ArrayRequest array;
    bool sequential = false;  ///< continues its stream where the previous request stopped
    /// A later piece of one transfer: on a mirror it stays on the copy the transfer started on.
    bool continues = false;
    bool write = false;
    double user_bytes = 0.0;
    int pieces = 1;           ///< host I/Os issued together (file-system read-ahead window)
    bool read_ahead = false;  ///< part of a transfer read with several host I/Os in flight
    /// Per phase: how many of its I/Os go to a disk this transfer has not used before (the
    /// head is elsewhere: full positioning) rather than continuing the stream on that disk.
    std::vector<int> new_ios;
    /// Per phase: the share of its bytes the drives had not read ahead (split()); filled for a
    /// file read's windows only (pipelined_window(), first_window()), where it is used.
    std::vector<double> unbuffered;
    /// Per phase: separate host I/Os (file-system clusters) merged into each disk I/O; each is
    /// its own command to the drive.
    std::vector<double> host_ios_per_io;
};

/// HddPositioning of a drive, remembered per thread: a pure function of every HddSpec field, the
/// span and the direction, tabulated by numerical integration, and the same for every controller,
/// layout and stripe unit the advisor tries with that drive.
std::shared_ptr<const HddPositioning> positioning(const HddSpec& hdd, double span, bool write,
                                                  int candidates = 0) {
    thread_local std::map<std::vector<double>, std::shared_ptr<const HddPositioning>> cache;
    std::vector<double> key{hdd.rpm,
                            hdd.seek_track_to_track_s,
                            hdd.seek_average_s,
                            hdd.seek_full_stroke_s,
                            hdd.write_seek_extra_s,
                            hdd.media_rate_outer_Bps,
                            hdd.media_rate_inner_Bps,
                            hdd.command_overhead_s,
                            hdd.cache_bytes,
                            static_cast<double>(hdd.cache_segments),
                            hdd.read_ahead ? 1.0 : 0.0,
                            static_cast<double>(hdd.queue_depth),
                            span,
                            write ? 1.0 : 0.0,
                            static_cast<double>(candidates)};
    if (const auto it = cache.find(key); it != cache.end()) {
        return it->second;
    }
    constexpr std::size_t kMaxEntries = 256;  // bounds the memory; refilled on demand
    if (cache.size() >= kMaxEntries) {
        cache.clear();
    }
    auto made = std::make_shared<const HddPositioning>(hdd, span, write, candidates);
    cache.emplace(std::move(key), made);
    return made;
}

/// The time that is `a` with probability p and `b` otherwise (mean and variance of a mixture).
TimeMoments mixture(double p, TimeMoments a, TimeMoments b) {
    const double mean = p * a.mean + (1.0 - p) * b.mean;
    const double second = p * (a.var + a.mean * a.mean) + (1.0 - p) * (b.var + b.mean * b.mean);
    return {mean, std::max(0.0, second - mean * mean)};
}

/// HddPositioning::at that remembers its last answer. The queueing solver asks every drive visit
/// of a level with the same queue length, so the visits sharing a table mostly ask for the same
/// number of candidates in a row. One per built network and direction; a built network is solved
/// on one thread at a time (the memo is not synchronized).
class PositioningMemo {
  public:
    explicit PositioningMemo(std::shared_ptr<const HddPositioning> pos) : pos_(std::move(pos)) {}
    TimeMoments at(double candidates) {
        if (!(candidates == last_)) {
            moments_ = pos_->at(candidates);
            last_ = candidates;
        }
        return moments_;
    }

  private:
    std::shared_ptr<const HddPositioning> pos_;
    double last_ = std::numeric_limits<double>::quiet_NaN();
    TimeMoments moments_;
};

struct Stations {
    int host_cpu = -1, host_link = -1, controller = -1, drive_link = -1, drives = -1, drive_bw = -1;
};

class Builder {
  public:
    Builder(const System& sys, const Workload& wl)
        : sys_(sys), wl_(wl), geo_(make_geometry(sys.layout)) {
        write_back_ = uses_write_back(sys);
        raid_layer_ = geo_.drives > 1;
        software_raid_ = sys.controller.kind != ControllerKind::HardwareRaid && raid_layer_;
        total_drives_ = geo_.drives * geo_.volumes;
        const int per_link = std::max(1, sys.drives_per_link);
        links_ = (total_drives_ + per_link - 1) / per_link;
        if (sys.drive.kind == DriveKind::Hdd) {
            // The volume manager's choice among mirror copies adds candidates beyond what the
            // drive itself reorders (its queue depth): the read table reaches depth + copies - 1.
            HddSpec read_hdd = sys.drive.hdd;
            read_hdd.queue_depth = std::max(1, read_hdd.queue_depth) + std::max(0, geo_.copies - 1);
            pos_read_ =
                std::make_shared<PositioningMemo>(positioning(read_hdd, wl.span_fraction, false));
            pos_write_ = std::make_shared<PositioningMemo>(
                positioning(sys.drive.hdd, wl.span_fraction, true));
            drive_cache_ = uses_drive_write_cache(sys);
            if (drive_cache_) {
                pos_destage_ = std::make_shared<PositioningMemo>(
                    positioning(sys.drive.hdd, wl.span_fraction, true, kMaxBufferedWrites));
            }
        }
        add_stations();
    }

    BuiltNetwork build() {
        if (wl_.unit == Workload::Unit::File) {
            build_file_variants();
        } else {
            build_request_variants();
        }
        for (const auto& variant : out_.network.variants) {
            for (const auto& v : variant.visits) {
                if (v.station == idx_.drives) {
                    out_.disk_ios_per_job += variant.probability * v.count * v.fork;
                }
            }
        }
        out_.keep_alive.push_back(pos_read_);
        out_.keep_alive.push_back(pos_write_);
        out_.keep_alive.push_back(pos_destage_);
        return std::move(out_);
    }

  private:
    void add_stations() {
        auto& st = out_.network.stations;
        auto add = [&](const char* name, StationKind kind, int copies, double servers) {
            st.push_back(Station{name, kind, copies, servers});
            return static_cast<int>(st.size()) - 1;
        };
        idx_.host_cpu = add(kHostCpu, StationKind::Queue, 1, std::max(1, sys_.host.cpu_cores));
        idx_.host_link = add(kHostLink, StationKind::Queue, 1, 1.0);
        idx_.controller = add(kController, StationKind::Queue, 1, 1.0);
        idx_.drive_link = add(kDriveLink, StationKind::Queue, links_, 1.0);
        if (sys_.drive.kind == DriveKind::Ssd) {
            idx_.drives =
                add(kDrives, StationKind::Queue, total_drives_, ssd_parallelism(sys_.drive.ssd));
            idx_.drive_bw = add(kDriveBandwidth, StationKind::Queue, total_drives_, 1.0);
        } else {
            idx_.drives = add(kDrives, StationKind::Queue, total_drives_, 1.0);
        }
    }

    double row_bytes() const { return geo_.unit * std::max(1, geo_.data_units_per_row); }

    /// Start offsets (within one row; degraded parity layouts: one rotation of the parity) of
    /// the sampled requests of `bytes` bytes.
    std::vector<double> sample_offsets(double bytes, bool sequential) const {
        const double align = std::max(512.0, wl_.alignment_bytes);
        // A failed drive makes the rows of a parity layout differ (its units are data in some,
        // parity in another): degraded, the samples cover a whole rotation of the parity
        // (group_drives rows), as many per unit when they can.
        const int rotation = geo_.failed_drives > 0 && geo_.parity_per_group > 0
                                 ? std::max(1, geo_.group_drives)
                                 : 1;
        const double row = row_bytes() * rotation;
        const double positions = std::max(1.0, std::floor(row / align));
        int samples = static_cast<int>(std::min(64.0, positions));
        std::vector<double> offsets;
        // Whether a request crosses a stripe unit depends on where in the unit it starts: the
        // samples cover the positions within a unit evenly and rotate over the row's units.
        const double in_unit = std::max(1.0, std::floor(geo_.unit / align));
        const int units = std::max(1, geo_.data_units_per_row) * rotation;
        if (rotation > 1 && units <= samples) {
            samples -= samples % units;
        }
        for (int j = 0; j < samples; ++j) {
            if (sequential) {
                offsets.push_back(std::fmod(j * bytes, row));
            } else if (in_unit >= samples) {
                const double within = std::floor(j * in_unit / samples) * align;
                offsets.push_back(std::fmod((j % units) * geo_.unit + within, row));
            } else {
                offsets.push_back(std::floor(j * positions / samples) * align);
            }
        }
        return offsets;
    }

    /// The OS requests of one logical transfer of `bytes` starting at `offset`: split at the
    /// host's largest I/O, the first piece random (unless `sequential`), the rest sequential.
    /// `window` pieces are in flight together (file-system read-ahead): they are issued as one
    /// group whose disk I/Os proceed in parallel on different disks and back to back on one.
    std::vector<OsRequest> split(double offset, double bytes, bool write, bool sequential,
                                 int read_copy, int window = 1) const {
        std::vector<OsRequest> out;
        const double max_io = std::max(512.0, sys_.host.max_io_bytes);
        // A sequential stream in steady state has already passed every disk; a new transfer
        // (random request, or a file's first data) finds every head elsewhere.
        std::vector<char> touched(static_cast<std::size_t>(geo_.drives), sequential ? 1 : 0);
        // Per disk: whether the previous window used it, and the bytes of this transfer its
        // read-ahead holds.
        std::vector<char> previous(static_cast<std::size_t>(geo_.drives), 0);
        std::vector<double> ahead(static_cast<std::size_t>(geo_.drives), 0.0);
        const HddSpec& hdd = sys_.drive.hdd;
        const double segment = sys_.drive.kind == DriveKind::Hdd && hdd.read_ahead
                                   ? hdd.cache_bytes / std::max(1, hdd.cache_segments)
                                   : 0.0;
        double done = 0.0;
        while (done < bytes) {
            const double piece = std::min(max_io * std::max(1, window), bytes - done);
            OsRequest r;
            r.write = write;
            r.sequential = sequential || done > 0.0;
            r.continues = done > 0.0;
            r.user_bytes = piece;
            r.pieces = static_cast<int>(std::ceil(piece / max_io - 1e-9));
            r.read_ahead = !write && window > 1;
            if (write && r.sequential && write_back_ && geo_.parity_per_group > 0) {
                r.array = coalesced_full_stripe_share(piece);
            } else {
                r.array = write ? map_write(geo_, offset + done, piece)
                                : map_read(geo_, offset + done, piece, read_copy);
            }
            // The file system reads a file in clusters of max_io, each its own I/O, the next
            // one issued as read-ahead when the current one is consumed (McVoy & Kleiman,
            // "Extent-like performance from a UNIX file system", USENIX Winter 1991), and the
            // RAID layer maps each cluster on its own: a disk I/O of this window that holds
            // pieces of several clusters is several commands, issued a cluster apart (as the
            // simulator issues them: core/sim/workload_gen.cpp). derived: commands per disk
            // I/O = disk I/Os of the clusters mapped one by one / disk I/Os of the window.
            std::vector<double> separate(r.array.phases.size(), 0.0);
            if (!write && r.pieces > 1) {  // (a single cluster is one command per disk I/O)
                for (double c = 0.0; c < piece - 1e-9; c += max_io) {
                    const double b = std::min(max_io, piece - c);
                    const ArrayRequest one = map_read(geo_, offset + done + c, b, read_copy);
                    for (std::size_t i = 0; i < one.phases.size() && i < separate.size(); ++i) {
                        separate[i] += static_cast<double>(one.phases[i].ios.size());
                    }
                }
            }
            for (std::size_t i = 0; i < r.array.phases.size(); ++i) {
                const double merged = static_cast<double>(r.array.phases[i].ios.size());
                r.host_ios_per_io.push_back(!write && merged > 0.0 && r.pieces > 1
                                                ? std::max(1.0, separate[i] / merged)
                                                : 1.0);
            }
            for (const auto& phase : r.array.phases) {
                int fresh = 0;
                for (const auto& io : phase.ios) {
                    fresh += touched[static_cast<std::size_t>(io.disk)] ? 0 : 1;
                }
                r.new_ios.push_back(fresh);
            }
            // derived: a drive reads ahead (up to a cache segment) while the stream is on other
            // disks; a window that returns to a disk the previous window did not use finds a
            // segment read ahead there, a window that follows the previous one on the same disk
            // finds what is left of it; the rest of its bytes wait for the media.
            std::vector<char> used(previous.size(), 0);
            const bool pipelined = pipelined_window(r);
            const bool on_media = pipelined || first_window(r);
            for (const auto& phase : r.array.phases) {
                double bytes_all = 0.0, unbuffered = 0.0;
                for (const auto& io : phase.ios) {
                    const auto d = static_cast<std::size_t>(io.disk);
                    if (pipelined && touched[d] && !previous[d]) {
                        ahead[d] = segment;
                    } else if (!touched[d]) {
                        ahead[d] = 0.0;
                    }
                    const double buffered = std::min(io.bytes, ahead[d]);
                    ahead[d] -= buffered;
                    bytes_all += io.bytes;
                    unbuffered += io.bytes - buffered;
                    touched[d] = 1;
                    used[d] = 1;
                }
                if (on_media) {
                    r.unbuffered.push_back(bytes_all > 0.0 ? unbuffered / bytes_all : 1.0);
                }
            }
            previous = std::move(used);
            out.push_back(std::move(r));
            done += piece;
        }
        return out;
    }

    /// A write-back cache gathers a sequential stream into full-stripe writes (no reads of old
    /// data or parity): each request carries its share piece/row of one full-stripe write.
    /// derived: Chen et al. 1994 large-write cost (G-1)/G of RAID 0.
    ArrayRequest coalesced_full_stripe_share(double piece) const {
        const double row = row_bytes();
        ArrayRequest full = map_write(geo_, 0.0, row);
        const double share = piece / row;
        for (auto& phase : full.phases) {
            for (auto& io : phase.ios) {
                io.bytes *= share;
            }
        }
        full.parity_bytes *= share;
        return full;
    }

    /// What makes two OS requests cost the same: flags, piece counts, sizes in sectors and the
    /// shape of every phase (a vector key: cheaper than formatting a string).
    static std::vector<long long> signature(const OsRequest& r) {
        std::vector<long long> key{r.write, r.sequential, r.continues, r.pieces, r.read_ahead};
        key.insert(key.end(), r.new_ios.begin(), r.new_ios.end());
        key.push_back(-1);
        for (double u : r.unbuffered) {
            key.push_back(std::llround(u * 1000.0));
        }
        key.push_back(-1);
        for (double h : r.host_ios_per_io) {
            key.push_back(std::llround(h * 1000.0));
        }
        key.push_back(std::llround(r.user_bytes / 512.0));
        key.push_back(std::llround(r.array.parity_bytes / 512.0));
        for (const auto& phase : r.array.phases) {
            double sum = 0.0, mx = 0.0;
            for (const auto& io : phase.ios) {
                sum += io.bytes;
                mx = std::max(mx, io.bytes);
            }
            key.push_back(static_cast<long long>(phase.ios.size()));
            key.push_back(std::llround(sum / 512.0));
            key.push_back(std::llround(mx / 512.0));
            key.push_back(phase.ios.empty() ? 0 : phase.ios[0].write);
        }
        return key;
    }

    /// Merges the OS requests in `requests` (each weighted by `weight`) of identical shape into
    /// one representative with the summed weight, in signature order.
    static std::vector<std::pair<OsRequest, double>> merge_requests(
        const std::vector<std::pair<OsRequest, double>>& requests) {
        std::map<std::vector<long long>, std::pair<const OsRequest*, double>> shapes;
        for (const auto& [req, weight] : requests) {
            auto [it, inserted] = shapes.try_emplace(signature(req), &req, 0.0);
            it->second.second += weight;
        }
        std::vector<std::pair<OsRequest, double>> out;
        for (const auto& [key, entry] : shapes) {
            out.emplace_back(*entry.first, entry.second);
        }
        return out;
    }

    void add_os_request(const OsRequest& r, double count, std::vector<Visit>& visits) const {
        // ops: the disk I/Os as the RAID layer issues them, each cluster of a window mapped on
        // its own (host_ios_per_io), as the simulator issues them (core/sim/engine_io.cpp).
        double ops = 0.0, disk_bytes = 0.0;
        for (std::size_t i = 0; i < r.array.phases.size(); ++i) {
            const auto& phase = r.array.phases[i];
            ops += static_cast<double>(phase.ios.size()) * r.host_ios_per_io[i];
            for (const auto& io : phase.ios) {
                disk_bytes += io.bytes;
            }
        }
        const HostSpec& host = sys_.host;
        const ControllerSpec& ctl = sys_.controller;
        // Host CPU: OS path per request; software/host RAID adds per-disk-I/O work and parity XOR.
        double cpu = host.per_request_overhead_s * r.pieces;
        if (software_raid_) {
            cpu += host.raid_cpu_per_io_s * ops + r.array.parity_bytes / host.parity_cpu_Bps;
        }
        // Controller: command processing, data path, parity engine.
        double ctl_s =
            std::max(ops, 1.0 * r.pieces) / ctl.max_iops + disk_bytes / ctl.max_bandwidth_Bps;
        if (ctl.kind == ControllerKind::HardwareRaid && ctl.parity_Bps > 0.0) {
            ctl_s += r.array.parity_bytes / ctl.parity_Bps;
        }
        // A later window of a file read keeps its clusters in flight one behind the other: while
        // one is on the disks the next passes the host and the controller, so the window takes
        // its slowest stage, not their sum (derived: a pipeline's time per item is its slowest
        // stage's; read-ahead keeps file_read_ahead_ios clusters in flight, McVoy & Kleiman 1991).
        const bool pipelined = pipelined_window(r);
        // The first window's clusters pass the host and the controller one after another, each
        // going on to the disks when through: only the first cluster's stages precede the disk
        // work, the others' overlap it (derived: the pipeline's fill).
        // The share of those stages that precedes the disk work; the rest overlaps it.
        const double before_disks = pipelined         ? 0.0
                                    : first_window(r) ? 1.0 / std::max(1, r.pieces)
                                                      : 1.0;
        if (before_disks > 0.0) {
            visits.push_back(simple_visit(idx_.host_cpu, cpu * before_disks, count));
            visits.push_back(simple_visit(idx_.controller, ctl_s * before_disks, count));
        }
        const bool detached = r.write && write_back_;
        for (std::size_t i = 0; i < r.array.phases.size(); ++i) {
            const auto& phase = r.array.phases[i];
            const double fresh = phase.ios.empty() ? 1.0
                                                   : static_cast<double>(r.new_ios[i]) /
                                                         static_cast<double>(phase.ios.size());
            add_phase(phase, r.sequential, r.continues, fresh, r.host_ios_per_io[i], detached,
                      count, visits, r.unbuffered.empty() ? 0.0 : r.unbuffered[i], pipelined);
        }
        if (before_disks < 1.0) {
            Visit cpu_visit = simple_visit(idx_.host_cpu, cpu * (1.0 - before_disks), count);
            Visit ctl_visit = simple_visit(idx_.controller, ctl_s * (1.0 - before_disks), count);
            cpu_visit.overlapped = true;
            ctl_visit.overlapped = true;
            visits.push_back(cpu_visit);
            visits.push_back(ctl_visit);
        }
        // Host link: hardware RAID moves user data once; host/software RAID moves every disk I/O.
        const double link_bytes = software_raid_ ? disk_bytes : r.user_bytes;
        const double link_cmds = software_raid_ ? std::max(ops, 1.0 * r.pieces) : r.pieces;
        Visit hl = simple_visit(idx_.host_link,
                                link_cmds * sys_.host_link.command_overhead_s +
                                    link_bytes / sys_.host_link.bandwidth_Bps,
                                count);
        hl.overlapped = true;  // pipelined with the drives' transfers (adds only its excess)
        visits.push_back(hl);
    }

    /// Whether `r` is a later window of a file read with several clusters in flight on disks
    /// (add_os_request): its stages overlap and its disks' media work is on its path.
    bool pipelined_window(const OsRequest& r) const {
        return r.read_ahead && r.continues && sys_.drive.kind == DriveKind::Hdd &&
               wl_.unit == Workload::Unit::File;
    }

    /// Whether `r` is the first window of such a file read. derived: its clusters reach each
    /// disk together, so a disk that holds pieces of several of them reads the later ones
    /// straight after the first, from the media (no time to read them ahead): their transfer is
    /// on the window's path, as in the simulator (core/sim: the drive serves the queued
    /// clusters one after another).
    bool first_window(const OsRequest& r) const {
        return r.read_ahead && !r.continues && sys_.drive.kind == DriveKind::Hdd &&
               wl_.unit == Workload::Unit::File;
    }

    static Visit simple_visit(int station, double seconds, double count) {
        Visit v;
        v.station = station;
        v.count = count;
        v.service.parts.fixed_s = seconds;
        return v;
    }

    /// Copies a sub-request chooses among by queue length: a mirror read that starts a
    /// transfer takes the shorter queue (then the nearer arm); the rest go where they must.
    int mirror_choice(bool write, bool same_copy) const {
        return !write && !same_copy && geo_.copies > 1 ? geo_.copies : 1;
    }

    void add_phase(const IoPhase& phase, bool sequential, bool same_copy, double fresh,
                   double host_ios, bool detached, double count, std::vector<Visit>& visits,
                   double unbuffered = 0.0, bool early = false) const {
        if (phase.ios.empty()) {
            return;
        }
        const int k = static_cast<int>(phase.ios.size());
        double sum = 0.0, mx = 0.0;
        for (const auto& io : phase.ios) {
            sum += io.bytes;
            mx = std::max(mx, io.bytes);
        }
        const double mean = sum / k;
        const bool write = phase.ios.front().write;
        if (sys_.drive.kind == DriveKind::Ssd) {
            const SsdSpec& ssd = sys_.drive.ssd;
            const SsdDemand d =
                write ? ssd_write_demand(ssd, mean, sequential) : ssd_read_demand(ssd, mean);
            const SsdDemand dmax =
                write ? ssd_write_demand(ssd, mx, sequential) : ssd_read_demand(ssd, mx);
            Visit flash = simple_visit(idx_.drives, d.flash_s, count);
            flash.fork = k;
            flash.detached = detached;
            Visit bw = simple_visit(idx_.drive_bw, d.bandwidth_s, count);
            bw.fork = k;
            bw.service.fixed_max_extra_s = dmax.bandwidth_s - d.bandwidth_s;
            bw.detached = detached;
            flash.choice = bw.choice = mirror_choice(write, same_copy);
            flash.stream_arrivals = bw.stream_arrivals = sequential;
            visits.push_back(flash);
            visits.push_back(bw);
        } else {
            // A drive with its write cache on acknowledges a write once it holds the data and
            // destages it later (background load, like the controller's cache).
            const bool cached = write && drive_cache_;
            (*drive_ios_)[write ? 1 : 0] += probability_ * count * k;
            Visit v = hdd_visit(k, mean, mx, write, same_copy, fresh, host_ios, detached || cached,
                                count, cached, unbuffered, early, cached && !detached,
                                cached && phase.rewrites_previous);
            v.choice = mirror_choice(write, same_copy);
            // Random writes a drive holds are destaged in its idle moments, reads first, until
            // its buffer is half full (hdd_visit); a stream's are destaged as it goes.
            v.low_priority = cached && !detached && !sequential;
            v.stream_arrivals = sequential;
            if (phase.rewrites_previous && !cached) {
                // derived: the write half of read-modify-write finds the head on the track it
                // just read and waits one revolution less the transfer (Chen et al. 1994) -
                // unless another request was served in between (probability 1 - 1/present, as
                // for streams), which moved the head: then it is positioned like any request.
                const double t = hdd_transfer_time(sys_.drive.hdd, mean, wl_.span_fraction);
                const double wait = std::max(0.0, hdd_revolution_time(sys_.drive.hdd) - t);
                const double overhead = sys_.drive.hdd.command_overhead_s;
                auto random = v.service.at;
                v.service.at = [random, t, wait, overhead](const Arrival& found) {
                    ServiceParts parts = random(found);
                    const double p = 1.0 - 1.0 / std::max(1.0, found.present);
                    const TimeMoments m =
                        mixture(p, {parts.random.mean, parts.random.var}, {wait, 0.0});
                    parts.fixed_s = overhead + t;
                    parts.random = {m.mean, m.var};
                    parts.hidden_s = 0.0;
                    parts.delay_s = 0.0;
                    return parts;
                };
            }
            visits.push_back(std::move(v));
        }
        // Drive links: the transfer of each I/O over its lane or bus (pipelined with the media).
        // derived: k transfers over min(k, links) links; those sharing a bus go one after another.
        const int busy_links = std::min(k, links_);
        const double per_link = static_cast<double>(k) / busy_links;
        Visit link = simple_visit(
            idx_.drive_link,
            per_link * (sys_.drive_link.command_overhead_s + mean / sys_.drive_link.bandwidth_Bps),
            count);
        link.fork = busy_links;
        if (busy_links == k) {
            // derived: with one transfer per link the fork's largest piece is the last to cross,
            // its extra over the mean piece at the link's rate (as the drives' in hdd_visit).
            link.service.fixed_max_extra_s = (mx - mean) / sys_.drive_link.bandwidth_Bps;
        }
        link.overlapped = true;
        link.fed_by_previous = !write;  // read data leave the drive onto its link
        link.detached = detached;
        if (write && drive_cache_ && !detached) {
            // The write responds when the drive holds its data: the link transfer, then the
            // drive's command processing (the media work is the drive visit's destage).
            link.overlapped = false;
            link.service.parts.delay_s = sys_.drive.hdd.command_overhead_s;
        }
        visits.push_back(link);
    }

    /// A drive visit; `fresh` is the fraction of the fork's I/Os on disks this transfer has not
    /// used yet (random positioning), the rest continue their stream on their disk. `same_copy`:
    /// a later piece of one transfer, read from the mirror copy the transfer started on.
    Visit hdd_visit(int k, double mean_bytes, double max_bytes, bool write, bool same_copy,
                    double fresh, double host_ios, bool detached, double count, bool cached = false,
                    double unbuffered = 0.0, bool early = false, bool idle_destage = false,
                    bool rewrite = false) const {
        const HddSpec& hdd = sys_.drive.hdd;
        // A read on a mirror goes to the copy whose arm is nearest when the copies are idle
        // (modeling notes: nearest-arm mirror reads), which the drive sees as more candidates.
        // The later pieces of one transfer stay on the copy it started on (VxVM Administrator's
        // Guide, read policy "round": sequential access reads one plex): no choice left.
        const double copies = write || same_copy ? 1.0 : static_cast<double>(geo_.copies);
        // derived: a sequential stream on a disk passes over what it does not read: parity units
        // (G / (G - p)) and, on mirrors, the rows the other copies serve (copies) - unless it
        // stays on one copy, which then reads every row of its own.
        const double sweep =
            write ? 1.0
                  : (geo_.copies > 1 ? copies
                                     : static_cast<double>(geo_.group_drives) /
                                           std::max(1, geo_.group_drives - geo_.parity_per_group));
        Visit v;
        v.station = idx_.drives;
        v.fork = k;
        v.nearest_first = hdd.queue_depth > 1;
        v.count = count;
        v.detached = detached;
        const double span = wl_.span_fraction;
        v.service.fixed_max_extra_s =
            hdd_transfer_time(hdd, max_bytes, span) - hdd_transfer_time(hdd, mean_bytes, span);
        // A disk I/O made of `host_ios` file-system clusters is that many commands; a controller
        // with a command size limit sends each as back-to-back commands of at most the limit.
        // Each later command continues the stream on that disk.
        const double limit = sys_.controller.max_command_bytes;
        const double per_host_io = mean_bytes / host_ios;
        const double commands =
            host_ios * (limit > 0.0 ? std::max(1.0, std::ceil(per_host_io / limit)) : 1.0);
        const double command_bytes = mean_bytes / commands;
        std::shared_ptr<PositioningMemo> pos = cached  ? pos_destage_
                                               : write ? pos_write_
                                                       : pos_read_;
        const double revolution = hdd_revolution_time(hdd);
        const double rotation_var = revolution * revolution / 12.0;
        // A write-back controller destages from its cache with the drive's queue kept full; a
        // drive destages its own write cache choosing among the writes it holds (up to
        // hdd_write_cache_window; how many: below).
        const double window = static_cast<double>(hdd_write_cache_window(hdd, command_bytes));
        const double min_candidates = cached     ? window
                                      : detached ? static_cast<double>(hdd.queue_depth)
                                                 : 1.0;
        const double depth = static_cast<double>(std::max(1, hdd.queue_depth));
        const std::shared_ptr<const std::array<double, 2>> drive_ios = drive_ios_;
        const double overhead = hdd.command_overhead_s;
        const double transfer = hdd_transfer_time(hdd, command_bytes, span);
        const double segment = hdd.cache_bytes / std::max(1, hdd.cache_segments);
        const bool streaming = write || hdd.read_ahead;
        const double per_segment = segment > 0.0 ? std::min(1.0, command_bytes / segment) : 1.0;
        const int segments = std::max(1, hdd.cache_segments);
        const double streams = wl_.streams > 0 ? wl_.streams : 1e300;
        // The later commands of one disk I/O read one disk range: they stay on the copy the
        // first one read, so on a mirror they skip no other copy's rows (parity units remain).
        const double rest_sweep = geo_.copies > 1 ? 1.0 : sweep;
        // The previous cluster's time on its disks: the media time of its piece on one disk
        // (a cluster wider than the stripe unit is read a unit per disk, in parallel).
        const double piece = std::max(512.0, sys_.host.max_io_bytes);
        const double cluster_media =
            hdd_transfer_time(hdd, geo_.unit > 0.0 ? std::min(piece, geo_.unit) : piece, span);
        v.service.at = [=](const Arrival& found) {
            const double present = found.present;
            // derived: when the drive finishes a request it chooses among those still waiting,
            // so an arrival that finds `present - 1` others is chosen from about that many; a
            // mirror read adds the other copies' arms when they are idle (probability 1/present),
            // a choice the host makes whatever the drive's own queue depth.
            const double queued = std::min(std::max(present - 1.0, min_candidates), depth);
            double candidates = queued + (copies - 1.0) / std::max(1.0, present);
            // The share of destages that choose among many held writes (below).
            double many = 1.0;
            double idle_held = 1.0;  // writes held when the drive destages in an idle moment
            if (cached) {
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
                const double w =
                    (*drive_ios)[1] / std::max(1e-300, (*drive_ios)[0] + (*drive_ios)[1]);
                candidates = w >= 1.0 ? window : std::max(1.0, std::floor(window / 2.0));
                // (Behind a write-back cache the controller keeps the drive's queue full of
                // destage work: never alone.)
                many = w >= 1.0 || !idle_destage ? 1.0 : std::clamp(present - 1.0, 0.0, 1.0);
                // derived: a request finds at most the destage in progress, so the buffer is
                // a queue of writes served about once per read: with r = w / (1 - w) writes per
                // read it holds r / (1 - r) on average (M/M/1), at r >= 1 it fills to the mark -
                // unless the drive has idle moments to empty it in: it holds the write being
                // destaged and the writes among the requests an M/M/1 queue holds at the drive's
                // busy share u (u / (1 - u), w of them). A drive a request finds idle (one
                // outstanding request: idle while the request is on the other drives) destages
                // each write alone, right after it is acknowledged, as the simulated drives do.
                const double r = w / std::max(1e-12, 1.0 - w);
                const double u = std::clamp(found.busy, 0.0, 0.999);
                idle_held = std::min({candidates, r >= 1.0 ? candidates : 1.0 + r / (1.0 - r),
                                      1.0 + w * u / (1.0 - u)});
            }
            TimeMoments m = pos->at(candidates);
            TimeMoments alone{};
            double alone_share = 0.0;  // destages in an idle moment that go back over a read
            if (many < 1.0) {
                // derived: a mixture of destages in an idle moment and at the high-water mark.
                alone = pos->at(idle_held);
                if (rewrite) {
                    // The write half of read-modify-write destaged alone finds the head on the
                    // track it just read unless another request came between (probability
                    // 1 - 1/present): it waits a revolution less the transfer (Chen et al.
                    // 1994), as the write-through case in add_phase. It goes back over what
                    // the head has read, so it continues no stream (command() below).
                    const double wait = std::max(0.0, revolution - transfer);
                    alone = mixture(1.0 / std::max(1.0, present), {wait, 0.0}, alone);
                    alone_share = 1.0 - many;
                } else {
                    m = mixture(many, m, alone);
                }
            }
            // A stream's work read ahead (reads) or destaged later (writes in the drive's cache)
            // is not time its requests spend at the drive, so the requests present undercount
            // the other streams there; derived: the drive's busy share from other streams (the
            // arrival's view of the drive, all but its own stream's share when several requests
            // belong to one stream) is the mean number of them it finds at work, at most one.
            // A mirror read takes the copy with the shorter queue, then the nearer arm (the
            // simulator's choice), so a stream keeps a copy of its own unless every copy is at
            // work for others (taken as independent copies: the power).
            const bool ahead_read = !write && hdd.read_ahead;
            const double others = streams < 1e300 ? std::max(0.0, 1.0 - 1.0 / streams) : 1.0;
            const double busy_others = std::pow(found.busy * others, copies);
            const double found_present =
                ahead_read || cached ? std::max(present, 1.0 + busy_others) : present;
            const double interleaved = std::max(1.0, std::min(found_present, streams));
            // derived: a drive reads ahead only until the next command needs the head (Shriver,
            // Merchant & Wilkes 1998; the simulator's drive), so a stream finds its data read
            // ahead only if the drive went idle after its previous request, not when another
            // request waited then (taken as found - 1, at most 1, as for the destages above).
            const double preempted = ahead_read ? std::clamp(found_present - 1.0, 0.0, 1.0) : 0.0;
            // Sequential: a stream pays positioning only when another stream moved the head in
            // between (probability 1 - 1/found, derived: FCFS order among the requests found,
            // capped by the number of streams). With read-ahead (reads) or the drive's
            // write cache (writes) it pays once per cache segment of its own data, and the media
            // transfer of a hit is done ahead/behind the request (Shriver, Merchant & Wilkes
            // 1998, simplified). Without read-ahead a read that finds the head just past its
            // start waits about a full revolution (Ruemmler & Wilkes 1994). A disk this transfer
            // has not used yet (`fresh`) always pays full positioning.
            auto command = [&](double fresh_share, double skipped) {
                double p = 1.0 - 1.0 / interleaved;
                if (streaming && interleaved <= segments) {
                    p *= preempted + (1.0 - preempted) * per_segment;
                }
                p = fresh_share + (1.0 - fresh_share) * p;
                ServiceParts c;
                // Continuing a stream sweeps over the data it skips; a fresh access does not.
                const double stream_transfer = fresh_share >= 1.0 ? transfer : transfer * skipped;
                if (streaming) {
                    // The destages alone of a read-modify-write's write half are always
                    // positioned (alone, above); the rest as a stream.
                    const double media = alone_share + (1.0 - alone_share) * p;
                    const TimeMoments positioned =
                        mixture(alone_share, alone, mixture(p, m, {0.0, 0.0}));
                    c.fixed_s = media * (overhead + stream_transfer);
                    c.hidden_s = (1.0 - media) * stream_transfer;
                    c.delay_s = (1.0 - media) * overhead;  // the link transfer is the link visit
                    c.random = {positioned.mean, positioned.var};
                } else {
                    const double lost = fresh_share >= 1.0 ? m.mean : revolution;
                    c.fixed_s = overhead + stream_transfer;
                    const double mean = p * m.mean + (1.0 - p) * lost;
                    const double second = p * (m.var + m.mean * m.mean) + (1.0 - p) * lost * lost;
                    c.random = {mean, std::max(0.0, second - mean * mean)};
                }
                return c;
            };
            ServiceParts parts = command(fresh, sweep);
            if (commands > 1.0) {
                // The controller sends a large disk I/O's commands one after another, so other
                // streams' commands may come between them: each continues the stream like the
                // next request of a sequential stream.
                const ServiceParts rest = command(0.0, rest_sweep);
                const double n = commands - 1.0;
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
                std::max(0.0, parts.random.var - rotation_var) / std::max(1.0, present);
            parts.sibling_var = parts.random.var - shared;
            if (unbuffered > 0.0) {
                // derived: in a pipelined window the bytes the drive has not read ahead (split())
                // wait for the media (their hidden transfer is on the path), the commands'
                // electronics overlapping the media.
                parts.fixed_s += unbuffered * parts.hidden_s;
                parts.hidden_s *= 1.0 - unbuffered;
                parts.delay_s *= 1.0 - unbuffered;
            }
            if (early && fresh > 0.0) {
                // derived: read-ahead issues a window's cluster once the cluster two before it
                // is done, so a disk the file has not used yet positions while the previous
                // cluster is read elsewhere: up to one cluster's media time of its positioning
                // is done ahead of the window (the simulator issues clusters so).
                const double ahead = fresh * std::min(m.mean, cluster_media);
                parts.random.mean -= ahead;
                parts.hidden_s += ahead;
            }
            return parts;
        };
        return v;
    }

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
                    queueing::JobVariant variant;
                    variant.probability = p;
                    probability_ = p;
                    add_transfer(size, is_write != 0, seq != 0, 1.0, variant.visits);
                    out_.network.variants.push_back(std::move(variant));
                }
            }
        }
    }

    /// Visits of one logical transfer of `bytes`, averaged over sampled offsets.
    void add_transfer(double bytes, bool write, bool sequential, double count,
                      std::vector<Visit>& visits, int window = 1) const {
        for (const auto& [req, weight] : transfer_shapes(bytes, write, sequential, count, window)) {
            add_os_request(req, weight, visits);
        }
    }

    /// The distinct OS requests (by signature, in signature order) of one logical transfer with
    /// their summed weights. A pure function of the geometry, the workload's alignment, the
    /// host's largest I/O, write-back and the arguments, so it is remembered per thread: the
    /// advisor maps the same drive count, layout and stripe unit for several controllers.
    const std::vector<std::pair<OsRequest, double>>& transfer_shapes(double bytes, bool write,
                                                                     bool sequential, double count,
                                                                     int window) const {
        using Shapes = std::vector<std::pair<OsRequest, double>>;
        thread_local std::map<std::vector<double>, Shapes> cache;
        std::vector<double> key{
            static_cast<double>(geo_.level), static_cast<double>(geo_.drives),
            static_cast<double>(geo_.volumes), static_cast<double>(geo_.copies),
            static_cast<double>(geo_.groups), static_cast<double>(geo_.group_drives),
            static_cast<double>(geo_.parity_per_group),
            static_cast<double>(geo_.data_units_per_row), geo_.unit,
            static_cast<double>(geo_.failed_drives), wl_.alignment_bytes, sys_.host.max_io_bytes,
            // split() reads write-back only for writes to parity layouts.
            write_back_ && write && geo_.parity_per_group > 0 ? 1.0 : 0.0, bytes, write ? 1.0 : 0.0,
            sequential ? 1.0 : 0.0, count, static_cast<double>(window)};
        if (const auto it = cache.find(key); it != cache.end()) {
            return it->second;
        }
        constexpr std::size_t kMaxEntries = 4096;  // bounds the memory; refilled on demand
        if (cache.size() >= kMaxEntries) {
            cache.clear();
        }
        std::vector<std::pair<OsRequest, double>> requests;
        const auto offsets = sample_offsets(bytes, sequential);
        for (std::size_t j = 0; j < offsets.size(); ++j) {
            for (auto& r :
                 split(offsets[j], bytes, write, sequential, static_cast<int>(j), window)) {
                requests.emplace_back(std::move(r), count / static_cast<double>(offsets.size()));
            }
        }
        return cache.emplace(std::move(key), merge_requests(requests)).first->second;
    }

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
                probability_ = p;
                // Per-file host work (open, close, bookkeeping).
                variant.visits.push_back(
                    simple_visit(idx_.host_cpu, host.per_file_overhead_s, 1.0));
                // File-system metadata: small random reads (directory, inode, indirect blocks).
                if (host.metadata_reads_per_file > 0.0) {
                    add_transfer(host.metadata_read_bytes, false, false,
                                 host.metadata_reads_per_file, variant.visits);
                }
                // The file's data: the first request random, the rest continue the stream.
                add_transfer(size, is_write != 0, wl_.sequential_fraction >= 1.0, 1.0,
                             variant.visits, std::max(1, host.file_read_ahead_ios));
                out_.network.variants.push_back(std::move(variant));
            }
        }
    }

    const System& sys_;
    const Workload& wl_;
    Geometry geo_;
    bool write_back_ = false;
    bool raid_layer_ = false;
    bool software_raid_ = false;
    int total_drives_ = 1;
    int links_ = 1;
    bool drive_cache_ = false;  ///< HDD writes are acknowledged from the drive's write cache
    /// Drive reads and writes per job (filled while building, read when solving).
    std::shared_ptr<std::array<double, 2>> drive_ios_ = std::make_shared<std::array<double, 2>>();
    double probability_ = 1.0;  ///< probability of the variant being built
    std::shared_ptr<PositioningMemo> pos_read_, pos_write_, pos_destage_;
    Stations idx_;
    BuiltNetwork out_;
};

}  // namespace

bool uses_drive_write_cache(const System& system) {
    if (system.drive.kind != DriveKind::Hdd || system.drive.hdd.cache_bytes <= 0.0) {
        return false;  // no buffer, no write cache
    }
    switch (system.drive_write_cache) {
        case DriveWriteCache::On:
            return true;
        case DriveWriteCache::Off:
            return false;
        case DriveWriteCache::Auto:
            break;
    }
    return system.controller.kind != ControllerKind::HardwareRaid;
}

bool uses_write_back(const System& system) {
    if (!system.write_back_cache) {
        return false;
    }
    const auto& c = system.controller;
    // Host RAID drivers (Intel RST/Matrix) cache RAID volumes in host RAM (not pass-through
    // single drives); hardware RAID needs cache memory.
    const bool raid_volume = make_geometry(system.layout).drives > 1;
    return (c.kind == ControllerKind::HostRaid && raid_volume) ||
           (c.kind == ControllerKind::HardwareRaid && c.cache_bytes > 0.0);
}

BuiltNetwork build_mapped_network(const System& system, const Workload& workload) {
    return Builder(system, workload).build();
}

BuiltNetwork build_network(const System& system, const Workload& workload) {
    if (system.layout.failed_drives > 0 || system.layout.rebuild_rate_fraction > 0.0) {
        return build_degraded_network(system, workload);  // evaluate/degraded.cpp
    }
    return build_mapped_network(system, workload);
}

}  // namespace raidadv
