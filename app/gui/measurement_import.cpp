// The workload page's measurement import: core/measure does the reading; this file fills the
// page's fields, shows the summary and the size histogram, and keeps the page's previous state
// for "Undo import".

#include "measurement_import.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMimeData>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>

#include "checked_field.h"
#include "input_parsing.h"
#include "measure/measure.h"
#include "wizard_pages.h"
#include "working_set_field.h"

namespace raidadv::gui {

namespace {

/// The size distribution as rows of text bars (at most 12 bins, the heaviest).
QString histogramText(const SizeDistribution& d) {
    std::vector<SizeDistribution::Bin> bins =
        d.kind == SizeDistribution::Kind::Histogram
            ? d.bins
            : std::vector<SizeDistribution::Bin>{{d.fixed_bytes, 1.0}};
    double total = 0;
    for (const auto& b : bins) {
        total += b.weight;
    }
    if (bins.size() > 12) {
        std::sort(bins.begin(), bins.end(),
                  [](const auto& a, const auto& b) { return a.weight > b.weight; });
        bins.resize(12);
        std::sort(bins.begin(), bins.end(),
                  [](const auto& a, const auto& b) { return a.bytes < b.bytes; });
    }
    QStringList rows;
    for (const auto& b : bins) {
        const double share = total > 0 ? b.weight / total : 0;
        const int width = std::max(1, static_cast<int>(share * 40 + 0.5));
        rows << QStringLiteral("%1 %2 %3%")
                    .arg(formatSizeBinary(b.bytes), 9)
                    .arg(QString(width, QChar(0x2588)))
                    .arg(formatPlain(share * 100, 1));
    }
    return QStringLiteral("<pre>%1</pre>").arg(rows.join(QLatin1Char('\n')).toHtmlEscaped());
}

}  // namespace

MeasurementImport::MeasurementImport(WorkloadPage* page) : QWidget(page), page_(page) {
    setObjectName(QStringLiteral("measurementImportWidget"));
    importButton_ = new QPushButton(tr("Import measurements..."), this);
    importButton_->setObjectName(QStringLiteral("importMeasurementsPushButton"));
    importButton_->setToolTip(
        tr("Fill this page from what your server recorded: fio JSON or json+, a fio iolog, "
           "iostat -x (text or JSON) or blkparse output. You can also drop the file here."));
    undoButton_ = new QPushButton(tr("Undo import"), this);
    undoButton_->setObjectName(QStringLiteral("undoImportPushButton"));
    undoButton_->setEnabled(false);
    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("importSummaryLabel"));
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    histogram_ = new QLabel(this);
    histogram_->setObjectName(QStringLiteral("importHistogramLabel"));
    histogram_->setVisible(false);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(importButton_);
    buttons->addWidget(undoButton_);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(buttons);
    layout->addWidget(summary_);
    layout->addWidget(histogram_);

    connect(importButton_, &QPushButton::clicked, this, &MeasurementImport::chooseFile);
    connect(undoButton_, &QPushButton::clicked, this, &MeasurementImport::undoImport);
    page_->setAcceptDrops(true);
    page_->installEventFilter(this);
}

void MeasurementImport::chooseFile() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import measurements"), QString(),
        tr("Measurements (*.json *.jsonplus *.iolog *.log *.txt);;All files (*)"));
    if (!path.isEmpty()) {
        importFile(path);
    }
}

bool MeasurementImport::eventFilter(QObject* watched, QEvent* event) {
    if (watched == page_ && event->type() == QEvent::DragEnter) {
        auto* drag = static_cast<QDragEnterEvent*>(event);
        if (drag->mimeData()->hasUrls() && drag->mimeData()->urls().size() == 1 &&
            drag->mimeData()->urls().front().isLocalFile()) {
            drag->acceptProposedAction();
            return true;
        }
    } else if (watched == page_ && event->type() == QEvent::Drop) {
        auto* drop = static_cast<QDropEvent*>(event);
        if (drop->mimeData()->hasUrls() && !drop->mimeData()->urls().isEmpty()) {
            importFile(drop->mimeData()->urls().front().toLocalFile());
            drop->acceptProposedAction();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

MeasurementImport::Saved MeasurementImport::save() const {
    Saved s;
    s.preset = page_->preset_;
    s.presetGeneration = page_->presetGeneration_;
    s.workloadName = page_->workloadName_->text();
    s.read = page_->readPercent_->text();
    s.sequential = page_->sequentialPercent_->text();
    s.concurrency = page_->concurrency_->text();
    s.rates = page_->arrivalRates_->text();
    s.unit = page_->unitCombo_->currentIndex();
    s.threads = page_->threads_->value();
    s.workingSet = workingSetBytes(*page_->workingSet_, page_->preset_.working_set_bytes);
    s.kind = page_->presetCombo_->currentIndex();
    s.kindDescription = page_->description_->text();
    return s;
}

void MeasurementImport::restore(const Saved& s) {
    page_->preset_ = s.preset;
    ++page_->presetGeneration_;  // the Sizes page reloads the size distribution
    page_->workloadName_->setText(s.workloadName);
    page_->unitCombo_->setCurrentIndex(s.unit);
    page_->readPercent_->setText(s.read);
    page_->sequentialPercent_->setText(s.sequential);
    page_->arrivalRates_->setText(s.rates);
    page_->concurrency_->setText(s.concurrency);
    page_->threads_->setValue(s.threads);
    // Shown rounded; the page's apply() takes the preset's exact bytes while the field shows them.
    showWorkingSet(page_->workingSet_, s.workingSet);
    if (s.kind >= 0) {
        // (an entry past the presets changes no field: WorkloadPage::choosePreset)
        page_->presetCombo_->setCurrentIndex(s.kind);
        page_->description_->setText(s.kindDescription);
    }
    emit page_->completeChanged();
}

bool MeasurementImport::importFile(const QString& path) {
    std::vector<measure::ImportedWorkload> imported;
    try {
        imported = measure::import_file(path.toStdString());
    } catch (const measure::ImportError& e) {
        summary_->setText(tr("Not imported: %1").arg(QString::fromStdString(e.what())));
        histogram_->setVisible(false);
        return false;
    }
    const measure::ImportedWorkload& first = imported.front();
    const Saved previous = save();
    Workload w = first.workload;
    page_->preset_ = w;
    // "Kind of work" says the workload is the measured one, not the preset it replaced.
    int kind = page_->presetCombo_->findData(QStringLiteral("imported"));
    if (kind < 0) {
        page_->presetCombo_->addItem(tr("Imported measurements"), QStringLiteral("imported"));
        kind = page_->presetCombo_->count() - 1;
    }
    restore({w, page_->presetGeneration_, QString::fromStdString(w.name),
             formatPlain(w.read_fraction * 100.0, 1), formatPlain(w.sequential_fraction * 100.0, 1),
             joinInts(w.concurrency), joinRates(w.arrival_rates_per_s), 0, w.threads,
             w.working_set_bytes, kind,
             tr("The workload measured in %1 (below); every value stays editable.")
                 .arg(QFileInfo(path).fileName())});
    before_ = previous;
    undoButton_->setEnabled(true);

    QStringList lines;
    lines << tr("Read %1 (%2): %3")
                 .arg(QFileInfo(path).fileName(), QString::fromStdString(first.source_format),
                      QString::fromStdString(first.description));
    lines << tr("Reads %1%, sequential %2%, mean request %3.")
                 .arg(formatPlain(w.read_fraction * 100, 1),
                      formatPlain(w.sequential_fraction * 100, 1),
                      formatSizeBinary(w.size.mean_bytes()));
    if (w.working_set_bytes > 0.0) {
        lines << tr("Working set %1.").arg(formatSizeBinary(w.working_set_bytes));
    }
    for (const measure::MeasuredPoint& m : first.measured) {
        lines << tr("Measured: %1 IOPS, %2 MB/s, mean response %3 ms.")
                     .arg(formatPlain(m.iops, 0), formatPlain(m.mb_per_s, 2),
                          formatPlain(m.mean_response_s * 1e3, 3));
    }
    for (const std::string& note : first.notes) {
        lines << tr("Note: %1").arg(QString::fromStdString(note));
    }
    if (imported.size() > 1) {
        lines << tr("The file holds %1 workloads; the first was used.").arg(imported.size());
    }
    summary_->setText(lines.join(QLatin1Char('\n')));
    histogram_->setText(histogramText(w.size));
    histogram_->setVisible(true);
    return true;
}

bool MeasurementImport::undoImport() {
    if (!before_) {
        return false;
    }
    restore(*before_);
    before_.reset();
    undoButton_->setEnabled(false);
    summary_->setText(tr("Import undone."));
    histogram_->setVisible(false);
    return true;
}

QString MeasurementImport::summaryText() const {
    return summary_->text();
}

}  // namespace raidadv::gui
