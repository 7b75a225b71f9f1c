#include "project_draft.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <cmath>

#include "layout/raid_level.h"
#include "project/keys.h"
#include "project/writer.h"
#include "working_set_field.h"

namespace raidadv::gui {

namespace {

namespace top = project_keys::top_level;
namespace adv = project_keys::advisor;

/// Core's JSON (the project writer's) as a QJsonObject.
QJsonObject toQJson(const ProjectJson& json) {
    return QJsonDocument::fromJson(QByteArray::fromStdString(json.dump())).object();
}

std::vector<std::string> strings(const QStringList& list) {
    std::vector<std::string> out;
    for (const QString& s : list) {
        out.push_back(s.toStdString());
    }
    return out;
}

}  // namespace

advisor::Request requestFromDraft(const ProjectDraft& d) {
    advisor::Request r;
    r.name = d.workload.name;
    r.workload = d.workload;
    r.can_spread_over_volumes = d.canSpreadOverVolumes;
    r.host.info.id = d.hostId.toStdString();
    advisor::Constraints& k = r.constraints;
    k.capacity_bytes = d.capacityBytes;
    k.growth_per_year = d.growthPerYear;
    k.horizon_years = d.horizonYears;
    k.currency = d.currency.isEmpty() ? std::string("USD") : d.currency.toStdString();
    k.usd_per_currency_unit = d.usdPerCurrencyUnit > 0.0 ? d.usdPerCurrencyUnit : 1.0;
    k.budget_usd = d.budget * k.usd_per_currency_unit;  // the draft's budget is in `currency`
    k.min_failures_tolerated = d.minFailuresTolerated;
    k.max_drive_bays = d.maxDriveBays;
    k.power_loss_safe_writes = d.powerLossSafeWrites;
    k.max_rebuild_hours = d.maxRebuildHours;
    k.max_power_w = d.maxPowerW;
    k.max_fill_fraction = d.maxFillPercent / 100.0;
    k.busy_hours_per_day = d.busyHoursPerDay;
    k.writes_per_day_bytes = d.writesPerDayTb * 1e12;  // TB = 10^12 bytes
    r.hot_spares = d.hotSpares;
    r.replacement_hours = d.replacementHours;
    r.weights = d.weights;
    for (const QString& kind : d.driveKinds) {
        k.drive_kinds.push_back(kind == QStringLiteral("ssd") ? DriveKind::Ssd : DriveKind::Hdd);
    }
    for (const QString& level : d.levels) {
        if (const auto parsed = raid_level_from_string(level.toStdString())) {
            k.levels.push_back(*parsed);
        }
    }
    k.interfaces = strings(d.interfaces);
    k.form_factors = strings(d.formFactors);
    k.drives = strings(d.drives);
    k.controllers = strings(d.controllers);
    k.owned_controller = d.ownedController.toStdString();
    k.raid_software_owned = d.raidSoftwareOwned;
    k.raid_software = d.raidSoftware;
    k.md_bitmap = d.mdBitmap;
    return r;
}

// The file's keys and units are core's: the project writer beside the readers
// (core/project/writer.h) writes the wizard's project, as it writes any other.
QJsonObject workloadJson(const raidadv::Workload& w) {
    return toQJson(project_json::to_json(w));
}

QJsonObject projectJson(const ProjectDraft& d) {
    Project project;
    project.name = d.name.toStdString();
    project.workloads = {d.workload};
    project.advisor = requestFromDraft(d);
    return toQJson(project_to_json(project, RAID_ADVISOR_VERSION));
}

QByteArray projectJsonText(const ProjectDraft& draft) {
    return QJsonDocument(projectJson(draft)).toJson(QJsonDocument::Indented);
}

namespace {

QStringList qstrings(const std::vector<std::string>& items) {
    QStringList out;
    for (const std::string& item : items) {
        out << QString::fromStdString(item);
    }
    return out;
}

/// Equal within the wizard's text rounding (values are typed with up to 6 significant digits).
bool same(double a, double b) {
    return std::abs(a - b) <= 1e-6 * std::max({std::abs(a), std::abs(b), 1e-12});
}

/// A weight as the wizard's 0..10 slider shows it is no change unless the slider moved.
double mergedWeight(double before, double edited) {
    return std::lround(before) == std::lround(edited) ? before : edited;
}

document::Json toJson(const QJsonObject& object) {
    return document::Json::parse(
        QJsonDocument(object).toJson(QJsonDocument::Compact).toStdString());
}

/// Index of the workload the advisor section names (the first if it names none that exists).
int advisorWorkloadIndex(const document::Json& root) {
    const auto workloads = root.find(top::workloads);
    if (workloads == root.end() || !workloads->is_array() || workloads->empty()) {
        return -1;
    }
    const auto advisor = root.find(top::advisor);
    if (advisor != root.end() && advisor->is_object()) {
        const auto name = advisor->find(adv::workload);
        if (name != advisor->end() && name->is_string()) {
            for (std::size_t i = 0; i < workloads->size(); ++i) {
                const document::Json& w = (*workloads)[i];
                if (w.is_object() && w.value(project_keys::workload::name, std::string()) ==
                                         name->get<std::string>()) {
                    return static_cast<int>(i);
                }
            }
        }
    }
    return 0;
}

}  // namespace

ProjectDraft draftFromRequest(const advisor::Request& r, const QString& projectName) {
    ProjectDraft d;
    d.name = projectName;
    d.workload = r.workload;
    d.canSpreadOverVolumes = r.can_spread_over_volumes;
    d.hostId = QString::fromStdString(r.host.info.id);
    const advisor::Constraints& k = r.constraints;
    d.capacityBytes = k.capacity_bytes;
    d.growthPerYear = k.growth_per_year;
    d.horizonYears = k.horizon_years;
    d.currency = QString::fromStdString(k.currency);
    d.usdPerCurrencyUnit = k.usd_per_currency_unit > 0.0 ? k.usd_per_currency_unit : 1.0;
    // The file's budget is in its currency; the request's in US dollars.
    d.budget = k.budget_usd > 0.0 ? k.budget_usd / d.usdPerCurrencyUnit : 0.0;
    d.minFailuresTolerated = k.min_failures_tolerated;
    d.maxDriveBays = k.max_drive_bays;
    d.powerLossSafeWrites = k.power_loss_safe_writes;
    d.maxRebuildHours = k.max_rebuild_hours;
    d.maxPowerW = k.max_power_w;
    d.maxFillPercent = k.max_fill_fraction * 100.0;
    d.busyHoursPerDay = k.busy_hours_per_day;
    d.writesPerDayTb = k.writes_per_day_bytes / 1e12;
    d.hotSpares = r.hot_spares;
    d.replacementHours = r.replacement_hours;
    d.weights = r.weights;
    for (DriveKind kind : k.drive_kinds) {
        d.driveKinds << (kind == DriveKind::Ssd ? QStringLiteral("ssd") : QStringLiteral("hdd"));
    }
    for (RaidLevel level : k.levels) {
        d.levels << QString::fromLatin1(to_string(level).data(),
                                        static_cast<qsizetype>(to_string(level).size()));
    }
    d.drives = qstrings(k.drives);
    d.interfaces = qstrings(k.interfaces);
    d.formFactors = qstrings(k.form_factors);
    d.controllers = qstrings(k.controllers);
    d.ownedController = QString::fromStdString(k.owned_controller);
    d.raidSoftwareOwned = k.raid_software_owned;
    d.raidSoftware = k.raid_software;
    d.mdBitmap = k.md_bitmap;
    return d;
}

ProjectDraft mergeWizardDraft(const ProjectDraft& before, const ProjectDraft& edited) {
    ProjectDraft d = before;
    d.name = edited.name;
    Workload& w = d.workload;
    const Workload& e = edited.workload;
    w.name = e.name;
    w.unit = e.unit;
    if (!same(w.read_fraction, e.read_fraction)) {
        w.read_fraction = e.read_fraction;
    }
    if (!same(w.sequential_fraction, e.sequential_fraction)) {
        w.sequential_fraction = e.sequential_fraction;
    }
    w.concurrency = e.concurrency;
    w.arrival_rates_per_s = e.arrival_rates_per_s;
    w.threads = e.threads;
    // As the field rounds it (0.001 GiB); 0 keeps the span the project has.
    if (!sameShownWorkingSet(w.working_set_bytes, e.working_set_bytes)) {
        setWorkingSet(w, e.working_set_bytes);
    }
    if (project_json::to_json(w.size) != project_json::to_json(e.size)) {
        w.size = e.size;
    }
    d.canSpreadOverVolumes = edited.canSpreadOverVolumes;
    d.hostId = edited.hostId;
    const auto number = [](double& target, double value) {
        if (!same(target, value)) {
            target = value;
        }
    };
    number(d.capacityBytes, edited.capacityBytes);
    number(d.growthPerYear, edited.growthPerYear);
    number(d.horizonYears, edited.horizonYears);
    number(d.budget, edited.budget);
    d.currency = edited.currency;
    number(d.usdPerCurrencyUnit, edited.usdPerCurrencyUnit);
    d.minFailuresTolerated = edited.minFailuresTolerated;
    d.maxDriveBays = edited.maxDriveBays;
    d.powerLossSafeWrites = edited.powerLossSafeWrites;
    number(d.maxRebuildHours, edited.maxRebuildHours);
    number(d.maxPowerW, edited.maxPowerW);
    number(d.maxFillPercent, edited.maxFillPercent);
    number(d.busyHoursPerDay, edited.busyHoursPerDay);
    number(d.writesPerDayTb, edited.writesPerDayTb);
    d.hotSpares = edited.hotSpares;
    number(d.replacementHours, edited.replacementHours);
    d.weights.performance = mergedWeight(before.weights.performance, edited.weights.performance);
    d.weights.cost = mergedWeight(before.weights.cost, edited.weights.cost);
    d.weights.reliability = mergedWeight(before.weights.reliability, edited.weights.reliability);
    d.weights.capacity = mergedWeight(before.weights.capacity, edited.weights.capacity);
    d.driveKinds = edited.driveKinds;
    // A list ticked as the file has it is no change, whatever the order the wizard lists it in.
    const auto list = [](QStringList& target, const QStringList& value) {
        if (QSet<QString>(target.begin(), target.end()) !=
            QSet<QString>(value.begin(), value.end())) {
            target = value;
        }
    };
    list(d.levels, edited.levels);
    list(d.drives, edited.drives);
    list(d.interfaces, edited.interfaces);
    list(d.formFactors, edited.formFactors);
    d.ownedController = edited.ownedController;
    d.raidSoftwareOwned = edited.raidSoftwareOwned;
    d.raidSoftware = edited.raidSoftware;
    return d;
}

std::vector<std::pair<std::string, std::optional<document::Json>>> draftEdits(
    const document::Json& root, const ProjectDraft& before, const ProjectDraft& after) {
    std::vector<std::pair<std::string, std::optional<document::Json>>> edits;
    if (before.name != after.name) {
        edits.emplace_back(std::string("/") + top::name, after.name.toStdString());
    }
    const int index = advisorWorkloadIndex(root);
    const document::Json oldWorkload = toJson(workloadJson(before.workload));
    document::Json newWorkload = toJson(workloadJson(after.workload));
    if (index >= 0 && oldWorkload != newWorkload) {
        const std::string pointer = std::string("/") + top::workloads + "/" + std::to_string(index);
        const document::Json& current = root[top::workloads][static_cast<std::size_t>(index)];
        const char* description = project_keys::workload::description;
        if (current.is_object() && current.contains(description)) {
            newWorkload[description] = current[description];
        }
        edits.emplace_back(pointer, newWorkload);
    }
    // Advisor keys one by one, and the allowed parts one by one (the file may allow
    // controllers or years the wizard does not show: they stay).
    const document::Json current =
        root.contains(top::advisor) ? root[top::advisor] : document::Json();
    const auto compare = [&](const std::string& base, const document::Json& was,
                             const document::Json& now, const document::Json& file,
                             const auto& recurse) -> void {
        std::vector<std::string> keys;
        for (const auto& item : was.items()) {
            keys.push_back(item.key());
        }
        for (const auto& item : now.items()) {
            if (!was.contains(item.key())) {
                keys.push_back(item.key());
            }
        }
        for (const std::string& key : keys) {
            const document::Json old = was.contains(key) ? was[key] : document::Json();
            const document::Json updated = now.contains(key) ? now[key] : document::Json();
            if (old == updated) {
                continue;
            }
            const bool inFile = file.is_object() && file.contains(key);
            if (key == adv::allowed) {
                recurse(base + "/" + adv::allowed, old.is_object() ? old : document::Json::object(),
                        updated.is_object() ? updated : document::Json::object(),
                        inFile ? file[key] : document::Json(), recurse);
                continue;
            }
            if (!updated.is_null()) {
                edits.emplace_back(base + "/" + key, updated);
            } else if (inFile) {
                edits.emplace_back(base + "/" + key, std::nullopt);
            }
        }
    };
    compare(std::string("/") + top::advisor, toJson(projectJson(before))[top::advisor],
            toJson(projectJson(after))[top::advisor], current, compare);
    return edits;
}

}  // namespace raidadv::gui
