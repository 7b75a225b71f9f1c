#pragma once
// The catalog parts a person can pick in the wizard and the what-if panel: ids with readable
// names, read once from the catalog database on the GUI thread (a few milliseconds).

#include <QString>
#include <vector>

namespace raidadv::gui {

struct CatalogChoices {
    struct Item {
        QString id;
        QString name;    ///< "Seagate Barracuda 7200.9 500 GB"
        QString detail;  ///< "HDD, 500 GB, SATA 3 Gb/s, 2006" (for lists and tooltips)
        bool ssd = false;
        bool zfs = false;  ///< a host that runs ZFS (its raid_software lists zfs)
    };
    std::vector<Item> hosts;
    std::vector<Item> drives;
    std::vector<Item> controllers;
    /// The drive interfaces (link ids) and form factors the catalog's drives use, each once, in
    /// catalog order; `detail` counts the drives.
    std::vector<Item> interfaces;
    std::vector<Item> formFactors;
    QString error;  ///< why the catalog could not be read; empty if it was

    /// Reads the catalog at `catalogPath` (raidadv::Catalog::default_path() if empty).
    static CatalogChoices load(const QString& catalogPath = {});
};

}  // namespace raidadv::gui
