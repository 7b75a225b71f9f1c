#include "what_if_document.h"

#include "project/keys.h"
#include "project/project.h"
#include "project/reader.h"
#include "project/writer.h"

namespace raidadv::gui {

namespace {

using document::Json;
namespace top = project_keys::top_level;
namespace adv = project_keys::advisor;
namespace wl = project_keys::workload;

std::string advisorPointer(const char* key) {
    return std::string("/") + top::advisor + "/" + key;
}

/// Index of the workload the advisor section names, or -1.
int advisorWorkload(const Json& root) {
    if (!root.is_object() || !root.contains(top::advisor) || !root[top::advisor].is_object() ||
        !root.contains(top::workloads) || !root[top::workloads].is_array()) {
        return -1;
    }
    const Json& name = root[top::advisor].value(adv::workload, Json());
    const Json& workloads = root[top::workloads];
    for (std::size_t i = 0; i < workloads.size(); ++i) {
        if (workloads[i].is_object() &&
            workloads[i].value(project_keys::workload::name, Json()) == name) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

std::string workloadPointer(int index, const char* key) {
    return std::string("/") + top::workloads + "/" + std::to_string(index) + "/" + key;
}

/// Edits that put the writer's working-set keys into workload `k`: one of working_set_bytes,
/// _kib or _mib, or span_fraction; the others are taken out (the reader refuses two of them).
/// A span of 1 is the default and is left out unless the workload names a preset (whose span
/// it would take).
void addWorkingSetEdits(JsonEdits& edits, const Json& root, int k, const Json& written) {
    const Json& inFile = root[top::workloads][static_cast<std::size_t>(k)];
    std::vector<std::string> keys = project_detail::size_keys(wl::working_set);
    keys.emplace_back(wl::span_fraction);
    for (const std::string& key : keys) {
        const auto value = written.find(key);
        const bool defaultSpan = key == wl::span_fraction && value != written.end() &&
                                 *value == Json(1) && !inFile.contains(wl::preset);
        edits.emplace_back(workloadPointer(k, key.c_str()), value != written.end() && !defaultSpan
                                                                ? std::optional<Json>(*value)
                                                                : std::nullopt);
    }
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
           a.workload.threads != b.workload.threads ||
           a.workload.working_set_bytes != b.workload.working_set_bytes ||
           a.workload.span_fraction != b.workload.span_fraction ||
           a.constraints.capacity_bytes != b.constraints.capacity_bytes ||
           a.constraints.budget_usd != b.constraints.budget_usd ||
           a.constraints.max_drive_bays != b.constraints.max_drive_bays ||
           a.constraints.min_failures_tolerated != b.constraints.min_failures_tolerated ||
           a.constraints.power_loss_safe_writes != b.constraints.power_loss_safe_writes ||
           a.constraints.raid_software_owned != b.constraints.raid_software_owned ||
           a.constraints.raid_software != b.constraints.raid_software ||
           a.constraints.md_bitmap != b.constraints.md_bitmap ||
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
        edits.emplace_back(workloadPointer(k, wl::concurrency), workload[wl::concurrency]);
    }
    if (before.workload.read_fraction != after.workload.read_fraction) {
        edits.emplace_back(workloadPointer(k, wl::read_fraction), workload[wl::read_fraction]);
    }
    if (before.workload.threads != after.workload.threads) {  // 0, the default: no key
        const auto threads = workload.find(wl::threads);
        edits.emplace_back(workloadPointer(k, wl::threads), threads != workload.end()
                                                                ? std::optional<Json>(*threads)
                                                                : std::nullopt);
    }
    if (before.workload.working_set_bytes != after.workload.working_set_bytes ||
        before.workload.span_fraction != after.workload.span_fraction) {
        addWorkingSetEdits(edits, root, k, workload);
    }
    const advisor::Constraints& was = before.constraints;
    const advisor::Constraints& c = after.constraints;
    const auto key = [&](const char* name, bool changed) {
        if (changed) {
            edits.emplace_back(advisorPointer(name), advisor[name]);
        }
    };
    key(adv::capacity_gb, was.capacity_bytes != c.capacity_bytes);
    key(adv::budget, was.budget_usd != c.budget_usd);
    key(adv::max_drive_bays, was.max_drive_bays != c.max_drive_bays);
    key(adv::min_failures_tolerated, was.min_failures_tolerated != c.min_failures_tolerated);
    key(adv::power_loss_safe_writes, was.power_loss_safe_writes != c.power_loss_safe_writes);
    // 0 = no limit: the key is taken out.
    const auto optionalLimit = [&](const char* name, double old_limit, double now) {
        if (old_limit != now) {
            edits.emplace_back(advisorPointer(name),
                               now > 0.0 ? std::optional<Json>(advisor[name]) : std::nullopt);
        }
    };
    optionalLimit(adv::max_rebuild_hours, was.max_rebuild_hours, c.max_rebuild_hours);
    optionalLimit(adv::max_power_w, was.max_power_w, c.max_power_w);
    key(adv::raid_software_owned, was.raid_software_owned != c.raid_software_owned);
    if (was.raid_software != c.raid_software) {  // "any", the default: no key (as the writer)
        const auto software = advisor.find(adv::raid_software);
        edits.emplace_back(advisorPointer(adv::raid_software), software != advisor.end()
                                                                   ? std::optional<Json>(*software)
                                                                   : std::nullopt);
    }
    if (was.md_bitmap != c.md_bitmap) {  // "auto", the default: no key (as the writer)
        const auto bitmap = advisor.find(adv::md_bitmap);
        edits.emplace_back(advisorPointer(adv::md_bitmap),
                           bitmap != advisor.end() ? std::optional<Json>(*bitmap) : std::nullopt);
    }
    if (weightsDiffer(before, after)) {
        edits.emplace_back(kWeightsPointer, advisor[adv::weights]);
    }
    return edits;
}

advisor::Request whatIfRequest(const Json& root, const advisor::Request& loaded,
                               const Catalog* catalog) {
    if (catalog == nullptr) {
        return loaded;
    }
    // Core's reader, the one owner of the format, reads the document back: the same keys, units
    // and defaults as when the project was opened.
    try {
        const Project project = parse_project(root.dump(), *catalog);
        if (project.advisor) {
            return *project.advisor;
        }
    } catch (const ProjectError&) {
        // An edit the reader refuses cannot come from the panel (it validates its fields), so
        // the request as loaded stays.
    }
    return loaded;
}

}  // namespace raidadv::gui
