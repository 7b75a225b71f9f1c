// Undo and redo over a sequence of edits: each step restores exactly the values before it,
// typing-like edits of one value merge, and the modified flag follows the clean state.

#include <QSignalSpy>
#include <catch2/catch.hpp>

#include "document_test_support.h"
#include "project_document.h"

using namespace raidadv::document;
using namespace raidadv::document::test;

TEST_CASE("undo and redo walk a sequence of edits exactly", "[document][undo]") {
    OpenResult opened =
        ProjectDocument::fromText(readBytes(examplePath("advisor-file-server-2007.json")));
    REQUIRE(opened.document);
    ProjectDocument& doc = *opened.document;
    QSignalSpy changed(&doc, &ProjectDocument::changed);
    QSignalSpy modified(&doc, &ProjectDocument::modifiedChanged);

    std::vector<Json> states{doc.root()};
    REQUIRE(doc.setValue("/advisor/capacity_gb", 2000, QStringLiteral("Capacity")));
    states.push_back(doc.root());
    REQUIRE(doc.setValue("/workloads/0/concurrency", Json::array({1, 8, 64}),
                         QStringLiteral("Load points")));
    states.push_back(doc.root());
    REQUIRE(doc.setValues({{"/advisor/budget", 5000}, {"/advisor/max_drive_bays", 8}},
                          QStringLiteral("Limits")));
    states.push_back(doc.root());
    REQUIRE(doc.setValue("/advisor/budget", std::nullopt, QStringLiteral("No budget")));
    states.push_back(doc.root());
    CHECK_FALSE(doc.root()["advisor"].contains("budget"));
    REQUIRE(doc.setValue("/session/pins", Json::array({"RAID 5 of 4"}), QStringLiteral("Pin")));
    states.push_back(doc.root());
    // Setting a value to what it is pushes nothing.
    CHECK_FALSE(doc.setValue("/advisor/capacity_gb", 2000, QStringLiteral("Capacity")));

    QUndoStack& stack = *doc.undoStack();
    REQUIRE(stack.count() == 5);
    CHECK(doc.isModified());
    CHECK(modified.count() == 1);
    CHECK(changed.count() >= 5);
    CHECK(stack.undoText() == QStringLiteral("Pin"));

    for (int i = 5; i > 0; --i) {
        stack.undo();
        CHECK(doc.root() == states[static_cast<std::size_t>(i - 1)]);
    }
    CHECK_FALSE(doc.isModified());
    CHECK(changed.last().at(0).toString() == QStringLiteral("/advisor/capacity_gb"));
    for (int i = 1; i <= 5; ++i) {
        stack.redo();
        CHECK(doc.root() == states[static_cast<std::size_t>(i)]);
    }
    CHECK(doc.isModified());
    CHECK(changed.last().at(0).toString() == QStringLiteral("/session"));  // created with it
}

TEST_CASE("mergeable edits of one value are one undo step", "[document][undo]") {
    OpenResult opened =
        ProjectDocument::fromText(readBytes(examplePath("advisor-file-server-2007.json")));
    REQUIRE(opened.document);
    ProjectDocument& doc = *opened.document;
    const Json original = doc.root();
    doc.setMergeWindowMs(60'000);
    for (int weight : {2, 3, 4, 5}) {
        doc.setValue("/advisor/weights/cost", weight, QStringLiteral("Cost weight"), true);
    }
    CHECK(doc.undoStack()->count() == 1);
    doc.setValue("/advisor/weights/performance", 7, QStringLiteral("Speed weight"), true);
    CHECK(doc.undoStack()->count() == 2);  // another value: another step
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    CHECK(doc.root() == original);

    // Outside the window, each edit is its own step.
    doc.setMergeWindowMs(-1);
    doc.setValue("/advisor/weights/cost", 2, QStringLiteral("Cost weight"), true);
    doc.setValue("/advisor/weights/cost", 3, QStringLiteral("Cost weight"), true);
    CHECK(doc.undoStack()->count() == 2);
}

TEST_CASE("an edit under missing parents is undone without leaving them", "[document][undo]") {
    OpenResult opened = ProjectDocument::fromText(readBytes(examplePath("small-nas.json")));
    REQUIRE(opened.document);
    ProjectDocument& doc = *opened.document;
    REQUIRE_FALSE(doc.root().contains("session"));
    const Json original = doc.root();
    REQUIRE(
        doc.setValue("/session/pins", Json::array({"RAID 5, 4 drives"}), QStringLiteral("Pin")));
    CHECK(doc.root()["session"]["pins"] == Json::array({"RAID 5, 4 drives"}));
    doc.undoStack()->undo();
    CHECK(doc.root() == original);
    doc.undoStack()->redo();
    CHECK(doc.root()["session"]["pins"].size() == 1);
}

TEST_CASE("the modified flag follows the saved state through undo", "[document][undo]") {
    QTemporaryDir dir;
    const QString path = copyExample(dir, "small-nas.json", QStringLiteral("nas.raidproj"));
    OpenResult opened = ProjectDocument::open(path);
    REQUIRE(opened.document);
    ProjectDocument& doc = *opened.document;
    doc.setValue("/name", "one", QStringLiteral("Rename"));
    REQUIRE(doc.save().ok());
    CHECK_FALSE(doc.isModified());
    doc.undoStack()->undo();  // back before the save: differs from the file
    CHECK(doc.isModified());
    doc.undoStack()->redo();
    CHECK_FALSE(doc.isModified());
}
