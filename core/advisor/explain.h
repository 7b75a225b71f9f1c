#pragma once
// Plain-language explanations of the advisor's picks: the bottleneck, the write penalty, the
// stripe unit, reliability, and what would change the choice.

#include "advisor/advisor.h"

namespace raidadv::advisor {

/// Fills result.explanations for the first `count` ranked candidates. May run the model again
/// (concurrency sweeps for crossovers, over-budget alternatives).
void explain_top(Result& result, const Request& request, int count);

/// The kind of layout the explanation compares the pick with ("5/0": RAID 5, one volume): the
/// level and whether the data is spread over several volumes.
std::string level_family(const Layout& layout);

/// Human name of a station key ("drives", "host_cpu", ...).
std::string component_name(const std::string& key);

/// "2.5 ms", "310 us", "1.2 s": a time with a unit a person reads at a glance.
std::string format_time(double seconds);
/// "$1,234" or "1,234 EUR" in the request's currency.
std::string format_money(double usd, const Constraints& c);
/// "4.0 TB", "960 GB" (decimal units, as drives are sold).
std::string format_capacity(double bytes);

/// The score of ranked[i] as a ranking shows it: a whole number ("<1" below 1), followed by "="
/// when a neighbour in the ranking shows the same number (a tie at the shown precision: the
/// order between them comes from utilities that differ by less than half a point).
std::string score_text(const std::vector<Candidate>& ranked, std::size_t i);

}  // namespace raidadv::advisor
