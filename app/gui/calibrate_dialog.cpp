// The calibration dialog: the same steps as `raid-advisor-cli calibrate` (core/measure), with
// the project, system and measured files chosen in the window.

#include "calibrate_dialog.h"

#include <QComboBox>
#include <QDateTime>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSysInfo>
#include <QVBoxLayout>
#include <cmath>

#include "catalog/catalog.h"
#include "measure/calibrate.h"

namespace raidadv::gui {

CalibrateDialog::CalibrateDialog(raidadv::Catalog& catalog, QWidget* parent)
    : QDialog(parent), catalog_(catalog) {
    setObjectName(QStringLiteral("calibrateDialog"));
    setWindowTitle(tr("Calibrate on measured runs"));
    projectPath_ = new QLineEdit(this);
    projectPath_->setObjectName(QStringLiteral("calibrateProjectLineEdit"));
    projectPath_->setReadOnly(true);
    auto* browse = new QPushButton(tr("Project..."), this);
    systemCombo_ = new QComboBox(this);
    systemCombo_->setObjectName(QStringLiteral("calibrateSystemComboBox"));
    measured_ = new QListWidget(this);
    measured_->setObjectName(QStringLiteral("calibrateMeasuredListWidget"));
    auto* addFiles = new QPushButton(tr("Add measured runs..."), this);
    report_ = new QPlainTextEdit(this);
    report_->setObjectName(QStringLiteral("calibrateReportPlainTextEdit"));
    report_->setReadOnly(true);
    report_->setPlaceholderText(
        tr("Choose the project that describes your existing system, the system, and fio JSON or "
           "iostat files of runs measured on it (at least as many runs as parameters: different "
           "queue depths, sizes or read shares). Fit shows the result; Write adds the fitted "
           "components to your catalog."));
    fitButton_ = new QPushButton(tr("&Fit"), this);
    fitButton_->setObjectName(QStringLiteral("calibrateFitPushButton"));
    writeButton_ = new QPushButton(tr("Fit and &write to my catalog"), this);
    writeButton_->setObjectName(QStringLiteral("calibrateWritePushButton"));
    auto* close = new QPushButton(tr("Close"), this);

    auto* projectRow = new QHBoxLayout;
    projectRow->addWidget(projectPath_, 1);
    projectRow->addWidget(browse);
    auto* form = new QFormLayout;
    form->addRow(tr("Project:"), projectRow);
    form->addRow(tr("System measured:"), systemCombo_);
    form->addRow(tr("Measured runs:"), measured_);
    form->addRow(QString(), addFiles);
    auto* buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(fitButton_);
    buttons->addWidget(writeButton_);
    buttons->addWidget(close);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(report_, 1);
    layout->addLayout(buttons);

    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Project"), QString(), tr("Projects (*.raidproj *.json);;All files (*)"));
        if (!path.isEmpty()) {
            loadProject(path);
        }
    });
    connect(addFiles, &QPushButton::clicked, this, [this] {
        const QStringList files = QFileDialog::getOpenFileNames(
            this, tr("Measured runs"), QString(),
            tr("Measurements (*.json *.jsonplus *.txt *.log);;All files (*)"));
        for (const QString& f : files) {
            measured_->addItem(f);
        }
    });
    connect(fitButton_, &QPushButton::clicked, this, [this] { runCalibration(true); });
    connect(writeButton_, &QPushButton::clicked, this, [this] { runCalibration(false); });
    connect(close, &QPushButton::clicked, this, &QDialog::accept);
    resize(760, 560);
}

bool CalibrateDialog::loadProject(const QString& path) {
    systemCombo_->clear();
    project_.reset();
    projectPath_->setText(path);
    try {
        project_ = raidadv::load_project(path.toStdString(), catalog_);
    } catch (const raidadv::ProjectError& e) {
        QStringList lines;
        for (const auto& issue : e.issues) {
            lines << QString::fromStdString(issue.to_string());
        }
        report_->setPlainText(
            tr("The project cannot be read:\n%1").arg(lines.join(QLatin1Char('\n'))));
        return false;
    }
    for (const raidadv::System& s : project_->systems) {
        systemCombo_->addItem(QString::fromStdString(s.name));
    }
    if (project_->systems.empty()) {
        report_->setPlainText(
            tr("The project describes no systems; calibration needs the "
               "system the runs were measured on."));
        return false;
    }
    return true;
}

void CalibrateDialog::setMeasuredFiles(const QStringList& files) {
    measured_->clear();
    measured_->addItems(files);
}

QString CalibrateDialog::reportText() const {
    return report_->toPlainText();
}

QStringList CalibrateDialog::runCalibration(bool dryRun) {
    using namespace raidadv::measure;
    if (!project_ || systemCombo_->currentIndex() < 0) {
        report_->setPlainText(tr("Choose a project and the system the runs were measured on."));
        return {};
    }
    const raidadv::System& system =
        project_->systems[static_cast<std::size_t>(systemCombo_->currentIndex())];
    std::vector<ImportedWorkload> imported;
    try {
        for (int i = 0; i < measured_->count(); ++i) {
            for (auto& w : import_file(measured_->item(i)->text().toStdString())) {
                imported.push_back(std::move(w));
            }
        }
    } catch (const ImportError& e) {
        report_->setPlainText(QString::fromStdString(e.what()));
        return {};
    }
    CalibrationResult r;
    try {
        r = calibrate(system, runs_from(imported), estimated_parameters(system));
    } catch (const CalibrationError& e) {
        report_->setPlainText(QString::fromStdString(e.what()));
        return {};
    }
    QStringList lines;
    for (std::size_t k = 0; k < r.parameters.size(); ++k) {
        const auto& p = *r.parameters[k];
        lines << tr("%1: %2 -> %3 (bounds %4 .. %5)%6")
                     .arg(QString::fromStdString(p.key))
                     .arg(r.before[k] * p.csv_scale, 0, 'g', 4)
                     .arg(r.after[k] * p.csv_scale, 0, 'g', 4)
                     .arg(p.lo * p.csv_scale, 0, 'g', 3)
                     .arg(p.hi * p.csv_scale, 0, 'g', 3)
                     .arg(r.at_bound[k] ? tr(", at its bound") : QString());
    }
    lines << QString() << tr("Mean response per run, ms: measured, before, after");
    for (const RunFit& f : r.runs) {
        lines << QStringLiteral("%1: %2, %3 (%4%), %5 (%6%)")
                     .arg(QString::fromStdString(f.run))
                     .arg(f.measured_s * 1e3, 0, 'g', 4)
                     .arg(f.before_s * 1e3, 0, 'g', 4)
                     .arg(f.error_before() * 100, 0, 'f', 1)
                     .arg(f.after_s * 1e3, 0, 'g', 4)
                     .arg(f.error_after() * 100, 0, 'f', 1);
    }
    for (const Indistinct& g : r.indistinct) {
        QStringList keys;
        for (const auto& k : g.keys) {
            keys << QString::fromStdString(k);
        }
        lines << tr("Cannot tell apart: %1: %2")
                     .arg(keys.join(QStringLiteral(", ")), QString::fromStdString(g.why));
    }
    QStringList written;
    if (!dryRun) {
        const auto entries =
            fitted_entries(catalog_, r, QSysInfo::machineHostName().toStdString(),
                           QDate::currentDate().toString(Qt::ISODate).toStdString(),
                           std::to_string(r.runs.size()) + " measured run(s)");
        for (auto e : entries) {
            const auto errors = catalog_.add_user_entry(e.kind, e.fields);
            if (!errors.empty()) {
                lines << tr("Not written: %1: %2")
                             .arg(QString::fromStdString(e.fields["id"]),
                                  QString::fromStdString(errors.front().message));
                continue;
            }
            written << QString::fromStdString(e.fields["id"]);
            lines << tr("Wrote %1").arg(written.back());
        }
        if (!written.isEmpty()) {
            emit entriesWritten(written);
        }
    }
    report_->setPlainText(lines.join(QLatin1Char('\n')));
    return written;
}

}  // namespace raidadv::gui
