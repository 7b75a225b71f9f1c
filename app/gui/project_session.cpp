#include "project_session.h"

#include <QFileInfo>

#include "auto_saver.h"
#include "project_document.h"

namespace raidadv::gui {

ProjectSession::ProjectSession(QObject* owner) : runs(owner), searches(owner), explains(owner) {}

ProjectSession::~ProjectSession() = default;

bool ProjectSession::adopt(quint64 runId, int autosaveIntervalMs) {
    if (!pendingDocument || runId != pendingRun) {
        return false;
    }
    autoSaver.reset();  // releases the old document's autosave lock first
    document = std::move(pendingDocument);
    hasRequest = false;
    autoSaver = std::make_unique<document::AutoSaver>(document.get(), autosaveIntervalMs);
    return true;
}

void ProjectSession::close() {
    runs.cancel();  // a run still going belongs to the closed project
    searches.cancel();
    explains.cancel();
    pendingDocument.reset();
    pendingNotes.clear();
    autoSaver.reset();
    document.reset();
    catalog.reset();
    hasRequest = false;
    path.clear();
    name.clear();
    explanations.clear();
}

QString ProjectSession::displayName() const {
    if (!name.isEmpty()) {
        return name;
    }
    if (!path.isEmpty()) {
        return QFileInfo(path).fileName();
    }
    return document ? document->displayName() : QString();
}

}  // namespace raidadv::gui
