#pragma once
// Which software builds a system's RAID when the host does (issue 24, "software RAID in the
// kernel"): Linux md splits requests at chunk boundaries and handles parity stripes in one
// kernel thread. One answer for the analytic model (core/evaluate) and the simulator (core/sim).

#include <string>
#include <string_view>

#include "system/system.h"

namespace raidadv {

/// Whether the RAID layer is Linux md: the controller says so (ControllerSpec::chunk_split:
/// linux-md, CPU-attached NVMe), or it is a plain HBA without RAID levels of its own on a host
/// whose RAID software is md (HostSpec::raid_software lists md, or Synology's SHR, which is md
/// with LVM). False for one drive (nothing to build) and for hardware RAID.
bool linux_md(const System& system);

/// Whether md hands this request's parity work to its stripe thread: on RAID 5 and 6 every
/// write, and every read of a degraded array, goes through the stripe cache, which raid5d alone
/// handles (drivers/md/raid5.c; md(4) / Documentation/admin-guide/md.rst: group_thread_cnt,
/// "the number of threads to handle stripes", 0 by default: all in raid5d); a healthy array's
/// read of whole chunks bypasses it (raid5.c chunk_aligned_read) and stays in the submitting
/// thread.
bool md_stripe_thread(const System& system, bool write);

/// Whether the host runs ZFS (HostSpec::raid_software lists zfs): the search then offers ZFS
/// pools on controllers that give it plain drives (HBAs and on-board ports without RAID levels).
bool host_runs_zfs(const HostSpec& host);

/// Whether the host may run Linux md: its RAID software is not stated, or lists md (or
/// Synology's SHR, md with LVM, or LVM's RAID, md's personalities under device-mapper).
bool host_offers_md(const HostSpec& host);

/// The NAS appliance whose storage manager builds the host's arrays: Synology's DSM
/// ("synology-shr") or QNAP's QTS ("qnap-qts"); empty for any other host.
std::string_view appliance_software(const HostSpec& host);

/// The chunk (stripe unit) an appliance's storage manager gives the md arrays it builds over
/// `controller`'s plain drives, which its wizard does not let one choose: 64 KiB for Synology
/// DSM and QNAP QTS (as recalled; users' posts of their /proc/mdstat show "level 5, 64k chunk"
/// under DSM's vg1000 and QTS's md0/md9/md13). 0 for any other host or a RAID controller (md and
/// the controllers offer their own ranges).
double appliance_chunk_bytes(const HostSpec& host, const ControllerSpec& controller);

/// What builds the array where the host is an appliance NAS and `controller` costs nothing (its
/// own ports, or md itself): "Synology DSM storage pool (md)", "QNAP QTS storage pool (md)";
/// empty anywhere else (a card, or any other host), where the controller's own name says it.
std::string appliance_array_name(const HostSpec& host, const ControllerSpec& controller);

/// Whether md's own layouts (raid10 near, far and offset, and on 2 or 3 drives) can be built:
/// the host may run md and is not an appliance whose storage manager builds only its own levels
/// over md (Synology DSM, QNAP QTS: RAID 10 of an even number of drives, four or more).
bool host_builds_md_layouts(const HostSpec& host);

/// Whether the host runs TrueNAS (HostSpec::raid_software lists "truenas"): a ZFS appliance
/// whose pools are built in its web interface, which manages them.
bool host_is_truenas(const HostSpec& host);

/// Whether a hardware RAID controller's volume may carry the host's storage: not where the
/// host's stated RAID software is ZFS alone (a ZFS appliance, TrueNAS: it builds pools on the
/// plain disks an HBA gives; OpenZFS discussion #14458 and Lucas & Jude, "FreeBSD Mastery: ZFS"
/// (2015): "Do not use a hardware RAID controller"), nor on an appliance NAS whose storage
/// manager takes its bays' plain disks (Synology DSM, QNAP QTS); anywhere else yes.
bool host_takes_hardware_raid(const HostSpec& host);

/// Whether the host's own RAID software builds `level` on plain drives: any level where the
/// host states no software; ZFS levels where it runs ZFS; every md level, nested ones too,
/// where it runs md (or LVM, Btrfs); RAID 0, 1, 5, 6 and 10 in Synology's DSM (SHR hosts), and
/// 50 and 60 too in QNAP's QTS;
/// Storage Spaces' simple, mirror, parity and dual parity (RAID 0, 1, 10, 5, 6; Microsoft,
/// New-VirtualDisk -ResiliencySettingName) on Windows. A simple volume always.
bool host_builds_level(const HostSpec& host, RaidLevel level);

/// Whether Windows Storage Spaces builds `level`: simple, mirror (two-way, with columns for
/// RAID 10), parity and dual parity (Microsoft, New-VirtualDisk -ResiliencySettingName).
bool storage_spaces_builds(RaidLevel level);

/// Why the host's own RAID software cannot build `layout` of its levels, or empty: a Storage
/// Spaces RAID 6 of fewer than seven drives.
std::string host_layout_problem(const HostSpec& host, const Layout& layout);

/// A Storage Spaces parity space of `layout` (RAID 5 or 6), wherever it is built: its data
/// columns (drives less parity; 0 for other levels), the largest interleave with which one NTFS
/// cluster can be one stripe of data (2 MiB / data columns; 0 where no cluster can be: data
/// columns not a power of two), and that cluster (interleave x data columns, or 0).
int parity_space_data_columns(const Layout& layout);
double parity_space_max_interleave_bytes(const Layout& layout);
double parity_space_cluster_bytes(const Layout& layout);

/// The data columns of a Storage Spaces parity space `layout` on `host` over `controller`'s plain
/// drives (drives less parity); 0 where Storage Spaces does not build it as parity (another
/// level, a host with md, a hardware RAID controller).
int storage_spaces_data_columns(const HostSpec& host, const ControllerSpec& controller,
                                const Layout& layout);

/// The largest interleave (stripe unit) with which one NTFS cluster can be one stripe of data of
/// a Storage Spaces parity space (2 MiB / data columns); 0 where no cluster can be (data columns
/// not a power of two) or Storage Spaces does not build `layout` as parity.
double storage_spaces_max_interleave_bytes(const HostSpec& host, const ControllerSpec& controller,
                                           const Layout& layout);

/// The NTFS allocation unit that makes each cluster one stripe of data of a Storage Spaces parity
/// space (interleave x data columns), or 0 where none can.
double storage_spaces_cluster_bytes(const HostSpec& host, const ControllerSpec& controller,
                                    const Layout& layout);

/// Whether `c` stands for Linux md itself, not for ports: its RAID splits requests at chunks
/// (chunk_split) and it takes drives of any bus, not only NVMe on CPU lanes (derived: md runs
/// over any block device; a CPU-lane row takes NVMe alone).
bool is_md_software(const ControllerSpec& c);

}  // namespace raidadv
