// Every predicted figure, rule-of-thumb figure and Kendall's tau of every study, pinned in
// tests/data/golden/validation.tsv (issue 29): a model change that moves one fails here with the
// figure's name and is re-pinned on purpose (scripts/repin.sh, docs/testing.md).
#include <cmath>

#include <catch2/catch.hpp>

#include "golden.h"
#include "validation_report.h"

using namespace raidadv;

TEST_CASE("Every validation figure and Kendall's tau match their pinned values (0.5%)",
          "[golden]") {
    const auto& report = test::validation_report();
    std::vector<test::Pinned> values;
    for (const auto& study : report.studies) {
        for (const auto& f : study.figures) {
            const std::string key = study.name + " | " + f.name + " (" + f.unit + ")";
            values.push_back({key + " | predicted", f.predicted});
            if (f.has_baseline()) {
                values.push_back({key + " | rule of thumb", f.baseline});
            }
        }
        if (std::isfinite(study.kendall_tau)) {  // NaN: the study ranks nothing
            values.push_back({study.name + " | Kendall's tau", study.kendall_tau});
        }
    }
    REQUIRE(values.size() > 40);
    test::check_pinned("validation.tsv",
                       "Predicted and rule-of-thumb figures and Kendall's tau of every "
                       "validation study\n(raid-advisor-cli validate --json), checked within 0.5% "
                       "by tests/validation/test_pinned_figures.cpp.",
                       values, 0.005);
}
