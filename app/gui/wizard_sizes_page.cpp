// The wizard's sizes page: the request-size (or file-size) distribution, edited as one size, a
#include "error_text.h"
// range, a lognormal or a histogram, with a live chart of what the model will use. File sizes can
// come from a listing file or a scan of a folder (core/workload/size_import.h).

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressDialog>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <atomic>
#include <fstream>
#include <memory>

#include "chart_widget.h"
#include "checked_field.h"
#include "input_parsing.h"
#include "project_wizard.h"
#include "units/units.h"
#include "wizard_pages.h"
#include "workload/size_import.h"

namespace raidadv::gui {

namespace {

using Kind = SizeDistribution::Kind;

constexpr int kHistogramBins = 24;

// The project reader's limits (docs/file-format.md, Workloads).
constexpr double kMinRequestBytes = 512.0;
constexpr double kMaxRequestBytes = units::GiB;
constexpr double kMinFileBytes = 1.0;
constexpr double kMaxFileBytes = units::TiB;

QWidget* formPage(QWidget* parent, const std::vector<std::pair<QString, QWidget*>>& rows) {
    auto* page = new QWidget(parent);
    auto* form = new QFormLayout(page);
    form->setContentsMargins(0, 0, 0, 0);
    for (const auto& [label, widget] : rows) {
        form->addRow(label, widget);
    }
    return page;
}

}  // namespace

// Long: one form laid out top to bottom, a few lines per field (create, tooltip, check, row).
SizesPage::SizesPage(QWidget* parent) : CheckedPage(parent) {
    setObjectName(QStringLiteral("sizesPage"));
    setTitle(tr("Request sizes"));

    kindCombo_ = new QComboBox(this);
    kindCombo_->setObjectName(QStringLiteral("sizeKindComboBox"));
    kindCombo_->addItem(tr("One size"));
    kindCombo_->addItem(tr("Any size in a range (uniform)"));
    kindCombo_->addItem(tr("Typical size with a spread (lognormal)"));
    kindCombo_->addItem(tr("Histogram: sizes with weights"));

    const auto sizeCheck = [this](const QString& text) {
        return parseSize(text, units::KiB, minBytes(), maxBytes()).error;
    };
    fixed_ = addField(QStringLiteral("fixedSizeLineEdit"), QStringLiteral("4 KiB"), sizeCheck);
    uniformMin_ =
        addField(QStringLiteral("uniformMinLineEdit"), QStringLiteral("4 KiB"), sizeCheck);
    uniformMax_ = addField(QStringLiteral("uniformMaxLineEdit"), QStringLiteral("64 KiB"),
                           [this, sizeCheck](const QString& text) {
                               QString error = sizeCheck(text);
                               if (error.isEmpty() && uniformMin_ != nullptr) {
                                   const auto lo =
                                       parseSize(uniformMin_->text(), units::KiB, 0, 1e300);
                                   const auto hi = parseSize(text, units::KiB, 0, 1e300);
                                   if (lo.ok() && hi.value <= lo.value) {
                                       error = tr("must be larger than the smallest size");
                                   }
                               }
                               return error;
                           });
    connect(uniformMin_, &CheckedField::edited, uniformMax_, &CheckedField::recheck);
    median_ = addField(QStringLiteral("medianSizeLineEdit"), QStringLiteral("16 KiB"), sizeCheck);
    sigma_ = addField(QStringLiteral("sigmaLineEdit"), QStringLiteral("1"),
                      positiveNumberCheck(4.0, tr("must be above 0 (0 would be one size)")));
    sigma_->edit()->setToolTip(
        tr("Spread of ln(size): 0.5 = most sizes within x1.6 of the typical one; 1.5 = a long "
           "tail of large sizes."));
    histogram_ = new QPlainTextEdit(this);
    histogram_->setObjectName(QStringLiteral("histogramTextEdit"));
    histogram_->setTabChangesFocus(true);  // Tab moves on; the list needs no tab characters
    histogram_->setPlaceholderText(tr("One line per size: SIZE WEIGHT, e.g.\n4 KiB 60\n64 KiB 10"));
    histogram_->setMinimumHeight(histogram_->fontMetrics().lineSpacing() * 6);
    histogramReason_ = new QLabel(this);
    histogramReason_->setObjectName(QStringLiteral("histogramReasonLabel"));
    histogramReason_->setWordWrap(true);
    QPalette red = histogramReason_->palette();
    red.setColor(QPalette::WindowText, errorTextColor(red));
    histogramReason_->setPalette(red);

    auto* importButton = new QPushButton(tr("Import a size listing..."), this);
    importButton->setObjectName(QStringLiteral("importListingButton"));
    importButton->setToolTip(
        tr("A text file with one size in bytes per line (find DIR -type f -printf '%s\\n'), or a "
           "CSV file with a size column."));
    auto* scanButton = new QPushButton(tr("Scan a folder..."), this);
    scanButton->setObjectName(QStringLiteral("scanFolderButton"));
    scanButton->setToolTip(tr("Reads the size of every file under a folder (links not followed)."));
    importStatus_ = new QLabel(this);
    importStatus_->setObjectName(QStringLiteral("importStatusLabel"));
    importStatus_->setWordWrap(true);
    auto* histogramBox = new QWidget(this);
    auto* histogramLayout = new QVBoxLayout(histogramBox);
    histogramLayout->setContentsMargins(0, 0, 0, 0);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(importButton);
    buttons->addWidget(scanButton);
    buttons->addStretch(1);
    histogramLayout->addWidget(histogram_);
    histogramLayout->addWidget(histogramReason_);
    histogramLayout->addLayout(buttons);
    histogramLayout->addWidget(importStatus_);

    stack_ = new QStackedWidget(this);
    stack_->addWidget(formPage(stack_, {{tr("Size:"), fixed_->row()}}));
    stack_->addWidget(formPage(
        stack_, {{tr("Smallest:"), uniformMin_->row()}, {tr("Largest:"), uniformMax_->row()}}));
    stack_->addWidget(formPage(stack_, {{tr("Typical (median) size:"), median_->row()},
                                        {tr("Spread (sigma):"), sigma_->row()}}));
    stack_->addWidget(histogramBox);

    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("sizeSummaryLabel"));
    chart_ = new charts::ChartWidget(this);
    chart_->setObjectName(QStringLiteral("sizeChartWidget"));
    chart_->setMinimumHeight(200);

    auto* left = new QVBoxLayout;
    auto* kindForm = new QFormLayout;
    kindForm->addRow(tr("Sizes are:"), kindCombo_);
    left->addLayout(kindForm);
    left->addWidget(stack_);
    left->addWidget(summary_);
    left->addStretch(1);
    auto* layout = new QHBoxLayout(this);
    layout->addLayout(left, 1);
    layout->addWidget(chart_, 1);

    connect(kindCombo_, &QComboBox::currentIndexChanged, this, [this](int index) {
        stack_->setCurrentIndex(index);
        updatePreview();
    });
    for (CheckedField* field : fields_) {
        connect(field, &CheckedField::edited, this, &SizesPage::updatePreview);
    }
    connect(histogram_, &QPlainTextEdit::textChanged, this, [this] {
        updatePreview();
        emit completeChanged();
    });
    connect(importButton, &QPushButton::clicked, this, &SizesPage::importListing);
    connect(scanButton, &QPushButton::clicked, this, &SizesPage::scanFolder);
}

double SizesPage::minBytes() const {
    return files_ ? kMinFileBytes : kMinRequestBytes;
}

double SizesPage::maxBytes() const {
    return files_ ? kMaxFileBytes : kMaxRequestBytes;
}

void SizesPage::initializePage() {
    const WorkloadPage* workload = projectWizard()->workloadPage();
    files_ = workload->fileLevel();
    setTitle(files_ ? tr("File sizes") : tr("Request sizes"));
    setSubTitle(
        files_ ? tr("How large are the files read or written whole? Describe them, or import a "
                    "listing or scan a folder of real files. The chart shows the sizes the model "
                    "uses and how often each occurs.")
               : tr("How large is each request the application sends? Most applications mix a "
                    "few sizes; the chart shows the sizes the model uses and how often each "
                    "occurs."));
    if (loadedGeneration_ != workload->presetGeneration()) {
        loadedGeneration_ = workload->presetGeneration();
        setDistribution(workload->presetWorkload().size);
    }
    for (CheckedField* field : fields_) {
        field->recheck();
    }
    updatePreview();
}

void SizesPage::setDistribution(const SizeDistribution& d) {
    switch (d.kind) {
        case Kind::Fixed:
            fixed_->setText(formatSizeBinary(d.fixed_bytes));
            break;
        case Kind::Uniform:
            uniformMin_->setText(formatSizeBinary(d.min_bytes));
            uniformMax_->setText(formatSizeBinary(d.max_bytes));
            break;
        case Kind::Lognormal:
            median_->setText(formatSizeBinary(d.median_bytes));
            sigma_->setText(formatPlain(d.sigma, 3));
            break;
        case Kind::Histogram:
            histogram_->setPlainText(histogramText(d.bins));
            break;
    }
    kindCombo_->setCurrentIndex(static_cast<int>(d.kind));
    updatePreview();
    emit completeChanged();
}

SizeDistribution SizesPage::distribution() const {
    SizeDistribution d;
    d.kind = static_cast<Kind>(kindCombo_->currentIndex());
    const double lo = minBytes();
    const double hi = maxBytes();
    switch (d.kind) {
        case Kind::Fixed:
            d.fixed_bytes = parseSize(fixed_->text(), units::KiB, lo, hi).value;
            break;
        case Kind::Uniform:
            d.min_bytes = parseSize(uniformMin_->text(), units::KiB, lo, hi).value;
            d.max_bytes = parseSize(uniformMax_->text(), units::KiB, lo, hi).value;
            break;
        case Kind::Lognormal:
            d.median_bytes = parseSize(median_->text(), units::KiB, lo, hi).value;
            d.sigma = parseNumber(sigma_->text(), 0, 4).value;
            d.min_bytes = lo;
            d.max_bytes = hi;
            break;
        case Kind::Histogram:
            d.bins = parseHistogram(histogram_->toPlainText(), lo, hi).value;
            break;
    }
    return d;
}

QString SizesPage::pageProblem() const {
    switch (static_cast<Kind>(kindCombo_->currentIndex())) {
        case Kind::Fixed:
            return fixed_->reason();
        case Kind::Uniform:
            return uniformMin_->isValid() ? uniformMax_->reason() : uniformMin_->reason();
        case Kind::Lognormal:
            return median_->isValid() ? sigma_->reason() : median_->reason();
        case Kind::Histogram:
            return parseHistogram(histogram_->toPlainText(), minBytes(), maxBytes()).error;
    }
    return {};
}

void SizesPage::apply(ProjectDraft& draft) const {
    draft.workload.size = distribution();
}

void SizesPage::updatePreview() {
    const bool histogramMode = kindCombo_->currentIndex() == static_cast<int>(Kind::Histogram);
    const QString histogramError =
        histogramMode ? parseHistogram(histogram_->toPlainText(), minBytes(), maxBytes()).error
                      : QString();
    histogramReason_->setText(histogramError);
    histogramReason_->setVisible(!histogramError.isEmpty());

    const QString problem = pageProblem();
    if (!problem.isEmpty()) {
        summary_->setText(tr("Fix the field marked in red to see the sizes."));
        chart_->showMessage(tr("No chart: %1").arg(problem));
        return;
    }
    // The GUI asks the core what the model uses: discretize() and mean_bytes().
    const SizeDistribution d = distribution();
    const std::vector<SizeDistribution::Bin> points = d.discretize(16);
    summary_->setText(tr("Mean size %1 (the model uses %2 size points).")
                          .arg(formatSizeBinary(d.mean_bytes()))
                          .arg(points.size()));
    charts::BarChart bars;
    bars.title = files_ ? tr("File sizes the model uses") : tr("Request sizes the model uses");
    bars.x_title = tr("Size");
    bars.y_title = files_ ? tr("Share of files (%)") : tr("Share of requests (%)");
    bars.value_unit = QStringLiteral(" %");
    for (const SizeDistribution::Bin& bin : points) {
        bars.categories.push_back(formatSizeBinary(bin.bytes));
        bars.values.push_back(bin.weight * 100.0);
    }
    chart_->setBars(bars);
}

void SizesPage::useSizes(const std::vector<double>& sizes, const QString& what) {
    const SizeSummary s = summarize_sizes(sizes);
    if (s.count == 0) {
        importStatus_->setText(tr("%1: no file sizes found.").arg(what));
        return;
    }
    SizeDistribution d = histogram_from_sizes(sizes, kHistogramBins);
    // Sizes below the smallest allowed (empty files) join the smallest allowed size.
    for (SizeDistribution::Bin& bin : d.bins) {
        bin.bytes = std::clamp(bin.bytes, minBytes(), maxBytes());
    }
    setDistribution(d);
    importStatus_->setText(tr("%1: %2 files, mean %3, median %4, 90% below %5.")
                               .arg(what)
                               .arg(s.count)
                               .arg(formatSizeBinary(s.mean_bytes),
                                    formatSizeBinary(s.median_bytes),
                                    formatSizeBinary(s.p90_bytes)));
}

void SizesPage::importListing() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Import a size listing"), {},
                                                      tr("Listings (*.txt *.csv);;All files (*)"));
    if (!path.isEmpty()) {
        importListingFile(path);
    }
}

bool SizesPage::importListingFile(const QString& path) {
    std::ifstream in(QFile::encodeName(path).toStdString());
    if (!in) {
        importStatus_->setText(tr("Cannot open %1.").arg(path));
        return false;
    }
    const SizeImportResult result = import_size_listing(in);
    useSizes(result.sizes, QFileInfo(path).fileName());
    if (result.problem_count > 0 && !result.problems.empty()) {
        importStatus_->setText(importStatus_->text() +
                               tr(" %1 lines skipped; first: line %2: %3")
                                   .arg(result.problem_count)
                                   .arg(result.problems.front().line)
                                   .arg(QString::fromStdString(result.problems.front().message)));
    }
    return true;
}

void SizesPage::scanFolder() {
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Scan a folder"));
    if (folder.isEmpty()) {
        return;
    }
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    auto* progress = new QProgressDialog(tr("Reading file sizes under %1...").arg(folder),
                                         tr("Cancel"), 0, 0, this);
    progress->setObjectName(QStringLiteral("scanProgressDialog"));
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(300);
    connect(progress, &QProgressDialog::canceled, this, [cancel] { *cancel = true; });
    auto* watcher = new QFutureWatcher<SizeImportResult>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, progress, folder] {
        const SizeImportResult result = watcher->result();
        watcher->deleteLater();
        progress->deleteLater();
        if (result.cancelled) {
            importStatus_->setText(tr("Scan of %1 cancelled.").arg(folder));
            return;
        }
        useSizes(result.sizes, QFileInfo(folder).fileName());
    });
    const std::string root = QFile::encodeName(folder).toStdString();
    watcher->setFuture(QtConcurrent::run([root, cancel] {
        FolderScanOptions options;
        options.cancel = cancel.get();
        return scan_folder_sizes(root, options);
    }));
}

}  // namespace raidadv::gui
