#pragma once
// Loads an advisor example project from resources/examples and runs the search.

#include <filesystem>
#include <string>

#include "advisor/advisor.h"
#include "project/project.h"
#include "test_catalog.h"

namespace raidadv::test {

inline advisor::Request example_request(const std::string& file) {
    const Project p = load_project(std::filesystem::path(RAID_RESOURCES_DIR) / "examples" / file,
                                   bundled_catalog());
    REQUIRE(p.advisor.has_value());
    return *p.advisor;
}

inline advisor::Result run_advisor(const advisor::Request& request) {
    advisor::SearchOptions options;
    options.explain_top = 1;
    return advisor::recommend(request, bundled_catalog(), options);
}

inline const advisor::Candidate& pick(const advisor::Result& result) {
    REQUIRE_FALSE(result.ranked.empty());
    return result.ranked.front();
}

}  // namespace raidadv::test
