// Louwrentius 2019 (fio-plot benchmark data): one drive at a time behind the HP Smart Array
// P420i of a DL380 Gen8 - a Samsung 860 PRO (RAID mode with write cache, RAID mode with "write
// cache disabled", HBA mode), an Intel D3-S4610 (RAID mode three times, HBA mode) and a 2.5-inch
// 7200 rpm HGST disk (RAID mode); fio 4 KiB random reads and writes on the raw devices, iodepth x
// numjobs in {1,4,16,64}. Figures: IOPS at every load point, mean latency at numjobs 1. The
// assumptions were written before the model ran
// (docs/validation/candidates/louwrentius-2019-p420i-cache-assumptions.md); the D3-S4610's two
// RAID-mode repeats were added in stop 52 with the profile unchanged. Calibrated: the SSDs'
// state (fresh, not steady) and the P420i's port times (scripts/calibrate-ssd-state.py,
// scripts/calibrate-port-times.py); the reads of blocks never written are left out
// (fio_grid.h).

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

/// Whether the configuration is ranked (Kendall's tau): the SSDs with a cached write path.
bool ranked(const Config& c) {
    return c.system != std::string(kHdd) && !c.cache_off;
}

/// The calibration subset, with the mean latencies of the same load points:
/// - the SSDs' state (steady or fresh: no data sheet gives a drive's history) and the P420i's
///   port time per write, on both SSDs' writes at iodepth 64 x numjobs 1 in HBA mode
///   (scripts/calibrate-ssd-state.py, scripts/calibrate-port-times.py);
/// - its port time per read, on both SSDs' HBA-mode reads at iodepth 16 x numjobs 1
///   (scripts/calibrate-port-times.py).
bool is_state_calibration(const FioFigure& f, const Config& c) {
    return ranked(c) && c.hba && !f.read && f.depth == 64 && f.jobs == 1;
}

bool is_read_port_calibration(const FioFigure& f, const Config& c) {
    return ranked(c) && c.hba && f.read && f.depth == 16 && f.jobs == 1;
}

std::string hdd_note(const FioFigure& f, bool faster) {
    if (f.read && faster) {
        return "HDD reads with 16 or more in flight: measured 113 IOPS (1.7x iodepth 1), "
               "the model's about 2x: the drive queues 32 commands (Linux boot logs of this "
               "model print NCQ depth 32) but gains less by reordering them than the model's "
               "drive, whose seek jitter is the Samsung F1's.";
    }
    if (f.read) {
        return "HDD reads: predicted slower than measured; the estimated seek curve of the "
               "inferred Travelstar 7K100 is slower than the drive measured.";
    }
    return faster ? "HDD writes: predicted faster than measured at this load point."
                  : "HDD writes: measured 176-406 IOPS (406 at iodepth 1, 2.45 ms, the first "
                    "write test, 95 MB that never filled the cache), 176-188 from one job and "
                    "215-280 from four or more; the model takes the P420i's cache, destaged in "
                    "address order at the drive's queue depth (150), and has no reason for the "
                    "jobs' difference: how many destages the controller keeps at a drive is in "
                    "no document found.";
}

/// Why an SSD figure misses by more than 35%, the model being faster than the measurement.
std::string ssd_faster_note(const FioFigure& f, const Config& c) {
    if (f.depth * f.jobs == 4) {
        return "Four requests in flight: measured 1.7-2.2x the iodepth-1 rate, predicted "
               "2.7-3.6x (up to the port's ceiling for writes); the model lets the drive serve "
               "up to its Little's-law parallelism (data-sheet IOPS x QD1 latency) at once, "
               "where this path (the P420i's firmware and the drive's NCQ) gains less from a "
               "few outstanding commands than from many.";
    }
    if (!f.read && f.depth * f.jobs == 1) {
        return "Writes at iodepth 1: 76-90 us end to end, predicted 56 us (the host's 12 us, "
               "the lane's 21 us with the P420i's calibrated 9.1 us a write, the drive's "
               "buffer): at one in flight the controller takes longer to complete a write "
               "than its port time per write at depth says.";
    }
    if (c.hba) {
        return "HBA mode: the P420i passes reads through at ~45,000-57,000 IOPS, falling to "
               "34,000-42,000 at iodepth 16 or more from 4 or more jobs; the profile's port "
               "time per read (7.0 us, calibrated on both SSDs at iodepth 16 x 1: ~53,000) "
               "has no fall with more jobs.";
    }
    if (c.cache_off) {
        return "860 PRO reads of TEST02 (write cache disabled), measured a month after "
               "TEST01 on another device name: they level off at 55,000-58,000 IOPS like the "
               "HBA-mode run, with the same profile predicting both (a read does not pass a "
               "write cache).";
    }
    if (!f.read) {
        return "Writes predicted faster than the P420i delivers at this load: the profile's "
               "port time per write (9.1 us, calibrated on the HBA-mode writes at iodepth 64) "
               "sets the ceiling both SSDs reach (~48,000 writes/s) in RAID and HBA mode.";
    }
    return "Predicted faster than the P420i delivers: the profile's one port time per read "
           "(7.0 us, calibrated on the HBA-mode reads) is shorter than this run's.";
}

/// Why an SSD figure misses by more than 35%, the model being slower than the measurement.
std::string ssd_slower_note(const FioFigure& f) {
    if (!f.read) {
        return "Writes predicted slower than measured: the drives are taken fresh (calibrated, "
               "scripts/calibrate-ssd-state.py), whose rate the model reaches only with more "
               "in flight than this load point has.";
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
        {"860 PRO, RAID mode (TEST02)",
         "Samsung 860 PRO behind P420i (RAID mode), TEST02_DISABLED_WRITE_CACHE"},
        {"D3-S4610, RAID mode", "Intel D3-S4610 (SSDSC2KG48) behind P420i (RAID mode), TEST01"},
        {"D3-S4610, HBA mode", "Intel D3-S4610 behind P420i in HBA mode"},
        {"D3-S4610, RAID mode (TEST02)",
         "Intel D3-S4610 (SSDSC2KG48) behind P420i (RAID mode), TEST02_RANDREPEAT_1"}};
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
    // The state is a choice between two (the nearer taken); the port times are fitted values.
    mark_fio_calibration(
        study, figs,
        [](const FioFigure& f) { return is_read_port_calibration(f, config_of(f.config)); }, false);
    mark_fio_calibration(
        study, figs,
        [](const FioFigure& f) { return is_state_calibration(f, config_of(f.config)); }, true);
    study.profile =
        "Project profile (resources/validation/" + std::string(kStudy) +
        ".json): catalog rows samsung-860-pro-1tb (capacity measured not stated) and "
        "intel-d3-s4610-1.92tb (the 480 GB model was measured), an inline 2.5-inch 7200 rpm "
        "disk (the folder name's HTS72101 100GB 7k taken as a Travelstar 7K100; every figure "
        "estimated; its seek jitter, 3.0 ms, is the one calibrated for the Samsung F1 in the "
        "AHCI study, on no figure of this disk), each alone behind the mx200 study's P420i "
        "(kind hba, 200,000 commands/s, no cache) on the linux-server-2012 host. RAID mode and HBA "
        "mode share one profile for the SSDs (a Smart Array's SSD logical drives default to HP "
        "SSD Smart Path, which bypasses its cache); the disk's logical drive is cached (ssacli: "
        "'LD Acceleration Method: Controller Cache'), so its P420i is hardware RAID with 1 GiB "
        "of flash-backed cache (estimated module size), which turns the disk's own cache off "
        "and destages in address order ('Elevator Sort: Enabled'). "
        "Every load point is iodepth x numjobs outstanding 4 KiB requests from numjobs "
        "threads over the whole device. Three values are calibrated, none given by a data "
        "sheet. The SSDs' state: fresh (new or purged, written less than their capacity "
        "since: SNIA SSS PTS 1.0), not steady as the assumptions first took it, chosen on "
        "both SSDs' writes at iodepth 64 x numjobs 1 in HBA mode (two IOPS figures and their "
        "mean latencies; RMS ln error 0.002 fresh, 0.75 steady: "
        "scripts/calibrate-ssd-state.py). The P420i's port time per command, beyond the "
        "SATA lane's own (every SSD levels off below its AHCI rate, both at ~48,000 writes/s "
        "in either mode; three MX200s in md RAID 0 reach three times one: a per-port cost): "
        "9.1 us a write on the same two writes, 7.0 us a read on both SSDs' HBA-mode "
        "reads at iodepth 16 x numjobs 1 (and their mean latencies; "
        "scripts/calibrate-port-times.py). The 860 PRO's 20 writes with "
        "its write cache disabled are left out (an SSD with its own write cache off is no "
        "configuration the project can state); its reads of that run are compared. The "
        "D3-S4610's two RAID-mode repeats of September (TEST02_RANDREPEAT_1 and "
        "TEST03_RANDREPEAT_0) are predicted with the same profile." +
        never_written_sentence(in);
    study.kendall_tau = mean_tau_per_load_point(
        figs, predicted, [](const std::string& config) { return ranked(config_of(config)); });
    study.kendall_basis =
        "mean over the 32 load points (reads and writes, iodepth x numjobs) of the ranking by "
        "IOPS of the SSD configurations with a cached write path compared there (860 PRO and "
        "D3-S4610 in RAID mode, the D3-S4610's two repeats, both in HBA mode; the reads of "
        "blocks never written left out)";
    add_series(study, figs, predicted);
    // The source states no conclusion about these data (docs/validation/candidates/README.md).
    summarize(study);
    return study;
}

}  // namespace raidadv::validation
