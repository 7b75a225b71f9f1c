#pragma once
// Checks of a catalog entry that look beyond its own fields: references to links, orderings
// between columns, a price's date. Shared by the bundled sources (sources.cpp) and the user
// catalog (catalog_user.cpp), so that both accept exactly the same rows.

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/columns.h"

namespace raidadv::catalog_detail {

/// Link ids an entry may refer to, and their list for messages ("sata-3g, sas-6g").
struct LinkIds {
    std::set<std::string> ids;
    std::string list;
    std::string source = "links.csv";  ///< where they are, for messages
    void add(const std::string& id);
};

/// "drives.csv:12 column rpm".
std::string where(std::string_view file, int line, std::string_view column);

/// Cross-column and reference checks of one entry of `file` (errors name file:line column).
void check_entry(std::string_view file, const DriveEntry& e, const LinkIds& links,
                 std::vector<CatalogError>& errors);
void check_entry(std::string_view file, const ControllerEntry& e, const LinkIds& links,
                 std::vector<CatalogError>& errors);
void check_entry(std::string_view file, const LinkEntry& e, const LinkIds& links,
                 std::vector<CatalogError>& errors);
void check_entry(std::string_view file, const HostEntry& e, const LinkIds& links,
                 std::vector<CatalogError>& errors);
void check_entry(std::string_view file, const EnclosureEntry& e, const LinkIds& links,
                 std::vector<CatalogError>& errors);

}  // namespace raidadv::catalog_detail
