// Runs every Qt Test class of test_gui in one QApplication; fails if any of them fails.
#include <QApplication>
#include <QLocale>

int runResultsModelTests(int argc, char** argv);
int runMainWindowTests(int argc, char** argv);

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QLocale::setDefault(QLocale::c());  // number formats checked by the tests
    int failed = 0;
    failed += runResultsModelTests(argc, argv);
    failed += runMainWindowTests(argc, argv);
    return failed == 0 ? 0 : 1;
}
