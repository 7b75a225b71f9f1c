// The Pareto front size and the number of candidates enumerated of every bundled advisor example
// (resources/examples/advisor-*.json, as `raid-advisor-cli recommend --json` reports them), pinned
// in tests/data/golden/advisor_fronts.tsv (issue 29). A change to the catalog, the model or the
// dominance rule that moves them fails here and is re-pinned on purpose (scripts/repin.sh). The
// count of feasible rows is not pinned: the search skips candidates that cannot change the
// answer (advisor/prune.h), which leaves out rows a front member dominates, a number that
// depends on the order the search meets them; the front and the enumeration do not.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>

#include "advisor_fixture.h"
#include "golden.h"

using namespace raidadv;

TEST_CASE("Every advisor example's Pareto front size matches its pinned value", "[golden]") {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(
             std::filesystem::path(RAID_RESOURCES_DIR) / "examples")) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("advisor-", 0) == 0 && entry.path().extension() == ".json") {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() >= 5);
    std::vector<test::Pinned> values;
    for (const auto& file : files) {
        const std::string name = file.stem().string();
        INFO(name);
        const advisor::Request request = test::example_request(file.filename().string());
        const advisor::Result result = advisor::recommend(request, test::bundled_catalog());
        const auto on_front = std::count_if(result.ranked.begin(), result.ranked.end(),
                                            [](const advisor::Candidate& c) { return c.pareto; });
        CHECK(static_cast<std::size_t>(on_front) == result.pareto.size());
        values.push_back(
            {name + " | Pareto front size", static_cast<double>(result.pareto.size())});
        values.push_back(
            {name + " | candidates enumerated", static_cast<double>(result.stats.candidates)});
    }
    test::check_pinned("advisor_fronts.tsv",
                       "Pareto front size and candidates enumerated of every bundled advisor "
                       "example\n(raid-advisor-cli recommend --json), checked exactly by "
                       "tests/advisor/test_pinned_fronts.cpp.",
                       values, 0.0);
}
