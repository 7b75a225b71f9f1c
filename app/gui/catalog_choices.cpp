#include "catalog_choices.h"

#include <QFile>
#include <QLocale>
#include <exception>

#include "catalog/catalog.h"
#include "user_catalog.h"

namespace raidadv::gui {

namespace {

QString yearText(int year) {
    return year > 0 ? QString::number(year) : QString();
}

/// Adds `id` to `items` the first time, and counts its drives in `detail`.
void countOnce(std::vector<CatalogChoices::Item>& items, const QString& id) {
    if (id.isEmpty()) {
        return;
    }
    for (CatalogChoices::Item& item : items) {
        if (item.id == id) {
            item.detail = QString::number(item.detail.toInt() + 1);
            return;
        }
    }
    items.push_back({id, id, QStringLiteral("1"), false});
}

}  // namespace

CatalogChoices CatalogChoices::load(const QString& catalogPath) {
    CatalogChoices choices;
    try {
        const raidadv::Catalog catalog = openLayeredCatalog(catalogPath);  // with user entries
        for (const raidadv::HostSpec& h : catalog.hosts()) {
            choices.hosts.push_back({QString::fromStdString(h.info.id),
                                     QString::fromStdString(h.info.name),
                                     QStringLiteral("%1 CPU cores").arg(h.cpu_cores), false});
        }
        for (const raidadv::DriveSpec& d : catalog.drives()) {
            const bool ssd = d.kind == raidadv::DriveKind::Ssd;
            QStringList detail{
                ssd ? QStringLiteral("SSD") : QStringLiteral("HDD"),
                QLocale().toString(d.capacity_bytes / 1e9, 'f', 0) + QStringLiteral(" GB"),
                QString::fromStdString(d.interface)};
            if (d.info.year > 0) {
                detail << yearText(d.info.year);
            }
            choices.drives.push_back({QString::fromStdString(d.info.id),
                                      QString::fromStdString(d.info.name),
                                      detail.join(QStringLiteral(", ")), ssd});
            countOnce(choices.interfaces, QString::fromStdString(d.interface));
            countOnce(choices.formFactors, QString::fromStdString(d.form_factor));
        }
        // Interfaces by their link names ("Serial ATA 6 Gb/s"); form factors as written.
        for (CatalogChoices::Item& item : choices.interfaces) {
            QString full = item.id;
            if (const auto link = catalog.link(item.id.toStdString())) {
                full = QString::fromStdString(link->info.name);
                item.name = full.section(QStringLiteral(" ("), 0, 0);  // the short form
            }
            item.detail =
                QStringLiteral("%1 (%2): %3 drives in the catalog").arg(full, item.id, item.detail);
        }
        for (CatalogChoices::Item& item : choices.formFactors) {
            const bool inches = !item.id.isEmpty() && item.id.front().isDigit();
            item.name = inches ? item.id + QStringLiteral("\"") : item.id.toUpper();
            item.detail = QStringLiteral("%1 drives in the catalog").arg(item.detail);
        }
        for (const raidadv::ControllerSpec& c : catalog.controllers()) {
            QString kind;
            switch (c.kind) {
                case raidadv::ControllerKind::Hba:
                    kind = QStringLiteral("HBA / software RAID");
                    break;
                case raidadv::ControllerKind::HardwareRaid:
                    kind = QStringLiteral("hardware RAID");
                    break;
                case raidadv::ControllerKind::HostRaid:
                    kind = QStringLiteral("host RAID");
                    break;
            }
            QStringList detail{kind, QStringLiteral("%1 ports").arg(c.ports)};
            if (c.info.year > 0) {
                detail << yearText(c.info.year);
            }
            choices.controllers.push_back({QString::fromStdString(c.info.id),
                                           QString::fromStdString(c.info.name),
                                           detail.join(QStringLiteral(", ")), false});
        }
    } catch (const std::exception& e) {
        choices.error = QString::fromStdString(e.what());
    }
    return choices;
}

}  // namespace raidadv::gui
