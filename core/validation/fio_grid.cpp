#include "validation/fio_grid.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "validation/baseline.h"
#include "validation/statistics.h"

namespace raidadv::validation {

std::vector<std::pair<std::string, double>> never_written_reads(const StudyInputs& in) {
    std::vector<std::pair<std::string, double>> out;
    const auto it = in.measured.find("qd1_read_completion_median_us");
    if (it == in.measured.end()) {
        return out;
    }
    if (!it->is_object()) {
        throw InputError("qd1_read_completion_median_us must map configurations to microseconds");
    }
    for (const auto& [config, median] : it->items()) {
        if (!median.is_number() || median.get<double>() <= 0.0) {
            throw InputError("qd1_read_completion_median_us of '" + config +
                             "' must be a positive number of microseconds");
        }
        if (median.get<double>() < kNeverWrittenMedianUs) {
            out.emplace_back(config, median.get<double>());
        }
    }
    return out;
}

std::string never_written_sentence(const StudyInputs& in) {
    const auto left_out = never_written_reads(in);
    if (left_out.empty()) {
        return "";
    }
    std::string names;
    for (std::size_t i = 0; i < left_out.size(); ++i) {
        names += (i == 0                     ? ""
                  : i + 1 == left_out.size() ? " and "
                                             : ", ") +
                 left_out[i].first + " (" + significant(left_out[i].second, 2) + " us)";
    }
    return " The reads of " + std::to_string(left_out.size()) +
           (left_out.size() == 1 ? " configuration are" : " configurations are") +
           " not compared, their writes are: " + names +
           " completed half their reads at iodepth 1 in under " +
           significant(kNeverWrittenMedianUs, 2) +
           " us (fio's median completion latency), where every fio-plot series reading data took "
           "87-134 us: they read blocks never written, which the drive answers without a flash "
           "read "
           "(the same drive, controller and mode read in 45 us with fio's randrepeat=0 and in "
           "114 us re-reading the offsets earlier series wrote; scripts/ssd-read-history.py). "
           "The model reads data.";
}

std::vector<FioFigure> fio_figures(const StudyInputs& in) {
    const auto never_written = never_written_reads(in);
    std::vector<FioFigure> out;
    for (const auto& j : in.measured.at("figures")) {
        FioFigure f;
        f.id = j.at("id").get<std::string>();
        const auto bar = f.id.find('|');
        if (bar == std::string::npos || !j.contains("queue_depth") || !j.contains("jobs") ||
            !j.contains("read_fraction")) {
            throw InputError("figure '" + f.id + "' lacks its fio parameters");
        }
        f.config = f.id.substr(0, bar);
        f.test = f.id.substr(bar + 1);
        f.latency = f.test.find("|mean latency") != std::string::npos;
        f.depth = j.at("queue_depth").get<int>();
        f.jobs = j.at("jobs").get<int>();
        f.read = j.at("read_fraction").get<double>() >= 0.5;
        f.measured = j.at("measured").get<double>();
        const bool left_out =
            f.read && std::any_of(never_written.begin(), never_written.end(),
                                  [&](const auto& c) { return c.first == f.config; });
        if (!left_out) {
            out.push_back(f);
        }
    }
    return out;
}

PointMetrics fio_point(const System& system, Workload workload, int depth, int jobs) {
    // fio: numjobs threads, each keeping iodepth requests in flight (libaio).
    workload.concurrency = {depth * jobs};
    workload.arrival_rates_per_s.clear();
    workload.threads = jobs;
    return evaluate(system, workload).points.front();
}

double fio_value(const FioFigure& f, const PointMetrics& p) {
    return f.latency ? p.mean_response_s * 1e3 : p.iops;
}

void add_fio_series(StudyResult& study, const std::string& chart, const std::string& name,
                    const std::vector<FioFigure>& figs, const std::vector<double>& predicted,
                    const std::string& config, bool read, bool along_depth) {
    Series s;
    s.chart = chart;
    s.name = name;
    s.x_label = along_depth ? "iodepth (numjobs 1)" : "numjobs (iodepth 1)";
    s.y_label = "IOPS";
    for (std::size_t i = 0; i < figs.size(); ++i) {
        const FioFigure& f = figs[i];
        if (f.config != config || f.read != read || f.latency ||
            (along_depth ? f.jobs != 1 : f.depth != 1)) {
            continue;
        }
        s.x.push_back(along_depth ? f.depth : f.jobs);
        s.measured.push_back(f.measured);
        s.predicted.push_back(predicted[i]);
    }
    if (!s.x.empty()) {
        study.series.push_back(s);
    }
}

Figure& add_fio_figure(StudyResult& study, const StudyInputs& in, const FioFigure& f,
                       const System& system, const Workload& workload, double predicted) {
    const double base = f.latency ? 0.0 : baseline_iops(system, workload.read_fraction);
    Figure& fig = add_figure(study, in, f.id, f.config + ": " + f.test, predicted, base);
    return classify(fig, system, workload);
}

const Workload& raw_device_workload(const StudyInputs& in, bool read) {
    return workload_named(in.project, read ? "fio 4 KiB random reads, raw device"
                                           : "fio 4 KiB random writes, raw device");
}

std::vector<double> predict_fio_figures(
    StudyResult& study, const StudyInputs& in, const std::vector<FioFigure>& figs,
    const std::function<std::string(const std::string& config)>& system_of,
    const std::function<std::string(const FioFigure& f, double predicted)>& note_of) {
    std::vector<double> predicted;
    for (const auto& f : figs) {
        const System& s = system_named(in.project, system_of(f.config));
        const Workload& w = raw_device_workload(in, f.read);
        const double p = fio_value(f, fio_point(s, w, f.depth, f.jobs));
        predicted.push_back(p);
        Figure& fig = add_fio_figure(study, in, f, s, w, p);
        if (std::abs(fig.error_pct()) > 35.0) {
            fig.note = note_of(f, p);
        }
    }
    return predicted;
}

void mark_fio_calibration(StudyResult& study, const std::vector<FioFigure>& figs,
                          const std::function<bool(const FioFigure& f)>& is_calibration,
                          bool choice) {
    for (std::size_t i = 0; i < figs.size(); ++i) {
        if (is_calibration(figs[i])) {
            Figure& fig = study.figures[i];
            fig.calibration = true;
            fig.calibration_choice = choice;
            fig.note.clear();
        }
    }
}

double mean_tau_per_load_point(const std::vector<FioFigure>& figs,
                               const std::vector<double>& predicted,
                               const std::function<bool(const std::string& config)>& ranked) {
    std::map<std::tuple<bool, int, int>, std::pair<std::vector<double>, std::vector<double>>>
        points;
    for (std::size_t i = 0; i < figs.size(); ++i) {
        const FioFigure& f = figs[i];
        if (!f.latency && ranked(f.config)) {
            auto& p = points[{f.read, f.depth, f.jobs}];
            p.first.push_back(f.measured);
            p.second.push_back(predicted[i]);
        }
    }
    double sum = 0.0;
    for (const auto& [key, p] : points) {
        sum += kendall_tau(p.first, p.second);
    }
    return points.empty() ? std::nan("") : sum / static_cast<double>(points.size());
}

void add_fio_read_write_charts(StudyResult& study, const std::string& what,
                               const std::vector<std::pair<std::string, std::string>>& lines,
                               const std::vector<FioFigure>& figs,
                               const std::vector<double>& predicted) {
    for (const bool read : {true, false}) {
        const std::string chart = std::string("4 KiB random ") + (read ? "reads" : "writes") +
                                  " against iodepth (numjobs 1), " + what;
        for (const auto& [name, config] : lines) {
            add_fio_series(study, chart, name, figs, predicted, config, read, true);
        }
    }
}

}  // namespace raidadv::validation
