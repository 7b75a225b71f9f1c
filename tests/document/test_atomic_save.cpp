// Saves are atomic: a process killed halfway through a save leaves the previous file
// byte-identical; a file changed on disk since it was read is not overwritten silently.

#include <QFileInfo>
#include <QProcess>
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>

#include "atomic_write.h"
#include "document_test_support.h"
#include "project_document.h"

using namespace raidadv::document;
using namespace raidadv::document::test;

TEST_CASE("a save killed halfway leaves the previous file intact", "[document][atomic]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = copyExample(dir, "small-nas.json", QStringLiteral("nas.raidproj"));
    const QByteArray before = readBytes(path);
    REQUIRE(before.size() > 100);

    QProcess helper;
    helper.start(QStringLiteral(SAVE_HELPER), {path});
    REQUIRE(helper.waitForStarted(10'000));
    // Wait for "halfway": half of the new content has been written and flushed.
    QByteArray out;
    while (!out.contains("halfway") && helper.waitForReadyRead(10'000)) {
        out += helper.readAllStandardOutput();
    }
    REQUIRE(out.contains("halfway"));
    // The half-written bytes exist, in QSaveFile's temporary file next to the target (an unnamed
    // O_TMPFILE where the file system has them): find it among the helper's open files.
    std::uintmax_t partial = 0;
    const std::string fds = "/proc/" + std::to_string(helper.processId()) + "/fd";
    std::error_code error;
    for (const auto& fd : std::filesystem::directory_iterator(fds, error)) {
        const std::string target = std::filesystem::read_symlink(fd.path(), error).string();
        if (target.rfind(dir.path().toStdString(), 0) == 0 &&
            target.find("nas.raidproj ") == std::string::npos) {
            partial = std::max(partial, std::filesystem::file_size(fd.path(), error));
        }
    }
    INFO("largest file the helper has open in the folder: " << partial << " bytes");
    CHECK(partial >= 128 * 1024);
    helper.kill();  // SIGKILL: no chance to clean up or commit
    REQUIRE(helper.waitForFinished(10'000));
    CHECK(helper.exitStatus() == QProcess::CrashExit);

    CHECK(readBytes(path) == before);
    // And the project still opens.
    const OpenResult reopened = ProjectDocument::open(path);
    CHECK(reopened.document != nullptr);
}

TEST_CASE("atomicWrite replaces the whole file or reports why not", "[document][atomic]") {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("a.raidproj"));
    REQUIRE(atomicWrite(path, "first").ok);
    REQUIRE(atomicWrite(path, "second, longer").ok);
    CHECK(readBytes(path) == "second, longer");
    const WriteResult failed =
        atomicWrite(dir.filePath(QStringLiteral("missing-folder/b.raidproj")), "x");
    CHECK_FALSE(failed.ok);
    CHECK(failed.error.contains(QStringLiteral("missing-folder/b.raidproj")));
}

TEST_CASE("a file changed on disk is not overwritten without asking", "[document][atomic]") {
    QTemporaryDir dir;
    const QString path = copyExample(dir, "small-nas.json", QStringLiteral("nas.raidproj"));
    OpenResult opened = ProjectDocument::open(path);
    REQUIRE(opened.document);
    ProjectDocument& doc = *opened.document;
    CHECK_FALSE(doc.changedOnDisk());
    REQUIRE(doc.setValue("/name", "mine", QStringLiteral("Rename")));

    // Someone else edits the file.
    const QByteArray theirs = readBytes(path).replace("\"name\"", "\"name\" ").append(' ');
    REQUIRE(writeBytes(path, theirs));
    CHECK(doc.changedOnDisk());
    const SaveResult refused = doc.save();
    CHECK(refused.outcome == SaveResult::Outcome::ChangedOnDisk);
    CHECK(refused.error.contains(QStringLiteral("changed on disk")));
    CHECK(readBytes(path) == theirs);
    CHECK(doc.isModified());

    // Overwrite, once the user said so.
    const SaveResult saved = doc.save(true);
    REQUIRE(saved.ok());
    CHECK(parse(readBytes(path))["name"] == "mine");
    CHECK_FALSE(doc.changedOnDisk());
    CHECK_FALSE(doc.isModified());

    // A file removed behind the document's back counts as changed too.
    QFile::remove(path);
    CHECK(doc.changedOnDisk());
    CHECK(doc.save().outcome == SaveResult::Outcome::ChangedOnDisk);
}
