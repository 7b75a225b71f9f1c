#pragma once
// Catalogs for the project tests: a small one built from CSV text written here (so that the
// tests do not depend on the bundled catalog's contents) and the bundled one (for the examples).

#include "catalog/catalog.h"

namespace raidadv::test {

/// Built once per test run in a temporary directory. Ids: drives test-hdd (HDD, 500 GB,
/// interface test-sata, $100), test-ssd (SSD, 960 GB); controllers test-raid (hardware_raid,
/// 8 ports, levels 0,1,5,10), test-hba (hba, 4 ports); links test-sata (300 MB/s, 1 device),
/// test-bus (shared, 20 MB/s, 15 devices), test-pcie (4000 MB/s); host test-host.
const Catalog& small_catalog();

/// The bundled catalog (build target raid_catalog_db); fails the test if it is missing.
const Catalog& bundled_catalog();

}  // namespace raidadv::test
