// Runs the Qt Test classes of test_gui in one QApplication; fails if any of them fails.
// `test_gui GROUP` runs one group (CTest registers one test per group, so they run in parallel);
// without an argument every group runs.
#include <QApplication>
#include <QLocale>
#include <QStandardPaths>
#include <cstring>
#include <iostream>
#include <vector>

int runResultsModelTests(int argc, char** argv);
int runMainWindowTests(int argc, char** argv);
int runInputParsingTests(int argc, char** argv);
int runWizardTests(int argc, char** argv);
int runInvalidProjectTests(int argc, char** argv);
int runDocumentWindowTests(int argc, char** argv);
int runUnitsKeyboardTests(int argc, char** argv);
int runAutosaveWindowTests(int argc, char** argv);
int runWhatIfRaidSoftwareTests(int argc, char** argv);
int runWorkingSetTests(int argc, char** argv);
int runCandidateDetailTests(int argc, char** argv);

namespace {

struct Group {
    const char* name;
    int (*run)(int, char**);
};

const std::vector<Group> kGroups = {
    {"results-model", runResultsModelTests},
    {"main-window", runMainWindowTests},
    {"input-parsing", runInputParsingTests},
    {"wizard", runWizardTests},
    {"invalid-projects", runInvalidProjectTests},
    {"document-window", runDocumentWindowTests},
    {"units-keyboard", runUnitsKeyboardTests},
    {"autosave-window", runAutosaveWindowTests},
    {"what-if-raid-software", runWhatIfRaidSoftwareTests},
    {"working-set", runWorkingSetTests},
    {"candidate-detail", runCandidateDetailTests},
};

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QLocale::setDefault(QLocale::c());  // number formats checked by the tests
    // Settings (recent files) and autosaves of untitled projects go to throw-away folders.
    QStandardPaths::setTestModeEnabled(true);
    const char* only = nullptr;
    if (argc > 1 && argv[1][0] != '-') {  // a group name; Qt Test's own options start with '-'
        only = argv[1];
        argv[1] = argv[0];  // Qt Test sees the program name and the options after the group
        --argc;
        ++argv;
    }
    int failed = 0;
    bool found = false;
    for (const Group& group : kGroups) {
        if (only == nullptr || std::strcmp(only, group.name) == 0) {
            found = true;
            failed += group.run(argc, argv);
        }
    }
    if (!found) {
        std::cerr << "test_gui: no group '" << only << "'; the groups are:";
        for (const Group& group : kGroups) {
            std::cerr << ' ' << group.name;
        }
        std::cerr << '\n';
        return 2;
    }
    return failed == 0 ? 0 : 1;
}
