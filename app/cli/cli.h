#pragma once
// raid-advisor-cli: shared declarations. Each command lives in cmd_<name>.cpp and is listed in
// commands.cpp; main.cpp parses the global options and dispatches.

#include <filesystem>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "project/project.h"

namespace raidadv::cli {

inline constexpr const char* kProgram = "raid-advisor-cli";

/// Exit statuses (documented in --help).
enum Exit : int {
    kOk = 0,
    kFailure = 1,  ///< could not do the work: catalog missing or broken, internal error
    kBadInput = 2  ///< bad usage, missing file, invalid project
};

/// Options every command understands.
struct GlobalOptions {
    std::optional<std::filesystem::path> catalog;  ///< --catalog DB
};

/// Thrown for command-line mistakes: printed with the usage, exit status 2.
struct UsageError {
    std::string message;
    std::string usage;  ///< the command's usage line; empty for the program's
};

struct Command {
    const char* name;
    const char* synopsis;  ///< "evaluate FILE [--json]"
    const char* summary;   ///< one line for --help
    const char* help;      ///< the command's --help text (after the synopsis)
    int (*run)(const std::vector<std::string>& args, const GlobalOptions& options);
};

/// The registered commands, in --help order.
const std::vector<Command>& commands();
/// The command called `name` (which must exist).
const Command& command_named(const std::string& name);

/// Program usage text (--help).
std::string program_help();

/// Opens the catalog from --catalog or Catalog::default_path(); throws CatalogLoadError.
Catalog open_catalog(const GlobalOptions& options);

/// Loads a project file; on problems prints them ("path: message" per line) to `err` and
/// returns nullopt.
std::optional<Project> load_project_or_report(const std::filesystem::path& file,
                                              const Catalog& catalog, std::ostream& err);

/// Splits command arguments into flags (starting with "-") and positionals; rejects flags not in
/// `known` with a UsageError.
struct ParsedArgs {
    std::vector<std::string> positionals;
    std::vector<std::string> flags;
    bool has(const std::string& flag) const;
};
ParsedArgs parse_command_args(const std::vector<std::string>& args,
                              const std::vector<std::string>& known, const Command& command);

/// A whole number given to `flag`, within [lo, hi]; UsageError otherwise.
long long parse_count(const std::string& text, const std::string& flag, long long lo, long long hi,
                      const Command& self);
/// Pulls "--flag VALUE" pairs out of the arguments into `values`; returns the rest.
std::vector<std::string> take_valued(std::vector<std::string> args,
                                     const std::vector<std::string>& flags,
                                     std::map<std::string, std::string>& values,
                                     const Command& self);
/// A command's project: the file checked (UsageError if it is not a regular file), the catalog
/// opened, the project read. `project` is empty once its problems are printed on std::cerr.
struct CommandProject {
    Catalog catalog;
    std::optional<Project> project;
};
CommandProject load_command_project(const std::filesystem::path& file, const GlobalOptions& options,
                                    const Command& self);
/// False (after saying so on `err`) if the project has no systems to evaluate or simulate.
bool has_systems_or_report(const Project& project, const std::filesystem::path& file,
                           std::ostream& err);
/// False (after saying so on `err`, followed by `why`) if the project has no advisor section.
bool has_advisor_or_report(const Project& project, const std::filesystem::path& file,
                           std::ostream& err, const std::string& why = "");
/// UsageError naming the file if it is missing or not a regular file.
void require_regular_file(const std::filesystem::path& file, const Command& self);

/// Number formatting for tables: about `significant` digits, no exponent for everyday values.
std::string format_value(double value, int significant = 4);

}  // namespace raidadv::cli
