#pragma once
// JSON text -> nlohmann::json for project files: reports syntax errors with line and column,
// numbers too large for a double, duplicate keys (by path) and absurd nesting as ProjectIssues.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "project/project.h"

namespace raidadv::project_detail {

/// Deepest nesting of arrays and objects a project file may use (the format needs 5).
inline constexpr int kMaxJsonDepth = 64;

/// Parses `text`. Syntax errors give nullopt and one issue at "$"; duplicate keys give a value
/// (the last occurrence wins) and one issue per duplicate, so that validation can go on.
std::optional<nlohmann::json> parse_json_text(const std::string& text,
                                              std::vector<ProjectIssue>& issues);

}  // namespace raidadv::project_detail
