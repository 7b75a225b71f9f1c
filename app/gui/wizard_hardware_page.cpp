// The wizard's Hardware page (the computer, and which catalog parts the advisor may use) and its
#include "error_text.h"
// Review page (the project in plain words, checked by the core's project reader).

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QRadioButton>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <exception>

#include "advisor/explain.h"
#include "catalog/catalog.h"
#include "input_parsing.h"
#include "project/project.h"
#include "project_wizard.h"
#include "raid_software_choice.h"
#include "size_units.h"
#include "user_catalog.h"
#include "wizard_pages.h"

namespace raidadv::gui {

namespace {

struct LevelName {
    const char* id;
    const char* name;
};

constexpr LevelName kLevels[] = {
    {"raid1", "RAID 1 (mirror)"},
    {"raid10", "RAID 10 (striped mirrors)"},
    {"raid01", "RAID 0+1 (mirrored stripes)"},
    {"raid5", "RAID 5 (single parity)"},
    {"raid6", "RAID 6 (double parity)"},
    {"raid50", "RAID 50"},
    {"raid60", "RAID 60"},
    {"raid0", "RAID 0 (no redundancy)"},
    {"simple", "Independent drives"},
    // ZFS pools: offered where the host runs ZFS, on drives an HBA or on-board ports give it.
    {"zfs-mirror", "ZFS mirror vdevs"},
    {"raidz1", "ZFS RAID-Z1"},
    {"raidz2", "ZFS RAID-Z2"},
    {"raidz3", "ZFS RAID-Z3"},
    {"draid1", "ZFS dRAID1"},
    {"draid2", "ZFS dRAID2"},
    {"draid3", "ZFS dRAID3"},
};

QStringList checkedIds(const QListWidget* list) {
    QStringList ids;
    for (int i = 0; i < list->count(); ++i) {
        if (list->item(i)->checkState() == Qt::Checked) {
            ids << list->item(i)->data(Qt::UserRole).toString();
        }
    }
    return ids;
}

void setRedText(QLabel* label) {
    QPalette red = label->palette();
    red.setColor(QPalette::WindowText, errorTextColor(red));
    label->setPalette(red);
}

}  // namespace

// ---- HardwarePage ---------------------------------------------------------------------------

// Long: one form laid out top to bottom, a few lines per field (create, tooltip, check, row).
HardwarePage::HardwarePage(QWidget* parent) : CheckedPage(parent) {
    setObjectName(QStringLiteral("hardwarePage"));
    setTitle(tr("Hardware"));
    setSubTitle(
        tr("Which computer will the storage attach to, which RAID software will it run, and "
           "may the advisor pick any drive, controller and RAID level from the catalog? Tick only "
           "what you would buy, or name a controller you already own (it then costs nothing)."));
    host_ = new QComboBox(this);
    host_->setObjectName(QStringLiteral("hostComboBox"));
    raidSoftwareChoice_ = new QComboBox(this);
    raidSoftwareChoice_->setObjectName(QStringLiteral("raidSoftwareComboBox"));
    addRaidSoftwareItems(raidSoftwareChoice_);
    raidSoftwareChoice_->setToolTip(
        tr("Which software keeps the data redundant. A choice other than Any leaves out the "
           "others and independent drives; ZFS needs a computer that runs it."));
    anyParts_ = new QRadioButton(tr("Let the advisor choose from the whole catalog"), this);
    anyParts_->setObjectName(QStringLiteral("anyPartsRadioButton"));
    restrictParts_ = new QRadioButton(tr("Only the parts and levels I tick:"), this);
    restrictParts_->setObjectName(QStringLiteral("restrictPartsRadioButton"));
    anyParts_->setChecked(true);

    restrictBox_ = new QWidget(this);
    hdd_ = new QCheckBox(tr("Hard disks"), restrictBox_);
    hdd_->setObjectName(QStringLiteral("hddCheckBox"));
    hdd_->setChecked(true);
    ssd_ = new QCheckBox(tr("SSDs"), restrictBox_);
    ssd_->setObjectName(QStringLiteral("ssdCheckBox"));
    ssd_->setChecked(true);
    levels_ = new QListWidget(restrictBox_);
    levels_->setObjectName(QStringLiteral("levelsListWidget"));
    for (const LevelName& level : kLevels) {
        auto* item = new QListWidgetItem(QString::fromLatin1(level.name), levels_);
        item->setData(Qt::UserRole, QString::fromLatin1(level.id));
        item->setCheckState(Qt::Checked);
    }
    interfaces_ = new QListWidget(restrictBox_);
    interfaces_->setObjectName(QStringLiteral("interfacesListWidget"));
    formFactors_ = new QListWidget(restrictBox_);
    formFactors_->setObjectName(QStringLiteral("formFactorsListWidget"));
    drives_ = new QListWidget(restrictBox_);
    drives_->setObjectName(QStringLiteral("drivesListWidget"));
    auto* restrictLayout = new QGridLayout(restrictBox_);
    restrictLayout->setContentsMargins(24, 0, 0, 0);
    auto* kinds = new QHBoxLayout;
    kinds->addWidget(new QLabel(tr("Drive kinds:"), restrictBox_));
    kinds->addWidget(hdd_);
    kinds->addWidget(ssd_);
    kinds->addStretch(1);
    restrictLayout->addLayout(kinds, 0, 0, 1, 4);
    const std::pair<QString, QListWidget*> columns[] = {
        {tr("RAID levels:"), levels_},
        {tr("Interfaces:"), interfaces_},
        {tr("Form factors:"), formFactors_},
        {tr("Drives (none ticked = any):"), drives_}};
    int column = 0;
    for (const auto& [title, list] : columns) {
        auto* label = new QLabel(title, restrictBox_);
        label->setBuddy(list);
        restrictLayout->addWidget(label, 1, column);
        restrictLayout->addWidget(list, 2, column);
        ++column;
    }
    restrictLayout->setColumnStretch(0, 3);
    restrictLayout->setColumnStretch(1, 3);
    restrictLayout->setColumnStretch(2, 1);
    restrictLayout->setColumnStretch(3, 5);

    owned_ = new QCheckBox(tr("I already own this controller:"), this);
    owned_->setObjectName(QStringLiteral("ownedControllerCheckBox"));
    ownedController_ = new QComboBox(this);
    ownedController_->setObjectName(QStringLiteral("ownedControllerComboBox"));
    raidSoftware_ =
        new QCheckBox(tr("I already have the RAID software (licence) the controller needs"), this);
    raidSoftware_->setObjectName(QStringLiteral("raidSoftwareOwnedCheckBox"));
    raidSoftware_->setToolTip(
        tr("Some controllers do RAID through a host volume manager sold separately (the catalog "
           "gives its price); simple volumes need none"));
    reason_ = new QLabel(this);
    reason_->setObjectName(QStringLiteral("hardwareReasonLabel"));
    reason_->setWordWrap(true);
    setRedText(reason_);

    auto* form = new QFormLayout;
    form->addRow(tr("Computer:"), host_);
    form->addRow(tr("RAID software:"), raidSoftwareChoice_);
    auto* owned = new QHBoxLayout;
    owned->addWidget(owned_);
    owned->addWidget(ownedController_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(anyParts_);
    layout->addWidget(restrictParts_);
    layout->addWidget(restrictBox_, 1);
    layout->addLayout(owned);
    layout->addWidget(raidSoftware_);
    layout->addWidget(reason_);

    const auto changed = [this] {
        updateEnabled();
        emit completeChanged();
    };
    connect(anyParts_, &QRadioButton::toggled, this, changed);
    connect(host_, &QComboBox::currentIndexChanged, this, changed);
    connect(raidSoftwareChoice_, &QComboBox::currentIndexChanged, this, changed);
    connect(owned_, &QCheckBox::toggled, this, changed);
    connect(hdd_, &QCheckBox::toggled, this, changed);
    connect(ssd_, &QCheckBox::toggled, this, changed);
    connect(levels_, &QListWidget::itemChanged, this, changed);
    connect(interfaces_, &QListWidget::itemChanged, this, changed);
    connect(formFactors_, &QListWidget::itemChanged, this, changed);
    connect(drives_, &QListWidget::itemChanged, this, changed);
    updateEnabled();
}

void HardwarePage::initializePage() {
    if (filled_) {
        return;
    }
    filled_ = true;
    const CatalogChoices& choices = projectWizard()->choices();
    for (const auto& host : choices.hosts) {
        host_->addItem(host.name, host.id);
        host_->setItemData(host_->count() - 1, host.detail, Qt::ToolTipRole);
    }
    // A current machine is the likelier answer than a 1990s workstation.
    const int preferred = host_->findData(QStringLiteral("linux-server-2024"));
    if (preferred >= 0) {
        host_->setCurrentIndex(preferred);
    }
    // Every interface and form factor ticked: any (the file then names none).
    const auto fill = [](QListWidget* list, const std::vector<CatalogChoices::Item>& items) {
        for (const auto& choice : items) {
            auto* item = new QListWidgetItem(choice.name, list);
            item->setData(Qt::UserRole, choice.id);
            item->setToolTip(choice.detail);
            item->setCheckState(Qt::Checked);
        }
    };
    fill(interfaces_, choices.interfaces);
    fill(formFactors_, choices.formFactors);
    for (const auto& drive : choices.drives) {
        auto* item =
            new QListWidgetItem(QStringLiteral("%1 (%2)").arg(drive.name, drive.detail), drives_);
        item->setData(Qt::UserRole, drive.id);
        item->setCheckState(Qt::Unchecked);
    }
    for (const auto& controller : choices.controllers) {
        ownedController_->addItem(QStringLiteral("%1 (%2)").arg(controller.name, controller.detail),
                                  controller.id);
    }
    updateEnabled();
    emit completeChanged();
}

void HardwarePage::updateEnabled() {
    restrictBox_->setEnabled(restrictParts_->isChecked());
    ownedController_->setEnabled(owned_->isChecked());
    const QString problem = pageProblem();
    reason_->setText(problem);
    reason_->setVisible(!problem.isEmpty());
}

QString HardwarePage::pageProblem() const {
    if (host_->count() == 0) {
        return tr("The catalog lists no computers: the hardware catalog could not be read.");
    }
    if (restrictParts_->isChecked()) {
        if (!hdd_->isChecked() && !ssd_->isChecked()) {
            return tr("Tick hard disks, SSDs or both.");
        }
        if (checkedIds(levels_).isEmpty()) {
            return tr("Tick at least one RAID level.");
        }
        if (interfaces_->count() > 0 && checkedIds(interfaces_).isEmpty()) {
            return tr("Tick at least one drive interface.");
        }
        if (formFactors_->count() > 0 && checkedIds(formFactors_).isEmpty()) {
            return tr("Tick at least one form factor.");
        }
    }
    if (owned_->isChecked() && ownedController_->currentIndex() < 0) {
        return tr("Choose the controller you own.");
    }
    if (raidSoftware() == advisor::RaidSoftware::Zfs && !hostRunsZfs()) {
        return tr("'%1' does not run ZFS (the catalog lists the RAID software each computer "
                  "runs): choose a computer that does, or other RAID software.")
            .arg(host_->currentText());
    }
    return {};
}

advisor::RaidSoftware HardwarePage::raidSoftware() const {
    return raidSoftwareIn(raidSoftwareChoice_);
}

bool HardwarePage::hostRunsZfs() const {
    const QString id = host_->currentData().toString();
    const auto* wizard = projectWizard();
    if (wizard == nullptr) {
        return true;  // not in a wizard yet: nothing to check against
    }
    for (const auto& host : wizard->choices().hosts) {
        if (host.id == id) {
            return host.zfs;
        }
    }
    return true;  // an unknown host is the project reader's to refuse
}

void HardwarePage::apply(ProjectDraft& draft) const {
    draft.hostId = host_->currentData().toString();
    draft.driveKinds.clear();
    draft.levels.clear();
    draft.drives.clear();
    draft.interfaces.clear();
    draft.formFactors.clear();
    if (restrictParts_->isChecked()) {
        // All ticked = any: the file names none, and a drive added to the catalog later counts.
        for (auto [list, target] : {std::pair{interfaces_, &draft.interfaces},
                                    std::pair{formFactors_, &draft.formFactors}}) {
            const QStringList ids = checkedIds(list);
            if (ids.size() != list->count()) {
                *target = ids;
            }
        }
        if (hdd_->isChecked() != ssd_->isChecked()) {
            draft.driveKinds << (hdd_->isChecked() ? QStringLiteral("hdd") : QStringLiteral("ssd"));
        }
        const QStringList levels = checkedIds(levels_);
        if (levels.size() != levels_->count()) {
            draft.levels = levels;
        }
        draft.drives = checkedIds(drives_);
    }
    draft.ownedController =
        owned_->isChecked() ? ownedController_->currentData().toString() : QString();
    draft.raidSoftwareOwned = raidSoftware_->isChecked();
    draft.raidSoftware = raidSoftware();
}

// ---- ReviewPage -----------------------------------------------------------------------------

ReviewPage::ReviewPage(QWidget* parent) : QWizardPage(parent) {
    setObjectName(QStringLiteral("reviewPage"));
    setTitle(tr("Review"));
    setSubTitle(
        tr("This is what the advisor will be asked. Go back to change anything; Finish "
           "searches the catalog and shows the recommendations."));
    summary_ = new QTextBrowser(this);
    summary_->setObjectName(QStringLiteral("reviewTextBrowser"));
    reason_ = new QLabel(this);
    reason_->setObjectName(QStringLiteral("reviewReasonLabel"));
    reason_->setWordWrap(true);
    setRedText(reason_);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(summary_, 1);
    layout->addWidget(reason_);
}

void ReviewPage::initializePage() {
    const auto* wizard = qobject_cast<ProjectWizard*>(this->wizard());
    const ProjectDraft d = wizard->draft();
    const QLocale locale;
    QString html = workloadSummary(d);
    const advisor::Constraints c = requestFromDraft(d).constraints;
    html += tr("<p><b>Capacity:</b> %1 now, growing %2% a year: %3 after %4 years; filled at "
               "most %5%, the array offers %6.</p>")
                .arg(formatBytes(d.capacityBytes), formatPlain(d.growthPerYear * 100.0, 1),
                     formatBytes(c.capacity_needed_bytes()), formatPlain(d.horizonYears, 1),
                     formatPlain(d.maxFillPercent, 3), formatBytes(c.capacity_to_provide_bytes()));
    QString extras;  // the limits set beyond the first three
    if (d.maxPowerW > 0.0) {
        extras += tr("; drives at most %1 W").arg(formatPlain(d.maxPowerW, 6));
    }
    if (d.maxRebuildHours > 0.0) {
        extras += tr("; a rebuild at most %1 h").arg(formatPlain(d.maxRebuildHours, 6));
    }
    if (d.powerLossSafeWrites) {
        extras += tr("; writes safe across a power cut (drive write caches off)");
    }
    switch (d.hotSpares) {
        case advisor::HotSpares::None:
            extras += tr("; no hot spare (a replacement in %1 h)")
                          .arg(formatPlain(d.replacementHours, 6));
            break;
        case advisor::HotSpares::One:
            extras += tr("; one hot spare");
            break;
        case advisor::HotSpares::PerVolume:
            extras += tr("; one hot spare per volume");
            break;
    }
    extras += tr("; busy %1 h a day").arg(formatPlain(d.busyHoursPerDay, 4));
    if (d.writesPerDayTb > 0.0) {
        extras += tr(", writing %1 TB a day").arg(formatPlain(d.writesPerDayTb, 6));
    }
    html += tr("<p><b>Limits:</b> budget %1; %2 drive bays; survive %3 drive failure(s)%4.</p>")
                .arg(d.budget > 0 ? (d.currency == QStringLiteral("USD")
                                         ? QStringLiteral("$") + locale.toString(d.budget, 'f', 0)
                                         : locale.toString(d.budget, 'f', 0) + QLatin1Char(' ') +
                                               d.currency.toHtmlEscaped())
                                  : tr("none"))
                .arg(d.maxDriveBays)
                .arg(d.minFailuresTolerated)
                .arg(extras);
    html += tr("<p><b>Weights:</b> speed %1, cost %2, reliability %3, spare capacity %4.</p>")
                .arg(d.weights.performance)
                .arg(d.weights.cost)
                .arg(d.weights.reliability)
                .arg(d.weights.capacity);
    QString host = d.hostId;
    for (const auto& h : wizard->choices().hosts) {
        if (h.id == d.hostId) {
            host = h.name;
        }
    }
    html += tr("<p><b>Computer:</b> %1.</p>").arg(host.toHtmlEscaped());
    html += partsSummary(d);
    summary_->setHtml(html);

    checkProject(*wizard);
    emit completeChanged();
}

/// The project's name and its workload: mix, sizes, load points and arrival rates.
QString ReviewPage::workloadSummary(const ProjectDraft& d) const {
    const Workload& w = d.workload;
    const bool files = w.unit == Workload::Unit::File;
    QStringList points;
    for (int c : w.concurrency) {
        points << QString::number(c);
    }
    QStringList rates;
    for (double r : w.arrival_rates_per_s) {
        rates << formatPlain(r, 3);
    }
    QString html = QStringLiteral("<h3>%1</h3>").arg(d.name.toHtmlEscaped());
    html += tr("<p><b>Workload:</b> %1: %2, %3% reads, %4% sequential, mean size %5.</p>")
                .arg(QString::fromStdString(w.name).toHtmlEscaped(),
                     files ? tr("whole files") : tr("block requests"),
                     formatPlain(w.read_fraction * 100.0, 1),
                     formatPlain(w.sequential_fraction * 100.0, 1),
                     formatSizeBinary(w.size.mean_bytes()));
    if (!points.isEmpty()) {
        html +=
            tr("<p><b>Load:</b> %1 %2 at once.</p>")
                .arg(points.join(QStringLiteral(", ")), files ? tr("processes") : tr("requests"));
    }
    if (!rates.isEmpty()) {
        html += tr("<p><b>Arrivals:</b> %1 per second.</p>").arg(rates.join(QStringLiteral(", ")));
    }
    if (w.threads > 0) {
        html += tr("<p><b>Submitted by:</b> %1.</p>")
                    .arg(w.threads == 1 ? tr("1 thread") : tr("%1 threads").arg(w.threads));
    }
    if (w.working_set_bytes > 0.0) {
        html += tr("<p><b>Working set:</b> %1, the same bytes on every configuration.</p>")
                    .arg(formatSizeBinary(w.working_set_bytes));
    }
    return html;
}

/// The parts the advisor may choose from, and what is owned.
QString ReviewPage::partsSummary(const ProjectDraft& d) const {
    QStringList parts;
    if (!d.driveKinds.isEmpty()) {
        parts << tr("drive kinds %1").arg(d.driveKinds.join(QStringLiteral(", ")).toUpper());
    }
    if (!d.interfaces.isEmpty()) {
        parts << tr("interfaces %1").arg(d.interfaces.join(QStringLiteral(", ")));
    }
    if (!d.formFactors.isEmpty()) {
        parts << tr("form factors %1").arg(d.formFactors.join(QStringLiteral(", ")));
    }
    if (!d.levels.isEmpty()) {
        parts << tr("levels %1").arg(d.levels.join(QStringLiteral(", ")));
    }
    if (!d.drives.isEmpty()) {
        parts << tr("%n chosen drive model(s)", nullptr, static_cast<int>(d.drives.size()));
    }
    switch (d.raidSoftware) {
        case advisor::RaidSoftware::Any:
            break;
        case advisor::RaidSoftware::Hardware:
            parts << tr("hardware RAID cards only");
            break;
        case advisor::RaidSoftware::Md:
            parts << tr("Linux md software RAID only");
            break;
        case advisor::RaidSoftware::Zfs:
            parts << tr("ZFS pools only");
            break;
    }
    return tr("<p><b>Parts:</b> %1%2.</p>")
        .arg(parts.isEmpty() ? tr("anything in the catalog") : parts.join(QStringLiteral("; ")),
             (d.ownedController.isEmpty()
                  ? QString()
                  : tr("; owned controller %1").arg(d.ownedController.toHtmlEscaped())) +
                 (d.raidSoftwareOwned ? tr("; RAID software owned") : QString()));
}

/// Sets problem_ (and shows it) to what the core's project reader finds wrong, if anything.
void ReviewPage::checkProject(const ProjectWizard& wizard) {
    // The core's project reader checks the project exactly as it will be used.
    problem_.clear();
    try {
        const Catalog catalog = openLayeredCatalog(wizard.catalogPath());  // with user entries
        (void)parse_project(wizard.projectJson().toStdString(), catalog);
    } catch (const ProjectError& e) {
        QStringList lines;
        for (const ProjectIssue& issue : e.issues) {
            lines << QString::fromStdString(issue.to_string());
        }
        problem_ = tr("The project is not valid:\n%1").arg(lines.join(QLatin1Char('\n')));
    } catch (const std::exception& e) {
        problem_ = QString::fromStdString(e.what());
    }
    reason_->setText(problem_);
    reason_->setVisible(!problem_.isEmpty());
}

bool ReviewPage::isComplete() const {
    return problem_.isEmpty();
}

}  // namespace raidadv::gui
