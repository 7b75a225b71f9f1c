// raid-catalog-build SOURCE_DIR DB_PATH: builds the hardware catalog database from the CSV
// sources. Prints every problem as "where: message" and exits with status 2 if there are any
// (the database is then left untouched).

#include <exception>
#include <iostream>

#include "catalog/catalog.h"

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: raid-catalog-build SOURCE_DIR DB_PATH\n"
                     "  Reads drives.csv, controllers.csv, links.csv, hosts.csv and (if present)\n"
                     "  enclosures.csv from SOURCE_DIR\n"
                     "  and writes the catalog database to DB_PATH (replaced atomically).\n";
        return 1;
    }
    try {
        const auto errors = raidadv::Catalog::build(argv[1], argv[2]);
        for (const auto& e : errors) {
            std::cerr << e.where << ": " << e.message << '\n';
        }
        if (!errors.empty()) {
            std::cerr << errors.size() << " problem(s); " << argv[2] << " was not written\n";
            return 2;
        }
        const raidadv::Catalog catalog = raidadv::Catalog::open(argv[2]);
        std::cout << "wrote " << argv[2] << ": " << catalog.drives().size() << " drives, "
                  << catalog.controllers().size() << " controllers, " << catalog.links().size()
                  << " links, " << catalog.hosts().size() << " hosts, "
                  << catalog.enclosures().size() << " enclosures\n";
    } catch (const std::exception& e) {
        std::cerr << "raid-catalog-build: " << e.what() << '\n';
        return 2;
    }
    return 0;
}
