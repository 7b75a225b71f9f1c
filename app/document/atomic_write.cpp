#include "atomic_write.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace raidadv::document {

WriteResult atomicWrite(const QString& path, const QByteArray& bytes,
                        const std::function<void()>& midway) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return {false, QStringLiteral("cannot write '%1': %2").arg(path, file.errorString())};
    }
    const qsizetype half = bytes.size() / 2;
    bool written = file.write(bytes.constData(), half) == half;
    if (written && midway) {
        file.flush();
        midway();
    }
    written =
        written && file.write(bytes.constData() + half, bytes.size() - half) == bytes.size() - half;
    if (!written) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return {false, QStringLiteral("cannot write '%1': %2").arg(path, reason)};
    }
    if (!file.commit()) {
        return {false, QStringLiteral("cannot save '%1': %2").arg(path, file.errorString())};
    }
    return {true, {}};
}

Fingerprint Fingerprint::of(const QString& path) {
    Fingerprint f;
    const QFileInfo info(path);
    if (!info.exists() || !info.isFile()) {
        return f;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return f;
    }
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&file);
    f.exists = true;
    f.size = info.size();
    f.modified = info.lastModified();
    f.sha256 = hash.result();
    return f;
}

Fingerprint Fingerprint::ofBytes(const QString& path, const QByteArray& bytes) {
    Fingerprint f;
    const QFileInfo info(path);
    f.exists = info.exists();
    f.size = info.size();
    f.modified = info.lastModified();
    f.sha256 = QCryptographicHash::hash(bytes, QCryptographicHash::Sha256);
    return f;
}

bool Fingerprint::operator==(const Fingerprint& other) const {
    // The content decides: a file rewritten with the same bytes (a touch, a sync tool) is not a
    // change that saving would lose.
    return exists == other.exists && size == other.size && sha256 == other.sha256;
}

}  // namespace raidadv::document
