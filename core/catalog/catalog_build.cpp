// Catalog::build: CSV sources -> checked entries -> SQLite file, replaced atomically.

#include <fcntl.h>
#include <unistd.h>

#include <string>

#include "catalog/catalog.h"
#include "catalog/db_tables.h"
#include "catalog/sources.h"
#include "catalog/sqlite_util.h"

namespace raidadv {
namespace {

namespace fs = std::filesystem;
using namespace catalog_detail;

void write_meta(sqlite3* db, const Sources& s) {
    exec(db, "CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)");
    Statement insert(db, "INSERT INTO meta (key, value) VALUES (?1, ?2)");
    auto put = [&](const std::string& key, const std::string& value) {
        sqlite3_bind_text(insert.get(), 1, key.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(insert.get(), 2, value.c_str(), -1, SQLITE_TRANSIENT);
        insert.step();
        insert.reset();
    };
    put("format", std::string(kFormatName));
    put("schema_version", std::to_string(kSchemaVersion));
    put("drives", std::to_string(s.drives.size()));
    put("controllers", std::to_string(s.controllers.size()));
    put("links", std::to_string(s.links.size()));
    put("hosts", std::to_string(s.hosts.size()));
    put("enclosures", std::to_string(s.enclosures.size()));
}

template <class E>
void write_table(sqlite3* db, std::string_view table, const std::vector<Column<E>>& columns,
                 const std::vector<E>& entries) {
    exec(db, create_table_sql(table, columns));
    insert_rows(db, table, columns, entries);
}

/// Writes the whole database into `file` (which must not exist yet).
void write_database(const fs::path& file, const Sources& s) {
    sqlite3* raw = nullptr;
    const int rc =
        sqlite3_open_v2(file.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    SqlitePtr db(raw);
    if (rc != SQLITE_OK) {
        throw SqliteError(raw != nullptr ? sqlite3_errmsg(raw) : "cannot open");
    }
    exec(db.get(), "PRAGMA journal_mode=DELETE; BEGIN");
    write_meta(db.get(), s);
    write_table(db.get(), "drives", drive_columns(), s.drives);
    write_table(db.get(), "controllers", controller_columns(), s.controllers);
    write_table(db.get(), "links", link_columns(), s.links);
    write_table(db.get(), "hosts", host_columns(), s.hosts);
    write_table(db.get(), "enclosures", enclosure_columns(), s.enclosures);
    exec(db.get(), "COMMIT");
    if (sqlite3_close(db.release()) != SQLITE_OK) {
        throw SqliteError("closing the new database failed");
    }
}

/// Makes a rename durable (best effort: errors are ignored, the rename itself already happened).
void sync_directory(const fs::path& dir) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

void write_atomically(const fs::path& db_path, const Sources& s) {
    const fs::path dir = db_path.has_parent_path() ? db_path.parent_path() : fs::path(".");
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) {
        throw SqliteError("cannot create folder " + dir.string() + ": " + ec.message());
    }
    const fs::path tmp =
        dir / ("." + db_path.filename().string() + ".tmp-" + std::to_string(::getpid()));
    fs::remove(tmp, ec);
    try {
        write_database(tmp, s);
        fs::rename(tmp, db_path);
    } catch (...) {
        fs::remove(tmp, ec);
        throw;
    }
    sync_directory(dir);
}

}  // namespace

std::vector<CatalogError> Catalog::build(const fs::path& source_dir, const fs::path& db_path) {
    std::vector<CatalogError> errors;
    if (!fs::is_directory(source_dir)) {
        errors.push_back(CatalogError{source_dir.string(), "is not a folder of catalog sources"});
        return errors;
    }
    const Sources sources = read_sources(source_dir, errors);
    if (!errors.empty()) {
        return errors;
    }
    try {
        write_atomically(db_path, sources);
    } catch (const std::exception& e) {
        errors.push_back(
            CatalogError{db_path.string(), std::string("writing failed: ") + e.what()});
    }
    return errors;
}

}  // namespace raidadv
