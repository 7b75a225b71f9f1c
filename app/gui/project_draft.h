#pragma once
// What the new-project wizard collected, and its translation into project-file JSON
// (docs/file-format.md). The JSON goes through the core's project reader like any opened file,
// so the wizard's project is validated by the same rules and becomes a raidadv::Project.

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "advisor/request.h"
#include "project_document.h"
#include "workload/workload.h"

namespace raidadv::gui {

struct ProjectDraft {
    QString name;
    raidadv::Workload workload;  ///< SI units; `name` is the workload's name in the file
    bool canSpreadOverVolumes = false;
    QString hostId;              ///< catalog host id
    double capacityBytes = 0.0;  ///< usable capacity needed now
    double growthPerYear = 0.0;  ///< fraction per year (0.2 = 20%)
    double horizonYears = 5.0;
    double budget = 0.0;  ///< in `currency`; 0 = no limit
    QString currency = QStringLiteral("USD");
    double usdPerCurrencyUnit = 1.0;
    int minFailuresTolerated = 1;
    int maxDriveBays = 12;
    bool powerLossSafeWrites = false;  ///< drives' volatile write caches off
    double maxRebuildHours = 0.0;      ///< longest acceptable rebuild of one drive; 0 = no limit
    double maxPowerW = 0.0;            ///< drives' active power limit; 0 = no limit
    raidadv::advisor::Weights weights;
    QStringList driveKinds;          ///< "hdd", "ssd"; empty = any
    QStringList levels;              ///< "raid5", ...; empty = any
    QStringList interfaces;          ///< drive link ids ("sata-6g"); empty = any
    QStringList formFactors;         ///< "3.5", "2.5", "m.2", ...; empty = any
    QStringList drives;              ///< catalog drive ids; empty = any
    QStringList controllers;         ///< catalog controller ids; empty = any
    QString ownedController;         ///< catalog controller id; empty = none
    bool raidSoftwareOwned = false;  ///< the host RAID software licence is owned
    /// Which software builds the redundancy (the hardware page's "RAID software").
    raidadv::advisor::RaidSoftware raidSoftware = raidadv::advisor::RaidSoftware::Any;
    /// Linux md arrays' write-intent bitmap (the what-if panel sets it; the wizard keeps it)
    raidadv::MdBitmap mdBitmap = raidadv::MdBitmap::Auto;
    // Issue 25's buyer keys (the core's defaults: advisor::Constraints, advisor::Request).
    double maxFillPercent = 80.0;  ///< the data fills at most this share of the usable capacity
    double busyHoursPerDay = 8.0;  ///< hours a day the workload runs (SSD wear, SMR cache)
    double writesPerDayTb = 0.0;   ///< TB the users write a day, where known; 0 = not stated
    raidadv::advisor::HotSpares hotSpares = raidadv::advisor::HotSpares::None;
    double replacementHours = 72.0;  ///< without a hot spare: hours until a rebuild can start
};

/// The advisor's question as the wizard states it (catalog parts by id, SI units, budget in US
/// dollars): what projectJson() writes and the pages' derived figures read.
raidadv::advisor::Request requestFromDraft(const ProjectDraft& draft);
/// The workload as a project-file object.
QJsonObject workloadJson(const raidadv::Workload& workload);
/// The whole project (one workload and an advisor section) as a project-file object.
QJsonObject projectJson(const ProjectDraft& draft);
/// projectJson() as indented UTF-8 text.
QByteArray projectJsonText(const ProjectDraft& draft);

/// The wizard's view of an open project: `request` as the project file gives it (SI units,
/// budget in US dollars), named `projectName`; the catalog ids come from the request's parts.
ProjectDraft draftFromRequest(const raidadv::advisor::Request& request, const QString& projectName);

/// `before` with the fields the wizard edits taken from `edited` where they differ by more than
/// the wizard's rounding (a weight of 0.5 shown on a 0..10 slider as 1 is no change; a working
/// set of 1000 MiB shown as 0.977 GiB neither). Fields the wizard does not show (the workload's
/// alignment, span, streams and think time; the allowed controllers) keep `before`'s values; a
/// working set above 0 replaces the span.
ProjectDraft mergeWizardDraft(const ProjectDraft& before, const ProjectDraft& edited);

/// Document edits (JSON pointer, new value or removal) that carry the project in `root` from
/// `before` to `after`: the name, the advisor's workload (replaced whole, its description kept)
/// and each advisor key that changed; keys the wizard does not write are left as they are.
std::vector<std::pair<std::string, std::optional<document::Json>>> draftEdits(
    const document::Json& root, const ProjectDraft& before, const ProjectDraft& after);

}  // namespace raidadv::gui
