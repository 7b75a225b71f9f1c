// Skipping candidates that cannot change the answer (core/advisor/prune.h) changes no answer:
// the same Pareto front, the same first rows (scores, variants, warnings), the same explanations
// and the same problems as evaluating every candidate; and the response-time bound it rests on
// (core/evaluate/response_bound.h) is never above the model's answer. Run on bundled advisor
// examples cut to a small catalog (a dozen drives, by their allowed drive ids) so that the
// search without skipping stays quick.

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "advisor_fixture.h"
#include "evaluate/response_bound.h"

using namespace raidadv;

namespace {

/// The example's question over every `step`-th drive of the bundled catalog that it allows.
advisor::Request small_question(const std::string& file, std::size_t step, std::size_t offset) {
    advisor::Request request = test::example_request(file);
    advisor::Constraints& c = request.constraints;
    std::vector<std::string> ids;
    for (const DriveSpec& d : test::bundled_catalog().drives()) {
        const bool kind =
            c.drive_kinds.empty() ||
            std::find(c.drive_kinds.begin(), c.drive_kinds.end(), d.kind) != c.drive_kinds.end();
        const bool listed = c.drives.empty() || std::find(c.drives.begin(), c.drives.end(),
                                                          d.info.id) != c.drives.end();
        if (kind && listed) {
            ids.push_back(d.info.id);
        }
    }
    std::sort(ids.begin(), ids.end());
    std::vector<std::string> kept;
    for (std::size_t i = offset; i < ids.size(); i += step) {
        kept.push_back(ids[i]);
    }
    c.drives = kept;
    return request;
}

advisor::Result search(const advisor::Request& request, bool prune) {
    advisor::SearchOptions options;
    options.explain_top = 3;
    options.prune = prune;
    return advisor::recommend(request, test::bundled_catalog(), options);
}

using Row = std::tuple<std::string, double, double, double, double, bool>;

Row row_of(const advisor::Candidate& c) {
    return {c.system.name,
            c.performance.mean_response_s,
            c.assessment.total_usd,
            c.assessment.p_data_loss,
            c.assessment.usable_bytes,
            c.pareto};
}

std::set<Row> front_of(const advisor::Result& r) {
    std::set<Row> front;
    for (const advisor::Candidate& c : r.ranked) {
        if (c.pareto) {
            front.insert(row_of(c));
        }
    }
    return front;
}

void check_same_answer(const advisor::Result& all, const advisor::Result& skipping, int top) {
    CHECK(front_of(skipping) == front_of(all));
    CHECK(skipping.pareto.size() == all.pareto.size());
    const std::size_t n = std::min<std::size_t>(static_cast<std::size_t>(top), all.ranked.size());
    REQUIRE(skipping.ranked.size() >= n);
    for (std::size_t i = 0; i < n; ++i) {
        INFO("row " << i + 1 << ": " << all.ranked[i].system.name);
        CHECK(row_of(skipping.ranked[i]) == row_of(all.ranked[i]));
        CHECK(skipping.ranked[i].score == all.ranked[i].score);
        CHECK(skipping.ranked[i].variants == all.ranked[i].variants);
        CHECK(skipping.ranked[i].assessment.warnings == all.ranked[i].assessment.warnings);
        CHECK(skipping.ranked[i].stripe_trials.size() == all.ranked[i].stripe_trials.size());
    }
    REQUIRE(skipping.explanations.size() == all.explanations.size());
    for (std::size_t i = 0; i < all.explanations.size(); ++i) {
        CHECK(skipping.explanations[i].headline == all.explanations[i].headline);
        CHECK(skipping.explanations[i].reasons == all.explanations[i].reasons);
        CHECK(skipping.explanations[i].what_would_change == all.explanations[i].what_would_change);
    }
    CHECK(skipping.problems == all.problems);
    CHECK(skipping.way_out == all.way_out);
    CHECK(skipping.stats.candidates == all.stats.candidates);
}

}  // namespace

TEST_CASE("skipping candidates gives the answer of evaluating them all", "[advisor][prune]") {
    long long skipped = 0;
    for (const auto& [file, step, offset] :
         {std::tuple<const char*, std::size_t, std::size_t>{"advisor-vm-datastore.json", 12, 3},
          {"advisor-oltp-power-safe.json", 10, 1},
          {"advisor-archive-24-bay.json", 9, 2},
          {"advisor-home-nas-spares.json", 6, 0},
          {"advisor-scratch-no-redundancy.json", 14, 5}}) {
        INFO(file);
        const advisor::Request request = small_question(file, step, offset);
        const advisor::Result all = search(request, false);
        const advisor::Result skipping = search(request, true);
        CHECK(all.stats.skipped == 0);
        skipped += skipping.stats.skipped;
        check_same_answer(all, skipping, advisor::SearchOptions{}.exact_top);
        // The bound the skipping rests on, against the model, for every ranked candidate.
        for (const advisor::Candidate& c : all.ranked) {
            INFO(c.system.name);
            const double bound = response_lower_bound(c.system, request.workload).mean_s;
            CHECK(bound <= c.performance.mean_response_s * (1.0 + 1e-12));
        }
    }
    CHECK(skipped > 0);
}
