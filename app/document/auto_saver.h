#pragma once
// Autosave: while a project has unsaved changes, its JSON is written atomically to its autosave
// file (`<file>.autosave`, or an app-data file for an untitled project) every interval. A clean
// save removes the file (ProjectDocument::save); so does closing without saving once the user has
// said so. A file left behind means a crash: the next open offers to recover it (MuseScore
// projectautosaver.cpp).

#include <QObject>
#include <QString>

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

    void setInterval(int ms);
    bool isActive() const;
    /// Writes the autosave file now if the document is modified; false on a write error.
    bool saveNow();
    QString lastError() const { return lastError_; }

  signals:
    void autosaved(const QString& path);
    void failed(const QString& error);

  private:
    ProjectDocument* document_;
    QTimer* timer_;
    QString lastError_;
};

}  // namespace raidadv::document
