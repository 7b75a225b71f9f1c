#pragma once
// RAID geometry: how many drives, how they are grouped, the stripe unit, and how many independent
// volumes the load is spread over.

#include "layout/raid_level.h"

namespace raidadv {

/// One array description as a user writes it.
struct Layout {
    RaidLevel level = RaidLevel::Raid0;
    int drives = 1;          ///< drives in ONE volume
    int disks_per_span = 0;  ///< raid10: drives per mirror span (PERC/MegaRAID); raid50/60: drives
                             ///< per parity group. 0 = default
    int mirror_copies = 2;   ///< raid1/raid10/raid01: copies of each block (n-way mirrors)
    /// raid10 without spans, as Linux md builds it: near (the default), far or offset (2 copies).
    CopyPlacement placement = CopyPlacement::Near;
    /// Linux md's write-intent bitmap (mdadm --bitmap; system/md_bitmap.h). Auto: as mdadm 3.3
    /// to 4.3 create it (internal when members are over 100 GiB).
    MdBitmap md_bitmap = MdBitmap::Auto;
    double md_bitmap_chunk_bytes = 0.0;      ///< mdadm --bitmap-chunk; 0 = mdadm's default
    double stripe_unit_bytes = 64.0 * 1024;  ///< bytes per disk per stripe (the "strip")
    int volumes = 1;  ///< identical independent volumes; the load is spread evenly over them
    /// Failed drives in the FIRST volume (degraded mode): drives 0..failed_drives-1, the worst
    /// placement (one mirror set, one parity group). 0 = healthy. At most failures_tolerated();
    /// levels without redundancy must have 0 (their data is lost).
    int failed_drives = 0;
    /// Share of each surviving drive's time a running rebuild takes (0 = no rebuild running, the
    /// array just runs degraded); only with failed_drives > 0. Below 1.
    double rebuild_rate_fraction = 0.0;
    // ZFS pools only (zpoolconcepts(7), zfsprops(7)). `drives` is every drive of the pool
    // (vdevs x drives per vdev); project files write the drives per vdev.
    int vdevs = 1;  ///< top-level vdevs the pool stripes its records over
    /// Largest block of a file system (recordsize) or the block of a zvol (volblocksize).
    double record_bytes = 128.0 * 1024;
    bool zvol = false;     ///< record_bytes is a zvol's volblocksize (a block device, not files)
    int ashift = 12;       ///< sectors of 2^ashift bytes (zpool create -o ashift)
    int draid_data = 0;    ///< dRAID: data disks per redundancy group; 0 = zpool's default
    int draid_spares = 0;  ///< dRAID: distributed spares in the vdev
};

}  // namespace raidadv
