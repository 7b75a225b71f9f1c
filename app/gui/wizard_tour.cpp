#include "wizard_tour.h"

#include <QLabel>
#include <QLayout>
#include <QPoint>
#include <QPushButton>
#include <QScreen>
#include <QVBoxLayout>
#include <algorithm>
#include <array>

#include "project_wizard.h"

namespace raidadv::gui {

namespace {

constexpr int kTourWidthChars = 44;  ///< the tour's width in average characters of its font
constexpr int kTourGap = 8;

struct TourStep {
    int pageId;
    const char* title;
    const char* text;
};

// One step per page, in the wizard's order.
constexpr std::array<TourStep, 6> kSteps{{
    {ProjectWizard::WorkloadPageId, QT_TRANSLATE_NOOP("WizardTour", "Workload"),
     QT_TRANSLATE_NOOP(
         "WizardTour",
         "Start from the preset closest to your application: file server, database, VM "
         "datastore, video, backup and more. Each preset names the study or vendor guide its "
         "numbers come from. The load points (requests outstanding at once) are where response "
         "times are predicted: list a light and a heavy load.")},
    {ProjectWizard::SizesPageId, QT_TRANSLATE_NOOP("WizardTour", "Sizes"),
     QT_TRANSLATE_NOOP(
         "WizardTour",
         "Request or file sizes decide how many drives each request touches and which stripe "
         "unit suits the array. The chart shows the sizes the model will use; import a file "
         "listing or scan a folder to use your real files.")},
    {ProjectWizard::CapacityPageId, QT_TRANSLATE_NOOP("WizardTour", "Capacity"),
     QT_TRANSLATE_NOOP(
         "WizardTour",
         "Give the data you will store and how fast it grows, not the raw disk size: the advisor "
         "adds the parity or mirror copies of each RAID level itself and keeps only arrays that "
         "still hold the data at the end of the horizon.")},
    {ProjectWizard::BudgetPageId, QT_TRANSLATE_NOOP("WizardTour", "Budget and constraints"),
     QT_TRANSLATE_NOOP(
         "WizardTour",
         "Limits rule arrays out: budget, drive failures to survive, bays. The weights say how "
         "much response time, cost, data-loss risk and capacity count when the arrays that fit "
         "are ranked; the What if panel changes them later without a new search.")},
    {ProjectWizard::HardwarePageId, QT_TRANSLATE_NOOP("WizardTour", "Hardware"),
     QT_TRANSLATE_NOOP(
         "WizardTour",
         "The computer the storage attaches to, the RAID software (a RAID card, Linux md or "
         "ZFS, or any), and which drives, controllers and RAID levels from the catalog may be "
         "used. Every catalog entry cites its datasheet. A controller you already own costs "
         "nothing.")},
    {ProjectWizard::ReviewPageId, QT_TRANSLATE_NOOP("WizardTour", "Review"),
     QT_TRANSLATE_NOOP(
         "WizardTour",
         "The question exactly as the advisor gets it. Finish searches the catalog and shows the "
         "ranked configurations, each with an explanation, charts and a drawing of its layout. "
         "This ends the tour.")},
}};

const TourStep* findStep(int pageId) {
    for (const TourStep& s : kSteps) {
        if (s.pageId == pageId) {
            return &s;
        }
    }
    return nullptr;
}

}  // namespace

WizardTour* WizardTour::attach(ProjectWizard* wizard) {
    auto* tour = new WizardTour(wizard);
    connect(wizard, &QWizard::currentIdChanged, tour, &WizardTour::showPage);
    connect(wizard, &QDialog::finished, tour, &QWidget::close);
    tour->showPage(wizard->currentId() >= 0 ? wizard->currentId() : wizard->startId());
    // A small tool window beside the wizard (QWizard's side widget is hidden on pages with a
    // subtitle in ModernStyle, which all of ours have), kept on the wizard's screen: to its
    // right if there is room, else to its left, else over its right edge.
    QPoint place = wizard->frameGeometry().topRight() + QPoint(kTourGap, 0);
    if (const QScreen* screen = wizard->screen()) {
        const QRect available = screen->availableGeometry();
        if (place.x() + tour->width() > available.right()) {
            place.setX(wizard->frameGeometry().left() - kTourGap - tour->width());
        }
        place.setX(std::clamp(place.x(), available.left(),
                              std::max(available.left(), available.right() - tour->width())));
        place.setY(std::clamp(place.y(), available.top(),
                              std::max(available.top(), available.bottom() - tour->height())));
    }
    tour->move(place);
    tour->show();
    return tour;
}

WizardTour::WizardTour(ProjectWizard* wizard) : QFrame(wizard, Qt::Tool) {
    setObjectName(QStringLiteral("wizardTourFrame"));
    setWindowTitle(tr("Tour of the new-project wizard"));
    // Wide enough for a few words a line at any font size; as high as the step's text needs
    // (each step sets its height: showPage()).
    setFixedWidth(fontMetrics().averageCharWidth() * kTourWidthChars);
    auto* layout = new QVBoxLayout(this);
    stepLabel_ = new QLabel(this);
    stepLabel_->setObjectName(QStringLiteral("tourStepLabel"));
    stepLabel_->setWordWrap(true);
    textLabel_ = new QLabel(this);
    textLabel_->setObjectName(QStringLiteral("tourTextLabel"));
    textLabel_->setWordWrap(true);
    textLabel_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    endButton_ = new QPushButton(tr("End tour"), this);
    endButton_->setObjectName(QStringLiteral("tourEndPushButton"));
    connect(endButton_, &QPushButton::clicked, this, &QWidget::close);
    layout->addWidget(stepLabel_);
    layout->addWidget(textLabel_, 1);
    layout->addWidget(endButton_, 0, Qt::AlignLeft);
}

int WizardTour::stepCount() {
    return static_cast<int>(kSteps.size());
}

int WizardTour::stepOf(int pageId) {
    for (std::size_t i = 0; i < kSteps.size(); ++i) {
        if (kSteps[i].pageId == pageId) {
            return static_cast<int>(i) + 1;
        }
    }
    return 0;
}

QString WizardTour::explanation(int pageId) {
    const TourStep* s = findStep(pageId);
    return s == nullptr ? QString() : tr(s->text);
}

QString WizardTour::text() const {
    return textLabel_->text();
}

void WizardTour::showPage(int pageId) {
    const TourStep* s = findStep(pageId);
    if (s == nullptr) {
        return;
    }
    step_ = stepOf(pageId);
    stepLabel_->setText(
        tr("<b>Tour, step %1 of %2: %3</b>").arg(step_).arg(stepCount()).arg(tr(s->title)));
    textLabel_->setText(tr(s->text));
    // The whole text, never cut: the height the wrapped text needs at the fixed width.
    layout()->activate();
    setFixedHeight(layout()->totalHeightForWidth(width()));
}

}  // namespace raidadv::gui
