// Invalid project files opened in the main window: each must show one visible error whose
// message names the field, and leave the window as it was (the project, its results, the title
// and the status line). The hardening table of tests/hardening/test_cli_invalid.cpp, in the GUI.
#include "gui_test_support.h"

#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>
#include <vector>

#include "main_window.h"
#include "results_model.h"

using raidadv::gui::MainWindow;

namespace {

using raidadv::guitest::kRunTimeoutMs;

// A valid project on bundled-catalog ids; the cases below are variations of it.
constexpr const char* kValid = R"({
  "format": "raid-advisor-project", "version": 1, "app_version": "0.1.0",
  "name": "GUI hardening project",
  "systems": [
    {"name": "RAID 10", "drive": "wd-wd40efrx", "layout": {"level": "raid10", "drives": 4},
     "controller": "linux-md", "host": "linux-nas-2024"}
  ],
  "workloads": [
    {"name": "w", "read_fraction": 0.7, "pattern": "random", "request_size": {"fixed_kib": 8},
     "concurrency": [1, 4]}
  ]
})";

struct Case {
    const char* what;
    QByteArray text;
    QString phrase;  ///< must appear in the reported message: names the field
};

QByteArray replaced(const char* from, const char* to) {
    QByteArray text(kValid);
    text.replace(from, to);
    return text;
}

std::vector<Case> cases() {
    return {
        {"truncated file", QByteArray(kValid).left(200), QStringLiteral("$: not valid JSON")},
        {"binary garbage",
         QByteArray("\x7f"
                    "ELF\x02\x01\x01\x00\xff\xfe",
                    10),
         QStringLiteral("$: not valid JSON")},
        {"NaN literal", replaced("\"read_fraction\": 0.7", "\"read_fraction\": NaN"),
         QStringLiteral("$: not valid JSON")},
        {"NaN as a string", replaced("\"read_fraction\": 0.7", "\"read_fraction\": \"NaN\""),
         QStringLiteral("Workload page, Reads (%): must be a number")},
        {"number beyond a double", replaced("\"read_fraction\": 0.7", "\"read_fraction\": 1e400"),
         QStringLiteral("number overflow")},
        // Named as the wizard names the field, in its unit (percent): not "0 to 1, got -1".
        {"negative read fraction", replaced("\"read_fraction\": 0.7", "\"read_fraction\": -1"),
         QStringLiteral(
             "Workload page, Reads (%): must be a number from 0 % to 100 %, got -100 %")},
        {"read fraction above 1", replaced("\"read_fraction\": 0.7", "\"read_fraction\": 1.5"),
         QStringLiteral("Workload page, Reads (%): must be a number from 0 % to 100 %, got 150 %")},
        {"wrong type", replaced("\"drives\": 4", "\"drives\": \"four\""),
         QStringLiteral("systems[0].layout.drives: must be a whole number")},
        {"missing field", replaced("\"read_fraction\": 0.7, ", ""),
         QStringLiteral("Workload page, Reads (%): missing required key")},
        {"absurd concurrency", replaced("[1, 4]", "[1, 1e12]"),
         QStringLiteral("Workload page, Outstanding requests: must be a whole number")},
        {"unknown drive id", replaced("wd-wd40efrx", "no-such-drive"),
         QStringLiteral("systems[0].drive: unknown catalog id 'no-such-drive'")},
        {"impossible layout",
         replaced("\"level\": \"raid10\", \"drives\": 4", "\"level\": \"raid5\", \"drives\": 2"),
         QStringLiteral("systems[0].layout.drives: raid5 needs at least 3 drives")},
        {"newer format version", replaced("\"version\": 1", "\"version\": 999"),
         QStringLiteral("version: made by a newer RAID Advisor 0.1.0: format version 999")},
    };
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& contents) {
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(contents) != contents.size()) {
        return {};
    }
    return path;
}

/// What the user sees of the window's state.
struct Seen {
    QString path;
    QString title;
    QString summary;
    int results = 0;
    QString firstSystem;

    static Seen of(const MainWindow& w) {
        Seen s;
        s.path = w.projectPath();
        s.title = w.windowTitle();
        if (const auto* label = w.findChild<QLabel*>(QStringLiteral("summaryLabel"))) {
            s.summary = label->text();
        }
        s.results = w.resultsModel()->rowCount();
        if (s.results > 0) {
            s.firstSystem = w.resultsModel()->index(0, 0).data().toString();
        }
        return s;
    }
    bool operator==(const Seen& o) const {
        return path == o.path && title == o.title && summary == o.summary && results == o.results &&
               firstSystem == o.firstSystem;
    }
};

}  // namespace

class InvalidProjectTest : public QObject {
    Q_OBJECT

  private slots:
    void invalidFilesShowTheFieldAndChangeNothing() {
        MainWindow window;
        std::vector<std::pair<QString, QString>> reported;
        window.setErrorReporter([&](const QString& title, const QString& message) {
            reported.emplace_back(title, message);
        });
        window.show();
        QTemporaryDir dir;
        QVERIFY(dir.isValid());

        const QString valid = writeFile(dir, QStringLiteral("valid.json"), kValid);
        QSignalSpy finished(&window, &MainWindow::runFinished);
        window.openProject(valid);
        QVERIFY(finished.wait(kRunTimeoutMs));
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        QVERIFY(reported.empty());
        const Seen before = Seen::of(window);
        QCOMPARE(before.path, valid);
        QVERIFY(before.results > 0);

        const std::vector<Case> table = cases();
        int index = 0;
        for (const Case& c : table) {
            const QString path =
                writeFile(dir, QStringLiteral("invalid-%1.json").arg(index++), c.text);
            QVERIFY(!path.isEmpty());
            reported.clear();
            finished.clear();
            QSignalSpy errors(&window, &MainWindow::errorReported);
            window.openProject(path);
            QVERIFY2(finished.wait(kRunTimeoutMs), c.what);
            QCOMPARE(finished.at(0).at(0).toBool(), false);
            // Exactly one visible error, through the reporter and the signal.
            QCOMPARE(errors.count(), 1);
            QCOMPARE(reported.size(), std::size_t{1});
            const QString message = reported.front().second;
            QVERIFY2(message.contains(c.phrase),
                     qPrintable(QStringLiteral("%1: expected '%2' in:\n%3")
                                    .arg(QString::fromLatin1(c.what), c.phrase, message)));
            QVERIFY2(!reported.front().first.isEmpty(), c.what);
            // Nothing changed: same project, results, title and status line.
            QVERIFY2(Seen::of(window) == before, c.what);
        }
    }
};

int runInvalidProjectTests(int argc, char** argv) {
    InvalidProjectTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_invalid_projects.moc"
