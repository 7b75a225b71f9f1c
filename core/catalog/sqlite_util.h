#pragma once
// Thin RAII helpers over the SQLite C API.

#include <sqlite3.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace raidadv::catalog_detail {

/// A SQLite failure, with SQLite's own message.
struct SqliteError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// Closes a connection (sqlite3_close_v2).
struct SqliteCloser {
    void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using SqlitePtr = std::unique_ptr<sqlite3, SqliteCloser>;

/// A prepared statement; finalized on destruction.
class Statement {
  public:
    /// Prepares `sql`; throws SqliteError naming the problem.
    Statement(sqlite3* db, std::string_view sql);
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    /// Runs one step: true if a row is available, false when done; throws SqliteError.
    bool step();
    /// Makes the statement runnable again and clears bindings.
    void reset();
    sqlite3_stmt* get() const { return stmt_; }

  private:
    sqlite3* db_;
    sqlite3_stmt* stmt_ = nullptr;
};

/// Runs SQL without results (several statements allowed); throws SqliteError.
void exec(sqlite3* db, const std::string& sql);

/// Text of column `i` of the current row ("" for NULL).
std::string column_text(sqlite3_stmt* stmt, int i);

}  // namespace raidadv::catalog_detail
