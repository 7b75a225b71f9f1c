#pragma once
// The new-project wizard: Workload, Request/File sizes, Capacity and growth, Budget and
// constraints, Hardware, Review. Every field is checked as it is typed with the reason shown next
// to it; Next stays disabled until the page is valid. Finish leaves a ProjectDraft whose JSON the
// core's project reader turns into a raidadv::Project.

#include <QByteArray>
#include <QWizard>

#include "catalog_choices.h"
#include "project_draft.h"

namespace raidadv::gui {

class WorkloadPage;
class SizesPage;
class CapacityPage;
class BudgetPage;
class HardwarePage;
class ReviewPage;

class ProjectWizard : public QWizard {
    Q_OBJECT

  public:
    enum PageId {
        WorkloadPageId,
        SizesPageId,
        CapacityPageId,
        BudgetPageId,
        HardwarePageId,
        ReviewPageId
    };

    /// `catalogPath`: the catalog the Review page checks the project against (empty = default).
    explicit ProjectWizard(CatalogChoices choices, const QString& catalogPath = {},
                           QWidget* parent = nullptr);
    ~ProjectWizard() override;

    /// Everything the pages hold now (valid once every page is complete).
    ProjectDraft draft() const;
    /// draft() as project-file JSON.
    QByteArray projectJson() const { return projectJsonText(draft()); }

    const CatalogChoices& choices() const { return choices_; }
    QString catalogPath() const { return catalogPath_; }

    WorkloadPage* workloadPage() const { return workload_; }
    SizesPage* sizesPage() const { return sizes_; }

  private:
    CatalogChoices choices_;
    QString catalogPath_;
    WorkloadPage* workload_;
    SizesPage* sizes_;
    CapacityPage* capacity_;
    BudgetPage* budget_;
    HardwarePage* hardware_;
    ReviewPage* review_;
};

}  // namespace raidadv::gui
