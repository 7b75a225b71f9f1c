#pragma once
// Drive visits: what one phase of disk I/Os costs at the drives, as queueing visits. SSDs: a
// flash stage and a bandwidth stage (components/ssd_model.h). HDDs: one visit whose service
// depends on what the request finds at the drive (hdd_service.h), with the drive's write cache,
// read-modify-write and mirror choice.

#include <memory>
#include <vector>

#include "evaluate/drive_access.h"
#include "evaluate/hdd_service.h"
#include "layout/geometry.h"
#include "queueing/network.h"
#include "system/system.h"
#include "workload/workload.h"

namespace raidadv {

/// The visits of every phase of one built network to its drive stations.
class DriveVisits {
  public:
    /// `drives_station`, `bandwidth_station`: the drive stations' indices (the second only for
    /// SSDs, else -1). `destage_band`: the share of the span a drive's queued destages from the
    /// controller's cache lie in (system/write_cache.h, write_back_destage_band); `least`:
    /// their pass along the track at its least, none (WriteLoad::least).
    DriveVisits(const System& sys, const Workload& wl, const Geometry& geo, int drives_station,
                int bandwidth_station, double destage_band = 1.0, bool least = false);

    /// Appends the drive visits of one phase.
    void add(const DriveAccess& access, std::vector<queueing::Visit>& visits) const;

    /// Whether HDD writes are acknowledged from the drive's own write cache.
    bool drive_cache() const { return drive_cache_; }

    /// The drive I/Os per job (complete once the network is built) and the flushes that empty
    /// the drives' caches (md's bitmap updates: `per_job` per job on all drives together).
    std::shared_ptr<const DriveIoCounts> drive_ios() const { return drive_ios_; }
    void add_flushes(double per_job) const { drive_ios_->flushes += per_job; }

    /// The models the service callbacks refer to (BuiltNetwork::keep_alive).
    std::vector<std::shared_ptr<const void>> keep_alive() const;

  private:
    void add_ssd(const DriveAccess& a, std::vector<queueing::Visit>& visits) const;
    /// A write: into the buffer across the bandwidth stage; its programs in the background.
    void add_ssd_write(const DriveAccess& a, std::vector<queueing::Visit>& visits) const;
    queueing::Visit hdd_visit(const DriveAccess& a) const;
    /// Turns `v` into a ZIL log block's visit (written through and flushed, shared by commits).
    void add_log_block(const DriveAccess& a, queueing::Visit& v) const;
    HddServicePlan hdd_plan(const DriveAccess& a, bool cached, double command_bytes) const;
    /// The positioning table of an HDD access of commands of `command_bytes` (`cached`:
    /// destaged by the drive's own cache).
    std::shared_ptr<PositioningMemo> positioning(const DriveAccess& a, bool cached,
                                                 double command_bytes) const;
    /// md offset raid10: the share of the disk a read stream passes over per byte it reads.
    /// ZFS sequential reads: commands of one stream a drive serves in a row (prefetch).
    double prefetch_run(double command_bytes, double transfer_s) const;
    double offset_read_sweep() const;
    /// What getting past `bytes` a read stream does not read costs a disk.
    double skip_time(double bytes) const;
    /// dRAID: the share of the disk a read stream passes over per byte it reads.
    double draid_read_sweep() const;
    /// Copies a sub-request chooses among by queue length: a mirror read that starts a
    /// transfer takes the shorter queue (then the nearer arm); the rest go where they must.
    int mirror_choice(bool write, bool same_copy) const {
        return !write && !same_copy ? read_choices(geo_) : 1;
    }

    const System& sys_;
    const Workload& wl_;
    Geometry geo_;
    double span_ = 1.0;  ///< share of the drive's width the positions lie in (placement_span)
    int drives_ = -1, bandwidth_ = -1;
    bool drive_cache_ = false;  ///< HDD writes are acknowledged from the drive's write cache
    bool md_ = false;           ///< the RAID layer is Linux md (linux_md)
    /// Drive reads and writes per job (filled while building, read when solving).
    std::shared_ptr<DriveIoCounts> drive_ios_ = std::make_shared<DriveIoCounts>();
    std::shared_ptr<PositioningMemo> pos_read_, pos_write_, pos_destage_;
    /// The controller's sorted destages (reads of read-modify-write, writes), where it sorts:
    /// their tables over the band and the gap between consecutive ones (bytes).
    std::shared_ptr<const HddPositioning> sorted_read_, sorted_write_;
    double sorted_gap_ = 0.0;
    bool least_ = false;  ///< the sorted destages' pass at its least (WriteLoad::least)
    /// ZIL log-block I/Os per job (filled while building, read when solving).
    std::shared_ptr<double> log_ios_ = std::make_shared<double>(0.0);
};

}  // namespace raidadv
