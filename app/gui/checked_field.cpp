#include "checked_field.h"
#include "error_text.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPalette>
#include <utility>

namespace raidadv::gui {

CheckedField::CheckedField(const QString& name, const QString& text, Check check, QWidget* parent)
    : QObject(parent), check_(std::move(check)) {
    setObjectName(name + QStringLiteral("Check"));
    row_ = new QWidget(parent);
    auto* layout = new QHBoxLayout(row_);
    layout->setContentsMargins(0, 0, 0, 0);
    edit_ = new QLineEdit(text, row_);
    edit_->setObjectName(name);
    // One width whether or not a reason is shown next to it.
    edit_->setFixedWidth(edit_->fontMetrics().horizontalAdvance(QLatin1Char('0')) * 26);
    reason_ = new QLabel(row_);
    QString reasonName = name;
    reasonName.replace(QStringLiteral("LineEdit"), QStringLiteral("ReasonLabel"));
    reason_->setObjectName(reasonName);
    reason_->setWordWrap(true);
    reason_->setTextFormat(Qt::PlainText);
    QPalette palette = reason_->palette();
    palette.setColor(QPalette::WindowText, errorTextColor(palette));
    reason_->setPalette(palette);
    reason_->setBuddy(edit_);
    layout->addWidget(edit_);
    layout->addWidget(reason_, 1);
    layout->addStretch(0);  // keeps the edit at the left while no reason is shown
    connect(edit_, &QLineEdit::textChanged, this, [this] {
        recheck();
        emit edited();
    });
    recheck();
}

QString CheckedField::text() const {
    return edit_->text();
}

void CheckedField::setText(const QString& text) {
    edit_->setText(text);
    recheck();
}

void CheckedField::setQuiet(bool quiet) {
    quiet_ = quiet;
    recheck();
}

void CheckedField::recheck() {
    reasonText_ = check_ ? check_(edit_->text()) : QString();
    const QString shown = quiet_ ? QString() : reasonText_;
    reason_->setText(shown);
    reason_->setVisible(!shown.isEmpty());
    edit_->setToolTip(shown);
    edit_->setStyleSheet(
        shown.isEmpty() ? QString() : QStringLiteral("QLineEdit { border: 2px solid #c01c1c; }"));
}

}  // namespace raidadv::gui
