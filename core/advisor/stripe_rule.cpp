#include "advisor/stripe_rule.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>

#include "units/units.h"

namespace raidadv::advisor {

namespace {

/// Three significant digits, never in exponent form: "0.059", "8.33", "3,180".
std::string readable(double v) {
    char text[64];
    if (std::abs(v) >= 1000.0) {
        std::snprintf(text, sizeof text, "%.0f", v);
        std::string digits = text;
        const std::size_t first = digits[0] == '-' ? 1 : 0;
        for (std::size_t i = digits.size(); i > first + 3; i -= 3) {
            digits.insert(i - 3, ",");
        }
        return digits;
    }
    std::snprintf(text, sizeof text, "%.3g", v);
    return text;
}

}  // namespace

double average_positioning_s(const DriveSpec& drive) {
    if (drive.kind == DriveKind::Ssd) {
        return drive.ssd.read_latency_s;
    }
    // Ruemmler & Wilkes 1994: positioning = seek + rotational latency (half a revolution).
    return drive.hdd.seek_average_s + 0.5 * units::revolution_time(drive.hdd.rpm);
}

double sustained_rate_Bps(const DriveSpec& drive) {
    if (drive.kind == DriveKind::Ssd) {
        return drive.ssd.seq_read_Bps;
    }
    // derived: zoned recording, equal capacity-weighted mix of outer and inner zones.
    return 0.5 * (drive.hdd.media_rate_outer_Bps + drive.hdd.media_rate_inner_Bps);
}

std::vector<double> default_stripe_units() {
    std::vector<double> units_bytes;
    for (double u = 4 * units::KiB; u <= units::MiB; u *= 2) {
        units_bytes.push_back(u);
    }
    return units_bytes;
}

StripeRule chen_patterson_stripe_unit(const DriveSpec& drive, double concurrency,
                                      const std::vector<double>& allowed_units_bytes) {
    StripeRule rule;
    rule.positioning_s = average_positioning_s(drive);
    rule.transfer_Bps = sustained_rate_Bps(drive);
    rule.concurrency = std::max(1.0, concurrency);
    // Chen & Patterson 1990, eq. for the striping unit with S = 1/4 (their measured slope).
    constexpr double kSlope = 0.25;
    rule.unit_bytes =
        kSlope * rule.positioning_s * rule.transfer_Bps * (rule.concurrency - 1.0) + units::sector;
    const std::vector<double> allowed =
        allowed_units_bytes.empty() ? default_stripe_units() : allowed_units_bytes;
    // Nearest allowed unit on a log scale (units differ by factors, not by bytes).
    rule.rounded_bytes = *std::min_element(allowed.begin(), allowed.end(), [&](double a, double b) {
        return std::abs(std::log(a / rule.unit_bytes)) < std::abs(std::log(b / rule.unit_bytes));
    });
    std::ostringstream text;
    text << "Chen & Patterson's rule (1/4 x positioning " << readable(rule.positioning_s * 1e3)
         << " ms x transfer " << readable(rule.transfer_Bps / 1e6) << " MB/s x ("
         << readable(rule.concurrency) << " outstanding - 1) + 1 sector) gives "
         << readable(rule.unit_bytes / units::KiB) << " KiB, rounded to "
         << readable(rule.rounded_bytes / units::KiB) << " KiB";
    rule.explanation = text.str();
    return rule;
}

}  // namespace raidadv::advisor
