// raid-advisor: the desktop application. Usage: raid-advisor [PROJECT.json]
#include <QApplication>
#include <QCommandLineParser>
#include <QStringList>

#include "main_window.h"
#include "screenshot.h"

int main(int argc, char* argv[]) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("RAID Advisor"));
    QApplication::setApplicationVersion(QStringLiteral(RAID_ADVISOR_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Predicts RAID performance for a workload."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("project"),
                                 QApplication::translate("main", "Project file to open."),
                                 QStringLiteral("[project.json]"));
    QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QApplication::translate("main", "Save a picture of the window to FILE and quit."),
        QStringLiteral("FILE"));
    screenshot.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(screenshot);
    parser.process(app);

    raidadv::gui::MainWindow window;
    window.show();
    const QStringList projects = parser.positionalArguments();
    if (parser.isSet(screenshot)) {
        raidadv::gui::screenshotWhenReady(window, parser.value(screenshot), !projects.isEmpty());
    }
    if (!projects.isEmpty()) {
        window.openProject(projects.first());
    }
    return QApplication::exec();
}
