#include "pool_what_if.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QSpinBox>
#include <QVBoxLayout>
#include <cmath>
#include <exception>
#include <string>

#include "error_text.h"
#include "input_parsing.h"
#include "layout/raid_level.h"
#include "layout/zfs_pool.h"
#include "size_units.h"

namespace raidadv::gui {

namespace {

constexpr double KiB = 1024.0;
constexpr int kMaxPerVdev = 255;  // dRAID's most children (vdev_draid.h VDEV_DRAID_MAX_CHILDREN)
constexpr int kMaxVdevs = 256;    // estimated: a bound on the field, not a limit of ZFS
constexpr int kMaxPoolDrives = 4096;  // the project file's most drives (core/project/sections.h)

/// One line of figures for `system`: usable space, failures survived, loss risk, cost and the
/// mean response at each load point; or why it could not be evaluated.
QString figures(const System& system, const advisor::Request& request, bool owned) {
    try {
        const advisor::Assessment a = advisor::assess(system, request, owned, false);
        const advisor::PerformanceOutcome o = advisor::measure(system, request.workload);
        QStringList times, loads;
        for (const PointMetrics& p : o.performance.points) {
            times << formatPlain(p.mean_response_s * 1e3, 2);
            loads << (p.concurrency > 0
                          ? QString::number(p.concurrency)
                          : QObject::tr("%1/s").arg(formatPlain(p.arrival_rate_per_s)));
        }
        // Closed points by their outstanding requests, open ones by their arrival rate.
        const bool closed = request.workload.arrival_rates_per_s.empty();
        const QString at =
            loads.join(QStringLiteral(" / ")) + (closed ? QObject::tr(" outstanding") : QString());
        const QString speed = o.feasible ? QObject::tr("mean response %1 ms at %2")
                                               .arg(times.join(QStringLiteral(" / ")), at)
                                         : QString::fromStdString(o.problem);
        return QObject::tr(
                   "%1 usable, survives %2 failed drive(s), data loss in %3 years %4%, "
                   "%5, %6")
            .arg(formatBytes(a.usable_bytes))
            .arg(a.failures_tolerated)
            .arg(formatPlain(request.constraints.horizon_years, 1))
            .arg(formatPlain(a.p_data_loss * 100.0, 3))
            .arg(a.price_known ? QStringLiteral("$") + QLocale().toString(a.total_usd, 'f', 0)
                               : QObject::tr("price unknown"))
            .arg(speed);
    } catch (const std::exception& e) {
        return QObject::tr("Cannot be evaluated: %1").arg(QString::fromUtf8(e.what()));
    }
}

}  // namespace

document::Json PoolEdit::toJson() const {
    document::Json out = document::Json::object();
    out["configuration"] = configuration;
    out["drives_per_vdev"] = drivesPerVdev;
    out["vdevs"] = vdevs;
    out["recordsize_kib"] = recordBytes / KiB;
    out["draid_data"] = draidData;
    return out;
}

std::optional<PoolEdit> PoolEdit::fromJson(const document::Json& json) {
    if (!json.is_object() || !json.contains("configuration") ||
        !json["configuration"].is_string()) {
        return std::nullopt;
    }
    PoolEdit e;
    e.configuration = json["configuration"].get<std::string>();
    const auto whole = [&](const char* key, int& out) {
        if (json.contains(key) && json[key].is_number_integer()) {
            out = json[key].get<int>();
        }
    };
    whole("drives_per_vdev", e.drivesPerVdev);
    whole("vdevs", e.vdevs);
    whole("draid_data", e.draidData);
    if (json.contains("recordsize_kib") && json["recordsize_kib"].is_number()) {
        e.recordBytes = json["recordsize_kib"].get<double>() * KiB;
    }
    return e;
}

// Long: the form, one row per field with its tooltip.
PoolWhatIf::PoolWhatIf(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("poolWhatIf"));
    drivesPerVdev_ = new QSpinBox(this);
    drivesPerVdev_->setObjectName(QStringLiteral("poolDrivesPerVdevSpinBox"));
    drivesPerVdev_->setRange(1, kMaxPerVdev);
    drivesPerVdev_->setToolTip(tr("Drives in each vdev (a dRAID's children)"));
    vdevs_ = new QSpinBox(this);
    vdevs_->setObjectName(QStringLiteral("poolVdevsSpinBox"));
    vdevs_->setRange(1, kMaxVdevs);
    vdevs_->setToolTip(tr("Top-level vdevs the pool stripes its records over"));
    record_ = new QComboBox(this);
    record_->setObjectName(QStringLiteral("poolRecordsizeComboBox"));
    for (int kib = 4; kib <= 16384; kib *= 2) {
        record_->addItem(kib >= 1024 ? tr("%1 MiB").arg(kib / 1024) : tr("%1 KiB").arg(kib),
                         kib * KiB);
    }
    record_->setToolTip(tr("zfs set recordsize: the largest block of a file"));
    draidData_ = new QSpinBox(this);
    draidData_->setObjectName(QStringLiteral("poolDraidDataSpinBox"));
    draidData_->setRange(0, kMaxPerVdev);
    draidData_->setSpecialValueText(tr("zpool's default"));
    draidData_->setToolTip(tr("dRAID: data disks per redundancy group (draid_data)"));
    result_ = new QLabel(this);
    result_->setObjectName(QStringLiteral("poolWhatIfResultLabel"));
    result_->setWordWrap(true);
    result_->setTextFormat(Qt::PlainText);
    reason_ = new QLabel(this);
    reason_->setObjectName(QStringLiteral("poolWhatIfReasonLabel"));
    reason_->setWordWrap(true);
    QPalette red = reason_->palette();
    red.setColor(QPalette::WindowText, errorTextColor(red));
    reason_->setPalette(red);

    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    form->addRow(tr("Drives per vdev:"), drivesPerVdev_);
    form->addRow(tr("Vdevs:"), vdevs_);
    form->addRow(tr("Recordsize:"), record_);
    draidDataLabel_ = new QLabel(tr("dRAID data disks per group:"), this);
    form->addRow(draidDataLabel_, draidData_);
    auto* title = new QLabel(tr("<b>What if the pool were built differently?</b>"), this);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addLayout(form);
    layout->addWidget(result_);
    layout->addWidget(reason_);
    layout->addStretch(1);

    connect(drivesPerVdev_, &QSpinBox::valueChanged, this, &PoolWhatIf::fieldChanged);
    connect(vdevs_, &QSpinBox::valueChanged, this, &PoolWhatIf::fieldChanged);
    connect(draidData_, &QSpinBox::valueChanged, this, &PoolWhatIf::fieldChanged);
    connect(record_, &QComboBox::currentIndexChanged, this, &PoolWhatIf::fieldChanged);
    setVisible(false);
}

void PoolWhatIf::clear() {
    candidate_ = advisor::Candidate{};
    active_ = false;
    setVisible(false);
}

void PoolWhatIf::setFields(const Layout& layout) {
    filling_ = true;
    const int vdevs = std::max(1, layout.vdevs);
    drivesPerVdev_->setValue(layout.drives / vdevs);
    vdevs_->setValue(vdevs);
    int index = record_->findData(layout.record_bytes);
    if (index < 0) {  // a record the list does not offer (from a file): shown as it is
        record_->addItem(formatSizeBinary(layout.record_bytes), layout.record_bytes);
        index = record_->count() - 1;
    }
    record_->setCurrentIndex(index);
    draidData_->setValue(layout.draid_data);
    filling_ = false;
}

void PoolWhatIf::setCandidate(const advisor::Candidate* candidate, const advisor::Request& request,
                              const std::optional<PoolEdit>& edit) {
    if (candidate == nullptr || !is_zfs(candidate->system.layout.level)) {
        clear();
        return;
    }
    candidate_ = *candidate;
    request_ = request;
    const bool draid = is_draid(candidate->system.layout.level);
    draidData_->setVisible(draid);
    draidDataLabel_->setVisible(draid);
    Layout shown = candidate->system.layout;
    if (edit && edit->configuration == candidate->system.name && edit->drivesPerVdev > 0 &&
        edit->vdevs > 0 && edit->recordBytes > 0.0) {
        shown.vdevs = edit->vdevs;
        shown.drives = edit->drivesPerVdev * edit->vdevs;
        shown.record_bytes = edit->recordBytes;
        shown.draid_data = edit->draidData;
    }
    setFields(shown);
    active_ = true;
    setVisible(true);
    recompute();
}

std::optional<PoolEdit> PoolWhatIf::currentEdit() const {
    PoolEdit e;
    e.configuration = candidate_.system.name;
    e.drivesPerVdev = drivesPerVdev_->value();
    e.vdevs = vdevs_->value();
    e.recordBytes = record_->currentData().toDouble();
    e.draidData = draidData_->value();
    const Layout& l = candidate_.system.layout;
    if (e.vdevs == l.vdevs && e.drivesPerVdev * e.vdevs == l.drives &&
        e.recordBytes == l.record_bytes && e.draidData == l.draid_data) {
        return std::nullopt;
    }
    return e;
}

void PoolWhatIf::fieldChanged() {
    if (filling_ || !active_) {
        return;
    }
    recompute();
    if (problem_.isEmpty()) {
        emit edited(currentEdit());
    }
}

void PoolWhatIf::recompute() {
    system_ = candidate_.system;
    Layout& l = system_.layout;
    l.vdevs = vdevs_->value();
    l.drives = drivesPerVdev_->value() * l.vdevs;
    l.record_bytes = record_->currentData().toDouble();
    l.draid_data = draidData_->value();
    ZfsLayoutProblem why = zfs_layout_problem(l);
    if (why.empty() && l.drives > kMaxPoolDrives) {
        why = {"vdevs", "a pool of " + std::to_string(l.drives) + " drives: at most " +
                            std::to_string(kMaxPoolDrives) + " (the project file's limit)"};
    }
    problem_ = why.empty() ? QString()
                           : QStringLiteral("%1: %2").arg(QString::fromStdString(why.key),
                                                          QString::fromStdString(why.message));
    const bool owned = !request_.constraints.owned_controller.empty() &&
                       system_.controller.info.id == request_.constraints.owned_controller;
    const QString recommended =
        tr("As recommended: %1.").arg(figures(candidate_.system, request_, owned));
    if (!problem_.isEmpty()) {
        system_ = candidate_.system;
        result_->setText(recommended);
        reason_->setText(problem_);
        reason_->setVisible(true);
        return;
    }
    QString text =
        currentEdit() ? tr("This pool: %1.\n").arg(figures(system_, request_, owned)) : QString();
    result_->setText(text + recommended);
    QString note;
    if (l.drives != candidate_.system.layout.drives) {
        note = tr("%1 drives instead of %2: the ports and bays of the recommendation are not "
                  "planned again%3.")
                   .arg(l.drives)
                   .arg(candidate_.system.layout.drives)
                   .arg(l.drives > request_.constraints.max_drive_bays
                            ? tr(", and the project allows %1 drive bays")
                                  .arg(request_.constraints.max_drive_bays)
                            : QString());
    }
    reason_->setText(note);
    reason_->setVisible(!note.isEmpty());
}

}  // namespace raidadv::gui
