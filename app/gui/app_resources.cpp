#include "app_resources.h"

#include <QCoreApplication>
#include <QDir>
#include <QLocale>
#include <QTranslator>

namespace raidadv::gui {

QString dataDir() {
    return QDir::cleanPath(QCoreApplication::applicationDirPath() +
                           QStringLiteral("/../share/raid-advisor"));
}

QString examplesDir() {
    return dataDir() + QStringLiteral("/examples");
}

QString translationsDir() {
    return dataDir() + QStringLiteral("/translations");
}

bool installTranslations(QCoreApplication& app) {
    auto* translator = new QTranslator(&app);
    // raid-advisor_de_DE.qm, raid-advisor_de.qm, ... for the UI languages in order.
    if (!translator->load(QLocale(), QStringLiteral("raid-advisor"), QStringLiteral("_"),
                          translationsDir())) {
        delete translator;
        return false;
    }
    return QCoreApplication::installTranslator(translator);
}

QIcon applicationIcon() {
    QIcon icon;
    for (const int size : {16, 24, 32, 48, 64, 128, 256}) {
        icon.addFile(QStringLiteral(":/icons/raid-advisor-%1.png").arg(size), QSize(size, size));
    }
    return icon;
}

}  // namespace raidadv::gui
