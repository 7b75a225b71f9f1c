#pragma once
// Validating access to the JSON of a project file: typed reads with ranges, unit-suffixed keys,
// unknown-key detection. Every problem becomes a ProjectIssue with the JSON path; reading goes on
// so that one pass reports everything.

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "project/project.h"

namespace raidadv::project_detail {

using nlohmann::json;

/// Collected problems.
class Issues {
  public:
    void add(std::string path, std::string message) {
        list_.push_back({std::move(path), std::move(message)});
    }
    std::size_t count() const { return list_.size(); }
    std::vector<ProjectIssue>& list() { return list_; }

  private:
    std::vector<ProjectIssue> list_;
};

/// "systems[0]" + "drive" -> "systems[0].drive"; "$" is the root.
std::string join_path(const std::string& parent, std::string_view key);
std::string index_path(const std::string& parent, std::size_t index);

/// Short human rendering of a number: 64, 0.5, 1e+09 -> "1e9".
std::string format_number(double value);
/// What a JSON value is, for "got ..." in messages: 1.5, "string \"NaN\"", "an object", "null".
std::string describe(const json& value);

/// Levenshtein distance between two words (for "did you mean ...?" suggestions).
std::size_t edit_distance(std::string_view a, std::string_view b);

/// Closed or open numeric interval in the units written in the file.
struct Range {
    double lo;
    double hi;
    bool lo_open = false;
    bool hi_open = false;
    bool contains(double value) const;
    /// "from 0 to 1", "greater than 0 and less than 1e9", "greater than 0 and at most 100".
    std::string describe() const;
};

/// A unit a key may carry as suffix ("_kib"): its name in messages and its SI factor.
struct Unit {
    std::string_view suffix;  ///< "bytes", "kib", "mib"
    std::string_view symbol;  ///< "B", "KiB", "MiB"
    double factor;            ///< SI units (bytes) per file unit
};
/// _bytes, _kib, _mib.
const std::vector<Unit>& size_units();
/// "512 B", "64 KiB", "1 GiB": a byte count in the largest binary unit that divides it evenly.
std::string format_bytes(double bytes);

enum class Need { Optional, Required };

/// One JSON object being read. Construction reports a non-object value and every key outside
/// `allowed`; the read functions report wrong types, out-of-range values and missing required
/// keys. A read leaves `out` unchanged when the key is absent or invalid and returns true only if
/// the key was present and valid.
class ObjectReader {
  public:
    ObjectReader(const json& value, std::string path, Issues& issues,
                 std::vector<std::string> allowed, std::string_view what = "an object");

    bool valid() const { return object_ != nullptr; }
    const std::string& path() const { return path_; }
    Issues& issues() { return issues_; }
    bool has(std::string_view key) const;
    const json* find(std::string_view key) const;
    std::string key_path(std::string_view key) const { return join_path(path_, key); }
    void missing(std::string_view key, std::string_view hint = {});
    void problem(std::string_view key, std::string message);

    /// Number in the file's unit; stored as value * scale.
    bool number(std::string_view key, const Range& range, double& out, double scale = 1.0,
                Need need = Need::Optional);
    bool integer(std::string_view key, long long lo, long long hi, int& out,
                 Need need = Need::Optional);
    bool boolean(std::string_view key, bool& out, Need need = Need::Optional);
    /// String of 1..max_length characters (0.. if allow_empty).
    bool text(std::string_view key, std::string& out, std::size_t max_length,
              Need need = Need::Optional, bool allow_empty = false);
    /// One of `options`.
    bool choice(std::string_view key, const std::vector<std::string>& options, std::string& out,
                Need need = Need::Optional);
    /// A size written as `<base>_bytes`, `<base>_kib` or `<base>_mib` (at most one of them).
    /// `bytes_range` is in bytes. Stores bytes.
    bool size(std::string_view base, const Range& bytes_range, double& out_bytes,
              Need need = Need::Optional, double multiple_of = 0.0);
    /// Whether any of `<base>_bytes|_kib|_mib` is present.
    bool has_size(std::string_view base) const;

  private:
    const json* object_ = nullptr;
    std::string path_;
    Issues& issues_;
};

/// Keys for a size: {"<base>_bytes", "<base>_kib", "<base>_mib"}.
std::vector<std::string> size_keys(std::string_view base);
/// Concatenates key lists.
std::vector<std::string> concat_keys(std::initializer_list<std::vector<std::string>> lists);

/// Validated reads of a standalone value (array elements), with the same messages.
std::optional<double> read_number(const json& value, const std::string& path, const Range& range,
                                  Issues& issues);
std::optional<long long> read_integer(const json& value, const std::string& path, long long lo,
                                      long long hi, Issues& issues);
std::optional<double> read_size(const json& value, const std::string& path, const Unit& unit,
                                const Range& bytes_range, double multiple_of, Issues& issues);

}  // namespace raidadv::project_detail
