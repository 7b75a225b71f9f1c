// MainWindow's File menu and the open project's life: New (the wizard's project becomes an
// untitled, modified document), Open (.raidproj and .json, also by drag-and-drop and from the
// command line), Open Recent, Save, Save As, Close, autosave recovery, and the questions asked
// before work is lost or a changed file is overwritten (docs/architecture.md, "The open project").

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTableView>
#include <QUndoGroup>
#include <QUrl>

#include "auto_saver.h"
#include "compare_view.h"
#include "main_window.h"
#include "project_document.h"
#include "recommendations_model.h"
#include "results_model.h"
#include "what_if_panel.h"

namespace raidadv::gui {

using document::ProjectDocument;

namespace {

constexpr int kMaxRecentFiles = 10;
const char* const kRecentKey = "recentFiles";
const char* const kProjectSuffix = "raidproj";

bool isProjectFile(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String(kProjectSuffix) || suffix == QLatin1String("json");
}

/// Where the file keeps the configuration selected in the ranking (docs/file-format.md).
const char* const kSelectedPointer = "/session/selected";

/// Puts the name of the configuration selected in `table` (over `proxy` of `model`) into the
/// document's session, to be written by the save that follows; none selected removes it.
void recordSelection(document::ProjectDocument& doc, const RecommendationsModel& model,
                     const QSortFilterProxyModel& proxy, const QTableView& table) {
    const QModelIndex current = table.selectionModel()->currentIndex();
    const advisor::Candidate* c =
        current.isValid() ? model.candidateAt(proxy.mapToSource(current).row()) : nullptr;
    std::optional<document::Json> name;
    if (c != nullptr) {
        name = c->system.name;
    }
    doc.setViewState(kSelectedPointer, name);
}

/// Selects the configuration the document's session names, if it is still in the ranking;
/// false (the selection is left as it is) otherwise.
bool restoreSelection(const document::ProjectDocument& doc, const RecommendationsModel& model,
                      const QSortFilterProxyModel& proxy, QTableView& table) {
    const std::optional<document::Json> name = doc.value(kSelectedPointer);
    if (!name || !name->is_string()) {
        return false;
    }
    const std::vector<advisor::Candidate>& ranked = model.result().ranked;
    for (std::size_t i = 0; i < ranked.size(); ++i) {
        if (ranked[i].system.name == name->get_ref<const std::string&>()) {
            const QModelIndex index = proxy.mapFromSource(model.index(static_cast<int>(i), 0));
            table.selectionModel()->setCurrentIndex(
                index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            table.scrollTo(index);
            return true;
        }
    }
    return false;
}

}  // namespace

void MainWindow::createDocumentActions(QMenu* fileMenu) {
    setAcceptDrops(true);
    recentMenu_ = fileMenu->addMenu(tr("Open &Recent"));
    recentMenu_->setObjectName(QStringLiteral("recentMenu"));
    connect(recentMenu_, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    fileMenu->addSeparator();
    saveAction_ = fileMenu->addAction(tr("&Save"), this, [this] { saveProject(); });
    saveAction_->setObjectName(QStringLiteral("saveAction"));
    saveAction_->setShortcut(QKeySequence::Save);
    saveAsAction_ = fileMenu->addAction(tr("Save &As..."), this, [this] { saveProjectAs(); });
    saveAsAction_->setObjectName(QStringLiteral("saveAsAction"));
    saveAsAction_->setShortcut(QKeySequence::SaveAs);
    closeAction_ = fileMenu->addAction(tr("&Close"), this, [this] { closeProject(); });
    closeAction_->setObjectName(QStringLiteral("closeAction"));
    closeAction_->setShortcut(QKeySequence::Close);
    for (QAction* action : {saveAction_, saveAsAction_, closeAction_}) {
        action->setEnabled(false);
    }

    undoGroup_ = new QUndoGroup(this);
    QMenu* editMenu = menuBar()->addMenu(tr("&Edit"));
    editMenu->setObjectName(QStringLiteral("editMenu"));
    QAction* undo = undoGroup_->createUndoAction(this, tr("&Undo"));
    undo->setObjectName(QStringLiteral("undoAction"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = undoGroup_->createRedoAction(this, tr("&Redo"));
    redo->setObjectName(QStringLiteral("redoAction"));
    redo->setShortcut(QKeySequence::Redo);
    editMenu->addAction(undo);
    editMenu->addAction(redo);
    editMenu->addSeparator();
    QAction* editProject = editMenu->addAction(tr("Edit Project in &Wizard..."), this,
                                               [this] { editProjectInWizard(); });
    editProject->setObjectName(QStringLiteral("editProjectAction"));
    createCopyActions(editMenu);  // Copy Ranking, Copy Explanation (main_window_advice.cpp)

    // An opened project shows the configuration selected when it was saved (session.selected).
    connect(this, &MainWindow::runFinished, this, [this](bool ok) {
        if (ok && session_->document) {
            restoreSelection(*session_->document, *recModel_, *recProxy_, *recTable_);
        }
    });

    setAsker({});
    setSaveFileChooser({});
}

void MainWindow::setAsker(Asker asker) {
    if (asker) {
        asker_ = std::move(asker);
        return;
    }
    asker_ = [this](Question question, const QString& text) {
        QMessageBox box(QMessageBox::Question, tr("RAID Advisor"), text, QMessageBox::NoButton,
                        this);
        box.setObjectName(QStringLiteral("questionMessageBox"));
        std::vector<std::pair<QAbstractButton*, Answer>> answers;
        auto add = [&](QMessageBox::StandardButton button, Answer answer) {
            answers.emplace_back(box.addButton(button), answer);
        };
        auto addText = [&](const QString& label, QMessageBox::ButtonRole role, Answer answer) {
            answers.emplace_back(box.addButton(label, role), answer);
        };
        switch (question) {
            case Question::SaveChanges:
                add(QMessageBox::Save, Answer::Save);
                add(QMessageBox::Discard, Answer::Discard);
                add(QMessageBox::Cancel, Answer::Cancel);
                box.setDefaultButton(QMessageBox::Save);
                break;
            case Question::FileChangedOnDisk:
                addText(tr("&Overwrite"), QMessageBox::DestructiveRole, Answer::Overwrite);
                addText(tr("Save &As..."), QMessageBox::AcceptRole, Answer::SaveAs);
                add(QMessageBox::Cancel, Answer::Cancel);
                box.setDefaultButton(QMessageBox::Cancel);
                break;
            case Question::RecoverAutosave:
                addText(tr("&Recover"), QMessageBox::AcceptRole, Answer::Recover);
                addText(tr("&Discard"), QMessageBox::DestructiveRole, Answer::Discard);
                break;
        }
        box.exec();
        for (const auto& [button, answer] : answers) {
            if (box.clickedButton() == button) {
                return answer;
            }
        }
        return question == Question::RecoverAutosave ? Answer::Discard : Answer::Cancel;
    };
}

void MainWindow::setSaveFileChooser(SaveFileChooser chooser) {
    if (chooser) {
        saveFileChooser_ = std::move(chooser);
        return;
    }
    saveFileChooser_ = [this](const QString& suggested) {
        return QFileDialog::getSaveFileName(
            this, tr("Save project"), suggested,
            tr("RAID Advisor projects (*.raidproj);;JSON project files (*.json)"));
    };
}

void MainWindow::setAutosaveInterval(int ms) {
    autosaveIntervalMs_ = ms;
    if (session_->autoSaver) {
        session_->autoSaver->setInterval(ms);
    }
}

// ---- opening ------------------------------------------------------------------------------

void MainWindow::openProject(const QString& path) {
    if (!maybeSave()) {
        return;
    }
    document::OpenResult opened = document::ProjectDocument::open(path);
    if (!opened.document) {
        // Refused before any validation (missing, malformed, newer): reported like any failed
        // run, after the event loop turns, so that callers see runFinished(false) as usual.
        ProjectRun refused;
        refused.path = path;
        refused.errorTitle = tr("Cannot load project %1").arg(QFileInfo(path).fileName());
        refused.errors = opened.error.split(QLatin1Char('\n'));
        startRun([refused](std::shared_ptr<SearchControl>) { return refused; },
                 QFileInfo(path).fileName());
        return;
    }
    // Autosaves of this project that no running copy owns (a copy that has it open holds its
    // file's lock): left by a crash or a kill.
    const QStringList left = ProjectDocument::leftAutosavesFor(opened.document->path());
    if (!left.isEmpty()) {
        const QString autosave = left.front();
        const Answer answer = asker_(
            Question::RecoverAutosave,
            tr("%1 has unsaved changes from a session that ended without saving them (autosaved "
               "%2). Recover them?")
                .arg(QFileInfo(path).fileName(),
                     QLocale().toString(QFileInfo(autosave).lastModified(), QLocale::ShortFormat)));
        if (answer == Answer::Recover) {
            document::OpenResult recovered =
                ProjectDocument::recover(autosave, opened.document->path());
            if (recovered.document) {
                startDocumentRun(std::move(recovered.document),
                                 {tr("Recovered the unsaved changes; save to keep them.")});
                return;
            }
            reportError(tr("Cannot recover the autosave of %1").arg(QFileInfo(path).fileName()),
                        recovered.error.split(QLatin1Char('\n')));
        } else {
            for (const QString& file : left) {
                QFile::remove(file);
            }
        }
    }
    startDocumentRun(std::move(opened.document), opened.notes);
}

void MainWindow::openProjectText(const QByteArray& json, const QString& displayName) {
    document::OpenResult opened = document::ProjectDocument::fromText(json);
    if (!opened.document) {
        ProjectRun refused;
        refused.errorTitle = tr("Cannot load project %1").arg(displayName);
        refused.errors = opened.error.split(QLatin1Char('\n'));
        startRun([refused](std::shared_ptr<SearchControl>) { return refused; }, displayName);
        return;
    }
    opened.document->markModified();  // a new project is unsaved work
    startDocumentRun(std::move(opened.document), {});
}

void MainWindow::startDocumentRun(std::unique_ptr<document::ProjectDocument> doc,
                                  const QStringList& notes) {
    const QByteArray text = doc->serialize();
    const QString path = doc->path();
    const QString name = path.isEmpty() ? doc->displayName() : QFileInfo(path).fileName();
    const QString catalog = catalogPath_;
    session_->pendingDocument = std::move(doc);
    session_->pendingNotes = notes;
    session_->pendingRun = startRun(
        [text, path, name, catalog](std::shared_ptr<SearchControl> control) {
            ProjectRun run = runProjectText(text, name, catalog, std::move(control));
            run.path = path;
            if (!run.ok()) {
                run.errorTitle = tr("Cannot load project %1").arg(name);
            }
            return run;
        },
        name);
}

void MainWindow::adoptPendingDocument(quint64 runId) {
    ProjectDocument* before = session_->document.get();
    if (before != nullptr) {
        undoGroup_->removeStack(before->undoStack());
    }
    if (!session_->adopt(runId, autosaveIntervalMs_)) {
        if (before != nullptr) {
            undoGroup_->addStack(before->undoStack());
        }
        return;
    }
    undoGroup_->addStack(session_->document->undoStack());
    undoGroup_->setActiveStack(session_->document->undoStack());
    connect(session_->autoSaver.get(), &document::AutoSaver::failed, this,
            [this](const QString& error) {
                summaryLabel_->setText(tr("Autosave failed: %1").arg(error));
            });
    connect(session_->document.get(), &document::ProjectDocument::modifiedChanged, this,
            [this] { updateTitle(); });
    connect(session_->document.get(), &document::ProjectDocument::pathChanged, this, [this] {
        session_->path = session_->document->path();
        updateTitle();
    });
    connect(session_->document.get(), &document::ProjectDocument::changed, this,
            &MainWindow::documentChanged);
    if (!session_->document->isUntitled()) {
        addRecentFile(session_->document->path());
    }
    for (QAction* action : {saveAction_, saveAsAction_, closeAction_}) {
        action->setEnabled(true);
    }
    syncingPins_ = true;
    compare_->clear();  // pins belong to the project they were made in
    syncingPins_ = false;
}

bool MainWindow::recoverUntitled() {
    const QStringList left = document::ProjectDocument::untitledAutosaves();
    if (left.isEmpty()) {
        return false;
    }
    const Answer answer =
        asker_(Question::RecoverAutosave,
               tr("An untitled project has unsaved changes from a session that ended without "
                  "saving them. Recover it?"));
    if (answer != Answer::Recover) {
        for (const QString& path : left) {
            QFile::remove(path);
        }
        return false;
    }
    document::OpenResult recovered = document::ProjectDocument::recover(left.front(), QString());
    if (!recovered.document) {
        reportError(tr("Cannot recover the untitled project"),
                    recovered.error.split(QLatin1Char('\n')));
        return false;
    }
    startDocumentRun(std::move(recovered.document),
                     {tr("Recovered an untitled project; save it to keep it.")});
    return true;
}

// ---- saving -------------------------------------------------------------------------------

bool MainWindow::saveProject() {
    if (!session_->document) {
        return false;
    }
    if (session_->document->isUntitled()) {
        return saveProjectAs();
    }
    recordSelection(*session_->document, *recModel_, *recProxy_, *recTable_);
    document::SaveResult result = session_->document->save();
    if (result.outcome == document::SaveResult::Outcome::ChangedOnDisk) {
        const Answer answer =
            asker_(Question::FileChangedOnDisk,
                   tr("%1 was changed on disk since it was opened or saved. Overwrite those "
                      "changes with this project, or save this project under another name?")
                       .arg(session_->document->displayName()));
        if (answer == Answer::SaveAs) {
            return saveProjectAs();
        }
        if (answer != Answer::Overwrite) {
            return false;
        }
        result = session_->document->save(true);
    }
    if (!result.ok()) {
        reportError(tr("Cannot save %1").arg(session_->document->displayName()), {result.error});
        return false;
    }
    summaryLabel_->setText(
        result.backupPath.isEmpty()
            ? tr("Saved %1.").arg(session_->document->displayName())
            : tr("Saved %1; the original of the older format is kept as %2.")
                  .arg(session_->document->displayName(), QFileInfo(result.backupPath).fileName()));
    addRecentFile(session_->document->path());
    emit projectSaved(session_->document->path());
    return true;
}

QString MainWindow::suggestedSavePath() const {
    QString dir = QDir::homePath();
    QString base = session_->name.isEmpty() ? tr("Untitled") : session_->name;
    if (session_->document && !session_->document->isUntitled()) {
        const QFileInfo info(session_->document->path());
        base = info.completeBaseName();
        // The bundled examples (or any read-only folder) are not where a copy goes.
        if (QFileInfo(info.absolutePath()).isWritable()) {
            dir = info.absolutePath();
        } else {
            dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        }
    }
    base.replace(QLatin1Char('/'), QLatin1Char('-'));
    return QDir(dir).filePath(base + QLatin1Char('.') + QLatin1String(kProjectSuffix));
}

bool MainWindow::saveProjectAs() {
    if (!session_->document) {
        return false;
    }
    QString path = saveFileChooser_(suggestedSavePath());
    if (path.isEmpty()) {
        return false;
    }
    if (QFileInfo(path).suffix().isEmpty()) {
        path += QLatin1Char('.') + QLatin1String(kProjectSuffix);
    }
    recordSelection(*session_->document, *recModel_, *recProxy_, *recTable_);
    const document::SaveResult result = session_->document->saveAs(path);
    if (!result.ok()) {
        reportError(tr("Cannot save %1").arg(QFileInfo(path).fileName()), {result.error});
        return false;
    }
    session_->path = session_->document->path();
    updateTitle();
    summaryLabel_->setText(tr("Saved %1.").arg(session_->document->displayName()));
    addRecentFile(session_->document->path());
    emit projectSaved(session_->document->path());
    return true;
}

bool MainWindow::maybeSave() {
    if (!session_->document || !session_->document->isModified()) {
        return true;
    }
    const Answer answer =
        asker_(Question::SaveChanges,
               tr("%1 has unsaved changes. Save them?").arg(session_->displayName()));
    if (answer == Answer::Save) {
        return saveProject();
    }
    if (answer == Answer::Discard) {
        session_->document->discardAutosave();
        return true;
    }
    return false;
}

bool MainWindow::closeProject() {
    if (!maybeSave()) {
        return false;
    }
    if (session_->document) {
        undoGroup_->removeStack(session_->document->undoStack());
    }
    session_->close();
    if (control_) {
        control_->stop = true;  // a search still going need not finish
    }
    setBusy(false);
    model_->setEvaluations({});
    recModel_->clear();
    session_->explanations.clear();
    syncingPins_ = true;
    compare_->clear();
    syncingPins_ = false;
    whatIf_->setEnabled(false);
    statsLabel_->setText(tr("Start with File > New project, or open a project."));
    showCandidate();
    for (QAction* action : {saveAction_, saveAsAction_, closeAction_}) {
        action->setEnabled(false);
    }
    updateTitle();
    updateSummary();
    return true;
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (maybeSave()) {
        saveWindowGeometry();
        event->accept();
    } else {
        event->ignore();
    }
}

// ---- recent files and drops ---------------------------------------------------------------

QStringList MainWindow::recentFiles() const {
    return QSettings().value(QLatin1String(kRecentKey)).toStringList();
}

void MainWindow::addRecentFile(const QString& path) {
    QStringList files = recentFiles();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles) {
        files.removeLast();
    }
    QSettings().setValue(QLatin1String(kRecentKey), files);
}

void MainWindow::fillRecentMenu() {
    recentMenu_->clear();
    QStringList files = recentFiles();
    QStringList missing;
    for (const QString& file : files) {
        if (!QFileInfo::exists(file)) {
            missing << file;
        }
    }
    for (const QString& file : missing) {
        files.removeAll(file);
    }
    if (!missing.isEmpty()) {
        QSettings().setValue(QLatin1String(kRecentKey), files);
        summaryLabel_->setText(tr("Removed from the recent files (no longer there): %1")
                                   .arg(missing.join(QStringLiteral(", "))));
    }
    if (files.isEmpty()) {
        recentMenu_->addAction(tr("(none)"))->setEnabled(false);
        return;
    }
    for (int i = 0; i < files.size(); ++i) {
        const QString file = files[i];
        QAction* action =
            recentMenu_->addAction(tr("&%1 %2").arg(i + 1).arg(QFileInfo(file).fileName()), this,
                                   [this, file] { openProject(file); });
        action->setToolTip(file);
        action->setStatusTip(file);
    }
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.front().isLocalFile() &&
        isProjectFile(urls.front().toLocalFile())) {
        event->acceptProposedAction();
    }
}

void MainWindow::dropEvent(QDropEvent* event) {
    if (openDropped(event->mimeData())) {
        event->acceptProposedAction();
    }
}

bool MainWindow::openDropped(const QMimeData* mime) {
    const QList<QUrl> urls = mime->urls();
    if (urls.isEmpty() || !urls.front().isLocalFile() ||
        !isProjectFile(urls.front().toLocalFile())) {
        return false;
    }
    openProject(urls.front().toLocalFile());
    return true;
}

}  // namespace raidadv::gui
