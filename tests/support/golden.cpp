#include "golden.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

namespace raidadv::test {

namespace {

std::string golden_path(const std::string& file) {
    return std::string(RAID_TEST_DATA_DIR) + "/golden/" + file;
}

/// Lines "key<TAB>value"; '#' starts a comment line.
std::map<std::string, double> read_pinned(const std::string& path) {
    std::map<std::string, double> values;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') {
            continue;
        }
        const auto tab = line.rfind('\t');
        if (tab == std::string::npos) {
            continue;
        }
        values[line.substr(0, tab)] = std::strtod(line.c_str() + tab + 1, nullptr);
    }
    return values;
}

void write_pinned(const std::string& path, const std::string& header,
                  const std::vector<Pinned>& values) {
    std::ofstream out(path, std::ios::trunc);
    std::istringstream lines(header);
    std::string line;
    while (std::getline(lines, line)) {
        out << "# " << line << "\n";
    }
    out << "# Re-pin on purpose only: scripts/repin.sh, and say what moved and why "
           "(docs/testing.md).\n";
    char number[64];
    for (const auto& v : values) {
        std::snprintf(number, sizeof number, "%.10g", v.value);
        out << v.key << "\t" << number << "\n";
    }
    REQUIRE(out.good());
}

}  // namespace

bool repinning() {
    const char* v = std::getenv("RAID_REPIN");
    return v != nullptr && std::string(v) == "1";
}

void check_pinned(const std::string& file, const std::string& header,
                  const std::vector<Pinned>& actual, double relative_tolerance) {
    const std::string path = golden_path(file);
    if (repinning()) {
        write_pinned(path, header, actual);
        WARN("RAID_REPIN=1: re-pinned " << actual.size() << " values in " << path);
        return;
    }
    const auto pinned = read_pinned(path);
    INFO("golden file " << path << " (re-pin on purpose: scripts/repin.sh, docs/testing.md)");
    REQUIRE_FALSE(pinned.empty());
    std::map<std::string, double> seen;
    for (const auto& v : actual) {
        if (!seen.emplace(v.key, v.value).second) {
            FAIL_CHECK("two values share the key " << v.key);
        }
        const auto it = pinned.find(v.key);
        if (it == pinned.end()) {
            FAIL_CHECK("not pinned: " << v.key << " = " << v.value);
            continue;
        }
        INFO(v.key << ": pinned " << it->second << ", now " << v.value);
        CHECK(std::isfinite(v.value));
        CHECK(v.value == Approx(it->second).epsilon(relative_tolerance).margin(1e-12));
    }
    for (const auto& [key, value] : pinned) {
        if (seen.find(key) == seen.end()) {
            FAIL_CHECK("pinned but no longer produced: " << key << " = " << value);
        }
    }
}

}  // namespace raidadv::test
