#pragma once
// What the main window has open: the project document (with its autosave), the document waiting
// for its first run to succeed, the advisor question as read and as applied, the explanations
// shown, and the three kinds of background work on it (project runs, what-if searches,
// explanations), each newest-wins (async_run.h). The window shows the session; the session knows
// no widgets.

#include <QObject>
#include <QString>
#include <QStringList>
#include <map>
#include <memory>
#include <string>

#include "advisor/explain.h"
#include "async_run.h"
#include "project_run.h"

namespace raidadv::document {
class AutoSaver;
class ProjectDocument;
}  // namespace raidadv::document

namespace raidadv::gui {

/// The explanations of the top picks, written on a worker thread after a re-rank.
struct ExplainRun {
    raidadv::advisor::Result result;
    QString error;  ///< empty on success
};

class ProjectSession {
  public:
    /// `owner` receives the background runs' results on its thread.
    explicit ProjectSession(QObject* owner);
    ~ProjectSession();
    ProjectSession(const ProjectSession&) = delete;
    ProjectSession& operator=(const ProjectSession&) = delete;

    /// The open project; null before one is opened or created.
    std::unique_ptr<raidadv::document::ProjectDocument> document;
    /// Autosaves `document` while it is modified (owns its autosave file's lock).
    std::unique_ptr<raidadv::document::AutoSaver> autoSaver;
    /// Opened or recovered, not yet run: it becomes `document` when run `pendingRun` succeeds.
    std::unique_ptr<raidadv::document::ProjectDocument> pendingDocument;
    QStringList pendingNotes;  ///< shown once `pendingDocument` is adopted
    quint64 pendingRun = 0;

    QString path;  ///< the project file shown ("" for an untitled one)
    QString name;  ///< the project's own name ("name" in the file), if it has one
    raidadv::advisor::Request loadedRequest;  ///< as the project was read
    /// The catalog the project was read against (what-if edits are read back with it).
    std::shared_ptr<const raidadv::Catalog> catalog;
    raidadv::advisor::Request appliedRequest;  ///< what the panel and the document agree on
    bool hasRequest = false;                   ///< the project asks the advisor a question
    /// Explanations by configuration name: they follow their candidate through re-ranking.
    std::map<std::string, raidadv::advisor::Explanation> explanations;

    AsyncRun<ProjectRun> runs;      ///< loading and evaluating the project
    AsyncRun<AdviceRun> searches;   ///< what-if searches of the catalog
    AsyncRun<ExplainRun> explains;  ///< explanations after a re-rank

    /// Takes the pending document of run `runId` as the open project, with an AutoSaver
    /// writing every `autosaveIntervalMs`; false (nothing changes) if that run's document is
    /// not the pending one.
    bool adopt(quint64 runId, int autosaveIntervalMs);
    /// Forgets the project: document, pending document, question, explanations; drops the
    /// results of runs still going.
    void close();
    /// The name the window shows for the project, in the title and in every question about it:
    /// its own name, else its file name, else the document's ("Untitled").
    QString displayName() const;
};

}  // namespace raidadv::gui
