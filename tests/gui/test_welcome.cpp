// The welcome page (app/gui/welcome_page.h) and the wizard tour (app/gui/wizard_tour.h): the
// examples it offers exist and ask the advisor something, an example opens and replaces the
// page, New project and the tour open the wizard, the tour explains every page in order, and a
// missing example is shown disabled instead of failing when clicked.
#include <QAction>
#include <QApplication>
#include <QCommandLinkButton>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QtTest>
#include <memory>

#include "app_resources.h"
#include "gui_test_support.h"
#include "help_window.h"
#include "main_window.h"
#include "project_wizard.h"
#include "recommendations_model.h"
#include "welcome_page.h"
#include "wizard_tour.h"

using raidadv::gui::MainWindow;
using raidadv::gui::ProjectWizard;
using raidadv::gui::WelcomePage;
using raidadv::gui::WizardTour;
using raidadv::guitest::find;
using raidadv::guitest::kRunTimeoutMs;

namespace {

void saveShot(QWidget* widget, const QString& name) {
    if (const QString shots = qEnvironmentVariable("RAID_GUI_SHOTS"); !shots.isEmpty()) {
        widget->grab().save(shots + QLatin1Char('/') + name);
    }
}

/// Fails unless every line of `label` is shown: it is as high as its wrapped text needs at its
/// width, lies wholly inside `window`, and is not elided (plain word-wrapped text).
void verifyFullyVisible(QWidget* window, QLabel* label, int step) {
    QCoreApplication::processEvents();
    const QString where = QStringLiteral("step %1, %2: ").arg(step).arg(label->objectName());
    QVERIFY2(label->isVisible(), qPrintable(where + QStringLiteral("hidden")));
    QVERIFY2(label->wordWrap(), qPrintable(where + QStringLiteral("does not wrap")));
    const int needed = label->heightForWidth(label->width());
    QVERIFY2(label->height() >= needed,
             qPrintable(
                 where +
                 QStringLiteral("%1 px high, its text needs %2").arg(label->height()).arg(needed)));
    const QRect inWindow(label->mapTo(window, QPoint(0, 0)), label->size());
    QVERIFY2(window->rect().contains(inWindow),
             qPrintable(where + QStringLiteral("cut by the window edge")));
}

/// Walks the tour of `wizard` from its first page to Review, checking every step's text.
void walkTourCheckingText(ProjectWizard* wizard) {
    auto* tour = wizard->findChild<WizardTour*>();
    QVERIFY(tour != nullptr);
    for (int step = 1;; ++step) {
        QCOMPARE(tour->step(), step);
        verifyFullyVisible(tour, find<QLabel>(tour, "tourStepLabel"), step);
        verifyFullyVisible(tour, find<QLabel>(tour, "tourTextLabel"), step);
        if (wizard->currentId() == ProjectWizard::ReviewPageId) {
            break;
        }
        wizard->next();
    }
}

}  // namespace

class WelcomeTest : public QObject {
    Q_OBJECT

  private slots:
    void init() {
        window_ = std::make_unique<MainWindow>();
        errors_.clear();
        window_->setErrorReporter(
            [this](const QString& title, const QString& message) { errors_ << title + message; });
        window_->show();
        window_->showWelcome();
    }

    void cleanup() { window_.reset(); }

    void dataFoldersAreBesideTheProgram() {
        // test_gui_welcome runs from build/bin, like the installed programs from <prefix>/bin.
        QVERIFY2(
            raidadv::gui::examplesDir().endsWith(QStringLiteral("/share/raid-advisor/examples")),
            qPrintable(raidadv::gui::examplesDir()));
        QVERIFY(QFileInfo(raidadv::gui::examplesDir()).isDir());
        QVERIFY(raidadv::gui::translationsDir().startsWith(raidadv::gui::dataDir()));
        const QIcon icon = raidadv::gui::applicationIcon();
        QVERIFY(!icon.isNull());
        QCOMPARE(icon.pixmap(48, 48).size(), QSize(48, 48));
    }

    void everyExampleIsAnInstalledAdvisorProject() {
        QVERIFY(window_->isWelcomeShown());
        WelcomePage* page = window_->welcomePage();
        QVERIFY(page->isVisible());
        const auto examples = raidadv::gui::welcomeExamples();
        QCOMPARE(examples.size(), 5);
        QCOMPARE(page->exampleButtons().size(), examples.size());
        QSet<QString> titles;
        for (int i = 0; i < examples.size(); ++i) {
            QCommandLinkButton* button = page->exampleButtons()[i];
            QVERIFY2(button->isEnabled(), qPrintable(page->examplePath(i)));
            QCOMPARE(button->text(), examples[i].title);
            QVERIFY(!examples[i].summary.isEmpty());
            titles.insert(examples[i].title);
            QFile file(page->examplePath(i));
            QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
            const QJsonObject project = QJsonDocument::fromJson(file.readAll()).object();
            QVERIFY2(project.contains(QStringLiteral("advisor")),
                     qPrintable(file.fileName() + QStringLiteral(" has no advisor section")));
        }
        QCOMPARE(titles.size(), examples.size());
        saveShot(window_.get(), QStringLiteral("welcome.png"));
    }

    void exampleOpensAndReplacesTheWelcomePage() {
        WelcomePage* page = window_->welcomePage();
        const int nas = 4;  // the small NAS
        QVERIFY(page->examplePath(nas).endsWith(QStringLiteral("advisor-small-nas.json")));
        QSignalSpy finished(window_.get(), &MainWindow::runFinished);
        QTest::mouseClick(page->exampleButtons()[nas], Qt::LeftButton);
        QVERIFY(finished.wait(kRunTimeoutMs));
        QCOMPARE(finished.first().first().toBool(), true);
        QVERIFY2(errors_.isEmpty(), qPrintable(errors_.join(QLatin1Char('\n'))));
        QVERIFY(!window_->isWelcomeShown());
        QCOMPARE(window_->projectPath(), page->examplePath(nas));
        QVERIFY(window_->recommendationsModel()->rowCount() > 0);
        window_->showWelcome();
        QVERIFY(window_->isWelcomeShown());
    }

    void projectThatFailsKeepsTheWelcomePage() {
        QSignalSpy finished(window_.get(), &MainWindow::runFinished);
        window_->openProject(QStringLiteral("/nonexistent/project.json"));
        QVERIFY(finished.wait(kRunTimeoutMs));
        QCOMPARE(finished.first().first().toBool(), false);
        QCOMPARE(errors_.size(), 1);
        QVERIFY(window_->isWelcomeShown());
    }

    void newProjectOpensTheWizardWithoutTour() {
        QTest::mouseClick(find<QCommandLinkButton>(window_.get(), "newProjectCommandLinkButton"),
                          Qt::LeftButton);
        auto* wizard = window_->findChild<ProjectWizard*>();
        QVERIFY(wizard != nullptr);
        QVERIFY(wizard->isVisible());
        QVERIFY(wizard->findChild<WizardTour*>() == nullptr);
    }

    void openButtonAsksForAFile() {
        WelcomePage page(raidadv::gui::examplesDir());
        QSignalSpy open(&page, &WelcomePage::openProjectRequested);
        QSignalSpy example(&page, &WelcomePage::exampleChosen);
        QTest::mouseClick(find<QCommandLinkButton>(&page, "openProjectCommandLinkButton"),
                          Qt::LeftButton);
        QCOMPARE(open.size(), 1);
        QTest::mouseClick(page.exampleButtons()[1], Qt::LeftButton);
        QCOMPARE(example.size(), 1);
        QCOMPARE(example.first().first().toString(), page.examplePath(1));
    }

    void tourExplainsEveryWizardPageInOrder() {
        QTest::mouseClick(find<QCommandLinkButton>(window_.get(), "tourCommandLinkButton"),
                          Qt::LeftButton);
        auto* wizard = window_->findChild<ProjectWizard*>();
        QVERIFY(wizard != nullptr);
        auto* tour = wizard->findChild<WizardTour*>();
        QVERIFY(tour != nullptr);
        QVERIFY(tour->isVisible());
        QCOMPARE(WizardTour::stepCount(), wizard->pageIds().size());
        QSet<QString> texts;
        int steps = 0;
        while (true) {
            ++steps;
            const int id = wizard->currentId();
            QCOMPARE(tour->step(), steps);
            QCOMPARE(WizardTour::stepOf(id), steps);
            QVERIFY(!tour->text().isEmpty());
            QCOMPARE(tour->text(), WizardTour::explanation(id));
            QVERIFY2(
                find<QLabel>(tour, "tourStepLabel")
                    ->text()
                    .contains(
                        QStringLiteral("step %1 of %2").arg(steps).arg(WizardTour::stepCount())),
                qPrintable(find<QLabel>(tour, "tourStepLabel")->text()));
            texts.insert(tour->text());
            if (steps == 2) {
                saveShot(wizard, QStringLiteral("wizard-tour.png"));
            }
            if (id == ProjectWizard::ReviewPageId) {
                break;
            }
            QVERIFY2(wizard->currentPage()->isComplete(), "the defaults fill every page");
            wizard->next();
            QVERIFY2(wizard->currentId() != id, "Next did not move on");
        }
        QCOMPARE(steps, WizardTour::stepCount());
        QCOMPARE(texts.size(), steps);  // one explanation per page, none repeated
        wizard->back();
        QCOMPARE(tour->step(), steps - 1);  // Back follows too
        QTest::mouseClick(find<QPushButton>(tour, "tourEndPushButton"), Qt::LeftButton);
        QVERIFY(!tour->isVisible());
        QVERIFY(wizard->isVisible());
        QCOMPARE(WizardTour::explanation(-7), QString());
        QCOMPARE(WizardTour::stepOf(-7), 0);
    }

    void tourTextIsFullyVisibleOnEveryStep() {
        ProjectWizard* wizard = window_->takeTour();
        QVERIFY(QTest::qWaitForWindowExposed(wizard));
        walkTourCheckingText(wizard);
    }

    void tourTextIsFullyVisibleWithA14PointFont() {
        const QFont before = QApplication::font();
        QFont large = before;
        large.setPointSize(14);
        QApplication::setFont(large);
        auto window = std::make_unique<MainWindow>();
        window->show();
        ProjectWizard* wizard = window->takeTour();
        QVERIFY(QTest::qWaitForWindowExposed(wizard));
        walkTourCheckingText(wizard);
        saveShot(wizard->findChild<WizardTour*>(), QStringLiteral("wizard-tour-14pt.png"));
        window.reset();
        QApplication::setFont(before);
    }

    void helpMenuReopensTheTourAndOpensTheManual() {
        auto* tourAction = window_->findChild<QAction*>(QStringLiteral("tourAction"));
        QVERIFY(tourAction != nullptr);
        tourAction->trigger();
        auto* wizard = window_->findChild<ProjectWizard*>();
        QVERIFY(wizard != nullptr);
        QVERIFY(wizard->findChild<WizardTour*>() != nullptr);
        wizard->reject();

        auto* manualAction = window_->findChild<QAction*>(QStringLiteral("manualAction"));
        QVERIFY(manualAction != nullptr);
        QCOMPARE(manualAction->shortcut(), QKeySequence(QKeySequence::HelpContents));
        raidadv::gui::HelpWindow* help = window_->showManual();
        QVERIFY(help->isVisible());
        QVERIFY2(help->hasManual(), "docs/manual.md is copied to build/share/doc/raid-advisor");
        // The manual covers what it promises (docs/manual.md): each wizard page, the results,
        // the what-if panel, the model's limits.
        const QString text = help->browser()->toPlainText();
        for (const char* heading : {"Workload", "Sizes", "Capacity", "Budget", "Hardware", "Review",
                                    "Results", "What if", "limits"}) {
            QVERIFY2(text.contains(QLatin1String(heading)), heading);
        }
        QTest::keyClick(help, Qt::Key_Escape);
        QVERIFY(!help->isVisible());
    }

    void missingExamplesAreDisabledNotBroken() {
        QTemporaryDir empty;
        QVERIFY(empty.isValid());
        WelcomePage page(empty.path());
        QSignalSpy example(&page, &WelcomePage::exampleChosen);
        for (QCommandLinkButton* button : page.exampleButtons()) {
            QVERIFY(!button->isEnabled());
            QVERIFY2(button->toolTip().contains(QStringLiteral("Not installed")),
                     qPrintable(button->toolTip()));
            QTest::mouseClick(button, Qt::LeftButton);
        }
        QCOMPARE(example.size(), 0);
    }

  private:
    std::unique_ptr<MainWindow> window_;
    QStringList errors_;
};

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QLocale::setDefault(QLocale::c());
    WelcomeTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_welcome.moc"
