#pragma once
// Which software builds a system's RAID when the host does (issue 24, "software RAID in the
// kernel"): Linux md splits requests at chunk boundaries and handles parity stripes in one
// kernel thread. One answer for the analytic model (core/evaluate) and the simulator (core/sim).

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

}  // namespace raidadv
