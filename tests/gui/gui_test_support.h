#pragma once
// Helpers shared by the Qt Test classes of test_gui: find a widget by object name, type into a
// line edit as a person would, and how long to wait for a run or a search.

#include <QFile>
#include <QLineEdit>
#include <QSignalSpy>
#include <QString>
#include <QTemporaryDir>
#include <QWidget>
#include <QtTest>
#include <algorithm>
#include <memory>
#include <vector>

#include "layout/raid_level.h"
#include "main_window.h"
#include "what_if_panel.h"

namespace raidadv::guitest {

/// Longest wait for a project run or an advisor search (the whole-catalog search takes ~1 s;
/// under ASan + UBSan several times longer, more on a busy machine: tests/gui/CMakeLists.txt).
#ifndef RAID_GUI_RUN_TIMEOUT_MS
#define RAID_GUI_RUN_TIMEOUT_MS 60000
#endif
constexpr int kRunTimeoutMs = RAID_GUI_RUN_TIMEOUT_MS;

/// The child of `parent` named `name`, or null with a warning naming it.
template <typename T>
T* find(QWidget* parent, const char* name) {
    T* widget = parent->findChild<T*>(QString::fromLatin1(name));
    if (widget == nullptr) {
        qWarning("no widget named %s", name);
    }
    return widget;
}

/// Replaces the text of a line edit by typing, as a person would.
inline void typeInto(QLineEdit* edit, const QString& text) {
    edit->setFocus();
    edit->selectAll();
    if (text.isEmpty()) {
        QTest::keyClick(edit, Qt::Key_Delete);
    } else {
        QTest::keyClicks(edit, text);
    }
}

/// A shown main window for a test: its error dialogs go to `errors`, its questions are answered
/// Cancel, and what-if edits search at once.
inline std::unique_ptr<raidadv::gui::MainWindow> testWindow(std::vector<QString>& errors) {
    using raidadv::gui::MainWindow;
    auto window = std::make_unique<MainWindow>();
    errors.clear();
    window->setErrorReporter([&errors](const QString& title, const QString& message) {
        errors.push_back(title + QLatin1Char('\n') + message);
    });
    window->setAsker(
        [](MainWindow::Question, const QString&) { return MainWindow::Answer::Cancel; });
    window->whatIfPanel()->setSearchDelay(0);
    window->show();
    return window;
}

/// Opens `path` in `window` and waits for its run, which must succeed (else the first error
/// `window` reported is the failure message).
inline void openAndWait(raidadv::gui::MainWindow& window, const QString& path,
                        const std::vector<QString>& errors) {
    QSignalSpy finished(&window, &raidadv::gui::MainWindow::runFinished);
    window.openProject(path);
    QVERIFY(finished.wait(kRunTimeoutMs));
    QVERIFY2(finished.at(0).at(0).toBool(),
             qPrintable(errors.empty() ? QString() : errors.front()));
    QVERIFY(window.document() != nullptr);
}

#ifdef RAID_RESOURCES_DIR  // (defined for the test targets that read the bundled examples)
/// A writable copy in `dir` of the bundled example `name` (edits mark it modified; the bundled
/// file is never touched).
inline QString copyExample(const QTemporaryDir& dir, const QString& name) {
    const QString path = dir.filePath(name);
    QFile::remove(path);
    if (!QFile::copy(QStringLiteral(RAID_RESOURCES_DIR "/examples/") + name, path)) {
        qWarning("cannot copy %s", qPrintable(name));
    }
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    return path;
}
#endif

/// How many of an advisor result's ranked candidates are ZFS pools.
template <typename AdvisorResult>
long zfsRanked(const AdvisorResult& result) {
    return static_cast<long>(
        std::count_if(result.ranked.begin(), result.ranked.end(),
                      [](const auto& c) { return raidadv::is_zfs(c.system.layout.level); }));
}

}  // namespace raidadv::guitest
