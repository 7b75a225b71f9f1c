#include "user_catalog.h"

#include <QDir>
#include <QFile>
#include <QMutex>
#include <QMutexLocker>
#include <QStandardPaths>

namespace raidadv::gui {

namespace {

QMutex& pathMutex() {
    static QMutex mutex;
    return mutex;
}

QString& pathStore() {
    static QString path;
    return path;
}

std::filesystem::path bundledPath(const QString& catalogPath) {
    return catalogPath.isEmpty() ? raidadv::Catalog::default_path() : catalogFsPath(catalogPath);
}

}  // namespace

std::filesystem::path catalogFsPath(const QString& path) {
    return std::filesystem::path(QFile::encodeName(path).toStdString());
}

QString userCatalogPath() {
    const QMutexLocker lock(&pathMutex());
    return pathStore();
}

void setUserCatalogPath(const QString& path) {
    const QMutexLocker lock(&pathMutex());
    pathStore() = path;
}

QString defaultUserCatalogPath() {
    // The same file as raid-advisor-cli (Catalog::default_user_path: $RAID_ADVISOR_USER_CATALOG,
    // else ~/.local/share/RAID Advisor/user-catalog.db), so both programs see the same entries.
    const QString shared = QFile::decodeName(
        QByteArray::fromStdString(raidadv::Catalog::default_user_path().string()));
    if (!qEnvironmentVariableIsEmpty("RAID_ADVISOR_USER_CATALOG") || QFile::exists(shared)) {
        return shared;
    }
    // Earlier versions of the desktop application kept it in its own data folder
    // (QStandardPaths::AppDataLocation, which adds the organisation's folder): keep using a
    // catalog found there rather than losing its entries.
    const QString legacy = QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                               .filePath(QStringLiteral("user-catalog.db"));
    return QFile::exists(legacy) ? legacy : shared;
}

raidadv::Catalog openLayeredCatalog(const QString& catalogPath) {
    const QString user = userCatalogPath();
    if (user.isEmpty()) {
        return raidadv::Catalog::open(bundledPath(catalogPath));
    }
    return raidadv::Catalog::open(bundledPath(catalogPath), catalogFsPath(user),
                                  raidadv::BrokenUserCatalog::Ignore)
        .catalog;
}

QString checkUserCatalogAtStart(const QString& catalogPath) {
    const QString user = userCatalogPath();
    if (user.isEmpty()) {
        return {};
    }
    try {
        return QString::fromStdString(
            raidadv::Catalog::open(bundledPath(catalogPath), catalogFsPath(user)).message);
    } catch (const std::exception&) {
        return {};  // the bundled catalog itself: reported by the first run that needs it
    }
}

}  // namespace raidadv::gui
