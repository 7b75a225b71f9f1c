#pragma once
// A short guided tour of the new-project wizard: a small tool window beside the wizard that
// explains, for the page shown, what it asks and what the advisor does with the answer. It
// follows the user through Next and Back; "End tour" closes it, and so does closing the wizard.

#include <QFrame>
#include <QString>

class QLabel;
class QPushButton;

namespace raidadv::gui {

class ProjectWizard;

class WizardTour : public QFrame {
    Q_OBJECT

  public:
    /// Shows a tour beside `wizard` (which owns it) at the current page's step.
    static WizardTour* attach(ProjectWizard* wizard);

    /// Number of steps: one per wizard page.
    static int stepCount();
    /// 1-based step of a wizard page id (ProjectWizard::PageId), 0 for an unknown id.
    static int stepOf(int pageId);
    /// The explanation shown for a wizard page id; empty for an unknown id.
    static QString explanation(int pageId);

    int step() const { return step_; }
    QString text() const;

  private:
    explicit WizardTour(ProjectWizard* wizard);
    void showPage(int pageId);

    QLabel* stepLabel_ = nullptr;
    QLabel* textLabel_ = nullptr;
    QPushButton* endButton_ = nullptr;
    int step_ = 0;
};

}  // namespace raidadv::gui
