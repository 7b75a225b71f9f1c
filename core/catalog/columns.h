#pragma once
// Column descriptions shared by the CSV reader, the SQLite writer and the SQLite reader: one
// table per catalog table, so that a field is named, converted and range-checked in one place.

#include <string>
#include <string_view>
#include <vector>

#include "components/specs.h"

namespace raidadv::catalog_detail {

/// A catalog row: the spec plus the free-text notes and where it came from.
template <class Spec>
struct Entry {
    Spec spec;
    std::string notes;  ///< remarks that are not estimates (estimates go in the source text)
    int line = 0;       ///< line in the CSV file (0 when read from the database)
    bool valid = true;  ///< false if a value of the row was rejected
};

using DriveEntry = Entry<DriveSpec>;
using ControllerEntry = Entry<ControllerSpec>;
using LinkEntry = Entry<LinkSpec>;
using HostEntry = Entry<HostSpec>;
using EnclosureEntry = Entry<EnclosureSpec>;

enum class ColumnType { Real, Integer, Boolean, Text };

/// Whether a value must be given (in the rows the column applies to).
enum class Need {
    Required,  ///< must not be empty
    Optional   ///< empty means the documented default
};

/// One column: CSV name and unit, SQLite name (SI), range, and how to reach the field.
template <class E>
struct Column {
    using Entry = E;
    std::string_view csv;  ///< header name in the CSV file (datasheet unit in the name)
    std::string_view db;   ///< column name in the database (SI unit in the name)
    ColumnType type = ColumnType::Real;
    Need need = Need::Required;
    std::string_view only;  ///< "hdd"/"ssd": applies to drives of that kind only, else empty
    double scale = 1.0;     ///< CSV value * scale = SI value (Real only)
    double min = 0.0;       ///< allowed range in CSV units (Real, Integer)
    double max = 0.0;
    double& (*real)(E&) = nullptr;
    int& (*integer)(E&) = nullptr;
    bool& (*boolean)(E&) = nullptr;
    std::string& (*text)(E&) = nullptr;
    /// Text only: "" if the value is acceptable, else what is allowed. May normalise the value.
    std::string (*check)(std::string& value) = nullptr;
    /// Text only, for enums: sets the field from its name ("" if ok) / gives the name.
    std::string (*set_name)(E&, std::string_view) = nullptr;
    std::string (*get_name)(const E&) = nullptr;
};

/// "hdd" or "ssd" for drives (selects the columns with `only` set); "" for other tables.
inline std::string_view variant_of(const DriveEntry& e) {
    return e.spec.kind == DriveKind::Hdd ? "hdd" : "ssd";
}
template <class E>
std::string_view variant_of(const E&) {
    return "";
}

/// Whether a column applies to a row of the given variant.
template <class E>
bool applies(const Column<E>& column, std::string_view variant) {
    return column.only.empty() || column.only == variant;
}

const std::vector<Column<DriveEntry>>& drive_columns();
const std::vector<Column<ControllerEntry>>& controller_columns();
const std::vector<Column<LinkEntry>>& link_columns();
const std::vector<Column<HostEntry>>& host_columns();
/// enclosures.csv: SAS expanders and JBOD enclosures (bundled catalog only).
const std::vector<Column<EnclosureEntry>>& enclosure_columns();

/// The CatalogInfo of an entry (id, name, source, price...).
template <class E>
CatalogInfo& info_of(E& e) {
    return e.spec.info;
}

/// Columns every table starts with (id, name, vendor, year) and ends with (price, source, notes).
template <class E>
std::vector<Column<E>> leading_columns();
template <class E>
std::vector<Column<E>> trailing_columns();

/// Text checks shared by several tables; "" if ok, else what is allowed.
std::string check_id(std::string& value);
/// A drive form factor: 3.5, 2.5, 1.8, m.2, u.2, u.3, e1.s, e3.s or aic.
std::string check_form_factor(std::string& value);
std::string check_price_date(std::string& value);

}  // namespace raidadv::catalog_detail
