#pragma once
// The validation of every study, run once per test executable and shared by its test files.

#include <stdexcept>
#include <string>

#include "catalog/catalog.h"
#include "validation/validation.h"

namespace raidadv::test {

inline const validation::ValidationReport& validation_report() {
    static const validation::ValidationReport r = [] {
        const Catalog catalog = Catalog::open(RAID_CATALOG_DB);
        return validation::run_validation(catalog, std::string(RAID_RESOURCES_DIR) + "/validation");
    }();
    return r;
}

/// The study named `name` of the shared report; nullptr if there is none.
inline const validation::StudyResult* study_named(const std::string& name) {
    for (const auto& s : validation_report().studies) {
        if (s.name == name) {
            return &s;
        }
    }
    return nullptr;
}

/// The figure named `name` of `study`; nullptr if there is none.
inline const validation::Figure* figure_named(const validation::StudyResult& study,
                                              const std::string& name) {
    for (const auto& f : study.figures) {
        if (f.name == name) {
            return &f;
        }
    }
    return nullptr;
}

/// The study named `name`; throws (the test fails, naming it) if there is none.
inline const validation::StudyResult& required_study(const std::string& name) {
    const validation::StudyResult* s = study_named(name);
    if (s == nullptr) {
        throw std::runtime_error("no study " + name);
    }
    return *s;
}

/// The figure named `name` of `study`; throws (the test fails, naming it) if there is none.
inline const validation::Figure& required_figure(const validation::StudyResult& study,
                                                 const std::string& name) {
    const validation::Figure* f = figure_named(study, name);
    if (f == nullptr) {
        throw std::runtime_error("no figure " + name + " in " + study.name);
    }
    return *f;
}

}  // namespace raidadv::test
