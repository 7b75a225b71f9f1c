#pragma once
// What the new-project wizard collected, and its translation into project-file JSON
// (docs/file-format.md). The JSON goes through the core's project reader like any opened file,
// so the wizard's project is validated by the same rules and becomes a raidadv::Project.

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include "advisor/request.h"
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
    raidadv::advisor::Weights weights;
    QStringList driveKinds;   ///< "hdd", "ssd"; empty = any
    QStringList levels;       ///< "raid5", ...; empty = any
    QStringList drives;       ///< catalog drive ids; empty = any
    QStringList controllers;  ///< catalog controller ids; empty = any
    QString ownedController;  ///< catalog controller id; empty = none
};

/// The workload as a project-file object.
QJsonObject workloadJson(const raidadv::Workload& workload);
/// The whole project (one workload and an advisor section) as a project-file object.
QJsonObject projectJson(const ProjectDraft& draft);
/// projectJson() as indented UTF-8 text.
QByteArray projectJsonText(const ProjectDraft& draft);

}  // namespace raidadv::gui
