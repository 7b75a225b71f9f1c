// MainWindow: widgets and their object names, results and the status line, and errors reported
// without blocking or crashing (the test replaces the message box with a recorder).
#include "gui_test_support.h"

#include <QAction>
#include <QClipboard>
#include <QDockWidget>
#include <QFile>
#include <QGuiApplication>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>

#include "main_window.h"
#include "recommendations_model.h"
#include "results_model.h"
#include "what_if_panel.h"

using raidadv::gui::MainWindow;
using raidadv::gui::ProjectRun;
using raidadv::gui::ResultsModel;

namespace {

using raidadv::guitest::kRunTimeoutMs;

raidadv::Evaluation evaluation(const std::string& system, double usable_bytes, int failures) {
    raidadv::Evaluation result;
    result.system = system;
    result.workload = "OLTP";
    result.summary.usable_bytes = usable_bytes;
    result.summary.failures_tolerated = failures;
    raidadv::PointMetrics point;
    point.concurrency = 8;
    point.iops = 420;
    point.mb_per_s = 3.4;
    point.mean_response_s = 0.019;
    point.p95_response_s = 0.05;
    point.bottleneck = "disks";
    result.points = {point, point};
    result.points[1].concurrency = 16;
    return result;
}

ProjectRun sampleRun() {
    ProjectRun run;
    run.path = QStringLiteral("/nowhere/sample.json");
    run.projectName = QStringLiteral("Sample");
    run.evaluations = {evaluation("Array A", 2e12, 1), evaluation("Array B", 1e12, 0)};
    return run;
}

// A small valid project (docs/file-format.md) using catalog ids of the bundled catalog: one
// RAID 5 system, a closed workload and an open one whose second rate is far beyond capacity.
constexpr const char* kValidProject = R"({
  "format": "raid-advisor-project",
  "version": 1,
  "name": "GUI test project",
  "systems": [
    {
      "name": "RAID 5, 4 drives",
      "drive": "wd-wd40efrx",
      "layout": {"level": "raid5", "drives": 4, "stripe_kib": 512},
      "controller": "linux-md",
      "host": "linux-nas-2024"
    }
  ],
  "workloads": [
    {
      "name": "Random reads, 8 KiB",
      "read_fraction": 1.0,
      "pattern": "random",
      "request_size": {"fixed_kib": 8},
      "concurrency": [1, 4]
    },
    {
      "name": "Random writes, 8 KiB",
      "read_fraction": 0.0,
      "pattern": "random",
      "request_size": {"fixed_kib": 8},
      "arrival_rates_per_s": [10, 1000000]
    }
  ]
})";

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& contents) {
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(contents) != contents.size()) {
        return {};
    }
    return path;
}

struct Recorded {
    QString title;
    QString message;
};

}  // namespace

class MainWindowTest : public QObject {
    Q_OBJECT

  private slots:
    void init() {
        window_ = std::make_unique<MainWindow>();
        errors_.clear();
        window_->setErrorReporter([this](const QString& title, const QString& message) {
            errors_.push_back({title, message});
        });
        window_->show();
    }

    void cleanup() { window_.reset(); }

    void widgetsHaveStableNames() {
        QVERIFY(window_->findChild<QTableView*>(QStringLiteral("resultsTableView")) != nullptr);
        QVERIFY(window_->findChild<QLabel*>(QStringLiteral("summaryLabel")) != nullptr);
        for (const char* name : {"openAction", "quitAction", "aboutAction"}) {
            QVERIFY2(window_->findChild<QAction*>(QString::fromLatin1(name)) != nullptr, name);
        }
        auto* table = window_->findChild<QTableView*>(QStringLiteral("resultsTableView"));
        QCOMPARE(table->model(), window_->resultsModel());
        QCOMPARE(table->model()->columnCount(), static_cast<int>(ResultsModel::ColumnCount));
        QCOMPARE(window_->windowTitle(), QStringLiteral("RAID Advisor"));
    }

    void showsResultsAndSelectedSystemSummary() {
        window_->showRun(sampleRun());
        auto* table = window_->findChild<QTableView*>(QStringLiteral("resultsTableView"));
        auto* label = window_->findChild<QLabel*>(QStringLiteral("summaryLabel"));
        QCOMPARE(table->model()->rowCount(), 4);
        QCOMPARE(table->currentIndex().row(), 0);
        QVERIFY2(label->text().contains(QStringLiteral("Array A")), qPrintable(label->text()));
        QVERIFY2(label->text().contains(QStringLiteral("capacity 2 TB,")),
                 qPrintable(label->text()));
        // View > Units: the same capacity in binary units, and back.
        window_->setSizeUnitsShown(true);
        QVERIFY2(label->text().contains(QStringLiteral("capacity 1.82 TiB,")),
                 qPrintable(label->text()));
        window_->setSizeUnitsShown(false);
        QVERIFY2(label->text().contains(QStringLiteral("capacity 2 TB,")),
                 qPrintable(label->text()));
        QVERIFY2(label->text().contains(QStringLiteral("tolerates 1 drive failure")),
                 qPrintable(label->text()));
        QVERIFY(!label->text().contains(QStringLiteral("cost")));
        QVERIFY(window_->windowTitle().startsWith(QStringLiteral("Sample")));
        // The run asks the advisor nothing: no what-if panel.
        QVERIFY(!window_->findChild<QDockWidget*>(QStringLiteral("whatIfDock"))->isVisible());

        table->setCurrentIndex(table->model()->index(2, 0));
        QVERIFY2(label->text().contains(QStringLiteral("Array B")), qPrintable(label->text()));
        QVERIFY2(label->text().contains(QStringLiteral("tolerates no drive failure")),
                 qPrintable(label->text()));
        QVERIFY(errors_.empty());
    }

    void failedRunKeepsPreviousResults() {
        window_->showRun(sampleRun());
        QSignalSpy reported(window_.get(), &MainWindow::errorReported);
        ProjectRun failed;
        failed.path = QStringLiteral("/nowhere/bad.json");
        failed.errorTitle = QStringLiteral("Cannot load project bad.json");
        failed.errors = {QStringLiteral("systems[0].layout.drives: must be at least 1"),
                         QStringLiteral("workloads: missing")};
        window_->showRun(failed);
        QCOMPARE(reported.count(), 1);
        QCOMPARE(errors_.size(), std::size_t{1});
        QCOMPARE(errors_[0].title, QStringLiteral("Cannot load project bad.json"));
        QCOMPARE(errors_[0].message, QStringLiteral("systems[0].layout.drives: must be at least "
                                                    "1\nworkloads: missing"));
        QCOMPARE(window_->resultsModel()->rowCount(), 4);
    }

    void loadsAndEvaluatesProjectOnWorkerThread() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = writeFile(dir, QStringLiteral("valid.json"), kValidProject);
        QVERIFY(!path.isEmpty());

        QSignalSpy finished(window_.get(), &MainWindow::runFinished);
        window_->openProject(path);
        QVERIFY(window_->isBusy());
        QVERIFY(finished.wait(kRunTimeoutMs));
        for (const auto& error : errors_) {
            qWarning("%s\n%s", qPrintable(error.title), qPrintable(error.message));
        }
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        QVERIFY(errors_.empty());
        QCOMPARE(window_->projectPath(), path);
        QCOMPARE(window_->windowTitle(), QStringLiteral("GUI test project[*] - RAID Advisor"));

        const ResultsModel* model = window_->resultsModel();
        QCOMPARE(model->rowCount(), 4);  // 2 closed + 2 open points
        auto text = [&](int row, int column) {
            return model->index(row, column).data().toString();
        };
        QCOMPARE(text(0, ResultsModel::SystemColumn), QStringLiteral("RAID 5, 4 drives"));
        QCOMPARE(text(0, ResultsModel::LoadColumn), QStringLiteral("1"));
        QVERIFY(model->pointAt(0)->iops > 0);
        QVERIFY(text(0, ResultsModel::IopsColumn) != QStringLiteral("saturated"));
        QVERIFY(!text(0, ResultsModel::BottleneckColumn).isEmpty());
        QCOMPARE(text(2, ResultsModel::LoadColumn), QStringLiteral("10/s"));
        QCOMPARE(text(3, ResultsModel::IopsColumn), QStringLiteral("saturated"));

        auto* label = window_->findChild<QLabel*>(QStringLiteral("summaryLabel"));
        QVERIFY2(label->text().startsWith(QStringLiteral("RAID 5, 4 drives: usable capacity ")),
                 qPrintable(label->text()));
        QVERIFY2(label->text().contains(QStringLiteral(" TB,")), qPrintable(label->text()));
        QVERIFY2(label->text().contains(QStringLiteral("tolerates 1 drive failure")),
                 qPrintable(label->text()));
    }

    void whatIfPanelOnlyForProjectsThatAskTheAdvisor() {
        auto* dock = window_->findChild<QDockWidget*>(QStringLiteral("whatIfDock"));
        QVERIFY(dock != nullptr);
        // At launch nothing is filled in: no panel, and no field complains about being empty.
        QVERIFY(!dock->isVisible());
        for (QLabel* reason : window_->whatIfPanel()->findChildren<QLabel*>()) {
            if (reason->objectName().endsWith(QStringLiteral("ReasonLabel"))) {
                QVERIFY2(reason->text().isEmpty(), qPrintable(reason->text()));
            }
        }
        QStringList labels;
        for (QLabel* label : window_->whatIfPanel()->findChildren<QLabel*>()) {
            labels << label->text();
        }
        QVERIFY2(labels.join(QLatin1Char('|')).contains(QStringLiteral("Capacity now")),
                 qPrintable(labels.join(QLatin1Char('|'))));
        auto* tabs = window_->findChild<QTabWidget*>(QStringLiteral("mainTabWidget"));
        const int evaluated =
            tabs->indexOf(window_->findChild<QTableView*>(QStringLiteral("resultsTableView")));
        QVERIFY(evaluated >= 0);
        auto open = [&](const char* example) {
            QSignalSpy finished(window_.get(), &MainWindow::runFinished);
            window_->openProject(QStringLiteral(RAID_RESOURCES_DIR "/examples/") +
                                 QString::fromLatin1(example));
            QVERIFY(finished.wait(kRunTimeoutMs));
            QCOMPARE(finished.at(0).at(0).toBool(), true);
        };
        open("advisor-small-nas.json");
        QVERIFY(dock->isVisible());
        QVERIFY(window_->whatIfPanel()->isEnabled());
        // An advisor project lists no systems: no empty "Evaluated systems" table.
        QVERIFY(!tabs->isTabVisible(evaluated));
        // The ranking and the explanation copy to the clipboard.
        QVERIFY(window_->copyRanking());
        const QStringList lines =
            QGuiApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), window_->recommendationsModel()->rowCount() + 1);
        QVERIFY(lines.front().startsWith(QStringLiteral("Rank\t")));
        QVERIFY(lines.at(1).contains(
            QString::fromStdString(window_->recommendationsModel()->candidateAt(0)->system.name)));
        QVERIFY(window_->copyExplanation());
        QVERIFY(QGuiApplication::clipboard()->mimeData()->hasHtml());
        QVERIFY(QGuiApplication::clipboard()->text().contains(QStringLiteral("Parts")));
        // An evaluation-only project (the 1996 study's systems): the panel goes, no reason
        // labels complain about empty fields.
        open("hauser-1996-ssa101.json");
        QVERIFY(!dock->isVisible());
        QVERIFY(tabs->isTabVisible(evaluated));
        open("advisor-small-nas.json");
        QVERIFY(dock->isVisible());
        QVERIFY(errors_.empty());
    }

    void quitPromptNamesTheProjectAsTheTitleDoes() {
        QSignalSpy finished(window_.get(), &MainWindow::runFinished);
        window_->openProjectText(QByteArray(kValidProject), QStringLiteral("from the wizard"));
        QVERIFY(finished.wait(kRunTimeoutMs));
        QVERIFY(finished.at(0).at(0).toBool());
        // "GUI test project[*] - RAID Advisor": the project's own name, not "Untitled".
        const QString name = window_->windowTitle().section(QStringLiteral("[*]"), 0, 0);
        QCOMPARE(name, QStringLiteral("GUI test project"));
        QString asked;
        window_->setAsker([&](MainWindow::Question, const QString& text) {
            asked = text;
            return MainWindow::Answer::Cancel;
        });
        QVERIFY(!window_->close());  // unsaved: asked, and Cancel keeps the window
        QVERIFY2(asked.startsWith(name + QStringLiteral(" has unsaved changes")),
                 qPrintable(asked));
    }

    void invalidProjectListsEveryProblemByPath() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QByteArray contents(kValidProject);
        contents.replace("\"drives\": 4", "\"drives\": 0");
        const QString path = writeFile(dir, QStringLiteral("invalid.json"), contents);
        QVERIFY(!path.isEmpty());

        QSignalSpy finished(window_.get(), &MainWindow::runFinished);
        window_->openProject(path);
        QVERIFY(finished.wait(kRunTimeoutMs));
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        QCOMPARE(errors_.size(), std::size_t{1});
        QCOMPARE(errors_[0].title, QStringLiteral("Cannot load project invalid.json"));
        QVERIFY2(errors_[0].message.contains(QStringLiteral("systems[0].layout")),
                 qPrintable(errors_[0].message));
        QCOMPARE(window_->resultsModel()->rowCount(), 0);
    }

    void malformedProjectFileReportsError() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path =
            writeFile(dir, QStringLiteral("broken.json"),
                      "{ \"format\": \"raid-advisor-project\", \"version\": 1, \"systems\": [ ");
        QVERIFY(!path.isEmpty());

        QSignalSpy finished(window_.get(), &MainWindow::runFinished);
        window_->openProject(path);
        QVERIFY(window_->isBusy());
        QVERIFY(finished.wait(kRunTimeoutMs));
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        QVERIFY(!window_->isBusy());
        QCOMPARE(errors_.size(), std::size_t{1});
        QVERIFY(!errors_[0].title.isEmpty());
        QVERIFY(!errors_[0].message.isEmpty());
        QCOMPARE(window_->resultsModel()->rowCount(), 0);
    }

    void missingProjectFileReportsError() {
        QSignalSpy finished(window_.get(), &MainWindow::runFinished);
        window_->openProject(QStringLiteral("/nonexistent/dir/project.json"));
        QVERIFY(finished.wait(kRunTimeoutMs));
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        QCOMPARE(errors_.size(), std::size_t{1});
        QCOMPARE(window_->resultsModel()->rowCount(), 0);
    }

    void newerRunSupersedesOlder() {
        QSignalSpy finished(window_.get(), &MainWindow::runFinished);
        window_->openProject(QStringLiteral("/nonexistent/first.json"));
        window_->openProject(QStringLiteral("/nonexistent/second.json"));
        QVERIFY(finished.wait(kRunTimeoutMs));
        QTRY_VERIFY_WITH_TIMEOUT(!window_->isBusy(), kRunTimeoutMs);
        QTest::qWait(50);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(errors_.size(), std::size_t{1});
    }

    void defaultErrorReporterDoesNotBlock() {
        MainWindow window;  // default reporter: a window-modal message box
        window.show();
        ProjectRun failed;
        failed.errorTitle = QStringLiteral("Cannot load project x.json");
        failed.errors = {QStringLiteral("x: y")};
        window.showRun(failed);  // returns: the box is opened, not exec()'d
        auto* box = window.findChild<QMessageBox*>(QStringLiteral("errorMessageBox"));
        QVERIFY(box != nullptr);
        QCOMPARE(box->text(), QStringLiteral("Cannot load project x.json"));
        QVERIFY(box->informativeText().contains(QStringLiteral("x: y")));
        box->close();
    }

  private:
    std::unique_ptr<MainWindow> window_;
    std::vector<Recorded> errors_;
};

int runMainWindowTests(int argc, char** argv) {
    MainWindowTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_main_window.moc"
