// The working set (Workload::working_set_bytes) in the wizard's "Working set (GiB)" and the What
// if panel's: typed in GiB as a person would, saved as the workload's working_set_mib (instead of
// span_fraction), an undoable what-if edit; a project's span_fraction and a working set the
// field rounds (1000 MiB shown as 0.977 GiB) survive edits of other fields.
#include "gui_test_support.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QRadioButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QUndoStack>
#include <QtTest>
#include <memory>

#include "main_window.h"
#include "project_document.h"
#include "project_wizard.h"
#include "recommendations_model.h"

using raidadv::gui::MainWindow;
using raidadv::gui::ProjectWizard;
using Json = nlohmann::ordered_json;
using raidadv::guitest::find;
using raidadv::guitest::kRunTimeoutMs;
using raidadv::guitest::typeInto;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

/// Replaces a spin box's value by typing, as a person would.
void typeIntoSpinBox(QAbstractSpinBox* box, const QString& text) {
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, text);
}

void clickNext(ProjectWizard* wizard) {
    QTest::mouseClick(wizard->button(QWizard::NextButton), Qt::LeftButton);
}

}  // namespace

class WorkingSetTest : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        // Recent files and autosaves go to throw-away folders (as test_gui_main.cpp does).
        QStandardPaths::setTestModeEnabled(true);
        QLocale::setDefault(QLocale::c());
    }

    void init() {
        QVERIFY(dir_.isValid());
        window_ = raidadv::guitest::testWindow(errors_);
    }

    void cleanup() { window_.reset(); }

    void wizardWorkingSetIsSavedAndShown() {
        // Workload page: "Working set (GiB)" after "Submitting threads", "whole volume" for the
        // presets' 0, set to 1 GiB; Finish runs the project with 1 GiB = 2^30 bytes and the
        // What if panel shows it; Save writes working_set_mib 1024 and no span_fraction.
        ProjectWizard* wizard = window_->newProject();
        QVERIFY(wizard != nullptr);
        auto* preset = find<QComboBox>(wizard, "presetComboBox");
        preset->setCurrentIndex(preset->findData(QStringLiteral("oltp-database")));
        auto* workingSet = find<QDoubleSpinBox>(wizard, "workingSet");
        QVERIFY(workingSet != nullptr);
        QCOMPARE(workingSet->value(), 0.0);  // the presets: the whole volume
        QCOMPARE(workingSet->text(), QStringLiteral("whole volume"));
        QCOMPARE(workingSet->decimals(), 3);
        QCOMPARE(workingSet->maximum(), 1048576.0);
        QVERIFY(workingSet->toolTip().contains(QStringLiteral("CrystalDiskMark")));
        typeIntoSpinBox(workingSet, QStringLiteral("1"));
        QCOMPARE(workingSet->value(), 1.0);
        saveShot(wizard, "wizard-working-set.png");
        walkToReview(wizard);
        if (QTest::currentTestFailed()) {
            return;
        }
        const QString review = find<QTextBrowser>(wizard, "reviewTextBrowser")->toPlainText();
        QVERIFY2(review.contains(QStringLiteral("Working set: 1 GiB")), qPrintable(review));
        saveShot(wizard, "wizard-review-working-set.png");
        QSignalSpy finished(window_.get(), &MainWindow::runFinished);
        QTest::mouseClick(wizard->button(QWizard::FinishButton), Qt::LeftButton);
        QVERIFY(finished.wait(kRunTimeoutMs));
        QVERIFY(noErrors());
        const raidadv::Workload& w = window_->recommendationsModel()->request().workload;
        QCOMPARE(w.working_set_bytes, 1073741824.0);
        QCOMPARE(w.span_fraction, 1.0);
        QCOMPARE(find<QDoubleSpinBox>(window_.get(), "whatIfWorkingSetSpinBox")->value(), 1.0);

        const QString path = dir_.filePath(QStringLiteral("working-set.raidproj"));
        window_->setSaveFileChooser([path](const QString&) { return path; });
        QVERIFY(window_->saveProjectAs());
        const Json workload = savedWorkload(path);
        QCOMPARE(workload.value("working_set_mib", Json()), Json(1024));
        QVERIFY(!workload.contains("span_fraction"));

        // Opened again, the wizard shows the 1 GiB.
        window_ = raidadv::guitest::testWindow(errors_);
        openAndWait(path);
        QCOMPARE(window_->recommendationsModel()->request().workload.working_set_bytes, kGiB);
        ProjectWizard* edit = window_->editProjectInWizard();
        QVERIFY(edit != nullptr);
        QTRY_VERIFY(edit->isVisible());
        QCOMPARE(find<QDoubleSpinBox>(edit, "workingSet")->value(), 1.0);
        edit->reject();
        QVERIFY(noErrors());
    }

    void whatIfWorkingSetIsAnUndoableEdit() {
        // The What if panel's "Working set (GiB)": 1 GiB writes the workload's working_set_mib
        // as one undo step named for the field and searches again with 2^30 bytes; undo takes
        // the key out (the whole volume again), redo puts it back, Save keeps it.
        const QString path = copyExample(QStringLiteral("advisor-small-nas.json"));
        openAndWait(path);
        const Json before = window_->document()->root();
        auto* workingSet = find<QDoubleSpinBox>(window_.get(), "whatIfWorkingSetSpinBox");
        QVERIFY(workingSet != nullptr);
        QVERIFY(workingSet->isVisibleTo(window_.get()));
        QCOMPARE(workingSet->text(), QStringLiteral("whole volume"));

        QSignalSpy shown(window_.get(), &MainWindow::recommendationsShown);
        typeIntoSpinBox(workingSet, QStringLiteral("1"));
        QVERIFY(shown.wait(kRunTimeoutMs));
        QCOMPARE(window_->document()->undoStack()->count(), 1);
        QCOMPARE(window_->document()->undoStack()->undoText(),
                 QStringLiteral("Change working set"));
        Json expected = before;
        expected["workloads"][0]["working_set_mib"] = 1024;
        QVERIFY2(window_->document()->root() == expected,
                 window_->document()->root().dump(1).c_str());
        QCOMPARE(requestWorkload().working_set_bytes, 1073741824.0);
        QVERIFY(window_->isWindowModified());

        shown.clear();
        window_->findChild<QAction*>(QStringLiteral("undoAction"))->trigger();
        QVERIFY(shown.wait(kRunTimeoutMs));
        QVERIFY(window_->document()->root() == before);
        QCOMPARE(requestWorkload().working_set_bytes, 0.0);
        QCOMPARE(workingSet->value(), 0.0);
        QVERIFY(!window_->isWindowModified());

        shown.clear();
        window_->findChild<QAction*>(QStringLiteral("redoAction"))->trigger();
        QVERIFY(shown.wait(kRunTimeoutMs));
        QVERIFY(window_->document()->root() == expected);
        QCOMPARE(requestWorkload().working_set_bytes, kGiB);
        QCOMPARE(workingSet->value(), 1.0);

        QVERIFY(window_->saveProject());
        QCOMPARE(savedWorkload(path).value("working_set_mib", Json()), Json(1024));
        QVERIFY(noErrors());
    }

    void spanFractionSurvivesEditsOfOtherFields() {
        // A project whose workload covers a quarter of each volume (span_fraction 0.25, no
        // working set): a what-if edit of the reads, a working set set and set back to the
        // whole volume, and a wizard edit of the reads all keep span_fraction 0.25.
        Json project = Json::parse(readExample(QStringLiteral("advisor-small-nas.json")));
        project["workloads"][0]["span_fraction"] = 0.25;
        const QString path = writeProject(QStringLiteral("span.json"), project);
        openAndWait(path);
        QCOMPARE(requestWorkload().span_fraction, 0.25);
        auto* workingSet = find<QDoubleSpinBox>(window_.get(), "whatIfWorkingSetSpinBox");
        QCOMPARE(workingSet->value(), 0.0);

        QSignalSpy shown(window_.get(), &MainWindow::recommendationsShown);
        typeInto(find<QLineEdit>(window_.get(), "whatIfReadPercentLineEdit"), QStringLiteral("50"));
        QVERIFY(shown.wait(kRunTimeoutMs));
        QCOMPARE(documentWorkload().value("span_fraction", Json()), Json(0.25));
        QCOMPARE(documentWorkload().value("read_fraction", Json()), Json(0.5));
        QCOMPARE(requestWorkload().span_fraction, 0.25);

        // A working set replaces the span; back to the whole volume, the span returns.
        shown.clear();
        typeIntoSpinBox(workingSet, QStringLiteral("1"));
        QVERIFY(shown.wait(kRunTimeoutMs));
        QVERIFY(!documentWorkload().contains("span_fraction"));
        QCOMPARE(documentWorkload().value("working_set_mib", Json()), Json(1024));
        shown.clear();
        typeIntoSpinBox(workingSet, QStringLiteral("0"));
        QVERIFY(shown.wait(kRunTimeoutMs));
        QCOMPARE(documentWorkload().value("span_fraction", Json()), Json(0.25));
        QVERIFY(!documentWorkload().contains("working_set_mib"));
        QCOMPARE(requestWorkload().span_fraction, 0.25);
        QCOMPARE(requestWorkload().working_set_bytes, 0.0);

        // The wizard: reads 60%, the rest as filled.
        ProjectWizard* wizard = window_->editProjectInWizard();
        QVERIFY(wizard != nullptr);
        QTRY_VERIFY(wizard->isVisible());
        QCOMPARE(find<QDoubleSpinBox>(wizard, "workingSet")->value(), 0.0);
        typeInto(find<QLineEdit>(wizard, "readPercentLineEdit"), QStringLiteral("60"));
        finishAsFilled(wizard);
        if (QTest::currentTestFailed()) {
            return;
        }
        QCOMPARE(documentWorkload().value("span_fraction", Json()), Json(0.25));
        QCOMPARE(documentWorkload().value("read_fraction", Json()), Json(0.6));
        QCOMPARE(requestWorkload().span_fraction, 0.25);
        QCOMPARE(requestWorkload().working_set_bytes, 0.0);
        QVERIFY(noErrors());
    }

    void roundedWorkingSetKeepsItsBytes() {
        // CrystalDiskMark's 1000 MiB test file is 0.977 GiB on screen: the wizard left as
        // filled changes nothing, and edits of other fields keep working_set_mib 1000.
        Json project = Json::parse(readExample(QStringLiteral("advisor-small-nas.json")));
        project["workloads"][0]["working_set_mib"] = 1000;
        const QString path = writeProject(QStringLiteral("cdm.json"), project);
        openAndWait(path);
        const Json before = window_->document()->root();
        QCOMPARE(requestWorkload().working_set_bytes, 1000.0 * 1024 * 1024);
        QCOMPARE(find<QDoubleSpinBox>(window_.get(), "whatIfWorkingSetSpinBox")->value(), 0.977);

        ProjectWizard* wizard = window_->editProjectInWizard();
        QVERIFY(wizard != nullptr);
        QTRY_VERIFY(wizard->isVisible());
        QCOMPARE(find<QDoubleSpinBox>(wizard, "workingSet")->value(), 0.977);
        walkToReview(wizard, false);
        if (QTest::currentTestFailed()) {
            return;
        }
        QTest::mouseClick(wizard->button(QWizard::FinishButton), Qt::LeftButton);
        QCOMPARE(window_->document()->undoStack()->count(), 0);
        QVERIFY(window_->document()->root() == before);

        QSignalSpy shown(window_.get(), &MainWindow::recommendationsShown);
        typeInto(find<QLineEdit>(window_.get(), "whatIfReadPercentLineEdit"), QStringLiteral("50"));
        QVERIFY(shown.wait(kRunTimeoutMs));
        QCOMPARE(window_->document()->undoStack()->undoText(), QStringLiteral("Change reads"));
        QCOMPARE(documentWorkload().value("working_set_mib", Json()), Json(1000));
        QCOMPARE(requestWorkload().working_set_bytes, 1000.0 * 1024 * 1024);
        QVERIFY(noErrors());
    }

  private:
    /// Next to the Review page. With `narrow`, the new project's pages are filled so the search
    /// is short: 2 TB, RAID 10 of one drive model.
    void walkToReview(ProjectWizard* wizard, bool narrow = true) {
        while (wizard->currentId() != int(ProjectWizard::ReviewPageId)) {
            const int page = wizard->currentId();
            if (narrow && page == int(ProjectWizard::CapacityPageId)) {
                typeInto(find<QLineEdit>(wizard, "capacityLineEdit"), QStringLiteral("2 TB"));
            } else if (narrow && page == int(ProjectWizard::HardwarePageId)) {
                narrowHardware(wizard);
            }
            clickNext(wizard);
            QVERIFY(wizard->currentId() != page);  // every page complete
        }
        QTRY_VERIFY(wizard->button(QWizard::FinishButton)->isEnabled());
    }

    static void narrowHardware(ProjectWizard* wizard) {
        QTest::mouseClick(find<QRadioButton>(wizard, "restrictPartsRadioButton"), Qt::LeftButton,
                          {}, QPoint(8, 8));
        const auto tickOnly = [wizard](const char* list, const QString& id) {
            auto* items = find<QListWidget>(wizard, list);
            for (int i = 0; i < items->count(); ++i) {
                const bool on = items->item(i)->data(Qt::UserRole).toString() == id;
                items->item(i)->setCheckState(on ? Qt::Checked : Qt::Unchecked);
            }
        };
        tickOnly("levelsListWidget", QStringLiteral("raid10"));
        tickOnly("drivesListWidget", QStringLiteral("wd-wd40efrx"));
    }

    /// Finish on a wizard editing the open project (every page visited, so filled); waits for
    /// the project's run again.
    void finishAsFilled(ProjectWizard* wizard) {
        walkToReview(wizard, false);
        if (QTest::currentTestFailed()) {
            return;
        }
        QSignalSpy finished(window_.get(), &MainWindow::runFinished);
        QTest::mouseClick(wizard->button(QWizard::FinishButton), Qt::LeftButton);
        QVERIFY(finished.wait(kRunTimeoutMs));
    }

    const raidadv::Workload& requestWorkload() const {
        return window_->recommendationsModel()->request().workload;
    }

    /// The open project's (only) workload object.
    Json documentWorkload() const { return window_->document()->root()["workloads"][0]; }

    static Json savedWorkload(const QString& path) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            return Json();
        }
        return Json::parse(file.readAll().toStdString())["workloads"][0];
    }

    static std::string readExample(const QString& name) {
        QFile file(QStringLiteral(RAID_RESOURCES_DIR "/examples/") + name);
        return file.open(QIODevice::ReadOnly) ? file.readAll().toStdString() : std::string("{}");
    }

    QString copyExample(const QString& name) { return raidadv::guitest::copyExample(dir_, name); }

    QString writeProject(const QString& name, const Json& project) {
        const QString path = dir_.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            qWarning("cannot write %s", qPrintable(path));
        }
        file.write(QByteArray::fromStdString(project.dump(2)));
        return path;
    }

    void openAndWait(const QString& path) {
        raidadv::guitest::openAndWait(*window_, path, errors_);
    }

    /// RAID_SCREENSHOT_DIR=DIR keeps a picture of `widget` as DIR/`name`, to look at it.
    static void saveShot(QWidget* widget, const char* name) {
        if (const QString dir = qEnvironmentVariable("RAID_SCREENSHOT_DIR"); !dir.isEmpty()) {
            QVERIFY(widget->grab().save(dir + QLatin1Char('/') + QLatin1String(name)));
        }
    }

    bool noErrors() const {
        for (const QString& error : errors_) {
            qWarning("%s", qPrintable(error));
        }
        return errors_.empty();
    }

    QTemporaryDir dir_;
    std::unique_ptr<MainWindow> window_;
    std::vector<QString> errors_;
};

int runWorkingSetTests(int argc, char** argv) {
    WorkingSetTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_working_set.moc"
