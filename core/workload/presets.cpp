#include "workload/presets.h"

#include "units/units.h"

namespace raidadv {

namespace {

using Kind = SizeDistribution::Kind;

SizeDistribution fixed(double bytes) {
    SizeDistribution d;
    d.kind = Kind::Fixed;
    d.fixed_bytes = bytes;
    return d;
}

SizeDistribution histogram(std::vector<SizeDistribution::Bin> bins) {
    SizeDistribution d;
    d.kind = Kind::Histogram;
    d.bins = std::move(bins);
    return d;
}

SizeDistribution lognormal(double median, double sigma, double lo, double hi) {
    SizeDistribution d;
    d.kind = Kind::Lognormal;
    d.median_bytes = median;
    d.sigma = sigma;
    d.min_bytes = lo;
    d.max_bytes = hi;
    return d;
}

Workload requests(std::string name, double read_fraction, double sequential, SizeDistribution size,
                  std::vector<int> concurrency) {
    Workload w;
    w.name = std::move(name);
    w.unit = Workload::Unit::Request;
    w.read_fraction = read_fraction;
    w.sequential_fraction = sequential;
    w.size = std::move(size);
    w.concurrency = std::move(concurrency);
    return w;
}

Workload files(std::string name, double read_fraction, SizeDistribution size,
               std::vector<int> concurrency) {
    Workload w =
        requests(std::move(name), read_fraction, 0.0, std::move(size), std::move(concurrency));
    w.unit = Workload::Unit::File;
    return w;
}

// A table of presets, one entry each: long because the list is (each entry cites its source).
std::vector<WorkloadPreset> make_presets() {
    using units::KiB;
    using units::MiB;
    std::vector<WorkloadPreset> p;
    p.push_back(
        {"file-server", "File server",
         "Office file shares: many users opening and saving documents. Mostly 4 KiB requests, "
         "from 512 bytes to 64 KiB, 80% reads, all random.",
         "Intel IOMeter 'File Server' access specification (as used by StorageReview and by "
         "G. Ou, ZDNet 2007): 512 B 10%, 1 KiB 5%, 2 KiB 5%, 4 KiB 60%, 8 KiB 2%, 16 KiB 4%, "
         "32 KiB 4%, 64 KiB 10%; 80% reads; 100% random",
         requests("File server", 0.8, 0.0,
                  histogram({{512, 10},
                             {1 * KiB, 5},
                             {2 * KiB, 5},
                             {4 * KiB, 60},
                             {8 * KiB, 2},
                             {16 * KiB, 4},
                             {32 * KiB, 4},
                             {64 * KiB, 10}}),
                  {4, 16, 64}),
         true});
    p.push_back({"oltp-database", "OLTP database",
                 "Transaction processing: small random page reads and writes at a deep queue.",
                 "Intel IOMeter 'Database' access specification: 8 KiB, 67% reads, 100% random "
                 "(the TPC-C-like pattern storage reviews use)",
                 requests("OLTP database", 0.67, 0.0, fixed(8 * KiB), {8, 32, 64}), true});
    p.push_back(
        {"vm-datastore", "VM datastore",
         "Virtual machines (desktops or servers) sharing one datastore: a random mix of "
         "small and medium requests, mostly writes once the VMs have booted.",
         "VMware Horizon reference architectures: steady-state VDI I/O is 20-30% reads "
         "and 70-80% writes; sizes 4-64 KiB (VMware 'Storage Considerations for VMware "
         "Horizon View'); 30% reads, 20% sequential taken here",
         requests(
             "VM datastore", 0.3, 0.2,
             histogram(
                 {{4 * KiB, 40}, {8 * KiB, 20}, {16 * KiB, 10}, {32 * KiB, 10}, {64 * KiB, 20}}),
             {16, 32, 64}),
         false});
    {
        WorkloadPreset video{
            "video-editing",
            "Video editing / streaming",
            "A few streams of large sequential reads (and some writes): editing or serving "
            "high-bitrate video.",
            "Apple ProRes White Paper (2022): ProRes 422 HQ at 3840x2160, 29.97 fps is about "
            "707 Mb/s (88 MB/s) per stream; editors read 1 MiB requests sequentially; 90% reads",
            requests("Video editing / streaming", 0.9, 1.0, fixed(1 * MiB), {4, 8, 16}),
            false};
        video.workload.streams = 4;
        p.push_back(video);
    }
    {
        WorkloadPreset backup{
            "backup-target",
            "Backup target",
            "Backup software writing large blocks sequentially, a few jobs at a time.",
            "Veeam Backup & Replication user guide, storage optimization 'Local target': 1 MB "
            "blocks; backup jobs write sequentially; 2 concurrent jobs taken here",
            requests("Backup target", 0.0, 1.0, fixed(1 * MiB), {2, 4, 8}),
            false};
        backup.workload.streams = 2;
        p.push_back(backup);
    }
    p.push_back(
        {"image-archive", "Image archive",
         "Whole image files of 50 to 275 KB read into memory in random order by several "
         "processes at once.",
         "Hauser, Berman & Thoma, 'Is the Bang Worth the Buck? A RAID Performance Study' (NASA "
         "Goddard Conference on Mass Storage Systems, 1996): files of 50-275 KB read whole, "
         "1 to 12 concurrent processes",
         files("Image archive", 1.0,
               histogram({{50e3, 1},
                          {75e3, 1},
                          {100e3, 1},
                          {125e3, 1},
                          {150e3, 1},
                          {175e3, 1},
                          {200e3, 1},
                          {225e3, 1},
                          {250e3, 1},
                          {275e3, 1}}),
               {1, 4, 8, 12}),
         false});
    p.push_back({"mail-server", "Mail server",
                 "A mailbox store: random 32 KiB database pages, three reads to two writes.",
                 "Microsoft Exchange Server 2010 storage sizing: 32 KB database I/O, read:write "
                 "ratio about 3:2 in the mailbox profile; mail stores spread over several "
                 "databases and volumes",
                 requests("Mail server", 0.6, 0.0, fixed(32 * KiB), {8, 32, 64}), true});
    p.push_back(
        {"web-static", "Web static content",
         "A web server sending whole static files (pages, scripts, images) from disk "
         "to many clients.",
         "HTTP Archive 'Page Weight' report (2023): median resource of roughly 10-30 KB "
         "with a long tail; estimated: lognormal with median 16 KiB, sigma 1.5, from "
         "512 B to 16 MiB",
         files("Web static content", 1.0, lognormal(16 * KiB, 1.5, 512, 16 * MiB), {16, 64}),
         false});
    return p;
}

}  // namespace

const std::vector<WorkloadPreset>& workload_presets() {
    static const std::vector<WorkloadPreset> presets = make_presets();
    return presets;
}

const WorkloadPreset* find_workload_preset(std::string_view id) {
    for (const WorkloadPreset& p : workload_presets()) {
        if (p.id == id) {
            return &p;
        }
    }
    return nullptr;
}

}  // namespace raidadv
