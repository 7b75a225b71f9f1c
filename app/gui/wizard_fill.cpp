// Filling the wizard's pages from a ProjectDraft, by the widgets' object names (the names the
// GUI tests use too), once per page, right after QWizard::initializePage has set the page up.

#include "wizard_fill.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QRadioButton>
#include <QSlider>
#include <QSpinBox>
#include <cmath>
#include <memory>
#include <set>

#include "input_parsing.h"
#include "project_wizard.h"
#include "wizard_pages.h"
#include "working_set_field.h"
#include "workload/presets.h"

namespace raidadv::gui {

namespace {

template <typename T>
T* child(QWizardPage* page, const char* name) {
    return page == nullptr ? nullptr : page->findChild<T*>(QString::fromLatin1(name));
}

void setText(QWizardPage* page, const char* name, const QString& text) {
    if (auto* edit = child<QLineEdit>(page, name)) {
        edit->setText(text);  // textChanged: the field re-checks itself
    }
}

void check(QWizardPage* page, const char* name, bool checked) {
    if (auto* box = child<QAbstractButton>(page, name)) {
        box->setChecked(checked);
    }
}

void selectData(QWizardPage* page, const char* name, const QString& data) {
    auto* combo = child<QComboBox>(page, name);
    if (combo != nullptr && !data.isEmpty() && combo->findData(data) >= 0) {
        combo->setCurrentIndex(combo->findData(data));
    }
}

/// Ticks the items of list `name` whose id (UserRole) is in `ids`, unticks the others.
void tick(QWizardPage* page, const char* name, const QStringList& ids) {
    if (auto* list = child<QListWidget>(page, name)) {
        for (int i = 0; i < list->count(); ++i) {
            QListWidgetItem* item = list->item(i);
            item->setCheckState(ids.contains(item->data(Qt::UserRole).toString()) ? Qt::Checked
                                                                                  : Qt::Unchecked);
        }
    }
}

/// Ticks `ids` in the list, or every item when `ids` is empty (= any); an id the list does not
/// offer (a file naming an interface no catalog drive has) is added ticked, so it is kept.
void tickOrAll(QWizardPage* page, const char* name, const QStringList& ids) {
    auto* list = child<QListWidget>(page, name);
    if (list == nullptr) {
        return;
    }
    for (const QString& id : ids) {
        bool offered = false;
        for (int i = 0; i < list->count() && !offered; ++i) {
            offered = list->item(i)->data(Qt::UserRole).toString() == id;
        }
        if (!offered) {
            auto* item = new QListWidgetItem(id, list);
            item->setData(Qt::UserRole, id);
        }
    }
    for (int i = 0; i < list->count(); ++i) {
        QListWidgetItem* item = list->item(i);
        const bool on = ids.isEmpty() || ids.contains(item->data(Qt::UserRole).toString());
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
}

QString joined(const std::vector<double>& values) {
    QStringList parts;
    for (double v : values) {
        parts << formatPlain(v, 6);
    }
    return parts.join(QStringLiteral(", "));
}

void fillWorkload(QWizardPage* page, const ProjectDraft& d) {
    const Workload& w = d.workload;
    // "Kind of work": the preset the project's workload was made from (by its name), chosen
    // first; the fields below then take the project's own values.
    // A workload no preset names is shown as "This project's workload" (an entry only the
    // filled wizard has; choosing it changes no field).
    if (auto* presets = child<QComboBox>(page, "presetComboBox")) {
        const auto& all = workload_presets();
        int match = -1;
        for (std::size_t i = 0; i < all.size() && match < 0; ++i) {
            if (all[i].workload.name == w.name) {
                match = static_cast<int>(i);
            }
        }
        if (match < 0) {
            presets->addItem(QObject::tr("This project's workload"), QStringLiteral("project"));
            match = presets->count() - 1;
            if (auto* description = child<QLabel>(page, "presetDescriptionLabel")) {
                description->setText(QObject::tr("The workload as the project file describes it."));
                description->setToolTip({});
            }
        }
        presets->setCurrentIndex(match);
    }
    setText(page, "projectNameLineEdit", d.name);
    setText(page, "workloadNameLineEdit", QString::fromStdString(w.name));
    if (auto* unit = child<QComboBox>(page, "unitComboBox")) {
        unit->setCurrentIndex(w.unit == Workload::Unit::File ? 1 : 0);
    }
    setText(page, "readPercentLineEdit", formatPlain(w.read_fraction * 100.0, 4));
    setText(page, "sequentialPercentLineEdit", formatPlain(w.sequential_fraction * 100.0, 4));
    QStringList concurrency;
    for (int c : w.concurrency) {
        concurrency << QString::number(c);
    }
    setText(page, "arrivalRatesLineEdit", joined(w.arrival_rates_per_s));
    setText(page, "concurrencyLineEdit", concurrency.join(QStringLiteral(", ")));
    if (auto* threads = child<QSpinBox>(page, "threads")) {
        threads->setValue(w.threads);
    }
    if (auto* workingSet = child<QDoubleSpinBox>(page, "workingSet")) {
        showWorkingSet(workingSet, w.working_set_bytes);
    }
    check(page, "spreadCheckBox", d.canSpreadOverVolumes);
}

void fillCapacity(QWizardPage* page, const ProjectDraft& d) {
    // In GB (10^9 bytes), as the file's capacity_gb: no rounding on the way back.
    setText(page, "capacityLineEdit",
            formatPlain(d.capacityBytes / 1e9, 6) + QStringLiteral(" GB"));
    setText(page, "growthPercentLineEdit", formatPlain(d.growthPerYear * 100.0, 4));
    setText(page, "horizonYearsLineEdit", formatPlain(d.horizonYears, 4));
    setText(page, "maxFillPercentLineEdit", formatPlain(d.maxFillPercent, 4));
}

void fillBudget(QWizardPage* page, const ProjectDraft& d) {
    setText(page, "budgetLineEdit", d.budget > 0.0 ? formatPlain(d.budget, 2) : QString());
    setText(page, "currencyLineEdit", d.currency);
    setText(page, "usdPerCurrencyLineEdit", formatPlain(d.usdPerCurrencyUnit, 6));
    setText(page, "maxBaysLineEdit", QString::number(d.maxDriveBays));
    if (auto* failures = child<QComboBox>(page, "minFailuresComboBox")) {
        failures->setCurrentIndex(std::min(d.minFailuresTolerated, failures->count() - 1));
    }
    check(page, "powerLossSafeCheckBox", d.powerLossSafeWrites);
    setText(page, "maxPowerLineEdit", d.maxPowerW > 0.0 ? formatPlain(d.maxPowerW, 6) : QString());
    setText(page, "maxRebuildHoursLineEdit",
            d.maxRebuildHours > 0.0 ? formatPlain(d.maxRebuildHours, 6) : QString());
    if (auto* spares = child<QComboBox>(page, "hotSparesComboBox")) {
        spares->setCurrentIndex(static_cast<int>(d.hotSpares));
    }
    setText(page, "replacementHoursLineEdit", formatPlain(d.replacementHours, 6));
    setText(page, "busyHoursLineEdit", formatPlain(d.busyHoursPerDay, 4));
    setText(page, "writesPerDayLineEdit",
            d.writesPerDayTb > 0.0 ? formatPlain(d.writesPerDayTb, 6) : QString());
    const std::pair<const char*, double> weights[] = {
        {"performanceWeightSlider", d.weights.performance},
        {"costWeightSlider", d.weights.cost},
        {"reliabilityWeightSlider", d.weights.reliability},
        {"capacityWeightSlider", d.weights.capacity}};
    for (const auto& [name, weight] : weights) {
        if (auto* slider = child<QSlider>(page, name)) {
            slider->setValue(static_cast<int>(std::lround(weight)));
        }
    }
}

void fillHardware(QWizardPage* page, const ProjectDraft& d) {
    selectData(page, "hostComboBox", d.hostId);
    selectData(page, "raidSoftwareComboBox",
               QString::fromLatin1(advisor::to_string(d.raidSoftware)));
    const bool restricted = !d.driveKinds.isEmpty() || !d.levels.isEmpty() || !d.drives.isEmpty() ||
                            !d.interfaces.isEmpty() || !d.formFactors.isEmpty();
    check(page, restricted ? "restrictPartsRadioButton" : "anyPartsRadioButton", true);
    if (restricted) {
        check(page, "hddCheckBox",
              d.driveKinds.isEmpty() || d.driveKinds.contains(QLatin1String("hdd")));
        check(page, "ssdCheckBox",
              d.driveKinds.isEmpty() || d.driveKinds.contains(QLatin1String("ssd")));
        if (!d.levels.isEmpty()) {
            tick(page, "levelsListWidget", d.levels);
        }
        tick(page, "drivesListWidget", d.drives);
        tickOrAll(page, "interfacesListWidget", d.interfaces);
        tickOrAll(page, "formFactorsListWidget", d.formFactors);
    }
    check(page, "ownedControllerCheckBox", !d.ownedController.isEmpty());
    selectData(page, "ownedControllerComboBox", d.ownedController);
    check(page, "raidSoftwareOwnedCheckBox", d.raidSoftwareOwned);
}

}  // namespace

void fillWizardOnShow(ProjectWizard& wizard, const ProjectDraft& draft) {
    auto filled = std::make_shared<std::set<int>>();
    QObject::connect(&wizard, &QWizard::currentIdChanged, &wizard,
                     [&wizard, draft, filled](int id) {
                         if (!filled->insert(id).second) {
                             return;  // filled once; later visits show the user's edits
                         }
                         QWizardPage* page = wizard.page(id);
                         switch (id) {
                             case ProjectWizard::WorkloadPageId:
                                 fillWorkload(page, draft);
                                 break;
                             case ProjectWizard::SizesPageId:
                                 wizard.sizesPage()->setDistribution(draft.workload.size);
                                 break;
                             case ProjectWizard::CapacityPageId:
                                 fillCapacity(page, draft);
                                 break;
                             case ProjectWizard::BudgetPageId:
                                 fillBudget(page, draft);
                                 break;
                             case ProjectWizard::HardwarePageId:
                                 fillHardware(page, draft);
                                 break;
                             default:
                                 break;
                         }
                     });
}

}  // namespace raidadv::gui
