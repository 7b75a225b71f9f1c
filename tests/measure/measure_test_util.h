#pragma once
// Helpers for the measure tests: fixture paths, temporary folders, running a tool.

#include <unistd.h>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "measure/measure.h"

namespace raidadv::test {

inline std::filesystem::path measure_fixture(const std::string& name) {
    return std::filesystem::path(RAID_TEST_DATA_DIR) / "measure" / name;
}

/// A fresh folder under the system's temporary folder, removed with the object.
struct TempDir {
    std::filesystem::path path;
    explicit TempDir(const std::string& tag) {
        path = std::filesystem::temp_directory_path() /
               ("raid-measure-" + tag + "-" + std::to_string(::getpid()));
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    std::filesystem::path write(const std::string& name, const std::string& text) const {
        std::ofstream(path / name, std::ios::binary) << text;
        return path / name;
    }
};

inline std::string read_all(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline bool have_program(const std::string& name) {
    return std::system(("command -v " + name + " >/dev/null 2>&1").c_str()) == 0;
}

/// Mean of a size distribution's weighted sizes (histogram or fixed).
inline double mean_size(const SizeDistribution& d) {
    return d.mean_bytes();
}

}  // namespace raidadv::test
