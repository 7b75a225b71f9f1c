#include "main_window.h"
#include "main_window_catalog.h"

#include <QAction>
#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeySequence>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QStyleOptionHeader>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <functional>
#include <utility>

#include "advice_charts.h"
#include "advisor/explain.h"
#include "app_resources.h"
#include "auto_saver.h"
#include "buying_summary_view.h"
#include "candidate_detail.h"
#include "chart_widget.h"
#include "compare_view.h"
#include "help_window.h"
#include "layout_diagram.h"
#include "pool_what_if.h"
#include "project_document.h"
#include "project_wizard.h"
#include "recommendations_model.h"
#include "results_model.h"
#include "risk_charts.h"
#include "size_units.h"
#include "target_dialog.h"
#include "units/units.h"
#include "welcome_page.h"
#include "what_if_panel.h"
#include "wizard_tour.h"

namespace raidadv::gui {

namespace {

/// Calls `then` after each resize of the widget it watches.
class ResizeWatcher : public QObject {
  public:
    ResizeWatcher(QObject* parent, std::function<void()> then)
        : QObject(parent), then_(std::move(then)) {}

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Resize) {
            then_();
        }
        return QObject::eventFilter(watched, event);
    }

  private:
    std::function<void()> then_;
};

/// The ranking's column titles with room for the sort arrow in the sorted column only: Qt leaves
/// it in every column (as wide as a two-line title is high), which with a large font pushed the
/// last columns off screen. The columns are fitted again when the sorted column changes.
class RankingHeader : public QHeaderView {
  public:
    explicit RankingHeader(QWidget* parent) : QHeaderView(Qt::Horizontal, parent) {
        setSectionsClickable(true);
        setHighlightSections(true);
    }

  protected:
    QSize sectionSizeFromContents(int logicalIndex) const override {
        QSize size = QHeaderView::sectionSizeFromContents(logicalIndex);
        if (isSortIndicatorShown() && logicalIndex != sortIndicatorSection()) {
            // The room QHeaderView::sectionSizeFromContents adds for the arrow: the section's
            // height plus the style's header margin.
            QStyleOptionHeader option;
            initStyleOption(&option);
            size.rwidth() -=
                size.height() + style()->pixelMetric(QStyle::PM_HeaderMargin, &option, this);
        }
        return size;
    }
};

constexpr qsizetype kMaxErrorLinesShown = 12;
const char* const kGeometryKey = "window/geometry";

QString failuresText(int failures) {
    if (failures <= 0) {
        return MainWindow::tr("tolerates no drive failure");
    }
    if (failures == 1) {
        return MainWindow::tr("tolerates 1 drive failure");
    }
    return MainWindow::tr("tolerates %1 drive failures").arg(failures);
}

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), session_(std::make_unique<ProjectSession>(this)) {
    setObjectName(QStringLiteral("mainWindow"));
    createActions();
    installCatalogEditor(this);  // Tools > Catalog... (main_window_catalog.cpp)
    createViewMenu();            // View > Units (main_window_units.cpp)
    createWidgets();
    setErrorReporter({});
    updateTitle();
    updateSummary();
    restoreWindowGeometry();
}

MainWindow::~MainWindow() {
    // The session's document outlives this window's slots by a moment: cut its signals first.
    if (session_ && session_->document) {
        session_->document->disconnect(this);
    }
    if (session_ && session_->autoSaver) {
        session_->autoSaver->disconnect(this);
    }
}

void MainWindow::createActions() {
    QMenu* fileMenu = menuBar()->addMenu(tr("&File"));
    fileMenu->setObjectName(QStringLiteral("fileMenu"));
    newAction_ = fileMenu->addAction(tr("&New project..."), this, [this] {
        if (maybeSave()) {  // unsaved changes of the open project first
            newProject();
        }
    });
    newAction_->setObjectName(QStringLiteral("newAction"));
    newAction_->setShortcut(QKeySequence::New);
    openAction_ = fileMenu->addAction(tr("&Open project..."), this, &MainWindow::chooseProject);
    openAction_->setObjectName(QStringLiteral("openAction"));
    openAction_->setShortcut(QKeySequence::Open);
    createDocumentActions(fileMenu);  // Open Recent, Save, Save As, Close; the Edit menu
    fileMenu->addSeparator();
    createReportAction(fileMenu);  // Export report... (main_window_report.cpp)
    fileMenu->addSeparator();
    quitAction_ = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quitAction_->setObjectName(QStringLiteral("quitAction"));
    quitAction_->setShortcut(QKeySequence::Quit);
    quitAction_->setMenuRole(QAction::QuitRole);

    QMenu* helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->setObjectName(QStringLiteral("helpMenu"));
    QAction* manual = helpMenu->addAction(tr("&Manual"), this, [this] { showManual(); });
    manual->setObjectName(QStringLiteral("manualAction"));
    manual->setShortcut(QKeySequence::HelpContents);  // F1
    QAction* tour = helpMenu->addAction(tr("Take the &Tour..."), this, [this] {
        if (maybeSave()) {  // the tour walks a new project
            takeTour();
        }
    });
    tour->setObjectName(QStringLiteral("tourAction"));
    helpMenu->addSeparator();
    aboutAction_ = helpMenu->addAction(tr("&About RAID Advisor"), this, &MainWindow::showAbout);
    aboutAction_->setObjectName(QStringLiteral("aboutAction"));
    aboutAction_->setMenuRole(QAction::AboutRole);
}

void MainWindow::createWidgets() {
    model_ = new ResultsModel(this);
    model_->setObjectName(QStringLiteral("resultsModel"));

    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("resultsTableView"));
    table_->setModel(model_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setAlternatingRowColors(true);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->resizeColumnsToContents();
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &MainWindow::updateSummary);

    tabs_ = new QTabWidget(this);
    tabs_->setObjectName(QStringLiteral("mainTabWidget"));
    tabs_->addTab(createRecommendationsTab(), tr("&Recommendations"));
    compare_ = new CompareView(this);
    tabs_->addTab(compare_, tr("&Compare"));
    tabs_->addTab(table_, tr("Evaluated &systems"));
    createWelcomePage();

    whatIf_ = new WhatIfPanel(this);
    whatIfDock_ = new QDockWidget(tr("What if"), this);
    whatIfDock_->setObjectName(QStringLiteral("whatIfDock"));
    whatIfDock_->setWidget(whatIf_);
    whatIfDock_->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::RightDockWidgetArea, whatIfDock_);
    whatIfDock_->hide();  // shown with a project that asks the advisor a question (showRun)
    // Every what-if edit and pin is recorded in the document first (undoable, saved).
    connect(whatIf_, &WhatIfPanel::weightsChanged, this, &MainWindow::recordWhatIf);
    connect(whatIf_, &WhatIfPanel::searchRequested, this, &MainWindow::recordWhatIf);
    connect(compare_, &CompareView::pinsChanged, this, &MainWindow::recordPins);
    connect(whatIf_, &WhatIfPanel::weightsChanged, this, &MainWindow::rerank);
    connect(whatIf_, &WhatIfPanel::searchRequested, this, &MainWindow::searchAgain);

    statusBar()->setObjectName(QStringLiteral("mainStatusBar"));
    summaryLabel_ = new QLabel(this);
    summaryLabel_->setObjectName(QStringLiteral("summaryLabel"));
    summaryLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statusBar()->addWidget(summaryLabel_, 1);
    progress_ = new QProgressBar(this);
    progress_->setObjectName(QStringLiteral("searchProgressBar"));
    progress_->setRange(0, 1000);  // the search's fraction done, polled by progressTimer_
    progress_->setTextVisible(false);
    progress_->setMaximumWidth(160);
    progress_->hide();
    cancelButton_ = new QPushButton(tr("Cancel"), this);
    cancelButton_->setObjectName(QStringLiteral("cancelSearchPushButton"));
    cancelButton_->setToolTip(tr("Stop the search and keep the results shown"));
    cancelButton_->hide();
    connect(cancelButton_, &QPushButton::clicked, this, &MainWindow::cancelSearch);
    progressTimer_ = new QTimer(this);
    progressTimer_->setInterval(100);
    connect(progressTimer_, &QTimer::timeout, this, [this] {
        if (control_) {
            progress_->setValue(control_->permille.load());
        }
    });
    statusBar()->addPermanentWidget(progress_);
    statusBar()->addPermanentWidget(cancelButton_);
}

QWidget* MainWindow::createRecommendationsTab() {
    createRankingTable();

    statsLabel_ = new QLabel(tr("Start with File > New project, or open a project."), this);
    statsLabel_->setObjectName(QStringLiteral("searchStatsLabel"));
    statsLabel_->setWordWrap(true);

    createDetailTabs();

    pinButton_ = new QPushButton(tr("&Pin to compare"), this);
    pinButton_->setObjectName(QStringLiteral("pinPushButton"));
    pinButton_->setToolTip(tr("Add the selected configuration to the Compare tab (up to %1)")
                               .arg(CompareView::kMaxPins));
    pinButton_->setEnabled(false);
    connect(pinButton_, &QPushButton::clicked, this, [this] { pinSelected(); });

    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    auto* statsRow = new QHBoxLayout;
    statsRow->addWidget(statsLabel_, 1);
    statsRow->addWidget(pinButton_);
    // "What would it take?" (target_dialog.h): a target for the question the ranking answers.
    auto* targetButton = new QPushButton(tr("What &would it take?..."), this);
    targetButton->setObjectName(QStringLiteral("whatWouldItTakePushButton"));
    targetButton->setToolTip(
        tr("State a target (response time at a higher load, capacity, "
           "failures) and find the cheapest change that meets it"));
    connect(targetButton, &QPushButton::clicked, this, [this] {
        const auto& ranked = recModel_->result().ranked;
        showTargetDialog(this, recModel_->request(), ranked.empty() ? nullptr : &ranked.front(),
                         catalogPath_);
    });
    statsRow->addWidget(targetButton);
    topLayout->addLayout(statsRow);
    topLayout->addWidget(recTable_, 1);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("recommendationsSplitter"));
    splitter->addWidget(top);
    splitter->addWidget(detailTabs_);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setChildrenCollapsible(false);
    return splitter;
}

/// The ranking table over its sort proxy, with Ctrl+C copying the ranking.
void MainWindow::createRankingTable() {
    recModel_ = new RecommendationsModel(this);
    recModel_->setObjectName(QStringLiteral("recommendationsModel"));
    recProxy_ = new QSortFilterProxyModel(this);
    recProxy_->setSourceModel(recModel_);
    recProxy_->setSortRole(RecommendationsModel::RawValueRole);
    recTable_ = new QTableView(this);
    recTable_->setObjectName(QStringLiteral("recommendationsTableView"));
    recTable_->setHorizontalHeader(new RankingHeader(recTable_));
    recTable_->setModel(recProxy_);
    recTable_->setSortingEnabled(true);
    recTable_->sortByColumn(RecommendationsModel::RankColumn, Qt::AscendingOrder);
    recTable_->setSelectionBehavior(QAbstractItemView::SelectRows);
    recTable_->setSelectionMode(QAbstractItemView::SingleSelection);
    recTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    recTable_->setAlternatingRowColors(true);
    recTable_->verticalHeader()->hide();
    recTable_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    recTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    recTable_->setWordWrap(false);
    // Room for the sort arrow follows the sorted column (RankingHeader).
    connect(recTable_->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this,
            [this] { fitRankingColumns(); });
    // The configuration names take what the other columns leave, at any window width.
    recTable_->viewport()->installEventFilter(
        new ResizeWatcher(recTable_->viewport(), [this] { fitConfigurationColumn(); }));
    connect(recTable_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &MainWindow::showCandidate);
    // Ctrl+C in the ranking copies the ranking (the detail pane copies its selection itself).
    auto* copyInTable = new QAction(tr("Copy"), recTable_);
    copyInTable->setShortcut(QKeySequence::Copy);
    copyInTable->setShortcutContext(Qt::WidgetShortcut);
    connect(copyInTable, &QAction::triggered, this, [this] { copyRanking(); });
    recTable_->addAction(copyInTable);
}

/// The detail tabs for the selected configuration: explanation, charts, stripe and risk,
/// layout and buying summary.
void MainWindow::createDetailTabs() {
    detail_ = new QTextBrowser(this);
    detail_->setObjectName(QStringLiteral("detailTextBrowser"));
    detail_->setOpenExternalLinks(false);

    auto* chartsPage = new QWidget(this);
    auto* grid = new QGridLayout(chartsPage);
    grid->setContentsMargins(0, 0, 0, 0);
    responseChart_ = new charts::ChartWidget(chartsPage);
    responseChart_->setObjectName(QStringLiteral("responseChartWidget"));
    costChart_ = new charts::ChartWidget(chartsPage);
    costChart_->setObjectName(QStringLiteral("costChartWidget"));
    utilizationChart_ = new charts::ChartWidget(chartsPage);
    utilizationChart_->setObjectName(QStringLiteral("utilizationChartWidget"));
    throughputChart_ = new charts::ChartWidget(chartsPage);
    throughputChart_->setObjectName(QStringLiteral("throughputChartWidget"));
    grid->addWidget(responseChart_, 0, 0);
    grid->addWidget(costChart_, 0, 1);
    grid->addWidget(utilizationChart_, 1, 0);
    grid->addWidget(throughputChart_, 1, 1);

    auto* riskPage = new QWidget(this);
    auto* riskRow = new QHBoxLayout(riskPage);
    riskRow->setContentsMargins(0, 0, 0, 0);
    stripeChart_ = new charts::ChartWidget(riskPage);
    stripeChart_->setObjectName(QStringLiteral("stripeChartWidget"));
    lossChart_ = new charts::ChartWidget(riskPage);
    lossChart_->setObjectName(QStringLiteral("lossChartWidget"));
    riskRow->addWidget(stripeChart_);
    riskRow->addWidget(lossChart_);

    diagram_ = new LayoutDiagram(this);

    detailTabs_ = new QTabWidget(this);
    detailTabs_->setObjectName(QStringLiteral("detailTabWidget"));
    detailTabs_->addTab(detail_, tr("E&xplanation"));
    detailTabs_->addTab(chartsPage, tr("Ch&arts"));
    detailTabs_->addTab(riskPage, tr("Stripe && ris&k"));
    poolWhatIf_ = new PoolWhatIf(this);
    connect(poolWhatIf_, &PoolWhatIf::edited, this, &MainWindow::recordPoolWhatIf);
    auto* layoutPage = new QWidget(this);
    auto* layoutColumn = new QVBoxLayout(layoutPage);
    layoutColumn->setContentsMargins(0, 0, 0, 0);
    layoutColumn->addWidget(diagram_, 1);
    layoutColumn->addWidget(poolWhatIf_);
    detailTabs_->addTab(layoutPage, tr("&Layout"));
    buyingSummary_ = new BuyingSummaryView(this);
    buyingSummary_->setObjectName(QStringLiteral("buyingSummaryView"));
    detailTabs_->addTab(buyingSummary_, tr("&Buying summary"));
}

void MainWindow::setErrorReporter(ErrorReporter reporter) {
    if (reporter) {
        errorReporter_ = std::move(reporter);
        return;
    }
    errorReporter_ = [this](const QString& title, const QString& message) {
        QStringList lines = message.split(QLatin1Char('\n'));
        auto* box = new QMessageBox(QMessageBox::Critical, tr("RAID Advisor"), title,
                                    QMessageBox::Ok, this);
        box->setObjectName(QStringLiteral("errorMessageBox"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        if (lines.size() > kMaxErrorLinesShown) {
            box->setDetailedText(message);
            const qsizetype more = lines.size() - kMaxErrorLinesShown;
            lines = lines.mid(0, kMaxErrorLinesShown);
            lines << tr("... and %1 more (see details)").arg(more);
        }
        box->setInformativeText(lines.join(QLatin1Char('\n')));
        box->open();  // window-modal, does not block
    };
}

// openProject() and openProjectText() are in main_window_file.cpp: they make a document.

quint64 MainWindow::startRun(std::function<ProjectRun(std::shared_ptr<SearchControl>)> job,
                             const QString& what) {
    session_->searches.cancel();  // a what-if search still running belongs to the old project
    setBusy(true, tr("Evaluating %1...").arg(what));
    auto control = std::make_shared<SearchControl>();
    watchProgress(control);
    // Only the newest run is delivered: its id is runs.newest().
    return session_->runs.start(
        [job = std::move(job), control]() mutable { return job(std::move(control)); },
        [this](const ProjectRun& run) { projectRunFinished(session_->runs.newest(), run); });
}

void MainWindow::projectRunFinished(quint64 runId, const ProjectRun& run) {
    setBusy(false);
    if (run.ok()) {
        adoptPendingDocument(runId);  // an opened file becomes the open project
    }
    showRun(run);
    emit runFinished(run.ok());
}

void MainWindow::setBusy(bool busy, const QString& what) {
    searching_ = busy;
    if (!busy) {
        progressTimer_->stop();
    }
    progress_->setVisible(busy);
    cancelButton_->setVisible(busy);
    if (busy && !what.isEmpty()) {
        summaryLabel_->setText(what);
    }
}

void MainWindow::showRun(const ProjectRun& run) {
    if (!run.ok()) {
        reportError(run.errorTitle, run.errors);
        updateSummary();
        return;
    }
    session_->path = run.path;
    session_->name = run.projectName;
    centralStack_->setCurrentWidget(tabs_);
    // A project that asks the advisor nothing has nothing to ask "what if" about: an empty,
    // disabled panel would only show complaints about fields no one filled in.
    whatIfDock_->setVisible(run.request.has_value());
    model_->setEvaluations(run.evaluations);
    // Advisor projects list no systems of their own: their table would be empty.
    tabs_->setTabVisible(tabs_->indexOf(table_), !run.evaluations.empty() || !run.request);
    table_->resizeColumnsToContents();
    if (model_->rowCount() > 0) {
        table_->selectionModel()->setCurrentIndex(
            model_->index(0, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    }
    session_->explanations.clear();
    if (run.request) {
        whatIf_->setRequest(*run.request);
        session_->loadedRequest = *run.request;
        session_->catalog = run.catalog;
        session_->appliedRequest = whatIf_->request();
        session_->hasRequest = true;
        showAdvice(run.advice, *run.request, false);
        tabs_->setCurrentIndex(0);
    } else {
        recModel_->clear();
        whatIf_->setEnabled(false);
        statsLabel_->setText(tr("This project asks the advisor nothing: see Evaluated systems."));
        detail_->clear();
        diagram_->clear();
        tabs_->setCurrentWidget(table_);
    }
    updateTitle();
    updateSummary();
    if (session_->document) {
        syncPins();  // the pins the project was saved with
        if (!session_->pendingNotes.isEmpty()) {
            statusBar()->showMessage(session_->pendingNotes.join(QLatin1Char(' ')), 20'000);
            session_->pendingNotes.clear();
        }
    }
}

ProjectWizard* MainWindow::newProject() {
    auto* wizard = new ProjectWizard(CatalogChoices::load(catalogPath_), catalogPath_, this);
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    wizard->setWindowModality(Qt::WindowModal);
    connect(wizard, &QDialog::accepted, this, [this, wizard] {
        const ProjectDraft draft = wizard->draft();
        openProjectText(projectJsonText(draft), draft.name);
    });
    wizard->open();
    return wizard;
}

// ---- welcome page (welcome_page.h) -----------------------------------------------------------

void MainWindow::createWelcomePage() {
    welcome_ = new WelcomePage(examplesDir(), this);
    connect(welcome_, &WelcomePage::exampleChosen, this, &MainWindow::openProject);
    connect(welcome_, &WelcomePage::newProjectRequested, this, [this] { newProject(); });
    connect(welcome_, &WelcomePage::openProjectRequested, this, &MainWindow::chooseProject);
    connect(welcome_, &WelcomePage::tourRequested, this, [this] { takeTour(); });
    centralStack_ = new QStackedWidget(this);
    centralStack_->setObjectName(QStringLiteral("centralStackedWidget"));
    centralStack_->addWidget(welcome_);
    centralStack_->addWidget(tabs_);
    setCentralWidget(centralStack_);
}

void MainWindow::showWelcome() {
    centralStack_->setCurrentWidget(welcome_);
    whatIfDock_->hide();  // nothing to ask "what if" about yet
}

bool MainWindow::isWelcomeShown() const {
    return centralStack_->currentWidget() == welcome_;
}

ProjectWizard* MainWindow::takeTour() {
    ProjectWizard* wizard = newProject();
    WizardTour::attach(wizard);
    return wizard;
}

// The ranking, the detail of a candidate, re-ranking and what-if searches are in
// main_window_advice.cpp.

void MainWindow::chooseProject() {
    // Start in the current project's folder, else in the bundled examples (installed, or in the
    // build tree, at <bin>/../share/raid-advisor/examples), else in the current directory.
    QString dir = QFileInfo(session_->path).absolutePath();
    if (session_->path.isEmpty()) {
        const QDir examples(QCoreApplication::applicationDirPath() +
                            QStringLiteral("/../share/raid-advisor/examples"));
        dir = examples.exists() ? examples.absolutePath() : QDir::currentPath();
    }
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open project"), dir,
        tr("RAID Advisor projects (*.raidproj *.json);;All files (*)"));
    if (!path.isEmpty()) {
        openProject(path);
    }
}

HelpWindow* MainWindow::showManual() {
    if (helpWindow_ == nullptr) {
        helpWindow_ = new HelpWindow(manualPath(), this);
    }
    helpWindow_->show();
    helpWindow_->raise();
    helpWindow_->activateWindow();
    return helpWindow_;
}

void MainWindow::restoreWindowGeometry() {
    // The size and place the window had when it was last closed, else most of the screen it
    // opens on (never larger than that screen: 2x scaling or a small laptop screen).
    if (restoreGeometry(QSettings().value(QLatin1String(kGeometryKey)).toByteArray())) {
        return;
    }
    const QScreen* screen = this->screen();
    if (screen == nullptr) {
        resize(1280, 800);
        return;
    }
    const QRect available = screen->availableGeometry();
    const QSize size(std::min(available.width() * 9 / 10, 1600),
                     std::min(available.height() * 9 / 10, 1000));
    resize(size);
    move(available.center() - QPoint(size.width() / 2, size.height() / 2));
}

void MainWindow::saveWindowGeometry() {
    QSettings().setValue(QLatin1String(kGeometryKey), saveGeometry());
}

void MainWindow::showAbout() {
    QMessageBox::about(
        this, tr("About RAID Advisor"),
        tr("<h3>RAID Advisor %1</h3>"
           "<p>Predicts the performance of RAID storage configurations (IOPS, MB/s, response "
           "times and bottlenecks) for a workload, from drive, controller, link and host "
           "models.</p>"
           "<p>Units: MB/s = 10<sup>6</sup> bytes per second; GB = 10<sup>9</sup> bytes; "
           "TiB = 2<sup>40</sup> bytes.</p>")
            .arg(QStringLiteral(RAID_ADVISOR_VERSION)));
}

void MainWindow::reportError(const QString& title, const QStringList& errors) {
    const QString message = errors.join(QLatin1Char('\n'));
    emit errorReported(title, message);
    if (errorReporter_) {
        errorReporter_(title, message);
    }
}

void MainWindow::updateSummary() {
    if (isBusy() || searching_) {
        return;  // keeps "Evaluating ..." until the run is shown
    }
    if (const advisor::Candidate* c = recModel_->candidateAt(selectedRank())) {
        summaryLabel_->setText(tr("Rank %1: %2, %3 usable, %4")
                                   .arg(selectedRank() + 1)
                                   .arg(QString::fromStdString(c->system.name),
                                        formatBytes(c->assessment.usable_bytes),
                                        failuresText(c->assessment.failures_tolerated)));
        return;
    }
    const raidadv::Evaluation* evaluation =
        model_->evaluationAt(table_->selectionModel()->currentIndex().row());
    if (evaluation == nullptr) {
        if (session_->path.isEmpty()) {
            summaryLabel_->setText(
                tr("Start a project with File > New project, or open one with File > Open "
                   "project..."));
        } else if (model_->rowCount() == 0) {
            summaryLabel_->setText(tr("No results: the project has no system or no workload."));
        } else {
            summaryLabel_->setText(tr("Select a row to see its system's capacity."));
        }
        return;
    }
    const raidadv::SystemSummary& summary = evaluation->summary;
    const QLocale locale;
    QString text =
        tr("%1: usable capacity %2, %3")
            .arg(QString::fromStdString(evaluation->system), formatBytes(summary.usable_bytes),
                 failuresText(summary.failures_tolerated));
    if (summary.cost_known) {
        text += tr(", cost %1 USD").arg(locale.toString(summary.cost_usd, 'f', 0));
    }
    summaryLabel_->setText(text);
}

void MainWindow::updateTitle() {
    // The same name as every question about the project (ProjectSession::displayName).
    const QString name = session_->displayName();
    // [*] shows unsaved changes (setWindowModified).
    setWindowTitle(name.isEmpty() ? tr("RAID Advisor") : tr("%1[*] - RAID Advisor").arg(name));
    setWindowModified(session_->document && session_->document->isModified());
}

}  // namespace raidadv::gui
