#pragma once
// Linux md's write-intent bitmap (issue 24, "software RAID in the kernel"). One answer for the
// analytic model (core/evaluate), the simulator (core/sim) and the advisor's build plan.
//
// How md runs it (drivers/md/md-bitmap.c): one bit per bitmap chunk of the array. Before a write
// goes to the members, md_bitmap_startwrite counts it on its chunk; a chunk whose bit is clear
// has the bit set in memory and its bitmap page marked dirty, and md_bitmap_unplug writes every
// dirty page to every member (write_sb_page -> md_super_write, REQ_PREFLUSH | REQ_FUA) and waits
// for them before the data writes go out; raid5d delays each new write stripe until the next
// unplug (raid5.c, STRIPE_BIT_DELAY and seq_flush), raid1/raid10 unplug before their pending
// writes. A chunk's bit is cleared by the bitmap daemon, which runs every daemon_sleep seconds:
// the first pass after the chunk's last write completed marks it (counter 2 -> 1), the next
// clears it (md_bitmap_daemon_work). So a write needs the bitmap I/O when its chunk has been
// idle for one to two daemon periods. On a degraded array md_bitmap_endwrite gives the chunk's
// counter NEEDED_MASK (raid1.c, raid10.c and raid5.c pass whether the write reached every
// member, e.g. !STRIPE_DEGRADED, as its `success`; later kernels test mddev->degraded there
// instead), which the daemon never clears: once written, a chunk stays dirty and its later
// writes need no bitmap I/O. So the model has no bitmap cost on a degraded array
// (evaluate/evaluator.cpp; a chunk's first write after the failure still pays, not counted).

#include "system/system.h"

namespace raidadv {

/// mdadm.h DEFAULT_BITMAP_DELAY: the bitmap daemon's period (seconds).
inline constexpr double kMdBitmapDaemonSleepS = 5.0;

/// Where the internal bitmap lives on every member: superblock 1.2 sits 4 KiB from the start
/// and the bitmap follows it (mdadm super1.c: bitmap_offset 8 sectors after the superblock).
inline constexpr double kMdBitmapOffsetBytes = 8192.0;

/// What md writes per bitmap update on each member: one page (md-bitmap.c write_sb_page).
inline constexpr double kMdBitmapPageBytes = 4096.0;

/// Whether the system's md arrays keep an internal write-intent bitmap. Layout::md_bitmap says;
/// Auto follows mdadm 3.3 to 4.3 (Create.c, commit 748952f7 of 2013 to e97c4e18 of December
/// 2024; Debian 12 ships mdadm 4.2): an internal bitmap on every array with redundancy whose
/// members are over 100 GiB (s->size > 100*1024*1024 KiB). Never on RAID 0, never off md. Nested
/// levels as the build plan creates them: each RAID 5/6 group of a RAID 50/60 keeps its own, a
/// RAID 01 one on its RAID 1 over the RAID 0 sides.
bool md_bitmap_on(const System& system);

/// Where a volume's bitmaps are (one md array each).
struct MdBitmapShape {
    int bitmaps = 1;  ///< per volume: the groups of a RAID 50/60, else 1
    /// Drives one update writes: every member of the array holding the bitmap; a RAID 01's
    /// RAID 1 writes to its sides, each a RAID 0 whose first drive holds the start.
    int update_drives = 1;
    /// Drives whose sectors the bitmap counts per row of data (raid5.c passes the member
    /// sector: the data drives of the group); 1 where it counts the array's sectors.
    int data_drives = 1;
};
MdBitmapShape md_bitmap_shape(const System& system);

/// Bytes of the array's address space one bit covers: mdadm super1.c add_internal_bitmap1
/// without --bitmap-chunk: 64 MiB, doubled while more bits than a 128 KiB bitmap holds.
double md_bitmap_chunk_bytes(const System& system);

/// Bytes the bitmap covers (the bits over it): the member size for raid1/raid5/raid6, whose
/// bitmap counts member sectors (raid5.c passes sh->sector), the array for raid10 (mdadm
/// Create.c: "for raid10, the bitmap size is the capacity of the array").
double md_bitmap_space_bytes(const System& system);

/// One bitmap update's page, written through on every drive of the array that holds the
/// bitmap (md_bitmap_shape), the slowest finishing it, with the heads anywhere in the first
/// `span_fraction` of the drives. derived: command overhead, a seek from anywhere in the span
/// (to the bitmap near the start: taken as a random seek), the page's transfer, and the
/// rotational wait of the last of n drives, n/(n+1) of a revolution (the largest of n uniform
/// waits); on SSDs the page's write.
double md_bitmap_page_s(const System& system, double span_fraction);

/// The share of a volume's write requests whose chunk bit is clear when they arrive, with
/// `writes_per_s` write requests per second on one volume spread over `span_fraction` of it
/// (random) or streaming on (sequential, `bytes` each). derived: a chunk gets Poisson writes at
/// rate mu = writes_per_s / chunks; its bit is still set if it was written within the last tau,
/// tau uniform on [T, 2T] (the daemon's two passes, phase unknown), so the share clear is
/// E[exp(-mu tau)] = (exp(-mu T) - exp(-2 mu T)) / (mu T). A stream enters a new chunk once per
/// chunk of data: bytes (in bitmap space) over the chunk.
double md_bitmap_clear_share(const System& system, double writes_per_s, double span_fraction,
                             bool sequential, double bytes);

}  // namespace raidadv
