// "Nothing fits": which constraint binds and the way out, found by searching again with the
// budget lifted (the cheapest configuration meeting everything else) and with the capacity
// lifted (the most capacity reachable within the budget and bays).

#include <algorithm>
#include <cstdio>

#include "advisor/advisor.h"
#include "advisor/explain.h"
#include "advisor/wear.h"
#include "format/format.h"

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
            // The request's bays bound enclosures added; a host with fewer bays of its own says
            // so (its drives may need an enclosure to reach the request's number).
            std::string bays = "at most " + std::to_string(c.max_drive_bays) + " bays";
            if (request.host.drive_bays > 0 && request.host.drive_bays < c.max_drive_bays) {
                bays +=
                    " (the host has " + std::to_string(request.host.drive_bays) + " of its own)";
            }
            out.push_back(std::string(out.empty() ? "The capacity binds: " : "Or: ") +
                          (c.budget_usd > 0.0 ? "within the budget and " : "within ") + bays +
                          ", the most usable capacity is " +
                          format_capacity(most->assessment.usable_bytes) + " (" +
                          most->system.name + ", " + format_money(most->assessment.total_usd, c) +
                          "), against " + format_capacity(c.capacity_to_provide_bytes()) +
                          " asked for (" + format_capacity(c.capacity_needed_bytes()) +
                          " of data at most " + percent(c.max_fill_fraction) + " full).");
        }
    }
    // SSD wear binds where no daily write volume is stated: the check takes a default day's
    // writes (advisor/wear.h), which the user's own figure replaces.
    const auto worn = stats.rejected.find("SSDs wear out before the horizon");
    if (c.writes_per_day_bytes <= 0.0 && worn != stats.rejected.end() && worn->second > 0) {
        // derived: 1 GB a day stands for "little"; the drives' limit scales with the day's bytes.
        constexpr double kProbeBytes = 1e9;
        Request stated = request;
        stated.constraints.writes_per_day_bytes = kProbeBytes;
        const Result r = quiet_search(stated, catalog);
        std::string text = std::string(out.empty() ? "SSD wear binds: " : "Or: ") +
                           std::to_string(worn->second) +
                           " candidates were rejected because their SSDs would wear out within " +
                           "the horizon, taking " + unstated_writes_basis(request.workload, c) +
                           " (no daily write volume is stated).";
        if (!r.ranked.empty()) {
            const Candidate& best = r.ranked.front();
            const Wear& w = best.performance.wear;
            text +=
                " If the users write less, state it (writes a day, TB): at 1 GB a day the "
                "pick would be " +
                best.system.name + " at " + format_money(best.assessment.total_usd, c);
            if (w.applies && c.horizon_years > 0.0) {
                text += ", whose drives last " + format::number(c.horizon_years) + " years up to " +
                        format::number(kProbeBytes * w.years_to_wear_out / c.horizon_years / 1e12) +
                        " TB written a day";
            }
            text += ".";
        }
        out.push_back(text);
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
