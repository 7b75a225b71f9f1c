#pragma once
// Loading and evaluating a project file, off the GUI thread: the one place where the GUI calls the
// core. Core strings (std::string) become QStrings here.

#include <QString>
#include <QStringList>
#include <vector>

#include "evaluate/metrics.h"

namespace raidadv::gui {

/// What loading and evaluating one project file produced: results, or an error.
struct ProjectRun {
    QString path;                                  ///< the project file
    QString projectName;                           ///< from the file; empty if it has none
    std::vector<raidadv::Evaluation> evaluations;  ///< one per system x workload, in file order
    QString errorTitle;                            ///< empty on success
    QStringList errors;                            ///< "path: message" lines, at least one on error

    bool ok() const { return errorTitle.isEmpty(); }
};

/// Opens the catalog at `catalogPath` (raidadv::Catalog::default_path() if empty), loads the
/// project file at `path` and evaluates every system under every workload. Never throws: problems
/// come back in ProjectRun::errorTitle and ProjectRun::errors. Safe to call on a worker thread.
ProjectRun runProject(const QString& path, const QString& catalogPath = {});

}  // namespace raidadv::gui
