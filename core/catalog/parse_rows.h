#pragma once
// Turns CSV rows into catalog entries, checking every value against its column description.

#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/columns.h"
#include "catalog/csv.h"

namespace raidadv::catalog_detail {

/// Checks the header of `csv` (file name `file`, e.g. "drives.csv") against `columns` and
/// converts every row into an entry (SI units). Problems are appended to `errors` as
/// {"drives.csv:12 column rpm", "must be a number between 3000 and 20000, got 'abc'"}; rows
/// with problems are still returned (so that later checks can refer to them) but the caller must
/// not write anything if `errors` grew.
template <class E>
std::vector<E> parse_rows(std::string_view file, const CsvTable& csv,
                          const std::vector<Column<E>>& columns, std::vector<CatalogError>& errors);

/// "3000", "0.5", "1e-14": compact text for a limit in an error message.
std::string format_number(double value);

}  // namespace raidadv::catalog_detail
