#pragma once
// Reading a study's inputs from resources/validation: its project (hardware profile and
// workloads, components by catalog id) and its measured figures.

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "evaluate/evaluator.h"
#include "project/project.h"
#include "validation/validation.h"

namespace raidadv::validation {

/// Thrown when a study's inputs are missing or broken; names the file.
struct InputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct StudyInputs {
    Project project;                        ///< empty when the study has no project file
    nlohmann::json measured;                ///< the .measured.json document
    std::map<std::string, double> figures;  ///< id -> measured value
    std::map<std::string, std::string> units;
};

StudyInputs load_study(const Catalog& catalog, const std::filesystem::path& dir,
                       const std::string& name, bool has_project = true);

const System& system_named(const Project& project, const std::string& name);
const Workload& workload_named(const Project& project, const std::string& name);

/// `v` with `digits` significant digits, for the evidence texts ("0.122", "172").
std::string significant(double v, int digits);

/// A study's result with its name, and the title and year its .measured.json gives.
StudyResult begin_study(const StudyInputs& inputs, const std::string& name);

/// Adds a figure with its measurement looked up by id; throws InputError if it is missing.
Figure& add_figure(StudyResult& study, const StudyInputs& inputs, const std::string& id,
                   const std::string& name, double predicted, double baseline,
                   bool calibration = false);

/// Sets what `fig` predicts for: its evidence class and the hardware it was measured on
/// (evidence_class, hardware_key of `system` under `workload`).
Figure& classify(Figure& fig, const System& system, const Workload& workload);

}  // namespace raidadv::validation
