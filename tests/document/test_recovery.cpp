// Autosave and crash recovery: while modified, the project is written to its autosave file; a
// document that goes away without saving (a crash) leaves that file, and recovering it gives the
// edited project back; a clean save removes it.

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QThread>
#include <catch2/catch.hpp>
#include <memory>

#include "auto_saver.h"
#include "document_test_support.h"
#include "project_document.h"

using namespace raidadv::document;
using namespace raidadv::document::test;

namespace {

/// Processes events until `done` or 5 s.
template <typename Done>
bool waitFor(Done done) {
    QElapsedTimer timer;
    timer.start();
    while (!done() && timer.elapsed() < 5000) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(5);
    }
    return done();
}

}  // namespace

TEST_CASE("autosave runs only while modified and a clean save removes its file",
          "[document][autosave]") {
    QTemporaryDir dir;
    const QString path = copyExample(dir, "small-nas.json", QStringLiteral("nas.raidproj"));
    OpenResult opened = ProjectDocument::open(path);
    REQUIRE(opened.document);
    ProjectDocument& doc = *opened.document;
    AutoSaver saver(&doc, 30);
    CHECK_FALSE(saver.isActive());
    // In the user's data folder, never next to the project.
    CHECK(doc.autosavePath() == ProjectDocument::autosavePathFor(path));
    CHECK(QFileInfo(doc.autosavePath()).absolutePath() ==
          QFileInfo(ProjectDocument::autosaveDir()).absoluteFilePath());
    CHECK(doc.autosavePath().startsWith(ProjectDocument::autosaveDir()));
    CHECK(QFileInfo(doc.autosavePath()).fileName().startsWith(QStringLiteral("nas.raidproj-")));

    REQUIRE(doc.setValue("/name", "edited", QStringLiteral("Rename")));
    CHECK(saver.isActive());
    REQUIRE(waitFor([&] { return QFileInfo::exists(doc.autosavePath()); }));
    CHECK(parse(readBytes(doc.autosavePath()))["name"] == "edited");
    CHECK(parse(readBytes(path))["name"] != "edited");  // the project file is not touched

    REQUIRE(doc.save().ok());
    CHECK_FALSE(saver.isActive());
    CHECK_FALSE(QFileInfo::exists(doc.autosavePath()));

    // Undo back to the saved state stops it too.
    REQUIRE(doc.setValue("/name", "again", QStringLiteral("Rename")));
    CHECK(saver.isActive());
    doc.undoStack()->undo();
    CHECK_FALSE(doc.isModified());
    CHECK_FALSE(saver.isActive());
}

TEST_CASE("after a crash the autosave recovers the edited project", "[document][autosave]") {
    QTemporaryDir dir;
    const QString path = copyVersion1Project(dir, "advisor-file-server-2007.json",
                                             QStringLiteral("server.raidproj"));
    const QByteArray onDisk = readBytes(path);
    Json edited;
    QString autosave;
    {
        OpenResult opened = ProjectDocument::open(path);
        REQUIRE(opened.document);
        ProjectDocument& doc = *opened.document;
        AutoSaver saver(&doc, 20);
        REQUIRE(doc.setValue("/advisor/capacity_gb", 777, QStringLiteral("Capacity")));
        REQUIRE(doc.setValue("/advisor/weights/cost", 5, QStringLiteral("Weights")));
        REQUIRE(doc.setValue("/session/pins", Json::array({"x"}), QStringLiteral("Pin")));
        autosave = doc.autosavePath();
        REQUIRE(waitFor([&] {
            return QFileInfo::exists(autosave) &&
                   parse(readBytes(autosave))["session"]["pins"] == Json::array({"x"});
        }));
        edited = parse(doc.serialize());
        // The document goes away without saving or discarding: as in a crash.
    }
    REQUIRE(QFileInfo::exists(autosave));
    CHECK(readBytes(path) == onDisk);
    CHECK(ProjectDocument::autosavePathFor(path) == autosave);
    // Nothing but the project was ever written into its folder.
    CHECK(QDir(dir.path()).entryList(QDir::Files) ==
          QStringList{QStringLiteral("server.raidproj")});
    // No running copy owns it any more: it is offered for recovery.
    CHECK(ProjectDocument::leftAutosavesFor(path) == QStringList{autosave});

    OpenResult recovered = ProjectDocument::recover(autosave, path);
    REQUIRE(recovered.document);
    ProjectDocument& doc = *recovered.document;
    CHECK(parse(doc.serialize()) == edited);
    CHECK(doc.path() == QFileInfo(path).absoluteFilePath());
    CHECK(doc.isModified());
    CHECK(doc.migratedFrom() == 1);      // the original on disk is still version 1
    CHECK(QFileInfo::exists(autosave));  // kept until saved or discarded

    const SaveResult saved = doc.save();
    REQUIRE(saved.ok());
    CHECK(readBytes(path + QStringLiteral(".v1.bak")) == onDisk);
    CHECK_FALSE(QFileInfo::exists(autosave));
    CHECK(parse(readBytes(path))["advisor"]["capacity_gb"] == 777);
}

TEST_CASE("untitled projects autosave to the data folder and can be recovered or discarded",
          "[document][autosave]") {
    for (const QString& stale : ProjectDocument::untitledAutosaves()) {
        QFile::remove(stale);
    }
    OpenResult fresh = ProjectDocument::fromText(readBytes(examplePath("small-nas.json")));
    REQUIRE(fresh.document);
    ProjectDocument& doc = *fresh.document;
    CHECK(doc.isUntitled());
    doc.markModified();  // a new project is unsaved work
    CHECK(doc.isModified());
    {
        AutoSaver saver(&doc, 1000);
        CHECK(saver.isActive());
        REQUIRE(doc.setValue("/name", "untitled work", QStringLiteral("Rename")));
        REQUIRE(saver.saveNow());
        // Owned by a running AutoSaver (this one): not left behind.
        CHECK(ProjectDocument::untitledAutosaves().isEmpty());
    }
    const QStringList left = ProjectDocument::untitledAutosaves();
    REQUIRE(left.size() == 1);
    CHECK(left[0] == doc.autosavePath());

    OpenResult recovered = ProjectDocument::recover(left[0], QString());
    REQUIRE(recovered.document);
    CHECK(recovered.document->isUntitled());
    CHECK(recovered.document->root()["name"] == "untitled work");
    CHECK(recovered.document->autosavePath() == left[0]);
    recovered.document->discardAutosave();
    CHECK(ProjectDocument::untitledAutosaves().isEmpty());
}

TEST_CASE("two running copies of one project autosave to their own files, neither seen as a crash",
          "[document][autosave]") {
    QTemporaryDir dir;
    const QString path = copyExample(dir, "small-nas.json", QStringLiteral("shared.raidproj"));
    OpenResult first = ProjectDocument::open(path);
    OpenResult second = ProjectDocument::open(path);
    REQUIRE(first.document);
    REQUIRE(second.document);
    auto saverA = std::make_unique<AutoSaver>(first.document.get(), 1000);
    auto saverB = std::make_unique<AutoSaver>(second.document.get(), 1000);
    CHECK(saverA->ownsAutosave());
    CHECK(saverB->ownsAutosave());
    CHECK(first.document->autosaveSlot() == 0);
    CHECK(second.document->autosaveSlot() == 1);
    CHECK(first.document->autosavePath() != second.document->autosavePath());

    REQUIRE(first.document->setValue("/name", "from A", QStringLiteral("Rename")));
    REQUIRE(second.document->setValue("/name", "from B", QStringLiteral("Rename")));
    REQUIRE(saverA->saveNow());
    REQUIRE(saverB->saveNow());
    CHECK(parse(readBytes(first.document->autosavePath()))["name"] == "from A");
    CHECK(parse(readBytes(second.document->autosavePath()))["name"] == "from B");
    // Both copies are alive: nothing to recover for a third one.
    CHECK(ProjectDocument::leftAutosavesFor(path).isEmpty());

    // B ends without saving (as in a crash): only its file is left; A's stays owned.
    const QString leftByB = second.document->autosavePath();
    saverB.reset();
    CHECK(ProjectDocument::leftAutosavesFor(path) == QStringList{leftByB});
    CHECK(QDir(dir.path()).entryList(QDir::Files) ==
          QStringList{QStringLiteral("shared.raidproj")});

    first.document->discardAutosave();
    QFile::remove(leftByB);
    CHECK(ProjectDocument::leftAutosavesFor(path).isEmpty());
}
