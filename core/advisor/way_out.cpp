// "Nothing fits": which constraint binds and the way out, found by searching again with the
// budget lifted (the cheapest configuration meeting everything else) and with the capacity
// lifted (the most capacity reachable within the budget and bays).

#include <algorithm>
#include <cstdio>

#include "advisor/advisor.h"
#include "advisor/explain.h"

namespace raidadv::advisor {

namespace {

Result quiet_search(const Request& request, const Catalog& catalog) {
    SearchOptions quiet;
    quiet.explain_top = 0;
    quiet.refine_top = 0;
    quiet.find_way_out = false;
    quiet.exact_top = 1;
    quiet.keep_extremes = true;  // the cheapest and the largest candidate are the answers here
    return recommend(request, catalog, quiet);
}

std::string percent(double fraction) {
    char text[16];
    std::snprintf(text, sizeof text, "%.0f%%", 100.0 * fraction);
    return text;
}

}  // namespace

std::vector<std::string> way_out(const Request& request, const Catalog& catalog,
                                 const SearchStats& stats) {
    std::vector<std::string> out;
    const Constraints& c = request.constraints;
    if (c.budget_usd > 0.0) {
        Request lifted = request;
        lifted.constraints.budget_usd = 0.0;
        const Result r = quiet_search(lifted, catalog);
        const Candidate* cheapest = nullptr;
        for (const Candidate& k : r.ranked) {
            if (k.assessment.price_known &&
                (cheapest == nullptr || k.assessment.total_usd < cheapest->assessment.total_usd)) {
                cheapest = &k;
            }
        }
        if (cheapest != nullptr) {
            out.push_back("The budget (" + format_money(c.budget_usd, c) +
                          ") binds: the cheapest configuration that meets everything else is " +
                          cheapest->system.name + " at " +
                          format_money(cheapest->assessment.total_usd, c) + ".");
        }
    }
    if (c.capacity_bytes > 0.0) {
        Request lifted = request;
        lifted.constraints.capacity_bytes = 0.0;
        const Result r = quiet_search(lifted, catalog);
        const auto most = std::max_element(
            r.ranked.begin(), r.ranked.end(), [](const Candidate& a, const Candidate& b) {
                return a.assessment.usable_bytes < b.assessment.usable_bytes;
            });
        if (most != r.ranked.end()) {
            out.push_back(std::string(out.empty() ? "The capacity binds: " : "Or: ") +
                          (c.budget_usd > 0.0 ? "within the budget and " : "within ") +
                          std::to_string(c.max_drive_bays) + " bays the most usable capacity is " +
                          format_capacity(most->assessment.usable_bytes) + " (" +
                          most->system.name + ", " + format_money(most->assessment.total_usd, c) +
                          "), against " + format_capacity(c.capacity_to_provide_bytes()) +
                          " asked for (" + format_capacity(c.capacity_needed_bytes()) +
                          " of data at most " + percent(c.max_fill_fraction) + " full).");
        }
    }
    if (out.empty()) {
        std::string reason;
        long long most = 0;
        for (const auto& [why, count] : stats.rejected) {
            if (count > most && why.find("dominated") == std::string::npos) {
                most = count;
                reason = why;
            }
        }
        out.push_back("Neither a larger budget nor less capacity would help; most candidates " +
                      std::string("fail on: ") + (reason.empty() ? "nothing enumerated" : reason) +
                      ". Loosen that constraint (or the allowed hardware) first.");
    }
    return out;
}

}  // namespace raidadv::advisor
