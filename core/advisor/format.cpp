// Formatting of times, money and capacities for explanations (SI inside, units a person reads
// outside).

#include <string>

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

}  // namespace raidadv::advisor
