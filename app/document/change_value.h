#pragma once
// The one undo command for project edits: the value at a JSON pointer goes from `before` to
// `after` (either may be "absent"). Consecutive mergeable edits of the same value within the merge
// window become one undo step, so dragging a slider or typing is undone at once (Tiled
// changevalue.h).

#include <QUndoCommand>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace raidadv::document {

class ProjectDocument;

using Json = nlohmann::ordered_json;

class ChangeValue : public QUndoCommand {
  public:
    /// `pointer` is a JSON pointer ("/advisor/weights", "" for the whole project).
    ChangeValue(ProjectDocument* document, std::string pointer, std::optional<Json> before,
                std::optional<Json> after, const QString& text, bool mergeable,
                QUndoCommand* parent = nullptr);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

    const std::string& pointer() const { return pointer_; }

  private:
    ProjectDocument* document_;
    std::string pointer_;
    std::optional<Json> before_;
    std::optional<Json> after_;
    bool mergeable_;
    qint64 lastEditMs_;  ///< when the newest merged edit was made
};

}  // namespace raidadv::document
