#pragma once
// The simulation of one load point: jobs flow host CPU -> controller -> RAID phases on the
// drives (through their links) -> host link, as evaluate/network_builder.cpp wires the analytic
// network, but request by request with real queues. Internal to raid_sim.

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "sim/array.h"
#include "sim/block_lru.h"
#include "sim/event_queue.h"
#include "sim/hdd.h"
#include "sim/md_bitmap_gate.h"
#include "sim/rng.h"
#include "sim/simulator.h"
#include "sim/stations.h"
#include "sim/statistics.h"
#include "sim/workload_gen.h"
#include "sim/write_cache.h"
#include "system/md_bitmap.h"
#include "system/read_cache.h"
#include "system/system.h"
#include "workload/workload.h"

namespace raidadv::sim {

/// Raw outcome of one load point.
struct PointResult {
    std::vector<JobSample> samples;      ///< measured jobs in completion order
    std::vector<double> in_flight_ages;  ///< jobs still in the system at the end: time there
    double t_begin = 0.0, t_end = 0.0;
    double completion_rate = 0.0;  ///< jobs completed per second over the measured span
    std::map<std::string, double> utilization;  ///< analytic model's keys
    std::vector<std::string> station_order;     ///< keys in the analytic model's station order
    std::vector<DiskCounters> disks;
    long long os_requests = 0;
    std::uint64_t events = 0;
    bool warmed_up = false;
    bool overflow = false;           ///< open point: backlog passed the bound
    bool background_drives = false;  ///< drives also serve write-back destage
    bool reordering_drives = false;  ///< drives choose from their queue (HDD, queue depth > 1)
    bool truncated = false;          ///< stopped by max_sim_seconds or max_events
    long long writes_cached = 0;     ///< write-back writes taken into the cache (measured)
    long long writes_absorbed = 0;   ///< ... of them replacing a block still dirty there
    MdBitmapCounts md_bitmap;        ///< md's bitmap gate (measured)
};

/// Simulates one point: `population` > 0 for a closed point, else Poisson arrivals at `rate`.
PointResult run_point(const System& system, const Workload& workload, const SimOptions& options,
                      int population, double rate, std::uint64_t seed);

/// Object pool with stable references (std::deque) and index reuse.
template <class T>
class Pool {
  public:
    int alloc() {
        if (!free_.empty()) {
            const int i = free_.back();
            free_.pop_back();
            items_[static_cast<std::size_t>(i)] = T{};
            return i;
        }
        items_.emplace_back();
        return static_cast<int>(items_.size()) - 1;
    }
    void release(int i) { free_.push_back(i); }
    T& operator[](int i) { return items_[static_cast<std::size_t>(i)]; }
    /// Indices of the items allocated and not released.
    std::vector<int> live() const {
        std::vector<char> is_free(items_.size(), 0);
        for (int i : free_) {
            is_free[static_cast<std::size_t>(i)] = 1;
        }
        std::vector<int> out;
        for (std::size_t i = 0; i < items_.size(); ++i) {
            if (!is_free[i]) {
                out.push_back(static_cast<int>(i));
            }
        }
        return out;
    }

  private:
    std::deque<T> items_;
    std::vector<int> free_;
};

class Engine {
  public:
    Engine(const System& system, const Workload& workload, const SimOptions& options,
           std::uint64_t seed);
    PointResult run(int population, double rate);

  private:
    enum Kind : int {
        kArrival,
        kJobStart,
        kStation,
        kDiskDone,
        kIoArrive,
        kIoDone,
        kOsDone,
        kDestageTimer,  ///< the oldest held write reaches its age limit (write_cache.h)
        kDriveFree,     ///< an untagged drive's read data have crossed its link
        kSsdAccepted,   ///< an SSD has taken a write into its buffer: on to its bandwidth stage
    };
    static constexpr int kCpuStation = 0;
    static constexpr int kCtlStation = 1;

    struct Job {
        JobPlan plan;
        std::size_t next = 0;  ///< next step to issue
        int in_flight = 0;     ///< steps issued, not completed
        int flight_group = 0;  ///< group of the steps in flight
        double t_start = 0.0;
        int slot = 0;
        int stream = 0;
        int copy = -1;  ///< mirrors: the copy the current transfer reads (-1: none chosen yet)
    };
    struct OsReq {
        int job = -1;  ///< owning job; -1: background destage; kPrefetch: a ZFS prefetch read
        int volume = 0;
        int stream = 0;
        double offset = 0.0, bytes = 0.0;
        bool write = false, sequential = false, cpu_only = false, coalesce = false;
        /// A write-back write running its before_ack phase (ZFS's read of a partial record)
        /// in the foreground; the rest goes to the cache when it ends.
        bool pre_ack = false;
        bool continues = false;  ///< a later piece of its transfer (stays on the transfer's copy)
        bool cache_hit = false;  ///< a read found in the controller's cache (no drive work)
        double t_dirty = 0.0;    ///< destage: when its data entered the write-back cache
        SimArrayRequest array;
        std::size_t phase = 0;
        int outstanding = 0;
        double cpu_s = 0.0, ctl_s = 0.0, host_link_s = 0.0;
        double raid_s = 0.0;  ///< md's stripe thread (system/raid_software.h)
        double t_ctl_entry = 0.0;
        double data_ready = 0.0;     ///< reads: first drive data of the last phase
        double release_bytes = 0.0;  ///< destage: cache space freed on completion
        bool merged = false;         ///< a held write gone out with its row's destage (gather_row)
        /// destage: its entry in destage_pending_ (0: issued, or none) and where in its volume
        /// it writes (the sorted order, sorts_)
        long long pending_serial = 0;
        double sweep_offset = 0.0;
        /// Bytes the host gets (its own request), where the drives read more (controller
        /// read-ahead); < 0: `bytes`.
        double host_bytes = -1.0;
        std::vector<std::int64_t> ra_rows;  ///< rows this read fetches for controller read-ahead
        int prefetch_waits = 0;             ///< records this read waits for from prefetch reads
        std::int64_t record = 0;            ///< a prefetch read: its first record's key
        int records = 1;                    ///< a prefetch read: consecutive records it reads
        std::int64_t bitmap_chunk = -1;     ///< md: the write's bitmap chunk (-1: not counted)
        int bitmap = 0;                     ///< md: its bitmap (volume x bitmaps + group)
    };
    static constexpr int kPrefetch = -2;
    static constexpr int kMdBitmap = -3;  ///< an md bitmap update (its page on every member)
    /// The controller's work for a row's destage (gather_row): no request waits for it.
    static constexpr int kDestageCommands = -4;
    /// An SSD's read-ahead of a stream's next data (ssd_reads_ahead): no request waits for it.
    static constexpr int kSsdReadAhead = -5;
    /// An SSD programming a write's data into a flash unit (ssd_write_stages): background.
    static constexpr int kSsdProgram = -6;
    /// A record a ZFS stream has prefetched: read already, or the reads waiting for it.
    struct Prefetched {
        bool done = false;
        std::vector<int> waiters;
    };
    struct Io {
        int os = -1;
        int disk = 0;  ///< global drive index
        double offset = 0.0, bytes = 0.0;
        bool write = false, background = false, flush = false;
        double link_end = 0.0, media_start = 0.0, bw_s = 0.0;
    };

    // Jobs and the run (engine.cpp).
    void dispatch(const Event& e);
    void start_job(int slot, double now);
    void advance_job(int job, double now);
    void finish_job(int job, double now);
    bool steady(double now);
    void end_warmup(double now);
    PointResult collect(double now);

    // Requests, drives and links (engine_io.cpp).
    void issue_os(int job, const Step& step, double now);
    void set_demands(OsReq& r) const;
    void on_station(int station, int item, double now);
    void schedule(int station, const std::optional<Started>& s);
    void after_controller(int os, double now);
    /// md's write-intent bitmap: `r` counted on its chunk; false if it waits for an update.
    bool pass_md_bitmap(int os, double now);
    void start_md_bitmap_update(int bitmap, double now);
    void md_bitmap_update_done(int os, double now);
    void admit_write(int os, double now);
    /// ZFS: drops the read of a partial record already dirty in memory; marks the records.
    void zfs_dirty(OsReq& r);
    /// ZFS prefetch (dmu_zfetch.c): reads the stream's records ahead of `r`; true if `r` is
    /// served from them (at once, or parked until they arrive).
    bool zfs_prefetch(int id, OsReq& r, double now);
    void prefetch_done(int os, double now);
    /// Removes a request's first phase (ZFS: a read of a partial record not needed).
    static void drop_first_phase(OsReq& r);
    /// A write-back write enters the cache, or waits for room.
    void enter_cache(int os, double now);
    /// Queues a destage of `array` (cache space `release` freed when done); its id. `pump`:
    /// issue what may go out now.
    int start_background(SimArrayRequest array, int volume, double offset, bool sequential,
                         double release, double now, bool pump = true);
    /// The controller still holds the oldest queued destage `os` (system/write_cache.h); arms
    /// the age-limit timer.
    bool holds(int os, double now);
    void pump_destage(double now);
    /// The oldest destage still waiting (dropping those gone out already), or -1.
    int oldest_pending();
    /// sorts_: the waiting destage of `volume` next in address order from its sweep's position
    /// (C-SCAN: up the volume, then from its start again).
    int next_in_sweep(int volume) const;
    /// Controller read-ahead (system/read_cache.h, controller_reads_ahead) for the read `id`:
    /// a sequential read whose rows are all read or being read waits for them and is served
    /// from the cache (true: issued); else it reads on to the end of its last row (false: go
    /// on with the extended read). A random read ("Read Ahead" on every read) is extended to
    /// its row's end.
    bool controller_read_ahead(int id, OsReq& r, double now);
    /// A read that fetched rows for read-ahead has its data: the reads waiting for them go on.
    void read_ahead_done(const std::vector<std::int64_t>& rows, double now);
    /// The held write `id`, first of its row in the cache, takes the row's other held writes
    /// with it: one destage of them all (ArrayMap::write_gathered); they are marked merged.
    void gather_row(int id, double now);
    /// The controller's time for `ops` drive commands, `disk_bytes` through its data path and
    /// `parity_bytes` through its parity engine.
    double controller_seconds(double ops, double disk_bytes, double parity_bytes) const;
    void start_phase(int os, double now);
    void choose_copy(OsReq& r, double now);
    /// Linux md's mirror read choice (raid1.c / raid10.c read_balance) among `options`.
    int md_read_balance(int base, const std::vector<SimArrayRequest>& options,
                        const std::vector<int>& load) const;
    /// ZFS mirrors: the child vdev_mirror.c would read from (its load and seek increments).
    void zfs_mirror_choice(OsReq& r, int base, std::vector<SimArrayRequest>& options,
                           const std::vector<int>& load);
    void submit_io(int io, double now);
    void enqueue_disk(int io, double now);
    void try_start_hdd(int disk, double now);
    void cached_write(int io, double now);
    /// An SSD write is in the drive's buffer: its data cross the drive's bandwidth stage.
    void ssd_accepted(int io, double now);
    /// A write to an SSD: into its buffer if there is room (else it waits for a program).
    void ssd_write(int io, double now);
    /// One of an SSD's programs is done: room for the next waiting write.
    void ssd_program_done(int disk, double now);
    void disk_done(int disk, double now);
    /// The drive has read or written `io`'s data; returns when the I/O completes (a read's data
    /// still cross the drive link after the media).
    double media_done(int io, double now);
    void io_done(int io, double now);
    void array_done(int os, double now);
    void os_done(int os, double now);
    int disk_in_system(int disk) const;

    const System& sys_;
    const Workload& wl_;
    SimOptions opt_;
    Rng rng_;
    ArrayMap map_;
    JobGenerator gen_;
    bool hdd_ = true;
    bool write_back_ = false;
    bool host_cache_ = false;   ///< the read cache is ZFS's ARC in host memory (read_cache_in_host)
    bool drive_cache_ = false;  ///< HDDs acknowledge writes from their write cache
    bool software_raid_ = false;
    bool md_ = false;        ///< the RAID is Linux md (per-piece CPU)
    int raid_station_ = -1;  ///< md's stripe thread (RAID 5 and 6 on md), after the drives
    /// The first of the volumes' inode locks (one station a volume), after the others, where
    /// the workload seeks before each request (network_builder.cpp add_seek); -1: none.
    int lock_station_ = -1;
    int total_drives_ = 1;
    int per_link_ = 1;
    SimArrayRequest full_row_;  ///< one full-stripe write (coalesced sequential writes)

    EventQueue events_;
    std::vector<FcfsStation> stations_;  ///< cpu, controller, then per SSD: flash, bandwidth
    std::vector<Hdd> hdds_;
    /// Per SSD: its buffer (ssd_write_stages), the programs it holds (pieces queued or in
    /// progress at its flash units) and the writes waiting for room, in order.
    struct SsdBuffer {
        int programs = 0;
        std::deque<int> waiting;
    };
    std::vector<SsdBuffer> ssd_buffers_;
    int ssd_buffer_programs_ = 1;  ///< pieces a buffer holds (ssd_buffer_programs)
    std::vector<PipelinedLink> drive_links_;
    PipelinedLink host_link_;
    WriteCache cache_;
    StripeCoalescer coalescer_;
    BlockLru read_cache_;  ///< the controller's read cache (system/read_cache.h)
    /// ZFS: records dirtied in memory and not yet written out (a write into one needs no read;
    /// dbuf.c), at most zfs_dirty_data_max's worth, oldest forgotten first.
    std::deque<std::int64_t> dirty_order_;
    std::set<std::int64_t> dirty_records_;
    /// ZFS: records prefetched (read or being read), oldest first; per stream and volume, the
    /// end of what its prefetch has issued.
    std::map<std::int64_t, Prefetched> prefetched_;
    std::deque<std::int64_t> prefetch_order_;
    std::map<std::int64_t, double> prefetch_end_;
    std::deque<int> cache_waiting_;
    /// Destage operations not yet issued to the drives, oldest first: (id, its pending_serial);
    /// entries whose request no longer has that serial went out already.
    std::deque<std::pair<int, long long>> destage_pending_;
    long long pending_serials_ = 0;
    /// The controller issues destages in address order (system/write_cache.h,
    /// write_back_sorts): the waiting ones by (volume, offset, id), and per volume where its
    /// sweep is.
    bool sorts_ = false;
    std::set<std::tuple<int, double, int>> pending_at_;
    std::vector<double> sweep_at_;
    std::vector<int> bg_outstanding_;  ///< per drive: destage I/Os issued, not completed
    int destage_depth_ = 1;            ///< destage I/Os the controller keeps at each drive
    bool cache_filled_ = false;        ///< a write has had to wait for space
    /// The controller holds dirty data (system/write_cache.h: write_back_overwrites): a held
    /// write is destaged when the cache nears its dirty limit or at its age limit, and a write
    /// to a block still held replaces it. Else every write is destaged as soon as it can be.
    bool untagged_ = false;  ///< HDDs of queue depth 1: busy until a read's data cross the link
    bool hold_ = false;
    double hold_slack_ = 0.0;         ///< destaging starts this far below the dirty limit
    double destage_timer_at_ = -1.0;  ///< when the pending kDestageTimer fires (-1: none)
    /// Held writes not yet issued, by (volume, offset, bytes): the destage's id.
    std::map<std::tuple<int, double, double>, int> held_;
    /// Row-gathered destage (system/write_cache.h, write_back_gathers): the bytes of a row
    /// (0: writes go out one by one), and the held writes of each (volume, row), oldest first.
    double gather_row_ = 0.0;
    std::map<std::pair<int, long long>, std::vector<int>> held_rows_;
    /// Controller read-ahead: for which reads, the row it reads whole (read_ahead_use), the rows
    /// the cache holds (its read share over a row, at least the two a stream is between), and
    /// the rows read or being read (by row x 4096 + volume), oldest first.
    ReadAheadUse ra_;
    std::size_t ra_keep_rows_ = 2;
    std::map<std::int64_t, Prefetched> ra_fetched_;
    std::deque<std::int64_t> ra_order_;
    long long writes_cached_ = 0, writes_absorbed_ = 0;
    double admitted_ = 0.0, released_ = 0.0;  ///< bytes into / out of the cache
    double window_t0_ = 0.0, window_admitted_ = 0.0, window_released_ = 0.0;
    std::vector<int> next_copy_;    ///< per volume: mirror tie-break (alternate)
    std::vector<double> last_end_;  ///< per drive: where the last I/O issued to it ended (ZFS, md)
    /// md's write-intent bitmap (system/md_bitmap.h): per volume; empty without one.
    std::vector<MdBitmapGate> bitmap_gates_;
    std::vector<double> bitmap_update_start_;  ///< per bitmap: when its running update began
    MdBitmapCounts bitmap_counts_;
    double bitmap_chunk_bytes_ = 0.0;
    double bitmap_offset_bytes_ = kMdBitmapOffsetBytes;  ///< where a member's page goes
    MdBitmapShape bitmap_shape_;

    Pool<Job> jobs_;
    Pool<OsReq> os_;
    Pool<Io> ios_;

    int population_ = 0;
    double rate_ = 0.0;
    int in_system_ = 0;
    std::vector<int> free_slots_;  ///< open: stream slots free for reuse
    int next_slot_ = 0;

    bool measuring_ = false;
    bool stop_ = false;
    long long completed_ = 0;
    double t_begin_ = 0.0;
    std::vector<JobSample> samples_;
    std::vector<DiskCounters> counters_;
    long long os_completed_ = 0;
    std::size_t target_jobs_ = 0;
    /// md's bitmap daemon periods the warm-up and the measurement each span at least.
    static constexpr double kBitmapPeriods = 2.0;
    /// An md bitmap is kept and the workload writes.
    bool bitmap_writes() const { return !bitmap_gates_.empty() && wl_.read_fraction < 1.0; }
    /// Whether the run since `since` spans the bitmap's periods (or no bitmap counts).
    bool bitmap_settled(double now, double since) const;
    std::uint64_t events_run_ = 0;  ///< events of this load point so far
};

}  // namespace raidadv::sim
