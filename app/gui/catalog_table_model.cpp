#include "catalog_table_model.h"

#include <QApplication>
#include <QBrush>
#include <QPalette>
#include <QStyle>
#include <utility>

namespace raidadv::gui {

CatalogTableModel::CatalogTableModel(raidadv::CatalogKind kind, QObject* parent)
    : QAbstractTableModel(parent), kind_(kind), columns_(raidadv::catalog_columns(kind)) {}

void CatalogTableModel::setRows(std::vector<raidadv::CatalogRow> rows) {
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

int CatalogTableModel::rowOf(const QString& id) const {
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        if (QString::fromStdString(rows_[i].id()) == id) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

QString CatalogTableModel::headerFor(const QString& csvName) {
    // Unit suffixes of the CSV columns (resources/catalog/README.md).
    static const std::pair<const char*, const char*> units[] = {
        {"_mb_s", "MB/s"}, {"_gb", "GB"},     {"_mib", "MiB"},   {"_kib", "KiB"},
        {"_ms", "ms"},     {"_us", "µs"},     {"_usd", "US$"},   {"_w", "W"},
        {"_hours", "h"},   {"_percent", "%"}, {"_iops", "IOPS"},
    };
    QString base = csvName;
    QString unit;
    for (const auto& [suffix, name] : units) {
        const QString s = QString::fromUtf8(suffix);
        if (csvName.endsWith(s) && csvName.size() > s.size()) {
            base = csvName.left(csvName.size() - s.size());
            unit = QString::fromUtf8(name);
            break;
        }
    }
    // Words as a reader knows them: abbreviations spelled out or in capitals.
    static const std::pair<const char*, const char*> words[] = {
        {"id", "ID"},    {"mtbf", "MTBF"},   {"afr", "AFR"},        {"ber", "bit error rate"},
        {"rpm", "RPM"},  {"avg", "average"}, {"seq", "sequential"}, {"iops", "IOPS"},
        {"cpu", "CPU"},  {"raid", "RAID"},   {"io", "I/O"},         {"ios", "I/Os"},
        {"max", "max."}, {"min", "min."},    {"usd", "US$"},        {"kib", "KiB"},
        {"mib", "MiB"},
    };
    QStringList parts = base.split(QLatin1Char('_'), Qt::SkipEmptyParts);
    for (QString& part : parts) {
        for (const auto& [from, to] : words) {
            if (part == QLatin1String(from)) {
                part = QString::fromUtf8(to);
                break;
            }
        }
    }
    QString text = parts.join(QLatin1Char(' '));
    if (!text.isEmpty() && text.front().isLower()) {
        text.front() = text.front().toUpper();
    }
    return unit.isEmpty() ? text : QStringLiteral("%1 (%2)").arg(text, unit);
}

int CatalogTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int CatalogTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(columns_.size()) + 1;
}

QVariant CatalogTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) {
        return {};
    }
    const raidadv::CatalogRow& r = rows_[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    if (column == 0) {
        switch (role) {
            case Qt::DisplayRole:
            case Qt::UserRole:
                return r.user ? tr("user") : tr("bundled");
            case Qt::DecorationRole:
                return r.user ? QVariant()
                              : QVariant(QApplication::style()->standardIcon(
                                    QStyle::SP_FileDialogInfoView));
            case Qt::ToolTipRole:
                return r.user ? tr("Your entry: edit or delete it")
                              : tr("Bundled entry: read-only (add a user entry instead)");
            default:
                break;
        }
    }
    const QString text =
        column == 0 ? QString()
                    : QString::fromStdString(r.fields[static_cast<std::size_t>(column - 1)]);
    // An optional column left at 0 was not given (unknown): blank, not a value of 0.
    const bool unknown = column > 0 && text == QStringLiteral("0") &&
                         !columns_[static_cast<std::size_t>(column - 1)].required;
    switch (role) {
        case Qt::DisplayRole:
            return column == 0 || unknown ? QVariant() : QVariant(text);
        case Qt::ToolTipRole:
            return column == 0 ? QVariant() : QVariant(unknown ? tr("not given (unknown)") : text);
        case Qt::UserRole: {
            bool number = false;
            const double value = text.toDouble(&number);
            return number ? QVariant(value) : QVariant(text.toLower());
        }
        case Qt::ForegroundRole:
            return r.user ? QVariant()
                          : QVariant(
                                QApplication::palette().brush(QPalette::Disabled, QPalette::Text));
        default:
            return {};
    }
}

QVariant CatalogTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    if (section == 0) {
        return role == Qt::DisplayRole ? QVariant(tr("origin")) : QVariant();
    }
    const raidadv::CatalogColumnInfo& c = columns_.at(static_cast<std::size_t>(section - 1));
    if (role == Qt::DisplayRole) {
        return headerFor(QString::fromStdString(c.name));
    }
    if (role == Qt::ToolTipRole) {
        QString tip = QStringLiteral("%1: %2").arg(QString::fromStdString(c.name),
                                                   QString::fromStdString(c.allowed));
        if (!c.only.empty()) {
            tip += tr(" (%1 only)").arg(QString::fromStdString(c.only));
        }
        return tip;
    }
    return {};
}

}  // namespace raidadv::gui
