// Formatting of times, money, capacities and scores for explanations and rankings (SI inside,
// units a person reads outside).

#include <cmath>
#include <string>
#include <vector>

#include "advisor/explain.h"
#include "format/format.h"

namespace raidadv::advisor {

std::string component_name(const std::string& key) {
    if (key == "drives" || key == "drive_bandwidth") {
        return "drives";
    }
    if (key == "host_cpu") {
        return "host CPU";
    }
    if (key == "host_link") {
        return "link to the host";
    }
    if (key == "drive_link") {
        return "drive links";
    }
    if (key == "controller") {
        return "controller";
    }
    if (key == "raid_thread") {
        return "md thread";  // the stripe thread (raid5d); explain.cpp says more
    }
    if (key == "device_lock") {
        return "block device lock";  // explain.cpp says more
    }
    return key;
}

// The three formatters below are kept for their callers; the text comes from core/format, the
// one formatting module of the whole application (no scientific notation).
std::string format_time(double seconds) {
    return format::duration(seconds);
}

std::string format_money(double usd, const Constraints& c) {
    return format::money(usd, c.currency, c.usd_per_currency_unit);
}

std::string format_capacity(double bytes) {
    return format::capacity(bytes);
}

namespace {

std::string rounded_score(double score) {
    return score >= 1.0 ? std::to_string(std::lround(score)) : std::string("<1");
}

}  // namespace

std::string score_text(const std::vector<Candidate>& ranked, std::size_t i) {
    if (i >= ranked.size()) {
        return {};
    }
    const std::string shown = rounded_score(ranked[i].score);
    if (shown == "<1") {
        return shown;  // below one point the scores are not told apart: not a tie either
    }
    const bool tie = (i > 0 && rounded_score(ranked[i - 1].score) == shown) ||
                     (i + 1 < ranked.size() && rounded_score(ranked[i + 1].score) == shown);
    return tie ? shown + "=" : shown;
}

}  // namespace raidadv::advisor
