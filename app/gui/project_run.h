#pragma once
// Loading and evaluating a project file, off the GUI thread: the one place where the GUI calls the
// core. Core strings (std::string) become QStrings here.

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <atomic>
#include <memory>
#include <optional>
#include <vector>

#include "advisor/advisor.h"
#include "advisor/request.h"
#include "catalog/catalog.h"
#include "system/metrics.h"

namespace raidadv::gui {

/// Shared by the GUI thread and one running search: how far it is, and a request to stop.
struct SearchControl {
    std::atomic<int> permille{0};   ///< fraction done x 1000, written by the search
    std::atomic<bool> stop{false};  ///< set by the GUI; the search ends at its next report
    /// Search options that report into this control.
    raidadv::advisor::SearchOptions options();
};

/// What loading and evaluating one project file produced: results, or an error.
struct ProjectRun {
    QString path;                                  ///< the project file
    QString projectName;                           ///< from the file; empty if it has none
    std::vector<raidadv::Evaluation> evaluations;  ///< one per system x workload, in file order
    /// The project's question for the advisor, if it asks one; then `advice` holds the answer.
    std::optional<raidadv::advisor::Request> request;
    raidadv::advisor::Result advice;
    /// The catalog the project was read against: the what-if edits are read back with it.
    std::shared_ptr<const raidadv::Catalog> catalog;
    QString errorTitle;  ///< empty on success
    QStringList errors;  ///< "path: message" lines, at least one on error

    bool ok() const { return errorTitle.isEmpty(); }
};

/// Opens the catalog at `catalogPath` (raidadv::Catalog::default_path() if empty), loads the
/// project file at `path` and evaluates every system under every workload. Never throws: problems
/// come back in ProjectRun::errorTitle and ProjectRun::errors. Safe to call on a worker thread.
ProjectRun runProject(const QString& path, const QString& catalogPath = {},
                      std::shared_ptr<SearchControl> control = {});

/// As runProject(), for project JSON text that is not (yet) a file, e.g. from the new-project
/// wizard. `displayName` stands for the file name in messages.
ProjectRun runProjectText(const QByteArray& json, const QString& displayName,
                          const QString& catalogPath = {},
                          std::shared_ptr<SearchControl> control = {});

/// What one advisor search produced (for what-if changes to the request).
struct AdviceRun {
    raidadv::advisor::Request request;
    raidadv::advisor::Result advice;
    QString error;  ///< empty on success
};

/// Runs the advisor on `request` against the catalog at `catalogPath`. Never throws. Safe to call
/// on a worker thread.
AdviceRun runAdvice(const raidadv::advisor::Request& request, const QString& catalogPath = {},
                    std::shared_ptr<SearchControl> control = {});

}  // namespace raidadv::gui
