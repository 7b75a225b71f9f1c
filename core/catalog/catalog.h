#pragma once
// The hardware catalog: a SQLite database built from the text sources in resources/catalog/.
// Every entry cites its datasheet (CatalogInfo::source) or says "estimated: ...". A user catalog
// (same schema, the user's own entries) may be layered over it: lookups see both, edits go to the
// user catalog only, the bundled file is never written.

#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "catalog/catalog_table.h"
#include "components/specs.h"

struct sqlite3;

namespace raidadv {

/// A problem found while reading catalog sources or a catalog database.
struct CatalogError {
    std::string where;    ///< "drives.csv:12 column rpm" or "catalog.db table drives"
    std::string message;  ///< what is wrong and what is allowed
};

struct CatalogOpenResult;

/// What Catalog::open does with a user catalog that fails its check.
enum class BrokenUserCatalog {
    SetAside,  ///< rename it to <name>.broken-<timestamp> (at program start)
    Ignore     ///< leave the file alone (a worker thread re-opening the catalog)
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

    /// Opens the bundled catalog `db_path` (as open(db_path), throwing if it is unusable) with the
    /// user catalog `user_path` layered over it. A missing user catalog is no error (it is
    /// created by the first edit). A user catalog that fails its check (SQLite integrity, format,
    /// schema version, every row re-validated as a CSV row would be) is never used half-read:
    /// the result has the bundled entries only, `message` says why, and with
    /// BrokenUserCatalog::SetAside the file is renamed to <name>.broken-<YYYYmmdd-HHMMSS>.
    static CatalogOpenResult open(const std::filesystem::path& db_path,
                                  const std::filesystem::path& user_path,
                                  BrokenUserCatalog broken = BrokenUserCatalog::SetAside);

    /// The user catalog of this account: $RAID_ADVISOR_USER_CATALOG if set and not empty, else
    /// $XDG_DATA_HOME (or ~/.local/share)/RAID Advisor/user-catalog.db, the folder the desktop
    /// application gets from QStandardPaths::AppDataLocation.
    static std::filesystem::path default_user_path();

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
    /// SAS expanders and JBOD enclosures (enclosures.csv; bundled catalog only, source order).
    std::optional<EnclosureSpec> enclosure(const std::string& id) const;
    std::vector<EnclosureSpec> enclosures() const;

    /// Free-text remarks of the entry with this id (ids are unique across all tables); empty if
    /// the entry has none or the id is unknown. Estimates are not here but in info.source.
    std::string notes(const std::string& id) const;

    // ---- Tables as text, and the user catalog (catalog_user.cpp) ----

    /// Every entry of a table as CSV text: bundled entries first (source order), then the user's.
    std::vector<CatalogRow> rows(CatalogKind kind) const;
    /// The user catalog file this catalog layers (empty if opened without one).
    const std::filesystem::path& user_path() const { return user_path_; }
    /// True if `id` is a user entry (of any table).
    bool is_user_entry(const std::string& id) const;

    /// Adds an entry to the user catalog. The fields are checked exactly as a row of the
    /// bundled CSV files is, plus: the id must not be used by any bundled or user entry (a user
    /// entry never shadows a bundled one), link ids must name links of either catalog. Returns
    /// the problems (where = column name, message = what is allowed); nothing is written if any.
    std::vector<CatalogError> add_user_entry(CatalogKind kind, const CatalogFields& fields);
    /// Replaces the user entry `id` by `fields` (same checks; the id may change unless other
    /// entries refer to it).
    std::vector<CatalogError> update_user_entry(CatalogKind kind, const std::string& id,
                                                const CatalogFields& fields);
    /// Deletes the user entry `id`; refused if it is bundled, unknown, or a link that user
    /// entries refer to.
    std::vector<CatalogError> remove_user_entry(CatalogKind kind, const std::string& id);

    /// Imports CSV text (the columns of resources/catalog/<kind>.csv) into the user catalog.
    /// Every row is checked as add_user_entry does (ids also unique within the file); the rows
    /// that pass are written in one transaction, the others are reported with their line and
    /// reasons. `file` names the text in messages.
    CatalogImportReport import_csv(CatalogKind kind, std::string_view text,
                                   const std::string& file = "import.csv");
    /// A table as CSV text (all columns, a comment line first) that import_csv reads back to
    /// the same entries.
    std::string export_csv(CatalogKind kind, CatalogExportScope scope) const;

  private:
    explicit Catalog(sqlite3* db);
    struct Closer {
        void operator()(sqlite3* db) const;
    };
    /// Opens the user catalog read-write (creating it with empty tables if missing).
    std::unique_ptr<sqlite3, Closer> open_user_for_writing();
    std::unique_ptr<sqlite3, Closer> db_;
    std::unique_ptr<sqlite3, Closer> user_;  ///< read-only; null if there is no user file yet
    std::filesystem::path user_path_;
};

/// A layered catalog and what happened to its user catalog.
struct CatalogOpenResult {
    Catalog catalog;
    std::string message;  ///< empty if the user catalog was fine or absent; else why not used
};

struct CatalogLoadError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace raidadv
