// Catch2 runner with a QCoreApplication (timers, signals) and Qt's test mode for standard paths,
// so that autosaves of untitled projects go to a throw-away folder.
#define CATCH_CONFIG_RUNNER
#include <QCoreApplication>
#include <QStandardPaths>
#include <catch2/catch.hpp>

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("raid-advisor-document-test"));
    QStandardPaths::setTestModeEnabled(true);
    return Catch::Session().run(argc, argv);
}
