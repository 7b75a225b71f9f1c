#pragma once
// Helpers shared by the Qt Test classes of test_gui: find a widget by object name, type into a
// line edit as a person would, and how long to wait for a run or a search.

#include <QLineEdit>
#include <QString>
#include <QWidget>
#include <QtTest>
#include <algorithm>

#include "layout/raid_level.h"

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

/// How many of an advisor result's ranked candidates are ZFS pools.
template <typename AdvisorResult>
long zfsRanked(const AdvisorResult& result) {
    return static_cast<long>(
        std::count_if(result.ranked.begin(), result.ranked.end(),
                      [](const auto& c) { return raidadv::is_zfs(c.system.layout.level); }));
}

}  // namespace raidadv::guitest
