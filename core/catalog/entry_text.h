#pragma once
// Catalog entries as CSV text and back: the one conversion used by the catalog editor, the user
// catalog's integrity check, CSV import and export. Text -> entry goes through parse_rows, so a
// field typed into the editor is judged exactly as a bundled CSV field is.

#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/columns.h"
#include "catalog/csv.h"
#include "catalog/parse_rows.h"

namespace raidadv::catalog_detail {

/// Shortest decimal text t of si / scale such that parsing t and multiplying by scale gives si
/// back exactly (so export -> import is lossless).
std::string csv_number(double si, double scale);

/// One CSV line (no line break): fields quoted when they hold a comma, quote, line break,
/// surrounding blanks or start with '#'.
std::string csv_line(const std::vector<std::string>& fields);

/// The column named in "file:12 column rpm" ("rpm"); "" if none is named.
std::string column_of(const std::string& where);

/// The fields of an entry as CSV text, in column order. Columns that do not apply to the entry's
/// kind are empty, as are optional numbers outside their range (year 0 = unknown).
template <class E>
std::vector<std::string> entry_fields(const E& original, const std::vector<Column<E>>& columns) {
    E e = original;  // accessors take non-const references
    std::vector<std::string> out;
    const std::string_view variant = variant_of(e);
    for (const Column<E>& c : columns) {
        std::string text;
        if (!applies(c, variant)) {
            // empty
        } else if (c.type == ColumnType::Real) {
            const double v = c.real(e) / c.scale;
            if (c.need == Need::Required || (v >= c.min && v <= c.max)) {
                text = csv_number(c.real(e), c.scale);
            }
        } else if (c.type == ColumnType::Integer) {
            const int v = c.integer(e);
            if (c.need == Need::Required || (v >= c.min && v <= c.max)) {
                text = std::to_string(v);
            }
        } else if (c.type == ColumnType::Boolean) {
            text = c.boolean(e) ? "yes" : "no";
        } else {
            text = c.get_name != nullptr ? c.get_name(e) : c.text(e);
        }
        out.push_back(std::move(text));
    }
    return out;
}

/// Parses one entry given as fields by column name (values trimmed as the CSV reader trims
/// unquoted fields; absent columns are empty, unknown names are errors). Problems are appended
/// to `errors` with where = "<file>:<line> column <name>".
template <class E>
E entry_from_fields(std::string_view file, int line, const CatalogFields& fields,
                    const std::vector<Column<E>>& columns, std::vector<CatalogError>& errors) {
    auto trimmed = [](std::string s) {
        while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
            s.pop_back();
        }
        std::size_t b = 0;
        while (b < s.size() && (s[b] == ' ' || s[b] == '\t')) {
            ++b;
        }
        return s.substr(b);
    };
    CsvTable table;
    table.header_line = line;
    CsvRow row;
    row.line = line;
    for (const Column<E>& c : columns) {
        table.header.emplace_back(c.csv);
        const auto it = fields.find(std::string(c.csv));
        row.fields.push_back(it == fields.end() ? std::string() : trimmed(it->second));
    }
    for (const auto& [name, value] : fields) {
        bool known = false;
        for (const Column<E>& c : columns) {
            known = known || c.csv == name;
        }
        if (!known) {
            table.header.push_back(name);
            row.fields.push_back(value);
        }
    }
    table.rows.push_back(row);
    std::vector<E> entries = parse_rows(file, table, columns, errors);
    return entries.empty() ? E{} : entries.front();
}

}  // namespace raidadv::catalog_detail
