#pragma once
// The SQLite side of the catalog: schema, writing entries, reading them back. Column lists come
// from columns.h, so the three always agree.

#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/columns.h"
#include "catalog/sqlite_util.h"

namespace raidadv::catalog_detail {

/// Name of the format, stored in meta(key='format').
inline constexpr std::string_view kFormatName = "raid-advisor-catalog";
/// Version of the schema below, stored in meta(key='schema_version'). Bump on any change.
inline constexpr int kSchemaVersion = 10;
/// meta(key='role') of a user catalog; the bundled catalog has no role row.
inline constexpr std::string_view kUserRole = "user";

/// Checks a catalog file: PRAGMA integrity_check, meta (format, role: "" for the bundled
/// catalog or kUserRole, schema version) and the columns of every table. Throws CatalogLoadError
/// (or SqliteError) naming the problem; `name` starts the messages ("catalog /x/catalog.db").
void check_catalog(sqlite3* db, const std::string& name, std::string_view role);

/// CREATE TABLE statement for a catalog table (ord keeps the source order).
template <class E>
std::string create_table_sql(std::string_view table, const std::vector<Column<E>>& columns) {
    std::string sql = "CREATE TABLE " + std::string(table) + " (ord INTEGER NOT NULL";
    for (const Column<E>& c : columns) {
        sql += ", " + std::string(c.db);
        if (c.db == "id") {
            sql += " TEXT PRIMARY KEY NOT NULL";
        } else if (c.type == ColumnType::Real) {
            sql += " REAL";
        } else if (c.type == ColumnType::Text) {
            sql += " TEXT";
        } else {
            sql += " INTEGER";
        }
    }
    return sql + ")";
}

/// "SELECT a, b, ... FROM table" in column order.
template <class E>
std::string select_sql(std::string_view table, const std::vector<Column<E>>& columns) {
    std::string sql = "SELECT ";
    for (std::size_t i = 0; i < columns.size(); ++i) {
        sql += (i == 0 ? "" : ", ") + std::string(columns[i].db);
    }
    return sql + " FROM " + std::string(table);
}

/// Inserts `entries` (SI values) into `table`; columns that do not apply to a row are NULL.
/// Their ord values count up from `first_ord`.
template <class E>
void insert_rows(sqlite3* db, std::string_view table, const std::vector<Column<E>>& columns,
                 const std::vector<E>& entries, int first_ord = 0) {
    std::string sql = "INSERT INTO " + std::string(table) + " (ord";
    std::string values = "?";
    for (const Column<E>& c : columns) {
        sql += ", " + std::string(c.db);
        values += ", ?";
    }
    Statement insert(db, sql + ") VALUES (" + values + ")");
    int ord = first_ord;
    for (const E& original : entries) {
        E e = original;  // accessors take non-const references
        sqlite3_stmt* s = insert.get();
        sqlite3_bind_int(s, 1, ord++);
        const std::string_view variant = variant_of(e);
        for (std::size_t i = 0; i < columns.size(); ++i) {
            const Column<E>& c = columns[i];
            const int p = static_cast<int>(i) + 2;
            if (!applies(c, variant)) {
                sqlite3_bind_null(s, p);
            } else if (c.type == ColumnType::Real) {
                sqlite3_bind_double(s, p, c.real(e));
            } else if (c.type == ColumnType::Integer) {
                sqlite3_bind_int(s, p, c.integer(e));
            } else if (c.type == ColumnType::Boolean) {
                sqlite3_bind_int(s, p, c.boolean(e) ? 1 : 0);
            } else {
                const std::string text = c.get_name != nullptr ? c.get_name(e) : c.text(e);
                sqlite3_bind_text(s, p, text.c_str(), static_cast<int>(text.size()),
                                  SQLITE_TRANSIENT);
            }
        }
        insert.step();
        insert.reset();
    }
}

/// Reads the current row of a statement made with select_sql. NULL leaves the default.
/// Throws CatalogLoadError if an enum column holds an unknown name.
template <class E>
E read_row(sqlite3_stmt* s, std::string_view table, const std::vector<Column<E>>& columns) {
    E e;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        const Column<E>& c = columns[i];
        const int col = static_cast<int>(i);
        if (sqlite3_column_type(s, col) == SQLITE_NULL) {
            continue;
        }
        if (c.type == ColumnType::Real) {
            c.real(e) = sqlite3_column_double(s, col);
        } else if (c.type == ColumnType::Integer) {
            c.integer(e) = sqlite3_column_int(s, col);
        } else if (c.type == ColumnType::Boolean) {
            c.boolean(e) = sqlite3_column_int(s, col) != 0;
        } else if (c.set_name != nullptr) {
            const std::string name = column_text(s, col);
            if (!c.set_name(e, name).empty()) {
                throw CatalogLoadError("catalog table " + std::string(table) + ": column " +
                                       std::string(c.db) + " holds unknown value '" + name + "'");
            }
        } else {
            c.text(e) = column_text(s, col);
        }
    }
    return e;
}

}  // namespace raidadv::catalog_detail
