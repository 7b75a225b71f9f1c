#pragma once
// RAID levels and their names as written in project files (Chen et al., ACM Computing Surveys
// 1994).

#include <optional>
#include <string>
#include <string_view>

namespace raidadv {

enum class RaidLevel {
    Simple,
    Raid0,
    Raid1,
    Raid10,
    Raid01,
    Raid5,
    Raid6,
    Raid50,
    Raid60,
    // ZFS pools (OpenZFS, zpoolconcepts(7)): `drives` per top-level vdev, `vdevs` of them.
    ZfsMirror,  ///< n-way mirror vdevs
    Raidz1,     ///< RAID-Z with 1, 2 or 3 parity sectors per row (vdev_raidz.c)
    Raidz2,
    Raidz3,
    Draid1,  ///< dRAID: fixed-width redundancy groups, distributed spares (vdev_draid.c)
    Draid2,
    Draid3
};

/// Where Linux md's raid10 puts the copies of a chunk (mdadm --layout n2 / f2 / o2; Linux
/// drivers/md/raid10.c, __raid10_find_phys). Near: the copies on neighbouring drives at the same
/// place (a hardware RAID 10 is this). Far: the drive is cut into `copies` sections; the first
/// holds a RAID 0 of the data, each later one the same data shifted by one drive. Offset: each
/// row of chunks is followed by its copy shifted by one drive.
enum class CopyPlacement { Near, Far, Offset };

/// Linux md's write-intent bitmap (mdadm --bitmap=internal|none; md(4) "Bitmap write-intent
/// logging"). Auto: mdadm's default (system/md_bitmap.h).
enum class MdBitmap { Auto, Internal, None };

/// "raid5", "raid10", ... as used in project files and the catalog.
std::string_view to_string(RaidLevel level);
/// Inverse of to_string; nullopt for unknown names.
std::optional<RaidLevel> raid_level_from_string(std::string_view name);
/// The block RAID levels (simple to raid60), in a stable order: what a RAID controller or Linux
/// md builds. ZFS pools are listed by all_zfs_levels().
const RaidLevel* all_raid_levels(std::size_t& count);
/// The ZFS vdev types, in a stable order (zfs-mirror, raidz1-3, draid1-3).
const RaidLevel* all_zfs_levels(std::size_t& count);

/// Every level's project-file name, quoted, in order: "\"simple\", \"raid0\", ..." (for messages
/// that say what is allowed).
std::string raid_level_names();

/// A ZFS pool layout (zfs-mirror, raidz1-3, draid1-3).
bool is_zfs(RaidLevel level);
bool is_raidz(RaidLevel level);
bool is_draid(RaidLevel level);
/// Parity sectors per row of a raidz or draid vdev (1 to 3); 0 for every other level.
int zfs_parity(RaidLevel level);

/// Data striped over the volume's drives (has a stripe unit): every block level but simple and
/// raid1. ZFS pools have a record size instead.
bool is_striped(RaidLevel level);
/// Keeps mirror copies: raid1, raid10, raid01.
bool is_mirrored(RaidLevel level);
/// Built of spans (disks_per_span): raid10, raid50, raid60.
bool has_spans(RaidLevel level);
/// Fewest drives one volume of the level can have, with mirror sets of `copies` drives
/// (Chen et al. 1994 definitions; a one-drive raid0 is allowed and equals a simple volume).
int min_volume_drives(RaidLevel level, int copies = 2);
/// Fewest drives in one span of raid50 (a RAID 5 group: 3) or raid60 (a RAID 6 group: 4); 0 for
/// the other levels.
int min_span_drives(RaidLevel level);

/// "near", "far", "offset" as written in project files (md's layout names).
std::string_view to_string(CopyPlacement placement);
/// Inverse of to_string; nullopt for unknown names.
std::optional<CopyPlacement> copy_placement_from_string(std::string_view name);
std::string_view to_string(MdBitmap bitmap);
std::optional<MdBitmap> md_bitmap_from_string(std::string_view name);

}  // namespace raidadv
