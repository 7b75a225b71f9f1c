#include "catalog_entry_dialog.h"
#include "error_text.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPalette>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>
#include <utility>

#include "catalog_table_model.h"

namespace raidadv::gui {

namespace {

QLabel* reasonLabel(const QString& objectName, QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    QPalette palette = label->palette();
    palette.setColor(QPalette::WindowText, errorTextColor(palette));
    label->setPalette(palette);
    label->hide();
    return label;
}

}  // namespace

CatalogEntryDialog::CatalogEntryDialog(raidadv::CatalogKind kind,
                                       const raidadv::CatalogFields& initial, Submit submit,
                                       QWidget* parent)
    : QDialog(parent), submit_(std::move(submit)) {
    setObjectName(QStringLiteral("catalogEntryDialog"));
    auto* layout = new QVBoxLayout(this);
    general_ = reasonLabel(QStringLiteral("generalReasonLabel"), this);
    layout->addWidget(general_);

    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* form = new QWidget(scroll);
    auto* rows = new QFormLayout(form);
    for (const raidadv::CatalogColumnInfo& c : raidadv::catalog_columns(kind)) {
        const QString name = QString::fromStdString(c.name);
        auto* edit = new QLineEdit(form);
        edit->setObjectName(name + QStringLiteral("LineEdit"));
        const auto it = initial.find(c.name);
        if (it != initial.end()) {
            edit->setText(QString::fromStdString(it->second));
        }
        QString hint = QString::fromStdString(c.allowed);
        if (!c.only.empty()) {
            hint += tr("; %1 only").arg(QString::fromStdString(c.only));
        }
        hint += c.required ? tr("; required") : tr("; optional");
        edit->setPlaceholderText(hint);
        edit->setToolTip(QStringLiteral("%1: %2").arg(name, hint));
        auto* cell = new QWidget(form);
        auto* cellLayout = new QVBoxLayout(cell);
        cellLayout->setContentsMargins(0, 0, 0, 0);
        cellLayout->setSpacing(1);
        cellLayout->addWidget(edit);
        QLabel* reason = reasonLabel(name + QStringLiteral("ReasonLabel"), cell);
        cellLayout->addWidget(reason);
        QString label = CatalogTableModel::headerFor(name);
        if (c.required) {
            label += QStringLiteral(" *");
        }
        rows->addRow(label, cell);
        edits_[name] = edit;
        reasons_[name] = reason;
    }
    scroll->setWidget(form);
    // Wide enough for the fields beside the vertical scroll bar; reasons wrap below them.
    scroll->setMinimumWidth(form->sizeHint().width() +
                            scroll->verticalScrollBar()->sizeHint().width() +
                            2 * scroll->frameWidth());
    layout->addWidget(scroll, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->setObjectName(QStringLiteral("entryButtonBox"));
    connect(buttons, &QDialogButtonBox::accepted, this, &CatalogEntryDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &CatalogEntryDialog::reject);
    layout->addWidget(buttons);
    resize(560, 640);
}

raidadv::CatalogFields CatalogEntryDialog::fields() const {
    raidadv::CatalogFields out;
    for (const auto& [name, edit] : edits_) {
        out[name.toStdString()] = edit->text().toStdString();
    }
    return out;
}

QLineEdit* CatalogEntryDialog::field(const QString& column) const {
    const auto it = edits_.find(column);
    return it == edits_.end() ? nullptr : it->second;
}

void CatalogEntryDialog::accept() {
    for (auto& [name, label] : reasons_) {
        label->clear();
        label->hide();
    }
    general_->hide();
    problems_.clear();
    const std::vector<raidadv::CatalogError> errors = submit_(fields());
    QStringList general;
    QLineEdit* first = nullptr;
    for (const raidadv::CatalogError& e : errors) {
        const QString where = QString::fromStdString(e.where);
        const QString message = QString::fromStdString(e.message);
        problems_ << (where.isEmpty() ? message : where + QStringLiteral(": ") + message);
        const auto it = reasons_.find(where);
        if (it == reasons_.end()) {
            general << problems_.back();
            continue;
        }
        QLabel* label = it->second;
        label->setText(label->text().isEmpty() ? message
                                               : label->text() + QLatin1Char('\n') + message);
        label->show();
        first = first != nullptr ? first : edits_[where];
    }
    if (!general.isEmpty()) {
        general_->setText(general.join(QLatin1Char('\n')));
        general_->show();
    }
    if (errors.empty()) {
        QDialog::accept();
    } else if (first != nullptr) {
        first->setFocus();
    }
}

}  // namespace raidadv::gui
