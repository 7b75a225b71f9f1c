#include "catalog/parse_rows.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>

namespace raidadv::catalog_detail {

std::string format_number(double value) {
    if (std::abs(value) < 1e15 && value == std::floor(value) && std::abs(value) >= 1e-3) {
        return std::to_string(static_cast<long long>(value));
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", value);
    return buf;
}

namespace {

std::optional<double> parse_number(const std::string& text) {
    double value = 0.0;
    const char* begin = text.data();
    const char* end = begin + text.size();
    if (!text.empty() && *begin == '+') {
        ++begin;
    }
    auto [ptr, ec] = std::from_chars(begin, end, value);
    if (ec != std::errc() || ptr != end || !std::isfinite(value)) {
        return std::nullopt;
    }
    return value;
}

/// Parses one row of one table; appends problems to `errors`.
template <class E>
class RowParser {
  public:
    RowParser(std::string_view file, const std::vector<Column<E>>& columns,
              const std::vector<int>& field_of_column, std::vector<CatalogError>& errors)
        : file_(file), columns_(columns), field_of_column_(field_of_column), errors_(errors) {}

    E parse(const CsvRow& row) {
        E entry;
        entry.line = row.line;
        line_ = row.line;
        const std::size_t errors_before = errors_.size();
        bool kind_ok = true;
        for (std::size_t i = 0; i < columns_.size(); ++i) {
            const Column<E>& col = columns_[i];
            const int field = field_of_column_[i];
            std::string value = field < 0 ? std::string() : row.fields[field];
            if (!col.only.empty() && !kind_ok) {
                continue;  // the kind is unknown: kind-specific columns cannot be judged
            }
            const std::string_view variant = variant_of(entry);
            if (!applies(col, variant)) {
                if (!value.empty()) {
                    fail(col, "applies to kind " + std::string(col.only) + " only; leave it " +
                                  "empty for kind " + std::string(variant) + ", got '" + value +
                                  "'");
                }
                continue;
            }
            if (value.empty()) {
                if (col.set_name != nullptr) {
                    kind_ok = false;
                }
                if (col.need == Need::Required) {
                    fail(col, col.only.empty() ? std::string("is required")
                                               : "is required for kind " + std::string(col.only));
                }
                continue;
            }
            if (!parse_value(col, value, entry) && col.set_name != nullptr) {
                kind_ok = false;
            }
        }
        entry.valid = errors_.size() == errors_before;
        return entry;
    }

  private:
    bool parse_value(const Column<E>& col, std::string& value, E& entry) {
        switch (col.type) {
            case ColumnType::Real: {
                const std::optional<double> v = parse_number(value);
                if (!v || *v < col.min || *v > col.max) {
                    return fail(col, "must be a number between " + format_number(col.min) +
                                         " and " + format_number(col.max) + ", got '" + value +
                                         "'");
                }
                col.real(entry) = *v * col.scale;
                return true;
            }
            case ColumnType::Integer: {
                const std::optional<double> v = parse_number(value);
                if (!v || *v != std::floor(*v) || *v < col.min || *v > col.max) {
                    return fail(col, "must be a whole number between " + format_number(col.min) +
                                         " and " + format_number(col.max) + ", got '" + value +
                                         "'");
                }
                col.integer(entry) = static_cast<int>(*v);
                return true;
            }
            case ColumnType::Boolean:
                if (value != "yes" && value != "no") {
                    return fail(col, "must be yes or no, got '" + value + "'");
                }
                col.boolean(entry) = value == "yes";
                return true;
            case ColumnType::Text:
                return parse_text(col, value, entry);
        }
        return false;
    }

    bool parse_text(const Column<E>& col, std::string& value, E& entry) {
        if (col.set_name != nullptr) {
            const std::string why = col.set_name(entry, value);
            return why.empty() || fail(col, why + ", got '" + value + "'");
        }
        if (col.check != nullptr) {
            std::string checked = value;
            const std::string why = col.check(checked);
            if (!why.empty()) {
                return fail(col, why + ", got '" + value + "'");
            }
            value = checked;
        }
        col.text(entry) = value;
        return true;
    }

    bool fail(const Column<E>& col, std::string message) {
        errors_.push_back(CatalogError{
            std::string(file_) + ":" + std::to_string(line_) + " column " + std::string(col.csv),
            std::move(message)});
        return false;
    }

    std::string_view file_;
    const std::vector<Column<E>>& columns_;
    const std::vector<int>& field_of_column_;
    std::vector<CatalogError>& errors_;
    int line_ = 0;
};

}  // namespace

template <class E>
std::vector<E> parse_rows(std::string_view file, const CsvTable& csv,
                          const std::vector<Column<E>>& columns,
                          std::vector<CatalogError>& errors) {
    const std::string header_where = std::string(file) + ":" + std::to_string(csv.header_line);
    if (csv.header.empty()) {
        errors.push_back(CatalogError{std::string(file), "has no header row"});
        return {};
    }
    // Map header fields to columns.
    std::map<std::string_view, std::size_t> column_index;
    std::string known;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        column_index[columns[i].csv] = i;
        known += (known.empty() ? "" : ", ") + std::string(columns[i].csv);
    }
    std::vector<int> field_of_column(columns.size(), -1);
    for (std::size_t f = 0; f < csv.header.size(); ++f) {
        const std::string& name = csv.header[f];
        auto it = column_index.find(name);
        if (it == column_index.end()) {
            errors.push_back(CatalogError{header_where + " column " + name,
                                          "unknown column; the columns are: " + known});
        } else if (field_of_column[it->second] >= 0) {
            errors.push_back(CatalogError{header_where + " column " + name, "appears twice"});
        } else {
            field_of_column[it->second] = static_cast<int>(f);
        }
    }
    for (std::size_t i = 0; i < columns.size(); ++i) {
        if (field_of_column[i] < 0 && columns[i].need == Need::Required) {
            errors.push_back(
                CatalogError{header_where, "missing column " + std::string(columns[i].csv)});
        }
    }
    std::vector<E> entries;
    RowParser<E> parser(file, columns, field_of_column, errors);
    for (const CsvRow& row : csv.rows) {
        entries.push_back(parser.parse(row));
    }
    return entries;
}

template std::vector<DriveEntry> parse_rows(std::string_view, const CsvTable&,
                                            const std::vector<Column<DriveEntry>>&,
                                            std::vector<CatalogError>&);
template std::vector<ControllerEntry> parse_rows(std::string_view, const CsvTable&,
                                                 const std::vector<Column<ControllerEntry>>&,
                                                 std::vector<CatalogError>&);
template std::vector<LinkEntry> parse_rows(std::string_view, const CsvTable&,
                                           const std::vector<Column<LinkEntry>>&,
                                           std::vector<CatalogError>&);
template std::vector<HostEntry> parse_rows(std::string_view, const CsvTable&,
                                           const std::vector<Column<HostEntry>>&,
                                           std::vector<CatalogError>&);
template std::vector<EnclosureEntry> parse_rows(std::string_view, const CsvTable&,
                                                const std::vector<Column<EnclosureEntry>>&,
                                                std::vector<CatalogError>&);

}  // namespace raidadv::catalog_detail
