// Runs every Qt Test class of test_gui in one QApplication; fails if any of them fails.
#include <QApplication>
#include <QLocale>
#include <QStandardPaths>

int runResultsModelTests(int argc, char** argv);
int runMainWindowTests(int argc, char** argv);
int runInputParsingTests(int argc, char** argv);
int runWizardTests(int argc, char** argv);
int runInvalidProjectTests(int argc, char** argv);
int runDocumentWindowTests(int argc, char** argv);
int runUnitsKeyboardTests(int argc, char** argv);
int runAutosaveWindowTests(int argc, char** argv);

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QLocale::setDefault(QLocale::c());  // number formats checked by the tests
    // Settings (recent files) and autosaves of untitled projects go to throw-away folders.
    QStandardPaths::setTestModeEnabled(true);
    int failed = 0;
    failed += runResultsModelTests(argc, argv);
    failed += runMainWindowTests(argc, argv);
    failed += runInputParsingTests(argc, argv);
    failed += runWizardTests(argc, argv);
    failed += runInvalidProjectTests(argc, argv);
    failed += runDocumentWindowTests(argc, argv);
    failed += runUnitsKeyboardTests(argc, argv);
    failed += runAutosaveWindowTests(argc, argv);
    return failed == 0 ? 0 : 1;
}
