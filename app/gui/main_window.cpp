#include "main_window.h"
#include "main_window_catalog.h"

#include <QAction>
#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
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
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <utility>

#include "advice_charts.h"
#include "advisor/explain.h"
#include "app_resources.h"
#include "auto_saver.h"
#include "candidate_detail.h"
#include "chart_widget.h"
#include "compare_view.h"
#include "buying_summary_view.h"
#include "layout_diagram.h"
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

constexpr qsizetype kMaxErrorLinesShown = 12;

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

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setObjectName(QStringLiteral("mainWindow"));
    createActions();
    installCatalogEditor(this);  // Tools > Catalog... (main_window_catalog.cpp)
    createViewMenu();            // View > Units (main_window_units.cpp)
    createWidgets();
    setErrorReporter({});
    updateTitle();
    updateSummary();
    resize(1280, 800);
}

MainWindow::~MainWindow() = default;

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
    recModel_ = new RecommendationsModel(this);
    recModel_->setObjectName(QStringLiteral("recommendationsModel"));
    recProxy_ = new QSortFilterProxyModel(this);
    recProxy_->setSourceModel(recModel_);
    recProxy_->setSortRole(RecommendationsModel::RawValueRole);
    recTable_ = new QTableView(this);
    recTable_->setObjectName(QStringLiteral("recommendationsTableView"));
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
    connect(recTable_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &MainWindow::showCandidate);

    statsLabel_ = new QLabel(tr("Start with File > New project, or open a project."), this);
    statsLabel_->setObjectName(QStringLiteral("searchStatsLabel"));
    statsLabel_->setWordWrap(true);

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
    detailTabs_->addTab(diagram_, tr("&Layout"));
    buyingSummary_ = new BuyingSummaryView(this);
    buyingSummary_->setObjectName(QStringLiteral("buyingSummaryView"));
    detailTabs_->addTab(buyingSummary_, tr("&Buying summary"));

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
    targetButton->setToolTip(tr("State a target (response time at a higher load, capacity, "
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

void MainWindow::startRun(std::function<ProjectRun(std::shared_ptr<SearchControl>)> job,
                          const QString& what) {
    const quint64 generation = ++generation_;
    ++searchGeneration_;  // a what-if search still running belongs to the old project
    ++running_;
    setBusy(true, tr("Evaluating %1...").arg(what));
    auto control = std::make_shared<SearchControl>();
    watchProgress(control);

    auto* watcher = new QFutureWatcher<ProjectRun>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        --running_;
        const ProjectRun run = watcher->result();
        watcher->deleteLater();
        if (generation != generation_) {
            return;  // superseded by a newer run
        }
        setBusy(false);
        if (run.ok()) {
            adoptPendingDocument(generation);  // an opened file becomes the open project
        }
        showRun(run);
        emit runFinished(run.ok());
    });
    watcher->setFuture(QtConcurrent::run(
        [job = std::move(job), control]() mutable { return job(std::move(control)); }));
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
    projectPath_ = run.path;
    projectName_ = run.projectName;
    centralStack_->setCurrentWidget(tabs_);
    // A project that asks the advisor nothing has nothing to ask "what if" about: an empty,
    // disabled panel would only show complaints about fields no one filled in.
    whatIfDock_->setVisible(run.request.has_value());
    model_->setEvaluations(run.evaluations);
    table_->resizeColumnsToContents();
    if (model_->rowCount() > 0) {
        table_->selectionModel()->setCurrentIndex(
            model_->index(0, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    }
    explanations_.clear();
    if (run.request) {
        whatIf_->setRequest(*run.request);
        loadedRequest_ = *run.request;
        appliedRequest_ = whatIf_->request();
        hasRequest_ = true;
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
    if (document_) {
        syncPins();  // the pins the project was saved with
        if (!pendingNotes_.isEmpty()) {
            statusBar()->showMessage(pendingNotes_.join(QLatin1Char(' ')), 20'000);
            pendingNotes_.clear();
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

// ---- recommendations ------------------------------------------------------------------------

void MainWindow::rememberExplanations(const advisor::Result& result) {
    for (std::size_t i = 0; i < result.explanations.size() && i < result.ranked.size(); ++i) {
        explanations_[result.ranked[i].system.name] = result.explanations[i];
    }
}

void MainWindow::showAdvice(const advisor::Result& result, const advisor::Request& request,
                            bool keepSelection) {
    std::string selectedName;
    if (keepSelection) {
        if (const advisor::Candidate* c = recModel_->candidateAt(selectedRank())) {
            selectedName = c->system.name;
        }
    }
    rememberExplanations(result);
    recModel_->setResult(result, request);
    recTable_->sortByColumn(recTable_->horizontalHeader()->sortIndicatorSection(),
                            recTable_->horizontalHeader()->sortIndicatorOrder());
    recTable_->resizeColumnsToContents();
    const int configurationWidth = fontMetrics().horizontalAdvance(QLatin1Char('x')) * 60;
    if (recTable_->columnWidth(RecommendationsModel::ConfigurationColumn) > configurationWidth) {
        recTable_->setColumnWidth(RecommendationsModel::ConfigurationColumn, configurationWidth);
    }

    const advisor::SearchStats& st = result.stats;
    if (result.ranked.empty()) {
        statsLabel_->setText(tr("No configuration fits: searched %1 candidates in %2 s.")
                                 .arg(st.candidates)
                                 .arg(st.seconds, 0, 'f', 2));
    } else {
        statsLabel_->setText(
            tr("Searched %1 candidates (%2 model evaluations) in %3 s: %4 fit, %5 on the "
               "Pareto front. The pick is highlighted; click a header to sort.")
                .arg(st.candidates)
                .arg(st.evaluated)
                .arg(st.seconds, 0, 'f', 2)
                .arg(result.ranked.size())
                .arg(result.pareto.size()));
    }

    int row = 0;
    if (!selectedName.empty()) {
        for (std::size_t i = 0; i < result.ranked.size(); ++i) {
            if (result.ranked[i].system.name == selectedName) {
                row = static_cast<int>(i);
            }
        }
    }
    if (!result.ranked.empty()) {
        const QModelIndex index = recProxy_->mapFromSource(recModel_->index(row, 0));
        recTable_->selectionModel()->setCurrentIndex(
            index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        recTable_->scrollTo(index);
    }
    showCandidate();

    std::vector<NamedCandidate> top;
    for (std::size_t i = 0; i < result.ranked.size() && i < 5; ++i) {
        top.push_back({QStringLiteral("#%1").arg(i + 1), &result.ranked[i], i + 1});
    }
    if (top.empty()) {
        responseChart_->showMessage(tr("No configuration to chart."));
        costChart_->showMessage(tr("No configuration to chart."));
        throughputChart_->showMessage(tr("No configuration to chart."));
        stripeChart_->showMessage(tr("No configuration to chart."));
        lossChart_->showMessage(tr("No configuration to chart."));
    } else {
        responseChart_->setChart(responseChart(top, request));
        throughputChart_->setBars(throughputChart(result, 10));
        if (hasStripeTrials(top)) {
            stripeChart_->setChart(stripeChart(top));
        } else {
            stripeChart_->showMessage(
                tr("None of the leading configurations is striped: no stripe unit to choose."));
        }
        lossChart_->setChart(lossChart(top, request));
    }
    emit recommendationsShown();
}

int MainWindow::selectedRank() const {
    const QModelIndex current = recTable_->selectionModel()->currentIndex();
    if (!current.isValid()) {
        return -1;
    }
    return recProxy_->mapToSource(current).row();
}

void MainWindow::showCandidate() {
    const advisor::Result& result = recModel_->result();
    const int rank = selectedRank();
    const advisor::Candidate* c = recModel_->candidateAt(rank);
    if (c == nullptr) {
        if (result.ranked.empty() && (!result.problems.empty() || result.stats.candidates > 0)) {
            detail_->setHtml(noCandidateHtml(result));
        } else {
            detail_->clear();
        }
        diagram_->clear();
        buyingSummary_->clear();
        pinButton_->setEnabled(false);
        utilizationChart_->showMessage(tr("Select a configuration."));
        costChart_->showMessage(tr("No configuration to chart."));
        return;
    }
    pinButton_->setEnabled(compare_->pinCount() < CompareView::kMaxPins &&
                           !compare_->isPinned(c->system.name));
    const auto found = explanations_.find(c->system.name);
    detail_->setHtml(candidateDetailHtml(*c, rank + 1,
                                         found == explanations_.end() ? nullptr : &found->second,
                                         recModel_->request()));
    diagram_->setSystem(c->system);
    buyingSummary_->setCandidate(*c, recModel_->request());
    utilizationChart_->setBars(utilizationChart(*c));
    costChart_->setChart(costChart(result, static_cast<std::size_t>(rank), recModel_->request()));
    updateSummary();
}

bool MainWindow::pinSelected() {
    const int rank = selectedRank();
    const advisor::Candidate* c = recModel_->candidateAt(rank);
    if (c == nullptr || !compare_->pin(*c, rank + 1, recModel_->request())) {
        return false;
    }
    pinButton_->setEnabled(false);
    summaryLabel_->setText(tr("Pinned %1 to Compare (%2 pinned).")
                               .arg(QString::fromStdString(c->system.name))
                               .arg(compare_->pinCount()));
    return true;
}

void MainWindow::rerank() {
    if (recModel_->result().ranked.empty()) {
        return;
    }
    // Weights only: the core re-ranks the evaluated candidates, no model runs (instant).
    advisor::Result result = recModel_->result();
    advisor::Request request = recModel_->request();
    request.weights = whatIf_->request().weights;
    // Explanations speak of ranks ("Runner-up", "against the pick"): they are rewritten for the
    // new order on a worker thread; until then the detail shows the numbers only.
    result.explanations.clear();
    explanations_.clear();
    advisor::rank(result, request);
    showAdvice(result, request, true);
    explainTop();
}

void MainWindow::explainTop() {
    // Explain the new top three on a worker thread (explain_top may run the model again).
    const quint64 generation = ++explainGeneration_;
    advisor::Result result = recModel_->result();
    const advisor::Request request = recModel_->request();
    auto* watcher = new QFutureWatcher<advisor::Result>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        const advisor::Result explained = watcher->result();
        watcher->deleteLater();
        if (generation != explainGeneration_) {
            return;
        }
        rememberExplanations(explained);
        showCandidate();
    });
    watcher->setFuture(QtConcurrent::run([result, request]() mutable {
        try {
            advisor::explain_top(result, request, 3);
        } catch (...) {
            result.explanations.clear();
        }
        return result;
    }));
}

void MainWindow::searchAgain() {
    if (!whatIf_->isValid() || recModel_->request().workload.name.empty()) {
        return;
    }
    const advisor::Request request = whatIf_->request();
    const quint64 generation = ++searchGeneration_;
    setBusy(true, tr("Searching the catalog again..."));
    auto control = std::make_shared<SearchControl>();
    watchProgress(control);
    auto* watcher = new QFutureWatcher<AdviceRun>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        const AdviceRun run = watcher->result();
        watcher->deleteLater();
        if (generation != searchGeneration_) {
            return;  // cancelled or superseded
        }
        setBusy(false);
        if (!run.error.isEmpty()) {
            reportError(tr("The search failed"), {run.error});
            updateSummary();
            return;
        }
        explanations_.clear();
        showAdvice(run.advice, run.request, true);
        updateSummary();
    });
    const QString catalog = catalogPath_;
    watcher->setFuture(QtConcurrent::run(
        [request, catalog, control] { return runAdvice(request, catalog, control); }));
}

void MainWindow::watchProgress(std::shared_ptr<SearchControl> control) {
    if (control_) {
        control_->stop = true;  // a superseded search need not finish
    }
    control_ = std::move(control);
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    progressTimer_->start();
}

void MainWindow::cancelSearch() {
    // The search stops at its next progress report; its result is dropped when it arrives.
    if (control_) {
        control_->stop = true;
    }
    ++searchGeneration_;
    ++generation_;
    setBusy(false);
    summaryLabel_->setText(tr("Search cancelled; the results shown are from before."));
}

void MainWindow::chooseProject() {
    // Start in the current project's folder, else in the bundled examples (installed, or in the
    // build tree, at <bin>/../share/raid-advisor/examples), else in the current directory.
    QString dir = QFileInfo(projectPath_).absolutePath();
    if (projectPath_.isEmpty()) {
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
        if (projectPath_.isEmpty()) {
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
    QString name = projectName_;
    if (name.isEmpty() && !projectPath_.isEmpty()) {
        name = QFileInfo(projectPath_).fileName();
    }
    if (name.isEmpty() && document_) {
        name = document_->displayName();
    }
    // [*] shows unsaved changes (setWindowModified).
    setWindowTitle(name.isEmpty() ? tr("RAID Advisor") : tr("%1[*] - RAID Advisor").arg(name));
    setWindowModified(document_ && document_->isModified());
}

}  // namespace raidadv::gui
