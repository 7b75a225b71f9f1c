// Louwrentius 2014 (louwrentius.com, issue 28 "Evidence"): 24 HGST 4 TB drives under ZFS on
// Linux, first as one 24-wide raidz3 (ashift 9), then as raidz2 of 18 plus raidz2 of 6 (ashift
// 12) in one pool. Figures: both pools' net capacity and their dd streaming rates on nearly
// empty pools. The assumptions were written before the model ran
// (docs/validation/candidates/zfs/louwrentius-2014-assumptions.md). Nothing is calibrated.

#include <cmath>
#include <string>
#include <vector>

#include "evaluate/error_band.h"
#include "evaluate/evaluator.h"
#include "layout/zfs_pool.h"
#include "validation/baseline.h"
#include "validation/statistics.h"
#include "validation/studies.h"
#include "validation/study_inputs.h"

namespace raidadv::validation {

namespace {

constexpr const char* kStudy = "louwrentius-2014-zfs-24x4tb";
constexpr const char* kWide18 = "raidz2 18-wide vdev of the final pool, ashift 12";
constexpr const char* kWide6 = "raidz2 6-wide vdev of the final pool, ashift 12";
constexpr const char* kRaidz3 = "raidz3 24-wide, the first pool, ashift 9";
constexpr const char* kWrite = "dd 1 MiB sequential write, 100,000 MiB";
constexpr const char* kRead = "dd 1 MiB sequential read, 100,000 MiB";
constexpr double kTiB = 1099511627776.0;

/// The pool's net space as ZFS on Linux 0.6.3 (2014) reported it: the vdevs' data space less
/// 1/64 of it (dsl_pool_adjustedsize before Illumos 4951 / zfs-0.6.5: "Reserve about 1.6%
/// (1/64)"; today's spa_get_slop_space holds back 1/32, at most 128 GiB).
double net_2014(const std::vector<const System*>& vdevs) {
    double data = 0.0;
    for (const System* s : vdevs) {
        const ZfsSpace z = zfs_space(s->layout, s->drive.capacity_bytes);
        data += z.reported_bytes + z.slop_bytes;  // spa_get_dspace: the data space, no reserve
    }
    return data - data / 64.0;
}

/// Rule of thumb (RAID calculators): (drives - parity) x drive capacity.
double rule_capacity(const System& s, int parity) {
    return (s.layout.drives - parity) * s.drive.capacity_bytes;
}

/// One dd run on a system: MB/s at the workload's one load point (QD 1).
double rate_mb_s(const System& s, const Workload& w) {
    return evaluate(s, w).points.front().mb_per_s;
}

void add_capacity(StudyResult& study, const StudyInputs& in, const System& w18, const System& w6,
                  const System& z3) {
    Figure& final_pool =
        add_figure(study, in, "raidz2 18 + raidz2 6, 24 x 4 TB|net (usable) capacity",
                   "raidz2 18 + raidz2 6 (ashift 12): net capacity", net_2014({&w18, &w6}) / kTiB,
                   (rule_capacity(w18, 2) + rule_capacity(w6, 2)) / kTiB);
    final_pool.unit = "TiB";
    Figure& first_pool = add_figure(
        study, in,
        "raidz3 24 x 4 TB (the NAS's first layout, 2014 version of the article)|net (usable) "
        "capacity",
        "raidz3 24-wide (ashift 9): net capacity", net_2014({&z3}) / kTiB,
        rule_capacity(z3, 3) / kTiB);
    first_pool.unit = "TiB";
}

/// Why a streaming figure misses by more than 35%.
std::string miss_note(bool read, bool faster) {
    if (!read && faster) {
        return "The model writes at the drives' streaming rate (about 1.9 GB/s for the 24-wide "
               "raidz3); measured 1.1 GB/s with ashift 9 on drives the author calls 4K-sector: "
               "512-byte columns not aligned to a 4 KiB physical sector cost the drive a "
               "read-modify-write, which the drive profile (no physical sector size) does not "
               "model; ZFS on Linux 0.6's scalar raidz parity (SIMD came in 0.7) is not "
               "modelled either. (clemtibs 2025's write ceiling below its drives is a path in "
               "front of them, its reads level off there too: not this one's.)";
    }
    if (read && faster) {
        return "With ZFS prefetch keeping every child busy (dmu_zfetch.c, vdev_queue.c: the "
               "model's zfs_prefetch_depth; the simulator agrees) the model reads at the drives' "
               "streaming rate. Measured 2.5-2.6 GB/s on both pools whatever their 20 or 21 data "
               "drives: a ceiling common to one reader (the copy from the ARC into dd's buffer "
               "and the checksums, or ZFS on Linux 0.6's older prefetch), not modelled.";
    }
    return read ? "The model reads slower than measured."
                : "The model writes slower than measured.";
}

}  // namespace

StudyResult run_louwrentius_zfs(const Catalog& catalog, const std::filesystem::path& dir) {
    const StudyInputs in = load_study(catalog, dir, kStudy);
    StudyResult study = begin_study(in, kStudy);
    const System& w18 = system_named(in.project, kWide18);
    const System& w6 = system_named(in.project, kWide6);
    const System& z3 = system_named(in.project, kRaidz3);
    add_capacity(study, in, w18, w6, z3);

    struct Stream {
        const char* id;
        const char* name;
        bool final_pool;
        const char* workload;
    };
    const Stream streams[] = {
        {"raidz2 18 disks + raidz2 6 disks (2 vdevs, 24 x 4 TB), ashift=12 (the author's stated "
         "choice)|sequential read",
         "raidz2 18 + raidz2 6: dd read", true, kRead},
        {"raidz2 18 + raidz2 6, ashift=12, nearly empty|sequential write",
         "raidz2 18 + raidz2 6: dd write", true, kWrite},
        {"raidz3 24 x 4 TB (first layout)|sequential read", "raidz3 24-wide: read", false, kRead},
        {"raidz3 24 x 4 TB, ashift=9, nearly empty pool|sequential write (dd 1 MiB from "
         "/dev/zero)",
         "raidz3 24-wide (ashift 9): dd write", false, kWrite},
    };
    std::vector<double> measured, predicted;
    double final_write = 0.0, first_write = 0.0;
    for (const Stream& s : streams) {
        const Workload& w = workload_named(in.project, s.workload);
        const bool read = w.read_fraction >= 0.5;
        // derived: the allocator spreads data over the two vdevs by free space (58 : 15 TiB)
        // nearly as their streaming rates (16 : 4 data drives), so their rates add.
        const double mb_s = s.final_pool ? rate_mb_s(w18, w) + rate_mb_s(w6, w) : rate_mb_s(z3, w);
        const double base = s.final_pool
                                ? (baseline_bytes_per_s(w18) + baseline_bytes_per_s(w6)) / 1e6
                                : baseline_bytes_per_s(z3) / 1e6;
        const bool gb = in.units.count(s.id) && in.units.at(s.id).rfind("GB/s", 0) == 0;
        const double scale = gb ? 1e-3 : 1.0;
        Figure& fig = add_figure(study, in, s.id, s.name, mb_s * scale, base * scale);
        fig.unit = gb ? "GB/s" : "MB/s";
        classify(fig, s.final_pool ? w18 : z3, w);
        if (std::abs(fig.error_pct()) > 35.0) {
            fig.note = miss_note(read, fig.predicted > fig.measured);
        }
        measured.push_back(fig.measured / scale);
        predicted.push_back(mb_s);
        if (!read) {
            (s.final_pool ? final_write : first_write) = mb_s;
        }
    }
    study.kendall_tau = kendall_tau(measured, predicted);
    study.kendall_basis = "MB/s of the four dd runs, both pools";

    // The author: "You have to choose between raw performance or storage capacity": the one
    // wide raidz3 kept more space (74 vs 71 TiB), raidz2 18 + 6 wrote faster (1.9 vs 1.1 GB/s).
    const double final_space = net_2014({&w18, &w6});
    const double first_space = net_2014({&z3});
    study.conclusions.push_back(
        {"Choose between raw performance or storage capacity: the 24-wide raidz3 keeps more "
         "space, raidz2 18 + 6 writes faster",
         first_space > final_space && final_write > first_write,
         "net " + significant(first_space / kTiB, 3) + " vs " + significant(final_space / kTiB, 3) +
             " TiB; dd write " + significant(first_write, 4) + " vs " +
             significant(final_write, 4) + " MB/s"});
    study.profile =
        "Project profile (resources/validation/" + std::string(kStudy) +
        ".json): 24 HGST Deskstar 7K4000 4 TB 7200 rpm drives (64 MB buffer; read seek from the "
        "Ultrastar 7K4000 specification, media rate as recalled, the rest estimated) on three "
        "IBM M1015 (SAS2008) HBAs taken as one, an inline Xeon E3-1230 V2 host with 16 GB. "
        "raidz2 18 + 6 is two systems (a layout has one vdev width): capacities add, less "
        "ZFS on Linux 0.6's 1/64 reserve; streaming rates add. The 24-wide raidz3 is taken as "
        "ashift 9 (its 1.1 GB/s write is the ashift article's ashift=9 figure). Records 128 KiB, "
        "compression off, dd of 100,000 MiB with 1 MiB blocks, one reader or writer. Left "
        "out: the writes after 16 TB and 40 TiB (fragmentation with fill is not modelled), the "
        "NAS article's 2.5 GB/s read of the final pool (the same array as the 2.6 GB/s figure), "
        "the '4 TB/hour' rebuild rate (what it counts is not stated). Nothing is calibrated.";
    summarize(study);
    return study;
}

}  // namespace raidadv::validation
