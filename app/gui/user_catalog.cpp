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
    const QString env = qEnvironmentVariable("RAID_ADVISOR_USER_CATALOG");
    if (!env.isEmpty()) {
        return env;
    }
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("user-catalog.db"));
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
