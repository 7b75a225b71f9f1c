// "What would it take?" from the results page: the button opens the dialog for the question
// the ranking answers, the fields are typed into, Find runs core's what_would_it_take off the UI
// thread, and the answer shown meets the target typed (two bundled examples); the fields take
// only what the core accepts.

#include <QDoubleSpinBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTextBrowser>
#include <QtTest>

#include "gui_test_support.h"
#include "main_window.h"
#include "recommendations_model.h"
#include "target_dialog.h"

using raidadv::gui::MainWindow;
using raidadv::gui::TargetDialog;
using raidadv::guitest::find;
using raidadv::guitest::kRunTimeoutMs;

namespace {

/// Opens `example` in `window` and waits for its ranking.
bool openExample(MainWindow& window, const char* example) {
    QSignalSpy shown(&window, &MainWindow::recommendationsShown);
    window.openProject(QStringLiteral(RAID_RESOURCES_DIR) + QStringLiteral("/examples/") +
                       QString::fromLatin1(example));
    return shown.wait(kRunTimeoutMs);
}

/// Presses the results page's button and returns the dialog it opened.
TargetDialog* openDialog(MainWindow& window) {
    auto* button = find<QPushButton>(&window, "whatWouldItTakePushButton");
    if (button == nullptr) {
        return nullptr;
    }
    QTest::mouseClick(button, Qt::LeftButton);
    return find<TargetDialog>(&window, "targetDialog");
}

/// Types `text` into a spin box as a person would.
void typeInto(QAbstractSpinBox* box, const QString& text) {
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Tab);
}

}  // namespace

class TargetDialogTest : public QObject {
    Q_OBJECT

  private slots:
    void findsTheCheapestChangeForTheSmallNas() {
        MainWindow window;
        window.setErrorReporter([](const QString&, const QString&) {});
        QVERIFY(openExample(window, "advisor-small-nas.json"));
        TargetDialog* dialog = openDialog(window);
        QVERIFY(dialog != nullptr);
        QVERIFY(dialog->isVisible());
        typeInto(find<QDoubleSpinBox>(dialog, "targetP95SpinBox"), QStringLiteral("160"));
        typeInto(find<QDoubleSpinBox>(dialog, "targetLoadFactorSpinBox"), QStringLiteral("2"));
        QCOMPARE(dialog->target().p95_s, 0.160);
        QCOMPARE(dialog->target().load_factor, 2.0);
        QSignalSpy answered(dialog, &TargetDialog::answered);
        QTest::mouseClick(find<QPushButton>(dialog, "findTargetPushButton"), Qt::LeftButton);
        QVERIFY(dialog->isRunning());  // off the UI thread: the click returned at once
        QVERIFY(answered.wait(kRunTimeoutMs));
        QCOMPARE(answered.front().front().toBool(), true);
        const raidadv::advisor::TargetAnswer& a = dialog->answer();
        QVERIFY(a.found);
        QVERIFY(a.cheapest.p95_s <= 0.160);
        // Today's pick is the ranking's first.
        QCOMPARE(a.today.system.name,
                 window.recommendationsModel()->result().ranked[0].system.name);
        const QString shown = find<QTextBrowser>(dialog, "targetAnswerBrowser")->toPlainText();
        QVERIFY(shown.contains(QStringLiteral("Cheapest that meets it")));
        QVERIFY(shown.contains(QString::fromStdString(a.cheapest.candidate.system.name)));
        QVERIFY(shown.contains(QStringLiteral("Runs out: capacity")));
    }

    void findsAnAnswerForTheArchive() {
        MainWindow window;
        window.setErrorReporter([](const QString&, const QString&) {});
        QVERIFY(openExample(window, "advisor-archive-1996-cost.json"));
        TargetDialog* dialog = openDialog(window);
        QVERIFY(dialog != nullptr);
        typeInto(find<QDoubleSpinBox>(dialog, "targetLoadFactorSpinBox"), QStringLiteral("2"));
        typeInto(find<QDoubleSpinBox>(dialog, "targetP95SpinBox"), QStringLiteral("1500"));
        QSignalSpy answered(dialog, &TargetDialog::answered);
        QVERIFY(dialog->find());
        QVERIFY(answered.wait(kRunTimeoutMs));
        QVERIFY(dialog->answer().found);
        QVERIFY(dialog->answer().cheapest.p95_s <= 1.5);
        // The fields take only what the core accepts: a negative load factor cannot be typed.
        auto* load = find<QDoubleSpinBox>(dialog, "targetLoadFactorSpinBox");
        typeInto(load, QStringLiteral("-3"));
        QVERIFY(load->value() >= raidadv::advisor::target_limits::kMinLoadFactor);
        QVERIFY(raidadv::advisor::check_target(dialog->target()).empty());
    }
};

QTEST_MAIN(TargetDialogTest)
#include "test_target_dialog.moc"
