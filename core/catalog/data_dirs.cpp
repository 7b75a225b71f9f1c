#include "catalog/data_dirs.h"

#include <system_error>

namespace raidadv {

namespace fs = std::filesystem;

fs::path installed_data_dir() {
    std::error_code error;
    const fs::path exe = fs::read_symlink("/proc/self/exe", error);
    const fs::path bin_dir = error ? fs::path(".") : exe.parent_path();
    return (bin_dir / ".." / "share" / "raid-advisor").lexically_normal();
}

std::vector<fs::path> bundled_data_dirs(const std::string& sub,
                                        const std::string& source_resources_dir) {
    std::vector<fs::path> dirs{installed_data_dir() / sub};
    if (!source_resources_dir.empty()) {
        dirs.push_back(fs::path(source_resources_dir) / sub);
    }
    return dirs;
}

}  // namespace raidadv
