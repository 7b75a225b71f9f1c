#pragma once
// The open project (docs/architecture.md, "The open project"): the project file's JSON as read
// (so keys this program does not edit survive a save untouched), its path, the undo stack every
// edit goes through, and what the file on disk looked like when it was read or last saved.
// Views listen to one signal, changed(pointer), and never edit each other.

#include <QObject>
#include <QString>
#include <QStringList>
#include <QUndoStack>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "atomic_write.h"

namespace raidadv::document {

using Json = nlohmann::ordered_json;

class ProjectDocument;

/// A document read from a file or text, or why it was refused (then nothing was changed).
struct OpenResult {
    std::unique_ptr<ProjectDocument> document;  ///< null when refused
    QString error;                              ///< "path: message" lines naming each problem
    QStringList notes;                          ///< what the user should know (migration)
};

/// What a save did.
struct SaveResult {
    enum class Outcome {
        Saved,
        ChangedOnDisk,  ///< the file changed since it was read: nothing written, ask the user
        Failed,         ///< nothing written (or the old file kept); `error` says why
    };
    Outcome outcome = Outcome::Failed;
    QString error;
    QString backupPath;  ///< the copy of an older-version original kept by this save, if any
    bool ok() const { return outcome == Outcome::Saved; }
};

class ProjectDocument : public QObject {
    Q_OBJECT

  public:
    /// An untitled document holding `root` (a project object of the current version).
    explicit ProjectDocument(Json root, QObject* parent = nullptr);
    ~ProjectDocument() override;

    /// Reads `path`: malformed files, other formats and newer format versions are refused with
    /// the problem named; older versions are migrated in memory (the file is not touched; the
    /// first save keeps the original as `<path>.v<N>.bak`). Validation against the catalog is the
    /// caller's (the project run), as for every project.
    static OpenResult open(const QString& path);
    /// As open() for text that is no file (the new-project wizard's): an untitled document.
    static OpenResult fromText(const QByteArray& text);
    /// Reads the autosave file `autosavePath` as a recovery of `originalPath` (empty: untitled).
    /// The document is modified, titled `originalPath`, and compares with that file as it is now.
    static OpenResult recover(const QString& autosavePath, const QString& originalPath);

    /// The autosave file of the project at `path` for the first running copy that edits it:
    /// `<name>-<hash of the absolute path>.autosave` in autosaveDir(), never next to the project
    /// (a read-only or shared folder, the bundled examples). A second running copy of the same
    /// project writes `...-<slot>.autosave` (see AutoSaver).
    static QString autosavePathFor(const QString& path);
    /// Folder of all autosave files: `autosave` in the user's data folder
    /// (QStandardPaths::AppDataLocation).
    static QString autosaveDir();
    /// Autosave files of the project at `path` left behind by a copy of the program that ended
    /// without saving (their lock is free: no running copy owns them), newest first.
    static QStringList leftAutosavesFor(const QString& path);
    /// Autosave files of untitled projects left behind (no running copy owns them), newest first.
    static QStringList untitledAutosaves();
    /// True when no running copy holds the lock of `autosaveFile` (AutoSaver takes it).
    static bool isAutosaveOrphaned(const QString& autosaveFile);

    const Json& root() const { return root_; }
    /// The value at a JSON pointer, or nullopt when absent.
    std::optional<Json> value(const std::string& pointer) const;
    /// The project as file text: the current format version and `written_by` this program,
    /// header keys first, the rest in the order read.
    QByteArray serialize() const;

    /// Sets the value at `pointer` through an undo command (nullopt removes the key). Returns
    /// false, and pushes nothing, when the value is already that.
    bool setValue(const std::string& pointer, std::optional<Json> value, const QString& text,
                  bool mergeable = false);
    /// Several values as one undo step.
    bool setValues(const std::vector<std::pair<std::string, std::optional<Json>>>& values,
                   const QString& text);

    QUndoStack* undoStack() { return &undoStack_; }
    bool isModified() const { return !undoStack_.isClean(); }
    /// Marks the document modified with no undo step (a wizard's new project, a recovery).
    void markModified();

    QString path() const { return path_; }
    bool isUntitled() const { return path_.isEmpty(); }
    /// File name, or "Untitled".
    QString displayName() const;
    /// The format version the file had when read, if it was migrated (0 otherwise).
    int migratedFrom() const { return migratedFrom_; }
    /// Where autosave writes this document: a file in autosaveDir() named for its path (or
    /// `untitled-<id>.raidproj.autosave`), with `-<slot>` for slots above 0.
    QString autosavePath() const;
    /// Which of the project's autosave files this copy writes (0 = the first; AutoSaver picks
    /// the first whose lock no other running copy holds).
    void setAutosaveSlot(int slot) { autosaveSlot_ = slot; }
    int autosaveSlot() const { return autosaveSlot_; }
    /// Removes this document's autosave file (after a clean save, or closing without saving),
    /// and the file it was recovered from.
    void discardAutosave();

    /// True when the file at path() is no longer as read or last saved (changed, replaced or
    /// removed by someone else).
    bool changedOnDisk() const;
    /// Saves to path(): refused with ChangedOnDisk if the file changed since it was read, unless
    /// `overwriteChanges`. Writes atomically; on success the document is clean and its autosave
    /// gone. An untitled document fails (use saveAs).
    SaveResult save(bool overwriteChanges = false);
    /// Saves to `path` (the caller has confirmed replacing an existing file) and takes it as the
    /// document's path.
    SaveResult saveAs(const QString& path);

    /// Edits of one value closer together than this merge into one undo step (mergeable ones).
    int mergeWindowMs() const { return mergeWindowMs_; }
    void setMergeWindowMs(int ms) { mergeWindowMs_ = ms; }

    /// Used by ChangeValue: sets (or, for nullopt, removes) the value and emits changed().
    void applyValue(const std::string& pointer, const std::optional<Json>& value);
    /// Sets (nullopt: removes) view state the file keeps for the desktop application, such as
    /// `/session/selected` (the configuration selected in the ranking): no undo step, the
    /// document's modified state is unchanged and no changed() is emitted; the next save or
    /// autosave writes it.
    void setViewState(const std::string& pointer, const std::optional<Json>& value);

  signals:
    /// A value changed (an edit, an undo or a redo): its JSON pointer ("" = everything).
    void changed(const QString& pointer);
    void modifiedChanged(bool modified);
    void pathChanged(const QString& path);

  private:
    /// Sets (nullopt: removes) the value at `pointer` in `root`; false if the pointer runs
    /// through a value that is no object or array (nothing changed).
    static bool setAt(Json& root, const std::string& pointer, const std::optional<Json>& value);
    SaveResult write(const QString& path);
    /// The pointer and value a command needs to set `pointer` to `newValue`: the highest missing
    /// parent and the subtree under it when parents are missing.
    std::pair<std::string, std::optional<Json>> creation(const std::string& pointer,
                                                         std::optional<Json> newValue) const;

    Json root_;
    QString path_;
    Fingerprint fingerprint_;  ///< of path_ when read or last saved
    QUndoStack undoStack_;
    int migratedFrom_ = 0;
    int mergeWindowMs_ = 1500;
    QString untitledId_;
    int autosaveSlot_ = 0;
    QString recoveredFrom_;  ///< the autosave file this document was recovered from, if any
};

}  // namespace raidadv::document
