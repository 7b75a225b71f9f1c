#pragma once
// The catalog seen as four tables of text fields (CSV units), for browsing, editing, import and
// export: what the catalog editor, `raid-advisor-cli catalog` and CSV files share. Values are the
// text of the columns of resources/catalog/*.csv (resources/catalog/README.md).

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace raidadv {

struct CatalogError;

/// The four catalog tables.
enum class CatalogKind { Drives, Controllers, Links, Hosts };

/// All kinds, in the order of the catalog files.
inline constexpr CatalogKind kCatalogKinds[] = {CatalogKind::Drives, CatalogKind::Controllers,
                                                CatalogKind::Links, CatalogKind::Hosts};

/// "drives", "controllers", "links", "hosts" (table and CSV file name without .csv).
std::string_view catalog_kind_name(CatalogKind kind);
/// The kind named `name` (as catalog_kind_name gives it); nullopt if there is none.
std::optional<CatalogKind> catalog_kind_from_name(std::string_view name);

/// One column of a table, as in the CSV files.
struct CatalogColumnInfo {
    std::string name;      ///< CSV header name, unit in the name ("capacity_gb", "seek_avg_ms")
    bool required = true;  ///< must be given (for the rows it applies to)
    std::string only;      ///< "hdd" / "ssd": applies to drives of that kind only; else empty
    std::string allowed;   ///< what values are allowed ("3000..20000", "yes or no", ...)
};

/// The columns of a table in CSV order (id first, notes last).
std::vector<CatalogColumnInfo> catalog_columns(CatalogKind kind);

/// An entry as text fields by CSV column name; missing names are empty fields.
using CatalogFields = std::map<std::string, std::string>;

/// One entry of a table: its fields in catalog_columns() order, and where it lives.
struct CatalogRow {
    std::vector<std::string> fields;
    bool user = false;  ///< from the user catalog (editable); false = bundled (read-only)
    const std::string& id() const { return fields.front(); }
};

/// A CSV row that an import did not take, with every reason.
struct CatalogRejectedRow {
    int line = 0;                       ///< line of the CSV file where the row starts
    std::string id;                     ///< its id field, as given (may be empty)
    std::vector<CatalogError> reasons;  ///< where = column name ("" for the whole row)
};

/// What an import did: accepted rows were written (all in one transaction), rejected ones not.
struct CatalogImportReport {
    int accepted = 0;
    std::vector<CatalogRejectedRow> rejected;
    /// Problems with the file as a whole (header, not readable, database write failed); when
    /// any is present nothing was written.
    std::vector<CatalogError> file_errors;
};

/// Whether an export holds the user entries only or the whole layered table.
enum class CatalogExportScope { User, All };

}  // namespace raidadv
