#pragma once
// Older project files brought up to the current format version, one version at a time
// (docs/file-format.md, "Versions"; PrusaSlicer 3MF and MuseScore migrate the same way). No Qt:
// the CLI reads old files through the same steps as the desktop application.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "project/project.h"

namespace raidadv {

/// What a project file's text says about itself before the rest is read.
struct ProjectHeader {
    int version = 0;         ///< the file's format version; 0 when unreadable
    std::string written_by;  ///< version of the RAID Advisor that wrote it; "" if not given
    std::vector<ProjectIssue> issues;  ///< why the file cannot be read at all; empty = readable

    bool ok() const { return issues.empty(); }
    /// True when the file is of an older format version than this program writes.
    bool needs_migration() const { return ok() && version < kProjectFormatVersion; }
};

/// Checks JSON syntax (duplicate keys included), `format` and `version` without a catalog:
/// malformed files, files of another format and files of a newer format version get issues that
/// name the problem ("version: made by a newer RAID Advisor 0.3.0: format version 4, this
/// version reads up to 3").
ProjectHeader read_project_header(const std::string& json_text);

/// Migrates `root`, a project object whose `version` is from 1 to kProjectFormatVersion, to
/// kProjectFormatVersion. Returns one sentence per step taken (empty if the file was current).
/// Callers check the header first; a version outside that range is left unchanged.
std::vector<std::string> migrate_project_json(nlohmann::json& root);
std::vector<std::string> migrate_project_json(nlohmann::ordered_json& root);

}  // namespace raidadv
