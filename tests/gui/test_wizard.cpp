// The new-project wizard and the recommendations it leads to, driven like a person would: typing
// into fields found by object name, pressing Next, reading the reasons shown, moving what-if
// sliders. Uses the bundled catalog (built next to the test executable).

#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <memory>

#include "chart_widget.h"
#include "compare_view.h"
#include "gui_test_support.h"
#include "layout_diagram.h"
#include "main_window.h"
#include "project_wizard.h"
#include "recommendations_model.h"
#include "system/write_cache.h"
#include "what_if_panel.h"
#include "wizard_pages.h"

using raidadv::gui::MainWindow;
using raidadv::gui::ProjectWizard;
using raidadv::gui::RecommendationsModel;

namespace {

using raidadv::guitest::find;
using raidadv::guitest::kRunTimeoutMs;
using raidadv::guitest::typeInto;

QAbstractButton* nextButton(ProjectWizard* wizard) {
    return wizard->button(QWizard::NextButton);
}

/// Clicks a radio button on its indicator (a click right of its label would miss it).
void clickRadio(QRadioButton* radio) {
    QTest::mouseClick(radio, Qt::LeftButton, {}, QPoint(8, radio->height() / 2));
}

void clickNext(ProjectWizard* wizard) {
    QTest::mouseClick(nextButton(wizard), Qt::LeftButton);
}

}  // namespace

class WizardTest : public QObject {
    Q_OBJECT

  private slots:
    void init() {
        window_ = std::make_unique<MainWindow>();
        errors_.clear();
        window_->setErrorReporter(
            [this](const QString& title, const QString& message) { errors_ << title + message; });
        window_->show();
        wizard_ = window_->newProject();
        QVERIFY(wizard_ != nullptr);
        QCOMPARE(wizard_->currentId(), int(ProjectWizard::WorkloadPageId));
    }

    void cleanup() {
        window_.reset();  // deletes the wizard too (a child)
    }

    void invalidWorkloadKeepsNextDisabledWithReason() {
        auto* read = find<QLineEdit>(wizard_, "readPercentLineEdit");
        auto* readReason = find<QLabel>(wizard_, "readPercentReasonLabel");
        QVERIFY(nextButton(wizard_)->isEnabled());
        QVERIFY(!readReason->isVisible());

        typeInto(read, QStringLiteral("abc"));
        QVERIFY(!nextButton(wizard_)->isEnabled());
        QVERIFY(readReason->isVisible());
        QVERIFY2(readReason->text().contains(QStringLiteral("not a number")),
                 qPrintable(readReason->text()));
        typeInto(read, QStringLiteral("120"));
        QVERIFY(!nextButton(wizard_)->isEnabled());
        QVERIFY2(readReason->text().contains(QStringLiteral("between 0 and 100")),
                 qPrintable(readReason->text()));
        typeInto(read, QStringLiteral("70"));
        QVERIFY(nextButton(wizard_)->isEnabled());
        QVERIFY(!readReason->isVisible());

        auto* concurrency = find<QLineEdit>(wizard_, "concurrencyLineEdit");
        auto* concurrencyReason = find<QLabel>(wizard_, "concurrencyReasonLabel");
        typeInto(concurrency, QStringLiteral("16, 4"));
        QVERIFY(!nextButton(wizard_)->isEnabled());
        QVERIFY2(concurrencyReason->text().contains(QStringLiteral("increasing")),
                 qPrintable(concurrencyReason->text()));
        if (const QString shots = qEnvironmentVariable("RAID_GUI_SHOTS"); !shots.isEmpty()) {
            typeInto(read, QStringLiteral("abc"));
            wizard_->grab().save(shots + QStringLiteral("/wizard-invalid.png"));
            typeInto(read, QStringLiteral("70"));
        }
        typeInto(concurrency, QString());
        QVERIFY(!nextButton(wizard_)->isEnabled());
        // Open load points alone are enough.
        typeInto(find<QLineEdit>(wizard_, "arrivalRatesLineEdit"), QStringLiteral("100, 400"));
        QVERIFY(nextButton(wizard_)->isEnabled());
        QVERIFY(!concurrencyReason->isVisible());

        // Next does nothing while the page is invalid.
        typeInto(find<QLineEdit>(wizard_, "projectNameLineEdit"), QString());
        QVERIFY(!nextButton(wizard_)->isEnabled());
        QVERIFY(find<QLabel>(wizard_, "projectNameReasonLabel")->isVisible());
        clickNext(wizard_);
        QCOMPARE(wizard_->currentId(), int(ProjectWizard::WorkloadPageId));
    }

    void invalidSizesCapacityAndWeightsShowReasons() {
        clickNext(wizard_);
        QCOMPARE(wizard_->currentId(), int(ProjectWizard::SizesPageId));
        // The file-server preset is a histogram.
        auto* histogram = find<QPlainTextEdit>(wizard_, "histogramTextEdit");
        auto* histogramReason = find<QLabel>(wizard_, "histogramReasonLabel");
        QVERIFY(histogram->isVisible());
        QVERIFY(nextButton(wizard_)->isEnabled());
        histogram->selectAll();
        QTest::keyClicks(histogram, QStringLiteral("4 KiB 60"));
        QTest::keyClick(histogram, Qt::Key_Return);
        QTest::keyClicks(histogram, QStringLiteral("9 XB 10"));
        QVERIFY(!nextButton(wizard_)->isEnabled());
        QVERIFY(histogramReason->isVisible());
        QVERIFY2(histogramReason->text().contains(QStringLiteral("line 2")),
                 qPrintable(histogramReason->text()));
        auto* chart = find<raidadv::charts::ChartWidget>(wizard_, "sizeChartWidget");
        QCOMPARE(chart->seriesCount(), 0);  // no chart of an invalid distribution

        // Switch to one size: the histogram no longer counts.
        find<QComboBox>(wizard_, "sizeKindComboBox")->setCurrentIndex(0);
        typeInto(find<QLineEdit>(wizard_, "fixedSizeLineEdit"), QStringLiteral("100 B"));
        QVERIFY(!nextButton(wizard_)->isEnabled());
        QVERIFY2(
            find<QLabel>(wizard_, "fixedSizeReasonLabel")->text().contains(QStringLiteral("512 B")),
            qPrintable(find<QLabel>(wizard_, "fixedSizeReasonLabel")->text()));
        typeInto(find<QLineEdit>(wizard_, "fixedSizeLineEdit"), QStringLiteral("16 KiB"));
        QVERIFY(nextButton(wizard_)->isEnabled());
        QCOMPARE(chart->seriesCount(), 1);
        QVERIFY(
            find<QLabel>(wizard_, "sizeSummaryLabel")->text().contains(QStringLiteral("16 KiB")));

        clickNext(wizard_);
        QCOMPARE(wizard_->currentId(), int(ProjectWizard::CapacityPageId));
        auto* capacity = find<QLineEdit>(wizard_, "capacityLineEdit");
        typeInto(capacity, QStringLiteral("3 parsecs"));
        QVERIFY(!nextButton(wizard_)->isEnabled());
        QVERIFY(find<QLabel>(wizard_, "capacityReasonLabel")
                    ->text()
                    .contains(QStringLiteral("unknown unit")));
        typeInto(capacity, QStringLiteral("1 TB"));
        typeInto(find<QLineEdit>(wizard_, "growthPercentLineEdit"), QStringLiteral("100"));
        typeInto(find<QLineEdit>(wizard_, "horizonYearsLineEdit"), QStringLiteral("2"));
        QVERIFY(nextButton(wizard_)->isEnabled());
        // The core says what is needed at the horizon: 1 TB doubled twice.
        QVERIFY2(
            find<QLabel>(wizard_, "neededCapacityLabel")->text().contains(QStringLiteral("4 TB")),
            qPrintable(find<QLabel>(wizard_, "neededCapacityLabel")->text()));

        clickNext(wizard_);
        QCOMPARE(wizard_->currentId(), int(ProjectWizard::BudgetPageId));
        for (const char* name : {"performanceWeightSlider", "costWeightSlider",
                                 "reliabilityWeightSlider", "capacityWeightSlider"}) {
            find<QSlider>(wizard_, name)->setValue(0);
        }
        QVERIFY(!nextButton(wizard_)->isEnabled());
        QVERIFY(find<QLabel>(wizard_, "weightsReasonLabel")->isVisible());
        find<QSlider>(wizard_, "costWeightSlider")->setValue(3);
        QVERIFY(nextButton(wizard_)->isEnabled());
        QVERIFY(!find<QLabel>(wizard_, "weightsReasonLabel")->isVisible());
        typeInto(find<QLineEdit>(wizard_, "budgetLineEdit"), QStringLiteral("-5"));
        QVERIFY(!nextButton(wizard_)->isEnabled());
        typeInto(find<QLineEdit>(wizard_, "budgetLineEdit"), QString());  // no limit
        QVERIFY(nextButton(wizard_)->isEnabled());

        clickNext(wizard_);
        QCOMPARE(wizard_->currentId(), int(ProjectWizard::HardwarePageId));
        clickRadio(find<QRadioButton>(wizard_, "restrictPartsRadioButton"));
        auto* levels = find<QListWidget>(wizard_, "levelsListWidget");
        for (int i = 0; i < levels->count(); ++i) {
            levels->item(i)->setCheckState(Qt::Unchecked);
        }
        QVERIFY(!nextButton(wizard_)->isEnabled());
        QVERIFY(find<QLabel>(wizard_, "hardwareReasonLabel")
                    ->text()
                    .contains(QStringLiteral("RAID level")));
    }

    void walkWizardToRecommendationsAndWhatIf() {
        // Workload: OLTP preset, edited.
        auto* preset = find<QComboBox>(wizard_, "presetComboBox");
        preset->setCurrentIndex(preset->findData(QStringLiteral("oltp-database")));
        typeInto(find<QLineEdit>(wizard_, "projectNameLineEdit"), QStringLiteral("Orders DB"));
        typeInto(find<QLineEdit>(wizard_, "readPercentLineEdit"), QStringLiteral("70"));
        typeInto(find<QLineEdit>(wizard_, "concurrencyLineEdit"), QStringLiteral("4, 16"));
        clickNext(wizard_);

        // Sizes: the preset's 8 KiB, changed by typing.
        QCOMPARE(wizard_->currentId(), int(ProjectWizard::SizesPageId));
        auto* fixed = find<QLineEdit>(wizard_, "fixedSizeLineEdit");
        QCOMPARE(fixed->text(), QStringLiteral("8 KiB"));
        typeInto(fixed, QStringLiteral("16k"));
        clickNext(wizard_);

        QCOMPARE(wizard_->currentId(), int(ProjectWizard::CapacityPageId));
        typeInto(find<QLineEdit>(wizard_, "capacityLineEdit"), QStringLiteral("2 TB"));
        typeInto(find<QLineEdit>(wizard_, "growthPercentLineEdit"), QStringLiteral("10"));
        typeInto(find<QLineEdit>(wizard_, "maxFillPercentLineEdit"), QStringLiteral("0"));
        QVERIFY(!nextButton(wizard_)->isEnabled());  // a fill of 0% holds nothing
        typeInto(find<QLineEdit>(wizard_, "maxFillPercentLineEdit"), QStringLiteral("90"));
        QVERIFY2(
            find<QLabel>(wizard_, "neededCapacityLabel")->text().contains(QStringLiteral("90%")),
            qPrintable(find<QLabel>(wizard_, "neededCapacityLabel")->text()));
        clickNext(wizard_);

        QCOMPARE(wizard_->currentId(), int(ProjectWizard::BudgetPageId));
        typeInto(find<QLineEdit>(wizard_, "maxBaysLineEdit"), QStringLiteral("8"));
        auto* powerSafe = find<QCheckBox>(wizard_, "powerLossSafeCheckBox");
        QVERIFY(!powerSafe->isChecked());
        QTest::mouseClick(powerSafe, Qt::LeftButton, {}, QPoint(4, powerSafe->height() / 2));
        QVERIFY(powerSafe->isChecked());
        typeInto(find<QLineEdit>(wizard_, "maxPowerLineEdit"), QStringLiteral("-3"));
        QVERIFY(!nextButton(wizard_)->isEnabled());  // a power limit must be above 0
        typeInto(find<QLineEdit>(wizard_, "maxPowerLineEdit"), QStringLiteral("60"));
        typeInto(find<QLineEdit>(wizard_, "maxRebuildHoursLineEdit"), QStringLiteral("24"));
        find<QComboBox>(wizard_, "hotSparesComboBox")->setCurrentIndex(1);  // one, shared
        typeInto(find<QLineEdit>(wizard_, "busyHoursLineEdit"), QStringLiteral("25"));
        QVERIFY(!nextButton(wizard_)->isEnabled());  // a day has 24 hours
        typeInto(find<QLineEdit>(wizard_, "busyHoursLineEdit"), QStringLiteral("24"));
        typeInto(find<QLineEdit>(wizard_, "writesPerDayLineEdit"), QStringLiteral("-1"));
        QVERIFY(!nextButton(wizard_)->isEnabled());  // bytes written a day: not below 0
        typeInto(find<QLineEdit>(wizard_, "writesPerDayLineEdit"), QStringLiteral("0.5"));
        clickNext(wizard_);

        // Hardware: one drive model and two levels keep the search small and fast.
        QCOMPARE(wizard_->currentId(), int(ProjectWizard::HardwarePageId));
        clickRadio(find<QRadioButton>(wizard_, "restrictPartsRadioButton"));
        auto* levels = find<QListWidget>(wizard_, "levelsListWidget");
        for (int i = 0; i < levels->count(); ++i) {
            const QString id = levels->item(i)->data(Qt::UserRole).toString();
            levels->item(i)->setCheckState(
                id == QStringLiteral("raid5") || id == QStringLiteral("raid10") ? Qt::Checked
                                                                                : Qt::Unchecked);
        }
        auto* drives = find<QListWidget>(wizard_, "drivesListWidget");
        bool ticked = false;
        for (int i = 0; i < drives->count(); ++i) {
            if (drives->item(i)->data(Qt::UserRole).toString() == QStringLiteral("wd-wd40efrx")) {
                drives->item(i)->setCheckState(Qt::Checked);
                ticked = true;
            }
        }
        QVERIFY(ticked);
        // 2.5" drives out: the file then lists the form factors still ticked.
        auto* formFactors = find<QListWidget>(wizard_, "formFactorsListWidget");
        QVERIFY(formFactors->count() >= 3);
        bool untickedSmall = false;
        for (int i = 0; i < formFactors->count(); ++i) {
            if (formFactors->item(i)->data(Qt::UserRole).toString() == QStringLiteral("2.5")) {
                formFactors->item(i)->setCheckState(Qt::Unchecked);
                untickedSmall = true;
            }
        }
        QVERIFY(untickedSmall);
        QVERIFY(find<QListWidget>(wizard_, "interfacesListWidget")->count() >= 5);
        QVERIFY(find<QRadioButton>(wizard_, "restrictPartsRadioButton")->isChecked());
        auto* host = find<QComboBox>(wizard_, "hostComboBox");
        host->setCurrentIndex(host->findData(QStringLiteral("linux-nas-2024")));
        QVERIFY(nextButton(wizard_)->isEnabled());
        clickNext(wizard_);

        // Review: checked by the core's project reader.
        QCOMPARE(wizard_->currentId(), int(ProjectWizard::ReviewPageId));
        QVERIFY2(!find<QLabel>(wizard_, "reviewReasonLabel")->isVisible(),
                 qPrintable(find<QLabel>(wizard_, "reviewReasonLabel")->text()));
        const QString review = find<QTextBrowser>(wizard_, "reviewTextBrowser")->toPlainText();
        QVERIFY2(review.contains(QStringLiteral("Orders DB")), qPrintable(review));
        QVERIFY2(review.contains(QStringLiteral("70% reads")), qPrintable(review));
        QVERIFY2(review.contains(QStringLiteral("16 KiB")), qPrintable(review));
        QVERIFY2(review.contains(QStringLiteral("levels raid10, raid5")), qPrintable(review));
        QVERIFY2(review.contains(QStringLiteral("form factors 3.5")), qPrintable(review));
        QVERIFY2(!review.contains(QStringLiteral("interfaces")), qPrintable(review));  // all = any
        QVERIFY2(review.contains(QStringLiteral("safe across a power cut")), qPrintable(review));
        QVERIFY2(review.contains(QStringLiteral("drives at most 60 W")), qPrintable(review));
        QVERIFY2(review.contains(QStringLiteral("a rebuild at most 24 h")), qPrintable(review));
        QVERIFY2(review.contains(QStringLiteral("; one hot spare")), qPrintable(review));
        QVERIFY2(review.contains(QStringLiteral("busy 24 h a day")), qPrintable(review));
        QVERIFY2(review.contains(QStringLiteral("filled at most 90%")), qPrintable(review));

        QSignalSpy finished(window_.get(), &MainWindow::runFinished);
        QTest::mouseClick(wizard_->button(QWizard::FinishButton), Qt::LeftButton);
        QVERIFY(finished.wait(kRunTimeoutMs));
        QVERIFY2(errors_.isEmpty(), qPrintable(errors_.join(QLatin1Char('\n'))));
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        QCOMPARE(window_->windowTitle(), QStringLiteral("Orders DB[*] - RAID Advisor"));
        QVERIFY(window_->isWindowModified());  // a new project is unsaved work

        // Results: ranked, the pick selected and explained, charts and diagram drawn.
        RecommendationsModel* model = window_->recommendationsModel();
        QVERIFY(model->rowCount() >= 2);
        QCOMPARE(model->request().workload.concurrency, (std::vector<int>{4, 16}));
        QCOMPARE(model->request().workload.size.fixed_bytes, 16384.0);
        QVERIFY(model->request().constraints.power_loss_safe_writes);
        QCOMPARE(model->request().constraints.max_power_w, 60.0);
        const auto& formFactorsAllowed = model->request().constraints.form_factors;
        QVERIFY(!formFactorsAllowed.empty());
        QVERIFY(std::find(formFactorsAllowed.begin(), formFactorsAllowed.end(), "2.5") ==
                formFactorsAllowed.end());
        QVERIFY(model->request().constraints.interfaces.empty());
        QCOMPARE(model->request().constraints.max_rebuild_hours, 24.0);
        QCOMPARE(model->request().constraints.max_fill_fraction, 0.9);
        QCOMPARE(model->request().constraints.busy_hours_per_day, 24.0);
        QCOMPARE(model->request().constraints.writes_per_day_bytes, 0.5e12);
        QVERIFY(model->request().hot_spares == raidadv::advisor::HotSpares::One);
        for (int row = 0; row < model->rowCount(); ++row) {
            const auto* c = model->candidateAt(row);
            QCOMPARE(c->system.drive.info.id, std::string("wd-wd40efrx"));
            QVERIFY(c->system.layout.level == raidadv::RaidLevel::Raid5 ||
                    c->system.layout.level == raidadv::RaidLevel::Raid10);
            QVERIFY(c->system.total_drives() <= 8);
            QVERIFY(!raidadv::uses_drive_write_cache(c->system));  // asked for on the limits page
            QVERIFY(c->assessment.rebuild_time_s <= 24.0 * 3600.0);
            QVERIFY(c->assessment.power_w <= 60.0);
            QVERIFY(c->assessment.usable_bytes >= 2e12 * 1.1 * 1.1 * 1.1 * 1.1 * 1.1 / 0.9 * 0.999);
            // "[≈ ]5.2": a tie mark and the figure; its 80% range, around it, in the tooltip.
            QString response =
                model->index(row, RecommendationsModel::ResponseColumn).data().toString();
            QCOMPARE(response.startsWith(QChar(0x2248)), c->speed_tied_with_pick);
            response.remove(QChar(0x2248));
            bool number = false;
            const double ms =
                QLocale::c().toDouble(response.trimmed().section(QLatin1Char(' '), 0, 0), &number);
            QVERIFY2((number && ms > 0.0) || response == QStringLiteral("saturated"),
                     qPrintable(response));
            if (number) {
                const QString tip = model->index(row, RecommendationsModel::ResponseColumn)
                                        .data(Qt::ToolTipRole)
                                        .toString();
                // "80% range 4.1–6.3 ms: ..."
                const QString range =
                    tip.section(QStringLiteral("80% range "), 1, 1).section(QLatin1Char(' '), 0, 0);
                const double low = QLocale::c().toDouble(range.section(QChar(0x2013), 0, 0));
                const double high = QLocale::c().toDouble(range.section(QChar(0x2013), 1, 1));
                QVERIFY2(low > 0.0 && low <= ms && ms <= high, qPrintable(response));
            }
        }
        QVERIFY(model->headerData(RecommendationsModel::ResponseColumn, Qt::Horizontal)
                    .toString()
                    .contains(QStringLiteral("(ms)")));
        QCOMPARE(model->index(0, RecommendationsModel::RankColumn).data().toString(),
                 QStringLiteral("1 (pick)"));
        QVERIFY(model->index(0, 0).data(Qt::BackgroundRole).isValid());
        auto* table = find<QTableView>(window_.get(), "recommendationsTableView");
        QCOMPARE(table->currentIndex().row(), 0);
        const QString detail =
            find<QTextBrowser>(window_.get(), "detailTextBrowser")->toPlainText();
        QVERIFY2(detail.startsWith(QStringLiteral("The pick: ")), qPrintable(detail));
        QVERIFY2(detail.contains(QStringLiteral("Recommended")), qPrintable(detail));
        QVERIFY(!detail.contains(QStringLiteral("nan")));
        QVERIFY(find<raidadv::gui::LayoutDiagram>(window_.get(), "layoutDiagram")->hasSystem());
        QVERIFY(find<raidadv::charts::ChartWidget>(window_.get(), "responseChartWidget")
                    ->seriesCount() >= 2);
        // The response chart shades the first line's 80% range (the pick's), one band only.
        QCOMPARE(
            find<raidadv::charts::ChartWidget>(window_.get(), "responseChartWidget")->bandCount(),
            1);
        // Each load point of the detail's table with its 80% range under the figure.
        QVERIFY2(detail.contains(QStringLiteral("80% range")), qPrintable(detail));
        QVERIFY(
            find<raidadv::charts::ChartWidget>(window_.get(), "costChartWidget")->seriesCount() >=
            2);

        // What-if, weights: re-ranked at once (no search), the cheapest now first.
        const std::vector<std::string> before = names(*model);
        QSignalSpy shown(window_.get(), &MainWindow::recommendationsShown);
        find<QSlider>(window_.get(), "whatIfPerformanceWeightSlider")->setValue(0);
        find<QSlider>(window_.get(), "whatIfReliabilityWeightSlider")->setValue(0);
        find<QSlider>(window_.get(), "whatIfCostWeightSlider")->setValue(10);
        QVERIFY(shown.count() >= 1);  // synchronous: no waiting
        QVERIFY(names(*model) != before);
        double cheapest = 1e300;
        for (int row = 0; row < model->rowCount(); ++row) {
            cheapest = std::min(cheapest, model->candidateAt(row)->assessment.total_usd);
        }
        QCOMPARE(model->candidateAt(0)->assessment.total_usd, cheapest);
        // The new pick gets its explanation from a worker thread shortly after.
        table->setCurrentIndex(table->model()->index(0, 0));
        auto* detailBrowser = find<QTextBrowser>(window_.get(), "detailTextBrowser");
        QVERIFY(detailBrowser->toPlainText().startsWith(QStringLiteral("The pick: ")));
        QTRY_VERIFY2_WITH_TIMEOUT(
            detailBrowser->toPlainText().contains(QStringLiteral("Recommended")),
            qPrintable(detailBrowser->toPlainText().left(300)), 20000);

        // Compare: pin the pick and the runner-up; the pins stay through the next search.
        auto* pin = find<QPushButton>(window_.get(), "pinPushButton");
        QVERIFY(pin->isEnabled());
        QTest::mouseClick(pin, Qt::LeftButton);
        QVERIFY(!pin->isEnabled());  // pinned already
        table->setCurrentIndex(table->model()->index(1, 0));
        QVERIFY(pin->isEnabled());
        QTest::mouseClick(pin, Qt::LeftButton);
        QCOMPARE(window_->compareView()->pinCount(), 2);
        auto* compareTable = find<QTableWidget>(window_.get(), "compareTableWidget");
        QCOMPARE(compareTable->columnCount(), 2);
        // "5.2 ms (4.1–6.3)": the typical response and its 80% range, explained on hover.
        QVERIFY2(compareTable->item(2, 0)->text().contains(QStringLiteral(" ms (")),
                 qPrintable(compareTable->item(2, 0)->text()));
        QVERIFY(compareTable->item(2, 0)->toolTip().contains(QStringLiteral("80% range")));
        QCOMPARE(find<raidadv::charts::ChartWidget>(window_.get(), "compareResponseChartWidget")
                     ->seriesCount(),
                 2);

        // What-if, a constraint typed: a new search on a worker thread.
        window_->whatIfPanel()->setSearchDelay(0);
        shown.clear();
        const double limit = model->candidateAt(model->rowCount() - 1)->assessment.total_usd - 1;
        typeInto(find<QLineEdit>(window_.get(), "whatIfBudgetLineEdit"),
                 QString::number(limit, 'f', 0));
        QVERIFY(shown.wait(kRunTimeoutMs));
        QVERIFY(model->rowCount() >= 1);
        for (int row = 0; row < model->rowCount(); ++row) {
            QVERIFY(model->candidateAt(row)->assessment.total_usd <= limit);
        }
        QCOMPARE(model->request().constraints.budget_usd, std::round(limit));
        QCOMPARE(window_->compareView()->pinCount(), 2);

        // An invalid what-if field shows its reason and starts no search.
        shown.clear();
        typeInto(find<QLineEdit>(window_.get(), "whatIfConcurrencyLineEdit"), QStringLiteral("0"));
        QVERIFY(find<QLabel>(window_.get(), "whatIfConcurrencyReasonLabel")->isVisible());
        QTest::qWait(100);
        QCOMPARE(shown.count(), 0);
        QVERIFY(errors_.isEmpty());
    }

    void submittingThreadsAreSavedAndLoaded() {
        // Workload page: "Submitting threads" (fio numjobs) set to 4, then the other pages as
        // they come, with the hardware narrowed so the search is short.
        auto* preset = find<QComboBox>(wizard_, "presetComboBox");
        preset->setCurrentIndex(preset->findData(QStringLiteral("oltp-database")));
        auto* threads = find<QSpinBox>(wizard_, "threads");
        QCOMPARE(threads->value(), 0);  // the presets: one thread per outstanding request
        QVERIFY(threads->toolTip().contains(QStringLiteral("numjobs")));
        threads->setFocus();
        threads->selectAll();
        QTest::keyClicks(threads, QStringLiteral("4"));
        QCOMPARE(threads->value(), 4);
        clickNext(wizard_);
        QCOMPARE(wizard_->currentId(), int(ProjectWizard::SizesPageId));
        clickNext(wizard_);
        QCOMPARE(wizard_->currentId(), int(ProjectWizard::CapacityPageId));
        typeInto(find<QLineEdit>(wizard_, "capacityLineEdit"), QStringLiteral("2 TB"));
        clickNext(wizard_);
        QCOMPARE(wizard_->currentId(), int(ProjectWizard::BudgetPageId));
        clickNext(wizard_);
        QCOMPARE(wizard_->currentId(), int(ProjectWizard::HardwarePageId));
        clickRadio(find<QRadioButton>(wizard_, "restrictPartsRadioButton"));
        auto* levels = find<QListWidget>(wizard_, "levelsListWidget");
        for (int i = 0; i < levels->count(); ++i) {
            levels->item(i)->setCheckState(levels->item(i)->data(Qt::UserRole).toString() ==
                                                   QStringLiteral("raid10")
                                               ? Qt::Checked
                                               : Qt::Unchecked);
        }
        auto* drives = find<QListWidget>(wizard_, "drivesListWidget");
        for (int i = 0; i < drives->count(); ++i) {
            if (drives->item(i)->data(Qt::UserRole).toString() == QStringLiteral("wd-wd40efrx")) {
                drives->item(i)->setCheckState(Qt::Checked);
            }
        }
        clickNext(wizard_);
        QCOMPARE(wizard_->currentId(), int(ProjectWizard::ReviewPageId));
        const QString review = find<QTextBrowser>(wizard_, "reviewTextBrowser")->toPlainText();
        QVERIFY2(review.contains(QStringLiteral("4 threads")), qPrintable(review));
        QSignalSpy finished(window_.get(), &MainWindow::runFinished);
        QTest::mouseClick(wizard_->button(QWizard::FinishButton), Qt::LeftButton);
        QVERIFY(finished.wait(kRunTimeoutMs));
        QVERIFY2(errors_.isEmpty(), qPrintable(errors_.join(QLatin1Char('\n'))));
        QCOMPARE(window_->recommendationsModel()->request().workload.threads, 4);
        QCOMPARE(find<QSpinBox>(window_.get(), "whatIfThreadsSpinBox")->value(), 4);

        // Saved: the workload's "threads" key (docs/file-format.md).
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("threads.raidproj"));
        window_->setSaveFileChooser([path](const QString&) { return path; });
        QVERIFY(window_->saveProjectAs());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject saved = QJsonDocument::fromJson(file.readAll()).object();
        const QJsonArray workloads = saved.value(QStringLiteral("workloads")).toArray();
        QCOMPARE(workloads.size(), 1);
        QCOMPARE(workloads.at(0).toObject().value(QStringLiteral("threads")).toInt(), 4);

        // Loaded: a new window opens the file, and its wizard shows the 4 threads.
        window_ = std::make_unique<MainWindow>();
        window_->setErrorReporter(
            [this](const QString& title, const QString& message) { errors_ << title + message; });
        window_->show();
        QSignalSpy reopened(window_.get(), &MainWindow::runFinished);
        window_->openProject(path);
        QVERIFY(reopened.wait(kRunTimeoutMs));
        QCOMPARE(window_->recommendationsModel()->request().workload.threads, 4);
        ProjectWizard* edit = window_->editProjectInWizard();
        QVERIFY(edit != nullptr);
        QTRY_VERIFY(edit->isVisible());
        QCOMPARE(find<QSpinBox>(edit, "threads")->value(), 4);
        edit->reject();
        QVERIFY2(errors_.isEmpty(), qPrintable(errors_.join(QLatin1Char('\n'))));
    }

    void importedListingBecomesTheHistogram() {
        auto* preset = find<QComboBox>(wizard_, "presetComboBox");
        preset->setCurrentIndex(preset->findData(QStringLiteral("image-archive")));
        clickNext(wizard_);
        QCOMPARE(wizard_->currentId(), int(ProjectWizard::SizesPageId));
        QCOMPARE(wizard_->sizesPage()->title(), QStringLiteral("File sizes"));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sizes.txt"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("# find . -type f -printf '%s\\n'\n1000\n2000\n3000\nbanana\n1000000\n");
        file.close();
        QVERIFY(wizard_->sizesPage()->importListingFile(path));
        QCOMPARE(find<QComboBox>(wizard_, "sizeKindComboBox")->currentIndex(), 3);
        const QString status = find<QLabel>(wizard_, "importStatusLabel")->text();
        QVERIFY2(status.contains(QStringLiteral("4 files")), qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral("line 5")), qPrintable(status));
        QVERIFY(nextButton(wizard_)->isEnabled());
        QVERIFY(find<raidadv::charts::ChartWidget>(wizard_, "sizeChartWidget")->seriesCount() == 1);
        // The histogram keeps the mean of the files (core: histogram_from_sizes).
        const raidadv::SizeDistribution d = wizard_->sizesPage()->distribution();
        QVERIFY(std::abs(d.mean_bytes() - 1006000.0 / 4.0) < 1.0);
        QVERIFY(!wizard_->sizesPage()->importListingFile(dir.filePath(QStringLiteral("none"))));
    }

    void cancelledSearchKeepsTheResultsShown() {
        wizard_->reject();
        QSignalSpy finished(window_.get(), &MainWindow::runFinished);
        window_->openProject(QStringLiteral(RAID_RESOURCES_DIR) +
                             QStringLiteral("/examples/advisor-archive-1996-fast.json"));
        QVERIFY(finished.wait(kRunTimeoutMs));
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        RecommendationsModel* model = window_->recommendationsModel();
        QVERIFY(model->rowCount() > 0);
        const std::vector<std::string> before = names(*model);

        window_->whatIfPanel()->setSearchDelay(0);
        QSignalSpy shown(window_.get(), &MainWindow::recommendationsShown);
        typeInto(find<QLineEdit>(window_.get(), "whatIfBaysLineEdit"), QStringLiteral("5"));
        auto* cancel = find<QPushButton>(window_.get(), "cancelSearchPushButton");
        QTRY_VERIFY_WITH_TIMEOUT(cancel->isVisible(), 5000);
        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(!cancel->isVisible());
        QVERIFY(find<QLabel>(window_.get(), "summaryLabel")
                    ->text()
                    .contains(QStringLiteral("cancelled")));
        QTest::qWait(1500);  // the abandoned search finishes and is dropped
        QCOMPARE(shown.count(), 0);
        QCOMPARE(names(*model), before);
        QVERIFY(errors_.isEmpty());
    }

    void searchProgressAndStripeAndRiskCharts() {
        wizard_->reject();
        QSignalSpy finished(window_.get(), &MainWindow::runFinished);
        // A current-hardware search long enough to show progress (about a second over the
        // catalog of issue 25; the VM datastore's takes ten times that), whose leading
        // configurations are striped (RAID 0 of NVMe drives).
        window_->openProject(QStringLiteral(RAID_RESOURCES_DIR) +
                             QStringLiteral("/examples/advisor-scratch-no-redundancy.json"));
        // The bar shows the search's fraction done (polled every 100 ms), not a busy marker.
        auto* bar = find<QProgressBar>(window_.get(), "searchProgressBar");
        QCOMPARE(bar->maximum(), 1000);
        QTRY_VERIFY_WITH_TIMEOUT(bar->value() > 0 || finished.count() > 0, kRunTimeoutMs);
        QVERIFY(finished.count() > 0 || bar->isVisible());
        QVERIFY(finished.count() > 0 || finished.wait(kRunTimeoutMs));
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        QVERIFY(!bar->isVisible());

        auto* tabs = find<QTabWidget>(window_.get(), "detailTabWidget");
        tabs->setCurrentIndex(2);
        QCOMPARE(tabs->tabText(2), QStringLiteral("Stripe && ris&k"));
        // One line per refined candidate plus the markers of the units in use.
        QVERIFY(
            find<raidadv::charts::ChartWidget>(window_.get(), "stripeChartWidget")->seriesCount() >=
            2);
        QVERIFY(
            find<raidadv::charts::ChartWidget>(window_.get(), "lossChartWidget")->seriesCount() >=
            2);
        if (const QString shots = qEnvironmentVariable("RAID_GUI_SHOTS"); !shots.isEmpty()) {
            window_->resize(1280, 800);
            QTest::qWait(100);
            window_->grab().save(shots + QStringLiteral("/stripe-and-risk.png"));
        }
        QVERIFY(errors_.isEmpty());
    }

    void chartsFollowADarkPalette() {
        wizard_->reject();
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x30, 0x30, 0x30));
        dark.setColor(QPalette::WindowText, Qt::white);
        dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
        dark.setColor(QPalette::AlternateBase, QColor(0x2a, 0x2a, 0x2a));
        dark.setColor(QPalette::Text, Qt::white);
        dark.setColor(QPalette::Button, QColor(0x38, 0x38, 0x38));
        dark.setColor(QPalette::ButtonText, Qt::white);
        dark.setColor(QPalette::Mid, QColor(0x60, 0x60, 0x60));
        window_->setPalette(dark);
        QSignalSpy finished(window_.get(), &MainWindow::runFinished);
        window_->openProject(QStringLiteral(RAID_RESOURCES_DIR) +
                             QStringLiteral("/examples/advisor-archive-1996-fast.json"));
        QVERIFY(finished.wait(kRunTimeoutMs));
        auto* tabs = find<QTabWidget>(window_.get(), "detailTabWidget");
        tabs->setCurrentIndex(1);
        auto* chart = find<raidadv::charts::ChartWidget>(window_.get(), "responseChartWidget");
        QVERIFY(chart->seriesCount() > 0);
        const QImage image = chart->grab().toImage();
        // The chart's background is the palette's dark base, not the report's white.
        QVERIFY(qGray(image.pixel(4, 4)) < 80);
        const QString shots = qEnvironmentVariable("RAID_GUI_SHOTS");
        if (!shots.isEmpty()) {
            window_->resize(1280, 800);
            QTest::qWait(100);
            window_->grab().save(shots + QStringLiteral("/dark-charts.png"));
        }
    }

  private:
    static std::vector<std::string> names(const RecommendationsModel& model) {
        std::vector<std::string> result;
        for (int row = 0; row < model.rowCount(); ++row) {
            result.push_back(model.candidateAt(row)->system.name);
        }
        return result;
    }

    std::unique_ptr<MainWindow> window_;
    ProjectWizard* wizard_ = nullptr;
    QStringList errors_;
};

int runWizardTests(int argc, char** argv) {
    WizardTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_wizard.moc"
