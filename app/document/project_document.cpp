#include "project_document.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>
#include <QUuid>
#include <array>

#include "change_value.h"
#include "project/migrate.h"
#include "project/project.h"

namespace raidadv::document {

namespace {

constexpr qint64 kMaxFileBytes = 64ll * 1024 * 1024;  // docs/file-format.md, General rules
constexpr const char* kAutosaveSuffix = ".autosave";

QString issuesText(const std::vector<ProjectIssue>& issues) {
    QStringList lines;
    for (const ProjectIssue& issue : issues) {
        lines << QString::fromStdString(issue.to_string());
    }
    return lines.join(QLatin1Char('\n'));
}

/// Reads a whole file of at most 64 MiB; an error message instead when it cannot.
std::pair<QByteArray, QString> readFile(const QString& path) {
    const QFileInfo info(path);
    if (!info.exists()) {
        return {{}, QStringLiteral("$: cannot read '%1': no such file").arg(path)};
    }
    if (!info.isFile()) {
        return {{}, QStringLiteral("$: cannot read '%1': not a regular file").arg(path)};
    }
    if (info.size() > kMaxFileBytes) {
        return {{},
                QStringLiteral("$: file is %1 bytes; project files may be at most 64 MiB")
                    .arg(info.size())};
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return {{}, QStringLiteral("$: cannot open '%1': %2").arg(path, file.errorString())};
    }
    return {file.readAll(), {}};
}

/// Header check, parse and migration of project text; `document` null on refusal.
OpenResult fromBytes(const QByteArray& bytes) {
    OpenResult result;
    const std::string text = bytes.toStdString();
    const ProjectHeader header = read_project_header(text);
    if (!header.ok()) {
        result.error = issuesText(header.issues);
        return result;
    }
    Json root;
    try {
        root = Json::parse(text);
    } catch (const std::exception& e) {
        result.error = QStringLiteral("$: not valid JSON: %1").arg(QString::fromUtf8(e.what()));
        return result;
    }
    const std::vector<std::string> steps = migrate_project_json(root);
    auto document = std::make_unique<ProjectDocument>(std::move(root));
    if (!steps.empty()) {
        result.notes << QObject::tr(
                            "This file has format version %1; it was brought up to version %2 "
                            "for this session. The file itself is unchanged until you save, and "
                            "the first save keeps the original as a .v%1.bak file next to it.")
                            .arg(header.version)
                            .arg(kProjectFormatVersion);
    }
    result.document = std::move(document);
    return result;
}

}  // namespace

ProjectDocument::ProjectDocument(Json root, QObject* parent)
    : QObject(parent),
      root_(std::move(root)),
      untitledId_(QUuid::createUuid().toString(QUuid::WithoutBraces).left(8)) {
    connect(&undoStack_, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
}

ProjectDocument::~ProjectDocument() {
    // Clearing the stack emits cleanChanged; no listener may hear from a document being destroyed
    // (the main window's title slot would read a half-destroyed session).
    blockSignals(true);
    undoStack_.disconnect(this);
    // Commands refer to this document: drop them before its members go.
    undoStack_.clear();
}

OpenResult ProjectDocument::open(const QString& path) {
    auto [bytes, error] = readFile(path);
    if (!error.isEmpty()) {
        return {nullptr, error, {}};
    }
    OpenResult result = fromBytes(bytes);
    if (result.document) {
        ProjectDocument& d = *result.document;
        d.path_ = QFileInfo(path).absoluteFilePath();
        d.fingerprint_ = Fingerprint::ofBytes(path, bytes);
        d.migratedFrom_ =
            result.notes.isEmpty() ? 0 : read_project_header(bytes.toStdString()).version;
    }
    return result;
}

OpenResult ProjectDocument::fromText(const QByteArray& text) {
    return fromBytes(text);
}

OpenResult ProjectDocument::recover(const QString& autosavePath, const QString& originalPath) {
    auto [bytes, error] = readFile(autosavePath);
    if (!error.isEmpty()) {
        return {nullptr, error, {}};
    }
    OpenResult result = fromBytes(bytes);
    if (!result.document) {
        return result;
    }
    ProjectDocument& d = *result.document;
    if (!originalPath.isEmpty()) {
        d.path_ = QFileInfo(originalPath).absoluteFilePath();
        d.fingerprint_ = Fingerprint::of(d.path_);
        // An older original keeps its backup when the recovered project is saved over it.
        const auto [original, readError] = readFile(d.path_);
        if (readError.isEmpty()) {
            const ProjectHeader header = read_project_header(original.toStdString());
            if (header.needs_migration()) {
                d.migratedFrom_ = header.version;
            }
        }
    } else {
        // Recovered untitled work keeps its autosave file until it is saved or discarded.
        const QString base = QFileInfo(autosavePath).fileName();
        d.untitledId_ = base.section(QLatin1Char('.'), 0, 0).mid(9);  // "untitled-<id>.raidproj"
    }
    d.recoveredFrom_ = QFileInfo(autosavePath).absoluteFilePath();
    result.notes.clear();
    d.markModified();
    return result;
}

QString ProjectDocument::autosaveDir() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/autosave");
}

namespace {

/// `<name>-<12 hex digits of SHA-1 of the absolute path>`: one name per project file, readable.
QString autosaveStem(const QString& path) {
    const QFileInfo info(path);
    const QByteArray hash =
        QCryptographicHash::hash(info.absoluteFilePath().toUtf8(), QCryptographicHash::Sha1);
    return info.fileName() + QLatin1Char('-') + QString::fromLatin1(hash.toHex().left(12));
}

QStringList orphanedMatching(const QString& pattern) {
    const QDir dir(ProjectDocument::autosaveDir());
    QStringList paths;
    for (const QFileInfo& info : dir.entryInfoList({pattern}, QDir::Files, QDir::Time)) {
        if (ProjectDocument::isAutosaveOrphaned(info.absoluteFilePath())) {
            paths << info.absoluteFilePath();
        }
    }
    return paths;
}

}  // namespace

QString ProjectDocument::autosavePathFor(const QString& path) {
    return autosaveDir() + QLatin1Char('/') + autosaveStem(path) + QLatin1String(kAutosaveSuffix);
}

bool ProjectDocument::isAutosaveOrphaned(const QString& autosaveFile) {
    // QLockFile records the owner's process id: a lock whose process is gone is stale and taken.
    QLockFile lock(autosaveFile + QStringLiteral(".lock"));
    lock.setStaleLockTime(0);  // a live owner keeps it however old
    if (!lock.tryLock(0)) {
        return false;
    }
    lock.unlock();
    return true;
}

QStringList ProjectDocument::leftAutosavesFor(const QString& path) {
    return orphanedMatching(autosaveStem(path) + QStringLiteral("*") +
                            QLatin1String(kAutosaveSuffix));
}

QStringList ProjectDocument::untitledAutosaves() {
    return orphanedMatching(QStringLiteral("untitled-*.raidproj*") +
                            QLatin1String(kAutosaveSuffix));
}

std::optional<Json> ProjectDocument::value(const std::string& pointer) const {
    try {
        const Json::json_pointer p(pointer);
        if (!root_.contains(p)) {
            return std::nullopt;
        }
        return root_.at(p);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

QByteArray ProjectDocument::serialize() const {
    Json out = Json::object();
    out["format"] = kProjectFormatName;
    out["version"] = kProjectFormatVersion;
    out["written_by"] = Json{{"app", "RAID Advisor"}, {"version", RAID_ADVISOR_VERSION}};
    for (const char* key : {"name", "description"}) {
        if (root_.is_object() && root_.contains(key)) {
            out[key] = root_[key];
        }
    }
    if (root_.is_object()) {
        for (const auto& item : root_.items()) {
            if (!out.contains(item.key())) {
                out[item.key()] = item.value();
            }
        }
    }
    return QByteArray::fromStdString(out.dump(2) + "\n");
}

std::pair<std::string, std::optional<Json>> ProjectDocument::creation(
    const std::string& pointer, std::optional<Json> newValue) const {
    if (!newValue || value(pointer)) {
        return {pointer, std::move(newValue)};
    }
    // A value under parents that do not exist yet: the command creates (and its undo removes)
    // the highest missing parent, so that an undo leaves no empty objects behind.
    Json::json_pointer p(pointer);
    Json subtree = std::move(*newValue);
    while (!p.empty() && !p.parent_pointer().empty() && !root_.contains(p.parent_pointer())) {
        Json wrapped = Json::object();
        wrapped[p.back()] = std::move(subtree);
        subtree = std::move(wrapped);
        p = p.parent_pointer();
    }
    return {p.to_string(), std::move(subtree)};
}

bool ProjectDocument::setValue(const std::string& pointer, std::optional<Json> newValue,
                               const QString& text, bool mergeable) {
    if (value(pointer) == newValue) {
        return false;
    }
    auto [target, after] = creation(pointer, std::move(newValue));
    std::optional<Json> before = value(target);
    undoStack_.push(
        new ChangeValue(this, target, std::move(before), std::move(after), text, mergeable));
    return true;
}

bool ProjectDocument::setValues(
    const std::vector<std::pair<std::string, std::optional<Json>>>& values, const QString& text) {
    std::vector<std::pair<std::string, std::optional<Json>>> changes;
    for (const auto& [pointer, newValue] : values) {
        if (value(pointer) != newValue) {
            changes.emplace_back(pointer, newValue);
        }
    }
    if (changes.empty()) {
        return false;
    }
    if (changes.size() == 1) {
        return setValue(changes.front().first, changes.front().second, text);
    }
    auto* macro = new QUndoCommand(text);
    for (const auto& [pointer, newValue] : changes) {
        auto [target, after] = creation(pointer, newValue);
        new ChangeValue(this, target, value(target), std::move(after), text, false, macro);
    }
    undoStack_.push(macro);
    return true;
}

void ProjectDocument::applyValue(const std::string& pointer, const std::optional<Json>& newValue) {
    if (setAt(root_, pointer, newValue)) {
        emit changed(QString::fromStdString(pointer));
    }
}

void ProjectDocument::setViewState(const std::string& pointer, const std::optional<Json>& value) {
    setAt(root_, pointer, value);
}

bool ProjectDocument::setAt(Json& root, const std::string& pointer,
                            const std::optional<Json>& newValue) {
    try {
        if (pointer.empty()) {
            root = newValue ? *newValue : Json::object();
        } else {
            const Json::json_pointer p(pointer);
            if (newValue) {
                root[p] = *newValue;
            } else if (root.contains(p)) {
                Json& parent = root[p.parent_pointer()];
                if (parent.is_object()) {
                    parent.erase(p.back());
                } else if (parent.is_array()) {
                    parent.erase(static_cast<std::size_t>(std::stoul(p.back())));
                }
            }
        }
    } catch (const std::exception&) {
        return false;  // a pointer through a non-container: nothing to change
    }
    return true;
}

void ProjectDocument::markModified() {
    undoStack_.resetClean();
}

QString ProjectDocument::displayName() const {
    return path_.isEmpty() ? tr("Untitled") : QFileInfo(path_).fileName();
}

QString ProjectDocument::autosavePath() const {
    const QString stem = path_.isEmpty() ? QStringLiteral("untitled-%1.raidproj").arg(untitledId_)
                                         : autosaveStem(path_);
    const QString slot = autosaveSlot_ > 0 ? QStringLiteral("-%1").arg(autosaveSlot_) : QString();
    return autosaveDir() + QLatin1Char('/') + stem + slot + QLatin1String(kAutosaveSuffix);
}

void ProjectDocument::discardAutosave() {
    QFile::remove(autosavePath());
    if (!recoveredFrom_.isEmpty()) {
        QFile::remove(recoveredFrom_);
        recoveredFrom_.clear();
    }
}

bool ProjectDocument::changedOnDisk() const {
    return !path_.isEmpty() && Fingerprint::of(path_) != fingerprint_;
}

SaveResult ProjectDocument::save(bool overwriteChanges) {
    if (path_.isEmpty()) {
        return {SaveResult::Outcome::Failed, tr("the project has no file yet: use Save As"), {}};
    }
    if (!overwriteChanges && changedOnDisk()) {
        return {SaveResult::Outcome::ChangedOnDisk,
                tr("'%1' was changed on disk since it was opened or saved").arg(path_),
                {}};
    }
    return write(path_);
}

SaveResult ProjectDocument::saveAs(const QString& path) {
    return write(QFileInfo(path).absoluteFilePath());
}

SaveResult ProjectDocument::write(const QString& path) {
    SaveResult result;
    // The first save over an older-version original keeps that original (Subsurface's .v<N>
    // backups): older programs can still read the copy.
    if (migratedFrom_ > 0 && path == path_ && QFileInfo::exists(path)) {
        const QString backup = QStringLiteral("%1.v%2.bak").arg(path).arg(migratedFrom_);
        if (!QFileInfo::exists(backup) && !QFile::copy(path, backup)) {
            result.error = tr("cannot keep the original as '%1'; nothing was saved").arg(backup);
            return result;
        }
        result.backupPath = backup;
    }
    const QByteArray bytes = serialize();
    const WriteResult written = atomicWrite(path, bytes);
    if (!written.ok) {
        result.error = written.error;
        return result;
    }
    const QString oldAutosave = autosavePath();
    const bool renamed = path != path_;
    path_ = path;
    fingerprint_ = Fingerprint::ofBytes(path, bytes);
    migratedFrom_ = 0;
    // What was saved is what the document holds now (format, version, writer).
    try {
        root_ = Json::parse(bytes.toStdString());
    } catch (const std::exception&) {
    }
    undoStack_.setClean();
    QFile::remove(oldAutosave);
    discardAutosave();
    if (renamed) {
        emit pathChanged(path_);
    }
    result.outcome = SaveResult::Outcome::Saved;
    return result;
}

}  // namespace raidadv::document
