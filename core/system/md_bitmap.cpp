#include "system/md_bitmap.h"

#include <algorithm>
#include <cmath>

#include "components/hdd_model.h"
#include "components/ssd_model.h"
#include "layout/geometry.h"
#include "system/raid_software.h"

namespace raidadv {

namespace {

bool has_redundancy(RaidLevel level) {
    switch (level) {
        case RaidLevel::Raid1:
        case RaidLevel::Raid10:
        case RaidLevel::Raid5:
        case RaidLevel::Raid6:
        case RaidLevel::Raid01:
        case RaidLevel::Raid50:
        case RaidLevel::Raid60:
            return true;
        default:
            return false;  // RAID 0 and single drives keep none (mdadm)
    }
}

}  // namespace

bool md_bitmap_on(const System& system) {
    if (system.layout.md_bitmap == MdBitmap::None || !has_redundancy(system.layout.level) ||
        !linux_md(system)) {
        return false;
    }
    if (system.layout.md_bitmap == MdBitmap::Internal) {
        return true;
    }
    // mdadm Create.c (3.3 to 4.3): s->size (KiB per member) > 100*1024*1024.
    return system.drive.capacity_bytes > 100.0 * 1024 * 1024 * 1024;
}

MdBitmapShape md_bitmap_shape(const System& system) {
    const Geometry g = make_geometry(system.layout);
    MdBitmapShape shape;
    shape.update_drives = g.drives;
    switch (system.layout.level) {
        case RaidLevel::Raid5:
        case RaidLevel::Raid6:
            shape.data_drives = std::max(1, g.drives - g.parity_per_group);
            break;
        case RaidLevel::Raid50:
        case RaidLevel::Raid60:
            shape.bitmaps = std::max(1, g.groups);
            shape.update_drives = g.group_drives;
            shape.data_drives = std::max(1, g.group_drives - g.parity_per_group);
            break;
        case RaidLevel::Raid01:
            shape.update_drives = std::max(1, g.groups);  // the first drive of each side
            break;
        default:
            break;
    }
    return shape;
}

double md_bitmap_space_bytes(const System& system) {
    const Layout& l = system.layout;
    if (l.level == RaidLevel::Raid10 || l.level == RaidLevel::Raid01) {
        return usable_bytes(l, system.drive.capacity_bytes) / std::max(1, l.volumes);
    }
    return std::max(0.0, system.drive.capacity_bytes);
}

double md_bitmap_chunk_bytes(const System& system) {
    if (system.layout.md_bitmap_chunk_bytes > 0.0) {
        return system.layout.md_bitmap_chunk_bytes;
    }
    // mdadm super1.c: room = 128 KiB of bitmap (256 sectors); max_bits = (room * 512 -
    // sizeof(bitmap_super_t) [256]) * 8; the chunk doubles from 4 KiB until the bits fit, and is
    // at least 64 MiB.
    const double max_bits = (256.0 * 512.0 - 256.0) * 8.0;
    double chunk = 64.0 * 1024 * 1024;
    while (md_bitmap_space_bytes(system) / chunk + 1.0 > max_bits) {
        chunk *= 2.0;
    }
    return chunk;
}

double md_bitmap_page_s(const System& system, double span_fraction) {
    const DriveSpec& d = system.drive;
    if (d.kind == DriveKind::Ssd) {
        // Done once the drive's buffer holds it (ssd_write_stages; its flush is not modelled
        // on SSDs: docs/model.md, md write-intent bitmap).
        const SsdWriteStages w =
            ssd_write_stages(d.ssd, kMdBitmapPageBytes, false, system.ssd_state == SsdState::Fresh);
        return w.accept_s + w.transfer_s;
    }
    const double n = md_bitmap_shape(system).update_drives;
    return hdd_command_overhead(d.hdd, true) + md_bitmap_seek_s(d.hdd, span_fraction) +
           hdd_revolution_time(d.hdd) * n / (n + 1.0) +
           hdd_transfer_time(d.hdd, kMdBitmapPageBytes, span_fraction);
}

double md_bitmap_clear_share(const System& system, double writes_per_s, double span_fraction,
                             bool sequential, double bytes) {
    if (!md_bitmap_on(system)) {
        return 0.0;
    }
    const double chunk = md_bitmap_chunk_bytes(system);
    const MdBitmapShape shape = md_bitmap_shape(system);
    // Bytes of bitmap space a request's data take: raid5/6 (and each group of a raid50/60)
    // count member sectors (a row's data share one member offset), raid1 and raid10 the
    // array's.
    const double per_member = bytes / shape.data_drives;
    if (sequential) {
        return std::clamp(per_member / chunk, 0.0, 1.0);
    }
    const double chunks = std::max(1.0, std::ceil(std::clamp(span_fraction, 0.0, 1.0) *
                                                  md_bitmap_space_bytes(system) / chunk));
    // (a RAID 50/60's writes spread over its groups' bitmaps, each with its chunks)
    const double mu_t =
        std::max(0.0, writes_per_s) / (chunks * shape.bitmaps) * kMdBitmapDaemonSleepS;
    if (mu_t < 1e-9) {
        return 1.0;
    }
    return (std::exp(-mu_t) - std::exp(-2.0 * mu_t)) / mu_t;
}

double md_bitmap_seek_s(const HddSpec& hdd, double span_fraction) {
    // derived: E[t(o + x s)], o ~ U(0, 1 - s), x ~ U(0, 1), for the seek curve t(d) = a + b
    // sqrt(d) + c d (hdd_mean_seek): E[o + x s] = 1/2 and E[sqrt(o + x s)] = 4/15 (1 - s^2.5 -
    // (1 - s)^2.5) / (s (1 - s)), 2/3 at either end (a position uniform over the stroke).
    const double s = std::clamp(span_fraction, 0.0, 1.0);
    const double both = s * (1.0 - s);
    const double mean_root =
        both > 1e-6 ? 4.0 / 15.0 * (1.0 - std::pow(s, 2.5) - std::pow(1.0 - s, 2.5)) / both
                    : 2.0 / 3.0;
    return hdd_mean_seek(hdd, mean_root, 0.5);
}

double md_bitmap_seek_back_s(const HddSpec& hdd, double span_fraction) {
    return std::max(
        0.0, md_bitmap_seek_s(hdd, span_fraction) - hdd_mean_random_seek(hdd, span_fraction));
}

MdBitmapHeads md_bitmap_heads(double updates_per_job, int update_drives,
                              const std::vector<MdBitmapTouch>& touches, double accesses_per_job,
                              int drives) {
    MdBitmapHeads heads;
    if (!(updates_per_job > 0.0) || !(accesses_per_job > 0.0)) {
        return heads;  // no updates: the heads stay in the working set
    }
    const double n = std::max(1, drives);
    double log_stay = 0.0;
    for (const MdBitmapTouch& t : touches) {
        if (!(t.per_job > 0.0)) {
            continue;
        }
        const double d = std::clamp(static_cast<double>(t.drives), 1.0, n);
        log_stay += d >= n ? -1e300 : t.per_job * std::log1p(-d / n);
    }
    heads.moved = 1.0 - std::exp(std::max(-700.0, log_stay / updates_per_job));
    heads.returning = std::clamp(
        updates_per_job * std::max(1, update_drives) * heads.moved / accesses_per_job, 0.0, 1.0);
    return heads;
}

double md_bitmap_sim_offset_share(double span_fraction) {
    const double s = std::clamp(span_fraction, 0.0, 1.0);
    return s + (1.0 - s) / 2.0;
}

}  // namespace raidadv
