#pragma once
// One catalog table (drives, controllers, links or hosts) as a Qt table model: an "origin"
// column (bundled, read-only and greyed, or user) and the CSV columns with their units in the
// headers. Sorting uses Qt::UserRole: numbers as numbers, text as text.

#include <QAbstractTableModel>
#include <vector>

#include "catalog/catalog_table.h"

namespace raidadv::gui {

class CatalogTableModel : public QAbstractTableModel {
    Q_OBJECT

  public:
    CatalogTableModel(raidadv::CatalogKind kind, QObject* parent = nullptr);

    raidadv::CatalogKind kind() const { return kind_; }
    void setRows(std::vector<raidadv::CatalogRow> rows);
    const raidadv::CatalogRow& row(int index) const { return rows_.at(index); }
    const std::vector<raidadv::CatalogColumnInfo>& columns() const { return columns_; }
    /// Row of the entry `id`, -1 if none.
    int rowOf(const QString& id) const;

    /// "capacity_gb" -> "capacity (GB)": the header of a CSV column.
    static QString headerFor(const QString& csvName);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

  private:
    raidadv::CatalogKind kind_;
    std::vector<raidadv::CatalogColumnInfo> columns_;
    std::vector<raidadv::CatalogRow> rows_;
};

}  // namespace raidadv::gui
