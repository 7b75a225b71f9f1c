#pragma once
// Hardware descriptions: plain data, SI units. Every value comes from a datasheet cited in the
// catalog (resources/catalog/) or from the project file; nothing here holds numbers of its own
// except documented defaults for fields no datasheet gives.

#include <string>

namespace raidadv {

/// Where a component's numbers come from and what it costs.
struct CatalogInfo {
    std::string id;    ///< catalog id ("seagate-st3500641as"); empty for inline specs
    std::string name;  ///< human name ("Seagate Barracuda 7200.9 500 GB")
    std::string vendor;
    int year = 0;            ///< year of introduction, 0 if unknown
    std::string source;      ///< datasheet citation, or "estimated: <why>"
    double price_usd = 0.0;  ///< street/list price; 0 = unknown
    std::string price_date;  ///< "2007-03" style; empty if unknown
    /// A price of 0 with a date is a known price of nothing (on-board ports, free software);
    /// 0 without a date is unknown.
    bool price_known() const { return price_usd > 0.0 || !price_date.empty(); }
    /// A known price of nothing: on-board ports, CPU lanes, bundled software.
    bool costs_nothing() const { return price_known() && price_usd <= 0.0; }
};

enum class DriveKind { Hdd, Ssd };

/// Rotating disk (Ruemmler & Wilkes 1994 decomposition: overhead + seek + rotation + transfer).
struct HddSpec {
    double rpm = 7200.0;
    double seek_track_to_track_s = 1e-3;
    double seek_average_s = 9e-3;  ///< datasheet average read seek (mean over random seeks)
    double seek_full_stroke_s = 18e-3;
    double write_seek_extra_s = 0.0;  ///< datasheet write seek minus read seek (settle), >= 0
    /// Spread (standard deviation) of a seek's actual time about the drive's own estimate, which
    /// its queue scheduler plans with; no data sheet gives it. 0 = not given: the drive knows
    /// its seeks exactly (ideal shortest-access-time-first). hdd_expected_wait.
    double seek_jitter_s = 0.0;
    double media_rate_outer_Bps = 100e6;  ///< sustained media rate, outer zone
    double media_rate_inner_Bps = 50e6;   ///< sustained media rate, inner zone
    double command_overhead_s = 0.2e-3;   ///< controller overhead per command
    /// Overhead of a write command where the data sheet gives it apart from reads' (read 0.3 ms,
    /// write 0.5 ms, say); < 0 = not given: command_overhead_s.
    double write_command_overhead_s = -1.0;
    double cache_bytes = 8.0 * 1024 * 1024;
    int cache_segments = 16;  ///< read-ahead segments (sequential streams the cache holds)
    /// Most write commands its write cache holds at once (a drive that keeps only "the last write
    /// command": 1); 0 = not given: as many as cache_bytes holds, at most kMaxBufferedWrites.
    int write_cache_writes = 0;
    bool read_ahead = true;
    int queue_depth = 1;  ///< NCQ/TCQ depth the drive reorders; 1 = FCFS only
};

/// Flash drive (SATA/SAS SSD or NVMe): latency, internal parallelism, bandwidth, write cost.
struct SsdSpec {
    double read_latency_s = 90e-6;  ///< 4 KiB random read at queue depth 1
    double write_latency_s =
        30e-6;  ///< 4 KiB random write at queue depth 1 (into the drive's buffer)
    double seq_read_Bps = 550e6;
    double seq_write_Bps = 520e6;
    double random_read_iops = 90000;  ///< 4 KiB random read at high queue depth
    double random_write_iops =
        80000;  ///< 4 KiB random write at high queue depth, steady state if known
    bool write_iops_steady_state = false;  ///< true if random_write_iops is a steady-state figure
    double over_provisioning = 0.07;       ///< (physical - user) / user capacity
    /// Sequential write rate once the drive's SLC (pseudo-SLC) write cache is full: a data
    /// sheet's "after TurboWrite" / "after SLC cache" figure. 0 = seq_write_Bps holds (drives
    /// without such a cache, or whose figures are sustained: enterprise drives).
    double sustained_write_Bps = 0.0;
    /// Flash units (dies or planes) random reads spread over, each serving one at a time. No
    /// data sheet gives it; 0 = derived, random_read_iops x read_latency_s (Little's law).
    int flash_units = 0;
};

/// A drive: common facts plus the model of its kind.
struct DriveSpec {
    CatalogInfo info;
    DriveKind kind = DriveKind::Hdd;
    double capacity_bytes = 0.0;
    std::string
        interface;  ///< link kind it attaches with ("sata-3g", "scsi-fast-wide", "nvme-pcie3-x4")
    std::string form_factor;  ///< "3.5", "2.5", "m.2", ...
    double mtbf_hours = 0.0;  ///< datasheet MTBF/MTTF; 0 = unknown
    double afr = 0.0;         ///< annualized failure rate (fraction); 0 = unknown
    double ber = 1e-14;       ///< unrecoverable read errors per bit read
    double power_idle_w = 0.0;
    double power_active_w = 0.0;
    /// SSD: capacitors hold up the drive's volatile write cache until it is flushed on a power
    /// cut (datasheet "power loss protection" / "PLP"). Always false for HDDs.
    bool power_loss_protection = false;
    /// SSD: rated endurance, bytes written over the warranty (datasheet TBW x 10^12); 0 = unknown.
    double endurance_bytes = 0.0;
    /// Years the endurance rating and warranty cover; 0 = unknown.
    double warranty_years = 0.0;
    /// HDD: shingled magnetic recording (drive-managed SMR; datasheet or vendor SMR/CMR list).
    bool smr = false;
    HddSpec hdd;  ///< meaningful when kind == Hdd
    SsdSpec ssd;  ///< meaningful when kind == Ssd
};

/// A link or bus: SCSI bus (shared), SATA/SAS lane, Fibre Channel, PCIe, DMI.
struct LinkSpec {
    CatalogInfo info;
    double bandwidth_Bps = 300e6;     ///< payload bandwidth in one direction
    double command_overhead_s = 0.0;  ///< per command on this link (arbitration, selection, FIS)
    bool shared = false;              ///< a bus shared by the devices on it (parallel SCSI)
    int max_devices = 1;              ///< devices one link/bus can carry
};

enum class ControllerKind {
    Hba,           ///< plain host bus adapter; RAID, if any, is done by the host (software RAID)
    HardwareRaid,  ///< RAID on the controller's own processor (PERC, MegaRAID, SSA)
    HostRaid       ///< firmware/driver RAID whose parity runs on the host CPU (Intel ICH RST)
};

/// Disk controller.
struct ControllerSpec {
    CatalogInfo info;
    ControllerKind kind = ControllerKind::Hba;
    int ports = 8;
    /// Of its ports, the lanes on external connectors (SFF-8644, SFF-8088) that a JBOD's cable
    /// plugs into; the rest are internal (SFF-8643, SFF-8087) and reach bays and expander cards.
    int external_ports = 0;
    double max_iops = 1e6;  ///< command processing ceiling of the controller
    /// Time one command holds the controller's lane to a drive beyond the link's own command
    /// overhead: the firmware's work per command on that port (a SAS controller tunnelling SATA
    /// and translating SCSI to ATA), reads and writes apart. 0 = none. No data sheet gives it:
    /// calibrated per controller profile where measurements show a per-drive ceiling.
    double port_read_command_s = 0.0;
    double port_write_command_s = 0.0;
    double max_bandwidth_Bps = 4e9;  ///< internal data path ceiling
    double cache_bytes = 0.0;
    bool battery_backed = false;  ///< write-back cache safe across power loss
    double parity_Bps = 0.0;      ///< XOR/P+Q engine throughput (HardwareRaid); 0 = not limiting
    /// Largest transfer the controller sends to a drive in one command; larger disk I/Os become
    /// several back-to-back commands. 0 = no limit.
    double max_command_bytes = 0.0;
    /// Stripe units its RAID firmware or driver offers (powers of two between the two); 0 = not
    /// limited (host software RAID, or not given).
    double min_stripe_bytes = 0.0;
    double max_stripe_bytes = 0.0;
    std::string levels;  ///< RAID levels it supports, comma separated ("0,1,5,10")
    /// Link ids (links.csv) its drive ports accept, comma separated
    /// ("sata-1.5g,sata-3g,sas-3g"); empty = not given.
    std::string drive_interfaces;
    /// Drive form factors its ports take, comma separated ("m.2" for a card whose ports are M.2
    /// sockets on the card); empty = drives in bays, cabled to its ports (2.5- and 3.5-inch,
    /// U.2, U.3, E1.S, E3.S; not M.2 or add-in cards).
    std::string drive_form_factors;
    /// Link id (links.csv) it reaches the host with ("pcie1-x8", "intel-dmi"); empty = not given.
    std::string host_link;
    /// Price of the host software its RAID levels need (a volume manager licence; USD); 0 = none
    /// needed or included in the controller's price.
    double raid_software_usd = 0.0;
    /// Its RAID software splits every request at stripe-unit (chunk) boundaries and hands each
    /// piece to the block layer on its own, parity rows in 4 KiB pages (Linux md: raid0.c,
    /// raid10.c, raid5.c), so the host's RAID CPU cost is paid per piece, not per merged disk I/O.
    bool chunk_split = false;
    /// On-board ports of one kind of host only (an appliance NAS's own SATA): offered only where
    /// the host names this row as its HostSpec::onboard_controller.
    bool onboard_only = false;
};

/// The host computer: operating-system costs per request and per file.
struct HostSpec {
    CatalogInfo info;
    double per_request_overhead_s = 20e-6;  ///< OS + driver path per I/O request
    double per_file_overhead_s = 0.0;       ///< open/close and bookkeeping per file read or written
    double metadata_reads_per_file = 0.0;   ///< random small reads per file (directory, inode, ...)
    double metadata_read_bytes = 8192.0;    ///< size of one metadata read
    /// Largest I/O the OS issues; larger requests are split.
    double max_io_bytes = 1024.0 * 1024.0;
    /// max_io requests the file system keeps in flight while a file is read or written
    /// sequentially (read-ahead / write-behind; Solaris UFS reads one cluster ahead: 2).
    int file_read_ahead_ios = 1;
    int cpu_cores = 4;
    /// Software/host RAID CPU time per disk I/O issued (per piece where the controller's
    /// chunk_split says the RAID software splits requests at chunk boundaries).
    double raid_cpu_per_io_s = 5e-6;
    double parity_cpu_Bps = 2e9;  ///< host XOR throughput for software/host RAID parity
    /// Time one lseek holds a block device's inode lock, handing it on included: Linux
    /// block_llseek takes inode_lock(bd_inode) around fixed_size_llseek (fs/block_dev.c, 4.5
    /// on; block/fops.c blkdev_llseek), one lock per device whatever the threads. Paid by
    /// workloads that lseek before each request (Workload::lseek_per_request). estimated: the
    /// value calibrated on the NVMe study's 4-socket, 88-core host (md 8 KiB sync-engine reads
    /// leveling off at 1.45 M/s: 0.69 us); a host with fewer sockets hands a lock on faster.
    double block_llseek_s = 0.69e-6;
    // Where drives go (hosts.csv; 0 = not given: the advisor's max_drive_bays decides alone).
    int drive_bays = 0;           ///< bays for SATA/SAS drives (hot-swap or internal)
    std::string bay_form_factor;  ///< "3.5" (also takes 2.5-inch drives) or "2.5"; empty = any
    /// Lanes from the bays' backplane expander to one controller port group; 0 = every bay has
    /// its own lane (direct-attach backplane or cables).
    int backplane_uplink_lanes = 0;
    int nvme_bays = 0;   ///< U.2/U.3/E1.S bays cabled to CPU PCIe lanes
    int m2_slots = 0;    ///< M.2 NVMe sockets on the board (CPU or chipset lanes)
    int pcie_slots = 0;  ///< free x8/x16 slots for HBAs, RAID cards, NVMe adapters
    /// links.csv id of how the board wires its M.2 sockets ("pcie3-x1" on a small NAS); empty =
    /// each socket gives the drive its own interface.
    std::string m2_link;
    /// links.csv id of the free PCIe slots' electrical wiring (the narrowest where they differ:
    /// "pcie3-x4" for an x8 slot wired x4); empty = as wide and fast as any card.
    std::string pcie_slot_link;
    /// Whether a slot splits into x4 links for a passive M.2 adapter (BIOS bifurcation): "yes",
    /// "no"; empty = not stated (taken as yes).
    std::string slot_bifurcation;
    int onboard_sata_ports = 0;  ///< chipset SATA ports (AHCI)
    /// The controller id (controllers.csv) of those ports, where the host states it: the search
    /// then offers no other on-board SATA controller; empty = any.
    std::string onboard_controller;
    /// Host RAID software the operating system offers, comma separated ("md,zfs",
    /// "storage-spaces"); empty = not given.
    std::string raid_software;
    double memory_bytes = 0.0;  ///< RAM; sizes ZFS's ARC (system/read_cache.h). 0 = not given
};

enum class EnclosureKind {
    Expander,  ///< SAS expander card or backplane: more drive lanes from one uplink, no bays
    Jbod,      ///< external JBOD enclosure: bays, power and its own expander, one uplink
    /// Internal-to-external port adapter: passes `uplink_lanes` internal lanes of a card out of
    /// the case as external connectors (for a JBOD's cable); no bays, no expander
    Bracket
};

/// A SAS expander or JBOD enclosure: puts more drives behind one controller port group, which
/// they then share (the uplink's lanes x the lane rate).
struct EnclosureSpec {
    CatalogInfo info;
    EnclosureKind kind = EnclosureKind::Expander;
    int bays = 0;                  ///< drive bays it brings (JBOD); 0 for an expander card
    std::string form_factor;       ///< bay size ("3.5", "2.5"); empty for an expander card
    int drive_lanes = 24;          ///< downstream lanes (phys) for drives
    int uplink_lanes = 4;          ///< lanes to the controller (one x4 wide port = 4)
    std::string uplink_link;       ///< link id of one lane ("sas-12g")
    std::string drive_interfaces;  ///< link ids its drive lanes accept, comma separated
    double power_w = 0.0;          ///< power of the enclosure itself (fans, PSU losses, expander)
};

}  // namespace raidadv
