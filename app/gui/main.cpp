// raid-advisor: the desktop application. Usage: raid-advisor [PROJECT.raidproj|PROJECT.json]
#include <QApplication>
#include <QCommandLineParser>
#include <QFont>
#include <QStringList>
#include <QTimer>

#include "app_resources.h"
#include "main_window.h"
#include "screenshot.h"
#include "user_catalog.h"

int main(int argc, char* argv[]) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("RAID Advisor"));
    QApplication::setApplicationVersion(QStringLiteral(RAID_ADVISOR_VERSION));
    QApplication::setOrganizationName(QStringLiteral("raid-advisor"));  // QSettings: recent files
    QGuiApplication::setDesktopFileName(QString::fromLatin1(raidadv::gui::kDesktopFileName));
    QApplication::setWindowIcon(raidadv::gui::applicationIcon());
    raidadv::gui::installTranslations(app);  // <exe>/../share/raid-advisor/translations

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Predicts RAID performance for a workload."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("project"),
                                 QApplication::translate("main", "Project file to open."),
                                 QStringLiteral("[project.raidproj]"));
    QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QApplication::translate("main", "Save a picture of the window to FILE and quit."),
        QStringLiteral("FILE"));
    screenshot.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(screenshot);
    QCommandLineOption wizardShots(
        QStringLiteral("wizard-screenshots"),
        QApplication::translate("main",
                                "Walk the new-project wizard, save pictures to DIR and quit."),
        QStringLiteral("DIR"));
    wizardShots.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(wizardShots);
    // For looking at the window as users with other settings see it (screenshots, reviews).
    QCommandLineOption dark(QStringLiteral("dark"),
                            QApplication::translate("main", "Use a dark palette (Fusion style)."));
    dark.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(dark);
    QCommandLineOption fontSize(
        QStringLiteral("font-size"),
        QApplication::translate("main", "Use the application font at PT points."),
        QStringLiteral("PT"));
    fontSize.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(fontSize);
    parser.process(app);
    if (parser.isSet(dark)) {
        raidadv::gui::useDarkPalette(app);
    }
    if (parser.isSet(fontSize)) {
        QFont font = QApplication::font();
        font.setPointSize(parser.value(fontSize).toInt());
        QApplication::setFont(font);
    }

    // The user's own catalog entries, layered over the bundled catalog everywhere.
    raidadv::gui::setUserCatalogPath(raidadv::gui::defaultUserCatalogPath());
    raidadv::gui::MainWindow window;
    window.show();
    const QStringList projects = parser.positionalArguments();
    if (parser.isSet(screenshot)) {
        raidadv::gui::screenshotWhenReady(window, parser.value(screenshot), !projects.isEmpty());
    }
    if (parser.isSet(wizardShots)) {
        raidadv::gui::wizardScreenshots(window, parser.value(wizardShots),
                                        projects.isEmpty() ? QString() : projects.first());
    } else if (!projects.isEmpty()) {
        window.openProject(projects.first());
    } else {
        window.showWelcome();  // without a project: examples, New project..., the wizard tour
        if (!parser.isSet(screenshot)) {
            // An untitled project's autosave left by a crash is offered once the window shows.
            QTimer::singleShot(0, &window, [&window] { window.recoverUntitled(); });
        }
    }
    return QApplication::exec();
}
