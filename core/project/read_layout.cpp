// "layout" of a system: level, drives, stripe unit, spans, mirror copies, volumes.
// The rules per level are listed in docs/file-format.md ("RAID levels").

#include "layout/geometry.h"
#include "layout/zfs_pool.h"
#include "project/keys.h"
#include "project/sections.h"
#include "units/units.h"

namespace raidadv::project_detail {
namespace {

namespace k = project_keys::layout;

void check_spans(ObjectReader& r, RaidLevel level, const std::string& name, Layout& layout,
                 bool spans_given) {
    const int drives = layout.drives;
    if (level == RaidLevel::Raid10) {
        if (!spans_given) {
            return;  // 0: all drives in one span (a stripe over all mirror sets)
        }
        const int span = layout.disks_per_span;
        const int copies = layout.mirror_copies;
        if (span < copies || span % copies != 0) {
            r.problem(k::disks_per_span,
                      "raid10 spans hold whole mirror sets: disks_per_span must "
                      "be a multiple of mirror_copies (" +
                          std::to_string(copies) + "), got " + std::to_string(span));
        } else if (span > drives || drives % span != 0) {
            r.problem(k::disks_per_span, "drives (" + std::to_string(drives) +
                                             ") must be a multiple of disks_per_span, got " +
                                             std::to_string(span));
        }
        return;
    }
    const int min_span = min_span_drives(level);
    const std::string group = level == RaidLevel::Raid50 ? "RAID 5" : "RAID 6";
    if (!spans_given) {
        r.missing(k::disks_per_span,
                  "drives in each " + group + " group, at least " + std::to_string(min_span));
        return;
    }
    const int span = layout.disks_per_span;
    if (span < min_span) {
        r.problem(k::disks_per_span, name + " needs at least " + std::to_string(min_span) +
                                         " disks per span (each span is a " + group + "), got " +
                                         std::to_string(span));
    } else if (drives % span != 0 || drives / span < 2) {
        r.problem(k::disks_per_span,
                  name + " needs at least 2 spans and drives (" + std::to_string(drives) +
                      ") a multiple of disks_per_span, got disks_per_span " + std::to_string(span));
    }
}

/// The "level" key, or nothing (with the problem reported) when absent or unknown.
std::optional<RaidLevel> read_level(ObjectReader& r) {
    std::optional<RaidLevel> level;
    if (const json* v = r.find(k::level)) {
        if (v->is_string()) {
            level = raid_level_from_string(v->get<std::string>());
        }
        if (!level) {
            r.problem(k::level, "must be one of " + raid_level_names() + "; got " + describe(*v));
        }
    } else {
        r.missing(k::level, "one of " + raid_level_names());
    }
    return level;
}

/// The key of a size the object gives (`<base>_kib`, `_bytes` or `_mib`), or `<base>_kib`.
std::string present_size_key(const ObjectReader& r, std::string_view base) {
    for (const std::string& key : size_keys(base)) {
        if (r.has(key)) {
            return key;
        }
    }
    return std::string(base) + "_kib";
}

/// ZFS keys: vdevs, recordsize or volblocksize, ashift, dRAID's data and spares; `drives` in
/// the file is per vdev (layout.drives becomes the pool's). Reports what zfs_layout_problem
/// finds under the key it names.
void read_zfs_keys(ObjectReader& r, Layout& layout) {
    r.integer(k::vdevs, 1, kMaxDrivesPerVolume, layout.vdevs);
    const bool record = r.has_size(k::recordsize);
    const bool block = r.has_size(k::volblocksize);
    if (record && block) {
        r.problem(present_size_key(r, k::volblocksize),
                  "give recordsize (a file system) or volblocksize (a zvol), not both");
    } else if (block) {
        layout.zvol = true;
        r.size(k::volblocksize, {512.0, 16.0 * 1024 * 1024}, layout.record_bytes, Need::Optional,
               512.0);
    } else {
        r.size(k::recordsize, {512.0, 16.0 * 1024 * 1024}, layout.record_bytes, Need::Optional,
               512.0);
    }
    r.integer(k::ashift, 9, 16, layout.ashift);
    r.integer(k::draid_data, 1, 255, layout.draid_data);
    r.integer(k::draid_spares, 0, 100, layout.draid_spares);
    layout.drives *= layout.vdevs;
    const ZfsLayoutProblem problem = zfs_layout_problem(layout);
    if (!problem.empty()) {
        const bool size_key = problem.key == k::recordsize || problem.key == k::volblocksize;
        r.problem(size_key ? present_size_key(r, problem.key) : problem.key, problem.message);
    }
}

/// Reports keys the level has no use for; simple volumes keep volumes at 1.
void check_keys_for_level(ObjectReader& r, RaidLevel level, const std::string& name,
                          Layout& layout) {
    // Keys that do not apply to the level.
    if (!is_mirrored(level) && r.has(k::mirror_copies)) {
        r.problem(k::mirror_copies, "applies to raid1, raid10 and raid01 only, not " + name);
    }
    if (!has_spans(level) && r.has(k::disks_per_span)) {
        r.problem(k::disks_per_span, "applies to raid10, raid50 and raid60 only, not " + name);
    }
    if (!is_striped(level) && r.has_size(k::stripe)) {
        r.problem(r.has(k::stripe_kib) ? k::stripe_kib : k::stripe_bytes,
                  is_zfs(level) ? "a ZFS pool has no stripe unit: give recordsize_kib (or "
                                  "volblocksize_kib for a zvol) instead"
                                : name + " has no striping; remove the stripe size");
    }
    if (!is_zfs(level)) {
        for (const char* key : {k::vdevs, k::ashift, k::draid_data, k::draid_spares}) {
            if (r.has(key)) {
                r.problem(key,
                          "applies to ZFS pools only (zfs-mirror, raidz1-3, draid1-3), "
                          "not " +
                              name);
            }
        }
        for (const char* base : {k::recordsize, k::volblocksize}) {
            if (r.has_size(base)) {
                r.problem(
                    present_size_key(r, base),
                    "applies to ZFS pools only (zfs-mirror, raidz1-3, draid1-3), not " + name);
            }
        }
    } else if (!is_draid(level)) {
        for (const char* key : {k::draid_data, k::draid_spares}) {
            if (r.has(key)) {
                r.problem(key, "applies to draid1, draid2 and draid3 only, not " + name);
            }
        }
    }
    if (level == RaidLevel::Simple && r.has(k::volumes) && layout.volumes != 1) {
        r.problem(k::volumes,
                  "simple means 'drives' independent disks, each its own volume; "
                  "volumes must be 1 (or absent), got " +
                      std::to_string(layout.volumes));
        layout.volumes = 1;
    }
}

/// Checks the drive count against the level, its mirror copies and its spans.
void check_drive_count(ObjectReader& r, RaidLevel level, const std::string& name, Layout& layout,
                       bool copies_given, bool spans_given) {
    const int drives = layout.drives;
    if (level == RaidLevel::Raid1) {
        if (copies_given && layout.mirror_copies != drives) {
            r.problem(k::drives,
                      "raid1 keeps a copy on every drive: drives must equal "
                      "mirror_copies (" +
                          std::to_string(layout.mirror_copies) + "), got " +
                          std::to_string(drives));
        } else if (drives < 2 || drives > kMaxMirrorCopies) {
            r.problem(k::drives, "raid1 needs 2 to " + std::to_string(kMaxMirrorCopies) +
                                     " drives (a 2- to " + std::to_string(kMaxMirrorCopies) +
                                     "-way mirror), got " + std::to_string(drives) +
                                     "; for more drives use raid10 or several volumes");
        }
        layout.mirror_copies = drives;
    } else if (level == RaidLevel::Raid10 && layout.placement != CopyPlacement::Near) {
        if (drives < 2) {
            r.problem(k::drives, "raid10 with the " + std::string(to_string(layout.placement)) +
                                     " layout needs at least 2 drives, got " +
                                     std::to_string(drives));
        }
    } else if (drives < min_volume_drives(level, layout.mirror_copies)) {
        r.problem(k::drives, name + " needs at least " +
                                 std::to_string(min_volume_drives(level, layout.mirror_copies)) +
                                 " drives, got " + std::to_string(drives));
    } else if ((level == RaidLevel::Raid10 || level == RaidLevel::Raid01) &&
               drives % layout.mirror_copies != 0 &&
               !(level == RaidLevel::Raid10 && !spans_given &&
                 drives == layout.mirror_copies + 1)) {
        r.problem(
            k::drives,
            name + " needs a multiple of mirror_copies (" + std::to_string(layout.mirror_copies) +
                ") drives, got " + std::to_string(drives) +
                (layout.mirror_copies == 2 ? " (an odd number)" : "") +
                (level == RaidLevel::Raid10 ? ", or mirror_copies + 1 (Linux md's near layout)"
                                            : ""));
    } else if (has_spans(level) && (spans_given || level != RaidLevel::Raid10)) {
        check_spans(r, level, name, layout, spans_given);
    }
}

/// Checks failed_drives and rebuild_rate_fraction; clears them when they are not allowed.
void check_degraded(ObjectReader& r, Layout& layout) {
    // Degraded mode: at most the failures the level tolerates (layout/geometry.h).
    bool failed_ok = true;
    if (layout.failed_drives > 0) {
        Layout failed_only = layout;
        failed_only.rebuild_rate_fraction = 0.0;
        const std::string problem = degraded_layout_problem(failed_only);
        if (!problem.empty()) {
            r.problem(k::failed_drives, problem);
            layout.failed_drives = 0;
            failed_ok = false;
        }
    }
    if (layout.rebuild_rate_fraction > 0.0 && layout.failed_drives == 0 && failed_ok) {
        r.problem(k::rebuild_rate_fraction,
                  "a rebuild runs only on a degraded volume: set failed_drives to at least 1");
        layout.rebuild_rate_fraction = 0.0;
    }
}

/// The "placement" key (md raid10's near, far or offset), if given and known.
bool read_placement(ObjectReader& r, Layout& layout) {
    const json* v = r.find(k::placement);
    if (v == nullptr) {
        return false;
    }
    std::optional<CopyPlacement> placement;
    if (v->is_string()) {
        placement = copy_placement_from_string(v->get<std::string>());
    }
    if (!placement) {
        r.problem(k::placement,
                  "must be \"near\", \"far\" or \"offset\" (Linux md's raid10 layouts); got " +
                      describe(*v));
        return false;
    }
    layout.placement = *placement;
    return true;
}

/// The "md_bitmap" and "md_bitmap_chunk" keys (Linux md's write-intent bitmap), if given.
void read_md_bitmap(ObjectReader& r, Layout& layout) {
    if (const json* v = r.find(k::md_bitmap)) {
        std::optional<MdBitmap> bitmap;
        if (v->is_string()) {
            bitmap = md_bitmap_from_string(v->get<std::string>());
        }
        if (!bitmap) {
            r.problem(k::md_bitmap,
                      "must be \"auto\" (mdadm's default), \"internal\" or \"none\" (mdadm "
                      "--bitmap); got " +
                          describe(*v));
        } else {
            layout.md_bitmap = *bitmap;
        }
    }
    // mdadm --bitmap-chunk: a power of two from 4 KiB (super1.c min_chunk) up to 2^31 bytes.
    r.size(k::md_bitmap_chunk, {4096.0, 2147483648.0}, layout.md_bitmap_chunk_bytes, Need::Optional,
           4096.0);
}

/// Far and offset are Linux md raid10 layouts of 2 copies without spans.
bool check_placement(ObjectReader& r, RaidLevel level, const std::string& name,
                     const Layout& layout, bool spans_given) {
    if (level != RaidLevel::Raid10) {
        r.problem(k::placement, "applies to raid10 only (Linux md's layouts), not " + name);
        return false;
    }
    if (layout.placement == CopyPlacement::Near) {
        return true;
    }
    const std::string placement(to_string(layout.placement));
    if (spans_given) {
        r.problem(k::placement, "md's " + placement +
                                    " layout has no spans: remove disks_per_span or use "
                                    "\"near\"");
        return false;
    }
    if (layout.mirror_copies != 2) {
        r.problem(k::placement, "the " + placement +
                                    " layout is modelled with 2 copies (mdadm --layout " +
                                    placement.substr(0, 1) + "2); mirror_copies must be 2, got " +
                                    std::to_string(layout.mirror_copies));
        return false;
    }
    return true;
}

}  // namespace

Layout read_layout(const json& value, const std::string& path, Issues& issues) {
    Layout layout;
    ObjectReader r(
        value, path, issues,
        concat_keys({{k::level, k::drives, k::disks_per_span, k::mirror_copies, k::placement,
                      k::md_bitmap, k::volumes, k::failed_drives, k::rebuild_rate_fraction,
                      k::vdevs, k::ashift, k::draid_data, k::draid_spares},
                     size_keys(k::stripe),
                     size_keys(k::recordsize),
                     size_keys(k::volblocksize),
                     size_keys(k::md_bitmap_chunk)}),
        "an object like {\"level\": \"raid5\", \"drives\": 4}");
    if (!r.valid()) {
        return layout;
    }
    const std::optional<RaidLevel> level = read_level(r);
    const bool drives_ok =
        r.integer(k::drives, 1, kMaxDrivesPerVolume, layout.drives, Need::Required);
    const bool spans_given =
        r.integer(k::disks_per_span, 1, kMaxDrivesPerVolume, layout.disks_per_span);
    const bool copies_given =
        r.integer(k::mirror_copies, 2, kMaxMirrorCopies, layout.mirror_copies);
    const bool placement_given = read_placement(r, layout);
    read_md_bitmap(r, layout);
    r.size(k::stripe, {kMinStripeBytes, kMaxStripeBytes}, layout.stripe_unit_bytes, Need::Optional,
           units::sector);
    r.integer(k::volumes, 1, kMaxVolumes, layout.volumes);
    r.integer(k::failed_drives, 0, kMaxDrivesPerVolume, layout.failed_drives);
    r.number(k::rebuild_rate_fraction, Range{0.0, 1.0, false, true}, layout.rebuild_rate_fraction);
    if (!level) {
        return layout;
    }
    layout.level = *level;
    const std::string name(to_string(*level));

    check_keys_for_level(r, *level, name, layout);
    if (placement_given && !check_placement(r, *level, name, layout, spans_given)) {
        layout.placement = CopyPlacement::Near;
    }
    if (!drives_ok) {
        return layout;
    }

    if (is_zfs(*level)) {
        read_zfs_keys(r, layout);
    } else {
        check_drive_count(r, *level, name, layout, copies_given, spans_given);
    }

    if (static_cast<long long>(layout.drives) * layout.volumes > kMaxTotalDrives) {
        r.problem(is_zfs(*level) ? k::vdevs : k::volumes,
                  (is_zfs(*level) ? "drives x vdevs x volumes must be at most "
                                  : "drives x volumes must be at most ") +
                      std::to_string(kMaxTotalDrives) + ", got " +
                      std::to_string(layout.drives * layout.volumes));
    }
    if (!has_spans(*level)) {
        layout.disks_per_span = 0;
    }
    check_degraded(r, layout);
    return layout;
}

}  // namespace raidadv::project_detail
