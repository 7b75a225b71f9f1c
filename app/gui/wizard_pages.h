#pragma once
// The pages of the new-project wizard (project_wizard.h). Each page reads its fields into a
// ProjectDraft with apply(); isComplete() is true when every field on it is valid.

#include <QWizardPage>
#include <vector>

#include "project_draft.h"
#include "workload/workload.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QRadioButton;
class QSlider;
class QSpinBox;
class QStackedWidget;
class QTextBrowser;

namespace raidadv::charts {
class ChartWidget;
}

namespace raidadv::gui {

class CheckedField;
class ProjectWizard;

/// Base: a page made of CheckedFields, complete when all of them are valid.
class CheckedPage : public QWizardPage {
    Q_OBJECT

  public:
    using QWizardPage::QWizardPage;
    bool isComplete() const override;
    virtual void apply(ProjectDraft& draft) const = 0;

  protected:
    /// Creates a field that re-evaluates the page's completeness as it is edited.
    CheckedField* addField(const QString& name, const QString& text,
                           std::function<QString(const QString&)> check);
    /// Extra page-level condition (beyond the fields); empty = fine.
    virtual QString pageProblem() const { return {}; }
    ProjectWizard* projectWizard() const;

    std::vector<CheckedField*> fields_;
};

class WorkloadPage : public CheckedPage {
    Q_OBJECT

  public:
    explicit WorkloadPage(QWidget* parent = nullptr);
    void apply(ProjectDraft& draft) const override;

    /// The workload as the chosen preset (or the last one chosen) defines it: the Sizes page
    /// starts from its size distribution.
    const raidadv::Workload& presetWorkload() const { return preset_; }
    /// Bumped whenever a preset is chosen, so the Sizes page knows to reload it.
    int presetGeneration() const { return presetGeneration_; }
    bool fileLevel() const;

  protected:
    QString pageProblem() const override;

  private:
    void choosePreset(int index);
    friend class MeasurementImport;  // fills the fields from a measurement (measurement_import.h)

    QComboBox* presetCombo_;
    QLabel* description_;
    QComboBox* unitCombo_;
    CheckedField* projectName_;
    CheckedField* workloadName_;
    CheckedField* readPercent_;
    CheckedField* sequentialPercent_;
    CheckedField* concurrency_;
    CheckedField* arrivalRates_;
    QSpinBox* threads_;  ///< Workload::threads (fio numjobs); 0 = one per outstanding request
    QDoubleSpinBox* workingSet_;  ///< Workload::working_set_bytes in GiB; 0 = the whole volume
    QCheckBox* spread_;
    raidadv::Workload preset_;
    int presetGeneration_ = 0;
};

class SizesPage : public CheckedPage {
    Q_OBJECT

  public:
    explicit SizesPage(QWidget* parent = nullptr);
    void initializePage() override;
    /// Only the fields of the chosen kind of distribution count.
    bool isComplete() const override { return pageProblem().isEmpty(); }
    void apply(ProjectDraft& draft) const override;
    /// The distribution the fields describe (valid when the page is complete).
    raidadv::SizeDistribution distribution() const;
    /// Replaces the fields with `d`.
    void setDistribution(const raidadv::SizeDistribution& d);
    /// Reads a size listing (core: import_size_listing) into a histogram; what the Import
    /// button does once a file is chosen. Returns false if the file cannot be read.
    bool importListingFile(const QString& path);

  protected:
    QString pageProblem() const override;

  private:
    void updatePreview();
    void importListing();
    void scanFolder();
    void useSizes(const std::vector<double>& sizes, const QString& what);
    double minBytes() const;
    double maxBytes() const;

    QComboBox* kindCombo_;
    QStackedWidget* stack_;
    CheckedField* fixed_;
    CheckedField* uniformMin_;
    CheckedField* uniformMax_;
    CheckedField* median_;
    CheckedField* sigma_;
    QPlainTextEdit* histogram_;
    QLabel* histogramReason_;
    QLabel* summary_;
    QLabel* importStatus_;
    raidadv::charts::ChartWidget* chart_;
    int loadedGeneration_ = -1;
    bool files_ = false;
};

class CapacityPage : public CheckedPage {
    Q_OBJECT

  public:
    explicit CapacityPage(QWidget* parent = nullptr);
    void apply(ProjectDraft& draft) const override;

  private:
    void updateNeeded();

    CheckedField* capacity_;
    CheckedField* growth_;
    CheckedField* horizon_;
    CheckedField* fill_;
    QLabel* needed_;
};

class BudgetPage : public CheckedPage {
    Q_OBJECT

  public:
    explicit BudgetPage(QWidget* parent = nullptr);
    void apply(ProjectDraft& draft) const override;

  protected:
    QString pageProblem() const override;

  private:
    void updateCurrency();

    CheckedField* budget_;
    CheckedField* currency_;
    CheckedField* usdPerUnit_;
    QLabel* budgetLabel_;
    QLabel* usdPerUnitLabel_;
    CheckedField* bays_;
    CheckedField* power_;
    QComboBox* failures_;
    CheckedField* rebuild_;
    QComboBox* spares_;
    CheckedField* replacement_;
    CheckedField* busyHours_;
    CheckedField* writesPerDay_;
    QCheckBox* powerSafe_;
    QSlider* performance_;
    QSlider* cost_;
    QSlider* reliability_;
    QSlider* capacity_;
    QLabel* weightsReason_;
};

class HardwarePage : public CheckedPage {
    Q_OBJECT

  public:
    explicit HardwarePage(QWidget* parent = nullptr);
    void initializePage() override;
    void apply(ProjectDraft& draft) const override;

  protected:
    QString pageProblem() const override;

  private:
    void updateEnabled();
    advisor::RaidSoftware raidSoftware() const;
    bool hostRunsZfs() const;  ///< the chosen computer runs ZFS (catalog raid_software)

    QComboBox* host_;
    QComboBox* raidSoftwareChoice_;  ///< advisor::RaidSoftware, by its file word
    QRadioButton* anyParts_;
    QRadioButton* restrictParts_;
    QWidget* restrictBox_;
    QCheckBox* hdd_;
    QCheckBox* ssd_;
    QListWidget* levels_;
    QListWidget* interfaces_;
    QListWidget* formFactors_;
    QListWidget* drives_;
    QCheckBox* owned_;
    QComboBox* ownedController_;
    QCheckBox* raidSoftware_;  ///< the host RAID software licence is owned
    QLabel* reason_;
    bool filled_ = false;
};

class ReviewPage : public QWizardPage {
    Q_OBJECT

  public:
    explicit ReviewPage(QWidget* parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;

  private:
    QString workloadSummary(const ProjectDraft& d) const;
    QString partsSummary(const ProjectDraft& d) const;
    void checkProject(const ProjectWizard& wizard);

    QTextBrowser* summary_;
    QLabel* reason_;
    QString problem_;
};

}  // namespace raidadv::gui
