#pragma once
// RAID mapping for the simulator: the analytic model's map_read / map_write (layout/geometry.h,
// Chen et al., ACM Computing Surveys 26(2), 1994), with the place of every drive I/O on its disk.

#include <utility>
#include <vector>

#include "layout/geometry.h"

namespace raidadv::sim {

struct SimIo {
    int disk = 0;         ///< drive index within the volume
    double offset = 0.0;  ///< bytes from the start of the drive
    double bytes = 0.0;
    bool write = false;
    bool flush = false;  ///< REQ_PREFLUSH | REQ_FUA: the drive's write cache first, then this
};

struct SimPhase {
    std::vector<SimIo> ios;  ///< issued together; the phase ends when all have completed
    /// Done before the request is acknowledged even under write-back (IoPhase::before_ack).
    bool before_ack = false;
};

struct SimArrayRequest {
    std::vector<SimPhase> phases;
    double parity_bytes = 0.0;
    int ops = 0;              ///< drive I/Os
    double pieces = 0.0;      ///< pieces a chunk-splitting RAID layer handles (IoPhase::pieces)
    double disk_bytes = 0.0;  ///< bytes over all drive I/Os
};

class ArrayMap {
  public:
    ArrayMap(const Layout& layout, double drive_capacity_bytes);

    const Geometry& geometry() const { return g_; }
    /// User bytes of one volume (whole rows only).
    double volume_bytes() const { return volume_bytes_; }
    /// User bytes of one full row (stripe) of a volume.
    double row_bytes() const { return row_bytes_; }
    /// Copies a read may be served from (mirrored levels), else 1.
    int read_copies() const;

    SimArrayRequest read(double offset, double bytes, int copy) const;
    SimArrayRequest write(double offset, double bytes) const;
    /// A write-back cache's destage of the dirty extents (volume offset, bytes) of one row
    /// together (layout/geometry.h, map_gathered_write); each drive's I/O starts at its
    /// lowest piece, parity where the row's lowest piece is.
    SimArrayRequest write_gathered(const std::vector<std::pair<double, double>>& extents) const;

  private:
    SimArrayRequest place(const ArrayRequest& req, double offset, double bytes, bool write,
                          int copy) const;
    SimArrayRequest place_extents(const ArrayRequest& req,
                                  const std::vector<std::pair<double, double>>& extents, bool write,
                                  int copy) const;
    /// ZFS pools: record q of a vdev lies at q x its footprint on each child (reads, and the
    /// read of a partial record); copy-on-write writes go to each drive's allocation cursor.
    SimArrayRequest place_zfs(const ArrayRequest& req, double offset) const;
    /// Bytes from the drive's start of copy `copy` of the piece `within` bytes into a unit of
    /// row `row`.
    double disk_offset(double row, double within, int copy) const;
    /// Which copy of data unit `unit_index` lies on `disk` (md far / offset; 0 for near).
    int copy_of_read(double unit_index, int disk) const;
    Geometry g_;
    double rows_per_drive_ = 0.0;  ///< rows of one copy a drive holds
    double row_bytes_ = 0.0;
    double volume_bytes_ = 0.0;
    double drive_bytes_ = 0.0;
    double zfs_footprint_ = 0.0;  ///< bytes one record takes on each child of its vdev
    /// Where each drive's next copy-on-write allocation goes (ZFS; wraps at the drive's end).
    mutable std::vector<double> alloc_cursor_;
};

}  // namespace raidadv::sim
