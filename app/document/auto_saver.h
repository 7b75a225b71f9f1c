#pragma once
// Autosave: while a project has unsaved changes, its JSON is written atomically to its autosave
// file in the user's data folder (ProjectDocument::autosavePath, never next to the project) every
// interval. The AutoSaver holds a lock (QLockFile, `<autosave>.lock`, naming this process) on
// that file for as long as it watches the document: a second running copy of the same project
// takes the next free slot instead, and sees the first copy's file as owned, not as a crash's. A
// clean save removes the file (ProjectDocument::save); so does closing without saving once the
// user has said so. A file left behind with a free lock means a crash: the next open offers to
// recover it (MuseScore projectautosaver.cpp).

#include <QObject>
#include <QString>
#include <memory>

class QLockFile;
class QTimer;

namespace raidadv::document {

class ProjectDocument;

class AutoSaver : public QObject {
    Q_OBJECT

  public:
    static constexpr int kDefaultIntervalMs = 60'000;

    /// Watches `document` (which must outlive this object, or own it).
    explicit AutoSaver(ProjectDocument* document, int intervalMs = kDefaultIntervalMs,
                       QObject* parent = nullptr);
    ~AutoSaver() override;

    /// Slots tried before autosave gives up (so many running copies of one project).
    static constexpr int kMaxSlots = 16;
    /// True while this AutoSaver holds the lock of the document's autosave file.
    bool ownsAutosave() const;

    void setInterval(int ms);
    bool isActive() const;
    /// Writes the autosave file now if the document is modified; false on a write error.
    bool saveNow();
    QString lastError() const { return lastError_; }

  signals:
    void autosaved(const QString& path);
    void failed(const QString& error);

  private:
    /// Takes the lock of the first autosave slot no running copy holds; false if none is free.
    bool claimSlot();

    ProjectDocument* document_;
    std::unique_ptr<QLockFile> lock_;
    QTimer* timer_;
    QString lastError_;
};

}  // namespace raidadv::document
