#pragma once
// Helpers for the document tests: files in a temporary folder, bundled examples.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <nlohmann/json.hpp>
#include <string>

namespace raidadv::document::test {

inline QByteArray readBytes(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return {};
    }
    return file.readAll();
}

inline bool writeBytes(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
           file.write(bytes) == bytes.size();
}

inline QString examplePath(const char* name) {
    return QStringLiteral(RAID_RESOURCES_DIR "/examples/") + QString::fromUtf8(name);
}

/// Copies a bundled example into `dir` under `as` and returns the copy's path.
inline QString copyExample(const QTemporaryDir& dir, const char* name, const QString& as) {
    const QString target = dir.filePath(as);
    QFile::copy(examplePath(name), target);
    QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner);
    return target;
}

/// Copies a version-1 project (tests/data/projects-v1: bundled examples as release 0.1 wrote
/// them) into `dir` under `as` and returns the copy's path, for the migration tests.
inline QString copyVersion1Project(const QTemporaryDir& dir, const char* name, const QString& as) {
    const QString target = dir.filePath(as);
    QFile::copy(QStringLiteral(RAID_TEST_DATA_DIR "/projects-v1/") + QString::fromUtf8(name),
                target);
    QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner);
    return target;
}

/// Every file in `dir` with its content, to show that nothing was written.
inline QStringList snapshot(const QString& dir) {
    QStringList entries;
    for (const QString& name : QDir(dir).entryList(QDir::Files | QDir::Hidden, QDir::Name)) {
        entries << name + QLatin1Char('=') +
                       QString::fromLatin1(readBytes(QDir(dir).filePath(name)).toHex());
    }
    return entries;
}

inline nlohmann::ordered_json parse(const QByteArray& bytes) {
    return nlohmann::ordered_json::parse(bytes.toStdString());
}

}  // namespace raidadv::document::test
