// Miller (Missouri S&T): a software simulation of RAID 0 over 2 to 13 disks, one thread per disk
// writing 20 random 32-byte blocks, a mutex per disk and a fixed delay per block access. Figures:
// the two trend lines of time per byte (best case: each thread on its own disk; random blocks).

#include <cmath>
#include <sstream>

#include "queueing/order_statistics.h"
#include "units/units.h"
#include "validation/baseline.h"
#include "validation/statistics.h"
#include "validation/studies.h"
#include "validation/study_inputs.h"

namespace raidadv::validation {

namespace {

/// A "disk" that takes exactly `access_s` per block, whatever the distance: the simulation's
/// configured delay (flat seek curve, negligible rotation and transfer, no reordering).
DriveSpec fixed_delay_disk(double access_s) {
    DriveSpec d;
    d.info.name = "simulated disk, fixed delay per block";
    d.kind = DriveKind::Hdd;
    d.capacity_bytes =
        units::sector * 1024;  // 512 bytes in the paper; any size gives the same timing
    d.hdd.rpm = 6e7;           // one revolution = 1 us: rotation negligible
    d.hdd.seek_track_to_track_s = access_s;
    d.hdd.seek_average_s = access_s;
    d.hdd.seek_full_stroke_s = access_s;
    d.hdd.media_rate_outer_Bps = 1e12;
    d.hdd.media_rate_inner_Bps = 1e12;
    d.hdd.command_overhead_s = 0.0;
    d.hdd.cache_bytes = 0.0;
    d.hdd.read_ahead = false;
    d.hdd.queue_depth = 1;  // the per-disk mutex: one access at a time, first come first served
    return d;
}

System array(int disks, double access_s) {
    System s;
    s.name = "RAID 0, " + std::to_string(disks) + " simulated disks";
    s.drive = fixed_delay_disk(access_s);
    s.layout.level = RaidLevel::Raid0;
    s.layout.drives = disks;
    s.layout.stripe_unit_bytes =
        units::sector;  // one block per stripe unit, as the paper's partitions
    s.controller.max_iops = 1e12;
    s.controller.max_bandwidth_Bps = 1e15;
    s.drive_link.bandwidth_Bps = 1e15;
    s.host_link.bandwidth_Bps = 1e15;
    s.host.per_request_overhead_s = 0.0;
    s.host.raid_cpu_per_io_s = 0.0;
    s.host.cpu_cores = 1024;
    return s;
}

/// Calibration on the best case. derived: time per byte = access / (block bytes x n), so its
/// first point (n_lo disks) gives the access time per block; the other points are predictions
/// of the 1/n law (issue 24: calibration share at most 20%). The paper's unit is ms per byte.
double calibrated_access_ms(double best_c, double best_e, int n_lo, double block_bytes) {
    return best_c * std::pow(n_lo, best_e) * n_lo * block_bytes;
}

/// An empty line of the study's one chart.
Series trend_line(const char* name) {
    return {
        "Time per byte against disks (RAID 0)", name, "disks", "time per byte (ms/B)", {}, {}, {}};
}

/// The random case at `n` disks: the closed model of n threads on n disks, each thread
/// reading `blocks` random blocks; the run ends with the slowest thread.
struct RandomCase {
    double ms_per_byte = 0.0;         ///< the expected slowest thread's total, per byte
    double steady_ms_per_byte = 0.0;  ///< the steady-state mean (no straggler term)
};

RandomCase predict_random(int n, double access_s, int blocks, double block_bytes) {
    Workload w;
    w.name = "random blocks";
    w.size.fixed_bytes = units::sector;  // one 512-byte block per request, as the paper
    w.alignment_bytes = units::sector;
    w.read_fraction = 0.0;
    w.concurrency = {n};
    const PointMetrics p = evaluate(array(n, access_s), w).points.front();
    const double var = std::pow(std::max(0.0, p.p95_response_s - p.mean_response_s) / 1.645, 2);
    const auto slowest = queueing::max_of_iid(n, blocks * p.mean_response_s, blocks * var);
    return {slowest.mean * 1e3 / (blocks * n * block_bytes),
            p.mean_response_s * 1e3 / (n * block_bytes)};
}

/// The paper's conclusions on how RAID 0 scales, checked on the predicted lines, and the note
/// on the random case's gap (`steady_last`: the steady-state model at the most disks).
void add_conclusions(StudyResult& study, const Series& best_line, const Series& rand_line,
                     double best_e, double rand_e, double steady_last) {
    const PowerLaw fit_best = fit_power_law(best_line.x, best_line.predicted);
    const PowerLaw fit_rand = fit_power_law(rand_line.x, rand_line.predicted);
    study.conclusions.push_back({"Best case: time per byte falls as 1/n (exponent about -1)",
                                 std::abs(fit_best.exponent + 1.0) < 0.05,
                                 "predicted exponent " + significant(fit_best.exponent, 3)});
    // The paper's claim (its Eq. 2): accesses pile up on one disk, so random blocks follow
    // 1/n^k with k < 1. That direction is checked here; the size of k is a figure, compared (and
    // its gap explained) in the random-block rows. A margin of 0.05 keeps a fit that is 1/n up to
    // rounding from counting as flatter.
    study.conclusions.push_back(
        {"Random blocks scale worse than the best case (a flatter exponent, k < 1 in 1/n^k)",
         fit_rand.exponent > fit_best.exponent + 0.05,
         "predicted exponents: random " + significant(fit_rand.exponent, 3) + ", best " +
             significant(fit_best.exponent, 3) + " (paper: " + significant(rand_e, 3) + ", " +
             significant(best_e, 3) +
             "); the paper's random trend is flatter still: see the random-block rows"});
    study.conclusions.push_back({"RAID 0 still gains from more disks with random blocks",
                                 fit_rand.exponent < 0.0,
                                 "predicted random exponent " + significant(fit_rand.exponent, 3)});
    // Explain the random case's gap.
    for (auto& f : study.figures) {
        if (!f.calibration && std::abs(f.error_pct()) > 35.0) {
            f.note = "The trend line's exponent (-0.434) is flatter than the model's (" +
                     significant(fit_rand.exponent, 3) +
                     "): with 20 blocks per thread the run is short and ends with the slowest "
                     "thread, and the paper's fit spans measurements whose points are not "
                     "given. The straggler term is already in the model; an exact event-by-"
                     "event simulation of the procedure as described (fixed delay per block, "
                     "a FCFS mutex per disk, n threads of 20 uniformly random blocks, the run "
                     "ending with the last thread; 4000 runs per n) gives an exponent of -0.85, "
                     "steeper still. The flatter measured trend must come from something the "
                     "paper does not describe (thread start-up and scheduling, the timer), not "
                     "from contention for the disks. The steady-state model (no straggler "
                     "term) would give " +
                     significant(steady_last, 3) + " ms/B at 13 disks.";
        }
    }
}

}  // namespace

StudyResult run_miller(const Catalog& catalog, const std::filesystem::path& dir) {
    const StudyInputs in = load_study(catalog, dir, "miller", /*has_project=*/false);
    StudyResult study = begin_study(in, "miller");
    const auto& m = in.measured;
    const double best_c = m.at("best_case").at("coefficient").get<double>();
    const double best_e = m.at("best_case").at("exponent").get<double>();
    const double rand_c = m.at("random_case").at("coefficient").get<double>();
    const double rand_e = m.at("random_case").at("exponent").get<double>();
    const int n_lo = m.at("disks").at(0).get<int>();
    const int n_hi = m.at("disks").at(1).get<int>();
    const int blocks = m.at("blocks_per_thread").get<int>();
    const double block_bytes = m.at("block_bytes").get<double>();

    const double access_ms = calibrated_access_ms(best_c, best_e, n_lo, block_bytes);
    const double access_s = access_ms * 1e-3;
    study.profile =
        "A disk that spends a fixed time per block, FCFS (the per-disk mutex), one "
        "thread per disk. The access time is calibrated on the best-case trend line's "
        "first point (2 disks), so the other 11 best-case points are predictions of the 1/n "
        "law: near-exact by construction, they say little beyond that law, and they carry no "
        "error band evidence. Access time: " +
        significant(access_ms, 3) +
        " ms per block, against the 14 ms the paper configured (its threads' own "
        "overheads and timer are unknown). The random case is then predicted: n "
        "threads over n disks, 20 blocks each; the run ends when the last thread "
        "finishes, so time per byte is the expected slowest thread's total (the "
        "model's mean and variance of one access, summed over 20 accesses, maximum "
        "over n threads by the normal approximation).";
    Series best_line = trend_line("best case");
    Series rand_line = trend_line("random blocks");
    std::vector<double> measured_random, predicted_random, steady;
    for (int n = n_lo; n <= n_hi; ++n) {
        const double f_best = best_c * std::pow(n, best_e);
        const double f_rand = rand_c * std::pow(n, rand_e);
        const double pred_best = access_ms / (block_bytes * n);
        const RandomCase random = predict_random(n, access_s, blocks, block_bytes);
        const double pred_rand = random.ms_per_byte;
        steady.push_back(random.steady_ms_per_byte);
        Figure fb{"best case, " + std::to_string(n) + " disks: time per byte",
                  "ms/B",
                  f_best,
                  pred_best,
                  access_ms / (block_bytes * n),
                  n == n_lo,
                  "",
                  {},
                  {}};
        // No evidence class: one thread per fixed-delay disk is exact by construction (no
        // contention), so its residuals say nothing of how far to trust a prediction.
        study.figures.push_back(fb);
        Figure fr{"random blocks, " + std::to_string(n) + " disks: time per byte",
                  "ms/B",
                  f_rand,
                  pred_rand,
                  access_ms / (block_bytes * n),
                  false,
                  "",
                  {},
                  {}};
        fr.evidence = EvidenceClass::HddRandom;
        study.figures.push_back(fr);
        best_line.x.push_back(n);
        best_line.predicted.push_back(pred_best);
        best_line.measured.push_back(f_best);
        rand_line.x.push_back(n);
        rand_line.predicted.push_back(pred_rand);
        rand_line.measured.push_back(f_rand);
        measured_random.push_back(f_rand);
        predicted_random.push_back(pred_rand);
    }
    study.series = {best_line, rand_line};
    study.kendall_tau = kendall_tau(measured_random, predicted_random);
    study.kendall_basis = "time per byte of the random case over 2..13 disks";
    add_conclusions(study, best_line, rand_line, best_e, rand_e, steady.back());
    summarize(study);
    return study;
}

}  // namespace raidadv::validation
