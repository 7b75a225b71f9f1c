#pragma once
// A small CSV reader for the catalog sources (RFC 4180 quoting, '#' comment lines).

#include <string>
#include <string_view>
#include <vector>

namespace raidadv::catalog_detail {

/// One data row of a CSV file.
struct CsvRow {
    int line = 0;                     ///< 1-based line number where the row starts
    std::vector<std::string> fields;  ///< unquoted, unescaped; unquoted fields are trimmed
};

/// A parsed CSV file: header and data rows.
struct CsvTable {
    int header_line = 0;              ///< 1-based line of the header row (0 if the file is empty)
    std::vector<std::string> header;  ///< column names, trimmed
    std::vector<CsvRow> rows;
};

/// A syntax problem found while reading CSV text.
struct CsvProblem {
    int line = 0;
    std::string message;
};

/// Parses CSV text. Fields are separated by commas; a field may be quoted with '"' (then it may
/// hold commas, newlines and doubled quotes ""). Lines whose first non-blank character is '#' and
/// blank lines are skipped. The first remaining row is the header. Every row must have as many
/// fields as the header; rows that do not (and unterminated quotes) are reported in `problems`
/// and left out of the table.
CsvTable parse_csv(std::string_view text, std::vector<CsvProblem>& problems);

}  // namespace raidadv::catalog_detail
