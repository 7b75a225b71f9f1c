// The boundaries of core/ checked from the sources: every `#include "<folder>/..."` of a core
// folder must follow the allowed arrows of docs/architecture.md (the table "Allowed arrows"),
// every core/<folder>/CMakeLists.txt may link only those folders, and no Qt header may appear
// anywhere in core/. Three rules hold whatever the table says: the simulator and cost never use
// the evaluator, and queueing uses nothing of core but units.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

using Arrows = std::map<std::string, std::set<std::string>>;  // folder -> folders it may use

std::string read_text(const fs::path& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

/// The rows of the table whose header is "| folder | may include |" in `markdown`: each row
/// `| `sim/` | `system`, `workload` |` gives a folder and the folders it includes directly.
Arrows parse_arrows(const std::string& markdown) {
    Arrows arrows;
    std::istringstream lines(markdown);
    std::string line;
    bool in_table = false;
    const std::regex name("`([a-z_]+)/?`");
    while (std::getline(lines, line)) {
        if (!in_table) {
            in_table = line.rfind("| folder | may include", 0) == 0;
            continue;
        }
        if (line.empty() || line[0] != '|') {
            break;
        }
        if (line.rfind("| ---", 0) == 0) {
            continue;
        }
        const auto second = line.find('|', 1);
        const std::string first_cell = line.substr(1, second - 1);
        const std::string rest = line.substr(second + 1);
        std::smatch m;
        if (!std::regex_search(first_cell, m, name)) {
            continue;
        }
        auto& targets = arrows[m[1].str()];
        for (std::sregex_iterator it(rest.begin(), rest.end(), name), end; it != end; ++it) {
            targets.insert((*it)[1].str());
        }
    }
    return arrows;
}

/// `folder` and everything it reaches through the arrows.
std::set<std::string> reachable(const Arrows& arrows, const std::string& folder) {
    std::set<std::string> seen{folder};
    std::vector<std::string> todo{folder};
    while (!todo.empty()) {
        const std::string f = todo.back();
        todo.pop_back();
        const auto it = arrows.find(f);
        if (it == arrows.end()) {
            continue;
        }
        for (const auto& t : it->second) {
            if (seen.insert(t).second) {
                todo.push_back(t);
            }
        }
    }
    return seen;
}

/// Every include of core/ that breaks the arrows or names a Qt header, and every core library
/// linking a folder it may not use, as "file: problem" lines (paths relative to `root`).
std::vector<std::string> violations(const fs::path& root, const Arrows& arrows) {
    std::vector<std::string> found;
    const fs::path core = root / "core";
    std::set<std::string> folders;
    for (const auto& entry : fs::directory_iterator(core)) {
        if (entry.is_directory()) {
            folders.insert(entry.path().filename().string());
        }
    }
    const std::regex include(R"(^\s*#\s*include\s*([<"])([^">]+)[">])");
    const std::regex qt_header("^Q[A-Za-z]");
    const std::regex link_dep(R"(\braid_([a-z_]+))");
    for (const auto& folder : folders) {
        if (arrows.count(folder) == 0) {
            found.push_back("core/" + folder + ": no row in the table of allowed arrows");
            continue;
        }
        const std::set<std::string> allowed = reachable(arrows, folder);
        for (const auto& entry : fs::directory_iterator(core / folder)) {
            const fs::path file = entry.path();
            const std::string where = "core/" + folder + "/" + file.filename().string();
            if (file.filename() == "CMakeLists.txt") {
                const std::string text = read_text(file);
                for (std::sregex_iterator it(text.begin(), text.end(), link_dep), end; it != end;
                     ++it) {
                    const std::string dep = (*it)[1].str();
                    if (folders.count(dep) != 0 && allowed.count(dep) == 0) {
                        found.push_back(where + ": links raid_" + dep);
                    }
                }
                continue;
            }
            const std::string ext = file.extension().string();
            if (ext != ".h" && ext != ".cpp") {
                continue;
            }
            std::ifstream in(file);
            std::string line;
            for (int number = 1; std::getline(in, line); ++number) {
                std::smatch m;
                if (!std::regex_search(line, m, include)) {
                    continue;
                }
                const std::string path = m[2].str();
                const std::string head = path.substr(0, path.find('/'));
                const std::string at = where + ":" + std::to_string(number) + ": ";
                if (std::regex_search(head, qt_header)) {
                    found.push_back(at + "Qt header <" + path + "> in core/");
                } else if (path.find('/') != std::string::npos && folders.count(head) != 0 &&
                           allowed.count(head) == 0) {
                    found.push_back(at + "includes \"" + path + "\"");
                }
            }
        }
    }
    std::sort(found.begin(), found.end());
    return found;
}

fs::path source_root() {
    return fs::path(RAID_RESOURCES_DIR).parent_path();
}

Arrows documented_arrows() {
    return parse_arrows(read_text(source_root() / "docs" / "architecture.md"));
}

/// A throwaway source tree under the temporary folder, removed when the test ends.
struct Tree {
    fs::path root = fs::temp_directory_path() / "raid_architecture_test";
    Tree() {
        fs::remove_all(root);
        fs::create_directories(root / "core");
    }
    ~Tree() { fs::remove_all(root); }
    void write(const std::string& relative, const std::string& text) const {
        fs::create_directories((root / relative).parent_path());
        std::ofstream(root / relative) << text;
    }
};

}  // namespace

TEST_CASE("the table of allowed arrows keeps the three fixed rules", "[architecture]") {
    const Arrows arrows = documented_arrows();
    REQUIRE(arrows.count("sim") == 1);
    REQUIRE(arrows.count("evaluate") == 1);
    // The simulator is the analytic model's cross-check: it must not share its code paths.
    CHECK(reachable(arrows, "sim").count("evaluate") == 0);
    CHECK(reachable(arrows, "cost").count("evaluate") == 0);
    // The solver is generic queueing: it knows nothing of disks, layouts or workloads.
    CHECK(reachable(arrows, "queueing") == std::set<std::string>{"queueing", "units"});
    // Nothing below the evaluator reaches it (the arrows have no cycle through it).
    for (const std::string lower : {"units", "components", "layout", "workload", "system"}) {
        CAPTURE(lower);
        CHECK(reachable(arrows, lower).count("evaluate") == 0);
    }
}

TEST_CASE("core's includes and links follow docs/architecture.md", "[architecture]") {
    const std::vector<std::string> found = violations(source_root(), documented_arrows());
    for (const auto& v : found) {
        UNSCOPED_INFO(v);
    }
    CHECK(found.empty());
}

TEST_CASE("the include check finds a forbidden include, link or Qt header", "[architecture]") {
    const Arrows arrows = parse_arrows(
        "| folder | may include |\n| --- | --- |\n| `units/` | nothing |\n"
        "| `queueing/` | `units` |\n| `layout/` | `units` |\n| `evaluate/` | `queueing`, "
        "`layout` |\n| `sim/` | `layout` |\n\nafter the table: `evaluate/` `sim/`\n");
    REQUIRE(arrows.size() == 5);
    CHECK(arrows.at("evaluate") == std::set<std::string>{"queueing", "layout"});
    CHECK(arrows.at("units").empty());
    CHECK(reachable(arrows, "evaluate") ==
          std::set<std::string>{"evaluate", "queueing", "layout", "units"});

    Tree tree;
    tree.write("core/units/units.h", "#pragma once\n");
    tree.write("core/queueing/solver.cpp", "#include \"queueing/network.h\"\n#include <vector>\n");
    tree.write("core/layout/geometry.cpp", "#include \"units/units.h\"\n");
    tree.write("core/evaluate/evaluator.cpp", "#include \"queueing/network.h\"\n");
    tree.write("core/sim/engine.cpp",
               "#include \"layout/geometry.h\"\n#include \"sim/engine.h\"\n");
    tree.write("core/sim/CMakeLists.txt", "raid_add_core_library(raid_sim DEPS raid_layout)\n");
    CHECK(violations(tree.root, arrows).empty());

    // The simulator reaching for the evaluator: by include, and by link.
    tree.write("core/sim/engine.cpp", "#include \"sim/engine.h\"\n  #  include \"evaluate/x.h\"\n");
    tree.write("core/sim/CMakeLists.txt", "raid_add_core_library(raid_sim DEPS raid_evaluate)\n");
    // Queueing using a layout, and a Qt header in core.
    tree.write("core/queueing/solver.h", "#include \"layout/geometry.h\"\n#include <QString>\n");
    // A folder the table does not know.
    tree.write("core/extra/thing.h", "#pragma once\n");
    const std::vector<std::string> found = violations(tree.root, arrows);
    CHECK(found == std::vector<std::string>{
                       "core/extra: no row in the table of allowed arrows",
                       "core/queueing/solver.h:1: includes \"layout/geometry.h\"",
                       "core/queueing/solver.h:2: Qt header <QString> in core/",
                       "core/sim/CMakeLists.txt: links raid_evaluate",
                       "core/sim/engine.cpp:2: includes \"evaluate/x.h\"",
                   });
}
