#pragma once
// Studies measured with fio over a grid of iodepth x numjobs (Louwrentius' fio-plot data): one
// figure per file and direction (IOPS), plus the mean latency at numjobs 1. Each load point is
// predicted as `iodepth x numjobs` outstanding requests submitted by `numjobs` threads.

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "validation/study_inputs.h"

namespace raidadv::validation {

/// One figure of a fio grid, as the .measured.json gives it.
struct FioFigure {
    std::string id;      ///< the figure's id ("<configuration>|<test>[|mean latency]")
    std::string config;  ///< the part of the id before the first '|'
    std::string test;    ///< "4 KiB random read, iodepth 4 x numjobs 2"
    bool read = true;
    int depth = 1;
    int jobs = 1;
    bool latency = false;  ///< the mean latency (ms), else IOPS
    double measured = 0.0;
};

/// us: a configuration whose 4 KiB random reads at iodepth 1 x numjobs 1 complete in a median
/// time below this read blocks never written (derived: over every SSD series of the fio-plot
/// data the medians fall in two groups, 37-45 us and 87-134 us; the same drive, controller and
/// mode read 45 us with fio's randrepeat=0 and 114 us with randrepeat=1, which re-reads the
/// offsets earlier series wrote: a flash translation layer answers a read of a block it holds
/// no data for without a flash read, scripts/ssd-read-history.py).
inline constexpr double kNeverWrittenMedianUs = 60.0;

/// The configurations of the study whose reads found blocks never written (their
/// `qd1_read_completion_median_us` in the .measured.json below kNeverWrittenMedianUs), with
/// that median; empty where the study gives no medians.
std::vector<std::pair<std::string, double>> never_written_reads(const StudyInputs& in);

/// Every figure of the study's grid, in file order, but the reads (IOPS and latencies) of the
/// configurations never_written_reads names: the model reads data, and a read of a block never
/// written is no workload a user's data gives; throws InputError on a figure without its fio
/// parameters.
std::vector<FioFigure> fio_figures(const StudyInputs& in);

/// The profile's sentence on the reads left out (never_written_reads), "" if none.
std::string never_written_sentence(const StudyInputs& in);

/// The model's point for `depth x jobs` outstanding requests from `jobs` threads.
PointMetrics fio_point(const System& system, Workload workload, int depth, int jobs);

/// The figure's predicted value: IOPS, or the mean response in ms.
double fio_value(const FioFigure& f, const PointMetrics& p);

/// Adds the figure `f` predicted as `predicted` on `system` under `workload`: its rule-of-thumb
/// baseline (IOPS figures only) and its evidence class.
Figure& add_fio_figure(StudyResult& study, const StudyInputs& in, const FioFigure& f,
                       const System& system, const Workload& workload, double predicted);

/// The project's workload of fio's 4 KiB random reads (or writes) on the raw device, as the
/// Louwrentius single-drive and md studies name it.
const Workload& raw_device_workload(const StudyInputs& in, bool read);

/// Predicts and adds every figure of `figs`: on the project system `system_of(config)` names,
/// under raw_device_workload; `note_of(figure, predicted)` explains a miss of over 35%. Returns
/// the predictions, in the figures' order.
std::vector<double> predict_fio_figures(
    StudyResult& study, const StudyInputs& in, const std::vector<FioFigure>& figs,
    const std::function<std::string(const std::string& config)>& system_of,
    const std::function<std::string(const FioFigure& f, double predicted)>& note_of);

/// Marks the figures `is_calibration` accepts (added by predict_fio_figures, in `figs`' order) as
/// calibration figures, their miss notes dropped; `choice`: the calibration chose between
/// discrete alternatives (Figure::calibration_choice) instead of fitting a value.
void mark_fio_calibration(StudyResult& study, const std::vector<FioFigure>& figs,
                          const std::function<bool(const FioFigure& f)>& is_calibration,
                          bool choice = false);

/// The mean over the load points (direction, iodepth, numjobs) of Kendall's tau between the
/// measured and predicted IOPS of the configurations `ranked` accepts at that point (derived:
/// such a study ranks drives and modes under the same load, not load points); NaN if none.
double mean_tau_per_load_point(const std::vector<FioFigure>& figs,
                               const std::vector<double>& predicted,
                               const std::function<bool(const std::string& config)>& ranked);

/// "reads, 4 KiB: IOPS against outstanding I/Os (numjobs 1)"-style series over the grid's
/// numjobs-1 column and its iodepth-1 row, measured and predicted, for the study's charts.
void add_fio_series(StudyResult& study, const std::string& chart, const std::string& name,
                    const std::vector<FioFigure>& figs, const std::vector<double>& predicted,
                    const std::string& config, bool read, bool along_depth);

/// The two charts "4 KiB random reads / writes against iodepth (numjobs 1), <what>", each with
/// an add_fio_series line per (name, config) of `lines`.
void add_fio_read_write_charts(StudyResult& study, const std::string& what,
                               const std::vector<std::pair<std::string, std::string>>& lines,
                               const std::vector<FioFigure>& figs,
                               const std::vector<double>& predicted);

}  // namespace raidadv::validation
