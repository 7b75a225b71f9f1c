// File > Export report...: the advice shown (after any what-if changes) as a PDF (app/report),
// with the sensitivity analysis run for it. The export takes about a second; it runs on the GUI
// thread under a wait cursor (Qt Charts paints only there).

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLocale>
#include <QMenu>

#include "advisor/sensitivity.h"
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
    const advisor::Sensitivity sensitivity =
        advisor::sensitivity(result, request, advisor::standard_perturbations());
    std::optional<Catalog> catalog;  // for the names of the parts the request names by id
    try {
        catalog.emplace(Catalog::open(catalogPath_.isEmpty()
                                          ? Catalog::default_path()
                                          : std::filesystem::path(catalogPath_.toStdString())));
    } catch (const std::exception&) {
        // The report then names those parts after the candidates found.
    }
    report::ReportInput input;
    input.project_name = session_->name;
    input.request = &request;
    input.result = &result;
    input.sensitivity = &sensitivity;
    input.catalog = catalog ? &*catalog : nullptr;
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
