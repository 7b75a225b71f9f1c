#pragma once
// What the user's application asks of storage.

#include <algorithm>
#include <string>
#include <vector>

namespace raidadv {

/// A size distribution (request sizes or file sizes), discretized into weighted points for the
/// analytic model.
struct SizeDistribution {
    enum class Kind { Fixed, Uniform, Lognormal, Histogram };
    Kind kind = Kind::Fixed;
    double fixed_bytes = 4096.0;
    double min_bytes = 0.0, max_bytes = 0.0;  ///< Uniform (and Lognormal clamp, if > 0)
    double median_bytes = 0.0, sigma = 0.0;   ///< Lognormal: median and sigma of ln(size)
    struct Bin {
        double bytes;
        double weight;
    };
    std::vector<Bin> bins;  ///< Histogram: sizes with relative weights

    /// Weighted points whose weights sum to 1, at most `max_points` of them.
    std::vector<Bin> discretize(int max_points = 16) const;
    /// Mean size in bytes.
    double mean_bytes() const;
};

/// A load point measured on a real system (`raid-advisor-cli workload import`): a reference
/// the model's prediction at the same point is compared with, never an input of the model.
struct MeasuredPoint {
    int concurrency = 0;              ///< closed point (0 if open)
    double arrival_rate_per_s = 0.0;  ///< open point (0 if closed)
    double iops = 0.0;
    double mb_per_s = 0.0;  ///< 0 = not measured
    double mean_response_s = 0.0;
    double p95_response_s = 0.0;  ///< 0 = not measured
};

/// A workload: request-level (IOMeter-like) or file-level (read or write whole files).
struct Workload {
    std::string name;
    enum class Unit { Request, File };
    Unit unit = Unit::Request;
    double read_fraction = 1.0;  ///< fraction of requests (or files) that are reads
    double sequential_fraction =
        0.0;          ///< 0 = random offsets, 1 = each stream reads on where it stopped
    int streams = 0;  ///< independent sequential streams; 0 = one per outstanding request (process)
    /// Threads or processes that submit the requests (fio numjobs); 0 = one per outstanding
    /// request. The per-request CPU work (OS path, software RAID) runs in the submitting
    /// thread, so at most this many cores do it at once.
    int threads = 0;
    /// Each write waits until it is on stable storage before it completes (O_SYNC/O_DSYNC,
    /// fsync or fdatasync after each write, a database commit, NFS sync, ZFS sync=always).
    bool sync_writes = false;
    /// Each random request is an lseek then a read or write on the block device (fio's sync
    /// engine on /dev/...: engines/sync.c fio_syncio_prep seeks unless the request continues the
    /// last one), not pread/pwrite: it holds the device's inode lock for the host's
    /// block_llseek_s (a file system's files take no such lock on SEEK_SET).
    bool lseek_per_request = false;
    SizeDistribution size;            ///< request size (Unit::Request) or file size (Unit::File)
    double alignment_bytes = 4096.0;  ///< requests start at multiples of this
    double span_fraction = 1.0;       ///< fraction of the volume's capacity the working set covers
    /// Bytes the requests spread over (a benchmark's test file, a database), the same on every
    /// system; 0: span_fraction of each system's volumes (system/working_set.h).
    double working_set_bytes = 0.0;
    std::vector<int> concurrency;  ///< closed points: outstanding requests / processes
    double think_time_s = 0.0;     ///< closed: pause between a completion and the next request
    std::vector<double> arrival_rates_per_s;  ///< open points (requests or files per second)
    std::vector<MeasuredPoint> measured;      ///< measured references (workload import)
    /// Cores that can run the requests' CPU work at once on a host of `cores` cores.
    /// derived: each submitting thread runs on one core at a time (see `threads`).
    int cpus_used(int cores) const {
        return std::max(1, threads > 0 ? std::min(cores, threads) : cores);
    }
};

}  // namespace raidadv
