#pragma once
// What one phase of an OS request asks of the drives: the input of the drive visits
// (drive_visits.h) and the drive-link stage (link_stages.h).

namespace raidadv {

/// One phase's disk I/Os as the drives see them: `fork` I/Os issued together, one per drive.
struct DriveAccess {
    int fork = 1;             ///< disk I/Os of the phase, on distinct drives, in parallel
    double mean_bytes = 0.0;  ///< mean bytes per disk I/O
    double max_bytes = 0.0;   ///< largest disk I/O of the phase (the fork waits for it)
    bool write = false;
    bool sequential = false;         ///< continues a stream where the previous request stopped
    bool same_copy = false;          ///< a later piece of one transfer: stays on its mirror copy
    double fresh = 1.0;              ///< share of the I/Os on disks the transfer has not used yet
    double host_ios = 1.0;           ///< file-system clusters merged into each disk I/O (commands)
    bool detached = false;           ///< a write absorbed by the controller's write-back cache
    bool rewrites_previous = false;  ///< the write half of a read-modify-write
    double count = 1.0;              ///< visits per job
    double probability = 1.0;        ///< probability of the job variant the visit belongs to
    double unbuffered = 0.0;         ///< pipelined file-read window: share of bytes not read ahead
    bool early = false;              ///< pipelined file-read window: its stages overlap the disks
    bool allocated = false;          ///< copy-on-write writes in allocation order (ZFS)
    bool stable = false;     ///< to the media before the acknowledgement, then a cache flush
    bool log_block = false;  ///< a ZIL log block: continues the log's chain, shared by commits
};

}  // namespace raidadv
