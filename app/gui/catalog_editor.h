#pragma once
// Tools > Catalog...: a non-modal window to browse, filter and sort the hardware catalog (one
// tab per table) and to add, edit and delete the user's own entries, import them from CSV (with
// a report of the rejected rows) and export them. Bundled entries are read-only. Changes go to
// the user catalog file at once; the rest of the application opens the layered catalog per run
// and so uses them from the next wizard, run or search on.

#include <QString>
#include <QWidget>
#include <array>
#include <functional>
#include <memory>

#include "catalog/catalog.h"

class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

namespace raidadv::gui {

class CatalogEntryDialog;
class CatalogTableModel;

class CatalogEditor : public QWidget {
    Q_OBJECT

  public:
    /// `catalogPath`: the bundled catalog (Catalog::default_path() if empty); `userPath`: the
    /// user catalog edits go to (empty: browsing only).
    CatalogEditor(const QString& catalogPath, const QString& userPath, QWidget* parent = nullptr);
    ~CatalogEditor() override;

    /// Asks a yes/no question (tests answer without a dialog).
    using Confirm = std::function<bool(const QString& question)>;
    void setConfirm(Confirm confirm) { confirm_ = std::move(confirm); }

    raidadv::CatalogKind currentKind() const;
    void setCurrentKind(raidadv::CatalogKind kind);
    QTableView* tableView(raidadv::CatalogKind kind) const;
    QSortFilterProxyModel* proxy(raidadv::CatalogKind kind) const;
    CatalogTableModel* model(raidadv::CatalogKind kind) const;

    /// Opens the entry form (window-modal, returns at once): empty for Add (or a copy of the
    /// selected entry with its id cleared), the selected user entry for Edit.
    CatalogEntryDialog* addEntry();
    CatalogEntryDialog* editEntry();
    /// Deletes the selected user entry after confirming; false if nothing was deleted.
    bool deleteSelected();
    /// Imports a CSV file into the current table and shows the report; returns it.
    raidadv::CatalogImportReport importFile(const QString& path);
    /// Writes the current table's user entries (or all with `all`) as CSV; false on failure.
    bool exportFile(const QString& path, bool all);
    /// Text of the last import report (as shown in its dialog).
    QString lastReport() const { return lastReport_; }

  signals:
    /// The user catalog changed (entry added, edited, deleted, imported).
    void catalogChanged();

  private:
    /// Builds the tab of one table: the filter field over the sortable table view.
    void addTablePage(raidadv::CatalogKind kind);
    /// Builds the row of buttons under the tabs and connects them.
    QHBoxLayout* createButtonRow();
    /// Opens the bundled catalog and the user catalog and says in the status line how it went.
    void openCatalog(const QString& catalogPath, const QString& userPath);
    void reload();
    void updateButtons();
    void select(const QString& id);
    const raidadv::CatalogRow* selectedRow() const;
    void showMessage(const QString& text, bool error);
    void showImportReport(const raidadv::CatalogImportReport& report, const QString& path);
    void chooseImport();
    void chooseExport();

    std::unique_ptr<raidadv::Catalog> catalog_;
    QTabWidget* tabs_ = nullptr;
    std::array<CatalogTableModel*, 4> models_{};
    std::array<QSortFilterProxyModel*, 4> proxies_{};
    std::array<QTableView*, 4> views_{};
    QLabel* status_ = nullptr;
    QPushButton* addButton_ = nullptr;
    QPushButton* editButton_ = nullptr;
    QPushButton* deleteButton_ = nullptr;
    QPushButton* importButton_ = nullptr;
    QPushButton* exportButton_ = nullptr;
    Confirm confirm_;
    QString lastReport_;
};

}  // namespace raidadv::gui
