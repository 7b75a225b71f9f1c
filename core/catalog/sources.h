#pragma once
// Reading and checking the text sources of the catalog (resources/catalog/*.csv).

#include <filesystem>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/columns.h"

namespace raidadv::catalog_detail {

/// All entries of the four source tables, in file order, SI units.
struct Sources {
    std::vector<DriveEntry> drives;
    std::vector<ControllerEntry> controllers;
    std::vector<LinkEntry> links;
    std::vector<HostEntry> hosts;
    std::vector<EnclosureEntry> enclosures;  ///< enclosures.csv; optional file
};

/// Reads drives.csv, controllers.csv, links.csv and hosts.csv from `dir`, checks every value
/// and the references between tables (ids unique across tables, drive interfaces and controller
/// drive_interfaces / host_link naming links, seek times ordered, ...). Problems are appended to
/// `errors`; the result is only meaningful when none were added.
Sources read_sources(const std::filesystem::path& dir, std::vector<CatalogError>& errors);

}  // namespace raidadv::catalog_detail
