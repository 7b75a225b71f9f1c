#pragma once
// The validation of every study, run once per test executable and shared by its test files.

#include <string>

#include "catalog/catalog.h"
#include "validation/validation.h"

namespace raidadv::test {

inline const validation::ValidationReport& validation_report() {
    static const validation::ValidationReport r = [] {
        const Catalog catalog = Catalog::open(RAID_CATALOG_DB);
        return validation::run_validation(catalog, std::string(RAID_RESOURCES_DIR) + "/validation");
    }();
    return r;
}

}  // namespace raidadv::test
