#pragma once
// Flash drive service model: a multi-server stage for the flash array's internal parallelism and
// a single-server stage for the drive's bandwidth (channels + host interface).
// Sources: Agrawal et al., "Design Tradeoffs for SSD Performance", USENIX ATC 2008 (parallelism);
// Desnoyers, "Analytic Modeling of SSD Write Performance", SYSTOR 2012 (write amplification).

#include "components/specs.h"

namespace raidadv {

/// Steady-state write amplification of greedy/LRU cleaning at over-provisioning `op`
/// ((physical - user) / user). Desnoyers 2012: A = a / (a + W0(-a e^-a)), a = 1 + op.
double write_amplification(double op);

/// Principal branch of the Lambert W function for x in [-1/e, 0).
double lambert_w0(double x);

/// Requests the flash array serves at once: the drive's flash_units where stated, else random
/// 4 KiB read IOPS x QD1 latency (Little's law).
double ssd_parallelism(const SsdSpec& ssd);

/// Whole flash units: ssd_parallelism rounded (at least one). A request waits for the unit that
/// holds its data (a die or plane), which a random address makes a random one: the units are
/// separate queues, not one queue in front of all of them (derived: random routing to c servers
/// against a central queue, e.g. Harchol-Balter, "Performance Modeling and Design of Computer
/// Systems", 2013, ch. 24; an SSD's data are placed across its parallel dies by address: Agrawal
/// et al., "Design Tradeoffs for SSD Performance", USENIX ATC 2008), so a few outstanding
/// reads collide on a unit while others idle.
int ssd_flash_units(const SsdSpec& ssd);

/// Demands of one I/O on the two stages.
struct SsdDemand {
    double flash_s = 0.0;      ///< time the request holds one of the parallel flash units
    double bandwidth_s = 0.0;  ///< time it holds the drive's shared bandwidth
};

SsdDemand ssd_read_demand(const SsdSpec& ssd, double bytes);

/// Whether a drive I/O finds its data read ahead inside the SSD: a read of a sequential stream.
/// Memblaze, "read-ahead" (memblaze.com/en/about-company/news/790.html): the drive predicts the
/// next LBA and has its data ready when the command comes, so "the SSD can immediately respond
/// by sending the data directly to the host" (PBlaze7 7940, 4K QD1 sequential reads: 56.95 us
/// without read-ahead, 5.96 us with it); without it "the SSD must retrieve data from the NAND
/// flash only after receiving the command". The flash read is still made (it loads the flash
/// units); the request waits only for the transfer.
inline bool ssd_reads_ahead(bool write, bool sequential) {
    return !write && sequential;
}

/// The sequential write rate the drive keeps up: the model predicts steady operation, which
/// outlasts a client drive's SLC write cache (the data sheet's burst rate fills it; after it
/// the flash takes writes at sustained_write_Bps, e.g. Samsung 870 QVO 1 TB: 530 MB/s into
/// the TurboWrite region, 80 MB/s after it). seq_write_Bps where no sustained rate is given.
double ssd_sustained_write_Bps(const SsdSpec& ssd);

/// Sequential writes at the sustained rate. Random writes pay steady-state cleaning: the
/// datasheet's steady-state IOPS when given, else the sustained write bandwidth divided by the
/// write amplification.
/// `fresh`: the drive is fresh out of the box (new, or purged, and written less than its
/// capacity since): SNIA SSS PTS Enterprise 1.0 (2011), section 1: "A typical SSS device, taken
/// Fresh Out of the Box (FOB), and exposed to a workload, experiences a brief period of elevated
/// performance, followed by a transition to Steady State performance". derived: it has free
/// blocks and an empty SLC cache, so it writes at the data sheet's rates, which are measured
/// so (burst sequential rate; random IOPS without cleaning). A data sheet that gives only
/// steady-state IOPS (write_iops_steady_state) measured each write costing A(op) page programs
/// (the cleaning's copies, Desnoyers 2012); with nothing to clean a write costs one, so the
/// fresh rate is that figure times A(op), at most the burst sequential rate in 4 KiB pages
/// (derived: the same flash program bandwidth, spent on the host's pages alone).
/// `span`: the share of the drive's logical space the random writes fall in. The rest holds
/// data that are not rewritten (or none): once cleaning has moved them into blocks of their own,
/// greedy cleaning never picks those blocks (no page in them is invalid), so the written span has
/// the drive's spare space to itself, an over-provisioning of op / span (derived, from
/// Desnoyers 2012's model of cleaning at a given spare factor; Intel, "Over-provisioning an
/// Intel SSD", 2010: steady-state random writes rise as less of the drive is written). A data
/// sheet's steady-state IOPS, measured over the whole drive, scale by A(op) / A(op / span).
SsdDemand ssd_write_demand(const SsdSpec& ssd, double bytes, bool sequential, bool fresh = false,
                           double span = 1.0);

/// A write's parts in a drive with a write buffer (DRAM or SLC; derived: the drive reports the
/// write done once its data are in the buffer, and programs them into the flash later, e.g.
/// Agrawal et al., "Design Tradeoffs for SSD Performance", USENIX ATC 2008, section 3: the
/// buffer "absorbs" writes; Wu & He, FAST 2012, section 2: programs and erases run on the dies
/// the reads need, reads first in the queue but not pre-empting them). The flash units share
/// the programming: together they program at the rate ssd_write_demand gives (its bandwidth
/// time per write), so each write loads them with `flash_units x` that time in the background.
struct SsdWriteStages {
    /// Into the buffer (the data sheet's QD1 write latency): holds no stage.
    double accept_s = 0.0;
    double transfer_s = 0.0;  ///< on the drive's bandwidth stage, at the burst write rate
    double program_s = 0.0;   ///< background time on the flash units, cleaning included
    int program_units = 1;    ///< units it is spread over (its 4 KiB pages, at most every unit)
};

SsdWriteStages ssd_write_stages(const SsdSpec& ssd, double bytes, bool sequential,
                                bool fresh = false, double span = 1.0);

/// Program pieces a drive's buffer holds before a write must wait for one to finish (the
/// simulator's; the analytic model caps the programs' load instead): an assumption, sixteen per
/// flash unit (576 KiB of 4 KiB writes on a drive of 9 units), enough that a job writing to
/// several drives in turn keeps each one's units busy, as the analytic model's smooth load
/// does (with two per unit, one job over four drives programmed a third below the rate). No
/// data sheet gives the share of a drive's DRAM that holds data on their way to the flash.
int ssd_buffer_programs(const SsdSpec& ssd);

}  // namespace raidadv
