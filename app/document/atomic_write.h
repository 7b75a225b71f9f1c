#pragma once
// Every file the application writes goes through atomicWrite(): QSaveFile writes a temporary file
// next to the target and renames it over the target only after every byte is written and flushed,
// so a crash, a full disk or a killed process leaves the previous file intact (KeePassXC
// Database::saveAs, Tiled savefile.h).

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <functional>

namespace raidadv::document {

/// Outcome of a write: ok, or why not (the path and the system's reason).
struct WriteResult {
    bool ok = false;
    QString error;
};

/// Writes `bytes` to `path` atomically: afterwards the file holds either all of `bytes` or
/// whatever it held before. `midway` (tests) runs when half of the bytes are written.
WriteResult atomicWrite(const QString& path, const QByteArray& bytes,
                        const std::function<void()>& midway = {});

/// What a file on disk looked like when it was read or written: size, modification time and a
/// hash of the content. Two fingerprints differ when the file appeared, vanished or its content
/// changed in between (the time is kept for messages; a touch alone is no change).
struct Fingerprint {
    bool exists = false;
    qint64 size = -1;
    QDateTime modified;
    QByteArray sha256;

    /// The fingerprint of `path` now (exists = false if there is no such file).
    static Fingerprint of(const QString& path);
    /// Of `bytes` just read from or written to `path` (the hash is of `bytes`, the rest from the
    /// file system).
    static Fingerprint ofBytes(const QString& path, const QByteArray& bytes);
    bool operator==(const Fingerprint& other) const;
    bool operator!=(const Fingerprint& other) const { return !(*this == other); }
};

}  // namespace raidadv::document
