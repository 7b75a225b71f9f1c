// The wizard's pages on what is needed: capacity and growth, and budget, fault tolerance and
#include "error_text.h"
// what matters most.

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSlider>
#include <QVBoxLayout>

#include "advisor/explain.h"
#include "checked_field.h"
#include "input_parsing.h"
#include "size_units.h"
#include "units/units.h"
#include "wizard_pages.h"

namespace raidadv::gui {

namespace {

// The project file's ranges (docs/file-format.md), as the project reader checks them.
using advisor::limits::kMaxBudget;
using advisor::limits::kMaxCurrencyLength;
using advisor::limits::kMaxPowerW;
using advisor::limits::kMaxRebuildHours;
constexpr double kMaxCapacityBytes = advisor::limits::kMaxCapacityGb * 1e9;
constexpr int kMaxBays = advisor::limits::kMaxDriveBays;
constexpr double kMaxUsdPerUnit = advisor::limits::kMaxUsdPerCurrencyUnit;

/// The currency as the project stores it: trimmed, a three-letter code in capitals.
QString currencyCode(const QString& text) {
    const QString trimmed = text.trimmed();
    static const QRegularExpression letters(QStringLiteral("^[A-Za-z]{3}$"));
    return letters.match(trimmed).hasMatch() ? trimmed.toUpper() : trimmed;
}

QString checkCurrency(const QString& text) {
    const QString code = currencyCode(text);
    if (code.isEmpty()) {
        return BudgetPage::tr("enter a currency, e.g. USD, EUR or GBP");
    }
    if (code.size() > kMaxCurrencyLength) {
        return BudgetPage::tr("at most %1 characters, e.g. an ISO code such as EUR")
            .arg(kMaxCurrencyLength);
    }
    for (const QChar ch : code) {
        if (ch.isSpace() || !ch.isPrint()) {
            return BudgetPage::tr("no spaces: write a code such as EUR");
        }
    }
    return {};
}

QSlider* weightSlider(const QString& name, int value, QWidget* parent) {
    auto* slider = new QSlider(Qt::Horizontal, parent);
    slider->setObjectName(name);
    slider->setRange(0, 10);
    slider->setValue(value);
    slider->setPageStep(1);
    slider->setTickPosition(QSlider::TicksBelow);
    slider->setMinimumWidth(160);
    return slider;
}

}  // namespace

// ---- CapacityPage ---------------------------------------------------------------------------

CapacityPage::CapacityPage(QWidget* parent) : CheckedPage(parent) {
    setObjectName(QStringLiteral("capacityPage"));
    setTitle(tr("Capacity and growth"));
    setSubTitle(
        tr("How much data will you store, and how fast does it grow? The advisor only "
           "recommends arrays that still hold the data at the end of the planning horizon."));
    capacity_ = addField(QStringLiteral("capacityLineEdit"), QStringLiteral("4 TB"),
                         [](const QString& text) {
                             return parseSize(text, units::TB, 0.0, kMaxCapacityBytes).error;
                         });
    capacity_->edit()->setToolTip(
        tr("Usable capacity needed today, e.g. \"4 TB\" or \"500 GB\" (a number alone is in "
           "TB; 1 TB = 10^12 bytes)."));
    growth_ = addField(QStringLiteral("growthPercentLineEdit"), QStringLiteral("20"),
                       [](const QString& text) { return parseNumber(text, 0, 1000).error; });
    horizon_ =
        addField(QStringLiteral("horizonYearsLineEdit"), QStringLiteral("5"),
                 positiveNumberCheck(advisor::limits::kMaxYears, tr("must be more than 0 years")));
    horizon_->edit()->setToolTip(
        tr("Years the storage must serve: capacity growth and the risk of data loss are "
           "reckoned over this time."));
    fill_ = addField(QStringLiteral("maxFillPercentLineEdit"), QStringLiteral("80"),
                     positiveNumberCheck(100, tr("must be more than 0%")));
    fill_->edit()->setToolTip(
        tr("Most of the usable capacity the data may fill: file systems slow down and fragment "
           "when nearly full, so the array offers the data divided by this share (80% is the "
           "usual rule; 100% sizes the array to the data exactly)."));
    needed_ = new QLabel(this);
    needed_->setObjectName(QStringLiteral("neededCapacityLabel"));
    needed_->setWordWrap(true);

    auto* form = new QFormLayout;
    form->addRow(tr("Data stored now:"), capacity_->row());
    form->addRow(tr("Growth per year (%):"), growth_->row());
    form->addRow(tr("Planning horizon (years):"), horizon_->row());
    form->addRow(tr("Fill the array to at most (%):"), fill_->row());
    form->addRow(QString(), needed_);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addStretch(1);
    for (CheckedField* field : fields_) {
        connect(field, &CheckedField::edited, this, &CapacityPage::updateNeeded);
    }
    updateNeeded();
}

void CapacityPage::updateNeeded() {
    if (!isComplete()) {
        needed_->setText(QString());
        return;
    }
    ProjectDraft draft;
    apply(draft);
    // The core answers: capacity_to_provide_bytes() is what the advisor requires (the data at
    // the end of the horizon, with the file-system headroom of the fill field).
    const advisor::Constraints c = requestFromDraft(draft).constraints;
    needed_->setText(tr("Data at the end of the horizon: %1; filled at most %2%, the array must "
                        "offer %3 usable.")
                         .arg(formatBytes(c.capacity_needed_bytes()),
                              formatPlain(c.max_fill_fraction * 100.0, 3),
                              formatBytes(c.capacity_to_provide_bytes())));
}

void CapacityPage::apply(ProjectDraft& draft) const {
    draft.capacityBytes = parseSize(capacity_->text(), units::TB, 0, kMaxCapacityBytes).value;
    draft.growthPerYear = parseNumber(growth_->text(), 0, 1000).value / 100.0;
    draft.horizonYears = parseNumber(horizon_->text(), 0, advisor::limits::kMaxYears).value;
    draft.maxFillPercent = parseNumber(fill_->text(), 0, 100).value;
}

// ---- BudgetPage -----------------------------------------------------------------------------

// Long: one form laid out top to bottom, a few lines per field (create, tooltip, check, row).
BudgetPage::BudgetPage(QWidget* parent) : CheckedPage(parent) {
    setObjectName(QStringLiteral("budgetPage"));
    setTitle(tr("Budget and constraints"));
    setSubTitle(
        tr("Limits the recommendation must respect, and how much each quality counts when the "
           "advisor ranks the arrays that fit."));
    budget_ = addField(QStringLiteral("budgetLineEdit"), QString(), optionalLimitCheck(kMaxBudget));
    budget_->edit()->setPlaceholderText(tr("no limit"));
    budget_->edit()->setToolTip(
        tr("Most you can spend on drives, controller and bays, in the currency below."));
    currency_ = addField(QStringLiteral("currencyLineEdit"), QStringLiteral("USD"), checkCurrency);
    currency_->edit()->setToolTip(
        tr("Currency of the budget and of every cost shown: an ISO code such as USD, EUR or "
           "GBP (at most %1 characters).")
            .arg(kMaxCurrencyLength));
    usdPerUnit_ = addField(QStringLiteral("usdPerCurrencyLineEdit"), QStringLiteral("1"),
                           [this](const QString& text) {
                               if (currencyCode(currency_->text()) == QStringLiteral("USD")) {
                                   return QString();
                               }
                               const auto v = parseNumber(text, 0, kMaxUsdPerUnit);
                               if (v.ok() && v.value <= 0.0) {
                                   return tr("enter an exchange rate above 0");
                               }
                               return v.error;
                           });
    usdPerUnit_->edit()->setToolTip(
        tr("Exchange rate: US dollars for one unit of the currency. Catalog prices are in US "
           "dollars and are converted with it."));
    bays_ = addField(QStringLiteral("maxBaysLineEdit"), QStringLiteral("12"),
                     [](const QString& text) { return parseInteger(text, 1, kMaxBays).error; });
    bays_->edit()->setToolTip(tr("Drive bays available in the server or enclosure."));
    power_ =
        addField(QStringLiteral("maxPowerLineEdit"), QString(), optionalLimitCheck(kMaxPowerW));
    power_->edit()->setPlaceholderText(tr("no limit"));
    power_->edit()->setToolTip(
        tr("Most electrical power the drives may draw together while active, in watts."));
    rebuild_ = addField(QStringLiteral("maxRebuildHoursLineEdit"), QString(),
                        optionalLimitCheck(kMaxRebuildHours));
    rebuild_->edit()->setPlaceholderText(tr("no limit"));
    rebuild_->edit()->setToolTip(
        tr("Longest acceptable rebuild of one failed drive, in hours: while it runs the array "
           "is slower and, for RAID 5, one more failure loses data. Arrays of large drives "
           "take longest."));
    spares_ = new QComboBox(this);
    spares_->setObjectName(QStringLiteral("hotSparesComboBox"));  // items in HotSpares order
    spares_->addItem(tr("None: a failed drive waits for its replacement"));
    spares_->addItem(tr("One, shared by every volume"));
    spares_->addItem(tr("One per volume"));
    spares_->setToolTip(
        tr("Hot spares wait powered in a bay so that a rebuild starts the moment a drive fails; "
           "each costs a drive and a bay. Without one the rebuild starts when a replacement is "
           "fitted, and the risk of data loss counts that wait."));
    replacement_ =
        addField(QStringLiteral("replacementHoursLineEdit"), QStringLiteral("72"),
                 [](const QString& text) { return parseNumber(text, 0, kMaxRebuildHours).error; });
    replacement_->edit()->setToolTip(
        tr("Without a hot spare: hours from a drive failure until a replacement is fitted and "
           "its rebuild starts (72 h: a spare on the shelf and someone there within three "
           "days)."));
    busyHours_ = addField(QStringLiteral("busyHoursLineEdit"), QStringLiteral("8"),
                          positiveNumberCheck(24, tr("must be more than 0 hours")));
    busyHours_->edit()->setToolTip(
        tr("Hours a day the workload runs at its load (the rest of the day is idle): where the "
           "load gives a request rate or a think time, the bytes it writes in those hours wear "
           "SSDs and fill the media cache of SMR hard drives."));
    writesPerDay_ = addField(QStringLiteral("writesPerDayLineEdit"), QString(),
                             optionalLimitCheck(advisor::limits::kMaxWritesPerDayTb));
    writesPerDay_->edit()->setPlaceholderText(tr("not stated"));
    writesPerDay_->edit()->setToolTip(
        tr("Terabytes your users write a day, if you know it (before RAID). Without it the SSD "
           "wear check takes your data written once a day where the workload only says how "
           "many requests wait, or the load's own rate for the busy hours where it gives a "
           "request rate or a think time."));
    failures_ = new QComboBox(this);
    failures_->setObjectName(QStringLiteral("minFailuresComboBox"));
    failures_->addItem(tr("None: speed and capacity first (RAID 0 allowed)"));
    failures_->addItem(tr("Any 1 drive may fail"));
    failures_->addItem(tr("Any 2 drives may fail"));
    failures_->addItem(tr("Any 3 drives may fail"));
    failures_->setCurrentIndex(1);
    powerSafe_ =
        new QCheckBox(tr("Writes must survive a power cut (drive write caches off)"), this);
    powerSafe_->setObjectName(QStringLiteral("powerLossSafeCheckBox"));
    powerSafe_->setToolTip(
        tr("Hard drives acknowledge a write once it is in their volatile cache; a power cut "
           "loses what is there. Tick this if you have no UPS and no power-loss protection: "
           "every candidate then runs with the drives' caches off, and writes wait for the "
           "disk (a battery-backed controller cache still counts as safe)."));

    performance_ = weightSlider(QStringLiteral("performanceWeightSlider"), 5, this);
    cost_ = weightSlider(QStringLiteral("costWeightSlider"), 5, this);
    reliability_ = weightSlider(QStringLiteral("reliabilityWeightSlider"), 5, this);
    capacity_ = weightSlider(QStringLiteral("capacityWeightSlider"), 0, this);
    weightsReason_ = new QLabel(this);
    weightsReason_->setObjectName(QStringLiteral("weightsReasonLabel"));
    QPalette red = weightsReason_->palette();
    red.setColor(QPalette::WindowText, errorTextColor(red));
    weightsReason_->setPalette(red);

    budgetLabel_ = new QLabel(this);
    budgetLabel_->setBuddy(budget_->edit());
    auto* currencyLabel = new QLabel(tr("Curr&ency:"), this);
    currencyLabel->setBuddy(currency_->edit());
    usdPerUnitLabel_ = new QLabel(this);
    usdPerUnitLabel_->setBuddy(usdPerUnit_->edit());
    connect(currency_, &CheckedField::edited, this, &BudgetPage::updateCurrency);
    // Tab follows the form: currency, exchange rate, budget, bays.
    setTabOrder(currency_->edit(), usdPerUnit_->edit());
    setTabOrder(usdPerUnit_->edit(), budget_->edit());
    setTabOrder(budget_->edit(), bays_->edit());
    setTabOrder(bays_->edit(), power_->edit());
    setTabOrder(power_->edit(), failures_);
    setTabOrder(failures_, rebuild_->edit());
    setTabOrder(rebuild_->edit(), spares_);
    setTabOrder(spares_, replacement_->edit());
    setTabOrder(replacement_->edit(), busyHours_->edit());
    setTabOrder(busyHours_->edit(), writesPerDay_->edit());
    auto* form = new QFormLayout;
    form->addRow(currencyLabel, currency_->row());
    form->addRow(usdPerUnitLabel_, usdPerUnit_->row());
    form->addRow(budgetLabel_, budget_->row());
    form->addRow(tr("Drive bays available:"), bays_->row());
    form->addRow(tr("Drives' power limit (W):"), power_->row());
    form->addRow(tr("Drive failures to survive:"), failures_);
    form->addRow(tr("Longest rebuild (hours):"), rebuild_->row());
    form->addRow(tr("Hot spares:"), spares_);
    form->addRow(tr("Hours to replace a failed drive:"), replacement_->row());
    form->addRow(tr("Busy hours a day:"), busyHours_->row());
    form->addRow(tr("Writes a day (TB):"), writesPerDay_->row());
    form->addRow(QString(), powerSafe_);
    auto* weights = new QGridLayout;
    const std::pair<QString, QSlider*> rows[] = {{tr("Speed (response time):"), performance_},
                                                 {tr("Low cost:"), cost_},
                                                 {tr("Low risk of data loss:"), reliability_},
                                                 {tr("Spare capacity:"), capacity_}};
    int row = 0;
    for (const auto& [label, slider] : rows) {
        auto* name = new QLabel(label, this);
        name->setBuddy(slider);
        auto* value = new QLabel(QString::number(slider->value()), this);
        value->setMinimumWidth(value->fontMetrics().horizontalAdvance(QStringLiteral("10")));
        connect(slider, &QSlider::valueChanged, value,
                [value](int v) { value->setText(QString::number(v)); });
        connect(slider, &QSlider::valueChanged, this, &QWizardPage::completeChanged);
        weights->addWidget(name, row, 0);
        weights->addWidget(slider, row, 1);
        weights->addWidget(value, row, 2);
        ++row;
    }
    weights->addWidget(weightsReason_, row, 0, 1, 3);
    auto* weightsTitle = new QLabel(tr("<b>What matters most</b> (0 = ignore, 10 = most)"), this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addSpacing(8);
    layout->addWidget(weightsTitle);
    layout->addLayout(weights);
    layout->addStretch(1);
    connect(this, &QWizardPage::completeChanged, this, [this] {
        const QString problem = pageProblem();
        weightsReason_->setText(problem);
        weightsReason_->setVisible(!problem.isEmpty());
    });
    weightsReason_->hide();
    updateCurrency();
}

void BudgetPage::updateCurrency() {
    const QString code = currency_->isValid() ? currencyCode(currency_->text()) : tr("currency");
    const bool dollars = code == QStringLiteral("USD");
    budgetLabel_->setText(tr("Bu&dget (%1):").arg(code));
    usdPerUnitLabel_->setText(tr("&US dollars per 1 %1:").arg(code));
    // Dollars need no exchange rate: the row shows only for another currency.
    usdPerUnitLabel_->setVisible(!dollars);
    usdPerUnit_->row()->setVisible(!dollars);
    usdPerUnit_->edit()->setEnabled(!dollars);
    usdPerUnit_->recheck();
}

QString BudgetPage::pageProblem() const {
    if (performance_->value() + cost_->value() + reliability_->value() + capacity_->value() == 0) {
        return tr("At least one quality must count: move a slider above 0.");
    }
    return {};
}

void BudgetPage::apply(ProjectDraft& draft) const {
    draft.budget = parseOptionalLimit(budget_->text(), kMaxBudget).value;
    draft.currency = currencyCode(currency_->text());
    draft.usdPerCurrencyUnit = draft.currency == QStringLiteral("USD")
                                   ? 1.0
                                   : parseNumber(usdPerUnit_->text(), 0, kMaxUsdPerUnit).value;
    draft.maxDriveBays = parseInteger(bays_->text(), 1, kMaxBays).value;
    draft.minFailuresTolerated = failures_->currentIndex();
    draft.powerLossSafeWrites = powerSafe_->isChecked();
    draft.maxPowerW = parseOptionalLimit(power_->text(), kMaxPowerW).value;
    draft.maxRebuildHours = parseOptionalLimit(rebuild_->text(), kMaxRebuildHours).value;
    draft.hotSpares = static_cast<advisor::HotSpares>(spares_->currentIndex());
    draft.replacementHours = parseNumber(replacement_->text(), 0, kMaxRebuildHours).value;
    draft.busyHoursPerDay = parseNumber(busyHours_->text(), 0, 24).value;
    draft.writesPerDayTb =
        parseOptionalLimit(writesPerDay_->text(), advisor::limits::kMaxWritesPerDayTb).value;
    draft.weights.performance = performance_->value();
    draft.weights.cost = cost_->value();
    draft.weights.reliability = reliability_->value();
    draft.weights.capacity = capacity_->value();
}

}  // namespace raidadv::gui
