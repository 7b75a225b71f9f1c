// Catalog entries as CSV text (see entry_text.h).

#include "catalog/entry_text.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace raidadv::catalog_detail {

namespace {

/// True if `text` parses completely and, times scale, gives si exactly (as parse_rows computes).
bool reads_back(const std::string& text, double si, double scale) {
    double back = 0.0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), back);
    return ec == std::errc() && ptr == text.data() + text.size() && back * scale == si;
}

}  // namespace

std::string csv_number(double si, double scale) {
    const double value = si / scale;
    char buf[64];
    const double magnitude = std::fabs(value);
    if (magnitude == 0.0 || (magnitude >= 1e-4 && magnitude < 1e15)) {
        // Plain decimals, as people write them in the sources ("1200", "0.44").
        for (int decimals = 0; decimals <= 20; ++decimals) {
            std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
            if (reads_back(buf, si, scale)) {
                return buf;
            }
        }
    }
    for (int digits = 1; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, value);
        if (reads_back(buf, si, scale)) {
            return buf;
        }
    }
    std::snprintf(buf, sizeof buf, "%.17g", value);
    return buf;
}

std::string csv_line(const std::vector<std::string>& fields) {
    std::string line;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const std::string& f = fields[i];
        const bool quote =
            f.find_first_of(",\"\n\r") != std::string::npos ||
            (!f.empty() && (f.front() == ' ' || f.front() == '\t' || f.back() == ' ' ||
                            f.back() == '\t' || f.front() == '#'));
        line += i == 0 ? "" : ",";
        if (!quote) {
            line += f;
            continue;
        }
        line += '"';
        for (char c : f) {
            line += c == '"' ? std::string("\"\"") : std::string(1, c);
        }
        line += '"';
    }
    return line;
}

std::string column_of(const std::string& where) {
    const std::string marker = " column ";
    const std::size_t at = where.find(marker);
    return at == std::string::npos ? std::string() : where.substr(at + marker.size());
}

}  // namespace raidadv::catalog_detail
