#pragma once
// Where the desktop application finds what is installed beside it, and its icon. Everything it
// reads at run time lives under <exe>/../share/raid-advisor (catalog.db, examples/,
// translations/): the build tree (build/bin, build/share) and every installation
// (`cmake --install --prefix P`, the DEB in /usr) have that layout, so nothing depends on the
// source tree.

#include <QIcon>
#include <QString>

class QCoreApplication;

namespace raidadv::gui {

/// Desktop file and AppStream id (installer/desktop/<id>.desktop): lets Wayland and the task
/// bar match windows to the installed desktop file.
inline constexpr const char* kDesktopFileName = "org.raidadvisor.RaidAdvisor";

/// <exe>/../share/raid-advisor, cleaned (it need not exist).
QString dataDir();
/// dataDir()/examples: the bundled example projects.
QString examplesDir();
/// dataDir()/translations: raid-advisor_<locale>.qm files (none are shipped yet).
QString translationsDir();

/// Loads the translation for the user's locale from translationsDir() into `app`, if there is
/// one; returns whether one was installed.
bool installTranslations(QCoreApplication& app);

/// The application icon (installer/icons, compiled in as Qt resources).
QIcon applicationIcon();

}  // namespace raidadv::gui
