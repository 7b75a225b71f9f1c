#include "validation/fio_grid.h"

#include <algorithm>

namespace raidadv::validation {

std::vector<FioFigure> fio_figures(const StudyInputs& in) {
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
        out.push_back(f);
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

}  // namespace raidadv::validation
