#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeySequence>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTableView>
#include <QtConcurrent/QtConcurrentRun>
#include <utility>

#include "results_model.h"
#include "units/units.h"

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
    createWidgets();
    setErrorReporter({});
    updateTitle();
    updateSummary();
    resize(1100, 640);
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions() {
    QMenu* fileMenu = menuBar()->addMenu(tr("&File"));
    fileMenu->setObjectName(QStringLiteral("fileMenu"));
    openAction_ = fileMenu->addAction(tr("&Open project..."), this, &MainWindow::chooseProject);
    openAction_->setObjectName(QStringLiteral("openAction"));
    openAction_->setShortcut(QKeySequence::Open);
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
    setCentralWidget(table_);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &MainWindow::updateSummary);

    statusBar()->setObjectName(QStringLiteral("mainStatusBar"));
    summaryLabel_ = new QLabel(this);
    summaryLabel_->setObjectName(QStringLiteral("summaryLabel"));
    summaryLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statusBar()->addWidget(summaryLabel_, 1);
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

void MainWindow::openProject(const QString& path) {
    const quint64 generation = ++generation_;
    ++running_;
    summaryLabel_->setText(tr("Evaluating %1...").arg(QFileInfo(path).fileName()));

    auto* watcher = new QFutureWatcher<ProjectRun>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        --running_;
        const ProjectRun run = watcher->result();
        watcher->deleteLater();
        if (generation != generation_) {
            return;  // superseded by a newer openProject()
        }
        showRun(run);
        emit runFinished(run.ok());
    });
    watcher->setFuture(QtConcurrent::run(&runProject, path, catalogPath_));
}

void MainWindow::showRun(const ProjectRun& run) {
    if (!run.ok()) {
        reportError(run.errorTitle, run.errors);
        updateSummary();
        return;
    }
    projectPath_ = run.path;
    projectName_ = run.projectName;
    model_->setEvaluations(run.evaluations);
    table_->resizeColumnsToContents();
    if (model_->rowCount() > 0) {
        table_->selectionModel()->setCurrentIndex(
            model_->index(0, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    }
    updateTitle();
    updateSummary();
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
        this, tr("Open project"), dir, tr("RAID Advisor projects (*.json);;All files (*)"));
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
    if (isBusy()) {
        return;  // keeps "Evaluating ..." until the run is shown
    }
    const raidadv::Evaluation* evaluation =
        model_->evaluationAt(table_->selectionModel()->currentIndex().row());
    if (evaluation == nullptr) {
        if (projectPath_.isEmpty()) {
            summaryLabel_->setText(tr("Open a project with File > Open project..."));
        } else if (model_->rowCount() == 0) {
            summaryLabel_->setText(tr("No results: the project has no system or no workload."));
        } else {
            summaryLabel_->setText(tr("Select a row to see its system's capacity."));
        }
        return;
    }
    const raidadv::SystemSummary& summary = evaluation->summary;
    const QLocale locale;
    QString text = tr("%1: usable capacity %2 GB (%3 TiB), %4")
                       .arg(QString::fromStdString(evaluation->system),
                            locale.toString(summary.usable_bytes / raidadv::units::GB, 'f', 1),
                            locale.toString(summary.usable_bytes / raidadv::units::TiB, 'f', 2),
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
    setWindowTitle(name.isEmpty() ? tr("RAID Advisor") : tr("%1 - RAID Advisor").arg(name));
}

}  // namespace raidadv::gui
