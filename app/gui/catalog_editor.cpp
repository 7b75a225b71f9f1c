#include "catalog_editor.h"
#include "error_text.h"

#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPalette>
#include <QPushButton>
#include <QSaveFile>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

#include "calibrate_dialog.h"
#include "catalog_entry_dialog.h"
#include "catalog_table_model.h"
#include "user_catalog.h"

namespace raidadv::gui {

namespace {

using raidadv::CatalogKind;

std::size_t slot(CatalogKind kind) {
    return static_cast<std::size_t>(kind);
}

QString kindName(CatalogKind kind) {
    return QString::fromUtf8(raidadv::catalog_kind_name(kind).data(),
                             static_cast<int>(raidadv::catalog_kind_name(kind).size()));
}

QString tabTitle(CatalogKind kind) {
    switch (kind) {
        case CatalogKind::Drives:
            return QObject::tr("Drives");
        case CatalogKind::Controllers:
            return QObject::tr("Controllers");
        case CatalogKind::Links:
            return QObject::tr("Links");
        case CatalogKind::Hosts:
            break;
    }
    return QObject::tr("Hosts");
}

}  // namespace

CatalogEditor::CatalogEditor(const QString& catalogPath, const QString& userPath, QWidget* parent)
    : QWidget(parent, Qt::Window) {
    setObjectName(QStringLiteral("catalogEditor"));
    setWindowTitle(tr("Hardware catalog - RAID Advisor"));
    confirm_ = [this](const QString& question) {
        return QMessageBox::question(this, tr("Catalog"), question) == QMessageBox::Yes;
    };
    auto* layout = new QVBoxLayout(this);
    tabs_ = new QTabWidget(this);
    tabs_->setObjectName(QStringLiteral("catalogTabWidget"));
    for (CatalogKind kind : raidadv::kCatalogKinds) {
        addTablePage(kind);
    }
    connect(tabs_, &QTabWidget::currentChanged, this, &CatalogEditor::updateButtons);
    layout->addWidget(tabs_, 1);
    layout->addLayout(createButtonRow());

    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("catalogStatusLabel"));
    status_->setWordWrap(true);
    status_->setTextFormat(Qt::PlainText);
    layout->addWidget(status_);

    openCatalog(catalogPath, userPath);
    reload();
    resize(1100, 600);
}

void CatalogEditor::addTablePage(CatalogKind kind) {
    const QString name = kindName(kind);
    auto* page = new QWidget(tabs_);
    auto* pageLayout = new QVBoxLayout(page);
    auto* filter = new QLineEdit(page);
    filter->setObjectName(name + QStringLiteral("FilterLineEdit"));
    filter->setPlaceholderText(tr("Filter: any part of any column"));
    filter->setClearButtonEnabled(true);
    pageLayout->addWidget(filter);

    auto* model = new CatalogTableModel(kind, this);
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model);
    proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy->setFilterKeyColumn(-1);
    proxy->setSortRole(Qt::UserRole);
    connect(filter, &QLineEdit::textChanged, proxy, &QSortFilterProxyModel::setFilterFixedString);

    auto* view = new QTableView(page);
    view->setObjectName(name + QStringLiteral("TableView"));
    view->setModel(proxy);
    view->setSortingEnabled(true);
    view->sortByColumn(-1, Qt::AscendingOrder);  // catalog order until a header is clicked
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->verticalHeader()->hide();
    view->setWordWrap(false);  // one line per entry; the full text is in the tooltip
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 8);
    view->horizontalHeader()->setDefaultSectionSize(110);
    view->setColumnWidth(0, 90);
    view->setColumnWidth(1, 190);
    view->setColumnWidth(2, 230);
    connect(view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &CatalogEditor::updateButtons);
    connect(view, &QTableView::doubleClicked, this, [this] {
        const raidadv::CatalogRow* row = selectedRow();
        if (row != nullptr && row->user) {
            editEntry();
        }
    });
    pageLayout->addWidget(view, 1);
    tabs_->addTab(page, tabTitle(kind));
    models_[slot(kind)] = model;
    proxies_[slot(kind)] = proxy;
    views_[slot(kind)] = view;
}

QHBoxLayout* CatalogEditor::createButtonRow() {
    auto* buttons = new QHBoxLayout;
    auto button = [&](const QString& text, const char* objectName) {
        auto* b = new QPushButton(text, this);
        b->setObjectName(QString::fromLatin1(objectName));
        buttons->addWidget(b);
        return b;
    };
    addButton_ = button(tr("&Add..."), "addEntryButton");
    editButton_ = button(tr("&Edit..."), "editEntryButton");
    deleteButton_ = button(tr("&Delete"), "deleteEntryButton");
    buttons->addSpacing(16);
    importButton_ = button(tr("&Import CSV..."), "importCsvButton");
    exportButton_ = button(tr("E&xport CSV..."), "exportCsvButton");
    QPushButton* calibrate = button(tr("&Calibrate..."), "calibrateButton");
    calibrate->setToolTip(tr("Fit the estimated figures to runs measured on your own system"));
    buttons->addStretch(1);
    QPushButton* close = button(tr("&Close"), "closeCatalogButton");
    connect(close, &QPushButton::clicked, this, &QWidget::close);
    // Escape closes the window, as in a dialog (the filter fields keep Escape while they clear).
    auto* escape = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    connect(escape, &QShortcut::activated, this, &QWidget::close);
    connect(addButton_, &QPushButton::clicked, this, [this] { addEntry(); });
    connect(editButton_, &QPushButton::clicked, this, [this] { editEntry(); });
    connect(deleteButton_, &QPushButton::clicked, this, [this] { deleteSelected(); });
    connect(importButton_, &QPushButton::clicked, this, &CatalogEditor::chooseImport);
    connect(exportButton_, &QPushButton::clicked, this, &CatalogEditor::chooseExport);
    connect(calibrate, &QPushButton::clicked, this, [this] {
        if (catalog_ == nullptr) {
            return;
        }
        auto* dialog = new CalibrateDialog(*catalog_, this);  // calibrate_dialog.h
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &CalibrateDialog::entriesWritten, this, [this] {
            reload();
            emit catalogChanged();
        });
        dialog->open();
    });
    return buttons;
}

void CatalogEditor::openCatalog(const QString& catalogPath, const QString& userPath) {
    try {
        const std::filesystem::path bundled =
            catalogPath.isEmpty() ? raidadv::Catalog::default_path() : catalogFsPath(catalogPath);
        raidadv::CatalogOpenResult opened =
            userPath.isEmpty() ? raidadv::CatalogOpenResult{raidadv::Catalog::open(bundled), {}}
                               : raidadv::Catalog::open(bundled, catalogFsPath(userPath),
                                                        raidadv::BrokenUserCatalog::Ignore);
        catalog_ = std::make_unique<raidadv::Catalog>(std::move(opened.catalog));
        if (!opened.message.empty()) {
            showMessage(QString::fromStdString(opened.message), true);
        } else if (userPath.isEmpty()) {
            showMessage(tr("No user catalog: the bundled entries can be browsed only."), false);
        } else {
            showMessage(tr("Your entries are kept in %1. Bundled entries (greyed) are read-only.")
                            .arg(userPath),
                        false);
        }
    } catch (const std::exception& e) {
        showMessage(QString::fromStdString(e.what()), true);
    }
}

CatalogEditor::~CatalogEditor() = default;

CatalogKind CatalogEditor::currentKind() const {
    return raidadv::kCatalogKinds[std::max(0, tabs_->currentIndex())];
}

void CatalogEditor::setCurrentKind(CatalogKind kind) {
    tabs_->setCurrentIndex(static_cast<int>(slot(kind)));
}

QTableView* CatalogEditor::tableView(CatalogKind kind) const {
    return views_[slot(kind)];
}
QSortFilterProxyModel* CatalogEditor::proxy(CatalogKind kind) const {
    return proxies_[slot(kind)];
}
CatalogTableModel* CatalogEditor::model(CatalogKind kind) const {
    return models_[slot(kind)];
}

void CatalogEditor::showMessage(const QString& text, bool error) {
    status_->setText(text);
    QPalette palette = status_->palette();
    palette.setColor(
        QPalette::WindowText,
        error ? errorTextColor(palette) : QApplication::palette().color(QPalette::WindowText));
    status_->setPalette(palette);
}

void CatalogEditor::reload() {
    for (CatalogKind kind : raidadv::kCatalogKinds) {
        std::vector<raidadv::CatalogRow> rows;
        if (catalog_) {
            try {
                rows = catalog_->rows(kind);
            } catch (const std::exception& e) {
                showMessage(QString::fromStdString(e.what()), true);
            }
        }
        models_[slot(kind)]->setRows(std::move(rows));
    }
    updateButtons();
}

const raidadv::CatalogRow* CatalogEditor::selectedRow() const {
    const CatalogKind kind = currentKind();
    const QModelIndexList rows = views_[slot(kind)]->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        return nullptr;
    }
    const QModelIndex source = proxies_[slot(kind)]->mapToSource(rows.first());
    return source.isValid() ? &models_[slot(kind)]->row(source.row()) : nullptr;
}

void CatalogEditor::select(const QString& id) {
    const CatalogKind kind = currentKind();
    const int row = models_[slot(kind)]->rowOf(id);
    if (row < 0) {
        return;
    }
    const QModelIndex index =
        proxies_[slot(kind)]->mapFromSource(models_[slot(kind)]->index(row, 0));
    if (index.isValid()) {
        views_[slot(kind)]->selectRow(index.row());
        views_[slot(kind)]->scrollTo(index);
    }
}

void CatalogEditor::updateButtons() {
    const bool editable = catalog_ && !catalog_->user_path().empty();
    const raidadv::CatalogRow* row = selectedRow();
    addButton_->setEnabled(editable);
    importButton_->setEnabled(editable);
    exportButton_->setEnabled(catalog_ != nullptr);
    editButton_->setEnabled(editable && row != nullptr && row->user);
    deleteButton_->setEnabled(editable && row != nullptr && row->user);
    const QString why = tr("Bundled entries are read-only; add a user entry instead.");
    editButton_->setToolTip(row != nullptr && !row->user ? why : QString());
    deleteButton_->setToolTip(row != nullptr && !row->user ? why : QString());
}

CatalogEntryDialog* CatalogEditor::addEntry() {
    if (!catalog_) {
        return nullptr;
    }
    const CatalogKind kind = currentKind();
    raidadv::CatalogFields initial;
    if (const raidadv::CatalogRow* row = selectedRow()) {
        // A copy of the selected entry as a starting point; the id must be new.
        const std::vector<raidadv::CatalogColumnInfo>& columns = models_[slot(kind)]->columns();
        for (std::size_t i = 0; i < columns.size(); ++i) {
            initial[columns[i].name] = row->fields[i];
        }
        initial["id"].clear();
    }
    auto* dialog = new CatalogEntryDialog(
        kind, initial,
        [this, kind](const raidadv::CatalogFields& fields) {
            std::vector<raidadv::CatalogError> errors = catalog_->add_user_entry(kind, fields);
            if (errors.empty()) {
                reload();
                const auto id = fields.find("id");
                select(QString::fromStdString(id != fields.end() ? id->second : std::string())
                           .trimmed());
                showMessage(tr("Added %1.").arg(QString::fromStdString(fields.at("id"))), false);
                emit catalogChanged();
            }
            return errors;
        },
        this);
    dialog->setWindowTitle(tr("Add %1 entry").arg(kindName(kind)));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->show();
    return dialog;
}

CatalogEntryDialog* CatalogEditor::editEntry() {
    const raidadv::CatalogRow* row = selectedRow();
    if (!catalog_ || row == nullptr || !row->user) {
        return nullptr;
    }
    const CatalogKind kind = currentKind();
    const std::string id = row->id();
    raidadv::CatalogFields initial;
    const std::vector<raidadv::CatalogColumnInfo>& columns = models_[slot(kind)]->columns();
    for (std::size_t i = 0; i < columns.size(); ++i) {
        initial[columns[i].name] = row->fields[i];
    }
    auto* dialog = new CatalogEntryDialog(
        kind, initial,
        [this, kind, id](const raidadv::CatalogFields& fields) {
            std::vector<raidadv::CatalogError> errors =
                catalog_->update_user_entry(kind, id, fields);
            if (errors.empty()) {
                reload();
                select(QString::fromStdString(fields.at("id")).trimmed());
                showMessage(tr("Saved %1.").arg(QString::fromStdString(fields.at("id"))), false);
                emit catalogChanged();
            }
            return errors;
        },
        this);
    dialog->setWindowTitle(tr("Edit %1").arg(QString::fromStdString(id)));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->show();
    return dialog;
}

bool CatalogEditor::deleteSelected() {
    const raidadv::CatalogRow* row = selectedRow();
    if (!catalog_ || row == nullptr || !row->user) {
        return false;
    }
    const QString id = QString::fromStdString(row->id());
    if (!confirm_(tr("Delete your entry %1? This cannot be undone.").arg(id))) {
        return false;
    }
    const std::vector<raidadv::CatalogError> errors =
        catalog_->remove_user_entry(currentKind(), id.toStdString());
    if (!errors.empty()) {
        showMessage(QString::fromStdString(errors.front().message), true);
        return false;
    }
    reload();
    showMessage(tr("Deleted %1.").arg(id), false);
    emit catalogChanged();
    return true;
}

raidadv::CatalogImportReport CatalogEditor::importFile(const QString& path) {
    raidadv::CatalogImportReport report;
    QFile file(path);
    if (!catalog_) {
        report.file_errors.push_back({path.toStdString(), "no catalog is open"});
    } else if (!file.open(QIODevice::ReadOnly)) {
        report.file_errors.push_back(
            {path.toStdString(), "cannot be read: " + file.errorString().toStdString()});
    } else {
        const QByteArray text = file.readAll();
        report = catalog_->import_csv(
            currentKind(),
            std::string_view(text.constData(), static_cast<std::size_t>(text.size())),
            QFileInfo(path).fileName().toStdString());
    }
    if (report.accepted > 0) {
        reload();
        emit catalogChanged();
    }
    showImportReport(report, path);
    return report;
}

void CatalogEditor::showImportReport(const raidadv::CatalogImportReport& report,
                                     const QString& path) {
    const QString name = QFileInfo(path).fileName();
    QString summary = tr("%1: imported %n row(s)", nullptr, report.accepted).arg(name);
    if (!report.rejected.empty()) {
        summary +=
            tr(", rejected %n (reasons below)", nullptr, static_cast<int>(report.rejected.size()));
    }
    QStringList lines{summary};
    for (const raidadv::CatalogError& e : report.file_errors) {
        lines << QString::fromStdString(e.where + ": " + e.message);
    }
    auto* dialog = new QDialog(this);
    dialog->setObjectName(QStringLiteral("importReportDialog"));
    dialog->setWindowTitle(tr("CSV import"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto* layout = new QVBoxLayout(dialog);
    auto* label = new QLabel(lines.join(QLatin1Char('\n')), dialog);
    label->setObjectName(QStringLiteral("importSummaryLabel"));
    label->setWordWrap(true);
    layout->addWidget(label);
    auto* table = new QTableWidget(0, 4, dialog);
    table->setObjectName(QStringLiteral("rejectedRowsTableWidget"));
    table->setHorizontalHeaderLabels({tr("line"), tr("id"), tr("column"), tr("reason")});
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (const raidadv::CatalogRejectedRow& row : report.rejected) {
        for (const raidadv::CatalogError& reason : row.reasons) {
            const int r = table->rowCount();
            table->insertRow(r);
            table->setItem(r, 0, new QTableWidgetItem(QString::number(row.line)));
            table->setItem(r, 1, new QTableWidgetItem(QString::fromStdString(row.id)));
            table->setItem(r, 2, new QTableWidgetItem(QString::fromStdString(reason.where)));
            table->setItem(r, 3, new QTableWidgetItem(QString::fromStdString(reason.message)));
            lines << QStringLiteral("line %1 %2: %3")
                         .arg(row.line)
                         .arg(QString::fromStdString(reason.where),
                              QString::fromStdString(reason.message));
        }
    }
    table->setWordWrap(true);
    for (int c = 0; c < 3; ++c) {
        table->resizeColumnToContents(c);
    }
    table->resizeRowsToContents();
    table->setVisible(table->rowCount() > 0);
    layout->addWidget(table, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(buttons);
    dialog->resize(760, table->rowCount() > 0 ? 380 : 140);
    lastReport_ = lines.join(QLatin1Char('\n'));
    showMessage(summary, !report.rejected.empty() || !report.file_errors.empty());
    dialog->open();
}

bool CatalogEditor::exportFile(const QString& path, bool all) {
    if (!catalog_) {
        return false;
    }
    const std::string text = catalog_->export_csv(
        currentKind(), all ? raidadv::CatalogExportScope::All : raidadv::CatalogExportScope::User);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(text.data(), static_cast<qint64>(text.size())) !=
            static_cast<qint64>(text.size()) ||
        !file.commit()) {
        showMessage(tr("Could not write %1: %2").arg(path, file.errorString()), true);
        return false;
    }
    showMessage(tr("Wrote %1.").arg(path), false);
    return true;
}

void CatalogEditor::chooseImport() {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Import %1 from CSV").arg(kindName(currentKind())),
                                     QString(), tr("CSV files (*.csv);;All files (*)"));
    if (!path.isEmpty()) {
        importFile(path);
    }
}

void CatalogEditor::chooseExport() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export your %1 as CSV").arg(kindName(currentKind())),
        kindName(currentKind()) + QStringLiteral(".csv"), tr("CSV files (*.csv)"));
    if (!path.isEmpty()) {
        exportFile(path, false);
    }
}

}  // namespace raidadv::gui
