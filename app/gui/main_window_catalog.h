#pragma once
// The main window's catalog hook: Tools > Catalog... opens the (non-modal) catalog editor, and
// the user catalog's start check reports a catalog that had to be set aside.

#include <QString>

namespace raidadv::gui {

class CatalogEditor;
class MainWindow;

/// Adds Tools > Catalog... ("catalogAction") to the window's menu bar (before Help) and, if the
/// application has a user catalog (userCatalogPath()), runs its start check and shows a message
/// if it was set aside. Called once by the MainWindow constructor.
void installCatalogEditor(MainWindow* window);

/// Shows the window's catalog editor (one per window, created on first use) for the bundled
/// catalog `catalogPath` (empty = the default) and userCatalogPath().
CatalogEditor* showCatalogEditor(MainWindow* window, const QString& catalogPath);

}  // namespace raidadv::gui
