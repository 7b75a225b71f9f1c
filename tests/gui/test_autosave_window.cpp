// Autosave as two running copies and a read-only folder see it: two windows (as two running
// copies of the program) open one project and both edit it without either being offered a
// "recovery" of the other's live work; a project in a read-only folder (the bundled examples)
// is opened, edited and autosaved without anything appearing next to it. CI runs as root, where
// a read-only folder can still be written: the folder's listing is what is checked.
#include "gui_test_support.h"

#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>

#include "main_window.h"
#include "project_document.h"

using raidadv::document::ProjectDocument;
using raidadv::gui::MainWindow;

namespace {

using raidadv::guitest::kRunTimeoutMs;

/// A window whose questions are counted (never answered with Recover).
struct Window {
    std::unique_ptr<MainWindow> window = std::make_unique<MainWindow>();
    int recoveryOffers = 0;
    QStringList errors;

    Window() {
        window->setErrorReporter(
            [this](const QString& title, const QString& message) { errors << title + message; });
        window->setAsker([this](MainWindow::Question q, const QString&) {
            recoveryOffers += q == MainWindow::Question::RecoverAutosave ? 1 : 0;
            return MainWindow::Answer::Discard;
        });
        window->setAutosaveInterval(20);
        window->show();
    }

    bool open(const QString& path) {
        QSignalSpy finished(window.get(), &MainWindow::runFinished);
        window->openProject(path);
        return finished.wait(kRunTimeoutMs) && finished.at(0).at(0).toBool();
    }

    /// Types `bays` into the what-if panel's drive bays and waits for its autosave.
    bool editAndAutosave(const QString& bays) {
        auto* edit = window->findChild<QLineEdit*>(QStringLiteral("whatIfBaysLineEdit"));
        if (edit == nullptr) {
            return false;
        }
        edit->setFocus();
        edit->selectAll();
        QTest::keyClicks(edit, bays);
        // The edit is recorded after the panel's search delay; then the timer writes it.
        return QTest::qWaitFor(
            [&] {
                return window->document() != nullptr && window->document()->isModified() &&
                       QFile::exists(window->document()->autosavePath());
            },
            10000);
    }
};

QStringList filesIn(const QString& dir) {
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
}

}  // namespace

class AutosaveWindowTest : public QObject {
    Q_OBJECT

  private slots:
    void twoRunningCopiesOfOneProjectAskNoRecovery() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("shared.json"));
        QVERIFY(QFile::copy(QStringLiteral(RAID_RESOURCES_DIR "/examples/advisor-small-nas.json"),
                            path));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);

        Window first;
        QVERIFY(first.open(path));
        QVERIFY(first.editAndAutosave(QStringLiteral("7")));

        // The second copy opens the project while the first has unsaved, autosaved work.
        Window second;
        QVERIFY(second.open(path));
        QCOMPARE(second.recoveryOffers, 0);
        QVERIFY(second.editAndAutosave(QStringLiteral("9")));
        QVERIFY(first.window->document()->autosavePath() !=
                second.window->document()->autosavePath());
        // Each copy's autosave holds its own edit; the first copy's file was not taken over.
        QVERIFY(QFile::exists(first.window->document()->autosavePath()));
        QCOMPARE(first.recoveryOffers, 0);
        QVERIFY2(first.errors.isEmpty() && second.errors.isEmpty(),
                 qPrintable((first.errors + second.errors).join(QLatin1Char('\n'))));
        QCOMPARE(filesIn(dir.path()), QStringList{QStringLiteral("shared.json")});

        // A third copy opened while both live is offered nothing either.
        Window third;
        QVERIFY(third.open(path));
        QCOMPARE(third.recoveryOffers, 0);

        // Closing with Discard removes each copy's own autosave.
        const QString firstAutosave = first.window->document()->autosavePath();
        const QString secondAutosave = second.window->document()->autosavePath();
        QVERIFY(first.window->closeProject());
        QVERIFY(second.window->closeProject());
        QVERIFY(!QFile::exists(firstAutosave));
        QVERIFY(!QFile::exists(secondAutosave));
    }

    void readOnlyExampleIsNeverWrittenNextTo() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString folder = dir.filePath(QStringLiteral("examples"));
        QVERIFY(QDir().mkpath(folder));
        const QString path = folder + QStringLiteral("/advisor-small-nas.json");
        QVERIFY(QFile::copy(QStringLiteral(RAID_RESOURCES_DIR "/examples/advisor-small-nas.json"),
                            path));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther);
        QFile::setPermissions(folder, QFile::ReadOwner | QFile::ExeOwner | QFile::ReadGroup |
                                          QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther);
        const QStringList before = filesIn(folder);
        QFile original(path);
        QVERIFY(original.open(QIODevice::ReadOnly));
        const QByteArray bytes = original.readAll();
        original.close();

        Window window;
        QVERIFY(window.open(path));
        QVERIFY(window.editAndAutosave(QStringLiteral("6")));
        const QString autosave = window.window->document()->autosavePath();
        QVERIFY2(autosave.startsWith(ProjectDocument::autosaveDir()), qPrintable(autosave));
        QVERIFY2(window.errors.isEmpty(), qPrintable(window.errors.join(QLatin1Char('\n'))));
        QCOMPARE(filesIn(folder), before);
        QVERIFY(original.open(QIODevice::ReadOnly));
        QCOMPARE(original.readAll(), bytes);
        original.close();
        QVERIFY(window.window->closeProject());  // Discard
        QVERIFY(!QFile::exists(autosave));
        QCOMPARE(filesIn(folder), before);
        QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
};

int runAutosaveWindowTests(int argc, char** argv) {
    AutosaveWindowTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_autosave_window.moc"
