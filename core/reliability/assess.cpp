// Loss model per layout and the whole reliability assessment (sources in reliability.h).

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>
#include <stdexcept>

#include "layout/geometry.h"
#include "reliability/reliability.h"

namespace raidadv {

namespace {

std::string format(double v, int digits = 3) {
    std::ostringstream s;
    if (std::fabs(v) >= 1000.0) {
        s << std::fixed << std::setprecision(0);  // 5300, not 5.3e+03
    } else if (v != 0.0 && std::fabs(v) < 1e-3) {
        // 0.0000815, not 8.15e-05 (the report shows no scientific notation): `digits`
        // significant digits after the leading zeros.
        const int zeros = static_cast<int>(std::floor(-std::log10(std::fabs(v))));
        s << std::fixed << std::setprecision(std::min(zeros + digits, 17));
    } else {
        s.precision(digits);
    }
    s << v;
    return s.str();
}

void require(bool ok, const std::string& message) {
    if (!ok) {
        throw std::invalid_argument("reliability: " + message);
    }
}

/// require() with a message made only when it fails: the advisor's search assesses tens of
/// thousands of candidates, and formatting every message cost more than the assessment.
template <typename Message>
void require_lazy(bool ok, const Message& message) {
    if (!ok) {
        require(false, message());
    }
}

std::string whole(double v) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(0) << v;
    return s.str();
}

std::string plural(int n, const std::string& word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

}  // namespace

LossModel loss_model(const Layout& layout) {
    Layout healthy = layout;
    healthy.failed_drives = 0;
    const Geometry g = make_geometry(healthy);
    const int volumes = g.volumes;  // for simple: one per drive
    LossModel m;
    m.tolerated = failures_tolerated(healthy);
    switch (g.level) {
        case RaidLevel::Raid10:
            if (g.placement != CopyPlacement::Near && g.drives > 2) {
                // md far / offset: chunk copies on drives d and d + 1 (raid10.c,
                // __raid10_find_phys), so each drive shares data with both neighbours and a
                // second failure loses data on either. derived: Gibson's rate n x 2 / (MTTF^2 /
                // MTTR) is that of the drives' n neighbouring pairs in series.
                m.groups = g.drives * volumes;
                m.members = 2;
                m.critical_read_drives = 1;
                m.description = plural(volumes, "md raid10 volume") + " of " +
                                plural(g.drives, "drive") + " (" +
                                std::string(to_string(g.placement)) +
                                " layout: each drive's copies on its 2 neighbours)";
                break;
            }
            if (g.drives % g.copies != 0) {
                // md near layout on copies + 1 drives: every `copies` drives share a chunk, so
                // the volume is one group that survives copies - 1 failures; a rebuild reads
                // one drive's worth from the others (drivers/md/raid10.c, near layout).
                m.groups = volumes;
                m.members = g.drives;
                m.critical_read_drives = 1;
                m.description = plural(volumes, "md raid10 volume") + " of " +
                                plural(g.drives, "drive") + " (near layout)";
                break;
            }
            [[fallthrough]];
        case RaidLevel::Raid1: {
            // Mirror sets of `copies` drives; a RAID 10 span only groups whole sets, so
            // disks_per_span does not change which drives must fail together.
            const int sets = g.level == RaidLevel::Raid1 ? 1 : g.drives / g.copies;
            m.groups = sets * volumes;
            m.members = g.copies;
            m.critical_read_drives = 1;  // the last copy
            m.description = plural(m.groups, std::to_string(g.copies) + "-way mirror set");
            break;
        }
        case RaidLevel::Raid01:
            // Each side is a RAID 0: one failed drive takes its side down.
            m.groups = volumes;
            m.members = g.copies;
            m.drives_per_member = g.group_drives;
            m.critical_read_drives = g.group_drives;  // the whole surviving side
            m.description = plural(volumes, "RAID 0+1 volume") + " of " + std::to_string(g.copies) +
                            " RAID 0 sides of " + plural(g.group_drives, "drive");
            break;
        case RaidLevel::ZfsMirror:
        case RaidLevel::Raidz1:
        case RaidLevel::Raidz2:
        case RaidLevel::Raidz3:
        case RaidLevel::Draid1:
        case RaidLevel::Draid2:
        case RaidLevel::Draid3:
            // A pool is lost with any of its top-level vdevs (zpoolconcepts(7)): vdevs in series.
            m.groups = g.groups * volumes;
            m.members = g.group_drives;
            // A critical resilver reads the last copy (mirror), the data columns of a raidz
            // row, or ndata columns of a dRAID group, for every allocated block.
            m.critical_read_drives = g.level == RaidLevel::ZfsMirror ? 1
                                     : is_draid(g.level)             ? g.zfs.draid_data
                                                         : g.group_drives - g.parity_per_group;
            m.description = plural(m.groups, std::string(to_string(g.level)) + " vdev") + " of " +
                            plural(g.group_drives, "drive");
            break;
        case RaidLevel::Raid5:
        case RaidLevel::Raid6:
        case RaidLevel::Raid50:
        case RaidLevel::Raid60:
            m.groups = g.groups * volumes;
            m.members = g.group_drives;
            m.critical_read_drives = g.group_drives - g.parity_per_group;
            m.description =
                plural(m.groups, g.parity_per_group == 1 ? "RAID 5 group" : "RAID 6 group") +
                " of " + plural(g.group_drives, "drive");
            break;
        default:
            if (layout.level == RaidLevel::Simple) {
                m.groups = volumes;  // each drive on its own
                m.members = 1;
                m.description = plural(volumes, "independent drive");
            } else {
                m.groups = volumes;
                m.members = g.drives;
                m.description =
                    plural(volumes, "RAID 0 volume") + " of " + plural(g.drives, "drive");
            }
            m.tolerated = 0;
            m.critical_read_drives = 0;
            break;
    }
    return m;
}

namespace {

// Throws std::invalid_argument naming the first input out of range.
void check_inputs(const ReliabilityInputs& in) {
    const DriveSpec& drive = in.drive;
    require(drive.capacity_bytes > 0.0, "the drive's capacity must be greater than 0");
    require_lazy(in.horizon_years >= 0.0 && std::isfinite(in.horizon_years), [&] {
        return "horizon_years must be 0 or more, got " + format(in.horizon_years);
    });
    require_lazy(drive.ber >= 0.0 && drive.ber < 1.0, [&] {
        return "the drive's BER must be from 0 to below 1, got " + format(drive.ber);
    });
    require_lazy(in.field_afr_override >= 0.0 && in.field_afr_override < 1.0, [&] {
        return "field_afr_override must be from 0 to below 1, got " + format(in.field_afr_override);
    });
    require(in.field_rule.multiplier >= 1.0, "the field AFR multiplier must be at least 1");
    require(in.field_rule.floor >= 0.0 && in.field_rule.floor < 1.0 &&
                in.field_rule.unknown_afr > 0.0 && in.field_rule.unknown_afr < 1.0,
            "the field AFR floor and unknown AFR must be fractions below 1");
    require_lazy(in.replacement_delay_h >= 0.0 && std::isfinite(in.replacement_delay_h), [&] {
        return "replacement_hours must be 0 or more, got " + format(in.replacement_delay_h);
    });
}

// The plain-language assumptions behind the numbers in r, in the order the report lists them.
void add_assumptions(const ReliabilityInputs& in, const LossModel& model, const DriveAfr& afr,
                     double mttf, double mttr_h, ReliabilityResult& r) {
    const DriveSpec& drive = in.drive;
    auto& a = r.assumptions;
    a.push_back("The layout is treated as " + model.description + "; data is lost when " +
                (model.tolerated == 0
                     ? std::string("any drive fails")
                     : "a group has more than " + std::to_string(model.tolerated) + " failed " +
                           (model.drives_per_member > 1 ? "side" : "drive") +
                           (model.tolerated > 1 ? "s" : "") + " at once") +
                ".");
    if (in.layout.level == RaidLevel::Simple) {
        a.push_back(
            "Simple volumes are independent drives: losing any one drive's data counts as data "
            "loss, so the MTTDL is the mean time to the first drive failure.");
    } else if (model.tolerated == 0) {
        a.push_back("No redundancy: the MTTDL is the mean time to the first drive failure.");
    }
    if (in.layout.level == RaidLevel::Raid10) {
        a.push_back(
            "RAID 10 loses data only when every copy of one mirror set fails; disks_per_span "
            "does not change that.");
    }
    if (in.layout.level == RaidLevel::Raid01) {
        a.push_back(
            "RAID 0+1: one failed drive takes its whole RAID 0 side down, so any drive of the "
            "remaining side failing during the rebuild loses data, and the rebuild reads the "
            "whole surviving side.");
    }
    if (in.layout.volumes > 1) {
        a.push_back(std::to_string(in.layout.volumes) +
                    " identical independent volumes: a loss in any of them counts.");
    }
    if (in.layout.failed_drives > 0) {
        a.push_back("Assessed for the healthy array; the layout's failed drives are ignored.");
    }
    a.push_back("Drive failure rate: " + afr.basis + " per year, MTTF " + whole(mttf) +
                " h. Failures are taken as independent with a constant rate; field data show "
                "rates that rise with age and correlated failures (Schroeder & Gibson 2007), and "
                "Elerath & Pecht (2009) found the MTTDL formulas off by a factor of 2 to 1500.");
    if (model.tolerated > 0) {
        std::ostringstream s;
        if (in.replacement_delay_h > 0.0) {
            s << "Rebuild: no hot spare, so the rebuild starts " << format(in.replacement_delay_h)
              << " h after a failure (a replacement is fitted by hand); it is written at ";
        } else {
            s << "Rebuild: a hot spare starts it at once; it is written at ";
        }
        s << format(in.rebuild_rate_fraction * 100.0) << "% of "
          << (drive.kind == DriveKind::Ssd ? "the sequential write rate"
                                           : "the mean of the outer and inner media rates")
          << " (" << format(rebuild_source_rate_Bps(drive) / 1e6) << " MB/s)";
        if (is_zfs(in.layout.level)) {
            const Geometry g = make_geometry(in.layout);
            s << (is_draid(g.level) && g.zfs.draid_spares > 0
                      ? ", as a dRAID sequential rebuild onto the distributed spares from all " +
                            std::to_string(g.zfs.children - 1) + " surviving children"
                      : std::string(", as a ZFS resilver"))
              << " of the allocated blocks only (" << format(in.fill_fraction * 100.0)
              << "% of the pool)";
        }
        s << ": " << format(r.rebuild_time_s / 3600.0) << " h per drive"
          << (in.replacement_delay_h > 0.0
                  ? ", " + format(mttr_h) + " h degraded in all (the MTTR)."
                  : ", the MTTR.");
        a.push_back(s.str());
        std::ostringstream u;
        // "one per 10^15 bits", not "1e-15 per bit": the report shows no scientific notation.
        u << "Unrecoverable read errors at one per 10^" << format(-std::log10(drive.ber))
          << " bits read: a URE while rebuilding with no redundancy left (reading "
          << plural(model.critical_read_drives, "drive") << ") leaves one stripe unreadable: "
          << "a damaged file or block, not a lost array; it is counted as data loss all the "
          << "same (P = " << format(r.p_ure_during_rebuild) << " per such rebuild).";
        if (model.tolerated > 1) {
            u << " With one failure a URE is repaired from the remaining redundancy; only "
                 "rebuilds after "
              << model.tolerated << " failures count.";
        }
        if (is_zfs(in.layout.level)) {
            u << " ZFS's checksums find such a block and name the damaged file (zpool status "
                 "-v); the pool stays online. Only allocated blocks are read.";
        }
        a.push_back(u.str());
    } else {
        a.push_back(
            "Nothing is rebuilt: a failed drive's data is lost; unrecoverable read errors in "
            "normal reads are not counted.");
    }
}

}  // namespace

double zfs_rebuild_time_s(const ReliabilityInputs& in) {
    const Geometry g = make_geometry(in.layout);
    const double whole = rebuild_time_s(in.drive, in.rebuild_rate_fraction);
    const double fill = std::clamp(in.fill_fraction, 0.0, 1.0);
    if (is_draid(g.level) && g.zfs.draid_spares > 0) {
        // dRAID sequential rebuild onto distributed spares (zpool-attach(8) -s, vdev_draid.c):
        // every surviving child reads and writes. derived: each rebuilt sector costs ndata reads
        // and 1 write spread over children - 1 drives, so the rebuild runs (children - 1) /
        // (ndata + 1) times faster than writing one replacement drive.
        const double speedup = static_cast<double>(g.zfs.children - 1) / (g.zfs.draid_data + 1);
        return whole * fill / std::max(1.0, speedup);
    }
    // Resilver (RAID-Z, mirrors, dRAID without spares): the allocated blocks, written to the
    // replacement drive (OpenZFS 0.8 on scans sorted by offset, so near its sequential rate).
    return whole * fill;
}

ReliabilityResult assess_reliability(const ReliabilityInputs& in, bool explain) {
    const DriveSpec& drive = in.drive;
    check_inputs(in);

    ReliabilityResult r;
    const LossModel model = loss_model(in.layout);
    r.failures_tolerated = model.tolerated;

    const DriveAfr afr = field_afr(drive, in.field_rule, in.field_afr_override, explain);
    require_lazy(afr.afr > 0.0 && afr.afr < 1.0, [&] {
        return "the drive's AFR must be from 0 to below 1, got " + format(afr.afr) + " (" +
               afr.basis + ")";
    });
    r.drive_afr_used = afr.afr;
    r.afr_basis = afr.basis;
    const double mttf = mttf_hours_from_afr(afr.afr);
    const double horizon_h = in.horizon_years * kHoursPerYear;

    double mttr_h = 0.0;
    if (model.tolerated > 0) {
        require_lazy(in.rebuild_rate_fraction > 0.0 && in.rebuild_rate_fraction <= 1.0, [&] {
            return "rebuild_rate_fraction must be greater than 0 and at most 1, got " +
                   format(in.rebuild_rate_fraction);
        });
        require(rebuild_source_rate_Bps(drive) > 0.0,
                drive.kind == DriveKind::Ssd
                    ? "the SSD's sequential write rate must be greater than 0"
                    : "the HDD's media rates must be greater than 0");
        r.rebuild_time_s = is_zfs(in.layout.level)
                               ? zfs_rebuild_time_s(in)
                               : rebuild_time_s(drive, in.rebuild_rate_fraction);
        // derived: degraded from the failure until the rebuild ends (delay + rebuild).
        mttr_h = in.replacement_delay_h + r.rebuild_time_s / 3600.0;
        r.mttr_hours = mttr_h;
        // ZFS resilvers read allocated blocks only (the fill); other RAID reads whole drives.
        const double read_share = is_zfs(in.layout.level) ? in.fill_fraction : 1.0;
        const double bits = model.critical_read_drives * drive.capacity_bytes * read_share * 8.0;
        r.p_ure_during_rebuild = p_unrecoverable_read(bits, drive.ber);
    }
    // derived: groups in series fail at the sum of their rates.
    r.mttdl_hours = group_mttdl_hours(model, mttf, mttr_h) / model.groups;
    const double ure_loss_rate =
        model.groups * group_critical_rate_per_hour(model, mttf, mttr_h) * r.p_ure_during_rebuild;
    // derived: data-loss events as a Poisson process of rate 1/MTTDL + (critical rebuilds x
    // P(URE)); P(at least one in T) = 1 - exp(-rate T).
    r.p_loss_drive_failures_horizon = std::clamp(-std::expm1(-horizon_h / r.mttdl_hours), 0.0, 1.0);
    r.p_loss_ure_horizon = std::clamp(-std::expm1(-horizon_h * ure_loss_rate), 0.0, 1.0);
    r.p_data_loss_horizon =
        std::clamp(-std::expm1(-horizon_h * (1.0 / r.mttdl_hours + ure_loss_rate)), 0.0, 1.0);

    if (explain) {
        add_assumptions(in, model, afr, mttf, mttr_h, r);
    }
    return r;
}

}  // namespace raidadv
