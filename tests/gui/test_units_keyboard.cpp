// View > Units (decimal KB/MB or binary KiB/MiB everywhere at once, remembered), the project's
// currency from the wizard to every cost shown, tooltips on every metric, and keyboard use: the
// wizard walked with Tab alone, a ranking row chosen with the arrow keys.

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QtTest>
#include <cmath>
#include <memory>

#include "advice_charts.h"
#include "compare_view.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "project_wizard.h"
#include "recommendations_model.h"
#include "results_model.h"
#include "risk_charts.h"
#include "size_units.h"
#include "what_if_panel.h"

using raidadv::gui::MainWindow;
using raidadv::gui::ProjectWizard;
using raidadv::gui::RecommendationsModel;
using raidadv::gui::SizeUnits;

namespace {

using raidadv::guitest::find;
using raidadv::guitest::kRunTimeoutMs;
using raidadv::guitest::typeInto;

void clickNext(ProjectWizard* wizard) {
    QTest::mouseClick(wizard->button(QWizard::NextButton), Qt::LeftButton);
}

/// The tooltip of the first text fragment of `document` that reads exactly `text`.
QString toolTipOf(const QTextDocument* document, const QString& text) {
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            if (it.fragment().text() == text) {
                return it.fragment().charFormat().toolTip();
            }
        }
    }
    return QStringLiteral("<no fragment \"%1\">").arg(text);
}

/// The compare table's row named `name`, or -1.
int compareRow(const QTableWidget* table, const QString& name) {
    for (int r = 0; r < table->rowCount(); ++r) {
        if (table->verticalHeaderItem(r) != nullptr &&
            table->verticalHeaderItem(r)->text() == name) {
            return r;
        }
    }
    return -1;
}

}  // namespace

class UnitsKeyboardTest : public QObject {
    Q_OBJECT

  private slots:
    void init() {
        QSettings().remove(QStringLiteral("view/sizeUnits"));
        raidadv::gui::setSizeUnits(SizeUnits::Decimal);
    }

    void cleanup() { raidadv::gui::setSizeUnits(SizeUnits::Decimal); }

    void formatsSizesInBothSystems() {
        using raidadv::gui::formatBytes;
        QCOMPARE(formatBytes(4096), QStringLiteral("4.1 KB"));
        QCOMPARE(formatBytes(65536), QStringLiteral("65.5 KB"));
        QCOMPARE(formatBytes(999'960), QStringLiteral("1 MB"));  // rounding carries the prefix
        QCOMPARE(formatBytes(2e12), QStringLiteral("2 TB"));
        QCOMPARE(formatBytes(512), QStringLiteral("512 B"));
        QCOMPARE(formatBytes(-1), QStringLiteral("-"));
        QCOMPARE(formatBytes(std::nan("")), QStringLiteral("-"));
        QCOMPARE(raidadv::gui::throughputUnitName(), QStringLiteral("MB/s"));
        QCOMPARE(raidadv::gui::throughputValue(3.4), 3.4);
        QCOMPARE(raidadv::gui::capacityUnit(5e11).name, QStringLiteral("GB"));
        raidadv::gui::setSizeUnits(SizeUnits::Binary);
        QCOMPARE(formatBytes(4096), QStringLiteral("4 KiB"));
        QCOMPARE(formatBytes(65536), QStringLiteral("64 KiB"));
        QCOMPARE(formatBytes(1024.0 * 1024.0), QStringLiteral("1 MiB"));
        QCOMPARE(formatBytes(2e12), QStringLiteral("1.82 TiB"));  // 2e12 / 2^40 = 1.819
        QCOMPARE(raidadv::gui::throughputUnitName(), QStringLiteral("MiB/s"));
        QVERIFY(std::abs(raidadv::gui::throughputValue(1.048576) - 1.0) < 1e-12);
        QCOMPARE(raidadv::gui::kiloUnit().divisor, 1024.0);
        QCOMPARE(raidadv::gui::capacityUnit(2e12).name, QStringLiteral("TiB"));
    }

    void unitsSwitchChangesEveryViewAndIsRemembered() {
        MainWindow window;
        QStringList errors;
        window.setErrorReporter(
            [&](const QString& title, const QString& message) { errors << title + message; });
        auto* decimal = find<QAction>(&window, "decimalUnitsAction");
        auto* binary = find<QAction>(&window, "binaryUnitsAction");
        QVERIFY(decimal != nullptr && binary != nullptr);
        QVERIFY(decimal->isChecked());
        QSignalSpy shown(&window, &MainWindow::recommendationsShown);
        window.openProject(QStringLiteral(RAID_RESOURCES_DIR) +
                           QStringLiteral("/examples/advisor-small-nas.json"));
        QVERIFY(shown.wait(kRunTimeoutMs));
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        RecommendationsModel* model = window.recommendationsModel();
        QVERIFY(model->rowCount() >= 2);
        QVERIFY(window.pinSelected());

        const auto usable = [&] {
            return model->index(0, RecommendationsModel::UsableColumn).data().toString();
        };
        const auto header = [&](int column) {
            // Two-line titles ("Usable\n(TB)") read as one.
            return model->headerData(column, Qt::Horizontal)
                .toString()
                .replace(QLatin1Char('\n'), QLatin1Char(' '));
        };
        auto* compareTable = window.compareView()->table();
        const auto compareCapacity = [&] {
            return compareTable
                ->item(compareRow(compareTable, QStringLiteral("Usable capacity")), 0)
                ->text();
        };
        auto* detail = find<QTextBrowser>(&window, "detailTextBrowser");
        const QString decimalUsable = usable();
        const QString decimalCompare = compareCapacity();
        const double bytes = model->candidateAt(0)->assessment.usable_bytes;
        QCOMPARE(decimalCompare, raidadv::gui::formatBytes(bytes));
        QVERIFY2(decimalCompare.endsWith(QStringLiteral(" TB")) ||
                     decimalCompare.endsWith(QStringLiteral(" GB")),
                 qPrintable(decimalCompare));
        QCOMPARE(header(RecommendationsModel::MbPerSecondColumn), QStringLiteral("MB/s"));
        const QString decimalHeader = header(RecommendationsModel::UsableColumn);
        QVERIFY2(decimalHeader == QStringLiteral("Usable (TB)") ||
                     decimalHeader == QStringLiteral("Usable (GB)"),
                 qPrintable(decimalHeader));
        const double mbps = model->index(0, RecommendationsModel::MbPerSecondColumn)
                                .data(RecommendationsModel::RawValueRole)
                                .toDouble();
        QCOMPARE(mbps, model->candidateAt(0)->performance.mb_per_s);

        binary->trigger();
        QVERIFY(binary->isChecked());
        QCOMPARE(QSettings().value(QStringLiteral("view/sizeUnits")).toString(),
                 QStringLiteral("binary"));
        QCOMPARE(header(RecommendationsModel::MbPerSecondColumn), QStringLiteral("MiB/s"));
        QCOMPARE(header(RecommendationsModel::UsableColumn),
                 decimalHeader == QStringLiteral("Usable (TB)") ? QStringLiteral("Usable (TiB)")
                                                                : QStringLiteral("Usable (GiB)"));
        // The same bytes in the larger unit: the number shrinks by 10^12 / 2^40 (or 10^9 / 2^30).
        const double ratio = decimalHeader == QStringLiteral("Usable (TB)")
                                 ? 1e12 / std::pow(2.0, 40)
                                 : 1e9 / std::pow(2.0, 30);
        QVERIFY2(std::abs(usable().toDouble() - decimalUsable.toDouble() * ratio) < 0.006,
                 qPrintable(usable() + QStringLiteral(" vs ") + decimalUsable));
        QVERIFY(usable() != decimalUsable);
        QVERIFY(std::abs(model->index(0, RecommendationsModel::MbPerSecondColumn)
                             .data(RecommendationsModel::RawValueRole)
                             .toDouble() -
                         mbps * 1e6 / 1048576.0) < 1e-9 * mbps + 1e-12);
        QVERIFY2(compareCapacity().endsWith(QStringLiteral("iB")), qPrintable(compareCapacity()));
        QVERIFY(compareRow(compareTable, QStringLiteral("MiB/s")) >= 0);
        QVERIFY2(detail->toPlainText().contains(QStringLiteral("MiB/s")),
                 qPrintable(detail->toPlainText()));
        // The per-point table's header.
        QVERIFY(!toolTipOf(detail->document(), QStringLiteral("MiB/s")).startsWith(u'<'));
        // The advisor's sentences too: no decimal size or rate is left anywhere in the pane.
        static const QRegularExpression decimalUnit(
            QStringLiteral("\\d ?(KB|MB|GB|TB|PB)(/s)?\\b"));
        // Product and configuration names stay as they are ("WD Red 4 TB" is a name).
        QString binaryText = detail->toPlainText();
        for (int r = 0; r < model->rowCount(); ++r) {
            const raidadv::System& system = model->candidateAt(r)->system;
            for (const std::string& name :
                 {system.name, system.drive.info.name, system.controller.info.name,
                  system.drive_link.info.name, system.host.info.name}) {
                binaryText.remove(QString::fromStdString(name));
            }
        }
        QVERIFY2(!decimalUnit.match(binaryText).hasMatch(),
                 qPrintable(decimalUnit.match(binaryText).captured(0) + QStringLiteral(" in:\n") +
                            binaryText));
        auto* capacityEdit = find<QLineEdit>(&window, "whatIfCapacityLineEdit");
        QVERIFY2(capacityEdit->text().endsWith(QStringLiteral("iB")),
                 qPrintable(capacityEdit->text()));
        // A field shows at most two decimals ("838.19 GiB", never "838.1903 GiB").
        static const QRegularExpression longDecimals(QStringLiteral("\\.\\d{3,}"));
        QVERIFY2(!longDecimals.match(capacityEdit->text()).hasMatch(),
                 qPrintable(capacityEdit->text()));
        // Showing other units asks nothing new: the request keeps its exact capacity.
        QCOMPARE(window.whatIfPanel()->request().constraints.capacity_bytes,
                 model->request().constraints.capacity_bytes);

        // A new window starts with the remembered choice.
        {
            raidadv::gui::setSizeUnits(SizeUnits::Decimal);
            MainWindow second;
            QVERIFY(find<QAction>(&second, "binaryUnitsAction")->isChecked());
            QCOMPARE(raidadv::gui::sizeUnits(), SizeUnits::Binary);
        }

        decimal->trigger();
        QCOMPARE(usable(), decimalUsable);
        QCOMPARE(compareCapacity(), decimalCompare);
        QCOMPARE(header(RecommendationsModel::MbPerSecondColumn), QStringLiteral("MB/s"));
        QVERIFY(detail->toPlainText().contains(QStringLiteral("MB/s")));
        QVERIFY(!detail->toPlainText().contains(QStringLiteral("MiB/s")));
        QCOMPARE(QSettings().value(QStringLiteral("view/sizeUnits")).toString(),
                 QStringLiteral("decimal"));
    }

    void chartAxesFollowTheUnits() {
        MainWindow window;
        QSignalSpy shown(&window, &MainWindow::recommendationsShown);
        window.openProject(QStringLiteral(RAID_RESOURCES_DIR) +
                           QStringLiteral("/examples/advisor-small-nas.json"));
        QVERIFY(shown.wait(kRunTimeoutMs));
        const raidadv::advisor::Result& result = window.recommendationsModel()->result();
        std::vector<raidadv::gui::NamedCandidate> top;
        for (std::size_t i = 0; i < result.ranked.size() && i < 5; ++i) {
            top.push_back({QStringLiteral("#%1").arg(i + 1), &result.ranked[i], i + 1});
        }
        QCOMPARE(raidadv::gui::throughputChart(result, 10).y_title, QStringLiteral("MB/s"));
        // Stripe units stay in KiB (controllers set them in powers of two).
        QCOMPARE(raidadv::gui::stripeChart(top).x_title, QStringLiteral("Stripe unit (KiB)"));
        raidadv::gui::setSizeUnits(SizeUnits::Binary);
        const raidadv::charts::BarChart bars = raidadv::gui::throughputChart(result, 10);
        QCOMPARE(bars.y_title, QStringLiteral("MiB/s"));
        QVERIFY(std::abs(bars.values.front() -
                         result.ranked.front().performance.mb_per_s * 1e6 / 1048576.0) < 1e-9);
        QCOMPARE(raidadv::gui::stripeChart(top).x_title, QStringLiteral("Stripe unit (KiB)"));
    }

    void coincidentCurvesAreNamedAndDashed() {
        using raidadv::charts::Series;
        raidadv::charts::Chart chart;
        std::vector<Series>& series = chart.series;
        series.resize(4);
        series[0].name = QStringLiteral("#1");
        series[1].name = QStringLiteral("#2");
        series[2].name = QStringLiteral("#3");
        series[3].name = QStringLiteral("#4");
        series[0].x = series[1].x = series[2].x = series[3].x = {1.0, 2.0};
        series[0].y = {0.5, 1.0};
        series[1].y = {0.5, 1.0 + 1e-13};  // the same curve, up to rounding
        series[2].y = {0.5, 1.1};
        series[3].y = {0.502, 1.005};  // covers #1 on the chart (within 1% of 0.5..1.1), not equal
        series[3].style = Series::Style::LineAndMarkers;
        raidadv::charts::mark_coincident_curves(chart);
        QCOMPARE(series[0].name, QStringLiteral("#1"));
        QCOMPARE(series[1].name, QStringLiteral("#2 (= #1)"));
        QVERIFY(series[1].style == Series::Style::DashedLine);
        QCOMPARE(series[2].name, QStringLiteral("#3"));
        QVERIFY(series[2].style == Series::Style::Line);
        QCOMPARE(series[3].name, QStringLiteral("#4 (\u2248 #1)"));
        QVERIFY(series[3].style == Series::Style::DashedLine);
        // A curve that covers a marked one names it as given, not with its own mark.
        Series fifth = series[3];
        fifth.name = QStringLiteral("#5");
        fifth.y = {0.512, 1.02};  // within 1% of #4, not of #1
        series.push_back(fifth);
        series[1].name = QStringLiteral("#2");
        series[3].name = QStringLiteral("#4");
        raidadv::charts::mark_coincident_curves(chart);
        QCOMPARE(series[4].name, QStringLiteral("#5 (\u2248 #4)"));
    }

    void everyHeaderAndMetricHasAToolTip() {
        MainWindow window;
        QSignalSpy shown(&window, &MainWindow::recommendationsShown);
        window.openProject(QStringLiteral(RAID_RESOURCES_DIR) +
                           QStringLiteral("/examples/advisor-small-nas.json"));
        QVERIFY(shown.wait(kRunTimeoutMs));
        QVERIFY(window.pinSelected());
        const QAbstractItemModel* models[] = {window.recommendationsModel(), window.resultsModel()};
        for (const QAbstractItemModel* model : models) {
            for (int c = 0; c < model->columnCount(); ++c) {
                const QString name = model->headerData(c, Qt::Horizontal).toString();
                const QString tip =
                    model->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString();
                QVERIFY2(!name.isEmpty() && tip.size() > 15,
                         qPrintable(name + QLatin1Char('|') + tip));
            }
        }
        const QTableWidget* compare = window.compareView()->table();
        QVERIFY(compare->rowCount() >= 8);
        for (int r = 0; r < compare->rowCount(); ++r) {
            QVERIFY2(compare->verticalHeaderItem(r)->toolTip().size() > 15,
                     qPrintable(compare->verticalHeaderItem(r)->text()));
        }
        for (int c = 0; c < compare->columnCount(); ++c) {
            QVERIFY(!compare->horizontalHeaderItem(c)->toolTip().isEmpty());
        }
        const QTextDocument* detail = find<QTextBrowser>(&window, "detailTextBrowser")->document();
        for (const char* metric : {"Drives", "Layout", "Controller", "Drive link", "Host", "Load",
                                   "IOPS", "MB/s", "Mean (ms)", "p95 (ms)", "Bottleneck", "Total",
                                   "Usable capacity", "Drive failures survived", "Rebuild time"}) {
            const QString tip = toolTipOf(detail, QString::fromLatin1(metric));
            QVERIFY2(tip.size() > 15 && !tip.startsWith(QLatin1Char('<')),
                     qPrintable(QString::fromLatin1(metric) + QStringLiteral(": ") + tip));
        }
    }

    void wizardCurrencyReachesEveryCost() {
        MainWindow window;
        QStringList errors;
        window.setErrorReporter(
            [&](const QString& title, const QString& message) { errors << title + message; });
        window.show();
        ProjectWizard* wizard = window.newProject();
        typeInto(find<QLineEdit>(wizard, "projectNameLineEdit"), QStringLiteral("Euro NAS"));
        clickNext(wizard);
        clickNext(wizard);
        typeInto(find<QLineEdit>(wizard, "capacityLineEdit"), QStringLiteral("2 TB"));
        clickNext(wizard);
        QCOMPARE(wizard->currentId(), int(ProjectWizard::BudgetPageId));
        auto* next = wizard->button(QWizard::NextButton);
        auto* currency = find<QLineEdit>(wizard, "currencyLineEdit");
        auto* currencyReason = find<QLabel>(wizard, "currencyReasonLabel");
        auto* rate = find<QLineEdit>(wizard, "usdPerCurrencyLineEdit");
        QCOMPARE(currency->text(), QStringLiteral("USD"));
        QVERIFY(!rate->isEnabled());  // dollars need no exchange rate
        typeInto(currency, QString());
        QVERIFY(!next->isEnabled());
        QVERIFY(currencyReason->isVisible());
        typeInto(currency, QStringLiteral("TOOLONGCODE"));
        QVERIFY(!next->isEnabled());
        QVERIFY2(currencyReason->text().contains(QStringLiteral("at most 8")),
                 qPrintable(currencyReason->text()));
        typeInto(currency, QStringLiteral("eur"));
        QVERIFY(rate->isEnabled());
        typeInto(rate, QStringLiteral("0"));
        QVERIFY(!next->isEnabled());
        QVERIFY(find<QLabel>(wizard, "usdPerCurrencyReasonLabel")->isVisible());
        typeInto(rate, QStringLiteral("1.25"));
        typeInto(find<QLineEdit>(wizard, "budgetLineEdit"), QStringLiteral("4000"));
        QVERIFY(next->isEnabled());
        const auto labels = wizard->currentPage()->findChildren<QLabel*>();
        QVERIFY(std::any_of(labels.begin(), labels.end(), [](const QLabel* l) {
            return l->text() == QStringLiteral("Bu&dget (EUR):");
        }));
        typeInto(find<QLineEdit>(wizard, "maxBaysLineEdit"), QStringLiteral("6"));
        clickNext(wizard);
        // Hardware: one drive model and two levels keep the search small.
        QTest::mouseClick(find<QRadioButton>(wizard, "restrictPartsRadioButton"), Qt::LeftButton,
                          {}, QPoint(8, 8));
        auto* levels = find<QListWidget>(wizard, "levelsListWidget");
        for (int i = 0; i < levels->count(); ++i) {
            const QString id = levels->item(i)->data(Qt::UserRole).toString();
            levels->item(i)->setCheckState(id == QStringLiteral("raid5") ? Qt::Checked
                                                                         : Qt::Unchecked);
        }
        auto* drives = find<QListWidget>(wizard, "drivesListWidget");
        for (int i = 0; i < drives->count(); ++i) {
            if (drives->item(i)->data(Qt::UserRole).toString() == QStringLiteral("wd-wd40efrx")) {
                drives->item(i)->setCheckState(Qt::Checked);
            }
        }
        clickNext(wizard);
        QCOMPARE(wizard->currentId(), int(ProjectWizard::ReviewPageId));
        const QString review = find<QTextBrowser>(wizard, "reviewTextBrowser")->toPlainText();
        QVERIFY2(review.contains(QStringLiteral("4,000 EUR")) ||
                     review.contains(QStringLiteral("4000 EUR")),
                 qPrintable(review));
        QSignalSpy finished(&window, &MainWindow::runFinished);
        QTest::mouseClick(wizard->button(QWizard::FinishButton), Qt::LeftButton);
        QVERIFY(finished.wait(kRunTimeoutMs));
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));

        RecommendationsModel* model = window.recommendationsModel();
        QVERIFY(model->rowCount() >= 1);
        QCOMPARE(model->request().constraints.currency, std::string("EUR"));
        QCOMPARE(model->request().constraints.budget_usd, 5000.0);  // 4000 EUR x 1.25
        QCOMPARE(model->headerData(RecommendationsModel::CostColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Cost\n(EUR)"));
        for (int row = 0; row < model->rowCount(); ++row) {
            const QString cost =
                model->index(row, RecommendationsModel::CostColumn).data().toString();
            QVERIFY2(cost.endsWith(QStringLiteral(" EUR")), qPrintable(cost));
            const double shown =
                QString(cost).remove(QStringLiteral(" EUR")).remove(QLatin1Char(',')).toDouble();
            const double usd = model->candidateAt(row)->assessment.total_usd;
            QVERIFY2(std::abs(shown - usd / 1.25) <= 1.0, qPrintable(cost));
        }
        QVERIFY(find<QTextBrowser>(&window, "detailTextBrowser")
                    ->toPlainText()
                    .contains(QStringLiteral(" EUR")));
        QVERIFY(window.pinSelected());
        const QTableWidget* compare = window.compareView()->table();
        const int costRow = compareRow(compare, QStringLiteral("Cost (EUR)"));
        QVERIFY(costRow >= 0);
        QVERIFY(compare->item(costRow, 0)->text().endsWith(QStringLiteral(" EUR")));
        const raidadv::charts::Chart cost =
            raidadv::gui::costChart(model->result(), 0, model->request());
        QCOMPARE(cost.x_title, QStringLiteral("Cost (EUR)"));
        // What-if shows the budget in euros and keeps it exact in dollars.
        QCOMPARE(find<QLineEdit>(&window, "whatIfBudgetLineEdit")->text(), QStringLiteral("4000"));
        QCOMPARE(window.whatIfPanel()->request().constraints.budget_usd, 5000.0);
        typeInto(find<QLineEdit>(&window, "whatIfBudgetLineEdit"), QStringLiteral("3000"));
        QCOMPARE(window.whatIfPanel()->request().constraints.budget_usd, 3750.0);
    }

    void wizardPageWalkedWithTabReachesNext() {
        MainWindow window;
        window.show();
        ProjectWizard* wizard = window.newProject();
        QVERIFY(QTest::qWaitForWindowActive(wizard));
        auto* name = find<QLineEdit>(wizard, "projectNameLineEdit");
        name->setFocus();
        QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(name));
        QStringList visited;
        QAbstractButton* next = wizard->button(QWizard::NextButton);
        for (int i = 0; i < 40 && QApplication::focusWidget() != next; ++i) {
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
            visited << QApplication::focusWidget()->objectName();
        }
        QVERIFY2(QApplication::focusWidget() == next, qPrintable(visited.join(QLatin1Char(','))));
        // Logical order: down the page, fields before the wizard's buttons.
        const qsizetype read = visited.indexOf(QStringLiteral("readPercentLineEdit"));
        const qsizetype concurrency = visited.indexOf(QStringLiteral("concurrencyLineEdit"));
        QVERIFY2(read >= 0 && concurrency > read, qPrintable(visited.join(QLatin1Char(','))));
        QTest::keyClick(next, Qt::Key_Space);
        QCOMPARE(wizard->currentId(), int(ProjectWizard::SizesPageId));
        // Every page's widgets are reachable: walking the Sizes page also reaches Next.
        visited.clear();
        for (int i = 0; i < 60 && QApplication::focusWidget() != next; ++i) {
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
            visited << QApplication::focusWidget()->objectName();
        }
        QVERIFY2(QApplication::focusWidget() == next, qPrintable(visited.join(QLatin1Char(','))));
        // The remaining pages too, each left with Next pressed by keyboard.
        for (int page = 0; page < 3; ++page) {
            QTest::keyClick(next, Qt::Key_Space);
            visited.clear();
            for (int i = 0; i < 60 && QApplication::focusWidget() != next; ++i) {
                QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
                visited << QApplication::focusWidget()->objectName();
            }
            QVERIFY2(QApplication::focusWidget() == next,
                     qPrintable(visited.join(QLatin1Char(','))));
        }
    }

    void mnemonicsOfTheMainWindowAreUnique() {
        MainWindow window;
        QStringList texts;
        for (QAction* menu : window.menuBar()->actions()) {
            texts << menu->text();
        }
        for (const char* name : {"mainTabWidget", "detailTabWidget"}) {
            auto* tabs = find<QTabWidget>(&window, name);
            for (int i = 0; i < tabs->count(); ++i) {
                texts << tabs->tabText(i);
            }
        }
        texts << find<QPushButton>(&window, "pinPushButton")->text();
        QSet<QChar> keys;
        for (const QString& text : texts) {
            const QString plain = QString(text).replace(QStringLiteral("&&"), QString());
            const qsizetype at = plain.indexOf(QLatin1Char('&'));
            QVERIFY2(at >= 0 && at + 1 < plain.size(), qPrintable(text));  // every one has one
            const QChar key = plain.at(at + 1).toLower();
            QVERIFY2(!keys.contains(key), qPrintable(text));  // Alt+key is not ambiguous
            keys.insert(key);
        }
    }

    void rankingRowChosenWithTheKeyboard() {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QSignalSpy shown(&window, &MainWindow::recommendationsShown);
        window.openProject(QStringLiteral(RAID_RESOURCES_DIR) +
                           QStringLiteral("/examples/advisor-small-nas.json"));
        QVERIFY(shown.wait(kRunTimeoutMs));
        auto* table = find<QTableView>(&window, "recommendationsTableView");
        QVERIFY(window.recommendationsModel()->rowCount() >= 3);
        // Reached with Tab from the tab bar of the result tabs.
        auto* tabs = find<QWidget>(&window, "mainTabWidget");
        tabs->setFocus();
        for (int i = 0; i < 30 && QApplication::focusWidget() != table; ++i) {
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        }
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(table));
        QCOMPARE(table->currentIndex().row(), 0);
        QTest::keyClick(table, Qt::Key_Down);
        QTest::keyClick(table, Qt::Key_Down);
        QCOMPARE(table->currentIndex().row(), 2);
        QVERIFY(table->selectionModel()->isRowSelected(2, {}));
        auto* detail = find<QTextBrowser>(&window, "detailTextBrowser");
        QVERIFY2(detail->toPlainText().startsWith(QStringLiteral("Rank 3: ")),
                 qPrintable(detail->toPlainText().left(80)));
        // Alt+P pins it (the button's mnemonic).
        auto* pin = find<QPushButton>(&window, "pinPushButton");
        QCOMPARE(pin->shortcut(), QKeySequence(Qt::ALT | Qt::Key_P));
        QTest::keyClick(table, Qt::Key_P, Qt::AltModifier);
        QTRY_COMPARE(window.compareView()->pinCount(), 1);  // a mnemonic animates the click
        QCOMPARE(window.compareView()->pinnedNames().front(),
                 window.recommendationsModel()->candidateAt(2)->system.name);
        // Alt+C shows the Compare tab.
        QTest::keyClick(table, Qt::Key_C, Qt::AltModifier);
        QCOMPARE(find<QTabWidget>(&window, "mainTabWidget")->currentWidget(),
                 static_cast<QWidget*>(window.compareView()));
        QTest::keyClick(&window, Qt::Key_R, Qt::AltModifier);
        QCOMPARE(find<QTabWidget>(&window, "mainTabWidget")->currentIndex(), 0);
        // Alt+A shows the detail pane's charts.
        QTest::keyClick(table, Qt::Key_A, Qt::AltModifier);
        QCOMPARE(find<QTabWidget>(&window, "detailTabWidget")->currentIndex(), 1);
        QTest::keyClick(table, Qt::Key_Home, Qt::ControlModifier);
        QCOMPARE(table->currentIndex().row(), 0);
    }
};

int runUnitsKeyboardTests(int argc, char** argv) {
    UnitsKeyboardTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_units_keyboard.moc"
