// `evaluate` text output: one block per system, one table per workload.

#include <cmath>
#include <cstdio>
#include <ostream>
#include <sstream>

#include "cli.h"
#include "evaluate_output.h"
#include "layout/zfs_pool.h"
#include "system/md_bitmap.h"
#include "system/raid_software.h"
#include "system/working_set.h"
#include "system/write_cache.h"
#include "units/units.h"

namespace raidadv::cli {
namespace {

std::string plural(int n, const char* word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

std::string stripe_text(double bytes) {
    // Whole numbers in full: a 512 KiB stripe is not "500 KiB" (12 significant digits).
    constexpr int kWhole = 12;
    if (bytes >= units::MiB && std::fmod(bytes, units::MiB) == 0.0) {
        return format_value(bytes / units::MiB, kWhole) + " MiB";
    }
    if (bytes >= units::KiB && std::fmod(bytes, units::KiB) == 0.0) {
        return format_value(bytes / units::KiB, kWhole) + " KiB";
    }
    return format_value(bytes, kWhole) + " B";
}

/// Closed points: outstanding requests ("QD 8") or concurrent processes ("8 proc"); open points:
/// the arrival rate ("250/s").
std::string load_text(const PointMetrics& p, bool files) {
    if (p.concurrency > 0) {
        return files ? std::to_string(p.concurrency) + " proc"
                     : "QD " + std::to_string(p.concurrency);
    }
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6g/s", p.arrival_rate_per_s);
    return buffer;
}

/// Throughput of a point; "-" where the evaluation gives none (saturated open points).
std::string rate_text(double value, bool saturated) {
    return saturated && !(value > 0) ? "-" : format_value(value);
}

std::string money_text(double usd) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, usd >= 100 ? "%.0f" : "%.2f", usd);
    return buffer;
}

std::string bottleneck_text(const PointMetrics& p) {
    if (p.bottleneck.empty()) {
        return "";
    }
    std::string text = p.bottleneck;
    const auto it = p.utilization.find(p.bottleneck);
    if (it != p.utilization.end() && std::isfinite(it->second)) {
        text += " " + format_value(100.0 * it->second, 3) + "%";
    }
    return text;
}

/// `text` right-aligned in `width` columns, always after at least one space.
std::string cell(const std::string& text, std::size_t width) {
    return std::string(text.size() < width ? width - text.size() : 1, ' ') + text;
}

/// An 80% range "low-high" in display units; "-" where there is none.
std::string range_text(const Interval& i, double scale) {
    if (!(i.high > 0.0)) {
        return "-";
    }
    return format_value(i.low * scale, 2) + "-" + format_value(i.high * scale, 2);
}

/// Where the 80% ranges come from (the first solved point's band; all points of a workload
/// share the class).
void print_band_basis(std::ostream& out, const Evaluation& e) {
    for (const PointMetrics& p : e.points) {
        if (p.band.evidence.empty()) {
            continue;
        }
        out << "  80%: where measurements should fall 8 times in 10, from the validation errors "
               "of "
            << p.band.evidence;
        if (!p.band.widened.empty()) {
            out << "; widened: " << p.band.widened;
        }
        out << "\n";
        return;
    }
}

/// The workload's measured points (workload import) next to the model's prediction at the same
/// load: the measured mean response and how far the model is from it.
void print_measured(std::ostream& out, const Workload& workload, const Evaluation& e, bool files) {
    for (const MeasuredPoint& m : workload.measured) {
        const PointMetrics* predicted = nullptr;
        for (const PointMetrics& p : e.points) {
            const bool same = m.concurrency > 0 ? p.concurrency == m.concurrency
                                                : p.concurrency == 0 &&
                                                      p.arrival_rate_per_s == m.arrival_rate_per_s;
            predicted = same ? &p : predicted;
        }
        PointMetrics at;
        at.concurrency = m.concurrency;
        at.arrival_rate_per_s = m.arrival_rate_per_s;
        // Same columns as the predicted rows above.
        out << "  " << cell(load_text(at, files), 12) << cell(format_value(m.iops), 12)
            << cell(m.mb_per_s > 0.0 ? format_value(m.mb_per_s) : "-", 10)
            << cell(format_value(m.mean_response_s * 1e3), 10) << cell("", 15)
            << cell(m.p95_response_s > 0.0 ? format_value(m.p95_response_s * 1e3) : "-", 10)
            << "  measured";
        if (predicted == nullptr || predicted->saturated || !(m.mean_response_s > 0.0)) {
            out << " (no prediction at this load)\n";
            continue;
        }
        const double off = predicted->mean_response_s / m.mean_response_s - 1.0;
        out << "; the model's mean is " << (off >= 0.0 ? "+" : "") << format_value(off * 100.0, 2)
            << "% off";
        const Interval& band = predicted->band.mean_response_s;
        if (band.high > 0.0) {
            const bool inside = m.mean_response_s >= band.low && m.mean_response_s <= band.high;
            out << (inside ? ", inside" : ", outside") << " its 80% range";
        }
        out << "\n";
    }
}

void print_workload(std::ostream& out, const System& system, const Workload& workload,
                    const Evaluation& e) {
    const bool files = workload.unit == Workload::Unit::File;
    out << "\n  " << e.workload << (workload.sync_writes ? " (synchronous writes)" : "")
        << (workload.lseek_per_request ? " (an lseek before each request)" : "") << "\n";
    if (workload.working_set_bytes > 0.0) {
        // The same bytes on every system: the share of this one's volumes the model took.
        const double bytes = workload.working_set_bytes;
        const bool gib = bytes >= units::GiB;
        out << "  working set " << format_value(bytes / (gib ? units::GiB : units::MiB), 4)
            << (gib ? " GiB" : " MiB") << ": "
            << format_value(100.0 * span_fraction_on(system, workload), 3)
            << "% of this system's volumes\n";
    }
    out << "  " << cell("load", 12) << cell(files ? "files/s" : "IOPS", 12) << cell("MB/s", 10)
        << cell("mean ms", 10) << cell("mean 80%", 15) << cell("p95 ms", 10) << "  bottleneck\n";
    for (const PointMetrics& p : e.points) {
        out << "  " << cell(load_text(p, files), 12) << cell(rate_text(p.iops, p.saturated), 12)
            << cell(rate_text(p.mb_per_s, p.saturated), 10);
        if (p.saturated) {
            // Utilizations of a saturated point are offered load over capacity (may exceed 1):
            // name the bottleneck only.
            const std::string& b = p.bottleneck;
            out << cell("-", 10) << cell("-", 15) << cell("-", 10) << "  saturated"
                << (b.empty() ? "" : ": " + b) << "\n";
        } else {
            out << cell(format_value(p.mean_response_s * 1e3), 10)
                << cell(range_text(p.band.mean_response_s, 1e3), 15)
                << cell(format_value(p.p95_response_s * 1e3), 10) << "  " << bottleneck_text(p)
                << "\n";
        }
    }
    print_band_basis(out, e);
    for (const PointMetrics& p : e.points) {
        if (p.md_bitmap_fast_iops > 0.0) {
            // (evaluator.cpp, least_bitmap_rate)
            out << "  " << load_text(p, files)
                << ": md's bitmap can hold this load at two speeds; these are the slower's, "
                   "which a load reaches from an idle array (kept busy it can run at "
                << format_value(p.md_bitmap_fast_iops) << (files ? " files/s" : " IOPS") << ")\n";
        }
    }
    print_measured(out, workload, e, files);
}

}  // namespace

std::string describe_layout(const Layout& l) {
    std::string text(to_string(l.level));
    switch (l.level) {
        case RaidLevel::Simple:
            return text + ": " + plural(l.drives, "independent drive");
        case RaidLevel::Raid1:
            text += ", " + std::to_string(l.drives) + "-way mirror";
            break;
        case RaidLevel::ZfsMirror:
        case RaidLevel::Raidz1:
        case RaidLevel::Raidz2:
        case RaidLevel::Raidz3:
        case RaidLevel::Draid1:
        case RaidLevel::Draid2:
        case RaidLevel::Draid3: {
            const ZfsPool pool = make_zfs_pool(l);
            const std::string vdev = text + " vdev";
            text = "ZFS pool: " + plural(pool.vdevs, vdev.c_str()) + " of " +
                   plural(pool.children, "drive");
            if (is_draid(l.level)) {
                text += " (" + std::to_string(pool.draid_data) + " data per group, " +
                        plural(pool.draid_spares, "distributed spare") + ")";
            }
            text += ", " + std::string(l.zvol ? "volblocksize " : "recordsize ") +
                    stripe_text(l.record_bytes) + ", ashift " + std::to_string(l.ashift);
            break;
        }
        default:
            text += ", " + plural(l.drives, "drive");
            if (l.disks_per_span > 0) {
                text += " (" + std::to_string(l.disks_per_span) + " per span)";
            }
            if (l.level == RaidLevel::Raid10 || l.level == RaidLevel::Raid01) {
                text += ", " + std::to_string(l.mirror_copies) + " copies";
            }
            if (l.level == RaidLevel::Raid10 && l.placement != CopyPlacement::Near) {
                text += ", md " + std::string(to_string(l.placement)) + " layout";
            }
            text += ", stripe " + stripe_text(l.stripe_unit_bytes);
            break;
    }
    if (l.volumes > 1) {
        text += "; " + std::to_string(l.volumes) +
                (is_zfs(l.level) ? " such pools (" : " such volumes (") +
                plural(l.drives * l.volumes, "drive") + ")";
    }
    return text;
}

void print_text(std::ostream& out, const Project& project,
                const std::vector<SystemResult>& results) {
    if (!project.name.empty()) {
        out << project.name << "\n";
    }
    for (const SystemResult& r : results) {
        const System& s = *r.system;
        const SystemSummary& m = r.summary;
        out << "\n== " << s.name << " ==\n";
        out << "  " << describe_layout(s.layout) << "\n";
        out << "  drive: " << s.drive.info.name << "; controller: " << s.controller.info.name
            << "\n";
        if (linux_md(s) && s.layout.level != RaidLevel::Raid0 &&
            s.layout.level != RaidLevel::Simple) {
            // The md write-intent bitmap the model took (system/md_bitmap.h).
            const bool by_default = s.layout.md_bitmap == MdBitmap::Auto;
            out << "  md write-intent bitmap: ";
            if (md_bitmap_on(s)) {
                out << "internal, " << stripe_text(md_bitmap_chunk_bytes(s)) << " per bit"
                    << (by_default ? ", as mdadm creates it by default" : "")
                    << " (a write to a region idle for 5-10 s waits for its update)\n";
            } else {
                out << "none"
                    << (by_default ? " (mdadm's default for drives of 100 GiB or less)" : "")
                    << "\n";
            }
        }
        if (s.controller.kind == ControllerKind::HardwareRaid && s.controller.cache_bytes > 0.0 &&
            !is_zfs(s.layout.level)) {
            // The controller's cache policies the model took (system/read_cache.h,
            // system/write_cache.h).
            out << "  controller cache: " << (uses_write_back(s) ? "write-back" : "write-through")
                << "; read policy: "
                << (s.controller_read_ahead == ControllerReadAhead::Adaptive
                        ? "adaptive read-ahead (the default: a stream's stripe read whole)"
                    : s.controller_read_ahead == ControllerReadAhead::Always
                        ? "read-ahead on every read (to the end of the stripe)"
                        : "no read-ahead")
                << "\n";
        }
        if (s.drive.kind == DriveKind::Ssd && s.ssd_state == SsdState::Fresh) {
            // components/ssd_model.h: the data sheet's burst write rates.
            out << "  SSD writes: fresh out of the box (the data sheet's burst rates; a drive in "
                   "service writes slower once its SLC cache and free blocks are used up)\n";
        }
        if (s.log.count > 0) {
            out << "  separate log (SLOG): " << (s.log.count > 1 ? "mirror of 2 x " : "")
                << s.log.drive.info.name << " (synchronous writes wait for it)\n";
        }
        out << "  usable " << format_value(m.usable_bytes / units::GB, 4) << " GB ("
            << format_value(m.usable_bytes / units::TiB, 3) << " TiB); tolerates "
            << plural(m.failures_tolerated, "drive failure")
            << (s.layout.volumes > 1 || s.layout.level == RaidLevel::Simple ? " per volume" : "");
        if (m.cost_known) {
            out << "; cost $" << money_text(m.cost_usd);
        } else {
            out << "; cost unknown";
        }
        out << "\n";
        for (std::size_t w = 0; w < r.evaluations.size() && w < project.workloads.size(); ++w) {
            print_workload(out, s, project.workloads[w], r.evaluations[w]);
        }
    }
}

}  // namespace raidadv::cli
