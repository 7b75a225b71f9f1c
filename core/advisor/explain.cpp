// Explanations for the top candidates. Every sentence is built from numbers the model or the
// catalog produced for this request; nothing here decides the ranking.

#include "advisor/explain.h"
#include "components/ssd_model.h"
#include "evaluate/evaluator.h"
#include "format/format.h"
#include "system/md_bitmap.h"
#include "system/raid_software.h"
#include "system/read_cache.h"
#include "system/working_set.h"
#include "system/write_cache.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "advisor/degraded_view.h"
#include "advisor/target_changes.h"
#include "advisor/wear.h"
#include "layout/geometry.h"
#include "system/stations.h"

namespace raidadv::advisor {

namespace {

std::string percent(double fraction) {
    char text[32];
    std::snprintf(text, sizeof text, "%.0f%%", 100.0 * fraction);
    return text;
}

std::string probability(double p) {
    char text[32];
    if (p >= 0.01) {
        std::snprintf(text, sizeof text, "%.1f%%", 100.0 * p);
    } else if (p >= 1e-6) {
        std::snprintf(text, sizeof text, "%.2g%%", 100.0 * p);
    } else {
        return "under 0.0001%";
    }
    return text;
}

std::string load_name(const Workload& w, int concurrency) {
    const bool one = concurrency == 1;
    return std::to_string(concurrency) +
           (w.unit == Workload::Unit::File
                ? (one ? " process" : " concurrent processes")
                : (one ? " outstanding request" : " outstanding requests"));
}

std::string short_name(const System& s) {
    // The layout part of describe(): between the first and the last ", ".
    const std::string full = s.name;
    const auto first = full.find(", ");
    const auto last = full.rfind(", ");
    if (first == std::string::npos || last == first) {
        return full;
    }
    return full.substr(first + 2, last - first - 2);
}

/// "1,430" or "2.5": a rate as a person writes it.
std::string plain_number(double v) {
    char text[48];
    if (v >= 100.0) {
        const int n = std::snprintf(text, sizeof text, "%.0f", v);
        std::string digits;
        for (int i = 0; i < n; ++i) {
            if (i > 0 && (n - i) % 3 == 0) {
                digits.push_back(',');
            }
            digits.push_back(text[i]);
        }
        return digits;
    }
    std::snprintf(text, sizeof text, "%.3g", v);
    return text;
}

/// derived: a component "limits" the array only when it is this busy; below it the response
/// time is mostly service, not waiting (an M/M/1 queue waits 2.3 service times at 70%).
constexpr double kNearSaturation = 0.7;

void bottleneck_reason(const Candidate& c, const Request& r, Explanation& e) {
    const Performance& p = c.performance;
    if (p.points.empty()) {
        return;
    }
    const PointMetrics& heavy = p.points.back();
    const std::string bottleneck = component_name(p.bottleneck);  // "drives" takes "limit"
    const bool plural_name = !bottleneck.empty() && bottleneck.back() == 's';
    std::ostringstream s;
    s << "At "
      << (heavy.concurrency > 0 ? load_name(r.workload, heavy.concurrency)
                                : plain_number(heavy.arrival_rate_per_s) + " per second");
    if (p.bottleneck_utilization >= kNearSaturation) {
        s << " the " << bottleneck << (plural_name ? " limit it (" : " limits it (")
          << percent(p.bottleneck_utilization) << " busy): mean response ";
    } else {
        s << " nothing is near its limit (the busiest, the " << bottleneck << ", "
          << (plural_name ? "are " : "is ") << percent(p.bottleneck_utilization)
          << " busy): mean response ";
    }
    s << format_time(heavy.mean_response_s) << ", " << plain_number(heavy.iops)
      << (r.workload.unit == Workload::Unit::File ? " files/s, " : " requests/s, ");
    s << plain_number(heavy.mb_per_s) << " MB/s.";
    if (p.bottleneck == kRaidThread) {
        s << " Linux md handles RAID 5 and 6 stripes in one kernel thread (raid5d) unless its "
             "group_thread_cnt is raised; the model takes md's default of one.";
    }
    if (p.bottleneck == kDeviceLock) {
        s << " Each request seeks first (lseek, then read or write), and Linux lets one lseek "
             "at a time hold a block device's inode lock: pread/pwrite, or an asynchronous "
             "engine, do without it.";
    }
    e.reasons.push_back(s.str());
}

/// What a ZFS pool does with this workload's requests (docs/model.md, "ZFS pools"): whole
/// records read from a vdev's data columns, copy-on-write writes from memory, and the space the
/// records keep for data.
void zfs_reason(const Candidate& c, const Request& r, Explanation& e) {
    const Layout& l = c.system.layout;
    if (!is_zfs(l.level)) {
        return;
    }
    const Geometry g = make_geometry(l);
    const ZfsPool& z = g.zfs;
    const double record_kib = z.record / 1024.0;
    const double size = r.workload.size.mean_bytes();
    std::ostringstream s;
    s << level_display_name(l.level) << " of " << z.vdevs << " vdev" << (z.vdevs == 1 ? "" : "s")
      << " x " << z.children << " drives, " << plain_number(record_kib) << " KiB records: ";
    if (l.level == RaidLevel::ZfsMirror) {
        s << "a random read reads its record from one drive of a mirror, so small random reads "
             "see up to "
          << g.drives << " drives' IOPS";
    } else {
        // Data columns a whole record occupies (vdev_raidz_map_alloc).
        const double sectors = std::ceil(z.record / z.sector - 1e-9);
        const int data_cols = zfs_data_columns(z);
        const int read_drives = static_cast<int>(std::min<double>(data_cols, sectors));
        s << "a random read reads its whole record (the checksum covers it) from " << read_drives
          << " drive" << (read_drives == 1 ? "" : "s") << " of a vdev, so small random reads see "
          << "about ";
        const int drives_worth = read_drives > 1 ? z.vdevs : g.drives;
        s << drives_worth << (drives_worth == 1 ? " drive's IOPS" : " drives' IOPS");
    }
    if (r.workload.unit == Workload::Unit::Request && size < z.record &&
        r.workload.read_fraction < 1.0) {
        s << "; a " << plain_number(size / 1024.0)
          << " KiB write reads the rest of its record first, then writes the record anew";
    }
    if (r.workload.read_fraction < 1.0 && r.workload.sync_writes) {
        s << ". Writes are synchronous: each waits for the ZFS intent log, "
          << (c.system.log.count > 0 ? "on the separate log device"
                                     : "on the pool's own drives (no separate log device)")
          << ", and the data leaves again with its transaction group";
    } else if (r.workload.read_fraction < 1.0) {
        s << ". Writes are copy-on-write: ZFS returns them from memory and writes each "
             "transaction group out in order, so the drives write sequentially";
    }
    if (r.workload.unit == Workload::Unit::Request && r.workload.read_fraction > 0.0 &&
        r.workload.sequential_fraction >= 0.5) {
        s << (r.workload.read_fraction < 1.0 ? "; sequential" : ". Sequential")
          << " reads are prefetched up to 64 MiB ahead, so even one reader keeps every drive "
             "busy";
    }
    s << ".";
    const double arc = read_cache_bytes(c.system);
    if (arc > 0.0 && r.workload.read_fraction > 0.0) {
        const double hit = read_hit_ratio(
            c.system, working_set_bytes(c.system, span_fraction_on(c.system, r.workload)),
            r.workload.unit == Workload::Unit::Request && r.workload.sequential_fraction >= 0.5);
        s << " The ARC (" << plain_number(arc / (1024.0 * 1024 * 1024))
          << " GiB of the host's RAM) serves about " << percent(hit)
          << " of the reads from memory.";
    }
    const double share = 100.0 * zfs_data_share(z, z.record) *
                         (l.level == RaidLevel::ZfsMirror ? 1.0 / z.children : 1.0);
    s << " Records of this size keep " << plain_number(std::round(share))
      << "% of the space they allocate for data (parity and padding, OpenZFS's allocation "
         "rule).";
    e.reasons.push_back(s.str());
}

/// Linux md's write-intent bitmap (system/md_bitmap.h): what it costs this workload at the
/// heaviest load point, from the model with and without it.
void md_bitmap_sentence(const Candidate& c, const Request& r, std::ostringstream& s) {
    if (!md_bitmap_on(c.system) || c.performance.points.empty()) {
        return;
    }
    System without = c.system;
    without.layout.md_bitmap = MdBitmap::None;
    const Evaluation other = evaluate(without, r.workload);
    const PointMetrics& with_bitmap = c.performance.points.back();
    if (other.points.empty() || other.points.back().saturated || with_bitmap.saturated ||
        !(with_bitmap.iops > 0.0)) {
        return;
    }
    const double gain = other.points.back().iops / with_bitmap.iops - 1.0;
    // An appliance's storage manager builds the md array itself: a DSM volume group's md shows
    // "bitmap: 0/59 pages [0KB], 65536KB chunk" in a user's /proc/mdstat (as found: the same
    // 64 MiB bitmap chunk mdadm makes).
    const bool appliance = !appliance_software(c.system.host).empty();
    s << " Linux md keeps a write-intent bitmap on this array ("
      << (appliance ? "the storage manager's md arrays carry one, as users' /proc/mdstat show"
                    : "mdadm's default for drives over 100 GiB; the build plan creates it")
      << "): a write to a 64 MiB region idle for 5 to 10 s first waits while md writes the "
         "bitmap to every drive.";
    if (gain >= 0.01) {
        s << " Without it" << (appliance ? "" : " (mdadm --bitmap=none)") << " the model gives "
          << percent(gain) << " more throughput at "
          << (with_bitmap.concurrency > 0 ? load_name(r.workload, with_bitmap.concurrency)
                                          : std::string("the heaviest load"))
          << ", but after a crash or power cut the whole array is resynchronized instead of "
             "the regions being written. (The bitmap's cost is the model's least certain "
             "part: on a measured md RAID 5 the model, which takes each update's seek to the "
             "bitmap and back, came within 22% at one write in flight, but at 2 to 32 in "
             "flight md updated its bitmap more often than the model says and writes came out "
             "up to 1.7x faster than measured; within 21% from 64 on.)";
    } else {
        s << " For this workload that costs under 1%.";
    }
    if (with_bitmap.md_bitmap_fast_iops > 0.0) {
        // (evaluator.cpp, least_bitmap_rate: the load point holds at two rates or more)
        s << " Here the bitmap can hold the array at two speeds: the model gives the slower, "
             "which a load reaches from an idle array (most writes find their region's bit "
             "clear and wait); kept busy enough that regions are written again before md "
             "clears their bits, it can run at "
          << plain_number(with_bitmap.md_bitmap_fast_iops) << " requests/s instead of "
          << plain_number(with_bitmap.iops) << ".";
    }
}

/// A small share as a person reads it: 12%, 0.3%, under 0.1%.
std::string share_text(double fraction) {
    if (fraction >= 0.01) {
        return percent(fraction);
    }
    if (fraction < 0.001) {
        return "under 0.1%";
    }
    char text[32];
    std::snprintf(text, sizeof text, "%.1f%%", 100.0 * fraction);
    return text;
}

/// A write-back controller that absorbs rewrites of data still in its cache, writes a row's
/// dirty blocks back together, and destages in address order (system/write_cache.h).
void overwrite_sentence(const Candidate& c, const Request& r, std::ostringstream& s) {
    const Workload workload = on_system(c.system, r.workload);  // as the model took it
    const bool overwrites = write_back_overwrites(c.system, workload);
    const bool sorts = write_back_sorts(c.system, workload);
    if (!(overwrites || sorts) || c.performance.points.empty()) {
        return;
    }
    const PointMetrics& at = c.performance.points.back();
    if (at.saturated || !(at.iops > 0.0)) {
        return;
    }
    const WriteBackHold hold =
        write_back_hold(c.system, workload, at.iops * (1.0 - workload.read_fraction));
    const std::string load = at.concurrency > 0 ? load_name(r.workload, at.concurrency)
                                                : std::string("the heaviest load");
    if (hold.absorbed_share >= 0.01) {
        s << " The working set is small against that cache: at " << load << " the model finds "
          << percent(hold.absorbed_share)
          << " of the random writes rewriting data still waiting in it (the controller keeps up "
             "to "
          << percent(kWriteBackDirtyShare) << " of its cache for writes, each for up to "
          << kWriteBackMaxDirtyAge_s << " s), and those never go to the drives on their own.";
    }
    if (hold.row_bytes > 0.0 && hold.blocks_per_destage >= 1.5) {
        const double m = hold.blocks_per_destage;
        s << " The controller writes a stripe's dirty blocks back together: at " << load
          << " a destage carries about "
          << (m < 10.0 ? plain_number(std::round(m * 10.0) / 10.0) : plain_number(std::round(m)))
          << " of them (one pass per drive"
          << (make_geometry(c.system.layout).parity_per_group > 0 ? ", one parity update" : "")
          << "), not one write each.";
    }
    const double band = write_back_destage_band(c.system, workload, hold);
    if (sorts && band < 1.0) {
        s << " The controller destages what it holds in address order (as Smart Array's elevator "
             "sort does): at "
          << load << " about " << plain_number(std::round(hold.pending_destages))
          << " destages wait in the cache, so each drive chooses its next among neighbours within "
          << share_text(band) << " of the span it writes, not among random places.";
    }
}

void write_penalty_reason(const Candidate& c, const Request& r, Explanation& e) {
    if (r.workload.read_fraction >= 1.0 || is_zfs(c.system.layout.level)) {
        return;  // (a pool's writes: zfs_reason)
    }
    const Geometry g = make_geometry(c.system.layout);
    const int ios = small_write_ios(g);
    // Small writes exist when the mean write is below a full row of data (a full-stripe write
    // needs no reads; Chen et al. 1994, section 3.4).
    const bool small_writes =
        g.parity_per_group == 0 ||
        r.workload.size.mean_bytes() < g.unit * static_cast<double>(g.data_units_per_row);
    std::ostringstream s;
    if (g.parity_per_group == 0) {
        s << "Each write costs " << ios << " disk I/O" << (ios == 1 ? "" : "s");
    } else if (small_writes) {
        s << "Each small write costs " << ios << " disk I/O" << (ios == 1 ? "" : "s");
    } else {
        s << "Writes span whole stripes, so parity needs no reads";
    }
    switch (small_writes ? c.system.layout.level : RaidLevel::Raid0) {
        case RaidLevel::Raid5:
        case RaidLevel::Raid50:
            s << " (read old data and parity, write both: the RAID 5 write penalty)";
            break;
        case RaidLevel::Raid6:
        case RaidLevel::Raid60:
            s << " (read old data and two parities, write all three: the RAID 6 write penalty)";
            break;
        case RaidLevel::Raid1:
        case RaidLevel::Raid10:
        case RaidLevel::Raid01:
            s << " (one per mirror copy)";
            break;
        default:
            break;
    }
    char avg[64];
    std::snprintf(avg, sizeof avg, "; with %s writes the array does %.2f disk I/Os per %s",
                  percent(1.0 - r.workload.read_fraction).c_str(), c.performance.disk_ios_per_job,
                  r.workload.unit == Workload::Unit::File ? "file" : "request");
    s << avg;
    if (c.system.write_back_cache && c.system.controller.cache_bytes > 0.0) {
        s << ", and the controller's "
          << (c.system.controller.battery_backed ? "battery-backed " : "")
          << "cache absorbs write bursts";
    }
    s << ".";
    overwrite_sentence(c, r, s);
    md_bitmap_sentence(c, r, s);
    if (uses_drive_write_cache(c.system)) {
        // Data safety of the drives' volatile cache (docs/model.md, drive write cache).
        s << " Writes are counted complete once they are in the drives' own write cache (on by "
             "default without a hardware RAID controller): a power cut can lose the last "
             "seconds of writes unless the drives protect their cache or the system has a UPS; "
             "with the caches off (ask for writes that survive a power cut) "
             "writes wait for the disk.";
    } else if (r.constraints.power_loss_safe_writes && c.system.drive.kind == DriveKind::Hdd) {
        s << " The drives' volatile write caches are off, as asked (writes safe across a power "
             "cut): every write waits for the disk"
          << (c.system.write_back_cache && c.system.controller.battery_backed
                  ? " unless the controller's battery-backed cache holds it."
                  : ".");
    }
    e.reasons.push_back(s.str());
}

/// A RAID controller that reads a stream's stripe whole (system/read_cache.h,
/// controller_reads_ahead): the stream's next requests come from its cache.
void read_ahead_reason(const Candidate& c, const Request& r, Explanation& e) {
    const Workload& w = r.workload;
    const double bytes = w.size.mean_bytes();
    const ReadAheadUse ahead = read_ahead_use(c.system, w);
    if (w.read_fraction <= 0.0 || w.sequential_fraction <= 0.0 || !ahead.applies(bytes, true)) {
        return;
    }
    const double row = ahead.row_bytes;
    std::ostringstream s;
    s << "The controller reads ahead ("
      << (c.system.controller_read_ahead == ControllerReadAhead::Always ? "on every read"
                                                                        : "adaptive")
      << "): a sequential read that starts a stripe reads all of it ("
      << plain_number(std::round(row / 1024.0)) << " KiB) from every drive at once, and the "
      << "stream's next " << plain_number(std::max(0.0, std::floor(row / bytes) - 1.0))
      << " requests come from the controller's cache.";
    e.reasons.push_back(s.str());
}

void stripe_reason(const Candidate& c, Explanation& e) {
    const Layout& l = c.system.layout;
    if (!is_striped(l.level)) {
        return;
    }
    std::ostringstream s;
    const double chosen = l.stripe_unit_bytes / 1024.0;
    s << "Stripe unit " << chosen << " KiB: " << c.stripe_rule.explanation << ".";
    const ControllerSpec& ctl = c.system.controller;
    // The unit the search started from: the rule's, within a Storage Spaces parity space's cap.
    double start = c.stripe_rule.rounded_bytes;
    if (const double most = storage_spaces_max_interleave_bytes(c.system.host, ctl, l);
        most > 0.0) {
        start = std::min(start, most);
    }
    if (c.stripes_tried.size() > 1) {  // (one unit offered: nothing to compare)
        if (l.stripe_unit_bytes == start) {
            s << " The model tried " << c.stripes_tried.size()
              << " units and none was more than 1% faster.";
        } else {
            // The units within 1% of the fastest (search_evaluate.cpp: the nearest to the rule's
            // is kept).
            double best = 0.0;
            for (const StripeTrial& t : c.stripe_trials) {
                if (t.feasible && (best == 0.0 || t.mean_response_s < best)) {
                    best = t.mean_response_s;
                }
            }
            int ties = 0;
            for (const StripeTrial& t : c.stripe_trials) {
                ties += t.feasible && t.mean_response_s <= 1.01 * best ? 1 : 0;
            }
            s << " The model tried " << c.stripes_tried.size() << " units and " << chosen
              << " KiB was fastest for this workload";
            if (ties > 1) {
                s << " (" << ties << " units within 1% of each other; of those, the nearest the "
                  << "rule's unit is kept)";
            }
            s << ".";
        }
    }
    if (const int data = storage_spaces_data_columns(c.system.host, ctl, l); data > 0) {
        // (raid_software.h parity_space_max_interleave_bytes: the sources)
        if (const double cluster = storage_spaces_cluster_bytes(c.system.host, ctl, l);
            cluster > 0.0) {
            s << " Storage Spaces parity writes whole stripes where one NTFS cluster is one "
                 "stripe of data: the build plan formats the volume with "
              << cluster / 1024.0 << " KiB clusters (the interleave kept to at most "
              << storage_spaces_max_interleave_bytes(c.system.host, ctl, l) / 1024.0
              << " KiB for it: NTFS clusters reach 2 MiB).";
        } else {
            s << " Warning: with " << data
              << " data columns no NTFS cluster can be one stripe of data, and users report "
                 "Storage Spaces parity writing at 20-40 MB/s from disks then, far below what "
                 "the model gives; a power of two of data columns avoids it.";
        }
    }
    if (const double chunk = appliance_chunk_bytes(c.system.host, ctl); chunk > 0.0) {
        s << (appliance_software(c.system.host) == "synology-shr" ? " Synology DSM" : " QNAP QTS")
          << " builds its arrays with a " << chunk / 1024.0 << " KiB chunk and offers no other.";
    } else if (ctl.min_stripe_bytes > 0.0 || ctl.max_stripe_bytes > 0.0) {
        s << " The " << ctl.info.name << " offers stripe units of ";
        if (ctl.min_stripe_bytes > 0.0 && ctl.max_stripe_bytes > 0.0) {
            s << ctl.min_stripe_bytes / 1024.0 << " to " << ctl.max_stripe_bytes / 1024.0
              << " KiB only.";
        } else if (ctl.min_stripe_bytes > 0.0) {
            s << ctl.min_stripe_bytes / 1024.0 << " KiB and more only.";
        } else {
            s << "up to " << ctl.max_stripe_bytes / 1024.0 << " KiB only.";
        }
    }
    e.reasons.push_back(s.str());
}

void reliability_reason(const Candidate& c, const Request& r, Explanation& e) {
    const Assessment& a = c.assessment;
    std::ostringstream s;
    if (a.failures_tolerated == 0) {
        // A failure loses the volume the drive belongs to: with independent volumes only its
        // share of the files (Veritas Volume Manager Administrator's Guide, "Striping": one
        // volume per disk means one volume to restore; Hauser et al. 1996: striping puts each
        // file's fate on several disks).
        const int volumes = make_geometry(c.system.layout).volumes;
        s << "No redundancy: any drive failure loses data";
        if (volumes > 1) {
            s << ", the files of its volume (1/" << volumes
              << " of the data; the other volumes' files survive)";
        } else if (c.system.total_drives() > 1) {
            s << ", the whole volume (striped over all " << c.system.total_drives() << " drives)";
        }
    } else {
        s << "Survives " << a.failures_tolerated << " drive failure"
          << (a.failures_tolerated > 1 ? "s" : "") << "; a rebuild takes about "
          << format_time(a.rebuild_time_s);
        if (a.spare_drives > 0) {
            s << " and starts at once on the hot spare";
        } else if (a.mttr_hours * 3600.0 > a.rebuild_time_s) {
            s << " once a replacement is fitted (no hot spare: "
              << format_time(a.mttr_hours * 3600.0 - a.rebuild_time_s) << " assumed)";
        }
    }
    char years[32];
    std::snprintf(years, sizeof years, "%g", r.constraints.horizon_years);
    s << "; over " << years << " years: " << probability(a.p_array_loss)
      << " chance of losing the array";
    if (a.failures_tolerated > 0) {
        s << ", " << probability(a.p_unreadable_stripe)
          << " of an unreadable sector during a rebuild (a damaged file or block, not the "
             "whole array)";
    }
    s << ".";
    e.reasons.push_back(s.str());
    for (const std::string& warning : a.warnings) {
        e.reasons.push_back("Warning: " + warning);
    }
}

void ssd_reason(const Candidate& c, const Request& r, Explanation& e) {
    const DriveSpec& d = c.system.drive;
    if (d.kind != DriveKind::Ssd) {
        return;
    }
    std::ostringstream s;
    if (r.constraints.power_loss_safe_writes) {
        s << "The " << d.info.name
          << " has power-loss protection: its write cache is flushed on a power cut, so writes "
             "stay fast and safe (SSDs without it were left out: with their cache off every "
             "flush waits for the flash).";
    }
    const double sustained = ssd_sustained_write_Bps(d.ssd);
    if (r.workload.read_fraction < 1.0 && sustained < d.ssd.seq_write_Bps) {
        // components/ssd_model.h: steady writes go at the rate after the SLC write cache.
        if (!s.str().empty()) {
            s << " ";
        }
        s << "The " << d.info.name << " takes writes at " << plain_number(d.ssd.seq_write_Bps / 1e6)
          << " MB/s only into its SLC write cache, at " << plain_number(sustained / 1e6)
          << " MB/s once that is full: the figures here are for writes that go on (a burst of a "
             "few GB runs faster).";
    }
    const Workload& wl = r.workload;
    if (wl.read_fraction > 0.0 && wl.read_fraction < 1.0 && wl.sequential_fraction < 1.0) {
        // components/ssd_model.h, ssd_write_stages: programs share the flash with the reads.
        const double program_rate =
            1.0 / ssd_write_demand(d.ssd, 4096.0, false, c.system.ssd_state == SsdState::Fresh,
                                   wl.span_fraction)
                      .bandwidth_s;
        if (!s.str().empty()) {
            s << " ";
        }
        s << "Writes finish in the drive's buffer; its flash programs them later, at about "
          << plain_number(std::round(program_rate)) << " random 4 KiB writes a second per drive "
          << "(cleaning included), on the units the reads need: a read that finds a program in "
             "progress waits for it, so the reads slow down as the writes grow.";
    }
    if (wl.read_fraction > 0.0 && wl.sequential_fraction > 0.0) {
        // components/ssd_model.h: a stream's next data are read from the flash ahead.
        if (!s.str().empty()) {
            s << " ";
        }
        s << "Sequential reads find their data already read ahead inside the SSD, so they wait "
             "only for the transfer, not for the flash (about "
          << plain_number(std::round(d.ssd.read_latency_s * 1e6))
          << " us a random read waits); the flash reads still count against the drive.";
    }
    const Wear& w = c.performance.wear;
    if (w.applies) {
        if (!s.str().empty()) {
            s << " ";
        }
        char text[200];
        if (std::isfinite(w.years_to_wear_out) && w.years_to_wear_out < 100.0) {
            std::snprintf(text, sizeof text,
                          "Wear: about %s per drive per day; the rated endurance lasts "
                          "about %.1f years.",
                          format_capacity(w.drive_bytes_per_day).c_str(), w.years_to_wear_out);
        } else {
            std::snprintf(text, sizeof text,
                          "Wear: about %s per drive per day; the rated endurance lasts more "
                          "than 100 years at this load.",
                          format_capacity(w.drive_bytes_per_day).c_str());
        }
        s << text;
        if (w.basis == WearBasis::DataPerDay) {
            s << " (No daily write volume is stated: the check takes "
              << unstated_writes_basis(r.workload, r.constraints)
              << ", the same for every candidate.)";
        }
    }
    if (!s.str().empty()) {
        e.reasons.push_back(s.str());
    }
}

/// Mean response of a system at each concurrency in `levels`.
std::vector<double> sweep(const System& s, const Workload& w, const std::vector<int>& levels) {
    Workload swept = w;
    swept.concurrency = levels;
    swept.arrival_rates_per_s.clear();
    std::vector<double> out(levels.size(), NAN);
    const PerformanceOutcome o = measure(s, swept);
    if (o.feasible) {
        for (std::size_t i = 0; i < levels.size() && i < o.performance.points.size(); ++i) {
            out[i] = o.performance.points[i].mean_response_s;
        }
    }
    return out;
}

/// "Above 6 concurrent processes, RAID 10 overtakes RAID 5": where the faster of the two flips.
void crossover(const Candidate& pick, const Result& result, const Request& r, Explanation& e) {
    if (r.workload.concurrency.empty()) {
        return;
    }
    const Candidate* rival = nullptr;
    for (const Candidate& c : result.ranked) {
        if (level_family(c.system.layout) != level_family(pick.system.layout)) {
            rival = &c;
            break;
        }
    }
    if (rival == nullptr) {
        return;
    }
    const std::vector<int> levels{1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64};
    const auto a = sweep(pick.system, r.workload, levels);
    const auto b = sweep(rival->system, r.workload, levels);
    for (std::size_t i = 1; i < levels.size(); ++i) {
        if (std::isnan(a[i]) || std::isnan(b[i]) || std::isnan(a[i - 1]) || std::isnan(b[i - 1])) {
            continue;
        }
        const bool before = a[i - 1] <= b[i - 1];
        const bool after = a[i] <= b[i];
        if (before != after) {
            const Candidate& winner_after = after ? pick : *rival;
            const Candidate& loser_after = after ? *rival : pick;
            e.what_would_change.push_back(
                "Above " + load_name(r.workload, levels[i - 1]) + ", " +
                short_name(winner_after.system) + " overtakes " + short_name(loser_after.system) +
                " (" + format_time(winner_after.system.name == pick.system.name ? a[i] : b[i]) +
                " vs " + format_time(winner_after.system.name == pick.system.name ? b[i] : a[i]) +
                " at " + std::to_string(levels[i]) + ").");
            return;
        }
    }
    const bool pick_faster = a.back() <= b.back() && a.front() <= b.front();
    if (pick_faster) {
        e.what_would_change.push_back(
            "From 1 to 64 " +
            std::string(r.workload.unit == Workload::Unit::File ? "concurrent processes"
                                                                : "outstanding requests") +
            " it stays faster than the best " + short_name(rival->system) + ".");
    }
}

/// "With $400 more, ... would cut the mean response time by 35%."
void budget_step(const Candidate& pick, Result& result, const Request& r, Explanation& e) {
    const Constraints& c = r.constraints;
    if (c.budget_usd <= 0.0 || result.over_budget.empty()) {
        return;
    }
    auto& pool = result.over_budget;
    std::sort(pool.begin(), pool.end(), [](const Candidate& a, const Candidate& b) {
        return a.assessment.total_usd < b.assessment.total_usd;
    });
    constexpr std::size_t kMaxTried = 60;  // bounds the extra evaluations
    for (std::size_t i = 0; i < pool.size() && i < kMaxTried; ++i) {
        Candidate& alt = pool[i];
        if (!alt.assessment.price_known) {
            continue;  // a lower bound says nothing about "how much more"
        }
        if (alt.performance.points.empty()) {
            PerformanceOutcome o = measure(alt.system, r.workload);
            ++result.stats.evaluated;
            if (!o.feasible) {
                continue;
            }
            alt.performance = std::move(o.performance);
        }
        const double gain =
            1.0 - alt.performance.mean_response_s / pick.performance.mean_response_s;
        if (gain >= 0.2) {
            e.what_would_change.push_back(
                "With " + format_money(alt.assessment.total_usd - c.budget_usd, c) +
                " more than the budget, " + alt.system.name +
                " would cut the mean response time by " + percent(gain) + ".");
            return;
        }
    }
}

/// The cheapest candidate within 10% of the pick's performance, if it is cheaper.
void cheaper_alternative(const Candidate& pick, const Result& result, const Request& r,
                         Explanation& e) {
    const Candidate* best = nullptr;
    for (const Candidate& c : result.ranked) {
        if (c.assessment.price_known &&
            c.performance.mean_response_s <= 1.1 * pick.performance.mean_response_s &&
            c.assessment.total_usd < pick.assessment.total_usd &&
            (best == nullptr || c.assessment.total_usd < best->assessment.total_usd)) {
            best = &c;
        }
    }
    if (best != nullptr) {
        e.what_would_change.push_back(
            "For " +
            format_money(pick.assessment.total_usd - best->assessment.total_usd, r.constraints) +
            " less, " + best->system.name + " is within 10% of its response time" +
            (best->assessment.failures_tolerated < pick.assessment.failures_tolerated
                 ? " but tolerates fewer failures."
                 : "."));
    }
}

/// If one weight doubled, would the pick change?
void weight_sensitivity(const Candidate& pick, const Result& result, const Request& r,
                        Explanation& e) {
    struct Variant {
        const char* name;
        Weights w;
    };
    Weights base = r.weights;
    std::vector<Variant> variants;
    Weights w = base;
    w.performance = std::max(0.5, 2.0 * base.performance);
    variants.push_back({"performance", w});
    w = base;
    w.cost = std::max(0.5, 2.0 * base.cost);
    variants.push_back({"cost", w});
    w = base;
    w.reliability = std::max(0.5, 2.0 * base.reliability);
    variants.push_back({"reliability", w});
    for (const Variant& v : variants) {
        if (result.ranked.empty()) {
            break;
        }
        const Candidate& first = result.ranked[first_under(result.ranked, v.w)];
        if (first.system.name != pick.system.name) {
            e.what_would_change.push_back("If " + std::string(v.name) +
                                          " counted twice as much: " + first.system.name + ".");
        }
    }
}

}  // namespace

/// Why a ZFS pool was picked over the best md or RAID-card array, or the best pool the pick
/// beat: the two side by side (response, cost, usable space, data-loss risk).
void zfs_against_block_raid(const Candidate& pick, const Result& result, const Request& r,
                            Explanation& e) {
    const bool pick_zfs = is_zfs(pick.system.layout.level);
    const Candidate* other = nullptr;
    for (const Candidate& c : result.ranked) {
        if (is_zfs(c.system.layout.level) != pick_zfs) {
            other = &c;
            break;
        }
    }
    if (other == nullptr) {
        return;
    }
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.2fx",
                  other->performance.mean_response_s / pick.performance.mean_response_s);
    std::ostringstream s;
    s << (pick_zfs ? "Why ZFS here: the best array without ZFS, "
                   : "Why not ZFS here: the best "
                     "ZFS pool, ")
      << other->system.name << ", has " << ratio << " the pick's response time, costs "
      << format_money(other->assessment.total_usd, r.constraints) << " (vs "
      << format_money(pick.assessment.total_usd, r.constraints) << "), holds "
      << format_capacity(other->assessment.usable_bytes) << " (vs "
      << format_capacity(pick.assessment.usable_bytes) << ") and risks data loss "
      << probability(other->assessment.p_data_loss) << " (vs "
      << probability(pick.assessment.p_data_loss) << ") over the horizon.";
    e.reasons.push_back(s.str());
}

/// The pick's ties on speed: candidates the model's error cannot tell apart from it (ties.h).
void tied_on_speed(const Result& result, Explanation& e) {
    constexpr int kNamed = 3;  // derived: a sentence a reader takes in; the rest are pointed to
    std::string names;
    int count = 0;
    for (const Candidate& c : result.ranked) {
        if (c.speed_tied_with_pick) {
            if (count < kNamed) {
                names += (names.empty() ? "" : "; ") + c.system.name;
            }
            ++count;
        }
    }
    if (count > 0) {
        // (Not a count: the search skips candidates it can prove worse, and the explanation is
        // the same whether it skips them or evaluates them all.)
        const std::string more =
            count > kNamed ? "; and others ranked lower, each marked as a speed tie in the ranking"
                           : "";
        e.reasons.push_back(
            "Tied on speed (the response times differ by less than the model's 80% error in "
            "comparing two configurations): " +
            names + more + ". Between these, the model's speed cannot decide.");
    }
}

std::string level_family(const Layout& l) {
    std::ostringstream s;
    s << static_cast<int>(l.level) << "/" << (l.volumes > 1);
    return s.str();
}

/// SSD candidates left out for wear under the default day's writes (none stated): say so, and
/// what stating the day's writes would change (advisor/wear.h).
void wear_default_note(const Result& result, const Request& request, Explanation& e) {
    const Constraints& c = request.constraints;
    const auto worn = result.stats.rejected.find("SSDs wear out before the horizon");
    if (c.writes_per_day_bytes > 0.0 || worn == result.stats.rejected.end() || worn->second < 1) {
        return;
    }
    // (Not how many: a search that skips candidates it need not evaluate counts fewer.)
    e.what_would_change.push_back(
        "SSD configurations were left out because their drives would wear out within the "
        "horizon, taking " +
        unstated_writes_basis(request.workload, c) +
        " (no daily write volume is stated). If the users write less, state it (writes a day, "
        "TB): some of them may then qualify.");
}

void explain_top(Result& result, const Request& request, int count) {
    result.explanations.clear();
    for (int i = 0; i < count && i < static_cast<int>(result.ranked.size()); ++i) {
        const Candidate& c = result.ranked[static_cast<std::size_t>(i)];
        Explanation e;
        std::ostringstream head;
        head << (i == 0 ? "Recommended: " : "Runner-up: ") << c.system.name << " — "
             << format_time(c.performance.mean_response_s)
             << (c.performance.points.size() > 1 ? " mean response (over the load points), "
                                                 : " mean response, ")
             << (c.assessment.price_known
                     ? format_money(c.assessment.total_usd, request.constraints)
                     : "price unknown (at least " +
                           format_money(c.assessment.total_usd, request.constraints) + ")")
             << (c.assessment.spare_drives > 0
                     ? " with " + std::to_string(c.assessment.spare_drives) + " hot spare" +
                           (c.assessment.spare_drives > 1 ? "s" : "")
                     : std::string())
             << ", " << format_capacity(c.assessment.usable_bytes) << " usable.";
        e.headline = head.str();
        bottleneck_reason(c, request, e);
        write_penalty_reason(c, request, e);
        read_ahead_reason(c, request, e);
        zfs_reason(c, request, e);
        stripe_reason(c, e);
        reliability_reason(c, request, e);
        ssd_reason(c, request, e);
        if (!c.variants.empty()) {
            std::string list;
            for (const std::string& v : c.variants) {
                list += (list.empty() ? "" : "; ") + v;
            }
            e.reasons.push_back("Practically the same (cost, capacity and response within 5%): " +
                                list + ". The simplest is shown.");
        }
        if (const std::string degraded = degraded_sentence(degraded_view(c, request), request);
            !degraded.empty()) {
            e.reasons.push_back(degraded);
        }
        if (i == 0) {
            zfs_against_block_raid(c, result, request, e);
            crossover(c, result, request, e);
            budget_step(c, result, request, e);
            cheaper_alternative(c, result, request, e);
            weight_sensitivity(c, result, request, e);
            tied_on_speed(result, e);
            wear_default_note(result, request, e);
        } else {
            const Candidate& top = result.ranked.front();
            const double slower = c.performance.mean_response_s / top.performance.mean_response_s;
            std::ostringstream vs;
            char ratio[32];
            std::snprintf(ratio, sizeof ratio, "%.2fx", slower);
            vs << "Against the pick: response time " << ratio << ", cost "
               << format_money(c.assessment.total_usd, request.constraints) << " vs "
               << format_money(top.assessment.total_usd, request.constraints) << ", data-loss risk "
               << probability(c.assessment.p_data_loss) << " vs "
               << probability(top.assessment.p_data_loss) << ".";
            if (c.speed_tied_with_pick) {
                vs << " On speed the two are a tie: the response times differ by less than the "
                      "model's 80% error in comparing two configurations, so the model cannot "
                      "tell which is faster (the ranking still orders them by the predicted "
                      "figures): let cost, risk and capacity decide between them.";
            }
            e.reasons.push_back(vs.str());
        }
        result.explanations.push_back(std::move(e));
    }
}

}  // namespace raidadv::advisor
