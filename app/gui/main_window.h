#pragma once
// The main window: File (New project..., Open project..., Quit) and Help menus; the advisor's
// ranked recommendations with a detail pane (explanation, metrics, charts, layout diagram), a
// what-if side panel, and the table of evaluated systems for projects that list systems.
// Projects are loaded, evaluated and searched on worker threads; the window never waits.

#include <QMainWindow>
#include <QString>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "project_run.h"
#include "project_session.h"

class QAction;
class QCloseEvent;
class QDragEnterEvent;
class QDropEvent;
class QMenu;
class QMimeData;
class QUndoGroup;
class QDockWidget;
class QLabel;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;
class QStackedWidget;
class QTextBrowser;
class QTimer;

namespace raidadv::charts {
class ChartWidget;
}

namespace raidadv::document {
class AutoSaver;
class ProjectDocument;
}  // namespace raidadv::document

namespace raidadv::gui {

class CompareView;
class HelpWindow;
class WelcomePage;
class LayoutDiagram;
class BuyingSummaryView;
class ProjectWizard;
class RecommendationsModel;
class ResultsModel;
class WhatIfPanel;
class PoolWhatIf;

class MainWindow : public QMainWindow {
    Q_OBJECT

  public:
    /// Shows an error to the user. Must not block (tests replace it; the default opens a
    /// window-modal message box and returns at once).
    using ErrorReporter = std::function<void(const QString& title, const QString& message)>;

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Starts loading and evaluating `path` on a worker thread; runFinished() follows. A newer
    /// call supersedes a run still in progress (its result is dropped).
    void openProject(const QString& path);
    /// As openProject() for project JSON that is not a file (the wizard's project).
    void openProjectText(const QByteArray& json, const QString& displayName);
    /// Shows the outcome of a run: its results, or its error through the error reporter.
    void showRun(const ProjectRun& run);
    /// Opens the new-project wizard (window-modal, returns at once); Finish opens its project.
    ProjectWizard* newProject();
    /// Shows the welcome page (examples, New project..., Open..., the tour) in place of the
    /// results; the window starts with it. A project shown replaces it.
    void showWelcome();
    /// Opens the new-project wizard with the guided tour beside its pages (also Help > Take the
    /// Tour).
    ProjectWizard* takeTour();
    /// Help > Manual (F1): the user manual in its own window (help_window.h).
    HelpWindow* showManual();

    void setErrorReporter(ErrorReporter reporter);
    /// Catalog database to load projects against; empty (default) = Catalog::default_path().
    void setCatalogPath(const QString& path) { catalogPath_ = path; }
    QString catalogPath() const { return catalogPath_; }

    bool isBusy() const { return session_->runs.unfinished() > 0; }
    ResultsModel* resultsModel() const { return model_; }
    RecommendationsModel* recommendationsModel() const { return recModel_; }
    WhatIfPanel* whatIfPanel() const { return whatIf_; }
    CompareView* compareView() const { return compare_; }
    /// Pins the selected configuration to the Compare view; false if it cannot be pinned.
    bool pinSelected();
    QString projectPath() const { return session_->path; }
    /// Writes the PDF report of the advice shown to `path` (A4, or Letter); false after showing
    /// the error. File > Export report asks for the page size and the path, then calls this.
    bool exportReportTo(const QString& path, bool letter);
    WelcomePage* welcomePage() const { return welcome_; }
    bool isWelcomeShown() const;

    // ---- the open project (main_window_file.cpp, main_window_edits.cpp) ----
    /// Questions the window asks before it loses or overwrites work.
    enum class Question {
        SaveChanges,        ///< unsaved changes: Save, Discard or Cancel
        FileChangedOnDisk,  ///< the file changed since it was opened: Overwrite, SaveAs, Cancel
        RecoverAutosave,    ///< an autosave was left by a crash: Recover or Discard
    };
    enum class Answer { Save, Discard, Cancel, Overwrite, SaveAs, Recover };
    /// Asks the user (tests answer without a dialog).
    using Asker = std::function<Answer(Question question, const QString& text)>;
    /// Picks the file to save to, starting from `suggested`; empty = cancelled.
    using SaveFileChooser = std::function<QString(const QString& suggested)>;
    void setAsker(Asker asker);
    void setSaveFileChooser(SaveFileChooser chooser);
    /// The open project; null before one is opened or created.
    raidadv::document::ProjectDocument* document() const { return session_->document.get(); }
    /// File > Save: false if not saved (cancelled, refused or failed; errors are reported).
    bool saveProject();
    /// File > Save As...
    bool saveProjectAs();
    /// File > Close: asks about unsaved changes; false if the user cancelled.
    bool closeProject();
    /// Opens the first project file (.raidproj, .json) among dropped `mime` urls; false if none.
    bool openDropped(const QMimeData* mime);
    /// Recently opened files, newest first (at most 10; missing ones are dropped when shown).
    QStringList recentFiles() const;
    /// Offers to recover an untitled project's autosave left by a crash; true if one was opened.
    bool recoverUntitled();
    /// Milliseconds between autosaves while the project has unsaved changes.
    void setAutosaveInterval(int ms);
    /// Edit > Edit Project in Wizard...: the wizard filled from the open project (window-modal,
    /// returns at once); Finish applies what changed as one undo step and searches again. Null
    /// when no project with an advisor question is open.
    ProjectWizard* editProjectInWizard();

  signals:
    /// Emitted after the project was saved to `path`.
    void projectSaved(const QString& path);
    /// Emitted for every error shown to the user.
    void errorReported(const QString& title, const QString& message);
    /// Emitted when a run started by openProject() has been shown (ok = results, not an error).
    void runFinished(bool ok);
    /// Emitted when recommendations were shown (after a run, a what-if search or a re-rank).
    void recommendationsShown();

  private:
    void createActions();
    void createWidgets();
    void createWelcomePage();
    QWidget* createRecommendationsTab();
    void createRankingTable();
    void createDetailTabs();
    void chooseProject();
    void showAbout();
    /// The size and position last saved (QSettings "window/geometry"), else from the screen.
    void restoreWindowGeometry();
    void saveWindowGeometry();
    void reportError(const QString& title, const QStringList& errors);
    void updateSummary();
    void updateTitle();
    /// Runs `job` as the project run (superseding any other); returns its id.
    quint64 startRun(std::function<ProjectRun(std::shared_ptr<SearchControl>)> job,
                     const QString& what);
    /// Shows a finished project run `runId` (the newest).
    void projectRunFinished(quint64 runId, const ProjectRun& run);
    /// Shows `control`'s progress until the next setBusy(false); stops the search watched before.
    void watchProgress(std::shared_ptr<SearchControl> control);
    void setBusy(bool busy, const QString& what = {});

    void showAdvice(const raidadv::advisor::Result& result,
                    const raidadv::advisor::Request& request, bool keepSelection);
    void rememberExplanations(const raidadv::advisor::Result& result);
    void rerank();
    void searchAgain();
    void cancelSearch();
    void explainTop();
    void showCandidate();
    int selectedRank() const;  ///< row in the ranking (0 = pick), -1 if none
    void createCopyActions(QMenu* editMenu);
    /// Column widths of the ranking that fit the table's width (main_window_advice.cpp).
    void fitRankingColumns();
    /// The configuration column's width alone (the others as they are): on a resize.
    void fitConfigurationColumn();

  public:
    /// The ranking as shown (sorted as the table is), tab-separated with a header line.
    QString rankingText() const;
    /// Edit > Copy Ranking (and Ctrl+C in the ranking); false if there is none.
    bool copyRanking();
    /// Edit > Copy Explanation: the detail pane as text and HTML; false if it is empty.
    bool copyExplanation();

  private:
    ResultsModel* model_ = nullptr;
    QTableView* table_ = nullptr;
    RecommendationsModel* recModel_ = nullptr;
    QSortFilterProxyModel* recProxy_ = nullptr;
    QTableView* recTable_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    QTabWidget* detailTabs_ = nullptr;
    QTextBrowser* detail_ = nullptr;
    QLabel* statsLabel_ = nullptr;
    charts::ChartWidget* responseChart_ = nullptr;
    charts::ChartWidget* costChart_ = nullptr;
    charts::ChartWidget* utilizationChart_ = nullptr;
    charts::ChartWidget* throughputChart_ = nullptr;
    charts::ChartWidget* stripeChart_ = nullptr;
    charts::ChartWidget* lossChart_ = nullptr;
    LayoutDiagram* diagram_ = nullptr;
    PoolWhatIf* poolWhatIf_ = nullptr;  ///< under the diagram: a ZFS pool's what-if (issue 28)
    BuyingSummaryView* buyingSummary_ = nullptr;  ///< the selected configuration's
    WhatIfPanel* whatIf_ = nullptr;
    CompareView* compare_ = nullptr;
    QPushButton* pinButton_ = nullptr;
    QDockWidget* whatIfDock_ = nullptr;
    QLabel* summaryLabel_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QPushButton* cancelButton_ = nullptr;
    QStackedWidget* centralStack_ = nullptr;  ///< the welcome page or the result tabs
    WelcomePage* welcome_ = nullptr;
    QTimer* progressTimer_ = nullptr;
    std::shared_ptr<SearchControl> control_;  ///< of the newest run or search
    QAction* newAction_ = nullptr;
    QAction* openAction_ = nullptr;
    QAction* quitAction_ = nullptr;
    QAction* aboutAction_ = nullptr;
    HelpWindow* helpWindow_ = nullptr;
    ErrorReporter errorReporter_;
    QString catalogPath_;
    /// The open project, its pending document and the background runs on it.
    std::unique_ptr<ProjectSession> session_;
    bool searching_ = false;

    // ---- the open project ----
  protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

  private:
    void createDocumentActions(QMenu* fileMenu);
    // ---- File > Export report (main_window_report.cpp) ----
    void createReportAction(QMenu* fileMenu);
    void chooseReportFile();
    /// Asks to save unsaved changes; false if the user cancelled (keep the project open).
    bool maybeSave();
    /// Runs `doc`; it becomes the open project when its run succeeds.
    void startDocumentRun(std::unique_ptr<raidadv::document::ProjectDocument> doc,
                          const QStringList& notes);
    /// Takes the pending document of run `runId` as the open project.
    void adoptPendingDocument(quint64 runId);
    void addRecentFile(const QString& path);
    void fillRecentMenu();
    void documentChanged(const QString& pointer);
    void syncFromDocument();
    void recordWhatIf();
    void recordPins();
    void syncPins();
    /// The pool what-if of the selected configuration as the document's session holds it, and
    /// the layout diagram of the pool it shows.
    void showPoolWhatIf();
    void recordPoolWhatIf();
    /// Runs the project as the document now holds it (after a wizard edit, its undo or redo).
    void reloadFromDocument();
    QString suggestedSavePath() const;

    bool recording_ = false;   ///< pushing an edit: the document's change is ours
    bool syncQueued_ = false;  ///< a sync from the document is scheduled
    bool syncingPins_ = false;
    bool reloadQueued_ = false;  ///< a document change the what-if panel cannot show
    int autosaveIntervalMs_ = 60'000;
    Asker asker_;
    SaveFileChooser saveFileChooser_;
    QUndoGroup* undoGroup_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QAction* exportReportAction_ = nullptr;
    QAction* saveAction_ = nullptr;
    QAction* saveAsAction_ = nullptr;
    QAction* closeAction_ = nullptr;

    // ---- View > Units (main_window_units.cpp) ----
  public:
    /// Shows every size and rate in decimal (KB, MB/s) or binary (KiB, MiB/s) units at once and
    /// remembers the choice (QSettings "view/sizeUnits").
    void setSizeUnitsShown(bool binary);

  private:
    void createViewMenu();
    QAction* decimalUnitsAction_ = nullptr;
    QAction* binaryUnitsAction_ = nullptr;
};

}  // namespace raidadv::gui
