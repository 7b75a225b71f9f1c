// The wizard's first page: what the application does (a preset, then editable fields), and the
// shared base of the checked pages.

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QVBoxLayout>

#include "checked_field.h"
#include "input_parsing.h"
#include "measurement_import.h"
#include "project_wizard.h"
#include "wizard_pages.h"
#include "working_set_field.h"
#include "workload/presets.h"

namespace raidadv::gui {

namespace {

constexpr int kMaxConcurrency = 1'000'000;
constexpr double kMaxRate = 1e9;
constexpr int kMaxThreads = 1'000'000;  // as the project file allows (docs/file-format.md)

QString percentCheck(const QString& text) {
    return parseNumber(text, 0.0, 100.0).error;
}

}  // namespace

// ---- CheckedPage ----------------------------------------------------------------------------

bool CheckedPage::isComplete() const {
    for (const CheckedField* field : fields_) {
        if (!field->isValid()) {
            return false;
        }
    }
    return pageProblem().isEmpty();
}

CheckedField* CheckedPage::addField(const QString& name, const QString& text,
                                    std::function<QString(const QString&)> check) {
    auto* field = new CheckedField(name, text, std::move(check), this);
    fields_.push_back(field);
    connect(field, &CheckedField::edited, this, &QWizardPage::completeChanged);
    return field;
}

ProjectWizard* CheckedPage::projectWizard() const {
    return qobject_cast<ProjectWizard*>(wizard());
}

// ---- WorkloadPage ---------------------------------------------------------------------------

// Long: one form laid out top to bottom, a few lines per field (create, tooltip, check, row).
WorkloadPage::WorkloadPage(QWidget* parent) : CheckedPage(parent) {
    setObjectName(QStringLiteral("workloadPage"));
    setTitle(tr("Workload"));
    setSubTitle(
        tr("What will the storage be used for? Pick the closest kind of work; every value below "
           "stays editable. The advisor predicts response times at each load you list."));

    presetCombo_ = new QComboBox(this);
    presetCombo_->setObjectName(QStringLiteral("presetComboBox"));
    for (const WorkloadPreset& preset : workload_presets()) {
        presetCombo_->addItem(QString::fromStdString(preset.name),
                              QString::fromStdString(preset.id));
    }
    description_ = new QLabel(this);
    description_->setObjectName(QStringLiteral("presetDescriptionLabel"));
    description_->setWordWrap(true);

    projectName_ =
        addField(QStringLiteral("projectNameLineEdit"), tr("New storage"), [](const QString& text) {
            if (text.trimmed().isEmpty()) {
                return tr("give the project a name");
            }
            return text.size() > 200 ? tr("at most 200 characters") : QString();
        });
    workloadName_ =
        addField(QStringLiteral("workloadNameLineEdit"), QString(), [](const QString& text) {
            if (text.trimmed().isEmpty()) {
                return tr("give the workload a name");
            }
            return text.size() > 200 ? tr("at most 200 characters") : QString();
        });
    unitCombo_ = new QComboBox(this);
    unitCombo_->setObjectName(QStringLiteral("unitComboBox"));
    unitCombo_->addItem(tr("Block requests (databases, VMs, file shares)"));
    unitCombo_->addItem(tr("Whole files (archives, web content, media)"));
    readPercent_ =
        addField(QStringLiteral("readPercentLineEdit"), QStringLiteral("80"), percentCheck);
    sequentialPercent_ =
        addField(QStringLiteral("sequentialPercentLineEdit"), QStringLiteral("0"), percentCheck);
    arrivalRates_ =
        addField(QStringLiteral("arrivalRatesLineEdit"), QString(),
                 [](const QString& text) { return parseRateList(text, kMaxRate).error; });
    concurrency_ = addField(QStringLiteral("concurrencyLineEdit"), QStringLiteral("4, 16, 64"),
                            [this](const QString& text) {
                                if (text.trimmed().isEmpty() && arrivalRates_ != nullptr &&
                                    !arrivalRates_->text().trimmed().isEmpty()) {
                                    return QString();  // open load points only
                                }
                                return parseIntegerList(text, 1, kMaxConcurrency).error;
                            });
    threads_ = new QSpinBox(this);
    threads_->setObjectName(QStringLiteral("threads"));
    threads_->setRange(0, kMaxThreads);
    threads_->setSpecialValueText(tr("0 (one per outstanding request)"));
    threads_->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);  // as wide as its text
    threads_->setToolTip(
        tr("Threads or processes that submit the requests: fio's numjobs. 0 = one per "
           "outstanding request. The operating system's (and software RAID's) work for a "
           "request runs in the thread that submitted it, so at most this many cores do it at "
           "once: one fio job at iodepth 256 keeps 256 requests in flight on one core."));
    workingSet_ = newWorkingSetSpinBox(QStringLiteral("workingSet"), this);
    workingSet_->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    connect(arrivalRates_, &CheckedField::edited, concurrency_, &CheckedField::recheck);
    concurrency_->recheck();
    spread_ = new QCheckBox(tr("The application can spread its data over several volumes"), this);
    spread_->setObjectName(QStringLiteral("spreadCheckBox"));
    spread_->setToolTip(
        tr("Databases with several data files and mail stores with several databases can use "
           "independent volumes; a single file system cannot."));

    auto* form = new QFormLayout;
    form->addRow(tr("Kind of work:"), presetCombo_);
    form->addRow(QString(), description_);
    form->addRow(tr("Project name:"), projectName_->row());
    form->addRow(tr("Workload name:"), workloadName_->row());
    form->addRow(tr("Unit of work:"), unitCombo_);
    form->addRow(tr("Reads (%):"), readPercent_->row());
    form->addRow(tr("Sequential (%):"), sequentialPercent_->row());
    form->addRow(tr("Outstanding requests:"), concurrency_->row());
    form->addRow(tr("Arrival rates (per s):"), arrivalRates_->row());
    form->addRow(tr("Submitting threads:"), threads_);
    form->addRow(tr("Working set (GiB):"), workingSet_);
    form->addRow(QString(), spread_);
    concurrency_->edit()->setToolTip(
        tr("Closed load points: requests (or processes, for files) in flight at once, e.g. "
           "\"4, 16, 64\"."));
    arrivalRates_->edit()->setPlaceholderText(tr("optional, e.g. 100, 500"));
    arrivalRates_->edit()->setToolTip(
        tr("Open load points: requests (or files) arriving per second, whatever the response "
           "time. Leave empty to use outstanding requests only."));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(new MeasurementImport(this));
    layout->addStretch(1);
    // Tab follows the form from top to bottom (the fields were created in another order).
    setTabOrder(concurrency_->edit(), arrivalRates_->edit());
    setTabOrder(arrivalRates_->edit(), threads_);
    setTabOrder(threads_, workingSet_);
    setTabOrder(workingSet_, spread_);

    connect(presetCombo_, &QComboBox::currentIndexChanged, this, &WorkloadPage::choosePreset);
    connect(unitCombo_, &QComboBox::currentIndexChanged, this, &QWizardPage::completeChanged);
    const int fileServer = presetCombo_->findData(QStringLiteral("file-server"));
    presetCombo_->setCurrentIndex(fileServer >= 0 ? fileServer : 0);
    choosePreset(presetCombo_->currentIndex());
}

void WorkloadPage::choosePreset(int index) {
    const auto& presets = workload_presets();
    if (index < 0 || index >= static_cast<int>(presets.size())) {
        return;
    }
    const WorkloadPreset& preset = presets[static_cast<std::size_t>(index)];
    preset_ = preset.workload;
    ++presetGeneration_;
    description_->setText(QString::fromStdString(preset.description));
    description_->setToolTip(tr("Source: %1").arg(QString::fromStdString(preset.source)));
    workloadName_->setText(QString::fromStdString(preset.workload.name));
    unitCombo_->setCurrentIndex(preset.workload.unit == Workload::Unit::File ? 1 : 0);
    readPercent_->setText(formatPlain(preset.workload.read_fraction * 100.0, 1));
    sequentialPercent_->setText(formatPlain(preset.workload.sequential_fraction * 100.0, 1));
    arrivalRates_->setText(joinRates(preset.workload.arrival_rates_per_s));
    concurrency_->setText(joinInts(preset.workload.concurrency));
    threads_->setValue(preset.workload.threads);
    showWorkingSet(workingSet_, preset.workload.working_set_bytes);
    spread_->setChecked(preset.spreads_over_volumes);
    emit completeChanged();
}

bool WorkloadPage::fileLevel() const {
    return unitCombo_->currentIndex() == 1;
}

QString WorkloadPage::pageProblem() const {
    return {};
}

void WorkloadPage::apply(ProjectDraft& draft) const {
    draft.name = projectName_->text().trimmed();
    Workload& w = draft.workload;
    const SizeDistribution size = w.size;  // set by the Sizes page; keep it
    w = preset_;
    w.size = size;
    w.name = workloadName_->text().trimmed().toStdString();
    w.unit = fileLevel() ? Workload::Unit::File : Workload::Unit::Request;
    w.read_fraction = parseNumber(readPercent_->text(), 0, 100).value / 100.0;
    w.sequential_fraction = parseNumber(sequentialPercent_->text(), 0, 100).value / 100.0;
    w.concurrency = concurrency_->text().trimmed().isEmpty()
                        ? std::vector<int>{}
                        : parseIntegerList(concurrency_->text(), 1, kMaxConcurrency).value;
    w.arrival_rates_per_s = parseRateList(arrivalRates_->text(), kMaxRate).value;
    w.threads = threads_->value();
    // The preset's (or the import's) exact bytes while the field shows them.
    setWorkingSet(w, workingSetBytes(*workingSet_, preset_.working_set_bytes));
    draft.canSpreadOverVolumes = spread_->isChecked();
}

}  // namespace raidadv::gui
