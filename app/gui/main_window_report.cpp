// File > Export report...: the advice shown (after any what-if changes) as a PDF (app/report),
// with the validation studies run for it. The export takes about a second; it runs on the GUI
// thread under a wait cursor (Qt Charts paints only there).

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLocale>
#include <QMenu>

#include "catalog/catalog.h"
#include "main_window.h"
#include "recommendations_model.h"
#include "report.h"

namespace raidadv::gui {

void MainWindow::createReportAction(QMenu* fileMenu) {
    exportReportAction_ =
        fileMenu->addAction(tr("&Export report..."), this, [this] { chooseReportFile(); });
    exportReportAction_->setObjectName(QStringLiteral("exportReportAction"));
}

void MainWindow::chooseReportFile() {
    if (recModel_->result().ranked.empty()) {
        reportError(tr("Nothing to report"),
                    {tr("Open a project that asks the advisor and wait for its "
                        "recommendations; the report presents them.")});
        return;
    }
    const QStringList sizes{QStringLiteral("A4"), QStringLiteral("Letter")};
    const bool letter = QLocale().measurementSystem() != QLocale::MetricSystem;
    bool ok = false;
    const QString size = QInputDialog::getItem(this, tr("Export report"), tr("Page size:"), sizes,
                                               letter ? 1 : 0, false, &ok);
    if (!ok) {
        return;
    }
    const QString base = session_->path.isEmpty() ? tr("raid-advisor-report")
                                                : QFileInfo(session_->path).completeBaseName();
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export report"),
        QFileInfo(session_->path).absoluteDir().filePath(base + QStringLiteral(".pdf")),
        tr("PDF files (*.pdf)"));
    if (path.isEmpty()) {
        return;
    }
    exportReportTo(path, size == sizes[1]);
}

bool MainWindow::exportReportTo(const QString& path, bool letter) {
    const advisor::Result& result = recModel_->result();
    const advisor::Request& request = recModel_->request();
    QApplication::setOverrideCursor(Qt::WaitCursor);
    QString note;
    std::optional<validation::ValidationReport> validation;
    try {
        const Catalog catalog = Catalog::open(
            catalogPath_.isEmpty() ? Catalog::default_path()
                                   : std::filesystem::path(catalogPath_.toStdString()));
        validation = report::run_validation_for_report(catalog, note);
    } catch (const std::exception& e) {
        note = tr("The validation studies were not run: the catalog could not be opened (%1).")
                   .arg(QString::fromUtf8(e.what()));
    }
    report::ReportInput input;
    input.project_name = session_->name;
    input.source_file = session_->path;
    input.request = &request;
    input.result = &result;
    input.validation = validation ? &*validation : nullptr;
    input.validation_note = note;
    input.app_version = QStringLiteral(RAID_ADVISOR_VERSION);
    input.page_size = letter ? report::PageSize::Letter : report::PageSize::A4;
    const report::ReportOutcome outcome = report::write_report(input, path);
    QApplication::restoreOverrideCursor();
    if (!outcome.error.isEmpty()) {
        reportError(tr("Export report"), {outcome.error});
        return false;
    }
    return true;
}

}  // namespace raidadv::gui
