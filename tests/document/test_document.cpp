// Project documents: every bundled example survives open, save, reopen with every field equal;
// keys the program does not edit survive; older files are migrated with a backup kept; newer and
// malformed files are refused with the problem named and nothing written.

#include <QDirIterator>
#include <QFileInfo>
#include <QSignalSpy>
#include <catch2/catch.hpp>

#include "catalog/catalog.h"
#include "document_test_support.h"
#include "project/project.h"
#include "project_document.h"

using namespace raidadv::document;
using namespace raidadv::document::test;

namespace {

const raidadv::Catalog& bundledCatalog() {
    static const raidadv::Catalog catalog = raidadv::Catalog::open(RAID_CATALOG_DB);
    return catalog;
}

QStringList examples() {
    QStringList paths;
    QDirIterator it(QStringLiteral(RAID_RESOURCES_DIR "/examples"), {QStringLiteral("*.json")});
    while (it.hasNext()) {
        paths << it.next();
    }
    paths.sort();
    return paths;
}

}  // namespace

TEST_CASE("every example round-trips: save, reopen, every field equal", "[document][round]") {
    QTemporaryDir dir;
    const QStringList paths = examples();
    REQUIRE(paths.size() >= 8);
    for (const QString& example : paths) {
        INFO(example.toStdString());
        OpenResult opened = ProjectDocument::open(example);
        REQUIRE(opened.document);
        CHECK(opened.notes.isEmpty());  // bundled at the current format version: nothing migrated
        ProjectDocument& doc = *opened.document;
        const Json original = parse(readBytes(example));
        // Migrated in memory: the fields are those of the file, header aside.
        for (const auto& item : original.items()) {
            if (item.key() != "version" && item.key() != "app_version") {
                CHECK(doc.root()[item.key()] == item.value());
            }
        }
        const QString target =
            dir.filePath(QFileInfo(example).completeBaseName() + QStringLiteral(".raidproj"));
        const SaveResult saved = doc.saveAs(target);
        REQUIRE(saved.ok());
        CHECK(saved.backupPath.isEmpty());  // saved elsewhere: the original is not touched
        CHECK(doc.path() == target);
        CHECK_FALSE(doc.isModified());

        const Json written = parse(readBytes(target));
        CHECK(written["format"] == "raid-advisor-project");
        CHECK(written["version"] == raidadv::kProjectFormatVersion);
        CHECK(written["written_by"]["app"] == "RAID Advisor");
        CHECK(written["written_by"]["version"] == RAID_ADVISOR_VERSION);
        for (const auto& item : original.items()) {
            if (item.key() != "version" && item.key() != "app_version") {
                CHECK(written[item.key()] == item.value());
            }
        }

        OpenResult reopened = ProjectDocument::open(target);
        REQUIRE(reopened.document);
        CHECK(reopened.notes.isEmpty());  // current version: nothing to migrate
        CHECK(reopened.document->root() == doc.root());
        CHECK(reopened.document->serialize() == readBytes(target));

        // The core reads the saved file as the same project.
        const raidadv::Project a = raidadv::load_project(example.toStdString(), bundledCatalog());
        const raidadv::Project b = raidadv::load_project(target.toStdString(), bundledCatalog());
        CHECK(a.name == b.name);
        CHECK(a.description == b.description);
        REQUIRE(a.systems.size() == b.systems.size());
        for (std::size_t i = 0; i < a.systems.size(); ++i) {
            CHECK(a.systems[i].name == b.systems[i].name);
            CHECK(a.systems[i].layout.drives == b.systems[i].layout.drives);
        }
        REQUIRE(a.workloads.size() == b.workloads.size());
        for (std::size_t i = 0; i < a.workloads.size(); ++i) {
            CHECK(a.workloads[i].name == b.workloads[i].name);
            CHECK(a.workloads[i].read_fraction == b.workloads[i].read_fraction);
            CHECK(a.workloads[i].concurrency == b.workloads[i].concurrency);
        }
        CHECK(a.advisor.has_value() == b.advisor.has_value());
        if (a.advisor && b.advisor) {
            CHECK(a.advisor->constraints.capacity_bytes == b.advisor->constraints.capacity_bytes);
            CHECK(a.advisor->constraints.budget_usd == b.advisor->constraints.budget_usd);
            CHECK(a.advisor->weights.performance == b.advisor->weights.performance);
        }
    }
}

TEST_CASE("edited values and keys the program does not edit survive a save", "[document][round]") {
    QTemporaryDir dir;
    const QString path =
        copyExample(dir, "advisor-file-server-2007.json", QStringLiteral("server.raidproj"));
    OpenResult opened = ProjectDocument::open(path);
    REQUIRE(opened.document);
    ProjectDocument& doc = *opened.document;
    REQUIRE(doc.setValue("/advisor/capacity_gb", 1234.5, QStringLiteral("Capacity")));
    REQUIRE(doc.setValue("/advisor/weights", Json{{"performance", 3}, {"cost", 1}},
                         QStringLiteral("Weights")));
    REQUIRE(doc.setValue("/session/pins", Json::array({"a", "b"}), QStringLiteral("Pin")));
    REQUIRE(doc.setValue("/description", "edited", QStringLiteral("Describe")));
    const Json before = doc.root();
    REQUIRE(doc.save().ok());

    const Json saved = parse(readBytes(path));
    CHECK(saved["advisor"]["capacity_gb"] == 1234.5);
    CHECK(saved["advisor"]["weights"] == Json{{"performance", 3}, {"cost", 1}});
    CHECK(saved["session"]["pins"] == Json::array({"a", "b"}));
    CHECK(saved["description"] == "edited");
    CHECK(saved["workloads"] == before["workloads"]);
    CHECK(saved["advisor"]["host"] == before["advisor"]["host"]);
    // Header keys first, then the file's own order.
    std::vector<std::string> keys;
    for (const auto& item : saved.items()) {
        keys.push_back(item.key());
    }
    REQUIRE(keys.size() >= 5);
    CHECK(keys[0] == "format");
    CHECK(keys[1] == "version");
    CHECK(keys[2] == "written_by");
    // The saved file is a valid project for the core.
    const raidadv::Project p = raidadv::load_project(path.toStdString(), bundledCatalog());
    REQUIRE(p.advisor);
    CHECK(p.advisor->constraints.capacity_bytes == Approx(1234.5e9));
    CHECK(p.session.pins == std::vector<std::string>{"a", "b"});
}

TEST_CASE("the selected configuration is view state: written by a save, no undo step",
          "[document][round]") {
    QTemporaryDir dir;
    const QString path =
        copyExample(dir, "advisor-file-server-2007.json", QStringLiteral("server.raidproj"));
    OpenResult opened = ProjectDocument::open(path);
    REQUIRE(opened.document);
    ProjectDocument& doc = *opened.document;
    QSignalSpy changed(&doc, &ProjectDocument::changed);
    doc.setViewState("/session/selected", Json("2 x RAID 1 pairs"));
    CHECK_FALSE(doc.isModified());
    CHECK(doc.undoStack()->count() == 0);
    CHECK(changed.isEmpty());
    REQUIRE(doc.save().ok());
    CHECK(parse(readBytes(path))["session"]["selected"] == "2 x RAID 1 pairs");
    const raidadv::Project p = raidadv::load_project(path.toStdString(), bundledCatalog());
    CHECK(p.session.selected == "2 x RAID 1 pairs");

    // Reopened: the value is read back; removing it leaves the pins' session alone.
    OpenResult reopened = ProjectDocument::open(path);
    REQUIRE(reopened.document);
    CHECK(reopened.document->value("/session/selected") == Json("2 x RAID 1 pairs"));
    reopened.document->setViewState("/session/selected", std::nullopt);
    CHECK_FALSE(reopened.document->value("/session/selected"));
    CHECK_FALSE(reopened.document->isModified());
}

TEST_CASE("an older file is migrated on open and its original kept on the first save",
          "[document][migration]") {
    QTemporaryDir dir;
    const QString path = copyVersion1Project(dir, "small-nas.json", QStringLiteral("nas.json"));
    const QByteArray original = readBytes(path);
    REQUIRE(parse(original)["version"] == 1);

    OpenResult opened = ProjectDocument::open(path);
    REQUIRE(opened.document);
    ProjectDocument& doc = *opened.document;
    REQUIRE(opened.notes.size() == 1);
    CHECK(opened.notes[0].contains(QStringLiteral("format version 1")));
    CHECK(doc.migratedFrom() == 1);
    CHECK(doc.root()["version"] == raidadv::kProjectFormatVersion);
    CHECK(doc.root().contains("written_by"));
    CHECK_FALSE(doc.root().contains("app_version"));
    CHECK_FALSE(doc.isModified());
    // Opening wrote nothing.
    CHECK(QDir(dir.path()).entryList(QDir::Files).size() == 1);
    CHECK(readBytes(path) == original);

    REQUIRE(doc.setValue("/name", "NAS, migrated", QStringLiteral("Rename")));
    const SaveResult saved = doc.save();
    REQUIRE(saved.ok());
    CHECK(saved.backupPath == path + QStringLiteral(".v1.bak"));
    CHECK(readBytes(saved.backupPath) == original);
    CHECK(parse(readBytes(path))["version"] == raidadv::kProjectFormatVersion);
    CHECK(doc.migratedFrom() == 0);

    // The second save keeps the backup as it was.
    REQUIRE(doc.setValue("/name", "again", QStringLiteral("Rename")));
    REQUIRE(doc.save().ok());
    CHECK(readBytes(path + QStringLiteral(".v1.bak")) == original);
}

TEST_CASE("newer and malformed files are refused and nothing is changed", "[document][refuse]") {
    QTemporaryDir dir;
    Json newer = parse(readBytes(examplePath("small-nas.json")));
    newer["version"] = raidadv::kProjectFormatVersion + 1;
    newer.erase("app_version");
    newer["written_by"] = {{"app", "RAID Advisor"}, {"version", "7.0.0"}};
    newer["new_section"] = {{"x", 1}};
    const QString newerPath = dir.filePath(QStringLiteral("newer.raidproj"));
    REQUIRE(writeBytes(newerPath, QByteArray::fromStdString(newer.dump(2))));
    const QString brokenPath = dir.filePath(QStringLiteral("broken.raidproj"));
    REQUIRE(writeBytes(brokenPath,
                       "{\n  \"format\": \"raid-advisor-project\",\n  \"version\": 2,\n"
                       "  \"name\": \"half\n"));
    const QString otherPath = dir.filePath(QStringLiteral("other.json"));
    REQUIRE(writeBytes(otherPath, R"({"format": "spreadsheet", "version": 1})"));
    const QString emptyPath = dir.filePath(QStringLiteral("empty.raidproj"));
    REQUIRE(writeBytes(emptyPath, ""));
    const QStringList before = snapshot(dir.path());

    const OpenResult n = ProjectDocument::open(newerPath);
    CHECK_FALSE(n.document);
    CHECK(n.error.toStdString() == "version: made by a newer RAID Advisor 7.0.0: format version " +
                                       std::to_string(raidadv::kProjectFormatVersion + 1) +
                                       ", this version reads up to " +
                                       std::to_string(raidadv::kProjectFormatVersion));

    const OpenResult b = ProjectDocument::open(brokenPath);
    CHECK_FALSE(b.document);
    INFO(b.error.toStdString());
    CHECK(b.error.startsWith(QStringLiteral("$: not valid JSON")));
    CHECK(b.error.contains(QStringLiteral("control character")));
    CHECK(b.error.contains(QStringLiteral("line 5")));

    const OpenResult o = ProjectDocument::open(otherPath);
    CHECK_FALSE(o.document);
    CHECK(o.error.startsWith(QStringLiteral("format: must be \"raid-advisor-project\"")));

    const OpenResult e = ProjectDocument::open(emptyPath);
    CHECK_FALSE(e.document);
    CHECK(e.error.startsWith(QStringLiteral("$:")));

    const OpenResult missing = ProjectDocument::open(dir.filePath(QStringLiteral("nope.json")));
    CHECK_FALSE(missing.document);
    CHECK(missing.error.contains(QStringLiteral("no such file")));

    CHECK(snapshot(dir.path()) == before);
}
