#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <ostream>

#include "cli.h"
#include "format/format.h"

namespace raidadv::cli {

std::string program_help() {
    std::string text = std::string(kProgram) + " " + RAID_ADVISOR_VERSION +
                       ": predicts RAID performance and recommends storage configurations.\n\n"
                       "usage: " +
                       kProgram + " [--catalog DB] COMMAND [ARGS]\n       " + kProgram +
                       " --help | --version\n\nCommands:\n";
    for (const Command& c : commands()) {
        std::string synopsis = c.synopsis;
        synopsis.resize(std::max<std::size_t>(synopsis.size() + 2, 28), ' ');
        text += "  " + synopsis + c.summary + "\n";
    }
    text +=
        "\nOptions:\n"
        "  --catalog DB    hardware catalog database (default: " +
        Catalog::default_path().string() +
        ")\n"
        "  -h, --help      this help; '" +
        kProgram +
        " COMMAND --help' for a command\n"
        "  --version       print the version\n\n"
        "Exit status: 0 success, 1 failure (catalog missing or broken, internal error),\n"
        "2 bad usage, missing file or invalid project (each problem printed as "
        "'path: message').\n"
        "Project file format: docs/file-format.md.\n";
    return text;
}

Catalog open_catalog(const GlobalOptions& options) {
    const std::filesystem::path path = options.catalog ? *options.catalog : Catalog::default_path();
    // The user's own entries are layered over the bundled ones (resources/catalog/README.md).
    // A broken user catalog is only reported here; `catalog` commands and the GUI set it aside.
    CatalogOpenResult opened =
        Catalog::open(path, Catalog::default_user_path(), BrokenUserCatalog::Ignore);
    if (!opened.message.empty()) {
        std::cerr << kProgram << ": warning: " << opened.message << "\n";
    }
    return std::move(opened.catalog);
}

std::optional<Project> load_project_or_report(const std::filesystem::path& file,
                                              const Catalog& catalog, std::ostream& err) {
    try {
        return load_project(file, catalog);
    } catch (const ProjectError& e) {
        err << kProgram << ": " << file.string() << " is not a valid project (" << e.issues.size()
            << (e.issues.size() == 1 ? " problem" : " problems") << "):\n";
        for (const ProjectIssue& issue : e.issues) {
            err << issue.to_string() << "\n";
        }
        return std::nullopt;
    }
}

bool ParsedArgs::has(const std::string& flag) const {
    for (const auto& f : flags) {
        if (f == flag) {
            return true;
        }
    }
    return false;
}

ParsedArgs parse_command_args(const std::vector<std::string>& args,
                              const std::vector<std::string>& known, const Command& command) {
    ParsedArgs parsed;
    bool only_positionals = false;
    for (const std::string& a : args) {
        if (!only_positionals && a == "--") {
            only_positionals = true;
        } else if (!only_positionals && a.size() > 1 && a[0] == '-') {
            bool ok = false;
            for (const auto& k : known) {
                ok = ok || a == k;
            }
            if (!ok) {
                throw UsageError{"unknown option '" + a + "' for " + command.name,
                                 command.synopsis};
            }
            parsed.flags.push_back(a);
        } else {
            parsed.positionals.push_back(a);
        }
    }
    return parsed;
}

std::string format_value(double value, int significant) {
    // core/format: the application's one formatting module; plain digits (no separators) for
    // text other programs read, and never scientific notation.
    return format::number(value, significant, format::Grouping::None);
}

long long parse_count(const std::string& text, const std::string& flag, long long lo, long long hi,
                      const Command& self) {
    try {
        std::size_t used = 0;
        const long long value = std::stoll(text, &used);
        if (used == text.size() && value >= lo && value <= hi) {
            return value;
        }
    } catch (const std::exception&) {
    }
    throw UsageError{flag + " takes a whole number from " + std::to_string(lo) + " to " +
                         std::to_string(hi) + ", got '" + text + "'",
                     self.synopsis};
}

/// Pulls "--flag VALUE" pairs out of the arguments.
std::vector<std::string> take_valued(std::vector<std::string> args,
                                     const std::vector<std::string>& flags,
                                     std::map<std::string, std::string>& values,
                                     const Command& self) {
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (std::find(flags.begin(), flags.end(), args[i]) != flags.end()) {
            if (i + 1 >= args.size()) {
                throw UsageError{args[i] + " needs a value", self.synopsis};
            }
            values[args[i]] = args[i + 1];
            ++i;
        } else {
            rest.push_back(args[i]);
        }
    }
    return rest;
}

bool has_systems_or_report(const Project& project, const std::filesystem::path& file,
                           std::ostream& err) {
    if (!project.systems.empty()) {
        return true;
    }
    err << kProgram << ": " << file.string() << " has no systems to evaluate; "
        << (project.advisor ? "it asks the advisor: run '" + std::string(kProgram) + " recommend " +
                                  file.string() + "'"
                            : std::string("add a 'systems' list"))
        << "\n";
    return false;
}

CommandProject load_command_project(const std::filesystem::path& file, const GlobalOptions& options,
                                    const Command& self) {
    require_regular_file(file, self);
    CommandProject loaded{open_catalog(options), std::nullopt};
    loaded.project = load_project_or_report(file, loaded.catalog, std::cerr);
    return loaded;
}

bool has_advisor_or_report(const Project& project, const std::filesystem::path& file,
                           std::ostream& err, const std::string& why) {
    if (project.advisor) {
        return true;
    }
    err << kProgram << ": " << file.string()
        << " has no \"advisor\" section (the question for the advisor; docs/file-format.md)" << why
        << "\n";
    return false;
}

void require_regular_file(const std::filesystem::path& file, const Command& self) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(file, error)) {
        throw UsageError{
            "cannot read '" + file.string() + "': " +
                (std::filesystem::exists(file, error) ? "not a regular file" : "no such file"),
            self.synopsis};
    }
}

}  // namespace raidadv::cli
