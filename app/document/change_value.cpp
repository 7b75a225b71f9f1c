#include "change_value.h"

#include <QDateTime>

#include "project_document.h"

namespace raidadv::document {

namespace {
constexpr int kChangeValueId = 0x5241;  // "RA": any fixed id shared by mergeable ChangeValues
}

ChangeValue::ChangeValue(ProjectDocument* document, std::string pointer, std::optional<Json> before,
                         std::optional<Json> after, const QString& text, bool mergeable,
                         QUndoCommand* parent)
    : QUndoCommand(text, parent),
      document_(document),
      pointer_(std::move(pointer)),
      before_(std::move(before)),
      after_(std::move(after)),
      mergeable_(mergeable),
      lastEditMs_(QDateTime::currentMSecsSinceEpoch()) {}

void ChangeValue::undo() {
    document_->applyValue(pointer_, before_);
}

void ChangeValue::redo() {
    document_->applyValue(pointer_, after_);
}

int ChangeValue::id() const {
    return mergeable_ ? kChangeValueId : -1;
}

bool ChangeValue::mergeWith(const QUndoCommand* other) {
    const auto* next = dynamic_cast<const ChangeValue*>(other);
    if (next == nullptr || !next->mergeable_ || next->pointer_ != pointer_ ||
        next->document_ != document_ ||
        next->lastEditMs_ - lastEditMs_ > document_->mergeWindowMs()) {
        return false;
    }
    after_ = next->after_;
    lastEditMs_ = next->lastEditMs_;
    if (before_ == after_) {
        setObsolete(true);  // back where it started: the step disappears
    }
    return true;
}

}  // namespace raidadv::document
