// The What if panel's "RAID software" (issue 28): the wizard's choice of any, hardware RAID, Linux
// md or ZFS, chosen with the keyboard as a user would. A choice is an undoable edit of the
// project's advisor.raid_software that searches again; ZFS is offered only on a computer that
// runs it.
#include "gui_test_support.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QLocale>
#include <QSignalSpy>
#include <QStandardItem>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <algorithm>
#include <memory>

#include "layout/raid_level.h"
#include "main_window.h"
#include "project_document.h"
#include "recommendations_model.h"
#include "what_if_panel.h"

using raidadv::gui::MainWindow;
using Json = nlohmann::ordered_json;
using raidadv::guitest::kRunTimeoutMs;

class WhatIfRaidSoftwareTest : public QObject {
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

    void whatIfRaidSoftwareIsAnUndoableEdit() {
        // Issue 28: the what-if panel's "RAID software", chosen with the keyboard as a user
        // would. ZFS writes advisor.raid_software as one undo step named for the field, and the
        // search again keeps only ZFS pools (the search builds no other layout for it); undo
        // takes the key out and md arrays come back; redo chooses ZFS again.
        openAndWait(copyExample(QStringLiteral("advisor-zfs-nas.json")));
        const Json before = window_->document()->root();
        QVERIFY(!before["advisor"].contains("raid_software"));
        const auto pools = [this] {
            return raidadv::guitest::zfsRanked(window_->recommendationsModel()->result());
        };
        const auto rows = [this] {
            return static_cast<long>(window_->recommendationsModel()->result().ranked.size());
        };
        QVERIFY(pools() > 0);
        QVERIFY(pools() < rows());  // md arrays too: the choice has something to leave out

        auto* software =
            window_->findChild<QComboBox*>(QStringLiteral("whatIfRaidSoftwareComboBox"));
        QVERIFY(software != nullptr);
        QVERIFY(software->isVisibleTo(window_.get()));
        QCOMPARE(software->currentData().toString(), QStringLiteral("any"));
        QCOMPARE(software->count(), 4);
        QCOMPARE(software->itemData(software->count() - 1).toString(), QStringLiteral("zfs"));

        QSignalSpy shown(window_.get(), &MainWindow::recommendationsShown);
        software->setFocus();
        QTest::keyClick(software, Qt::Key_End);  // the last choice: ZFS (the NAS runs it)
        QCOMPARE(software->currentData().toString(), QStringLiteral("zfs"));
        QVERIFY(shown.wait(kRunTimeoutMs));
        QCOMPARE(window_->document()->undoStack()->count(), 1);
        QCOMPARE(window_->document()->undoStack()->undoText(),
                 QStringLiteral("Change RAID software"));
        Json expected = before;
        expected["advisor"]["raid_software"] = "zfs";
        QVERIFY2(window_->document()->root() == expected,
                 window_->document()->root().dump(1).c_str());
        QVERIFY(window_->recommendationsModel()->request().constraints.raid_software ==
                raidadv::advisor::RaidSoftware::Zfs);
        QVERIFY(window_->isWindowModified());
        QVERIFY(rows() > 0);
        QCOMPARE(pools(), rows());

        shown.clear();
        window_->findChild<QAction*>(QStringLiteral("undoAction"))->trigger();
        QVERIFY(shown.wait(kRunTimeoutMs));
        QCOMPARE(software->currentData().toString(), QStringLiteral("any"));
        QVERIFY(window_->document()->root() == before);
        QVERIFY(window_->recommendationsModel()->request().constraints.raid_software ==
                raidadv::advisor::RaidSoftware::Any);
        QVERIFY(pools() > 0);
        QVERIFY(pools() < rows());
        QVERIFY(!window_->isWindowModified());

        shown.clear();
        window_->findChild<QAction*>(QStringLiteral("redoAction"))->trigger();
        QVERIFY(shown.wait(kRunTimeoutMs));
        QCOMPARE(software->currentData().toString(), QStringLiteral("zfs"));
        QVERIFY(window_->document()->root() == expected);
        QCOMPARE(pools(), rows());
    }

    void whatIfMdBitmapIsAnUndoableEdit() {
        // The what-if panel's "md write-intent bitmap": None writes advisor.md_bitmap as one
        // undo step, every md array of the new search is built without one (the build plan's
        // --bitmap=none) and the md pick writes faster; undo takes the key out again.
        openAndWait(copyExample(QStringLiteral("advisor-small-nas.json")));
        const Json before = window_->document()->root();
        QVERIFY(!before["advisor"].contains("md_bitmap"));
        const auto& result = [this]() -> const raidadv::advisor::Result& {
            return window_->recommendationsModel()->result();
        };
        QVERIFY(!result().ranked.empty());
        const raidadv::System pickBefore = result().ranked.front().system;
        QVERIFY(pickBefore.layout.md_bitmap == raidadv::MdBitmap::Auto);
        const double iopsBefore = result().ranked.front().performance.throughput;

        auto* bitmap = window_->findChild<QComboBox*>(QStringLiteral("whatIfMdBitmapComboBox"));
        QVERIFY(bitmap != nullptr);
        QVERIFY(bitmap->isVisibleTo(window_.get()));
        QCOMPARE(bitmap->currentData().toString(), QStringLiteral("auto"));
        QCOMPARE(bitmap->count(), 3);

        QSignalSpy shown(window_.get(), &MainWindow::recommendationsShown);
        bitmap->setFocus();
        QTest::keyClick(bitmap, Qt::Key_End);  // the last choice: none
        QCOMPARE(bitmap->currentData().toString(), QStringLiteral("none"));
        QVERIFY(shown.wait(kRunTimeoutMs));
        QCOMPARE(window_->document()->undoStack()->count(), 1);
        QCOMPARE(window_->document()->undoStack()->undoText(),
                 QStringLiteral("Change md write-intent bitmap"));
        Json expected = before;
        expected["advisor"]["md_bitmap"] = "none";
        QVERIFY2(window_->document()->root() == expected,
                 window_->document()->root().dump(1).c_str());
        QVERIFY(!result().ranked.empty());
        for (const auto& c : result().ranked) {
            QVERIFY(c.system.layout.md_bitmap == raidadv::MdBitmap::None);
        }
        // The small NAS's pick (md RAID 6, 20% writes) is faster without the bitmap's updates.
        QVERIFY(result().ranked.front().performance.throughput > iopsBefore);

        shown.clear();
        window_->findChild<QAction*>(QStringLiteral("undoAction"))->trigger();
        QVERIFY(shown.wait(kRunTimeoutMs));
        QCOMPARE(bitmap->currentData().toString(), QStringLiteral("auto"));
        QVERIFY(window_->document()->root() == before);
        QVERIFY(result().ranked.front().system.layout.md_bitmap == raidadv::MdBitmap::Auto);
        QVERIFY(!window_->isWindowModified());
    }

    void whatIfOffersTheMdBitmapOnlyWhereTheUserBuildsMd() {
        // On a Synology the storage manager builds the md arrays with its own bitmap (the build
        // plan names no mdadm option): the choice is shown but disabled, and says why. On the
        // Linux server of the small NAS example it is a choice (the test above).
        const QString path = copyExample(QStringLiteral("advisor-small-nas.json"));
        Json project;
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            project = Json::parse(file.readAll().toStdString());
        }
        project["advisor"]["host"] = "synology-ds923plus";
        project["advisor"].erase("owned_controller");
        project["advisor"]["allowed"].erase("controllers");
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write(QByteArray::fromStdString(project.dump(2)));
        }
        openAndWait(path);
        auto* bitmap = window_->findChild<QComboBox*>(QStringLiteral("whatIfMdBitmapComboBox"));
        QVERIFY(bitmap != nullptr);
        QVERIFY(bitmap->isVisibleTo(window_.get()));
        QVERIFY(!bitmap->isEnabled());
        QVERIFY2(bitmap->toolTip().contains(QStringLiteral("storage manager")),
                 qPrintable(bitmap->toolTip()));
        // The RAID software choice beside it still works.
        auto* software =
            window_->findChild<QComboBox*>(QStringLiteral("whatIfRaidSoftwareComboBox"));
        QVERIFY(software != nullptr && software->isEnabled());

        openAndWait(copyExample(QStringLiteral("advisor-small-nas.json")));
        QVERIFY(bitmap->isEnabled());
        QVERIFY(bitmap->toolTip().contains(QStringLiteral("mdadm --bitmap")));
    }

    void whatIfOffersZfsOnlyOnAComputerThatRunsIt() {
        // The 2007 file server's computer runs no ZFS: its choice is there but disabled (as the
        // wizard refuses it), so End stops at Linux md; hardware RAID leaves out independent
        // drives.
        openAndWait(copyExample(QStringLiteral("advisor-file-server-2007.json")));
        auto* software =
            window_->findChild<QComboBox*>(QStringLiteral("whatIfRaidSoftwareComboBox"));
        QVERIFY(software != nullptr);
        const auto* items = qobject_cast<const QStandardItemModel*>(software->model());
        QVERIFY(items != nullptr);
        const QStandardItem* zfs = items->item(software->findData(QStringLiteral("zfs")));
        QVERIFY(zfs != nullptr);
        QVERIFY(!zfs->isEnabled());
        QVERIFY(zfs->toolTip().contains(QStringLiteral("does not run ZFS")));

        QSignalSpy shown(window_.get(), &MainWindow::recommendationsShown);
        software->setFocus();
        QTest::keyClick(software, Qt::Key_End);
        QCOMPARE(software->currentData().toString(), QStringLiteral("md"));
        QVERIFY(shown.wait(kRunTimeoutMs));
        QVERIFY(window_->document()->root()["advisor"]["raid_software"] == Json("md"));
        // md wants plain drives; the controller the project owns is the chipset's RAID: nothing
        // is left, and the search says why.
        const raidadv::advisor::Result& md = window_->recommendationsModel()->result();
        QVERIFY(md.ranked.empty());
        QVERIFY(md.stats.rejected.count("controller does not suit the chosen RAID software (md)") ==
                1);

        shown.clear();
        QTest::keyClick(software, Qt::Key_Up);  // the chipset's own RAID: RAID levels only
        QCOMPARE(software->currentData().toString(), QStringLiteral("hardware"));
        QVERIFY(shown.wait(kRunTimeoutMs));
        QVERIFY(window_->document()->root()["advisor"]["raid_software"] == Json("hardware"));
        const auto& ranked = window_->recommendationsModel()->result().ranked;
        QVERIFY(!ranked.empty());
        for (const auto& c : ranked) {
            QVERIFY(c.system.layout.level != raidadv::RaidLevel::Simple);
            QVERIFY(!raidadv::is_zfs(c.system.layout.level));
        }
        QCOMPARE(window_->document()->undoStack()->count(), 2);
    }

  private:
    QString copyExample(const QString& name) { return raidadv::guitest::copyExample(dir_, name); }

    void openAndWait(const QString& path) {
        raidadv::guitest::openAndWait(*window_, path, errors_);
    }

    QTemporaryDir dir_;
    std::unique_ptr<MainWindow> window_;
    std::vector<QString> errors_;
};

int runWhatIfRaidSoftwareTests(int argc, char** argv) {
    WhatIfRaidSoftwareTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_what_if_raid_software.moc"
