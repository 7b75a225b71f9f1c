#pragma once
// One request the operating system sends to the array: the unit the network builder maps
// (request_mapping.h), merges (request_merge.h) and turns into visits (network_builder.cpp).

#include <vector>

#include "layout/geometry.h"

namespace raidadv {

struct OsRequest {
    ArrayRequest array;
    bool sequential = false;  ///< continues its stream where the previous request stopped
    /// A later piece of one transfer: on a mirror it stays on the copy the transfer started on.
    bool continues = false;
    bool write = false;
    double user_bytes = 0.0;
    int pieces = 1;           ///< host I/Os issued together (file-system read-ahead window)
    bool read_ahead = false;  ///< part of a transfer read with several host I/Os in flight
    /// Per phase: how many of its I/Os go to a disk this transfer has not used before (the
    /// head is elsewhere: full positioning) rather than continuing the stream on that disk.
    std::vector<int> new_ios;
    /// Per phase: the share of its bytes the drives had not read ahead (split()); filled for a
    /// file read's windows only (pipelined_window(), first_window()), where it is used.
    std::vector<double> unbuffered;
    /// Per phase: separate host I/Os (file-system clusters) merged into each disk I/O; each is
    /// its own command to the drive.
    std::vector<double> host_ios_per_io;
};

/// Whether `r` is a later window of a file read with several clusters in flight on disks
/// (`hdd_file_reads`: HDDs under a per-file workload): its stages overlap and its disks' media
/// work is on its path (host_stages.h).
inline bool pipelined_window(const OsRequest& r, bool hdd_file_reads) {
    return r.read_ahead && r.continues && hdd_file_reads;
}

/// Whether `r` is the first window of such a file read. derived: its clusters reach each
/// disk together, so a disk that holds pieces of several of them reads the later ones
/// straight after the first, from the media (no time to read them ahead): their transfer is
/// on the window's path, as in the simulator (core/sim: the drive serves the queued
/// clusters one after another).
inline bool first_window(const OsRequest& r, bool hdd_file_reads) {
    return r.read_ahead && !r.continues && hdd_file_reads;
}

}  // namespace raidadv
