// File > Export report: the window writes the PDF of the advice it shows (A4 or Letter), and an
// unwritable path is reported, not crashed on, and leaves no file.

#include <QAction>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>

#include "main_window.h"

using raidadv::gui::MainWindow;

class ReportExportTest : public QObject {
    Q_OBJECT

  private slots:
    void exportsTheAdviceShown() {
        MainWindow window;
        QStringList errors;
        window.setErrorReporter(
            [&](const QString& title, const QString& message) { errors << title + message; });
        QVERIFY(window.findChild<QAction*>(QStringLiteral("exportReportAction")) != nullptr);
        QSignalSpy shown(&window, &MainWindow::recommendationsShown);
        window.openProject(QStringLiteral(RAID_RESOURCES_DIR) +
                           QStringLiteral("/examples/advisor-file-server-2007.json"));
        QVERIFY(shown.wait(60000));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("report.pdf"));
        QVERIFY(window.exportReportTo(path, false));
        QVERIFY(errors.isEmpty());
        QFile pdf(path);
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
        QVERIFY(pdf.size() > 20000);

        const QString bad = dir.filePath(QStringLiteral("no-such-folder/report.pdf"));
        QVERIFY(!window.exportReportTo(bad, true));
        QCOMPARE(errors.size(), 1);
        QVERIFY(errors.front().contains(QStringLiteral("cannot write")));
        QVERIFY(!QFile::exists(bad));
    }
};

QTEST_MAIN(ReportExportTest)
#include "test_report_export.moc"
