#pragma once
// The buying summary: the one-page answer for the person who signs the order. What to buy (part,
// part number, quantity, dated unit price, total), what it achieves at the user's load points,
// the risks in words, and how to build it (build_plan.h). The report's first page and the
// desktop app's "Buying summary" tab show it; both only format what this returns.

#include <string>
#include <vector>

#include "advisor/advisor.h"
#include "advisor/build_plan.h"

namespace raidadv::advisor {

/// One line of the shopping list.
struct ShoppingLine {
    std::string part;         ///< human name ("Seagate Exos X18 18 TB SATA")
    std::string part_number;  ///< the maker's part number, from the catalog name; may be empty
    std::string role;         ///< "Drives", "Controller", "Drive bays", "RAID software licence"
    int quantity = 0;
    double unit_usd = 0.0;
    std::string price_date;  ///< "2021-03"; empty = undated (or a price the user gave)
    bool price_known = false;
    bool owned = false;       ///< the user has it already: nothing to buy
    bool free = false;        ///< a known price of nothing (on-board ports, bundled software)
    bool user_price = false;  ///< a price from the project (per-bay cost), not the catalog
    double total_usd = 0.0;   ///< quantity x unit price (0 if owned or free)
};

/// The pick at one load point, as the summary states it.
struct LoadPointResult {
    std::string load;         ///< "16 outstanding requests", "200 requests/s"
    double per_second = 0.0;  ///< requests or files per second
    double bytes_per_second = 0.0;
    double mean_response_s = 0.0;
    double p95_response_s = 0.0;
};

struct BuyingSummary {
    std::string configuration;  ///< describe(system)
    std::vector<ShoppingLine> items;
    double total_usd = 0.0;         ///< the parts to buy, prices known
    bool total_known = false;       ///< every part to buy has a known price
    std::string newest_price_date;  ///< the most recent catalog price date of the list
    std::string oldest_price_date;  ///< the oldest, to say how stale the list may be
    bool files = false;             ///< the workload counts files, not requests
    std::vector<LoadPointResult> points;
    double usable_bytes = 0.0;
    double capacity_needed_bytes = 0.0;  ///< at the end of the horizon
    double horizon_years = 0.0;
    int failures_tolerated = 0;
    double p_data_loss = 0.0;        ///< over the horizon
    double power_usd = 0.0;          ///< over the horizon, if the request counts power
    std::vector<std::string> risks;  ///< in words, most important first
    BuildPlan plan;
};

/// The part number in a catalog name: the last parenthesised word that has a digit and no
/// space ("WD Red 4 TB (WD40EFRX)" -> "WD40EFRX"); empty if there is none.
std::string part_number(const std::string& catalog_name);

/// The summary of `pick` under `request` (no model runs: everything comes from the candidate's
/// performance and assessment).
BuyingSummary buying_summary(const Candidate& pick, const Request& request);

}  // namespace raidadv::advisor
