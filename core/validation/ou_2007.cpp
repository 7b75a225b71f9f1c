// Ou 2007 ("Comprehensive RAID performance report", ZDNet): four Seagate ST3500641AS on an Intel
// ICH8R (host RAID, write-back cache in host RAM), IOMeter. Figures: RAID 5 sequential read and
// write throughput; conclusions: the orderings of the random-I/O charts.

#include <sstream>

#include "validation/baseline.h"
#include "validation/statistics.h"
#include "validation/studies.h"
#include "validation/study_inputs.h"

namespace raidadv::validation {

namespace {

constexpr const char* kRaid5 = "RAID 5, 4 drives";
constexpr const char* kRaid10 = "RAID 10, 4 drives";
constexpr const char* kPairs = "2 x RAID 1 (two independent pairs)";
constexpr const char* kQuad = "4 independent drives";
constexpr const char* kSingle = "Single drive";

/// Random I/O per second of `system` under `workload` at `qd` outstanding I/Os.
double iops(const StudyInputs& in, const char* system, const char* workload, int qd) {
    Workload w = workload_named(in.project, workload);
    w.concurrency = {qd};
    return evaluate(system_named(in.project, system), w).points.front().iops;
}

/// Outstanding I/Os the orderings are checked at.
constexpr int kDepths[] = {4, 16, 64};

/// 32 KiB random reads at 4, 16 and 64 outstanding: the order of the five layouts.
void add_random_read_conclusion(const StudyInputs& in, StudyResult& study) {
    Conclusion c{
        "32 KiB random reads: two RAID 1 pairs and four independent drives beat "
        "RAID 10, which beats RAID 5 (the worst 4-drive layout), all above a single "
        "drive",
        true, ""};
    for (int qd : kDepths) {
        const double p = iops(in, kPairs, "32 KiB random reads", qd);
        const double q = iops(in, kQuad, "32 KiB random reads", qd);
        const double r10 = iops(in, kRaid10, "32 KiB random reads", qd);
        const double r5 = iops(in, kRaid5, "32 KiB random reads", qd);
        const double one = iops(in, kSingle, "32 KiB random reads", qd);
        c.reproduced = c.reproduced && p > r10 && q > r10 && r10 > r5 && r5 > one;
        c.evidence += "QD " + std::to_string(qd) + ": pairs " + significant(p, 4) + ", four " +
                      significant(q, 4) + ", RAID 10 " + significant(r10, 4) + ", RAID 5 " +
                      significant(r5, 4) + ", single " + significant(one, 4) + " IOPS; ";
    }
    study.conclusions.push_back(c);
}

/// 32 KiB random writes: the order of the RAID layouts and a single drive.
void add_random_write_conclusion(const StudyInputs& in, StudyResult& study) {
    Conclusion c{
        "32 KiB random writes: two RAID 1 pairs are the best 4-drive RAID, RAID 5 a "
        "distant last, below a single drive",
        true, ""};
    for (int qd : kDepths) {
        const double p = iops(in, kPairs, "32 KiB random writes", qd);
        const double r10 = iops(in, kRaid10, "32 KiB random writes", qd);
        const double r5 = iops(in, kRaid5, "32 KiB random writes", qd);
        const double one = iops(in, kSingle, "32 KiB random writes", qd);
        c.reproduced = c.reproduced && p > r10 && r10 > r5 && one > r5;
        c.evidence += "QD " + std::to_string(qd) + ": pairs " + significant(p, 4) + ", RAID 10 " +
                      significant(r10, 4) + ", RAID 5 " + significant(r5, 4) + ", single " +
                      significant(one, 4) + " IOPS; ";
    }
    study.conclusions.push_back(c);
}

/// The IOMeter File Server mix: the order of the RAID layouts.
void add_file_server_conclusion(const StudyInputs& in, StudyResult& study) {
    Conclusion c{"File Server mix: independent RAID 1 pairs beat RAID 10, which beats RAID 5", true,
                 ""};
    for (int qd : kDepths) {
        const double p = iops(in, kPairs, "IOMeter File Server", qd);
        const double r10 = iops(in, kRaid10, "IOMeter File Server", qd);
        const double r5 = iops(in, kRaid5, "IOMeter File Server", qd);
        c.reproduced = c.reproduced && p > r10 && r10 > r5;
        c.evidence += "QD " + std::to_string(qd) + ": pairs " + significant(p, 4) + ", RAID 10 " +
                      significant(r10, 4) + ", RAID 5 " + significant(r5, 4) + " IOPS; ";
    }
    study.conclusions.push_back(c);
}

/// Sequential reads: RAID 5 against RAID 10 (after the sequential figures).
void add_sequential_conclusion(const StudyInputs& in, StudyResult& study) {
    const double seq5 = study.figures.front().predicted;
    Workload w = workload_named(in.project, "Sequential reads, 64 KiB");
    const double seq10 = evaluate(system_named(in.project, kRaid10), w).points.back().mb_per_s;
    study.conclusions.push_back(
        {"RAID 5 is the high-throughput choice for sequential reads (above RAID 10 of the same "
         "four drives)",
         seq5 > seq10,
         "RAID 5 " + significant(seq5, 4) + " MB/s, RAID 10 " + significant(seq10, 4) + " MB/s"});
}

/// The random-read chart at 16 outstanding (ranks: pairs and four drives tied first), and the
/// chart's lines.
void add_ranking_and_series(const StudyInputs& in, StudyResult& study) {
    const char* ranked[] = {kPairs, kQuad, kRaid10, kRaid5, kSingle};
    const std::vector<double> measured_rank{4.5, 4.5, 3, 2, 1};
    std::vector<double> predicted;
    for (const char* s : ranked) {
        predicted.push_back(iops(in, s, "32 KiB random reads", 16));
    }
    study.kendall_tau = kendall_tau(measured_rank, predicted);
    study.kendall_basis = "32 KiB random read IOPS at 16 outstanding, 5 layouts (chart ranks)";
    Series line;
    line.chart = "32 KiB random reads against outstanding I/Os";
    line.x_label = "outstanding I/Os";
    line.y_label = "IOPS";
    for (int qd : {1, 4, 16, 32, 64}) {
        line.x.push_back(qd);
    }
    for (const char* s : ranked) {
        Series l = line;
        l.name = s;
        for (double qd : line.x) {
            l.predicted.push_back(iops(in, s, "32 KiB random reads", static_cast<int>(qd)));
        }
        study.series.push_back(l);
    }
}

}  // namespace

StudyResult run_ou_2007(const Catalog& catalog, const std::filesystem::path& dir) {
    const StudyInputs in = load_study(catalog, dir, "ou-2007");
    StudyResult study = begin_study(in, "ou-2007");
    study.profile =
        "Catalog profile: seagate-st3500641as drives on sata-3g lanes, intel-ich8r host RAID "
        "(write-back cache in host RAM; the drives' own write caches left on, as host RAID "
        "does), intel-dmi host link, intel-core2-e6600-vista host. "
        "IOMeter's sequential test is taken as one stream of 64 KiB requests at 32 outstanding "
        "over a small test area at the start of the volume (span 0.05, outer zone): the area's "
        "size is not reported, so it is the one calibrated parameter, on the RAID 5 sequential "
        "read figure; the write figure is predicted. Random tests at 512-byte alignment "
        "(IOMeter's default) over the whole disks. "
        "The report gives no numbers for the random-I/O charts: their orderings are checked as "
        "conclusions, at equal total outstanding I/Os (the author's own normalization).";
    // Sequential figures.
    for (const char* workload : {"Sequential reads, 64 KiB", "Sequential writes, 64 KiB"}) {
        const System& s = system_named(in.project, kRaid5);
        const Workload& w = workload_named(in.project, workload);
        const Evaluation ev = evaluate(s, w);
        classify(
            add_figure(study, in, std::string(kRaid5) + "|" + workload,
                       std::string(kRaid5) + ": " + workload + " throughput, 32 outstanding",
                       ev.points.back().mb_per_s, baseline_bytes_per_s(s) / 1e6,
                       /*calibration=*/std::string(workload).find("reads") != std::string::npos),
            s, w);
    }
    // Random I/O orderings.
    add_random_read_conclusion(in, study);
    add_random_write_conclusion(in, study);
    add_file_server_conclusion(in, study);
    add_sequential_conclusion(in, study);
    add_ranking_and_series(in, study);
    summarize(study);
    return study;
}

}  // namespace raidadv::validation
