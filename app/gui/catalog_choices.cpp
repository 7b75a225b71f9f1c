#include "catalog_choices.h"

#include <QFile>
#include <QLocale>
#include <algorithm>
#include <exception>

#include "catalog/catalog.h"
#include "system/raid_software.h"
#include "user_catalog.h"

namespace raidadv::gui {

namespace {

QString yearText(int year) {
    return year > 0 ? QString::number(year) : QString();
}

/// The distinct non-empty values, in first-seen order, each with how many drives have it.
std::vector<std::pair<QString, int>> countDistinct(const QStringList& values) {
    std::vector<std::pair<QString, int>> counts;
    for (const QString& value : values) {
        if (value.isEmpty()) {
            continue;
        }
        auto it = std::find_if(counts.begin(), counts.end(),
                               [&](const auto& c) { return c.first == value; });
        if (it == counts.end()) {
            counts.emplace_back(value, 1);
        } else {
            ++it->second;
        }
    }
    return counts;
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
            choices.hosts.back().zfs = raidadv::host_runs_zfs(h);
        }
        QStringList interfaces, formFactors;  // one per drive
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
            interfaces << QString::fromStdString(d.interface);
            formFactors << QString::fromStdString(d.form_factor);
        }
        // Interfaces by their link names ("Serial ATA 6 Gb/s"); form factors as written.
        for (const auto& [id, drives] : countDistinct(interfaces)) {
            QString full = id, name = id;
            if (const auto link = catalog.link(id.toStdString())) {
                full = QString::fromStdString(link->info.name);
                name = full.section(QStringLiteral(" ("), 0, 0);  // the short form
            }
            choices.interfaces.push_back(
                {id, name,
                 QStringLiteral("%1 (%2): %3 drives in the catalog").arg(full, id).arg(drives),
                 false});
        }
        for (const auto& [id, drives] : countDistinct(formFactors)) {
            const bool inches = id.front().isDigit();
            choices.formFactors.push_back({id, inches ? id + QStringLiteral("\"") : id.toUpper(),
                                           QStringLiteral("%1 drives in the catalog").arg(drives),
                                           false});
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
