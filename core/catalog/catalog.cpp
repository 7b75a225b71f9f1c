// Catalog: opening a built catalog database read-only, checking it, and looking entries up.

#include "catalog/catalog.h"
#include "catalog/data_dirs.h"

#include <cstdlib>

#include "catalog/db_tables.h"
#include "catalog/sqlite_util.h"

namespace raidadv {
namespace {

namespace fs = std::filesystem;
using namespace catalog_detail;

/// First rows of PRAGMA integrity_check; "ok" when the file is sound.
std::string integrity_report(sqlite3* db) {
    Statement check(db, "PRAGMA integrity_check(5)");
    std::string report;
    while (check.step()) {
        report += (report.empty() ? "" : "; ") + column_text(check.get(), 0);
    }
    return report;
}

std::string meta_value(sqlite3* db, const char* key) {
    Statement q(db, "SELECT value FROM meta WHERE key = ?1");
    sqlite3_bind_text(q.get(), 1, key, -1, SQLITE_STATIC);
    return q.step() ? column_text(q.get(), 0) : std::string();
}

}  // namespace

void catalog_detail::check_catalog(sqlite3* db, const std::string& name, std::string_view role) {
    const std::string integrity = integrity_report(db);
    if (integrity != "ok") {
        throw CatalogLoadError(name + " failed its integrity check: " + integrity);
    }
    Statement has_meta(db,
                       "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND "
                       "name = 'meta'");
    if (!has_meta.step() || sqlite3_column_int(has_meta.get(), 0) == 0) {
        throw CatalogLoadError(name +
                               " is a SQLite database but not a RAID Advisor catalog (it "
                               "has no meta table)");
    }
    const std::string format = meta_value(db, "format");
    if (format != kFormatName) {
        throw CatalogLoadError(name + " is not a RAID Advisor catalog (format '" + format +
                               "', expected '" + std::string(kFormatName) + "')");
    }
    const std::string actual_role = meta_value(db, "role");
    if (actual_role != role) {
        throw CatalogLoadError(name + " is a " + (actual_role.empty() ? "bundled" : actual_role) +
                               " catalog, expected a " +
                               (role.empty() ? "bundled" : std::string(role)) + " one");
    }
    const std::string version = meta_value(db, "schema_version");
    if (version != std::to_string(kSchemaVersion)) {
        throw CatalogLoadError(name + " has catalog schema version '" + version +
                               "' but this program reads version " +
                               std::to_string(kSchemaVersion) +
                               "; rebuild it with raid-catalog-build from the same release");
    }
    // Every table must have the columns this program reads (preparing checks the names).
    Statement drives(db, select_sql("drives", drive_columns()));
    Statement controllers(db, select_sql("controllers", controller_columns()));
    Statement links(db, select_sql("links", link_columns()));
    Statement hosts(db, select_sql("hosts", host_columns()));
    if (role.empty()) {  // expanders and JBODs are bundled only (no user table yet)
        Statement enclosures(db, select_sql("enclosures", enclosure_columns()));
    }
}

namespace {

template <class E>
std::optional<decltype(E::spec)> find_one(sqlite3* db, std::string_view table,
                                          const std::vector<Column<E>>& columns,
                                          const std::string& id) {
    if (db == nullptr) {
        return std::nullopt;
    }
    try {
        Statement q(db, select_sql(table, columns) + " WHERE id = ?1");
        sqlite3_bind_text(q.get(), 1, id.c_str(), static_cast<int>(id.size()), SQLITE_STATIC);
        if (!q.step()) {
            return std::nullopt;
        }
        return read_row(q.get(), table, columns).spec;
    } catch (const SqliteError& e) {
        throw CatalogLoadError("reading catalog table " + std::string(table) + ": " + e.what());
    }
}

/// Appends every row of `table` in `db` (none if db is null) to `out`.
template <class E>
void find_all(sqlite3* db, std::string_view table, const std::vector<Column<E>>& columns,
              std::vector<decltype(E::spec)>& out) {
    if (db == nullptr) {
        return;
    }
    try {
        Statement q(db, select_sql(table, columns) + " ORDER BY ord");
        while (q.step()) {
            out.push_back(read_row(q.get(), table, columns).spec);
        }
    } catch (const SqliteError& e) {
        throw CatalogLoadError("reading catalog table " + std::string(table) + ": " + e.what());
    }
}

/// Bundled entries first, then the user's (user ids never repeat bundled ones).
template <class E>
std::vector<decltype(E::spec)> find_all_layers(sqlite3* bundled, sqlite3* user,
                                               std::string_view table,
                                               const std::vector<Column<E>>& columns) {
    std::vector<decltype(E::spec)> out;
    find_all(bundled, table, columns, out);
    find_all(user, table, columns, out);
    return out;
}

template <class E>
std::optional<decltype(E::spec)> find_layers(sqlite3* bundled, sqlite3* user,
                                             std::string_view table,
                                             const std::vector<Column<E>>& columns,
                                             const std::string& id) {
    std::optional<decltype(E::spec)> found = find_one(bundled, table, columns, id);
    return found ? found : find_one(user, table, columns, id);
}

}  // namespace

void Catalog::Closer::operator()(sqlite3* db) const {
    sqlite3_close_v2(db);
}

Catalog::Catalog(sqlite3* db) : db_(db) {}
Catalog::Catalog(Catalog&&) noexcept = default;
Catalog& Catalog::operator=(Catalog&&) noexcept = default;
Catalog::~Catalog() = default;

Catalog Catalog::open(const fs::path& db_path) {
    const std::string name = "catalog " + db_path.string();
    std::error_code ec;
    if (!fs::exists(db_path, ec)) {
        throw CatalogLoadError(name +
                               " not found (build it with raid-catalog-build, or point "
                               "RAID_ADVISOR_CATALOG at a catalog.db)");
    }
    if (!fs::is_regular_file(db_path, ec)) {
        throw CatalogLoadError(name + " is not a file");
    }
    sqlite3* raw = nullptr;
    const int rc = sqlite3_open_v2(db_path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
    std::unique_ptr<sqlite3, Closer> db(raw);
    if (rc != SQLITE_OK) {
        throw CatalogLoadError(name + " cannot be opened: " +
                               (raw != nullptr ? sqlite3_errmsg(raw) : "out of memory"));
    }
    try {
        check_catalog(db.get(), name, "");
    } catch (const SqliteError& e) {
        throw CatalogLoadError(name + " is not a usable catalog database: " + e.what());
    }
    return Catalog(db.release());
}

fs::path Catalog::default_path() {
    const char* env = std::getenv("RAID_ADVISOR_CATALOG");
    if (env != nullptr && *env != '\0') {
        return fs::path(env);
    }
    return installed_data_dir() / "catalog.db";
}

std::optional<DriveSpec> Catalog::drive(const std::string& id) const {
    return find_layers(db_.get(), user_.get(), "drives", drive_columns(), id);
}
std::optional<ControllerSpec> Catalog::controller(const std::string& id) const {
    return find_layers(db_.get(), user_.get(), "controllers", controller_columns(), id);
}
std::optional<LinkSpec> Catalog::link(const std::string& id) const {
    return find_layers(db_.get(), user_.get(), "links", link_columns(), id);
}
std::optional<HostSpec> Catalog::host(const std::string& id) const {
    return find_layers(db_.get(), user_.get(), "hosts", host_columns(), id);
}

std::vector<DriveSpec> Catalog::drives() const {
    return find_all_layers(db_.get(), user_.get(), "drives", drive_columns());
}
std::vector<ControllerSpec> Catalog::controllers() const {
    return find_all_layers(db_.get(), user_.get(), "controllers", controller_columns());
}
std::vector<LinkSpec> Catalog::links() const {
    return find_all_layers(db_.get(), user_.get(), "links", link_columns());
}
std::vector<HostSpec> Catalog::hosts() const {
    return find_all_layers(db_.get(), user_.get(), "hosts", host_columns());
}

std::optional<EnclosureSpec> Catalog::enclosure(const std::string& id) const {
    return find_one(db_.get(), "enclosures", enclosure_columns(), id);
}
std::vector<EnclosureSpec> Catalog::enclosures() const {
    std::vector<EnclosureSpec> out;
    find_all(db_.get(), "enclosures", enclosure_columns(), out);
    return out;
}

std::string Catalog::notes(const std::string& id) const {
    try {
        for (sqlite3* db : {db_.get(), user_.get()}) {
            for (const char* table : {"drives", "controllers", "links", "hosts", "enclosures"}) {
                if (db == nullptr || (db != db_.get() && table == std::string("enclosures"))) {
                    continue;  // enclosures are bundled only
                }
                Statement q(db, std::string("SELECT notes FROM ") + table + " WHERE id = ?1");
                sqlite3_bind_text(q.get(), 1, id.c_str(), static_cast<int>(id.size()),
                                  SQLITE_STATIC);
                if (q.step()) {
                    return column_text(q.get(), 0);
                }
            }
        }
    } catch (const SqliteError& e) {
        throw CatalogLoadError(std::string("reading catalog notes: ") + e.what());
    }
    return {};
}

}  // namespace raidadv
