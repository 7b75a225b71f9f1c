// The user catalog layered over the bundled one: opening and checking it (a broken one is set
// aside, never used half-read), tables as text, adding, editing and deleting user entries, CSV
// import and export. The bundled database is opened read-only and never written.

#include <sqlite3.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <map>
#include <set>

#include "catalog/catalog.h"
#include "catalog/db_tables.h"
#include "catalog/entry_checks.h"
#include "catalog/entry_text.h"

namespace raidadv {
namespace {

namespace fs = std::filesystem;
using namespace catalog_detail;

/// Calls f(columns) with the column table of `kind`.
template <class F>
auto with_kind(CatalogKind kind, F&& f) {
    switch (kind) {
        case CatalogKind::Drives:
            return f(drive_columns());
        case CatalogKind::Controllers:
            return f(controller_columns());
        case CatalogKind::Links:
            return f(link_columns());
        case CatalogKind::Hosts:
            break;
    }
    return f(host_columns());
}

std::string table_of(CatalogKind kind) {
    return std::string(catalog_kind_name(kind));
}

template <class E>
std::vector<E> read_entries(sqlite3* db, const std::string& table,
                            const std::vector<Column<E>>& columns) {
    std::vector<E> out;
    if (db == nullptr) {
        return out;
    }
    Statement q(db, select_sql(table, columns) + " ORDER BY ord");
    while (q.step()) {
        out.push_back(read_row(q.get(), table, columns));
    }
    return out;
}

/// Ids of every table of `db`, with the table each is in.
std::map<std::string, std::string> ids_of(sqlite3* db) {
    std::map<std::string, std::string> ids;
    if (db == nullptr) {
        return ids;
    }
    for (CatalogKind kind : kCatalogKinds) {
        Statement q(db, "SELECT id FROM " + table_of(kind));
        while (q.step()) {
            ids.emplace(column_text(q.get(), 0), table_of(kind));
        }
    }
    return ids;
}

LinkIds link_ids_of(sqlite3* bundled, sqlite3* user) {
    LinkIds links;
    links.source = "the catalog's links";
    for (sqlite3* db : {bundled, user}) {
        if (db != nullptr) {
            Statement q(db, "SELECT id FROM links ORDER BY ord");
            while (q.step()) {
                links.add(column_text(q.get(), 0));
            }
        }
    }
    return links;
}

/// The ids already taken, and by what, for the uniqueness check of a new or edited entry.
struct TakenIds {
    std::map<std::string, std::string> bundled;
    std::map<std::string, std::string> user;
};

/// Why `id` may not be used by a new user entry ("" if it may).
std::string id_conflict(const std::string& id, const TakenIds& taken) {
    if (const auto it = taken.bundled.find(id); it != taken.bundled.end()) {
        return "'" + id + "' is the id of a bundled entry (" + it->second +
               "); choose another id (user entries never replace bundled ones)";
    }
    if (const auto it = taken.user.find(id); it != taken.user.end()) {
        return "'" + id + "' is already the id of a user entry (" + it->second +
               "); edit or delete that one, or choose another id";
    }
    return "";
}

/// Turns "file:1 column rpm" into "rpm" for messages about one entry.
std::vector<CatalogError> by_column(std::vector<CatalogError> errors) {
    for (CatalogError& e : errors) {
        e.where = column_of(e.where);
    }
    return errors;
}

/// Parses and checks one entry for the user catalog; errors name the file:line column.
template <class E>
E checked_entry(std::string_view file, int line, const CatalogFields& fields,
                const std::vector<Column<E>>& columns, const TakenIds& taken, const LinkIds& links,
                std::vector<CatalogError>& errors) {
    E e = entry_from_fields(file, line, fields, columns, errors);
    const std::string& id = e.spec.info.id;
    if (!id.empty()) {
        const std::string conflict = id_conflict(id, taken);
        if (!conflict.empty()) {
            errors.push_back(CatalogError{where(file, line, "id"), conflict});
        }
    }
    check_entry(file, e, links, errors);
    return e;
}

/// Entries of the user catalog that refer to link `id`: "drive x", "controller y".
std::vector<std::string> users_of_link(sqlite3* user, const std::string& id) {
    std::vector<std::string> found;
    for (const DriveEntry& d : read_entries(user, "drives", drive_columns())) {
        if (d.spec.interface == id) {
            found.push_back("drive " + d.spec.info.id);
        }
    }
    for (const ControllerEntry& c : read_entries(user, "controllers", controller_columns())) {
        const std::string list = "," + c.spec.drive_interfaces + ",";
        if (c.spec.host_link == id || list.find("," + id + ",") != std::string::npos) {
            found.push_back("controller " + c.spec.info.id);
        }
    }
    return found;
}

/// Re-validates every row of a user catalog as if it were typed in; throws CatalogLoadError.
void check_user_rows(sqlite3* bundled, sqlite3* user, const std::string& name) {
    const LinkIds links = link_ids_of(bundled, user);
    TakenIds taken;
    taken.bundled = ids_of(bundled);
    for (CatalogKind kind : kCatalogKinds) {
        with_kind(kind, [&](const auto& columns) {
            const std::string table = table_of(kind);
            for (const auto& stored : read_entries(user, table, columns)) {
                const std::vector<std::string> text = entry_fields(stored, columns);
                CatalogFields fields;
                for (std::size_t i = 0; i < columns.size(); ++i) {
                    fields[std::string(columns[i].csv)] = text[i];
                }
                std::vector<CatalogError> errors;
                checked_entry(table, 0, fields, columns, taken, links, errors);
                if (!errors.empty()) {
                    throw CatalogLoadError(
                        name + ": table " + table + " entry '" + stored.spec.info.id + "' column " +
                        column_of(errors.front().where) + " " + errors.front().message);
                }
                taken.user.emplace(stored.spec.info.id, table);
            }
            return 0;
        });
    }
}

/// "<path>.broken-20240131-154500" (with -2, -3... if that exists already).
fs::path broken_name(const fs::path& path) {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
    fs::path target = path.string() + ".broken-" + stamp;
    for (int n = 2; fs::exists(target); ++n) {
        target = path.string() + ".broken-" + stamp + "-" + std::to_string(n);
    }
    return target;
}

sqlite3* open_connection(const fs::path& path, int flags) {
    sqlite3* raw = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
    if (rc != SQLITE_OK) {
        const std::string why = raw != nullptr ? sqlite3_errmsg(raw) : "out of memory";
        sqlite3_close_v2(raw);
        throw CatalogLoadError("user catalog " + path.string() + " cannot be opened: " + why);
    }
    sqlite3_busy_timeout(raw, 5000);
    return raw;
}

/// Runs `work` inside BEGIN IMMEDIATE ... COMMIT; rolls back if it throws.
template <class F>
void in_transaction(sqlite3* db, F&& work) {
    exec(db, "BEGIN IMMEDIATE");
    try {
        work();
        exec(db, "COMMIT");
    } catch (...) {
        sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
        throw;
    }
}

/// Brings a user catalog of an older schema up to this one in place, in one transaction, so
/// that the user's entries stay in use: schema 6 added controllers.drive_form_factors (empty:
/// drives in bays, which is what every controller of schema 5 took), schema 7
/// hosts.onboard_controller (empty: any on-board SATA controller, as before) and
/// controllers.external_ports (empty: 0, every port internal), schema 8 hosts.m2_link,
/// pcie_slot_link and slot_bifurcation (empty: not stated, as before) and
/// controllers.onboard_only (empty: no, offered on any host, as before), schema 9
/// controllers.port_read_command_s and port_write_command_s (empty: 0, the link's own cost
/// only, as before), schema 10 drives.flash_units (empty: derived, as before). A catalog of another
/// version, or not a catalog, is left for check_catalog to report.
void upgrade_user_catalog(const fs::path& path) {
    std::unique_ptr<sqlite3, decltype(&sqlite3_close_v2)> db(
        open_connection(path, SQLITE_OPEN_READWRITE), &sqlite3_close_v2);
    std::string version;
    try {
        Statement q(db.get(), "SELECT value FROM meta WHERE key = 'schema_version'");
        version = q.step() ? column_text(q.get(), 0) : std::string();
    } catch (const std::exception&) {
        return;  // no meta table: not ours to change
    }
    const int from =
        version.size() == 1 && version[0] >= '5' && version[0] <= '9' ? version[0] - '0' : 0;
    if (from == 0) {
        return;
    }
    in_transaction(db.get(), [&] {
        if (from == 5) {  // schema 6: controllers' drive_form_factors
            exec(db.get(), "ALTER TABLE controllers ADD COLUMN drive_form_factors TEXT");
        }
        if (from <= 6) {  // schema 7: onboard_controller, external_ports
            exec(db.get(), "ALTER TABLE hosts ADD COLUMN onboard_controller TEXT");
            exec(db.get(), "ALTER TABLE controllers ADD COLUMN external_ports INTEGER");
        }
        if (from <= 7) {  // schema 8: hosts' M.2 socket and slot wiring
            exec(db.get(), "ALTER TABLE hosts ADD COLUMN m2_link TEXT");
            exec(db.get(), "ALTER TABLE hosts ADD COLUMN pcie_slot_link TEXT");
            exec(db.get(), "ALTER TABLE hosts ADD COLUMN slot_bifurcation TEXT");
            exec(db.get(), "ALTER TABLE controllers ADD COLUMN onboard_only INTEGER");
        }
        if (from <= 8) {  // schema 9: controllers' per-command port time
            exec(db.get(), "ALTER TABLE controllers ADD COLUMN port_read_command_s REAL");
            exec(db.get(), "ALTER TABLE controllers ADD COLUMN port_write_command_s REAL");
        }
        // schema 10: drives' flash units
        exec(db.get(), "ALTER TABLE drives ADD COLUMN flash_units INTEGER");
        exec(db.get(), "UPDATE meta SET value = '10' WHERE key = 'schema_version'");
    });
}

std::vector<CatalogError> one_error(std::string where_text, std::string message) {
    return {CatalogError{std::move(where_text), std::move(message)}};
}

}  // namespace

// ---- kinds and columns ----

std::string_view catalog_kind_name(CatalogKind kind) {
    switch (kind) {
        case CatalogKind::Drives:
            return "drives";
        case CatalogKind::Controllers:
            return "controllers";
        case CatalogKind::Links:
            return "links";
        case CatalogKind::Hosts:
            break;
    }
    return "hosts";
}

std::optional<CatalogKind> catalog_kind_from_name(std::string_view name) {
    for (CatalogKind kind : kCatalogKinds) {
        if (catalog_kind_name(kind) == name) {
            return kind;
        }
    }
    return std::nullopt;
}

namespace {

/// What a text column accepts, in words: its check's message for a value no check accepts
/// ("must be hdd or ssd" -> "hdd or ssd"), else "text".
template <class E>
std::string allowed_text(const Column<E>& c) {
    std::string why;
    std::string probe = "\x01";
    if (c.set_name != nullptr) {
        E dummy;
        why = c.set_name(dummy, probe);
    } else if (c.check != nullptr) {
        why = c.check(probe);
    }
    if (why.empty()) {
        return "text";
    }
    for (const char* cut : {", got", " (got"}) {
        if (const std::size_t at = why.find(cut); at != std::string::npos) {
            why.resize(at);
        }
    }
    return why.rfind("must be ", 0) == 0 ? why.substr(8) : why;
}

}  // namespace

std::vector<CatalogColumnInfo> catalog_columns(CatalogKind kind) {
    return with_kind(kind, [](const auto& columns) {
        std::vector<CatalogColumnInfo> out;
        for (const auto& c : columns) {
            CatalogColumnInfo info;
            info.name = std::string(c.csv);
            info.required = c.need == Need::Required;
            info.only = std::string(c.only);
            switch (c.type) {
                case ColumnType::Real:
                    info.allowed = format_number(c.min) + ".." + format_number(c.max);
                    break;
                case ColumnType::Integer:
                    info.allowed =
                        "whole number " + format_number(c.min) + ".." + format_number(c.max);
                    break;
                case ColumnType::Boolean:
                    info.allowed = "yes or no";
                    break;
                case ColumnType::Text:
                    info.allowed = allowed_text(c);
                    break;
            }
            out.push_back(std::move(info));
        }
        return out;
    });
}

// ---- opening ----

fs::path Catalog::default_user_path() {
    if (const char* env = std::getenv("RAID_ADVISOR_USER_CATALOG"); env != nullptr && *env) {
        return fs::path(env);
    }
    fs::path data;
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg != nullptr && *xdg == '/') {
        data = xdg;
    } else if (const char* home = std::getenv("HOME"); home != nullptr && *home) {
        data = fs::path(home) / ".local" / "share";
    }
    return data / "RAID Advisor" / "user-catalog.db";
}

CatalogOpenResult Catalog::open(const fs::path& db_path, const fs::path& user_path,
                                BrokenUserCatalog broken) {
    CatalogOpenResult result{open(db_path), {}};
    Catalog& catalog = result.catalog;
    catalog.user_path_ = user_path;
    std::error_code ec;
    if (user_path.empty() || !fs::exists(user_path, ec)) {
        return result;
    }
    const std::string name = "user catalog " + user_path.string();
    try {
        if (!fs::is_regular_file(user_path, ec)) {
            throw CatalogLoadError(name + " is not a file");
        }
        upgrade_user_catalog(user_path);
        std::unique_ptr<sqlite3, Closer> user(open_connection(user_path, SQLITE_OPEN_READONLY));
        check_catalog(user.get(), name, kUserRole);
        check_user_rows(catalog.db_.get(), user.get(), name);
        catalog.user_ = std::move(user);
    } catch (const std::exception& e) {
        catalog.user_.reset();
        std::string message = std::string(e.what());
        if (broken == BrokenUserCatalog::SetAside) {
            const fs::path aside = broken_name(user_path);
            fs::rename(user_path, aside, ec);
            message += ec ? "; it could not be moved aside (" + ec.message() + "), and is not used"
                          : "; it was moved to " + aside.string() +
                                " and a new, empty user catalog will be started";
        } else {
            catalog.user_path_.clear();
            message += "; it is not used";
        }
        result.message = message + ". The bundled catalog is used alone.";
    }
    return result;
}

std::unique_ptr<sqlite3, Catalog::Closer> Catalog::open_user_for_writing() {
    if (user_path_.empty()) {
        throw CatalogLoadError("no user catalog is open (it could not be used or set aside)");
    }
    std::error_code ec;
    if (user_path_.has_parent_path()) {
        fs::create_directories(user_path_.parent_path(), ec);
        if (ec) {
            throw CatalogLoadError("cannot create folder " + user_path_.parent_path().string() +
                                   ": " + ec.message());
        }
    }
    std::unique_ptr<sqlite3, Closer> db(
        open_connection(user_path_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE));
    Statement has_meta(db.get(),
                       "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND "
                       "name = 'meta'");
    const bool fresh = has_meta.step() && sqlite3_column_int(has_meta.get(), 0) == 0;
    if (fresh) {
        in_transaction(db.get(), [&] {
            exec(db.get(),
                 "CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)");
            exec(db.get(), "INSERT INTO meta (key, value) VALUES ('format', '" +
                               std::string(kFormatName) + "'), ('role', '" +
                               std::string(kUserRole) + "'), ('schema_version', '" +
                               std::to_string(kSchemaVersion) + "')");
            for (CatalogKind kind : kCatalogKinds) {
                with_kind(kind, [&](const auto& columns) {
                    exec(db.get(), create_table_sql(table_of(kind), columns));
                    return 0;
                });
            }
        });
    }
    if (!user_) {
        user_.reset(open_connection(user_path_, SQLITE_OPEN_READONLY));
    }
    return db;
}

// ---- reading ----

std::vector<CatalogRow> Catalog::rows(CatalogKind kind) const {
    return with_kind(kind, [&](const auto& columns) {
        std::vector<CatalogRow> out;
        try {
            for (sqlite3* db : {db_.get(), user_.get()}) {
                for (const auto& e : read_entries(db, table_of(kind), columns)) {
                    out.push_back(CatalogRow{entry_fields(e, columns), db == user_.get()});
                }
            }
        } catch (const SqliteError& e) {
            throw CatalogLoadError("reading catalog table " + table_of(kind) + ": " + e.what());
        }
        return out;
    });
}

bool Catalog::is_user_entry(const std::string& id) const {
    return user_ && ids_of(user_.get()).count(id) > 0;
}

// ---- editing ----

std::vector<CatalogError> Catalog::add_user_entry(CatalogKind kind, const CatalogFields& fields) {
    return update_user_entry(kind, "", fields);
}

std::vector<CatalogError> Catalog::update_user_entry(CatalogKind kind, const std::string& id,
                                                     const CatalogFields& fields) {
    try {
        const bool adding = id.empty();
        TakenIds taken;
        taken.bundled = ids_of(db_.get());
        taken.user = ids_of(user_.get());
        if (!adding) {
            const auto it = taken.user.find(id);
            if (it == taken.user.end() || it->second != table_of(kind)) {
                return one_error("id",
                                 taken.bundled.count(id) > 0
                                     ? "'" + id +
                                           "' is a bundled entry; it cannot be "
                                           "changed (add a user entry instead)"
                                     : "there is no user entry '" + id + "' in " + table_of(kind));
            }
            taken.user.erase(it);
        }
        const LinkIds links = link_ids_of(db_.get(), user_.get());
        return with_kind(kind, [&](const auto& columns) {
            std::vector<CatalogError> errors;
            auto entry = checked_entry("entry", 1, fields, columns, taken, links, errors);
            const std::string& new_id = entry.spec.info.id;
            if (errors.empty() && !adding && new_id != id && kind == CatalogKind::Links) {
                const std::vector<std::string> users = users_of_link(user_.get(), id);
                if (!users.empty()) {
                    errors.push_back(CatalogError{"entry:1 column id",
                                                  "cannot change: '" + id + "' is used by " +
                                                      users.front() + " (change that first)"});
                }
            }
            if (!errors.empty()) {
                return by_column(std::move(errors));
            }
            auto db = open_user_for_writing();
            in_transaction(db.get(), [&] {
                int ord = 0;
                if (adding) {
                    Statement next(db.get(),
                                   "SELECT coalesce(max(ord) + 1, 0) FROM " + table_of(kind));
                    next.step();
                    ord = sqlite3_column_int(next.get(), 0);
                } else {
                    Statement old(db.get(), "SELECT ord FROM " + table_of(kind) + " WHERE id = ?1");
                    sqlite3_bind_text(old.get(), 1, id.c_str(), -1, SQLITE_TRANSIENT);
                    old.step();
                    ord = sqlite3_column_int(old.get(), 0);
                    Statement remove(db.get(), "DELETE FROM " + table_of(kind) + " WHERE id = ?1");
                    sqlite3_bind_text(remove.get(), 1, id.c_str(), -1, SQLITE_TRANSIENT);
                    remove.step();
                }
                insert_rows(db.get(), table_of(kind), columns, std::vector{entry}, ord);
            });
            return errors;
        });
    } catch (const std::exception& e) {
        return one_error("", std::string("the user catalog was not changed: ") + e.what());
    }
}

std::vector<CatalogError> Catalog::remove_user_entry(CatalogKind kind, const std::string& id) {
    try {
        const std::map<std::string, std::string> user = ids_of(user_.get());
        const auto it = user.find(id);
        if (it == user.end() || it->second != table_of(kind)) {
            return one_error("id",
                             ids_of(db_.get()).count(id) > 0
                                 ? "'" + id + "' is a bundled entry; it cannot be deleted"
                                 : "there is no user entry '" + id + "' in " + table_of(kind));
        }
        if (kind == CatalogKind::Links) {
            const std::vector<std::string> users = users_of_link(user_.get(), id);
            if (!users.empty()) {
                return one_error("id", "cannot delete link '" + id + "': " + users.front() +
                                           " uses it (change or delete that first)");
            }
        }
        auto db = open_user_for_writing();
        in_transaction(db.get(), [&] {
            Statement remove(db.get(), "DELETE FROM " + table_of(kind) + " WHERE id = ?1");
            sqlite3_bind_text(remove.get(), 1, id.c_str(), -1, SQLITE_TRANSIENT);
            remove.step();
        });
        return {};
    } catch (const std::exception& e) {
        return one_error("", std::string("the user catalog was not changed: ") + e.what());
    }
}

// ---- CSV ----

namespace {

/// Problems found while parsing an import, sorted by what they concern: the whole file (those
/// of the header's line, or of no line) or one row.
struct ImportErrors {
    std::vector<CatalogError> file;
    std::map<int, std::vector<CatalogError>> rows;  ///< by line
};

ImportErrors import_errors(std::vector<CatalogError> errors, int header_line) {
    ImportErrors out;
    for (CatalogError& e : errors) {
        const std::size_t colon = e.where.find(':');
        const int line = colon == std::string::npos ? 0 : std::atoi(e.where.c_str() + colon + 1);
        if (line == header_line || line == 0) {
            out.file.push_back(std::move(e));
        } else {
            out.rows[line].push_back(std::move(e));
        }
    }
    return out;
}

/// The parsed rows of an import, sorted into those to add and those rejected (with why).
template <class E>
struct ScreenedRows {
    std::vector<E> accepted;
    std::vector<CatalogRejectedRow> rejected;
};

/// Checks each parsed row as if it were typed in: its parse errors (`row_errors`, by line), its
/// id against the catalog and the rows before it in the file, and its figures.
template <class E>
ScreenedRows<E> screen_rows(const std::string& file, const std::vector<E>& entries,
                            std::map<int, std::vector<CatalogError>> row_errors,
                            const TakenIds& taken, const LinkIds& links) {
    ScreenedRows<E> out;
    std::map<std::string, int> in_file;
    for (const E& e : entries) {
        std::vector<CatalogError> reasons = std::move(row_errors[e.line]);
        const std::string& id = e.spec.info.id;
        if (!id.empty()) {
            std::string conflict = id_conflict(id, taken);
            if (const auto seen = in_file.find(id); seen != in_file.end()) {
                conflict = "'" + id + "' appears twice in this file (first at line " +
                           std::to_string(seen->second) + ")";
            }
            if (!conflict.empty()) {
                reasons.push_back(CatalogError{where(file, e.line, "id"), conflict});
            }
            in_file.emplace(id, e.line);
        }
        check_entry(file, e, links, reasons);
        if (reasons.empty()) {
            out.accepted.push_back(e);
        } else {
            out.rejected.push_back(CatalogRejectedRow{e.line, id, by_column(std::move(reasons))});
        }
    }
    return out;
}

}  // namespace

CatalogImportReport Catalog::import_csv(CatalogKind kind, std::string_view text,
                                        const std::string& file) {
    CatalogImportReport report;
    try {
        std::vector<CsvProblem> problems;
        const CsvTable csv = parse_csv(text, problems);
        for (const CsvProblem& p : problems) {
            report.rejected.push_back(
                CatalogRejectedRow{p.line, "", {CatalogError{"", p.message}}});
        }
        TakenIds taken;
        taken.bundled = ids_of(db_.get());
        taken.user = ids_of(user_.get());
        const LinkIds links = link_ids_of(db_.get(), user_.get());
        with_kind(kind, [&](const auto& columns) {
            using E = typename std::decay_t<decltype(columns)>::value_type::Entry;
            std::vector<CatalogError> errors;
            const std::vector<E> entries = parse_rows(file, csv, columns, errors);
            // Problems of the header concern the whole file.
            ImportErrors sorted = import_errors(std::move(errors), csv.header_line);
            for (CatalogError& e : sorted.file) {
                report.file_errors.push_back(std::move(e));
            }
            if (csv.header.empty()) {
                report.file_errors.push_back(CatalogError{file, "has no header row"});
            }
            if (!report.file_errors.empty()) {
                return 0;
            }
            ScreenedRows<E> rows = screen_rows(file, entries, std::move(sorted.rows), taken, links);
            for (CatalogRejectedRow& r : rows.rejected) {
                report.rejected.push_back(std::move(r));
            }
            if (!rows.accepted.empty()) {
                auto db = open_user_for_writing();
                in_transaction(db.get(), [&] {
                    Statement next(db.get(),
                                   "SELECT coalesce(max(ord) + 1, 0) FROM " + table_of(kind));
                    next.step();
                    insert_rows(db.get(), table_of(kind), columns, rows.accepted,
                                sqlite3_column_int(next.get(), 0));
                });
            }
            report.accepted = static_cast<int>(rows.accepted.size());
            return 0;
        });
    } catch (const std::exception& e) {
        report.accepted = 0;
        report.file_errors.push_back(
            CatalogError{file, std::string("nothing was imported: ") + e.what()});
    }
    std::stable_sort(
        report.rejected.begin(), report.rejected.end(),
        [](const CatalogRejectedRow& a, const CatalogRejectedRow& b) { return a.line < b.line; });
    return report;
}

std::string Catalog::export_csv(CatalogKind kind, CatalogExportScope scope) const {
    std::string out = "# RAID Advisor catalog: " + table_of(kind) +
                      (scope == CatalogExportScope::User ? ", user entries" : ", all entries") +
                      " (columns: resources/catalog/README.md)\n";
    std::vector<std::string> header;
    for (const CatalogColumnInfo& c : catalog_columns(kind)) {
        header.push_back(c.name);
    }
    out += csv_line(header) + "\n";
    for (const CatalogRow& row : rows(kind)) {
        if (scope == CatalogExportScope::All || row.user) {
            out += csv_line(row.fields) + "\n";
        }
    }
    return out;
}

}  // namespace raidadv
