// Columns shared by all tables: identity (id, name, vendor, year) and provenance (price, source).

#include <cctype>

#include "catalog/column_builders.h"
#include "catalog/columns.h"

namespace raidadv::catalog_detail {

std::string check_id(std::string& value) {
    bool ok = !value.empty() && value.size() <= 64 &&
              (std::islower(static_cast<unsigned char>(value[0])) ||
               std::isdigit(static_cast<unsigned char>(value[0])));
    for (char c : value) {
        const auto u = static_cast<unsigned char>(c);
        ok = ok && (std::islower(u) || std::isdigit(u) || c == '-' || c == '.' || c == '_');
    }
    return ok ? "" : "must be 1-64 characters a-z 0-9 - . _ starting with a letter or digit";
}

std::string check_form_factor(std::string& value) {
    for (const char* ok : {"3.5", "2.5", "1.8", "m.2", "u.2", "u.3", "e1.s", "e3.s", "aic"}) {
        if (value == ok) {
            return "";
        }
    }
    return "must be one of 3.5, 2.5, 1.8, m.2, u.2, u.3, e1.s, e3.s, aic";
}

std::string check_price_date(std::string& value) {
    // "YYYY" or "YYYY-MM"
    auto digits = [&](std::size_t from, std::size_t n) {
        for (std::size_t i = from; i < from + n; ++i) {
            if (!std::isdigit(static_cast<unsigned char>(value[i]))) {
                return false;
            }
        }
        return true;
    };
    bool ok = (value.size() == 4 && digits(0, 4)) ||
              (value.size() == 7 && digits(0, 4) && value[4] == '-' && digits(5, 2) &&
               value.substr(5, 2) >= "01" && value.substr(5, 2) <= "12");
    ok = ok && value.substr(0, 4) >= "1950" && value.substr(0, 4) <= "2100";
    return ok ? "" : "must be a year and month like 2007-03 (or a year like 2007)";
}

namespace {
std::string check_not_empty(std::string& value) {
    return value.empty() ? "must not be empty" : "";
}
}  // namespace

template <class E>
std::vector<Column<E>> leading_columns() {
    return {
        text_column<E>(
            "id", "id", [](E& e) -> std::string& { return info_of(e).id; }, check_id),
        text_column<E>(
            "name", "name", [](E& e) -> std::string& { return info_of(e).name; }, check_not_empty),
        text_column<E>(
            "vendor", "vendor", [](E& e) -> std::string& { return info_of(e).vendor; },
            check_not_empty),
        int_column<E>(
            "year", "year", 1950, 2100, [](E& e) -> int& { return info_of(e).year; }, kOptional),
    };
}

template <class E>
std::vector<Column<E>> trailing_columns() {
    return {
        real_column<E>(
            "price_usd", "price_usd", 1.0, 0.0, 1e7,
            [](E& e) -> double& { return info_of(e).price_usd; }, kOptional),
        text_column<E>(
            "price_date", "price_date", [](E& e) -> std::string& { return info_of(e).price_date; },
            check_price_date, kOptional),
        text_column<E>(
            "source", "source", [](E& e) -> std::string& { return info_of(e).source; },
            check_not_empty),
        text_column<E>(
            "notes", "notes", [](E& e) -> std::string& { return e.notes; }, nullptr, kOptional),
    };
}

template std::vector<Column<DriveEntry>> leading_columns<DriveEntry>();
template std::vector<Column<ControllerEntry>> leading_columns<ControllerEntry>();
template std::vector<Column<LinkEntry>> leading_columns<LinkEntry>();
template std::vector<Column<HostEntry>> leading_columns<HostEntry>();
template std::vector<Column<EnclosureEntry>> leading_columns<EnclosureEntry>();
template std::vector<Column<DriveEntry>> trailing_columns<DriveEntry>();
template std::vector<Column<ControllerEntry>> trailing_columns<ControllerEntry>();
template std::vector<Column<LinkEntry>> trailing_columns<LinkEntry>();
template std::vector<Column<HostEntry>> trailing_columns<HostEntry>();
template std::vector<Column<EnclosureEntry>> trailing_columns<EnclosureEntry>();

}  // namespace raidadv::catalog_detail
