#pragma once
// Reads served from a hardware RAID controller's cache memory (issue 24, "controller cache,
// reads"). One answer for the analytic model (core/evaluate) and the simulator's check of it
// (core/sim keeps a real LRU list of blocks and must agree).

#include "system/system.h"
#include "workload/workload.h"

namespace raidadv {

/// Bytes of controller cache that hold data for reads: a hardware RAID controller's cache
/// memory (LSI MegaRAID SAS Software User Guide, I/O policy: "Direct I/O: reads are not
/// buffered in cache memory. Data is transferred to cache and the host concurrently. If the
/// same data block is read again, it comes from cache memory"; Cached I/O buffers every read).
/// 0 for HBAs, host RAID and software RAID (the host's page cache is not modelled: benchmarks
/// read with O_DIRECT). A ZFS pool: its ARC in host RAM, zfs_arc_max's default of OpenZFS 2.3,
/// max(5/8 of RAM, RAM - 1 GiB) (module/os/linux/zfs/arc_os.c, arc_default_max; OpenZFS
/// before 2.3 took half the RAM on Linux), 0 where the host's RAM is not given. ZFS caches
/// O_DIRECT reads too (before 2.3; 2.3's direct I/O of whole records is not modelled).
double read_cache_bytes(const System& system);

/// Whether the read cache is in host memory (ZFS's ARC): a hit costs the OS path only, no
/// controller command and no host-link transfer.
bool read_cache_in_host(const System& system);

/// The share of reads found in the controller's cache, with the reads spread over
/// `working_set_bytes` of the volumes. derived: an LRU cache of C bytes under uniformly random
/// reads over W bytes holds C / W of them in steady state, whatever the order (independent
/// reference model, King 1971), so random reads hit min(1, C / W); a sequential stream hits
/// only if its whole span fits (W <= C: every pass after the first), else never (LRU evicts each
/// block before the stream comes round again).
double read_hit_ratio(const System& system, double working_set_bytes, bool sequential);

/// Whether a hardware RAID controller reads ahead for a read request of `bytes` (sequential:
/// part of a stream), and then reads on to the end of the request's row (stripe) into its
/// cache. The policies (Dell OpenManage Server Administrator User's Guide, "Read Policy"): Read
/// Ahead reads sequential sectors past the request; Adaptive Read-Ahead "initiates read-ahead
/// only if the two most recent read requests accessed sequential sectors" (the default: Dell
/// PERC H310 User's Guide, "The default read cache setting for virtual disks is Adaptive Read
/// Ahead"); No Read Ahead does not. How far: to the end of the stripe (IBM ServeRAID Manager:
/// the controller "transfers data from the logical drive to its local cache in increments
/// equal to the stripe-unit size ... reading ahead to the end of the stripe"; Adaptec Storage
/// Manager: "in increments equal to the stripe size"; Mylex/Acer Spheras Storage Director:
/// "reads data to the next stripe boundary ... a full stripe of data at a time"). Only a
/// controller with cache memory, a request smaller than a row (a larger one reads whole rows
/// anyway), per-request workloads (file workloads: not modelled), not ZFS.
bool controller_reads_ahead(const System& system, const Workload& workload, double bytes,
                            bool sequential);

/// The bytes of one row of the volume (unit x data units): how far read-ahead reads.
double read_ahead_row_bytes(const System& system);

/// controller_reads_ahead worked out once for a system and workload (the simulator asks it for
/// every read): the row a read-ahead reads, and for which reads.
struct ReadAheadUse {
    double row_bytes = 0.0;   ///< 0: the controller does not read ahead for this workload
    bool sequential = false;  ///< for sequential reads
    bool random = false;      ///< for random reads too ("Read Ahead" on every read)
    /// Whether a read of `bytes` (part of a stream: `sequential`) is read ahead.
    bool applies(double bytes, bool seq) const {
        return bytes < row_bytes && (seq ? sequential : random);
    }
};
ReadAheadUse read_ahead_use(const System& system, const Workload& workload);

/// The bytes a workload's requests spread over: `span_fraction` of every volume's capacity.
double working_set_bytes(const System& system, double span_fraction);

}  // namespace raidadv
