#include "project/migrate.h"

#include <cmath>

namespace raidadv {

namespace {

/// Version 1 -> 2: the writer's version moves from `app_version` into
/// `written_by {app, version}`; version 2 also allows the `session` section (nothing to move).
template <typename Json>
std::string migrate_1_to_2(Json& root) {
    if (root.contains("app_version") && !root.contains("written_by")) {
        const Json app_version = root["app_version"];
        root.erase("app_version");
        Json written_by = Json::object();
        written_by["app"] = "RAID Advisor";
        written_by["version"] = app_version;
        root["written_by"] = std::move(written_by);
        return "format version 1 to 2: 'app_version' became 'written_by'";
    }
    return "format version 1 to 2";
}

template <typename Json>
std::vector<std::string> migrate(Json& root) {
    std::vector<std::string> steps;
    if (!root.is_object() || !root.contains("version") || !root["version"].is_number()) {
        return steps;
    }
    const double number = root["version"].template get<double>();
    if (number != std::floor(number) || number < 1 || number >= kProjectFormatVersion) {
        return steps;
    }
    int version = static_cast<int>(number);
    // One step per version, in order; each leaves a valid file of the next version.
    if (version == 1) {
        steps.push_back(migrate_1_to_2(root));
        version = 2;
    }
    root["version"] = version;
    return steps;
}

}  // namespace

std::vector<std::string> migrate_project_json(nlohmann::json& root) {
    return migrate(root);
}

std::vector<std::string> migrate_project_json(nlohmann::ordered_json& root) {
    return migrate(root);
}

}  // namespace raidadv
