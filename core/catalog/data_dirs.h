#pragma once
// Where the bundled data lives: next to the program in a build tree or an installed package
// (<bin>/../share/raid-advisor), and in the source tree's resources/ while developing.

#include <filesystem>
#include <string>
#include <vector>

namespace raidadv {

/// <directory of the running executable>/../share/raid-advisor (the executable is found through
/// /proc/self/exe; "./../share/raid-advisor" if that cannot be read).
std::filesystem::path installed_data_dir();

/// The folders to look in for bundled data `sub` (e.g. "validation"), in order: the installed
/// one, then `source_resources_dir`/`sub` when `source_resources_dir` is not empty.
std::vector<std::filesystem::path> bundled_data_dirs(const std::string& sub,
                                                     const std::string& source_resources_dir);

}  // namespace raidadv
