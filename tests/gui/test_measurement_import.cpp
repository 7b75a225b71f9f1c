// The wizard's "Import measurements...": a recorded fio run fills the workload page (read share,
// outstanding requests, sizes on the Sizes page, the working set), the summary says what was
// read, a bad file leaves the page alone, drag and drop works, and the import can be undone.

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPushButton>
#include <QtTest>

#include "main_window.h"
#include "measure/measure.h"
#include "measurement_import.h"
#include "project_wizard.h"
#include "wizard_pages.h"

using raidadv::gui::MainWindow;
using raidadv::gui::MeasurementImport;
using raidadv::gui::ProjectWizard;

namespace {

QString fixture(const char* name) {
    return QStringLiteral(RAID_TEST_DATA_DIR "/measure/") + QString::fromLatin1(name);
}

}  // namespace

class MeasurementImportTest : public QObject {
    Q_OBJECT

  private:
    std::unique_ptr<MainWindow> window_;
    ProjectWizard* wizard_ = nullptr;

    QString field(const char* name) const {
        auto* edit = wizard_->findChild<QLineEdit*>(QString::fromLatin1(name));
        return edit != nullptr ? edit->text() : QStringLiteral("<missing>");
    }
    MeasurementImport* importer() const { return wizard_->findChild<MeasurementImport*>(); }

  private slots:
    void init() {
        window_ = std::make_unique<MainWindow>();
        window_->setErrorReporter([](const QString&, const QString&) {});
        window_->show();
        wizard_ = window_->newProject();
        QVERIFY(wizard_ != nullptr);
        QVERIFY(importer() != nullptr);
        QVERIFY(wizard_->findChild<QPushButton*>(QStringLiteral("importMeasurementsPushButton")));
    }
    void cleanup() { window_.reset(); }

    void fioFillsThePageAndUndoRestoresIt() {
        const QString read = field("readPercentLineEdit");
        const QString depth = field("concurrencyLineEdit");
        QVERIFY(importer()->importFile(fixture("fio-3.33-randrw70-8k-qd4x2-group.json")));
        QCOMPARE(field("workloadNameLineEdit"), QStringLiteral("fio oltp"));
        auto* kind = wizard_->findChild<QComboBox*>(QStringLiteral("presetComboBox"));
        QVERIFY(kind != nullptr);
        QCOMPARE(kind->currentData().toString(), QStringLiteral("imported"));
        QCOMPARE(field("concurrencyLineEdit"), QStringLiteral("8"));
        QVERIFY(std::abs(field("readPercentLineEdit").toDouble() - 70.0) < 3.0);
        QVERIFY(importer()->summaryText().contains(QStringLiteral("fio-3.33")));
        auto* histogram = wizard_->findChild<QLabel*>(QStringLiteral("importHistogramLabel"));
        QVERIFY(histogram != nullptr && histogram->text().contains(QStringLiteral("8 KiB")));
        // RAID_SCREENSHOT_DIR=DIR keeps a picture of the filled page, to look at it.
        if (const QString dir = qEnvironmentVariable("RAID_SCREENSHOT_DIR"); !dir.isEmpty()) {
            QVERIFY(wizard_->grab().save(dir + QStringLiteral("/wizard-import-fio.png")));
        }
        // The Sizes page shows the imported request size.
        wizard_->next();
        QCOMPARE(wizard_->currentId(), int(ProjectWizard::SizesPageId));
        QCOMPARE(wizard_->sizesPage()->distribution().mean_bytes(), 8192.0);
        wizard_->back();
        QVERIFY(importer()->undoImport());
        QCOMPARE(field("readPercentLineEdit"), read);
        QCOMPARE(field("concurrencyLineEdit"), depth);
        QCOMPARE(kind->currentData().toString(), QStringLiteral("file-server"));
        QVERIFY(!importer()->undoImport());
    }

    void workingSetIsImported() {
        // fio's size=64M on one named file: 64 MiB, shown as 0.063 GiB; the project gets the
        // exact bytes, as it does a trace's span (not a whole number of steps of the field).
        auto* workingSet = wizard_->findChild<QDoubleSpinBox*>(QStringLiteral("workingSet"));
        QVERIFY(workingSet != nullptr);
        QCOMPARE(workingSet->value(), 0.0);
        QVERIFY(importer()->importFile(fixture("fio-3.33-randrw70-8k-qd4x2-group.json")));
        QCOMPARE(workingSet->value(), 0.063);
        QVERIFY2(importer()->summaryText().contains(QStringLiteral("Working set 64 MiB")),
                 qPrintable(importer()->summaryText()));
        QCOMPARE(wizard_->draft().workload.working_set_bytes, 64.0 * 1024 * 1024);
        QCOMPARE(wizard_->draft().workload.span_fraction, 1.0);
        QVERIFY(importer()->undoImport());
        QCOMPARE(workingSet->value(), 0.0);
        QCOMPARE(wizard_->draft().workload.working_set_bytes, 0.0);

        const char* trace = "fio-3.33-randrw60-4k-seq30.iolog";
        const double span = raidadv::measure::import_file(fixture(trace).toStdString())
                                .front()
                                .workload.working_set_bytes;
        QVERIFY(span > 0.0);
        QVERIFY(importer()->importFile(fixture(trace)));
        QVERIFY(workingSet->value() > 0.0);
        QCOMPARE(wizard_->draft().workload.working_set_bytes, span);
        // Typed over, the field's value counts.
        workingSet->setValue(2.0);
        QCOMPARE(wizard_->draft().workload.working_set_bytes, 2.0 * 1024 * 1024 * 1024);
    }

    void badFileLeavesThePage() {
        const QString read = field("readPercentLineEdit");
        QVERIFY(!importer()->importFile(fixture("record.sh")));
        QCOMPARE(field("readPercentLineEdit"), read);
        QVERIFY(importer()->summaryText().startsWith(QStringLiteral("Not imported")));
    }

    void dropImports() {
        auto* page = wizard_->workloadPage();
        QMimeData data;
        data.setUrls({QUrl::fromLocalFile(fixture("iostat-12.6.1-x-d-1-10.txt"))});
        QDragEnterEvent enter(QPoint(5, 5), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(page, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(5, 5), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(page, &drop);
        QCOMPARE(field("workloadNameLineEdit"), QStringLiteral("iostat vda"));
        QVERIFY(!field("arrivalRatesLineEdit").isEmpty());
    }
};

QTEST_MAIN(MeasurementImportTest)
#include "test_measurement_import.moc"
