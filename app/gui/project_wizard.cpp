#include "project_wizard.h"

#include <QAbstractButton>
#include <utility>

#include "wizard_pages.h"

namespace raidadv::gui {

ProjectWizard::ProjectWizard(CatalogChoices choices, const QString& catalogPath, QWidget* parent)
    : QWizard(parent), choices_(std::move(choices)), catalogPath_(catalogPath) {
    setObjectName(QStringLiteral("projectWizard"));
    setWindowTitle(tr("New project"));
    setWizardStyle(QWizard::ModernStyle);
    setOption(QWizard::NoBackButtonOnStartPage);
    setOption(QWizard::HaveHelpButton, false);
    workload_ = new WorkloadPage(this);
    sizes_ = new SizesPage(this);
    capacity_ = new CapacityPage(this);
    budget_ = new BudgetPage(this);
    hardware_ = new HardwarePage(this);
    review_ = new ReviewPage(this);
    setPage(WorkloadPageId, workload_);
    setPage(SizesPageId, sizes_);
    setPage(CapacityPageId, capacity_);
    setPage(BudgetPageId, budget_);
    setPage(HardwarePageId, hardware_);
    setPage(ReviewPageId, review_);
    setStartId(WorkloadPageId);
    // Names for tests and keyboard users.
    button(QWizard::NextButton)->setObjectName(QStringLiteral("nextPushButton"));
    button(QWizard::BackButton)->setObjectName(QStringLiteral("backPushButton"));
    button(QWizard::FinishButton)->setObjectName(QStringLiteral("finishPushButton"));
    button(QWizard::CancelButton)->setObjectName(QStringLiteral("cancelPushButton"));
    resize(900, 640);
}

ProjectWizard::~ProjectWizard() = default;

ProjectDraft ProjectWizard::draft() const {
    ProjectDraft d;
    sizes_->apply(d);
    workload_->apply(d);
    capacity_->apply(d);
    budget_->apply(d);
    hardware_->apply(d);
    return d;
}

}  // namespace raidadv::gui
