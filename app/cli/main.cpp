// raid-advisor-cli entry point: global options, then a command.

#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "cli.h"

namespace {

using namespace raidadv::cli;

int usage_error(const UsageError& e) {
    std::cerr << kProgram << ": " << e.message << "\n";
    if (!e.usage.empty()) {
        std::cerr << "usage: " << kProgram << " " << e.usage << "\n";
    } else {
        std::cerr << "usage: " << kProgram << " [--catalog DB] COMMAND [ARGS]\n";
    }
    std::cerr << "Try '" << kProgram << " --help' for more.\n";
    return kBadInput;
}

const Command* find_command(const std::string& name) {
    for (const Command& c : commands()) {
        if (name == c.name) {
            return &c;
        }
    }
    return nullptr;
}

int run(const std::vector<std::string>& argv) {
    GlobalOptions options;
    std::vector<std::string> rest;
    bool help = false;
    bool version = false;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        const std::string& a = argv[i];
        if (a == "--") {
            rest.insert(rest.end(), argv.begin() + static_cast<long>(i), argv.end());
            break;
        }
        if (a == "--catalog") {
            if (i + 1 >= argv.size()) {
                throw UsageError{"--catalog needs a file name", ""};
            }
            options.catalog = argv[++i];
        } else if (a.rfind("--catalog=", 0) == 0) {
            options.catalog = a.substr(10);
        } else if (a == "-h" || a == "--help") {
            help = true;
        } else if (a == "--version") {
            version = true;
        } else {
            rest.push_back(a);
        }
    }
    if (options.catalog && options.catalog->empty()) {
        throw UsageError{"--catalog needs a file name", ""};
    }
    if (version) {
        std::cout << kProgram << " " << RAID_ADVISOR_VERSION << "\n";
        return kOk;
    }
    if (rest.empty()) {
        if (help) {
            std::cout << program_help();
            return kOk;
        }
        throw UsageError{"no command given", ""};
    }
    const Command* command = find_command(rest.front());
    if (command == nullptr) {
        throw UsageError{"unknown command '" + rest.front() + "'", ""};
    }
    if (help) {
        std::cout << "usage: " << kProgram << " " << command->synopsis << "\n\n" << command->help;
        return kOk;
    }
    rest.erase(rest.begin());
    return command->run(rest, options);
}

}  // namespace

int main(int argc, char** argv) {
    try {
        return run(std::vector<std::string>(argv + 1, argv + argc));
    } catch (const UsageError& e) {
        return usage_error(e);
    } catch (const raidadv::CatalogLoadError& e) {
        std::cerr << kProgram << ": cannot open the hardware catalog: " << e.what() << "\n";
        return kFailure;
    } catch (const std::exception& e) {
        std::cerr << kProgram << ": error: " << e.what() << "\n";
        return kFailure;
    }
}
