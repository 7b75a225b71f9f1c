// Hauser, Berman & Thoma 1996 ("Is the Bang Worth the Buck?"): six Seagate ST31200W drives of a
// SPARCstorage Array 101, one per SCSI bus, Volume Manager software RAID on a SPARCstation 20.
// Figures: Table I (retrieval time at one process, additional time per file per process over
// 1..12 processes), Table II (cost per GB of user data, Bang per buck), peaks from the text.

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include "cost/cost.h"
#include "layout/geometry.h"
#include "sim/simulator.h"
#include "validation/baseline.h"
#include "validation/statistics.h"
#include "validation/studies.h"
#include "validation/study_inputs.h"

namespace raidadv::validation {

namespace {

constexpr const char* kImages = "Image files, 50-275 KB, 1-12 processes";
constexpr double kMeanFileKB = 162.5;  // the paper's Bang numerator, "KB"
// Table II inputs: price of the SSA 101 with 18 drives and the FC host adapter, user data per
// drive after formatting (both from the paper; prices are inputs, not predictions).
constexpr double kPriceUsd18Drives = 26733.0;
constexpr double kUserGbPerDrive = 0.863;

struct Predicted {
    double retrieval = 0;   // s, one process
    double additional = 0;  // s per file per process (regression slope over 1..12)
    std::vector<double> concurrency, response;
};

Predicted predict(const System& system, const Workload& images) {
    const Evaluation ev = evaluate(system, images);
    Predicted p;
    for (const auto& point : ev.points) {
        p.concurrency.push_back(point.concurrency);
        p.response.push_back(point.mean_response_s);
    }
    p.retrieval = p.response.front();
    // The paper's method: linear regression of mean retrieval time on the number of processes.
    p.additional = regression_slope(p.concurrency, p.response);
    return p;
}

/// Rule of thumb: one file costs one positioning plus its transfer at N x drive rate (N = drives
/// of the volume holding it); the array serves N_total such files at once.
double baseline_retrieval(const System& s, double file_bytes) {
    const double per_volume_rate = s.layout.level == RaidLevel::Simple
                                       ? rule_of_thumb_drive_rate(s.drive)
                                       : s.layout.drives * rule_of_thumb_drive_rate(s.drive);
    return 1.0 / rule_of_thumb_drive_iops(s.drive) + file_bytes / per_volume_rate;
}

double baseline_additional(const System& s, double file_bytes) {
    const double per_file =
        1.0 / rule_of_thumb_drive_iops(s.drive) + file_bytes / rule_of_thumb_drive_rate(s.drive);
    return per_file / s.total_drives();
}

/// Bang in the paper's unit (KB per ms, printed as 1.152 for 1152 KB/s).
double bang(double retrieval, double additional) {
    return hauser_bang_Bps(kMeanFileKB * 1000.0, retrieval, additional) / 1e6;
}

/// The array's price for this system's share of the 18 drives; simple volumes do without the
/// RAID management software (Table II prices the same hardware at 1.545 instead of 1.721 k$/GB;
/// the catalog's sun-ssa-101 raid_software_usd was derived from that ratio).
double price_usd(const System& s) {
    const double software =
        s.layout.level == RaidLevel::Simple ? s.controller.raid_software_usd : 0.0;
    return (kPriceUsd18Drives - software) / 18.0 * s.total_drives();
}

double user_bytes(const System& s) {
    return usable_bytes(s.layout, kUserGbPerDrive * 1e9);
}

double kusd_per_gb(const System& s) {
    return kusd_per_usable_gb(price_usd(s), user_bytes(s));
}

/// The study's inputs and the model's predictions of every configuration, shared by the
/// figures and conclusions below.
struct HauserRun {
    const StudyInputs& in;
    const Workload& images;
    double file_bytes = 0.0;
    std::map<std::string, Predicted> pred;

    double r1(const std::string& n) const { return pred.at(n).retrieval; }
    double add(const std::string& n) const { return pred.at(n).additional; }
    /// Table II's Bang per K$ per GB of user data, from the model's predictions.
    double bang_per_buck(const std::string& n) const {
        const System& s = system_named(in.project, n);
        const Predicted& p = pred.at(n);
        return hauser_bang_per_kusd_per_gb(
            hauser_bang_Bps(kMeanFileKB * 1000.0, p.retrieval, p.additional), price_usd(s),
            user_bytes(s));
    }
};

/// Table I: retrieval time and additional time per process of every configuration; fills
/// the predictions.
void add_table1(HauserRun& h, StudyResult& study) {
    std::vector<double> bang_measured, bang_predicted;
    for (const System& s : h.in.project.systems) {
        const Predicted p = predict(s, h.images);
        h.pred[s.name] = p;
        const bool calibration = s.layout.level == RaidLevel::Simple;
        // Whole files read from HDDs (the study's file workload).
        const auto file_figure = [&](Figure& f) {
            f.evidence = EvidenceClass::HddFile;
            f.hardware = hardware_key(s);
        };
        file_figure(add_figure(study, h.in, s.name + "|retrieval",
                               s.name + ": mean retrieval time, 1 process", p.retrieval,
                               baseline_retrieval(s, h.file_bytes), calibration));
        file_figure(add_figure(study, h.in, s.name + "|additional",
                               s.name + ": additional time per file per process", p.additional,
                               baseline_additional(s, h.file_bytes), calibration));
        bang_measured.push_back(
            bang(h.in.figures.at(s.name + "|retrieval"), h.in.figures.at(s.name + "|additional")));
        bang_predicted.push_back(bang(p.retrieval, p.additional));
    }
    study.kendall_tau = kendall_tau(bang_measured, bang_predicted);
    study.kendall_basis =
        "Bang (file size / (retrieval + additional time)) of the 14 configurations";
}

void add_table2(const HauserRun& h, StudyResult& study) {
    // Table II: cost per GB of user data and Bang per buck. The simple volumes' cost is a
    // calibration figure: the RAID software's price (catalog) was derived from it.
    for (const char* name :
         {"3-disk RAID 0+1 (mirrored), 160 KB stripe", "6-disk RAID 5, 160 KB stripe",
          "6-disk RAID 0, 160 KB stripe", "6 simple volumes"}) {
        const System& s = system_named(h.in.project, name);
        const double cost = kusd_per_gb(s);
        add_figure(study, h.in, std::string("table2|") + name + "|kusd_per_gb",
                   std::string(name) + ": thousands of USD per GB of user data", cost, cost,
                   s.layout.level == RaidLevel::Simple);
        const double base_bang =
            bang(baseline_retrieval(s, h.file_bytes), baseline_additional(s, h.file_bytes));
        add_figure(study, h.in, std::string("table2|") + name + "|bang_per_kusd_per_gb",
                   std::string(name) + ": Bang per K$ per GB", h.bang_per_buck(name),
                   base_bang / cost);
    }
}

void add_peaks(const HauserRun& h, StudyResult& study) {
    // Peaks quoted in the text.
    for (const auto& [id, value] : h.in.figures) {
        if (id.rfind("peak|", 0) != 0) {
            continue;
        }
        std::vector<std::string> parts;
        std::stringstream ss(id);
        for (std::string part; std::getline(ss, part, '|');) {
            parts.push_back(part);
        }
        const System& s = system_named(h.in.project, parts.at(1));
        Workload w = workload_named(h.in.project, parts.at(2));
        w.concurrency = {std::stoi(parts.at(3))};
        const double mb_s = evaluate(s, w).points.front().mb_per_s;
        const double bytes = w.size.mean_bytes();
        const double files_per_s = s.total_drives() / (1.0 / rule_of_thumb_drive_iops(s.drive) +
                                                       bytes / rule_of_thumb_drive_rate(s.drive));
        classify(
            add_figure(study, h.in, id,
                       "peak throughput, " + parts[1] + ", " + parts[3] + " processes, " + parts[2],
                       mb_s, files_per_s * bytes / 1e6),
            s, w);
    }
}

void add_notes(StudyResult& study) {
    // Explanations for the figures the model misses by more than 35%.
    for (auto& f : study.figures) {
        if (f.calibration || std::abs(f.error_pct()) <= 35.0) {
            continue;
        }
        if (f.name.find("RAID 5") != std::string::npos) {
            f.note =
                "Volume Manager's RAID 5 costs more per read than its RAID 0 in the "
                "measurements (both stripes, one and many processes); the model reads a "
                "RAID 5 like a RAID 0 of its data disks and has no RAID 5 read-path cost.";
        } else if (f.name.find("additional time") != std::string::npos) {
            f.note =
                "Narrow stripes on few disks: the measured cost per added process grows "
                "faster than the model's interleaving of streams on each disk (one "
                "repositioning per stripe unit a stream comes back to) explains; the SSA "
                "controller's handling of many small commands may add to it.";
        } else if (f.name.find("peak") != std::string::npos) {
            f.note =
                "Peaks depend on how concurrent files interleave on the drives (each "
                "switch repositions the head and loses the drive's read-ahead) and on "
                "the controller's handling of many commands; the request-level simulator "
                "of the same profile (raid-advisor-cli simulate) gives the same kind of "
                "figure to compare.";
        } else {
            f.note = "Outside the model's reach for this configuration.";
        }
    }
}

void add_series(const HauserRun& h, StudyResult& study) {
    // Retrieval time against concurrency for the six-disk configurations (the paper's
    // regression lines from Table I as "measured").
    for (const char* name : {"3-disk RAID 0+1 (mirrored), 160 KB stripe", "6 simple volumes",
                             "6-disk RAID 5, 16 KB stripe", "6-disk RAID 0, 16 KB stripe"}) {
        const Predicted& p = h.pred.at(name);
        Series line;
        line.chart = "Retrieval time against concurrent processes (six-disk configurations)";
        line.name = name;
        line.x_label = "concurrent processes";
        line.y_label = "mean retrieval time (s)";
        line.x = p.concurrency;
        line.predicted = p.response;
        const double r1 = h.in.figures.at(std::string(name) + "|retrieval");
        const double slope = h.in.figures.at(std::string(name) + "|additional");
        for (double n : p.concurrency) {
            line.measured.push_back(r1 + slope * (n - 1.0));
        }
        study.series.push_back(std::move(line));
    }
}

/// Conclusions on stripe width and disk count.
void add_stripe_conclusions(const HauserRun& h, StudyResult& study) {
    {
        Conclusion c{
            "For RAID 0, narrow (16 KB) stripes give faster single-process retrieval than "
            "wide (160 KB) ones",
            true, ""};
        for (int d : {4, 5, 6}) {
            const std::string a = std::to_string(d) + "-disk RAID 0, 16 KB stripe";
            const std::string b = std::to_string(d) + "-disk RAID 0, 160 KB stripe";
            c.reproduced = c.reproduced && h.r1(a) < h.r1(b);
            c.evidence += std::to_string(d) + " disks: " + significant(h.r1(a), 3) + " s vs " +
                          significant(h.r1(b), 3) + " s; ";
        }
        study.conclusions.push_back(c);
    }
    {
        Conclusion c{
            "Wide stripes cost less additional time per concurrent process than narrow "
            "ones (RAID 0, two RAID 0s, RAID 0+1, RAID 5)",
            true, ""};
        for (const char* base :
             {"4-disk RAID 0", "5-disk RAID 0", "6-disk RAID 0", "two 3-disk RAID 0s",
              "3-disk RAID 0+1 (mirrored)", "6-disk RAID 5"}) {
            const std::string a = std::string(base) + ", 160 KB stripe";
            const std::string b = std::string(base) + ", 16 KB stripe";
            c.reproduced = c.reproduced && h.add(a) < h.add(b);
            c.evidence += std::string(base) + ": " + significant(h.add(a), 3) + " vs " +
                          significant(h.add(b), 3) + " s; ";
        }
        study.conclusions.push_back(c);
    }
    {
        Conclusion c{"More disks in a RAID 0 volume cost less additional time per process", true,
                     ""};
        for (const char* stripe : {"16 KB", "160 KB"}) {
            const double a4 = h.add(std::string("4-disk RAID 0, ") + stripe + " stripe");
            const double a5 = h.add(std::string("5-disk RAID 0, ") + stripe + " stripe");
            const double a6 = h.add(std::string("6-disk RAID 0, ") + stripe + " stripe");
            c.reproduced = c.reproduced && a4 > a5 && a5 > a6;
            c.evidence += std::string(stripe) + ": 4/5/6 disks " + significant(a4, 3) + "/" +
                          significant(a5, 3) + "/" + significant(a6, 3) + " s; ";
        }
        study.conclusions.push_back(c);
    }
}

/// Figures 4 and 5: "Although either of the RAID configurations is faster for single
/// processes, configuring the six disks as simple volumes is better for concurrent
/// processes": six simple volumes against the RAID 0s of the same disks by `metric`, where
/// `striped_lower` says which side the paper found lower.
void add_six_disks(const HauserRun& h, double (HauserRun::*metric)(const std::string&) const,
                   const char* statement, bool striped_lower, StudyResult& study) {
    const double simple = (h.*metric)("6 simple volumes");
    Conclusion c{statement, true, "6 simple volumes: " + significant(simple, 4) + " s; "};
    std::string ties;
    for (const char* n :
         {"6-disk RAID 0, 16 KB stripe", "6-disk RAID 0, 160 KB stripe",
          "two 3-disk RAID 0s, 16 KB stripe", "two 3-disk RAID 0s, 160 KB stripe"}) {
        const double v = (h.*metric)(n);
        // A lead of under 1% is a tie (the study's leads are 3-6% for one process).
        const bool tie = std::abs(v - simple) < 0.01 * simple;
        c.reproduced =
            c.reproduced && (striped_lower ? v < simple && !tie : simple <= v * (1.0 + 1e-9));
        c.evidence += std::string(n) + ": " + significant(v, 4) + " s; ";
        if (tie) {
            ties += (ties.empty() ? "" : ", ") + std::string(n);
        }
    }
    if (!ties.empty()) {
        c.evidence += "within 1% of the simple volumes, a tie: " + ties + ". ";
    }
    if (!c.reproduced && striped_lower) {
        c.evidence +=
            "Not reproduced: where the study measured a 3-6% lead (0.115 and 0.118 vs "
            "0.122 s) the model gives a tie or the simple volumes ahead";
    }
    study.conclusions.push_back(c);
}

/// Fault-tolerant configurations: RAID 0+1 against RAID 5, and RAID 5's stripe width.
void add_raid5_conclusions(const HauserRun& h, StudyResult& study) {
    const std::string m160 = "3-disk RAID 0+1 (mirrored), 160 KB stripe";
    const std::string m16 = "3-disk RAID 0+1 (mirrored), 16 KB stripe";
    const std::string r160 = "6-disk RAID 5, 160 KB stripe";
    const std::string r16 = "6-disk RAID 5, 16 KB stripe";
    const double bm = std::max(bang(h.r1(m160), h.add(m160)), bang(h.r1(m16), h.add(m16)));
    const double br = std::max(bang(h.r1(r160), h.add(r160)), bang(h.r1(r16), h.add(r16)));
    study.conclusions.push_back(
        {"Among fault-tolerant configurations RAID 0+1 retrieves faster than RAID 5 (higher "
         "Bang)",
         bm > br,
         "best RAID 0+1 Bang " + significant(bm, 3) + ", best RAID 5 Bang " + significant(br, 3)});
    const bool wider_better = h.r1(r160) < h.r1(r16) && h.add(r160) < h.add(r16);
    std::string evidence = "retrieval " + significant(h.r1(r160), 3) + " vs " +
                           significant(h.r1(r16), 3) + " s, additional " +
                           significant(h.add(r160), 3) + " vs " + significant(h.add(r16), 3) + " s";
    if (!wider_better) {
        // Why not: the request-level simulator of the same profile, run here, agrees with
        // the model, not with the study; the sources looked at are named in the text.
        auto simulated = [&](const std::string& n) {
            Workload one = h.images;
            one.concurrency = {1};
            return sim::simulate(system_named(h.in.project, n), one).points.front();
        };
        auto quoted = [](const sim::SimPoint& p) {
            return significant(1e3 * p.metrics.mean_response_s, 3) + " +-" +
                   significant(1e3 * p.mean_response_ci_s, 2) + " ms";
        };
        const sim::SimPoint s16 = simulated(r16), s160 = simulated(r160);
        const sim::SimPoint z16 = simulated("6-disk RAID 0, 16 KB stripe");
        const sim::SimPoint z160 = simulated("6-disk RAID 0, 160 KB stripe");
        evidence +=
            ". Not reproduced for one process, and not reachable without a RAID-5-only "
            "fudge: the measured RAID 5 costs 12-21 ms more per file than the 6-disk RAID 0 "
            "at the same stripe, the narrow stripe most, while reads of a healthy RAID 5 "
            "touch no parity and cost what a RAID 0 of its data disks costs. The "
            "request-level simulator of the same profile, run now, gives the model's "
            "direction: RAID 5 16 KB " +
            quoted(s16) + " against 160 KB " + quoted(s160) + " (RAID 0: " + quoted(z16) +
            " against " + quoted(z160) +
            "). No documented RAID 5 read-path cost was found: Volume Manager's guides say "
            "RAID-5 reads perform 'similar to striping' and describe per-stripe processing, "
            "memory-pool splitting and logging for writes only (vol_maxio, "
            "voliomem_maxpool_sz, volraid_minpool_sz were looked at); Sun's other volume "
            "manager of the time (DiskSuite, whose RAID 5 driver is published as "
            "illumos lvm/raid/raid.c) splits a read per stripe unit and takes a row reader "
            "lock per piece, CPU work of microseconds that waits only for writers and "
            "reads neither parity nor a copy on a healthy volume. Part of the cost has a "
            "documented cause the model leaves out: UFS writes a read file's inode back "
            "for its access time, a small write that RAID 5 makes a read-modify-write; "
            "with one such write per file the simulator gives 123 and 129 ms, nearer, the "
            "narrow stripe still the faster (docs/model.md, section 10)";
    }
    study.conclusions.push_back(
        {"For RAID 5, wider stripes improve both single-process and concurrent retrieval",
         wider_better, evidence});
}

void add_ten_files_conclusion(const HauserRun& h, StudyResult& study) {
    // Figure 8: total time for up to ten files, best vs worst six-disk configuration.
    double best = 1e9, worst = 0;
    for (const char* n : {"3-disk RAID 0+1 (mirrored), 160 KB stripe", "6 simple volumes",
                          "6-disk RAID 5, 16 KB stripe", "6-disk RAID 0, 16 KB stripe"}) {
        best = std::min(best, 10 * h.r1(n));
        worst = std::max(worst, 10 * h.r1(n));
    }
    study.conclusions.push_back(
        {"For up to ten files, the best and worst configurations differ by under 1.2 s of "
         "total retrieval time",
         worst - best < 1.2,
         "ten files one after another: " + significant(best, 3) + " to " + significant(worst, 3) +
             " s"});
}

/// Configuration selection: the fastest configuration, and concurrency against it.
void add_selection_conclusions(const HauserRun& h, StudyResult& study) {
    {
        // "If fast retrieval is needed at any cost, RAID 0+1 provides the fastest sequential
        // retrieval times" (configuration selection).
        std::string fastest;
        for (const auto& [name, p] : h.pred) {
            if (fastest.empty() || p.retrieval < h.r1(fastest)) {
                fastest = name;
            }
        }
        study.conclusions.push_back(
            {"RAID 0+1 gives the fastest single-process retrieval of all 14 configurations",
             fastest.rfind("3-disk RAID 0+1", 0) == 0,
             "fastest: " + fastest + ", " + significant(h.r1(fastest), 3) + " s"});
    }
    {
        // Figure 8: "concurrent access improves total retrieval time more than any RAID
        // configuration": the slowest concurrent case beats the fastest sequential one. Ten
        // files: one after another (10 x retrieval) or by ten processes at once (retrieval + 9 x
        // additional time per process, the paper's regression).
        double seq_best = 1e9, conc_worst = 0;
        std::string seq_name, conc_name;
        for (const auto& [name, p] : h.pred) {
            if (10 * p.retrieval < seq_best) {
                seq_best = 10 * p.retrieval;
                seq_name = name;
            }
            const double conc = p.retrieval + 9 * p.additional;
            if (conc > conc_worst) {
                conc_worst = conc;
                conc_name = name;
            }
        }
        study.conclusions.push_back(
            {"For several files, reading them concurrently on the slowest configuration beats "
             "reading them one after another on the fastest",
             conc_worst < seq_best,
             "ten files: concurrently on " + conc_name + " " + significant(conc_worst, 3) +
                 " s, one after another on " + seq_name + " " + significant(seq_best, 3) + " s"});
    }
}

/// Table II: Bang per buck and cost per GB of user data.
void add_cost_conclusions(const HauserRun& h, StudyResult& study) {
    {
        // Table II and the summary: "Bang alone is not worth the Bucks": per K$ per GB of user
        // data simple volumes give the most, then RAID 0, RAID 5 and RAID 0+1.
        const char* order[] = {"6 simple volumes", "6-disk RAID 0, 160 KB stripe",
                               "6-disk RAID 5, 160 KB stripe",
                               "3-disk RAID 0+1 (mirrored), 160 KB stripe"};
        Conclusion c{"Bang per K$ per GB: simple volumes highest, then RAID 0, RAID 5, RAID 0+1",
                     true, ""};
        double previous = 1e300;
        for (const char* n : order) {
            const double value = h.bang_per_buck(n);
            c.reproduced = c.reproduced && value < previous;
            previous = value;
            c.evidence += std::string(n) + " " + significant(value, 3) + "; ";
        }
        study.conclusions.push_back(c);
    }
    {
        const double c01 =
            kusd_per_gb(system_named(h.in.project, "3-disk RAID 0+1 (mirrored), 160 KB stripe"));
        const double c5 = kusd_per_gb(system_named(h.in.project, "6-disk RAID 5, 160 KB stripe"));
        const double c0 = kusd_per_gb(system_named(h.in.project, "6-disk RAID 0, 160 KB stripe"));
        study.conclusions.push_back(
            {"Per GB of user data RAID 0+1 costs most, then RAID 5, then RAID 0",
             c01 > c5 && c5 > c0,
             "k$/GB: " + significant(c01, 3) + ", " + significant(c5, 3) + ", " +
                 significant(c0, 3)});
    }
}

}  // namespace

StudyResult run_hauser_1996(const Catalog& catalog, const std::filesystem::path& dir) {
    const StudyInputs in = load_study(catalog, dir, "hauser-1996");
    StudyResult study = begin_study(in, "hauser-1996");
    study.profile =
        "Catalog profile: seagate-st31200w drives (one per fast wide SCSI bus), sun-ssa-101 "
        "controller (software RAID on the host), fc-25 host link, sun-sparcstation20-solaris host. "
        "Calibrated once, on the four figures of the two simple-volume configurations (6 and 3 "
        "simple volumes: retrieval time and additional time per process), over a grid of the "
        "parameters no datasheet gives (scripts/calibrate-hauser.py): host per-request overhead "
        "(1000 us), per-file CPU (25 ms), metadata reads per file (2), drive read-ahead segments "
        "(1) and queue depth (1), controller command size (32 KiB); RMS error 5.9% over the "
        "four (next: 100 us and 30 ms, 6.2%). The file system reads 56 KiB clusters (maxcontig "
        "7 x 8 KiB) and one cluster ahead (McVoy & Kleiman 1991), so two are in flight; that "
        "documented value is not calibrated. Re-run after the model put on a file's path the "
        "media transfer of the later clusters its first read-ahead window finds on one disk "
        "(before: 300 us and 30 ms; the simple volumes then read 9% faster than the "
        "request-level simulator of the same profile does, now within 1%). The Table II cost of "
        "the simple volumes is a calibration figure too: the RAID software's price in the "
        "catalog was derived from it. Every other figure is predicted with that one profile.";
    const Workload& images = workload_named(in.project, kImages);
    const double file_bytes = images.size.mean_bytes();
    HauserRun h{in, images, file_bytes, {}};
    add_table1(h, study);
    add_table2(h, study);
    add_peaks(h, study);
    add_notes(study);
    add_series(h, study);
    // Conclusions the paper drew, checked on the predictions.
    add_stripe_conclusions(h, study);
    add_six_disks(h, &HauserRun::add,
                  "Six simple volumes are better for concurrent processes than striping the same "
                  "six disks (RAID 0 or two RAID 0s, either stripe)",
                  false, study);
    add_raid5_conclusions(h, study);
    add_ten_files_conclusion(h, study);
    add_six_disks(h, &HauserRun::r1,
                  "Either RAID 0 of the six disks (one 6-disk RAID 0 or two 3-disk RAID 0s, "
                  "either stripe) is faster for a single process than six simple volumes",
                  true, study);
    add_selection_conclusions(h, study);
    add_cost_conclusions(h, study);
    summarize(study);
    return study;
}

}  // namespace raidadv::validation
