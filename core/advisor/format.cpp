// Formatting of times, money and capacities for explanations (SI inside, units a person reads
// outside).

#include <cmath>
#include <cstdio>
#include <string>

#include "advisor/explain.h"

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

std::string format_time(double seconds) {
    char text[64];
    if (!std::isfinite(seconds) || seconds < 0.0) {
        return "n/a";
    }
    if (seconds >= 2 * 3600.0) {
        std::snprintf(text, sizeof text, "%.3g h", seconds / 3600.0);
    } else if (seconds >= 120.0) {
        std::snprintf(text, sizeof text, "%.3g min", seconds / 60.0);
    } else if (seconds >= 1.0) {
        std::snprintf(text, sizeof text, "%.3g s", seconds);
    } else if (seconds >= 1e-3) {
        std::snprintf(text, sizeof text, "%.3g ms", seconds * 1e3);
    } else {
        std::snprintf(text, sizeof text, "%.3g us", seconds * 1e6);
    }
    return text;
}

namespace {

std::string thousands(double value) {
    const long long whole = std::llround(std::abs(value));
    std::string digits = std::to_string(whole);
    for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) {
        digits.insert(static_cast<std::size_t>(i), ",");
    }
    return (value < 0 ? "-" : "") + digits;
}

}  // namespace

std::string format_money(double usd, const Constraints& c) {
    const double rate = c.usd_per_currency_unit > 0.0 ? c.usd_per_currency_unit : 1.0;
    const double amount = usd / rate;
    if (c.currency.empty() || c.currency == "USD") {
        return "$" + thousands(amount);
    }
    return thousands(amount) + " " + c.currency;
}

std::string format_capacity(double bytes) {
    char text[64];
    if (bytes >= 1e12) {
        std::snprintf(text, sizeof text, "%.3g TB", bytes / 1e12);
    } else {
        std::snprintf(text, sizeof text, "%.3g GB", bytes / 1e9);
    }
    return text;
}

}  // namespace raidadv::advisor
