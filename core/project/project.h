#pragma once
// Project / scenario files: JSON with a format name and version (docs/file-format.md).
// Components are given by catalog id or inline; the reader resolves ids against a Catalog and
// validates everything, reporting problems by JSON path.

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "evaluate/system.h"
#include "workload/workload.h"

namespace raidadv {

class Catalog;

inline constexpr const char* kProjectFormatName = "raid-advisor-project";
inline constexpr int kProjectFormatVersion = 1;

struct Project {
    std::string name;
    std::string description;
    std::vector<System> systems;
    std::vector<Workload> workloads;
};

/// A validation problem: JSON path ("systems[0].layout.drives") and what is wrong / allowed.
struct ProjectIssue {
    std::string path;
    std::string message;
    std::string to_string() const { return path + ": " + message; }
};

/// Thrown by the readers; carries every problem found (at least one).
struct ProjectError : std::runtime_error {
    explicit ProjectError(std::vector<ProjectIssue> issues);
    std::vector<ProjectIssue> issues;
};

/// Parses and validates project JSON text. Throws ProjectError.
Project parse_project(const std::string& json_text, const Catalog& catalog);
/// Reads a project file (refusing files over 64 MiB). Throws ProjectError.
Project load_project(const std::filesystem::path& path, const Catalog& catalog);

}  // namespace raidadv
