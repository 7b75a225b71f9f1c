#pragma once
// The main window: File (Open project..., Quit) and Help (About) menus, the results table and a
// status line describing the selected system. Projects are loaded and evaluated on a worker thread.

#include <QMainWindow>
#include <QString>
#include <functional>

#include "project_run.h"

class QAction;
class QLabel;
class QTableView;

namespace raidadv::gui {

class ResultsModel;

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
    /// Shows the outcome of a run: its results, or its error through the error reporter.
    void showRun(const ProjectRun& run);

    void setErrorReporter(ErrorReporter reporter);
    /// Catalog database to load projects against; empty (default) = Catalog::default_path().
    void setCatalogPath(const QString& path) { catalogPath_ = path; }

    bool isBusy() const { return running_ > 0; }
    ResultsModel* resultsModel() const { return model_; }
    QString projectPath() const { return projectPath_; }

  signals:
    /// Emitted for every error shown to the user.
    void errorReported(const QString& title, const QString& message);
    /// Emitted when a run started by openProject() has been shown (ok = results, not an error).
    void runFinished(bool ok);

  private:
    void createActions();
    void createWidgets();
    void chooseProject();
    void showAbout();
    void reportError(const QString& title, const QStringList& errors);
    void updateSummary();
    void updateTitle();

    ResultsModel* model_ = nullptr;
    QTableView* table_ = nullptr;
    QLabel* summaryLabel_ = nullptr;
    QAction* openAction_ = nullptr;
    QAction* quitAction_ = nullptr;
    QAction* aboutAction_ = nullptr;
    ErrorReporter errorReporter_;
    QString catalogPath_;
    QString projectPath_;
    QString projectName_;
    quint64 generation_ = 0;  ///< id of the newest run; older runs' results are dropped
    int running_ = 0;         ///< runs not finished yet
};

}  // namespace raidadv::gui
