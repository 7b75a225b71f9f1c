#pragma once
// Request mapping: a logical transfer (one request, or a file's data) becomes the OS requests
// the host issues (split at its largest I/O, grouped in read-ahead windows) and each of those
// the array's per-disk I/Os (layout/geometry.h), at sampled offsets within a row. Merged by
// shape (request_merge.h) and remembered, since the advisor maps the same geometry many times.

#include <utility>
#include <vector>

#include "evaluate/os_request.h"
#include "layout/geometry.h"

namespace raidadv {

/// What the mapping depends on besides the transfer itself.
struct MappingContext {
    Geometry geo;
    double alignment_bytes = 0.0;  ///< workload: requests start on multiples of this
    double max_io_bytes = 0.0;     ///< host: largest I/O (file-system cluster)
    bool write_back = false;  ///< a write-back cache gathers sequential writes (uses_write_back)
    double read_ahead_segment_bytes = 0.0;  ///< HDD read-ahead cache segment; 0 without read-ahead
    bool hdd_file_reads = false;            ///< HDDs under a per-file workload (pipelined_window())
    bool zil = false;     ///< ZFS synchronous writes: each goes through the intent log
    int log_devices = 0;  ///< ZFS: separate log devices (SLOG, mirrored when 2); 0 = in the pool
    /// A controller reading ahead on every read (ControllerReadAhead::Always): a random read
    /// smaller than a row reads on to the row's end (system/read_cache.h).
    bool read_to_row_end = false;
};

/// Bytes of user data in one full row of the volume.
double row_bytes(const Geometry& geo);

/// Start offsets (within one row; degraded parity layouts: one rotation of the parity) of the
/// sampled requests of `bytes` bytes.
std::vector<double> sample_offsets(const MappingContext& ctx, double bytes, bool sequential);

/// The OS requests of one logical transfer of `bytes` starting at `offset`: split at the
/// host's largest I/O, the first piece random (unless `sequential`), the rest sequential.
/// `window` pieces are in flight together (file-system read-ahead): they are issued as one
/// group whose disk I/Os proceed in parallel on different disks and back to back on one.
std::vector<OsRequest> split_transfer(const MappingContext& ctx, double offset, double bytes,
                                      bool write, bool sequential, int read_copy, int window = 1);

/// The distinct OS requests (by signature, in signature order) of one logical transfer over
/// the sampled offsets, each weighted by `count` times its share of the samples. Remembered per
/// thread (a pure function of the context and the arguments).
const std::vector<std::pair<OsRequest, double>>& transfer_shapes(const MappingContext& ctx,
                                                                 double bytes, bool write,
                                                                 bool sequential, double count,
                                                                 int window);

}  // namespace raidadv
