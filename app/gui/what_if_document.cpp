#include "what_if_document.h"

#include "project/writer.h"
#include "units/units.h"

namespace raidadv::gui {

namespace {

using document::Json;

/// Index of the workload the advisor section names, or -1.
int advisorWorkload(const Json& root) {
    if (!root.is_object() || !root.contains("advisor") || !root["advisor"].is_object() ||
        !root.contains("workloads") || !root["workloads"].is_array()) {
        return -1;
    }
    const Json& name = root["advisor"].value("workload", Json());
    const Json& workloads = root["workloads"];
    for (std::size_t i = 0; i < workloads.size(); ++i) {
        if (workloads[i].is_object() && workloads[i].value("name", Json()) == name) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

std::string workloadPointer(int index, const char* key) {
    return "/workloads/" + std::to_string(index) + "/" + key;
}

const Json* find(const Json& root, const std::string& pointer) {
    const Json::json_pointer p(pointer);
    return root.contains(p) ? &root.at(p) : nullptr;
}

}  // namespace

bool weightsDiffer(const advisor::Request& a, const advisor::Request& b) {
    return a.weights.performance != b.weights.performance || a.weights.cost != b.weights.cost ||
           a.weights.reliability != b.weights.reliability ||
           a.weights.capacity != b.weights.capacity;
}

bool needsSearch(const advisor::Request& a, const advisor::Request& b) {
    return a.workload.concurrency != b.workload.concurrency ||
           a.workload.read_fraction != b.workload.read_fraction ||
           a.constraints.capacity_bytes != b.constraints.capacity_bytes ||
           a.constraints.budget_usd != b.constraints.budget_usd ||
           a.constraints.max_drive_bays != b.constraints.max_drive_bays ||
           a.constraints.min_failures_tolerated != b.constraints.min_failures_tolerated ||
           a.constraints.power_loss_safe_writes != b.constraints.power_loss_safe_writes ||
           a.constraints.raid_software_owned != b.constraints.raid_software_owned ||
           a.constraints.max_rebuild_hours != b.constraints.max_rebuild_hours ||
           a.constraints.max_power_w != b.constraints.max_power_w;
}

JsonEdits whatIfEdits(const Json& root, const advisor::Request& before,
                      const advisor::Request& after) {
    JsonEdits edits;
    const int k = advisorWorkload(root);
    if (k < 0) {
        return edits;
    }
    // The values in the file's keys and units come from core's project writer, the one owner of
    // the format (the budget in `currency`, the capacity in GB, ...).
    const Json workload = project_json::to_json(after.workload);
    const Json advisor = project_json::to_json(after);
    if (before.workload.concurrency != after.workload.concurrency) {
        edits.emplace_back(workloadPointer(k, "concurrency"), workload["concurrency"]);
    }
    if (before.workload.read_fraction != after.workload.read_fraction) {
        edits.emplace_back(workloadPointer(k, "read_fraction"), workload["read_fraction"]);
    }
    const advisor::Constraints& was = before.constraints;
    const advisor::Constraints& c = after.constraints;
    const auto key = [&](const char* name, bool changed) {
        if (changed) {
            edits.emplace_back(std::string("/advisor/") + name, advisor[name]);
        }
    };
    key("capacity_gb", was.capacity_bytes != c.capacity_bytes);
    key("budget", was.budget_usd != c.budget_usd);
    key("max_drive_bays", was.max_drive_bays != c.max_drive_bays);
    key("min_failures_tolerated", was.min_failures_tolerated != c.min_failures_tolerated);
    key("power_loss_safe_writes", was.power_loss_safe_writes != c.power_loss_safe_writes);
    // 0 = no limit: the key is taken out.
    const auto optionalLimit = [&](const char* name, double old_limit, double now) {
        if (old_limit != now) {
            edits.emplace_back(std::string("/advisor/") + name,
                               now > 0.0 ? std::optional<Json>(advisor[name]) : std::nullopt);
        }
    };
    optionalLimit("max_rebuild_hours", was.max_rebuild_hours, c.max_rebuild_hours);
    optionalLimit("max_power_w", was.max_power_w, c.max_power_w);
    key("raid_software_owned", was.raid_software_owned != c.raid_software_owned);
    if (weightsDiffer(before, after)) {
        edits.emplace_back(kWeightsPointer, advisor["weights"]);
    }
    return edits;
}

advisor::Request whatIfRequest(const Json& root, const advisor::Request& loaded) {
    advisor::Request r = loaded;
    try {
        const int k = advisorWorkload(root);
        if (k >= 0) {
            if (const Json* v = find(root, workloadPointer(k, "concurrency")); v && v->is_array()) {
                r.workload.concurrency = v->get<std::vector<int>>();
            }
            if (const Json* v = find(root, workloadPointer(k, "read_fraction"));
                v && v->is_number()) {
                r.workload.read_fraction = v->get<double>();
            }
        }
        if (const Json* v = find(root, "/advisor/capacity_gb"); v && v->is_number()) {
            r.constraints.capacity_bytes = v->get<double>() * units::GB;
        }
        if (const Json* v = find(root, "/advisor/budget"); v && v->is_number()) {
            r.constraints.budget_usd = v->get<double>() * r.constraints.usd_per_currency_unit;
        } else {
            r.constraints.budget_usd = loaded.constraints.budget_usd;
        }
        if (const Json* v = find(root, "/advisor/max_drive_bays"); v && v->is_number()) {
            r.constraints.max_drive_bays = v->get<int>();
        }
        if (const Json* v = find(root, "/advisor/min_failures_tolerated"); v && v->is_number()) {
            r.constraints.min_failures_tolerated = v->get<int>();
        }
        if (const Json* v = find(root, "/advisor/power_loss_safe_writes"); v && v->is_boolean()) {
            r.constraints.power_loss_safe_writes = v->get<bool>();
        }
        if (const Json* v = find(root, "/advisor/raid_software_owned"); v && v->is_boolean()) {
            r.constraints.raid_software_owned = v->get<bool>();
        }
        // An absent limit is no limit (a what-if or its undo may have taken the key out).
        const Json* rebuild = find(root, "/advisor/max_rebuild_hours");
        r.constraints.max_rebuild_hours =
            rebuild && rebuild->is_number() ? rebuild->get<double>() : 0.0;
        const Json* power = find(root, "/advisor/max_power_w");
        r.constraints.max_power_w = power && power->is_number() ? power->get<double>() : 0.0;
        if (const Json* v = find(root, kWeightsPointer); v && v->is_object()) {
            const advisor::Weights defaults;
            r.weights.performance = v->value("performance", defaults.performance);
            r.weights.cost = v->value("cost", defaults.cost);
            r.weights.reliability = v->value("reliability", defaults.reliability);
            r.weights.capacity = v->value("capacity", defaults.capacity);
        } else {
            r.weights = loaded.weights;
        }
    } catch (const std::exception&) {
        return loaded;  // a value of the wrong type: the document was validated, so not expected
    }
    return r;
}

}  // namespace raidadv::gui
