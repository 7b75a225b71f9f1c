#include "validation/study_inputs.h"

#include <fstream>
#include <sstream>

namespace raidadv::validation {

StudyInputs load_study(const Catalog& catalog, const std::filesystem::path& dir,
                       const std::string& name, bool has_project) {
    StudyInputs in;
    if (has_project) {
        const auto project_path = dir / (name + ".json");
        try {
            in.project = load_project(project_path, catalog);
        } catch (const ProjectError& e) {
            std::string text = project_path.string() + ": ";
            for (const auto& issue : e.issues) {
                text += issue.to_string() + "; ";
            }
            throw InputError(text);
        }
    }
    const auto measured_path = dir / (name + ".measured.json");
    std::ifstream file(measured_path);
    if (!file) {
        throw InputError(measured_path.string() + ": cannot be read");
    }
    std::stringstream text;
    text << file.rdbuf();
    in.measured = nlohmann::json::parse(text.str(), nullptr, false);
    if (in.measured.is_discarded() || !in.measured.is_object() ||
        !in.measured.contains("figures") || !in.measured["figures"].is_array()) {
        throw InputError(measured_path.string() + ": not a measurements document");
    }
    for (const auto& f : in.measured["figures"]) {
        if (!f.contains("id") || !f.contains("measured") || !f["measured"].is_number()) {
            throw InputError(measured_path.string() + ": a figure lacks id or measured");
        }
        in.figures[f["id"].get<std::string>()] = f["measured"].get<double>();
        in.units[f["id"].get<std::string>()] = f.value("unit", "");
    }
    return in;
}

const System& system_named(const Project& project, const std::string& name) {
    for (const auto& s : project.systems) {
        if (s.name == name) {
            return s;
        }
    }
    throw InputError("no system named '" + name + "' in the study's project");
}

const Workload& workload_named(const Project& project, const std::string& name) {
    for (const auto& w : project.workloads) {
        if (w.name == name) {
            return w;
        }
    }
    throw InputError("no workload named '" + name + "' in the study's project");
}

Figure& add_figure(StudyResult& study, const StudyInputs& inputs, const std::string& id,
                   const std::string& name, double predicted, double baseline, bool calibration) {
    const auto it = inputs.figures.find(id);
    if (it == inputs.figures.end()) {
        throw InputError(study.name + ".measured.json: no figure '" + id + "'");
    }
    Figure f;
    f.name = name;
    f.unit = inputs.units.at(id);
    f.measured = it->second;
    f.predicted = predicted;
    f.baseline = baseline;
    f.calibration = calibration;
    study.figures.push_back(f);
    return study.figures.back();
}

std::string significant(double v, int digits) {
    std::ostringstream s;
    s.precision(digits);
    s << v;
    return s.str();
}

StudyResult begin_study(const StudyInputs& inputs, const std::string& name) {
    StudyResult study;
    study.name = name;
    study.title = inputs.measured.value("title", "");
    study.year = inputs.measured.value("year", 0);
    return study;
}

Figure& classify(Figure& fig, const System& system, const Workload& workload) {
    fig.evidence = evidence_class(system, workload);
    fig.hardware = hardware_key(system);
    return fig;
}

}  // namespace raidadv::validation
