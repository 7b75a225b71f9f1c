#include "what_if_panel.h"
#include "error_text.h"

#include <QBoxLayout>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>

#include "advisor/explain.h"
#include "checked_field.h"
#include "input_parsing.h"
#include "raid_software_choice.h"
#include "size_units.h"
#include "system/raid_software.h"
#include "units/units.h"
#include "working_set_field.h"

namespace raidadv::gui {

namespace {

using namespace advisor::limits;  // the project file's ranges (docs/file-format.md)
constexpr double kMaxCapacityBytes = kMaxCapacityGb * units::GB;
constexpr int kMaxConcurrency = 1'000'000;
constexpr int kMaxThreads = 1'000'000;  // as the project file allows (docs/file-format.md)
constexpr int kWeightSteps = 10;        ///< slider positions per unit weight... 0..10 scale

QSlider* weightSlider(const QString& name, QWidget* parent) {
    auto* slider = new QSlider(Qt::Horizontal, parent);
    slider->setObjectName(name);
    slider->setRange(0, kWeightSteps);
    slider->setPageStep(1);
    return slider;
}

/// `slider` with its value as a number to its right (0 to 10): the weight it sets.
QWidget* withValue(QSlider* slider, QWidget* parent) {
    auto* row = new QWidget(parent);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* value = new QLabel(row);
    QString name = slider->objectName();
    name.replace(QStringLiteral("Slider"), QStringLiteral("ValueLabel"));
    value->setObjectName(name);
    // Room for "10" whatever the font, so the slider does not jump as the number changes.
    value->setMinimumWidth(value->fontMetrics().horizontalAdvance(QStringLiteral("10")) + 4);
    value->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    value->setNum(slider->value());
    QObject::connect(slider, &QSlider::valueChanged, value, [value](int v) { value->setNum(v); });
    layout->addWidget(slider, 1);
    layout->addWidget(value);
    return row;
}

/// Weights are relative; the sliders show them scaled so the largest is 10 (at least 1 step).
int sliderValue(double weight, double largest) {
    if (largest <= 0.0 || weight <= 0.0) {
        return 0;
    }
    return std::max(1, static_cast<int>(std::lround(weight / largest * kWeightSteps)));
}

double usdPerCurrencyUnit(const advisor::Request& request) {
    const double rate = request.constraints.usd_per_currency_unit;
    return rate > 0.0 && std::isfinite(rate) ? rate : 1.0;
}

}  // namespace

// Long: one form laid out top to bottom, a few lines per field (create, tooltip, check, row).
WhatIfPanel::WhatIfPanel(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("whatIfPanel"));
    searchTimer_ = new QTimer(this);
    searchTimer_->setSingleShot(true);
    searchTimer_->setInterval(600);
    connect(searchTimer_, &QTimer::timeout, this, [this] {
        if (isValid()) {
            emit searchRequested();
        }
    });

    concurrency_ = addField(QStringLiteral("whatIfConcurrencyLineEdit"), [](const QString& t) {
        return parseIntegerList(t, 1, kMaxConcurrency).error;
    });
    readPercent_ = addField(QStringLiteral("whatIfReadPercentLineEdit"),
                            [](const QString& t) { return parseNumber(t, 0, 100).error; });
    capacity_ = addField(QStringLiteral("whatIfCapacityLineEdit"), [](const QString& t) {
        return parseSize(t, units::TB, 0, kMaxCapacityBytes).error;
    });
    budget_ = addField(QStringLiteral("whatIfBudgetLineEdit"), optionalLimitCheck(kMaxBudget));
    budget_->edit()->setPlaceholderText(tr("no limit"));
    bays_ = addField(QStringLiteral("whatIfBaysLineEdit"),
                     [](const QString& t) { return parseInteger(t, 1, kMaxDriveBays).error; });
    rebuild_ = addField(QStringLiteral("whatIfMaxRebuildHoursLineEdit"),
                        optionalLimitCheck(kMaxRebuildHours));
    rebuild_->edit()->setPlaceholderText(tr("no limit"));
    rebuild_->edit()->setToolTip(tr("Longest acceptable rebuild of one failed drive, in hours."));
    power_ = addField(QStringLiteral("whatIfMaxPowerLineEdit"), optionalLimitCheck(kMaxPowerW));
    power_->edit()->setPlaceholderText(tr("no limit"));
    power_->edit()->setToolTip(tr("Most power the drives may draw together while active, in W."));
    threads_ = new QSpinBox(this);
    threads_->setObjectName(QStringLiteral("whatIfThreadsSpinBox"));
    threads_->setRange(0, kMaxThreads);
    threads_->setSpecialValueText(tr("0 (one per request)"));
    threads_->setToolTip(
        tr("Threads or processes that submit the requests: fio's numjobs. 0 = one per "
           "outstanding request. At most this many cores do the operating system's work for "
           "the requests at once."));
    connect(threads_, &QSpinBox::valueChanged, this, &WhatIfPanel::fieldEdited);
    workingSet_ = newWorkingSetSpinBox(QStringLiteral("whatIfWorkingSetSpinBox"), this);
    connect(workingSet_, &QDoubleSpinBox::valueChanged, this, &WhatIfPanel::fieldEdited);
    failures_ = new QComboBox(this);
    failures_->setObjectName(QStringLiteral("whatIfFailuresComboBox"));
    for (int i = 0; i <= 3; ++i) {
        failures_->addItem(QString::number(i));
    }
    connect(failures_, &QComboBox::currentIndexChanged, this, &WhatIfPanel::fieldEdited);
    raidSoftwareChoice_ = new QComboBox(this);
    raidSoftwareChoice_->setObjectName(QStringLiteral("whatIfRaidSoftwareComboBox"));
    addRaidSoftwareItems(raidSoftwareChoice_);
    // The panel is narrow: the longest label is elided rather than widening the dock.
    raidSoftwareChoice_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    raidSoftwareChoice_->setMinimumContentsLength(16);
    raidSoftwareChoice_->setToolTip(
        tr("Which software keeps the data redundant. A choice other than Any leaves out the "
           "others and independent drives; ZFS needs a computer that runs it."));
    connect(raidSoftwareChoice_, &QComboBox::currentIndexChanged, this, &WhatIfPanel::fieldEdited);
    mdBitmapChoice_ = new QComboBox(this);
    mdBitmapChoice_->setObjectName(QStringLiteral("whatIfMdBitmapComboBox"));
    // The file words (system/md_bitmap.h): mdadm's default, always, never.
    mdBitmapChoice_->addItem(tr("mdadm's default"), QStringLiteral("auto"));
    mdBitmapChoice_->addItem(tr("Internal"), QStringLiteral("internal"));
    mdBitmapChoice_->addItem(tr("None"), QStringLiteral("none"));
    mdBitmapChoice_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    mdBitmapChoice_->setMinimumContentsLength(16);
    mdBitmapToolTip_ =
        tr("Linux md's write-intent bitmap (mdadm --bitmap). mdadm's default: internal on drives "
           "over 100 GiB. With one, a write to a region idle for 5 to 10 s first waits while md "
           "updates the bitmap on every drive; without one, a crash or power cut makes md "
           "resynchronize the whole array instead of the regions being written.");
    mdBitmapChoice_->setToolTip(mdBitmapToolTip_);
    connect(mdBitmapChoice_, &QComboBox::currentIndexChanged, this, &WhatIfPanel::fieldEdited);
    powerSafe_ =
        addCheckBox(QStringLiteral("whatIfPowerLossSafeCheckBox"), tr("Writes survive a power cut"),
                    tr("Drive write caches off: writes wait for the disk (no data lost "
                       "in the drives' volatile caches at a power cut)."));
    raidSoftware_ = addCheckBox(
        QStringLiteral("whatIfRaidSoftwareOwnedCheckBox"), tr("RAID software owned"),
        tr("You have the host RAID software (licence) a controller's RAID levels need: RAID "
           "layouts on it cost no more than simple volumes."));

    performance_ = weightSlider(QStringLiteral("whatIfPerformanceWeightSlider"), this);
    cost_ = weightSlider(QStringLiteral("whatIfCostWeightSlider"), this);
    reliability_ = weightSlider(QStringLiteral("whatIfReliabilityWeightSlider"), this);
    capacityWeight_ = weightSlider(QStringLiteral("whatIfCapacityWeightSlider"), this);
    reason_ = new QLabel(this);
    reason_->setObjectName(QStringLiteral("whatIfReasonLabel"));
    reason_->setWordWrap(true);
    QPalette red = reason_->palette();
    red.setColor(QPalette::WindowText, errorTextColor(red));
    reason_->setPalette(red);
    reason_->hide();
    for (QSlider* slider : {performance_, cost_, reliability_, capacityWeight_}) {
        connect(slider, &QSlider::valueChanged, this, [this] {
            if (filling_) {
                return;
            }
            const bool allZero = performance_->value() + cost_->value() + reliability_->value() +
                                     capacityWeight_->value() ==
                                 0;
            reason_->setText(allZero ? tr("At least one weight must be above 0.") : QString());
            reason_->setVisible(allZero);
            if (!allZero) {
                emit weightsChanged();
            }
        });
    }

    auto* weights = new QGroupBox(tr("What matters (re-ranks at once)"), this);
    auto* weightsForm = new QFormLayout(weights);
    weightsForm->addRow(tr("Speed:"), withValue(performance_, weights));
    weightsForm->addRow(tr("Low cost:"), withValue(cost_, weights));
    weightsForm->addRow(tr("Low loss risk:"), withValue(reliability_, weights));
    weightsForm->addRow(tr("Spare capacity:"), withValue(capacityWeight_, weights));
    weightsForm->addRow(reason_);

    auto* needs = new QGroupBox(tr("Workload and limits (searches again)"), this);
    auto* needsForm = new QFormLayout(needs);
    needsForm->setRowWrapPolicy(QFormLayout::WrapAllRows);
    concurrencyLabel_ = new QLabel(tr("Outstanding requests:"), this);
    concurrencyLabel_->setBuddy(concurrency_->edit());
    needsForm->addRow(concurrencyLabel_, concurrency_->row());
    needsForm->addRow(tr("Reads (%):"), readPercent_->row());
    needsForm->addRow(tr("Submitting threads:"), threads_);
    needsForm->addRow(tr("Working set (GiB):"), workingSet_);
    capacityLabel_ = new QLabel(this);
    capacityLabel_->setBuddy(capacity_->edit());
    needsForm->addRow(capacityLabel_, capacity_->row());
    budgetLabel_ = new QLabel(tr("Budget (USD):"), this);
    budgetLabel_->setBuddy(budget_->edit());
    needsForm->addRow(budgetLabel_, budget_->row());
    needsForm->addRow(tr("Drive bays:"), bays_->row());
    needsForm->addRow(tr("Drive failures to survive:"), failures_);
    needsForm->addRow(tr("Longest rebuild (h):"), rebuild_->row());
    needsForm->addRow(tr("Drive power (W):"), power_->row());
    needsForm->addRow(tr("RAID software:"), raidSoftwareChoice_);
    needsForm->addRow(tr("md write-intent bitmap:"), mdBitmapChoice_);
    needsForm->addRow(powerSafe_);
    needsForm->addRow(raidSoftware_);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(weights);
    layout->addWidget(needs);
    layout->addStretch(1);
    updateCapacityLabel();
    // Empty until a project's question fills them: no complaints about values no one entered.
    for (CheckedField* field : fields_) {
        field->setQuiet(true);
    }
    setEnabled(false);
}

void WhatIfPanel::updateCapacityLabel() {
    capacityLabel_->setText(tr("Capacity now (e.g. 4 %1):").arg(capacityUnit(4e12).name));
}

CheckedField* WhatIfPanel::addField(const QString& name,
                                    std::function<QString(const QString&)> check) {
    auto* field = new CheckedField(name, QString(), std::move(check), this);
    field->edit()->setMinimumWidth(
        field->edit()->fontMetrics().horizontalAdvance(QLatin1Char('0')) * 8);
    field->edit()->setMaximumWidth(QWIDGETSIZE_MAX);
    // The panel is narrow: the edit takes the row's width (the reason wraps below it).
    if (auto* row = qobject_cast<QBoxLayout*>(field->row()->layout())) {
        row->setStretchFactor(field->edit(), 1);
        row->setDirection(QBoxLayout::TopToBottom);
    }
    connect(field, &CheckedField::edited, this, &WhatIfPanel::fieldEdited);
    fields_.push_back(field);
    return field;
}

QCheckBox* WhatIfPanel::addCheckBox(const QString& name, const QString& text,
                                    const QString& toolTip) {
    auto* box = new QCheckBox(text, this);
    box->setObjectName(name);
    box->setToolTip(toolTip);
    connect(box, &QCheckBox::toggled, this, &WhatIfPanel::fieldEdited);
    return box;
}

void WhatIfPanel::offerZfs(const advisor::Request& request) {
    auto* items = qobject_cast<QStandardItemModel*>(raidSoftwareChoice_->model());
    const int row = raidSoftwareChoice_->findData(
        QString::fromLatin1(advisor::to_string(advisor::RaidSoftware::Zfs)));
    QStandardItem* zfs = items != nullptr ? items->item(row) : nullptr;
    if (zfs == nullptr) {
        return;
    }
    // As the wizard's hardware page: ZFS only on a computer that runs it (the search would
    // reject every candidate). A project that asks for it anyway keeps it selectable.
    const bool offered = host_runs_zfs(request.host) ||
                         request.constraints.raid_software == advisor::RaidSoftware::Zfs;
    zfs->setEnabled(offered);
    zfs->setToolTip(offered ? QString()
                            : tr("'%1' does not run ZFS (the catalog lists the RAID software "
                                 "each computer runs): edit the project in the wizard to choose "
                                 "a computer that does.")
                                  .arg(QString::fromStdString(request.host.info.name)));
}

void WhatIfPanel::offerMdBitmap(const advisor::Request& request) {
    // As the search and the build plan: the setting is mdadm's, so it is a choice only where the
    // project's computer runs Linux md and the user builds the arrays. An appliance's storage
    // manager builds its md arrays with a bitmap of its own (system/raid_software.h); Windows
    // and TrueNAS run no md. A project that asks for a setting anyway keeps it changeable.
    const HostSpec& host = request.host;
    const bool appliance = !appliance_software(host).empty();
    const bool offered =
        (host_offers_md(host) && !appliance) || request.constraints.md_bitmap != MdBitmap::Auto;
    mdBitmapChoice_->setEnabled(offered);
    const QString name = QString::fromStdString(host.info.name);
    mdBitmapChoice_->setToolTip(
        offered     ? mdBitmapToolTip_
        : appliance ? tr("'%1' builds its md arrays in its own storage manager, which keeps a "
                         "write-intent bitmap of its own: not a choice here.")
                          .arg(name)
                    : tr("'%1' does not run Linux md: the write-intent bitmap is md's.").arg(name));
}

void WhatIfPanel::refreshUnits() {
    updateCapacityLabel();
    if (capacity_->text() != shownCapacity_) {
        return;  // the user's own text stays
    }
    const bool wasFilling = filling_;
    filling_ = true;
    const double bytes = base_.constraints.capacity_bytes;
    const SizeUnit unit = capacityUnit(bytes);
    // Two decimals at most ("838.19 GiB", not "838.1903 GiB"): the exact value is kept unless
    // the user edits the field (request()).
    shownCapacity_ = formatPlain(bytes / unit.divisor, 2) + QLatin1Char(' ') + unit.name;
    capacity_->setText(shownCapacity_);
    filling_ = wasFilling;
}

void WhatIfPanel::setSearchDelay(int ms) {
    searchTimer_->setInterval(ms);
}

void WhatIfPanel::fieldEdited() {
    if (filling_) {
        return;
    }
    searchTimer_->start();
}

bool WhatIfPanel::isValid() const {
    for (const CheckedField* field : fields_) {
        if (!field->isValid()) {
            return false;
        }
    }
    return true;
}

void WhatIfPanel::setRequest(const advisor::Request& request) {
    filling_ = true;
    base_ = request;
    const Workload& w = request.workload;
    QStringList points;
    for (int c : w.concurrency) {
        points << QString::number(c);
    }
    concurrency_->setText(points.join(QStringLiteral(", ")));
    concurrency_->edit()->setEnabled(!w.concurrency.empty());
    readPercent_->setText(formatPlain(w.read_fraction * 100.0, 1));
    threads_->setValue(std::clamp(w.threads, 0, kMaxThreads));
    showWorkingSet(workingSet_, w.working_set_bytes);
    shownCapacity_.clear();
    capacity_->setText(shownCapacity_);
    refreshUnits();  // fills the capacity in the current units
    concurrencyLabel_->setText(w.unit == Workload::Unit::File ? tr("Concurrent processes:")
                                                              : tr("Outstanding requests:"));
    // The budget is shown in the project's currency; the request holds US dollars.
    const double budget = request.constraints.budget_usd / usdPerCurrencyUnit(request);
    shownBudget_ = budget > 0.0 ? formatPlain(budget, 2) : QString();
    budget_->setText(shownBudget_);
    budgetLabel_->setText(
        tr("Budget (%1):").arg(QString::fromStdString(request.constraints.currency)));
    bays_->setText(QString::number(request.constraints.max_drive_bays));
    const auto limitText = [](double value) {
        return value > 0.0 ? formatPlain(value, 2) : QString();
    };
    shownRebuild_ = limitText(request.constraints.max_rebuild_hours);
    rebuild_->setText(shownRebuild_);
    shownPower_ = limitText(request.constraints.max_power_w);
    power_->setText(shownPower_);
    failures_->setCurrentIndex(std::clamp(request.constraints.min_failures_tolerated, 0, 3));
    powerSafe_->setChecked(request.constraints.power_loss_safe_writes);
    raidSoftware_->setChecked(request.constraints.raid_software_owned);
    offerZfs(request);
    selectRaidSoftware(raidSoftwareChoice_, request.constraints.raid_software);
    mdBitmapChoice_->setCurrentIndex(
        std::max(0, mdBitmapChoice_->findData(QString::fromLatin1(
                        to_string(request.constraints.md_bitmap).data(),
                        static_cast<qsizetype>(to_string(request.constraints.md_bitmap).size())))));
    offerMdBitmap(request);
    const advisor::Weights& wt = request.weights;
    const double largest = std::max({wt.performance, wt.cost, wt.reliability, wt.capacity});
    performance_->setValue(sliderValue(wt.performance, largest));
    cost_->setValue(sliderValue(wt.cost, largest));
    reliability_->setValue(sliderValue(wt.reliability, largest));
    capacityWeight_->setValue(sliderValue(wt.capacity, largest));
    reason_->hide();
    for (CheckedField* field : fields_) {
        field->setQuiet(false);
    }
    setEnabled(true);
    filling_ = false;
}

advisor::Request WhatIfPanel::request() const {
    advisor::Request r = base_;
    if (!isValid()) {
        return r;
    }
    if (!r.workload.concurrency.empty()) {
        r.workload.concurrency = parseIntegerList(concurrency_->text(), 1, kMaxConcurrency).value;
    }
    r.workload.read_fraction = parseNumber(readPercent_->text(), 0, 100).value / 100.0;
    r.workload.threads = threads_->value();
    // The exact bytes while the field shows them; 0 keeps the project's span.
    setWorkingSet(r.workload, workingSetBytes(*workingSet_, base_.workload.working_set_bytes));
    if (capacity_->text() != shownCapacity_) {
        r.constraints.capacity_bytes =
            parseSize(capacity_->text(), units::TB, 0, kMaxCapacityBytes).value;
    }
    if (budget_->text() != shownBudget_) {
        r.constraints.budget_usd =
            parseOptionalLimit(budget_->text(), kMaxBudget).value * usdPerCurrencyUnit(r);
    }
    r.constraints.max_drive_bays = parseInteger(bays_->text(), 1, kMaxDriveBays).value;
    if (rebuild_->text() != shownRebuild_) {
        r.constraints.max_rebuild_hours =
            parseOptionalLimit(rebuild_->text(), kMaxRebuildHours).value;
    }
    if (power_->text() != shownPower_) {
        r.constraints.max_power_w = parseOptionalLimit(power_->text(), kMaxPowerW).value;
    }
    r.constraints.min_failures_tolerated = failures_->currentIndex();
    r.constraints.power_loss_safe_writes = powerSafe_->isChecked();
    r.constraints.raid_software_owned = raidSoftware_->isChecked();
    r.constraints.raid_software = raidSoftwareIn(raidSoftwareChoice_);
    r.constraints.md_bitmap =
        md_bitmap_from_string(mdBitmapChoice_->currentData().toString().toStdString())
            .value_or(MdBitmap::Auto);
    if (performance_->value() + cost_->value() + reliability_->value() + capacityWeight_->value() >
        0) {
        r.weights.performance = performance_->value();
        r.weights.cost = cost_->value();
        r.weights.reliability = reliability_->value();
        r.weights.capacity = capacityWeight_->value();
    }
    return r;
}

}  // namespace raidadv::gui
