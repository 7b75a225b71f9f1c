#pragma once
// Catalog editor > Calibrate...: fits the estimated parameters of a project's system to runs
// measured on it (core/measure/calibrate.h, as `raid-advisor-cli calibrate`), shows the fit
// and writes the fitted components as user catalog entries.

#include <QDialog>
#include <QStringList>

#include "project/project.h"

class QComboBox;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;

namespace raidadv {
class Catalog;
}

namespace raidadv::gui {

class CalibrateDialog : public QDialog {
    Q_OBJECT

  public:
    /// `catalog`: the layered catalog the entries are written to (it must outlive the dialog).
    explicit CalibrateDialog(raidadv::Catalog& catalog, QWidget* parent = nullptr);

    /// Reads the project and lists its systems; false (with the reason shown) if it cannot.
    bool loadProject(const QString& path);
    void setMeasuredFiles(const QStringList& files);
    /// Fits and, unless `dryRun`, writes the entries. Returns the ids written; the report is in
    /// reportText(). Empty with the reason in the report when it could not fit.
    QStringList runCalibration(bool dryRun);
    QString reportText() const;

  signals:
    /// User catalog entries were written.
    void entriesWritten(const QStringList& ids);

  private:
    raidadv::Catalog& catalog_;
    std::optional<raidadv::Project> project_;
    QLineEdit* projectPath_;
    QComboBox* systemCombo_;
    QListWidget* measured_;
    QPlainTextEdit* report_;
    QPushButton* fitButton_;
    QPushButton* writeButton_;
};

}  // namespace raidadv::gui
