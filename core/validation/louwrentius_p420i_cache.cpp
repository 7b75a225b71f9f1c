// Louwrentius 2019 (fio-plot benchmark data): one drive at a time behind the HP Smart Array
// P420i of a DL380 Gen8 - a Samsung 860 PRO (RAID mode with write cache, RAID mode with "write
// cache disabled", HBA mode), an Intel D3-S4610 (RAID mode, HBA mode) and a 2.5-inch 7200 rpm
// HGST disk (RAID mode); fio 4 KiB random reads and writes on the raw devices, iodepth x
// numjobs in {1,4,16,64}. Figures: IOPS at every load point, mean latency at numjobs 1. The
// assumptions were written before the model ran
// (docs/validation/candidates/louwrentius-2019-p420i-cache-assumptions.md). One choice is
// calibrated: the SSDs' state (fresh, not steady), on their HBA-mode writes at iodepth 64 x 1
// (scripts/calibrate-ssd-state.py).

#include <cmath>
#include <string>
#include <vector>

#include "validation/fio_grid.h"
#include "validation/studies.h"

namespace raidadv::validation {

namespace {

constexpr const char* kStudy = "louwrentius-2019-p420i-controller-cache";
constexpr const char* kSamsung = "Samsung 860 PRO behind the P420i";
constexpr const char* kIntel = "Intel D3-S4610 behind the P420i";
constexpr const char* kHdd = "HGST 2.5-inch 7200 rpm HDD behind the P420i";

/// A configuration of the .measured.json: which project system predicts it, and how the
/// P420i and its write cache were set.
struct Config {
    const char* system = kSamsung;
    bool hba = false;        ///< P420i in HBA mode (else a single-drive logical drive)
    bool cache_off = false;  ///< TEST02_DISABLED_WRITE_CACHE
};

Config config_of(const std::string& config) {
    Config c;
    if (config.find("860 PRO") != std::string::npos) {
        c.system = kSamsung;
    } else if (config.find("D3-S4610") != std::string::npos) {
        c.system = kIntel;
    } else if (config.find("HGST") != std::string::npos) {
        c.system = kHdd;
    } else {
        throw InputError(std::string(kStudy) + ".measured.json: unknown configuration '" + config +
                         "'");
    }
    c.hba = config.find("HBA mode") != std::string::npos;
    c.cache_off = config.find("DISABLED_WRITE_CACHE") != std::string::npos;
    return c;
}

/// Whether a figure is compared: TEST02's writes are left out, as the assumptions say (an SSD
/// whose own write cache is off is no configuration the project can state).
bool compared(const FioFigure& f, const Config& c) {
    return f.read || !c.cache_off;
}

/// The SSDs' state (steady or fresh: no data sheet gives a drive's history) is chosen on these
/// (scripts/calibrate-ssd-state.py): both SSDs' writes at iodepth 64 x numjobs 1 in HBA mode,
/// the controller's pass-through, and their mean latencies (the same load point).
bool is_calibration(const FioFigure& f, const Config& c) {
    return c.hba && !f.read && f.depth == 64 && f.jobs == 1 && c.system != std::string(kHdd);
}

/// Whether the configuration is ranked (Kendall's tau): the SSDs with a cached write path.
bool ranked(const Config& c) {
    return c.system != std::string(kHdd) && !c.cache_off;
}

std::string hdd_note(const FioFigure& f, bool faster) {
    if (f.read && faster) {
        return "HDD reads with 16 or more in flight: measured 113 IOPS (1.7x iodepth 1), "
               "predicted 169 (2.5x): the profile's NCQ depth of 32 (estimated; whether this "
               "2.5-inch drive queues at all, and how deep the P420i lets it, is not stated) "
               "gains more by reordering than the drive shows.";
    }
    if (f.read) {
        return "HDD reads: predicted slower than measured; the estimated seek curve of the "
               "inferred Travelstar 7K100 is slower than the drive measured.";
    }
    return faster ? "HDD writes: predicted faster than measured; the measured rate falls as "
                    "more writes are in flight (406 IOPS at iodepth 1, ~180 at iodepth 4-64 "
                    "x 1 job): a small write buffer that fills and then destages one write at "
                    "a time, a depth the profile does not have."
                  : "HDD writes at iodepth 1: measured 406 IOPS at 2.45 ms, faster than a "
                    "random 4 KiB write reaches the media (predicted 232 IOPS, 4.3 ms, through "
                    "the drive's write cache destaging in seek order): the acknowledging cache "
                    "(the drive's 8 MB buffer or the P420i's, not stated) absorbs more and "
                    "destages more cheaply than the model's drive write cache.";
}

/// Why an SSD figure misses by more than 35%, the model being faster than the measurement.
std::string ssd_faster_note(const FioFigure& f, const Config& c) {
    if (f.depth * f.jobs == 4) {
        return "Four requests in flight: measured 1.7-2.2x the iodepth-1 rate, predicted "
               "3.4-3.9x; the model lets the drive serve up to its Little's-law parallelism "
               "(data-sheet IOPS x QD1 latency) at once, where this path (the P420i's "
               "firmware and the drive's NCQ) gains less from a few outstanding commands "
               "than from many.";
    }
    if (c.hba) {
        return "HBA mode: the P420i passes reads through to ~45,000-57,000 IOPS, falling to "
               "34,000-42,000 at iodepth 16 or more from 4 or more jobs (RAID mode holds "
               "~68,000-70,000); the profile has one P420i for both modes (HP's 200,000 "
               "commands/s, the SATA lane's per-command cost), with no per-command cost of its "
               "HBA firmware path.";
    }
    if (c.cache_off) {
        return "860 PRO reads of TEST02 (write cache disabled), measured a month after "
               "TEST01 on another device name: they level off at 55,000-58,000 IOPS like the "
               "HBA-mode run, 15-20% below TEST01, with the same profile predicting both (a "
               "read does not pass a write cache); the P420i's per-command ceiling differs "
               "between the runs for a reason the data do not state.";
    }
    if (!f.read) {
        return "Writes predicted faster than the P420i delivers: both SSDs, fresh (their writes "
               "run 2-4x above the steady-state rates on every port of the SATA study), level "
               "off at ~48,000 writes/s in RAID and HBA mode alike (~20.8 us a write on the "
               "port, against ~15.4 us on the MicroServer Gen10's AHCI port and 11.8 us in the "
               "profile's SATA lane): a per-write cost of the P420i's SATA path the profile "
               "lacks (its reads level off at ~68,000-70,000 in RAID mode).";
    }
    return "Predicted faster than the P420i delivers: the SSDs level off near 68,000-70,000 "
           "reads/s in RAID mode whatever their data sheets say, a per-command ceiling of the "
           "controller's firmware path the profile lacks.";
}

/// Why an SSD figure misses by more than 35%, the model being slower than the measurement.
std::string ssd_slower_note(const FioFigure& f) {
    if (!f.read) {
        return "Writes predicted slower than measured: the drives are taken fresh (calibrated, "
               "scripts/calibrate-ssd-state.py), whose rate the model reaches only with more "
               "in flight than this load point has.";
    }
    if (f.read && f.depth * f.jobs == 1) {
        return "Reads at iodepth 1 in RAID mode: 0.070-0.073 ms end to end (HBA mode "
               "0.108-0.129 ms), less than the model's host cost (12 us), SATA lane and the "
               "catalog row's estimated QD1 read latency (75 or 110 us): the estimated "
               "latency is too high for this drive on the P420i's RAID-mode path, which "
               "answers faster than its HBA mode.";
    }
    return "Predicted slower than measured: the drive row's estimated figures are below "
           "what the P420i's cached write path delivers at this load.";
}

/// Why a figure misses by more than 35%: the mechanism the residual points to.
std::string miss_note(const FioFigure& f, const Config& c, double predicted) {
    // Whether the model is faster than the measurement (a time below it, a rate above it).
    const bool faster = f.latency ? predicted < f.measured : predicted > f.measured;
    if (c.system == std::string(kHdd)) {
        return hdd_note(f, faster);
    }
    return faster ? ssd_faster_note(f, c) : ssd_slower_note(f);
}

void add_series(StudyResult& study, const std::vector<FioFigure>& figs,
                const std::vector<double>& predicted) {
    const std::vector<std::pair<std::string, std::string>> lines = {
        {"860 PRO, RAID mode", "Samsung 860 PRO behind P420i (RAID mode), TEST01"},
        {"860 PRO, HBA mode", "Samsung 860 PRO behind P420i in HBA mode"},
        {"D3-S4610, RAID mode", "Intel D3-S4610 (SSDSC2KG48) behind P420i (RAID mode), TEST01"},
        {"D3-S4610, HBA mode", "Intel D3-S4610 behind P420i in HBA mode"}};
    add_fio_read_write_charts(study, "one SSD", lines, figs, predicted);
    const std::string hdd = "HGST HTS72101x 7200 rpm HDD behind P420i (RAID mode)";
    const std::string chart = "4 KiB random I/O against iodepth (numjobs 1), one HDD";
    add_fio_series(study, chart, "reads", figs, predicted, hdd, true, true);
    add_fio_series(study, chart, "writes", figs, predicted, hdd, false, true);
}

}  // namespace

StudyResult run_louwrentius_p420i_cache(const Catalog& catalog, const std::filesystem::path& dir) {
    const StudyInputs in = load_study(catalog, dir, kStudy);
    StudyResult study = begin_study(in, kStudy);
    std::vector<FioFigure> figs;
    for (const auto& f : fio_figures(in)) {
        if (compared(f, config_of(f.config))) {
            figs.push_back(f);
        }
    }
    const std::vector<double> predicted = predict_fio_figures(
        study, in, figs,
        [](const std::string& config) -> std::string { return config_of(config).system; },
        [](const FioFigure& f, double p) { return miss_note(f, config_of(f.config), p); });
    mark_fio_calibration(
        study, figs, [](const FioFigure& f) { return is_calibration(f, config_of(f.config)); },
        true);
    study.profile =
        "Project profile (resources/validation/" + std::string(kStudy) +
        ".json): catalog rows samsung-860-pro-1tb (capacity measured not stated) and "
        "intel-d3-s4610-1.92tb (the 480 GB model was measured), an inline 2.5-inch 7200 rpm "
        "disk (the folder name's HTS72101 100GB 7k taken as a Travelstar 7K100; every figure "
        "estimated; its seek jitter, 3.0 ms, is the one calibrated for the Samsung F1 in the "
        "AHCI study, on no figure of this disk), each alone behind the mx200 study's P420i "
        "(kind hba, 200,000 commands/s, no cache) on the linux-server-2012 host. RAID mode and HBA "
        "mode share one profile. "
        "Every load point is iodepth x numjobs outstanding 4 KiB requests from numjobs "
        "threads over the whole device. One choice is calibrated: the SSDs' state, fresh "
        "(new or purged, written less than their capacity since: SNIA SSS PTS 1.0), not "
        "steady as the assumptions first took it; no data sheet gives a drive's history. "
        "It is chosen on both SSDs' writes at iodepth 64 x numjobs 1 in HBA mode (two IOPS "
        "figures and their mean latencies; RMS ln error 0.55 fresh, 0.75 steady: "
        "scripts/calibrate-ssd-state.py). The 860 PRO's 20 writes with "
        "its write cache disabled are left out (an SSD with its own write cache off is no "
        "configuration the project can state); its reads of that run are compared.";
    study.kendall_tau = mean_tau_per_load_point(
        figs, predicted, [](const std::string& config) { return ranked(config_of(config)); });
    study.kendall_basis =
        "mean over the 32 load points (reads and writes, iodepth x numjobs) of the ranking by "
        "IOPS of the four SSD configurations with a cached write path (860 PRO and D3-S4610, "
        "RAID and HBA mode)";
    add_series(study, figs, predicted);
    // The source states no conclusion about these data (docs/validation/candidates/README.md).
    summarize(study);
    return study;
}

}  // namespace raidadv::validation
