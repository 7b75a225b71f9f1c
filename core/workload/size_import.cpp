// File-size import: size listings (find -printf '%s\n', CSV exports), folder scans, summary
// statistics and log-spaced histograms for file-level workloads.

#include "workload/size_import.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <istream>
#include <optional>
#include <streambuf>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

namespace raidadv {
namespace {

namespace fs = std::filesystem;

/// Larger than any file a file system can hold (2^63 bytes, the largest off_t).
constexpr double kMaxFileBytes = 9223372036854775808.0;

void add_problem(SizeImportResult& r, std::size_t line, std::string message) {
    ++r.problem_count;
    if (r.problems.size() < SizeImportResult::kMaxStoredProblems) {
        r.problems.push_back(SizeImportProblem{line, std::move(message)});
    }
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
        s.remove_suffix(1);
    }
    return s;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

/// The number in `text` (a leading '+' allowed), or nothing if `text` is not entirely a finite
/// number.
std::optional<double> parse_number(std::string_view text) {
    if (!text.empty() && text.front() == '+') {
        text.remove_prefix(1);
    }
    if (text.empty()) {
        return std::nullopt;
    }
    double value = 0.0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(value)) {
        return std::nullopt;
    }
    return value;
}

/// The fields of one line. `separator` 0 means a single field; otherwise fields are separated by
/// it, and a field that starts with a double quote runs to the closing quote ("" is a quote).
struct Fields {
    std::vector<std::string> values;
    bool unterminated_quote = false;
};

Fields split_fields(std::string_view line, char separator) {
    Fields out;
    if (separator == 0) {
        out.values.emplace_back(trim(line));
        return out;
    }
    std::string field;
    bool in_quotes = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (in_quotes) {
            if (c != '"') {
                field += c;
            } else if (i + 1 < line.size() && line[i + 1] == '"') {
                field += '"';
                ++i;
            } else {
                in_quotes = false;
            }
        } else if (c == '"' && trim(field).empty()) {
            in_quotes = true;
            field.clear();
        } else if (c == separator) {
            out.values.emplace_back(trim(field));
            field.clear();
        } else {
            field += c;
        }
    }
    out.values.emplace_back(trim(field));
    out.unterminated_quote = in_quotes;
    return out;
}

bool is_size_column_name(std::string_view field) {
    const std::string name = lower(trim(field));
    return name == "size" || name == "bytes" || name == "size_bytes";
}

/// q-quantile of ascending `x` (n >= 1): linear interpolation between the closest ranks,
/// x[h] with h = (n - 1) q (Hyndman & Fan 1996, definition 7; numpy's default).
double quantile_of_sorted(const std::vector<double>& x, double q) {
    const double h = static_cast<double>(x.size() - 1) * q;
    const auto lo = static_cast<std::size_t>(std::floor(h));
    if (lo + 1 >= x.size()) {
        return x.back();
    }
    return x[lo] + (h - static_cast<double>(lo)) * (x[lo + 1] - x[lo]);
}

SizeSummary summary_of_sorted(const std::vector<double>& x) {
    SizeSummary s;
    s.count = x.size();
    if (x.empty()) {
        return s;
    }
    for (double v : x) {
        s.total_bytes += v;
    }
    s.mean_bytes = s.total_bytes / static_cast<double>(x.size());  // arithmetic mean
    s.median_bytes = quantile_of_sorted(x, 0.5);
    s.p90_bytes = quantile_of_sorted(x, 0.9);
    s.min_bytes = x.front();
    s.max_bytes = x.back();
    return s;
}

void finish(SizeImportResult& r) {
    std::sort(r.sizes.begin(), r.sizes.end());
    r.summary = summary_of_sorted(r.sizes);
}

/// Reads one listing line by line; keeps the layout (separator, size column) found so far.
class ListingReader {
  public:
    explicit ListingReader(SizeImportResult& result) : r_(result) {}

    void line(std::size_t number, std::string_view text) {
        if (!layout_known_) {
            layout_known_ = true;
            separator_ = text.find(',') != std::string_view::npos    ? ','
                         : text.find('\t') != std::string_view::npos ? '\t'
                                                                     : char{0};
            if (header(text)) {
                return;
            }
        }
        data(number, text);
    }

  private:
    /// Whether the first content line is a header (and takes the size column from it).
    bool header(std::string_view text) {
        const Fields f = split_fields(text, separator_);
        if (f.unterminated_quote) {
            return false;  // reported as a data line
        }
        bool any_number = false;
        for (std::size_t i = 0; i < f.values.size(); ++i) {
            if (is_size_column_name(f.values[i]) && column_ == kUnknown) {
                column_ = i;
            }
            any_number = any_number || parse_number(f.values[i]).has_value();
        }
        if (column_ != kUnknown) {
            return true;
        }
        if (!any_number && f.values.size() > 1) {
            return true;  // a header without a size column: the first numeric column is used
        }
        return false;
    }

    void data(std::size_t number, std::string_view text) {
        const Fields f = split_fields(text, separator_);
        if (f.unterminated_quote) {
            add_problem(r_, number, "unterminated quoted field");
            return;
        }
        if (column_ == kUnknown) {
            for (std::size_t i = 0; i < f.values.size() && column_ == kUnknown; ++i) {
                if (parse_number(f.values[i])) {
                    column_ = i;
                }
            }
            if (column_ == kUnknown) {
                add_problem(r_, number,
                            f.values.size() == 1
                                ? "'" + f.values[0] + "' is not a size in bytes (a number >= 0)"
                                : std::string("no field holds a number to take as the size"));
                return;
            }
        }
        if (column_ >= f.values.size()) {
            add_problem(r_, number,
                        "has " + std::to_string(f.values.size()) + " fields; the size is field " +
                            std::to_string(column_ + 1));
            return;
        }
        const std::string& field = f.values[column_];
        const std::optional<double> size = parse_number(field);
        if (!size) {
            add_problem(r_, number, "'" + field + "' is not a size in bytes (a number >= 0)");
        } else if (*size < 0.0) {
            add_problem(r_, number, "size '" + field + "' is negative");
        } else if (*size > kMaxFileBytes) {
            add_problem(r_, number,
                        "size '" + field + "' is larger than any file (at most 2^63 bytes)");
        } else {
            r_.sizes.push_back(*size);
        }
    }

    SizeImportResult& r_;
    bool layout_known_ = false;
    char separator_ = 0;
    static constexpr std::size_t kUnknown = static_cast<std::size_t>(-1);
    std::size_t column_ = kUnknown;  ///< field holding the size, once known
};

/// Reads the next line of `in` into `text` without its '\n', keeping at most `max_length`
/// characters of it (the rest is read and dropped; `too_long` says so). False at the end of
/// the input with nothing read.
bool read_bounded_line(std::istream& in, std::string& text, std::size_t max_length,
                       bool& too_long) {
    text.clear();
    too_long = false;
    std::streambuf* buffer = in.rdbuf();
    if (buffer == nullptr || !in.good()) {
        return false;
    }
    bool any = false;
    for (;;) {
        const auto c = buffer->sbumpc();
        if (std::char_traits<char>::eq_int_type(c, std::char_traits<char>::eof())) {
            in.setstate(std::ios::eofbit);
            return any;
        }
        any = true;
        const char ch = std::char_traits<char>::to_char_type(c);
        if (ch == '\n') {
            return true;
        }
        if (text.size() < max_length) {
            text.push_back(ch);
        } else {
            too_long = true;
        }
    }
}

/// Cancellation and progress of a folder scan.
class ScanControl {
  public:
    explicit ScanControl(const FolderScanOptions& options) : options_(options) {}

    /// Called once per directory entry; true when the scan must stop.
    bool stop(std::size_t files) {
        if (options_.cancel != nullptr && options_.cancel->load(std::memory_order_relaxed)) {
            return true;
        }
        const std::size_t every = std::max<std::size_t>(1, options_.callback_every);
        return ++entries_ % every == 0 && options_.keep_going && !options_.keep_going(files);
    }

  private:
    const FolderScanOptions& options_;
    std::size_t entries_ = 0;
};

}  // namespace

SizeImportResult import_size_listing(std::istream& in, const SizeListingOptions& options) {
    SizeImportResult r;
    ListingReader reader(r);
    std::string text;
    std::size_t number = 0;
    bool too_long = false;
    while (read_bounded_line(in, text, options.max_line_length, too_long)) {
        ++number;
        if (number > options.max_lines) {
            r.truncated = true;
            add_problem(r, number,
                        "the listing has more than " + std::to_string(options.max_lines) +
                            " lines; this line and the rest are refused");
            break;
        }
        if (too_long) {
            add_problem(r, number,
                        "the line is longer than " + std::to_string(options.max_line_length) +
                            " characters (not a size listing?); skipped");
            continue;
        }
        if (!text.empty() && text.back() == '\r') {
            text.pop_back();
        }
        const std::string_view t = trim(text);
        if (t.empty() || t.front() == '#') {
            continue;
        }
        reader.line(number, t);
    }
    r.lines = std::min(number, options.max_lines);
    if (in.bad()) {
        add_problem(r, number, "reading stopped: input error");
    }
    finish(r);
    return r;
}

namespace {

/// scan_folder_sizes of a root that is one regular file: its size alone.
SizeImportResult single_file_size(const fs::path& file, const FolderScanOptions& options) {
    SizeImportResult r;
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(file, ec);
    if (ec) {
        ++r.skipped_unreadable;
        add_problem(r, 0, file.string() + ": cannot read the size: " + ec.message());
    } else if (options.max_files == 0) {
        r.truncated = true;
    } else {
        r.sizes.push_back(static_cast<double>(size));
    }
    finish(r);
    return r;
}

}  // namespace

SizeImportResult scan_folder_sizes(const fs::path& root, const FolderScanOptions& options) {
    SizeImportResult r;
    std::error_code ec;
    const fs::file_status root_status = fs::status(root, ec);  // the root may be a link
    if (ec || !fs::exists(root_status)) {
        add_problem(r, 0,
                    root.string() + ": " + (ec ? ec.message() : std::string("does not exist")));
        return r;
    }
    if (fs::is_regular_file(root_status)) {
        return single_file_size(root, options);
    }
    if (!fs::is_directory(root_status)) {
        add_problem(r, 0, root.string() + ": neither a folder nor a regular file");
        return r;
    }

    ScanControl control(options);
    std::vector<fs::path> pending{root};  // depth-first, without recursion
    bool stopped = false;
    while (!pending.empty() && !stopped) {
        const fs::path dir = std::move(pending.back());
        pending.pop_back();
        std::error_code dir_ec;
        fs::directory_iterator it(dir, dir_ec);
        if (dir_ec) {
            ++r.skipped_unreadable;
            add_problem(r, 0, dir.string() + ": cannot read the folder: " + dir_ec.message());
            continue;
        }
        for (const fs::directory_iterator end; it != end; it.increment(dir_ec)) {
            if (control.stop(r.sizes.size())) {
                r.cancelled = true;
                stopped = true;
                break;
            }
            const fs::directory_entry& entry = *it;
            std::error_code entry_ec;
            const fs::file_status status = entry.symlink_status(entry_ec);
            if (entry_ec) {
                ++r.skipped_unreadable;
                add_problem(r, 0, entry.path().string() + ": " + entry_ec.message());
                continue;
            }
            if (fs::is_symlink(status)) {
                ++r.skipped_symlinks;
            } else if (fs::is_directory(status)) {
                pending.push_back(entry.path());
            } else if (!fs::is_regular_file(status)) {
                ++r.skipped_other;
            } else {
                const std::uintmax_t size = entry.file_size(entry_ec);
                if (entry_ec) {
                    ++r.skipped_unreadable;
                    add_problem(
                        r, 0,
                        entry.path().string() + ": cannot read the size: " + entry_ec.message());
                } else if (r.sizes.size() >= options.max_files) {
                    r.truncated = true;
                    stopped = true;
                    break;
                } else {
                    r.sizes.push_back(static_cast<double>(size));
                }
            }
        }
        if (dir_ec && !stopped) {
            ++r.skipped_unreadable;
            add_problem(r, 0, dir.string() + ": reading the folder stopped: " + dir_ec.message());
        }
    }
    finish(r);
    return r;
}

SizeSummary summarize_sizes(std::vector<double> sizes) {
    std::sort(sizes.begin(), sizes.end());
    return summary_of_sorted(sizes);
}

SizeDistribution histogram_from_sizes(const std::vector<double>& sizes, int max_bins) {
    SizeDistribution d;
    d.kind = SizeDistribution::Kind::Histogram;
    double smallest_positive = 0.0, largest = 0.0;
    std::size_t n = 0;
    for (double x : sizes) {
        if (!std::isfinite(x) || x < 0.0) {
            continue;
        }
        ++n;
        largest = std::max(largest, x);
        if (x > 0.0 && (smallest_positive == 0.0 || x < smallest_positive)) {
            smallest_positive = x;
        }
    }
    if (n == 0) {
        return d;
    }
    const int bins = largest > smallest_positive ? std::max(1, max_bins) : 1;
    // Equal-ratio bins: edges lo * (hi / lo)^(k / bins), k = 0..bins; bin of x =
    // floor(bins * ln(x / lo) / ln(hi / lo)), clamped (empty files join bin 0). The logarithms
    // are taken apart: hi / lo overflows for sizes such as 1e-300 and 1e300.
    const double log_lo = std::log(smallest_positive);
    const double log_span = bins > 1 ? std::log(largest) - log_lo : 1.0;
    std::vector<double> count(static_cast<std::size_t>(bins), 0.0);
    std::vector<double> sum(static_cast<std::size_t>(bins), 0.0);
    for (double x : sizes) {
        if (!std::isfinite(x) || x < 0.0) {
            continue;
        }
        int b = 0;
        if (bins > 1 && x > smallest_positive) {
            const double position = static_cast<double>(bins) * (std::log(x) - log_lo) / log_span;
            // Clamped before the conversion, which is undefined for values an int cannot hold.
            b = position >= 0.0 ? static_cast<int>(
                                      std::min(std::floor(position), static_cast<double>(bins - 1)))
                                : 0;
        }
        count[static_cast<std::size_t>(b)] += 1.0;
        sum[static_cast<std::size_t>(b)] += x;
    }
    // Representative = mean of the bin, weight = share of the count, so that
    // sum_b weight_b * bytes_b = sum_b (c_b / n) (s_b / c_b) = (sum of sizes) / n: the mean is
    // kept.
    for (std::size_t b = 0; b < count.size(); ++b) {
        if (count[b] > 0.0) {
            d.bins.push_back({sum[b] / count[b], count[b] / static_cast<double>(n)});
        }
    }
    return d;
}

}  // namespace raidadv
