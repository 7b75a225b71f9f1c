#pragma once
// The hardware catalog: a SQLite database built from the text sources in resources/catalog/.
// Every entry cites its datasheet (CatalogInfo::source) or says "estimated: ...".

#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "components/specs.h"

struct sqlite3;

namespace raidadv {

/// A problem found while reading catalog sources or a catalog database.
struct CatalogError {
    std::string where;    ///< "drives.csv:12 column rpm" or "catalog.db table drives"
    std::string message;  ///< what is wrong and what is allowed
};

class Catalog {
  public:
    /// Builds a catalog database at `db_path` (replacing it atomically) from the CSV sources in
    /// `source_dir`. Returns the problems found; the database is written only if there are none.
    static std::vector<CatalogError> build(const std::filesystem::path& source_dir,
                                           const std::filesystem::path& db_path);

    /// Opens a built catalog database read-only. Throws CatalogLoadError naming the problem if the
    /// file is missing, not a catalog, or fails its integrity check.
    static Catalog open(const std::filesystem::path& db_path);

    /// The bundled catalog: the path in the environment variable RAID_ADVISOR_CATALOG if it is
    /// set and not empty, else <directory of the running executable>/../share/raid-advisor/
    /// catalog.db (the executable is found through /proc/self/exe).
    static std::filesystem::path default_path();

    Catalog(Catalog&&) noexcept;
    Catalog& operator=(Catalog&&) noexcept;
    ~Catalog();

    std::optional<DriveSpec> drive(const std::string& id) const;
    std::optional<ControllerSpec> controller(const std::string& id) const;
    std::optional<LinkSpec> link(const std::string& id) const;
    std::optional<HostSpec> host(const std::string& id) const;

    std::vector<DriveSpec> drives() const;
    std::vector<ControllerSpec> controllers() const;
    std::vector<LinkSpec> links() const;
    std::vector<HostSpec> hosts() const;

    /// Free-text remarks of the entry with this id (ids are unique across all tables); empty if
    /// the entry has none or the id is unknown. Estimates are not here but in info.source.
    std::string notes(const std::string& id) const;

  private:
    explicit Catalog(sqlite3* db);
    struct Closer {
        void operator()(sqlite3* db) const;
    };
    std::unique_ptr<sqlite3, Closer> db_;
};

struct CatalogLoadError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace raidadv
