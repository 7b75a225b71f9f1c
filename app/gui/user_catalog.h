#pragma once
// Where the application's user catalog lives, and opening the catalog every part of the
// application uses: the bundled database with the user catalog layered over it. Workers open it
// per run, so after the catalog editor changes the user catalog the next wizard, run or search
// sees the change.

#include <QString>

#include "catalog/catalog.h"

namespace raidadv::gui {

/// The user catalog layered over the bundled one by openLayeredCatalog(); empty (the default,
/// and in tests that do not set it) = none.
QString userCatalogPath();
void setUserCatalogPath(const QString& path);

/// The application's user catalog, the command line's too (Catalog::default_user_path):
/// $RAID_ADVISOR_USER_CATALOG if set, else ~/.local/share/RAID Advisor/user-catalog.db (a file
/// an older version left in QStandardPaths::AppDataLocation is used while that one is missing).
QString defaultUserCatalogPath();

/// The bundled catalog `catalogPath` (Catalog::default_path() if empty) with userCatalogPath()
/// layered over it. A broken user catalog is left alone and not used (the start check sets it
/// aside). Throws CatalogLoadError if the bundled catalog cannot be used.
raidadv::Catalog openLayeredCatalog(const QString& catalogPath);

/// The start check: opens the layered catalog, setting a broken user catalog aside. Returns
/// the message for the user ("" if all is well or the bundled catalog itself is unusable,
/// which the first run reports).
QString checkUserCatalogAtStart(const QString& catalogPath);

/// A QString path as the core wants it, and back.
std::filesystem::path catalogFsPath(const QString& path);

}  // namespace raidadv::gui
