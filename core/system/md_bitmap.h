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

#include <vector>

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
/// bitmap (md_bitmap_shape), the slowest finishing it, with the heads in the working set (a
/// share `span_fraction` of the drives). derived: command overhead, the seek from the working
/// set to the bitmap (md_bitmap_seek_s), the page's transfer, and the rotational wait of the
/// last of n drives, n/(n+1) of a revolution (the largest of n uniform waits); on SSDs the
/// page's write.
double md_bitmap_page_s(const System& system, double span_fraction);

/// The mean seek between a working set of a share `span_fraction` of a drive and the bitmap at
/// the drive's start (kMdBitmapOffsetBytes). A workload says how much of the volume it uses, not
/// where that lies (a file system places a test file or a database where its allocator puts
/// it): taken anywhere, its start o uniform on [0, 1 - span], a position in it o + x span with x
/// uniform on [0, 1], a mean distance of half the stroke whatever the span (derived: E[o + x
/// span] = (1 - span) / 2 + span / 2). Each update costs the seek there and, for the request
/// that follows on the drive, the seek back. fio's disk_util of the md RAID 5 study bears it out
/// (louwrentius-2020-md-raid5-8x2tb, 100 GiB of a 14 TB array): a bitmap page write took 16 ms
/// on average and each member's reads 12.1 ms in the write run against 9.4 ms when only reading.
double md_bitmap_seek_s(const HddSpec& hdd, double span_fraction);

/// What coming back from the bitmap adds to an access of the working set: md_bitmap_seek_s less
/// the random seek within the working set the access is positioned with (never below 0).
double md_bitmap_seek_back_s(const HddSpec& hdd, double span_fraction);

/// Where the simulator writes the bitmap page on a member, as a share of the drive, its working
/// set lying at the start: span + (1 - span) / 2, the same mean distance as md_bitmap_seek_s
/// takes (the working set's start o, uniform, put at its mean, (1 - span) / 2).
double md_bitmap_sim_offset_share(double span_fraction);

/// Where the members' heads are between bitmap updates. An update leaves every member of the
/// array holding the bitmap at its page; a member's next access to the working set seeks back
/// from there, and the next update finds at the page every member nothing took away since
/// (its page write then waits only for the platter). derived, for requests spread over the
/// `drives` a bitmap's array keeps its data on, a request taking d distinct drives takes a
/// given one with probability d / drives, so between two updates a drive stays at the page
/// with probability prod (1 - d / drives)^(n / u), n such requests and u updates per job (md
/// RAID 5 of eight, a 4 KiB write's two members, 3.4 writes an update: 38%).
struct MdBitmapHeads {
    double moved = 1.0;      ///< share of an update's members whose heads are in the working set
    double returning = 0.0;  ///< share of the working set's accesses that come from the page
};

/// Requests that take drives' heads to the working set: `per_job` of them a job, each to
/// `drives` distinct drives (its reads and the destages of its writes; not the write half of a
/// read-modify-write, which stays where its read took the head).
struct MdBitmapTouch {
    double per_job = 0.0;
    int drives = 1;
};

/// MdBitmapHeads of an array whose bitmap updates run `updates_per_job` times a job and write
/// their page to `update_drives` drives, the working set's requests `touches` and drive
/// accesses `accesses_per_job` spread over `drives` drives (those of one bitmap's array).
/// derived: the seeks back per job, updates_per_job x update_drives x moved, shared by the
/// accesses.
MdBitmapHeads md_bitmap_heads(double updates_per_job, int update_drives,
                              const std::vector<MdBitmapTouch>& touches, double accesses_per_job,
                              int drives);

/// The share of a volume's write requests whose chunk bit is clear when they arrive, with
/// `writes_per_s` write requests per second on one volume spread over `span_fraction` of it
/// (random) or streaming on (sequential, `bytes` each). derived: a chunk gets Poisson writes at
/// rate mu = writes_per_s / chunks, the chunks of all the volume's bitmaps (a RAID 50/60's
/// groups each keep theirs over their members' sectors: md_bitmap_shape); its bit is still set if
/// it was written within the last tau, tau uniform on [T, 2T] (the daemon's two passes, phase
/// unknown), so the share clear is E[exp(-mu tau)] = (exp(-mu T) - exp(-2 mu T)) / (mu T). A stream
/// enters a new chunk once per chunk of data: bytes (in bitmap space) over the chunk.
double md_bitmap_clear_share(const System& system, double writes_per_s, double span_fraction,
                             bool sequential, double bytes);

}  // namespace raidadv
