// Louwrentius 2019-2020 (fio-plot benchmark data): single SATA SSDs - an Intel D3-S4610 480 GB,
// a Samsung PM883 480 GB and a Samsung 860 PRO - on an HPE MicroServer Gen10's AHCI SATA 6 Gb/s
// port, an HP MicroServer Gen8's SATA 3 Gb/s port and an IBM M1015 (LSI SAS2008) HBA; fio 4 KiB
// random reads and writes on the raw devices, iodepth x numjobs in {1,4,16,64}. Figures: IOPS at
// every load point, mean latency at numjobs 1. The assumptions were written before the model ran
// (docs/validation/candidates/louwrentius-2019-sata-ssds-assumptions.md). Two choices are
// calibrated: the drives' state (fresh, not steady), on their writes at iodepth 64 x 1 on the
// M1015 (scripts/calibrate-ssd-state.py), and each port's time per read and per write, on its
// drives' reads and writes at iodepth 16 x 4 (scripts/calibrate-port-times.py).

#include <cmath>
#include <string>
#include <vector>

#include "validation/fio_grid.h"
#include "validation/studies.h"

namespace raidadv::validation {

namespace {

constexpr const char* kStudy = "louwrentius-2019-sata-ssds";

/// A configuration of the .measured.json and the project system that predicts it.
struct Config {
    const char* measured;  ///< the figures' configuration (their id before the first '|')
    const char* system;    ///< the project's system
    const char* port;      ///< short name for the charts
};

constexpr Config kConfigs[] = {
    {"Intel D3-S4610 480 GB (SSDSC2KG48) on the MicroServer Gen10's AHCI port",
     "Intel D3-S4610 on AHCI 6 Gb/s (MicroServer Gen10)", "D3-S4610, AHCI 6 Gb/s"},
    {"Samsung PM883 480 GB (MZ7LH480) on the MicroServer Gen10's AHCI port",
     "Samsung PM883 on AHCI 6 Gb/s (MicroServer Gen10)", "PM883, AHCI 6 Gb/s"},
    {"Intel D3-S4610 on the MicroServer Gen8's SATA 3 Gb/s port",
     "Intel D3-S4610 on AHCI 3 Gb/s (MicroServer Gen8)", "D3-S4610, 3 Gb/s"},
    {"Samsung 860 PRO on the MicroServer Gen8's SATA 3 Gb/s port",
     "Samsung 860 PRO on AHCI 3 Gb/s (MicroServer Gen8)", "860 PRO, 3 Gb/s"},
    {"Samsung PM883 on the MicroServer Gen8's SATA 3 Gb/s port",
     "Samsung PM883 on AHCI 3 Gb/s (MicroServer Gen8)", "PM883, 3 Gb/s"},
    {"Intel D3-S4610 on an IBM M1015 (LSI SAS2008) HBA",
     "Intel D3-S4610 on the M1015 (LSI SAS2008) HBA", "D3-S4610, M1015"},
    {"Samsung 860 PRO on an IBM M1015 (LSI SAS2008) HBA",
     "Samsung 860 PRO on the M1015 (LSI SAS2008) HBA", "860 PRO, M1015"},
    {"Samsung PM883 on an IBM M1015 (LSI SAS2008) HBA",
     "Samsung PM883 on the M1015 (LSI SAS2008) HBA", "PM883, M1015"},
};

const Config& config_of(const std::string& measured) {
    for (const Config& c : kConfigs) {
        if (measured == c.measured) {
            return c;
        }
    }
    throw InputError(std::string(kStudy) + ".measured.json: unknown configuration '" + measured +
                     "'");
}

/// The calibration subset:
/// - the drives' state (steady or fresh: no data sheet gives a drive's history), on the three
///   drives' writes at iodepth 64 x numjobs 1 on the M1015, a plain HBA, and their mean
///   latencies (the same load point; scripts/calibrate-ssd-state.py);
/// - each port's time per read and per write beyond the SATA lane's (no data sheet gives it),
///   on every drive's compared reads and writes at iodepth 16 x numjobs 4 on that port
///   (scripts/calibrate-port-times.py; never_written_reads leaves the Gen10's reads out).
bool is_state_calibration(const FioFigure& f) {
    return !f.read && f.depth == 64 && f.jobs == 1 &&
           std::string(config_of(f.config).port).find("M1015") != std::string::npos;
}

bool is_port_calibration(const FioFigure& f) {
    return f.depth == 16 && f.jobs == 4;
}

bool contains(const std::string& s, const char* part) {
    return s.find(part) != std::string::npos;
}

/// Why a figure misses by more than 35%: the mechanism the residual points to.
std::string miss_note(const FioFigure& f, const Config& c, double predicted) {
    // Whether the model is faster than the measurement (a time below it, a rate above it).
    const bool faster = f.latency ? predicted < f.measured : predicted > f.measured;
    const std::string port = c.port;
    if (f.depth * f.jobs == 1) {
        return faster ? "One request in flight: the measurement is slower than the catalog row's "
                        "estimated QD1 latency plus the host's and the link's costs; on this port "
                        "each command costs more than the model's profile says."
                      : "One request in flight: measured faster than the catalog row's estimated "
                        "QD1 latency (110 us for the data-center rows, 75 us for the 860 PRO) "
                        "plus the host's 12 us and the link; the estimate is too high for this "
                        "drive on this port.";
    }
    if (!f.read && !faster) {
        return "Writes predicted slower than measured: the drives are taken fresh (calibrated, "
               "scripts/calibrate-ssd-state.py), whose rate the model reaches only with more "
               "in flight than this load point has.";
    }
    if (!f.read && faster) {
        return "Writes predicted faster than measured: each port's calibrated time per write "
               "(on its drives' writes at iodepth 16 x 4) sets one ceiling for its drives, "
               "where they level off apart (55,000-63,000 on the M1015) or lower at this "
               "load.";
    }
    if (faster && contains(port, "M1015")) {
        return "The M1015's reads level off per drive (the PM883 41,000-45,000, the D3-S4610 "
               "51,000-64,000, the 860 PRO 58,000-74,000, falling with 4 or more jobs) where "
               "its one calibrated time per read (8.2 us, on the three at iodepth 16 x 4) "
               "gives every drive one ceiling: the HBA's SATA path costs more with some "
               "drives than with others.";
    }
    if (faster) {
        return "Predicted faster than measured: the profile's ceilings (the SATA lane's "
               "per-command cost, the drive's data-sheet IOPS, 12 us a request in one thread) "
               "are above what this port and host delivered.";
    }
    return "Predicted slower than measured: the catalog row's estimated figures (QD1 latency, "
           "data-sheet parallelism) are below what this drive delivered on this port.";
}

void add_series(StudyResult& study, const std::vector<FioFigure>& figs,
                const std::vector<double>& predicted) {
    std::vector<std::pair<std::string, std::string>> lines;
    for (const Config& c : kConfigs) {
        lines.emplace_back(c.port, c.measured);
    }
    add_fio_read_write_charts(study, "one SATA SSD per port", lines, figs, predicted);
}

}  // namespace

StudyResult run_louwrentius_sata_ssds(const Catalog& catalog, const std::filesystem::path& dir) {
    const StudyInputs in = load_study(catalog, dir, kStudy);
    StudyResult study = begin_study(in, kStudy);
    const std::vector<FioFigure> figs = fio_figures(in);
    const std::vector<double> predicted = predict_fio_figures(
        study, in, figs,
        [](const std::string& config) -> std::string { return config_of(config).system; },
        [](const FioFigure& f, double p) { return miss_note(f, config_of(f.config), p); });
    // The state is a choice between two (the nearer taken); the port times are fitted values.
    mark_fio_calibration(study, figs, is_port_calibration, false);
    mark_fio_calibration(study, figs, is_state_calibration, true);
    study.profile =
        "Project profile (resources/validation/" + std::string(kStudy) +
        ".json): catalog rows intel-d3-s4610-1.92tb and samsung-pm883-3.84tb (the 480 GB "
        "models were measured) and samsung-860-pro-1tb, one at a time on amd-chipset-sata "
        "(the MicroServer Gen10's AHCI, SATA 6 Gb/s), ahci-pch-sata (the MicroServer Gen8's "
        "AHCI, a SATA 3 Gb/s port) or lsi-9211-8i (the M1015's SAS2008, SATA 6 Gb/s), on the "
        "linux-server-2012 host. Every load point is iodepth x numjobs outstanding 4 KiB "
        "requests from numjobs threads over the whole device. Two choices are calibrated, "
        "none given by a data sheet. The drives' state: fresh (new or purged, written less "
        "than their capacity since: SNIA SSS PTS 1.0), not steady as the assumptions first "
        "took it, chosen on the three drives' writes at iodepth 64 x numjobs 1 on the M1015 "
        "(three IOPS figures and their mean latencies; RMS ln error 0.32 fresh, 0.89 steady, "
        "0.08 fresh with the ports' times: scripts/calibrate-ssd-state.py). A fresh drive "
        "whose data sheet gives only "
        "steady-state writes writes A(op) times that rate, up to its burst sequential rate "
        "(docs/model.md). Each port's time per command beyond the SATA lane's own (different "
        "drives level off together on the Gen10's AHCI: the port's ceiling, not theirs), "
        "calibrated on every drive's compared reads and writes at iodepth 16 x numjobs 4 on "
        "that port (13 IOPS figures; scripts/calibrate-port-times.py): the Gen10's AHCI 3.5 "
        "us a write (no read compared there, so no read time: 0), the Gen8's 0.4 us a read "
        "and 1.2 us a write, the M1015's 8.2 and 5.8 us; the catalog rows are copied inline "
        "to carry them." +
        never_written_sentence(in);
    study.kendall_tau =
        mean_tau_per_load_point(figs, predicted, [](const std::string&) { return true; });
    study.kendall_basis =
        "mean over the 32 load points (reads and writes, iodepth x numjobs) of the ranking by "
        "IOPS of the eight drive-and-port configurations";
    add_series(study, figs, predicted);
    // The source states no conclusion about these data (benchmark_data/README.md warns that the
    // system or the controller was often the bottleneck).
    summarize(study);
    return study;
}

}  // namespace raidadv::validation
