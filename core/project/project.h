#pragma once
// Project / scenario files: JSON with a format name and version (docs/file-format.md).
// Components are given by catalog id or inline; the reader resolves ids against a Catalog and
// validates everything, reporting problems by JSON path.

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "advisor/request.h"
#include "system/system.h"
#include "workload/workload.h"

namespace raidadv {

class Catalog;

inline constexpr const char* kProjectFormatName = "raid-advisor-project";
/// Version 2 added `written_by` (replacing `app_version`) and `session`; version 3 the ZFS pool
/// layouts (levels zfs-mirror, raidz1-3, draid1-3 and their keys); version 4 md's write-intent
/// bitmap keys and the SSDs' sustained write rate; version 5 a system's ssd_state; version 6
/// the advisor's writes_per_day_tb (docs/file-format.md, "Versions").
inline constexpr int kProjectFormatVersion = 6;

/// What the desktop application restores with a project: not part of the question asked.
struct ProjectSession {
    std::vector<std::string> pins;  ///< configurations pinned to Compare, by name, at most 4
    std::string selected;           ///< the configuration selected in the ranking; "" = the pick
};

struct Project {
    std::string name;
    std::string description;
    std::vector<System> systems;
    std::vector<Workload> workloads;
    /// The question for the advisor, if the project asks one (then `systems` may be empty).
    std::optional<advisor::Request> advisor;
    ProjectSession session;
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
