// libFuzzer target: catalog CSV text -> parse_csv -> parse_rows for the table (drives,
// controllers, links or hosts) whose columns the header names: the layer that reads the catalog
// sources and user CSV files. Every problem must name where it is; accepted rows must hold
// finite values.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/csv.h"
#include "catalog/parse_rows.h"

namespace {

using namespace raidadv;
using namespace raidadv::catalog_detail;

void check(bool ok) {
    if (!ok) {
        __builtin_trap();
    }
}

template <class E>
void rows_of(std::string_view file, const CsvTable& table, const std::vector<Column<E>>& columns) {
    std::vector<CatalogError> errors;
    const std::vector<E> entries = parse_rows(file, table, columns, errors);
    for (const CatalogError& e : errors) {
        check(!e.where.empty() && !e.message.empty());
    }
    if (!errors.empty()) {
        return;
    }
    check(entries.size() == table.rows.size());
    for (const E& entry : entries) {
        check(entry.valid);
        E copy = entry;
        for (const Column<E>& c : columns) {
            if (c.real != nullptr && applies(c, variant_of(copy))) {
                check(std::isfinite(c.real(copy)));
            }
        }
    }
}

/// How many header fields name a column of the table.
template <class E>
std::size_t header_matches(const CsvTable& table, const std::vector<Column<E>>& columns) {
    std::size_t n = 0;
    for (const std::string& name : table.header) {
        for (const Column<E>& c : columns) {
            n += c.csv == name ? 1 : 0;
        }
    }
    return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<CsvProblem> problems;
    const CsvTable table = parse_csv(text, problems);
    for (const CsvProblem& p : problems) {
        check(p.line >= 1 && !p.message.empty());
    }
    for (const CsvRow& row : table.rows) {
        check(row.fields.size() == table.header.size());
        check(row.line > table.header_line);
    }
    // The table whose columns the header names most (the seeds are the four catalog sources);
    // rows checked against the other three would only report missing columns.
    const std::size_t matches[] = {
        header_matches(table, drive_columns()), header_matches(table, controller_columns()),
        header_matches(table, link_columns()), header_matches(table, host_columns())};
    std::size_t best = 0;
    for (std::size_t i = 1; i < 4; ++i) {
        best = matches[i] > matches[best] ? i : best;
    }
    switch (best) {
        case 0:
            rows_of("drives.csv", table, drive_columns());
            break;
        case 1:
            rows_of("controllers.csv", table, controller_columns());
            break;
        case 2:
            rows_of("links.csv", table, link_columns());
            break;
        default:
            rows_of("hosts.csv", table, host_columns());
            break;
    }
    return 0;
}
