// The catalog editor driven like a person would: Tools > Catalog... from the main window, typing a
// filter, sorting by a column, adding an entry through the form (a bad value first: the reason
// shows beside the field), importing CSV with bad rows (the report lists them), and the rest of
// the application seeing the new entries. The user catalog is a throw-away file; the bundled
// catalog is the one built next to the test executable.

#include <QAction>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "catalog_choices.h"
#include "catalog_editor.h"
#include "catalog_entry_dialog.h"
#include "catalog_table_model.h"
#include "main_window.h"
#include "user_catalog.h"

using raidadv::CatalogKind;
using raidadv::gui::CatalogEditor;
using raidadv::gui::CatalogEntryDialog;

class TestCatalogEditor : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    std::unique_ptr<raidadv::gui::MainWindow> window_;
    CatalogEditor* editor_ = nullptr;

    static void typeInto(QLineEdit* edit, const QString& text) {
        QVERIFY(edit != nullptr);
        edit->selectAll();
        QTest::keyClick(edit, Qt::Key_Backspace);
        QTest::keyClicks(edit, text);
    }

    static int columnOf(const raidadv::gui::CatalogTableModel* model, const char* name) {
        for (int c = 0; c < model->columnCount(); ++c) {
            const auto& columns = model->columns();
            if (c > 0 && columns[static_cast<std::size_t>(c - 1)].name == name) {
                return c;
            }
        }
        return -1;
    }

    CatalogEntryDialog* openDialog() {
        QTest::mouseClick(editor_->findChild<QPushButton*>(QStringLiteral("addEntryButton")),
                          Qt::LeftButton);
        return editor_->findChild<CatalogEntryDialog*>(QStringLiteral("catalogEntryDialog"));
    }

  private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        raidadv::gui::setUserCatalogPath(dir_.filePath(QStringLiteral("user-catalog.db")));
        window_ = std::make_unique<raidadv::gui::MainWindow>();
        window_->show();
        auto* action = window_->findChild<QAction*>(QStringLiteral("catalogAction"));
        QVERIFY(action != nullptr);
        action->trigger();
        editor_ = window_->findChild<CatalogEditor*>(QStringLiteral("catalogEditor"));
        QVERIFY(editor_ != nullptr);
        QVERIFY(editor_->isVisible());
        QVERIFY(editor_->isWindow());
        QVERIFY(!editor_->isModal());
        editor_->setConfirm([](const QString&) { return true; });
    }

    void filtersAndSorts() {
        editor_->setCurrentKind(CatalogKind::Drives);
        QSortFilterProxyModel* proxy = editor_->proxy(CatalogKind::Drives);
        const int all = proxy->rowCount();
        QVERIFY(all > 20);
        auto* filter = editor_->findChild<QLineEdit*>(QStringLiteral("drivesFilterLineEdit"));
        typeInto(filter, QStringLiteral("seagate"));
        const int seagate = proxy->rowCount();
        QVERIFY(seagate > 0);
        QVERIFY(seagate < all);
        for (int r = 0; r < seagate; ++r) {
            bool found = false;
            for (int c = 0; c < proxy->columnCount(); ++c) {
                found = found || proxy->index(r, c).data().toString().contains(
                                     QStringLiteral("seagate"), Qt::CaseInsensitive);
            }
            QVERIFY(found);
        }
        typeInto(filter, QString());
        QCOMPARE(proxy->rowCount(), all);

        // Units in the headers; numeric sort on capacity.
        const auto* model = editor_->model(CatalogKind::Drives);
        const int capacity = columnOf(model, "capacity_gb");
        QVERIFY(capacity > 0);
        QCOMPARE(model->headerData(capacity, Qt::Horizontal).toString(),
                 QStringLiteral("Capacity (GB)"));
        editor_->tableView(CatalogKind::Drives)->sortByColumn(capacity, Qt::AscendingOrder);
        for (int r = 1; r < proxy->rowCount(); ++r) {
            QVERIFY(proxy->index(r - 1, capacity).data().toString().toDouble() <=
                    proxy->index(r, capacity).data().toString().toDouble());
        }
        // A bundled row is read-only.
        editor_->tableView(CatalogKind::Drives)->selectRow(0);
        QVERIFY(!editor_->findChild<QPushButton*>(QStringLiteral("editEntryButton"))->isEnabled());
        QVERIFY(
            !editor_->findChild<QPushButton*>(QStringLiteral("deleteEntryButton"))->isEnabled());
        QCOMPARE(proxy->index(0, 0).data().toString(), QStringLiteral("bundled"));
        editor_->tableView(CatalogKind::Drives)->clearSelection();
        editor_->tableView(CatalogKind::Drives)->sortByColumn(-1, Qt::AscendingOrder);
    }

    void addsAnEntryThroughTheForm() {
        editor_->setCurrentKind(CatalogKind::Links);
        editor_->tableView(CatalogKind::Links)->clearSelection();
        const int before = editor_->proxy(CatalogKind::Links)->rowCount();
        CatalogEntryDialog* dialog = openDialog();
        QVERIFY(dialog != nullptr);
        QVERIFY(dialog->isVisible());
        auto field = [&](const char* name) {
            return dialog->findChild<QLineEdit*>(QString::fromLatin1(name) +
                                                 QStringLiteral("LineEdit"));
        };
        typeInto(field("id"), QStringLiteral("my-test-link"));
        typeInto(field("name"), QStringLiteral("My test link"));
        typeInto(field("vendor"), QStringLiteral("Me"));
        typeInto(field("bandwidth_mb_s"), QStringLiteral("fast"));
        typeInto(field("command_overhead_us"), QStringLiteral("4"));
        typeInto(field("shared"), QStringLiteral("no"));
        typeInto(field("max_devices"), QStringLiteral("1"));
        typeInto(field("source"), QStringLiteral("my own measurement"));
        auto* ok = dialog->findChild<QDialogButtonBox*>(QStringLiteral("entryButtonBox"))
                       ->button(QDialogButtonBox::Ok);
        QTest::mouseClick(ok, Qt::LeftButton);
        // Refused: the reason is shown beside the field it names, the dialog stays.
        QVERIFY(dialog->isVisible());
        auto* reason = dialog->findChild<QLabel*>(QStringLiteral("bandwidth_mb_sReasonLabel"));
        QVERIFY(reason != nullptr);
        QVERIFY(reason->isVisible());
        QVERIFY2(reason->text().contains(QStringLiteral("between")), qPrintable(reason->text()));
        QVERIFY(!dialog->findChild<QLabel*>(QStringLiteral("nameReasonLabel"))->isVisible());
        if (const QString shots = qEnvironmentVariable("RAID_GUI_SHOTS"); !shots.isEmpty()) {
            QTest::qWait(50);
            dialog->grab().save(shots + QStringLiteral("/catalog-entry-invalid.png"));
        }
        QCOMPARE(editor_->proxy(CatalogKind::Links)->rowCount(), before);

        typeInto(field("bandwidth_mb_s"), QStringLiteral("1500"));
        QTest::mouseClick(ok, Qt::LeftButton);
        QTRY_VERIFY(editor_->findChild<CatalogEntryDialog*>() == nullptr);  // closed, deleted
        QCOMPARE(editor_->proxy(CatalogKind::Links)->rowCount(), before + 1);
        auto* filter = editor_->findChild<QLineEdit*>(QStringLiteral("linksFilterLineEdit"));
        typeInto(filter, QStringLiteral("my-test"));
        QSortFilterProxyModel* proxy = editor_->proxy(CatalogKind::Links);
        QCOMPARE(proxy->rowCount(), 1);
        QCOMPARE(proxy->index(0, 0).data().toString(), QStringLiteral("user"));
        QCOMPARE(proxy->index(0, 1).data().toString(), QStringLiteral("my-test-link"));
        typeInto(filter, QString());

        // The rest of the application opens the layered catalog and finds it.
        const raidadv::Catalog layered = raidadv::gui::openLayeredCatalog(QString());
        QVERIFY(layered.link("my-test-link").has_value());
        QCOMPARE(layered.link("my-test-link")->bandwidth_Bps, 1500e6);
    }

    void editsAndDeletesAUserEntry() {
        editor_->setCurrentKind(CatalogKind::Links);
        const auto* model = editor_->model(CatalogKind::Links);
        QTableView* view = editor_->tableView(CatalogKind::Links);
        const int row =
            editor_->proxy(CatalogKind::Links)
                ->mapFromSource(model->index(model->rowOf(QStringLiteral("my-test-link")), 0))
                .row();
        view->selectRow(row);
        auto* edit = editor_->findChild<QPushButton*>(QStringLiteral("editEntryButton"));
        QVERIFY(edit->isEnabled());
        QTest::mouseClick(edit, Qt::LeftButton);
        auto* dialog = editor_->findChild<CatalogEntryDialog*>();
        QVERIFY(dialog != nullptr);
        QCOMPARE(dialog->field(QStringLiteral("bandwidth_mb_s"))->text(), QStringLiteral("1500"));
        typeInto(dialog->field(QStringLiteral("max_devices")), QStringLiteral("4"));
        dialog->accept();
        QTRY_VERIFY(editor_->findChild<CatalogEntryDialog*>() == nullptr);
        QCOMPARE(raidadv::gui::openLayeredCatalog(QString()).link("my-test-link")->max_devices, 4);

        QVERIFY(editor_->deleteSelected());
        QVERIFY(!raidadv::gui::openLayeredCatalog(QString()).link("my-test-link").has_value());
    }

    void importsCsvAndReportsRejectedRows() {
        editor_->setCurrentKind(CatalogKind::Drives);
        const QString csv = dir_.filePath(QStringLiteral("drives.csv"));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(
            "id,name,vendor,kind,capacity_gb,interface,form_factor,read_latency_us,"
            "write_latency_us,seq_read_mb_s,seq_write_mb_s,random_read_iops,random_write_iops,"
            // Hard-disk columns must be in the header (empty for SSDs), as in drives.csv.
            "write_iops_steady_state,over_provisioning_percent,source,rpm,seek_track_ms,"
            "seek_avg_ms,seek_full_ms,media_rate_outer_mb_s,media_rate_inner_mb_s,"
            "command_overhead_ms,cache_mib,queue_depth,smr,power_loss_protection,endurance_tbw,"
            "warranty_years\n"
            "my-ssd,My SSD 2 TB,Flashco,ssd,2000,sata-6g,2.5,80,25,560,530,98000,88000,no,7,"
            "mine,,,,,,,,,,,no,1200,5\n"
            "my-bad-ssd,Bad SSD,Flashco,ssd,2000,sata-9g,2.5,80,25,560,530,98000,88000,no,7,"
            "mine,,,,,,,,,,,no,1200,5\n");
        file.close();
        const raidadv::CatalogImportReport report = editor_->importFile(csv);
        QCOMPARE(report.accepted, 1);
        QCOMPARE(report.rejected.size(), std::size_t{1});
        auto* dialog = editor_->findChild<QDialog*>(QStringLiteral("importReportDialog"));
        QVERIFY(dialog != nullptr);
        auto* table = dialog->findChild<QTableWidget*>(QStringLiteral("rejectedRowsTableWidget"));
        QVERIFY(table != nullptr);
        QCOMPARE(table->rowCount(), 1);
        QCOMPARE(table->item(0, 0)->text(), QStringLiteral("3"));
        QCOMPARE(table->item(0, 2)->text(), QStringLiteral("interface"));
        QVERIFY(table->item(0, 3)->text().contains(QStringLiteral("sata-9g")));
        if (const QString shots = qEnvironmentVariable("RAID_GUI_SHOTS"); !shots.isEmpty()) {
            dialog->grab().save(shots + QStringLiteral("/catalog-import-report.png"));
        }
        dialog->close();

        // The wizard's hardware choices include the imported drive.
        const raidadv::gui::CatalogChoices choices = raidadv::gui::CatalogChoices::load();
        bool found = false;
        for (const auto& item : choices.drives) {
            found = found || item.id == QStringLiteral("my-ssd");
        }
        QVERIFY(found);

        // Export writes the user entries only.
        const QString out = dir_.filePath(QStringLiteral("out.csv"));
        QVERIFY(editor_->exportFile(out, false));
        QFile written(out);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QByteArray text = written.readAll();
        QVERIFY(text.contains("my-ssd"));
        QVERIFY(!text.contains("my-bad-ssd"));

        if (const QString shots = qEnvironmentVariable("RAID_GUI_SHOTS"); !shots.isEmpty()) {
            auto* filter = editor_->findChild<QLineEdit*>(QStringLiteral("drivesFilterLineEdit"));
            typeInto(filter, QStringLiteral("ssd"));
            // Your entries first: sort by origin, descending ("user" after "bundled").
            editor_->tableView(CatalogKind::Drives)->sortByColumn(0, Qt::DescendingOrder);
            editor_->tableView(CatalogKind::Drives)->selectRow(0);
            editor_->resize(1100, 560);
            QTest::qWait(50);
            editor_->grab().save(shots + QStringLiteral("/catalog-editor.png"));
            typeInto(filter, QString());
        }
    }

    void showsReadableHeadersAndBlankForUnknownValues() {
        const auto* model = editor_->model(CatalogKind::Drives);
        const auto header = [&](const char* name) {
            return model->headerData(columnOf(model, name), Qt::Horizontal).toString();
        };
        QCOMPARE(header("seek_avg_ms"), QStringLiteral("Seek average (ms)"));
        QCOMPARE(header("mtbf_hours"), QStringLiteral("MTBF (h)"));
        QCOMPARE(header("price_usd"), QStringLiteral("Price (US$)"));
        QCOMPARE(header("id"), QStringLiteral("ID"));
        // The first bundled drive (Hauser's ST31200W) gives no idle power in drives.csv: blank.
        const int idle = columnOf(model, "power_idle_w");
        const int rpm = columnOf(model, "rpm");
        QVERIFY(idle > 0 && rpm > 0);
        int row = -1;
        for (int r = 0; r < model->rowCount(); ++r) {
            if (model->index(r, columnOf(model, "id")).data().toString() ==
                QStringLiteral("seagate-st31200w")) {
                row = r;
            }
        }
        QVERIFY(row >= 0);
        QCOMPARE(model->index(row, idle).data().toString(), QString());
        QCOMPARE(model->index(row, idle).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("not given (unknown)"));
        QCOMPARE(model->index(row, rpm).data().toString(), QStringLiteral("5400"));
    }

    void closesWithEscapeAndTheCloseButton() {
        QVERIFY(editor_->isVisible());
        editor_->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(editor_));
        QTest::keyClick(editor_, Qt::Key_Escape);
        QVERIFY(!editor_->isVisible());
        window_->findChild<QAction*>(QStringLiteral("catalogAction"))->trigger();
        QVERIFY(editor_->isVisible());
        auto* close = editor_->findChild<QPushButton*>(QStringLiteral("closeCatalogButton"));
        QVERIFY(close != nullptr);
        QTest::mouseClick(close, Qt::LeftButton);
        QVERIFY(!editor_->isVisible());
        window_->findChild<QAction*>(QStringLiteral("catalogAction"))->trigger();
    }

    void cleanupTestCase() {
        window_.reset();
        raidadv::gui::setUserCatalogPath(QString());
    }
};

QTEST_MAIN(TestCatalogEditor)
#include "test_catalog_editor.moc"
