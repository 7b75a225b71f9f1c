// Numbers for people (format.h). Every function writes plain decimal text: printf's %g switches to
// scientific notation above 10^precision, which is what the report, the CLI and the explanations
// printed before ("1.998e+05 IOPS", "2.36e+06 years").

#include "format/format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "units/units.h"

namespace raidadv::format {

namespace {

/// "1234567.25" -> "1,234,567.25" (the sign, if any, kept in front).
std::string group_thousands(const std::string& plain) {
    const bool negative = !plain.empty() && plain[0] == '-';
    const std::string body = negative ? plain.substr(1) : plain;
    const auto point = body.find('.');
    std::string whole = body.substr(0, point);
    const std::string rest = point == std::string::npos ? std::string() : body.substr(point);
    for (int i = static_cast<int>(whole.size()) - 3; i > 0; i -= 3) {
        whole.insert(static_cast<std::size_t>(i), ",");
    }
    return (negative ? "-" : "") + whole + rest;
}

/// "2.500" -> "2.5", "3.000" -> "3".
std::string trim_zeros(std::string text) {
    if (text.find('.') == std::string::npos) {
        return text;
    }
    while (!text.empty() && text.back() == '0') {
        text.pop_back();
    }
    if (!text.empty() && text.back() == '.') {
        text.pop_back();
    }
    return text;
}

std::string printf_fixed(double value, int decimals) {
    char text[400];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

struct Prefix {
    double factor;
    const char* name;
};

}  // namespace

std::string number(double value, int significant, Grouping grouping) {
    if (!std::isfinite(value)) {
        return "-";
    }
    if (value == 0.0) {
        return "0";
    }
    significant = std::clamp(significant, 1, 15);
    const int exponent = static_cast<int>(std::floor(std::log10(std::fabs(value))));
    const int decimals = std::clamp(significant - 1 - exponent, 0, 15);
    double rounded = value;
    if (exponent - significant + 1 > 0) {  // round away the digits left of the point, too
        const double step = std::pow(10.0, exponent - significant + 1);
        rounded = std::round(value / step) * step;
    }
    std::string text = trim_zeros(printf_fixed(rounded, decimals));
    if (text == "-0") {
        text = "0";
    }
    return grouping == Grouping::Thousands ? group_thousands(text) : text;
}

std::string fixed(double value, int decimals) {
    if (!std::isfinite(value)) {
        return "-";
    }
    std::string text = printf_fixed(value, std::clamp(decimals, 0, 15));
    if (text.find_first_not_of("-0.") == std::string::npos) {
        text = text.substr(text[0] == '-' ? 1 : 0);  // "-0.0" -> "0.0"
    }
    return group_thousands(text);
}

std::string count(double value) {
    return fixed(std::round(value), 0);
}

std::string percent(double fraction, int decimals) {
    return fixed(100.0 * fraction, decimals) + "%";
}

std::string probability(double p) {
    if (!std::isfinite(p)) {
        return "-";
    }
    if (p < 1e-6) {
        return "under 0.0001%";
    }
    return number(100.0 * p, p >= 0.01 ? 3 : 2) + "%";
}

std::string bytes(double value, SizeSystem system) {
    if (!std::isfinite(value) || value < 0.0) {
        return "-";
    }
    const bool binary = system == SizeSystem::Binary;
    static const Prefix decimal_prefixes[] = {{units::TB * 1000.0, "PB"},
                                              {units::TB, "TB"},
                                              {units::GB, "GB"},
                                              {units::MB, "MB"},
                                              {units::kB, "KB"}};
    static const Prefix binary_prefixes[] = {{units::TiB * 1024.0, "PiB"},
                                             {units::TiB, "TiB"},
                                             {units::GiB, "GiB"},
                                             {units::MiB, "MiB"},
                                             {units::KiB, "KiB"}};
    for (const Prefix& prefix : binary ? binary_prefixes : decimal_prefixes) {
        if (value >= prefix.factor) {
            return number(value / prefix.factor) + " " + prefix.name;
        }
    }
    return number(value) + " B";
}

std::string capacity(double value) {
    if (!std::isfinite(value) || value < 0.0) {
        return "-";
    }
    if (value < units::GB) {
        return bytes(value, SizeSystem::Decimal);
    }
    if (value < units::TB) {
        return number(value / units::GB) + " GB";
    }
    if (value < 1000.0 * units::TB) {
        return number(value / units::TB) + " TB";
    }
    return number(value / (1000.0 * units::TB)) + " PB";
}

std::string stripe_unit(double value) {
    if (!std::isfinite(value) || value <= 0.0) {
        return "-";
    }
    return number(value / units::KiB, 6, Grouping::None) + " KiB";
}

std::string rate(double bytes_per_second, SizeSystem system) {
    if (!std::isfinite(bytes_per_second) || bytes_per_second < 0.0) {
        return "-";
    }
    if (system == SizeSystem::Binary) {
        return number(bytes_per_second / units::MiB) + " MiB/s";
    }
    return number(bytes_per_second / units::MB) + " MB/s";
}

std::string per_second(double operations_per_second) {
    if (!std::isfinite(operations_per_second) || operations_per_second < 0.0) {
        return "-";
    }
    // Three significant digits, but whole operations: 1.25 stays "1.25", 199812 is "199,800".
    return number(operations_per_second, operations_per_second >= 1000.0 ? 4 : 3);
}

std::string duration(double seconds) {
    if (!std::isfinite(seconds) || seconds < 0.0) {
        return "n/a";
    }
    if (seconds >= 2 * units::hour) {
        return number(seconds / units::hour) + " h";
    }
    if (seconds >= 120.0) {
        return number(seconds / 60.0) + " min";
    }
    if (seconds >= 1.0) {
        return number(seconds) + " s";
    }
    if (seconds >= units::ms) {
        return number(seconds / units::ms) + " ms";
    }
    return number(seconds / units::us) + " us";
}

std::string milliseconds(double seconds) {
    if (!std::isfinite(seconds) || seconds < 0.0) {
        return "-";
    }
    return number(seconds / units::ms);
}

std::string long_duration(double seconds) {
    if (!std::isfinite(seconds) || seconds <= 0.0) {
        return "-";
    }
    const double hours = seconds / units::hour;
    const double years = hours / units::year_hours;
    if (years >= 1e6) {
        return "more than a million years";
    }
    if (years >= 2.0) {
        return number(years, 2) + " years";
    }
    if (hours >= 72.0) {
        return number(hours / 24.0, 2) + " days";
    }
    return number(hours, 2) + " h";
}

std::string money(double usd, const std::string& currency, double usd_per_unit) {
    if (!std::isfinite(usd)) {
        return "-";
    }
    const double amount = usd / (usd_per_unit > 0.0 ? usd_per_unit : 1.0);
    const std::string digits = count(std::fabs(amount));
    const std::string sign = amount <= -0.5 ? "-" : "";
    if (currency.empty() || currency == "USD") {
        return sign + "$" + digits;
    }
    return sign + digits + " " + currency;
}

std::string dated_price(double usd, const std::string& price_date, const std::string& currency,
                        double usd_per_unit) {
    if (usd == 0.0 && !price_date.empty()) {
        return "included";
    }
    const std::string amount = money(usd, currency, usd_per_unit);
    return price_date.empty() ? amount + " (undated price)"
                              : amount + " (price of " + price_date + ")";
}

}  // namespace raidadv::format
