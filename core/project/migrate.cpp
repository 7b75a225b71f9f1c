#include "project/migrate.h"

#include <cmath>

#include "project/keys.h"

namespace raidadv {

namespace {

/// Version 1 -> 2: the writer's version moves from `app_version` into
/// `written_by {app, version}`; version 2 also allows the `session` section (nothing to move).
template <typename Json>
std::string migrate_1_to_2(Json& root) {
    namespace k = project_keys::top_level;
    if (root.contains(k::app_version) && !root.contains(k::written_by)) {
        const Json app_version = root[k::app_version];
        root.erase(k::app_version);
        Json written_by = Json::object();
        written_by[project_keys::written_by::app] = "RAID Advisor";
        written_by[project_keys::written_by::version] = app_version;
        root[k::written_by] = std::move(written_by);
        return "format version 1 to 2: 'app_version' became 'written_by'";
    }
    return "format version 1 to 2";
}

template <typename Json>
std::vector<std::string> migrate(Json& root) {
    namespace k = project_keys::top_level;
    std::vector<std::string> steps;
    if (!root.is_object() || !root.contains(k::version) || !root[k::version].is_number()) {
        return steps;
    }
    const double number = root[k::version].template get<double>();
    if (number != std::floor(number) || number < 1 || number >= kProjectFormatVersion) {
        return steps;
    }
    int version = static_cast<int>(number);
    // One step per version, in order; each leaves a valid file of the next version.
    if (version == 1) {
        steps.push_back(migrate_1_to_2(root));
        version = 2;
    }
    if (version == 2) {
        // Version 3 only adds the ZFS levels and keys: nothing to move.
        steps.push_back("format version 2 to 3");
        version = 3;
    }
    if (version == 3) {
        // Version 4 only adds md's write-intent bitmap keys and the SSDs' sustained write
        // rate: nothing to move.
        steps.push_back("format version 3 to 4");
        version = 4;
    }
    if (version == 4) {
        // Version 5 only adds a system's ssd_state: nothing to move.
        steps.push_back("format version 4 to 5");
        version = 5;
    }
    if (version == 5) {
        // Version 6 only adds the advisor's writes_per_day_tb: nothing to move.
        steps.push_back("format version 5 to 6");
        version = 6;
    }
    root[k::version] = version;
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
