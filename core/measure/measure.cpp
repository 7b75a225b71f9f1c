// import_file: opens a measurement, decides its format (by content when asked to) and hands it to
// its importer; the line reader and small helpers the importers share.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <regex>
#include <system_error>

#include "measure/importers.h"
#include "measure/trace_stats.h"

namespace raidadv::measure {
namespace {

constexpr std::uint64_t kMaxJsonBytes = 512ull * 1024 * 1024;  // fio/iostat JSON is small
constexpr std::uint64_t kProgressEvery = 64ull * 1024 * 1024;

struct FormatName {
    Format format;
    std::string_view name;
};
constexpr FormatName kFormatNames[] = {{Format::Auto, "auto"},
                                       {Format::FioJson, "fio"},
                                       {Format::FioIolog, "fio-iolog"},
                                       {Format::Iostat, "iostat"},
                                       {Format::Blkparse, "blkparse"}};

bool starts_with(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

/// The first line of `text` that is not blank, trimmed and cut to 80 characters.
std::string first_line(std::string_view text) {
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        std::string_view line = text.substr(pos, end - pos);
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) {
            line.remove_suffix(1);
        }
        if (!line.empty()) {
            std::string out(line.substr(0, 80));
            for (char& c : out) {
                if (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) > 126) {
                    c = '?';
                }
            }
            return out;
        }
        pos = end + 1;
    }
    return "";
}

std::string head_of(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::string head(64 * 1024, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(std::max<std::streamsize>(0, in.gcount())));
    return head;
}

}  // namespace

std::string_view format_name(Format format) {
    for (const auto& f : kFormatNames) {
        if (f.format == format) {
            return f.name;
        }
    }
    return "auto";
}

std::optional<Format> format_from_name(std::string_view name) {
    for (const auto& f : kFormatNames) {
        if (f.name == name) {
            return f.format;
        }
    }
    return std::nullopt;
}

Format detect_format(std::string_view head) {
    // fio writes notes ("note: both iodepth >= 1 and synchronous I/O engine ...") before its
    // JSON when they go to the same file: look at the first line starting with '{'.
    std::size_t brace = std::string_view::npos;
    for (std::size_t pos = 0; pos < head.size();) {
        const std::size_t end = std::min(head.find('\n', pos), head.size());
        const std::string_view line = head.substr(pos, end - pos);
        const std::size_t first = line.find_first_not_of(" \t\r");
        if (first != std::string_view::npos && line[first] == '{') {
            brace = pos + first;
            break;
        }
        pos = end + 1;
    }
    if (brace != std::string_view::npos) {
        const std::string_view json = head.substr(brace);
        if (json.find("\"fio version\"") != std::string_view::npos ||
            (json.find("\"jobs\"") != std::string_view::npos &&
             json.find("\"jobname\"") != std::string_view::npos)) {
            return Format::FioJson;
        }
        if (json.find("\"sysstat\"") != std::string_view::npos) {
            return Format::Iostat;
        }
    }
    const std::string line = first_line(head);
    if (starts_with(line, "fio version 2 iolog") || starts_with(line, "fio version 3 iolog")) {
        return Format::FioIolog;
    }
    // iostat: "Linux 6.1.0 (host) 	11/26/26 	_x86_64_	(2 CPU)", then "Device ...
    // r/s".
    static const std::regex iostat_banner(R"(^\S+ \S+ \(.*\)\s+\S+\s+_\S+_\s+\(\d+ CPU\))");
    if (std::regex_search(line, iostat_banner) || (head.find("Device") != std::string_view::npos &&
                                                   head.find("r/s") != std::string_view::npos &&
                                                   head.find("w/s") != std::string_view::npos)) {
        return Format::Iostat;
    }
    // blkparse default: "  8,0    3        1     0.000000000   697  Q   W 223490 + 8 [proc]".
    static const std::regex blkparse_line(
        R"(^\s*\d+,\d+\s+\d+\s+\d+\s+\d+\.\d+\s+\d+\s+[A-Z]{1,2}\s+[A-Z]*\s)");
    if (std::regex_search(line, blkparse_line)) {
        return Format::Blkparse;
    }
    return Format::Auto;
}

std::vector<ImportedWorkload> import_file(const std::filesystem::path& file,
                                          const ImportOptions& options) {
    const std::string label = file.string();
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
        throw ImportError(
            label + ": " +
            (std::filesystem::exists(file, ec) ? "not a regular file" : "no such file"));
    }
    const std::string head = head_of(file);
    if (head.empty()) {
        throw ImportError(label + ": the file is empty");
    }
    Format format = options.format;
    if (format == Format::Auto) {
        format = detect_format(head);
        if (format == Format::Auto) {
            throw ImportError(
                label +
                ": not a measurement this program reads (fio --output-format=json or json+, a "
                "fio iolog version 2 or 3, iostat -x text or -o JSON, blkparse text); its first "
                "line is \"" +
                first_line(head) + "\"");
        }
    }
    switch (format) {
        case Format::FioJson:
            return detail::import_fio_json(detail::read_text(file, kMaxJsonBytes), label);
        case Format::Iostat:
            if (head.find_first_not_of(" \t\r\n") != std::string::npos &&
                head[head.find_first_not_of(" \t\r\n")] == '{') {
                return detail::import_iostat_json(detail::read_text(file, kMaxJsonBytes), label);
            } else {
                detail::LineReader in(file, options.progress);
                return detail::import_iostat_text(in);
            }
        case Format::FioIolog: {
            detail::LineReader in(file, options.progress);
            return detail::import_fio_iolog(in);
        }
        case Format::Blkparse: {
            detail::LineReader in(file, options.progress);
            return detail::import_blkparse(in);
        }
        case Format::Auto:
            break;
    }
    throw ImportError(label + ": no format");
}

namespace detail {

LineReader::LineReader(const std::filesystem::path& file, Progress progress)
    : in_(file, std::ios::binary), label_(file.string()), progress_(std::move(progress)) {
    if (!in_) {
        throw ImportError(label_ + ": cannot be opened");
    }
    std::error_code ec;
    const auto size = std::filesystem::file_size(file, ec);
    size_ = ec ? 0 : size;
}

bool LineReader::next(std::string& line) {
    line.clear();
    bool any = false;
    for (;;) {
        if (pos_ == end_) {
            in_.read(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
            pos_ = 0;
            end_ = static_cast<std::size_t>(std::max<std::streamsize>(0, in_.gcount()));
            if (end_ == 0) {
                break;
            }
        }
        const char* begin = buffer_.data() + pos_;
        const void* nl = std::memchr(begin, '\n', end_ - pos_);
        const std::size_t take =
            nl != nullptr ? static_cast<std::size_t>(static_cast<const char*>(nl) - begin)
                          : end_ - pos_;
        if (line.size() + take > kMaxLine) {
            throw ImportError(label_ + ":" + std::to_string(line_number_ + 1) +
                              ": line longer than " + std::to_string(kMaxLine) +
                              " characters: not a text measurement");
        }
        line.append(begin, take);
        any = true;
        pos_ += take;
        done_ += take;
        if (nl != nullptr) {
            ++pos_;
            ++done_;
            break;
        }
    }
    if (!any) {
        if (progress_ && size_ > 0) {
            progress_(done_, size_);
        }
        return false;
    }
    ++line_number_;
    if (!line.empty() && line.back() == '\r') {
        line.pop_back();
    }
    if (progress_ && done_ - reported_ >= kProgressEvery) {
        reported_ = done_;
        progress_(done_, size_);
    }
    return true;
}

std::string LineReader::where() const {
    return label_ + ":" + std::to_string(line_number_);
}

std::string read_text(const std::filesystem::path& file, std::uint64_t max_bytes) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(file, ec);
    if (!ec && size > max_bytes) {
        throw ImportError(file.string() + ": " + std::to_string(size / (1024 * 1024)) +
                          " MiB is too large for a JSON report (at most " +
                          std::to_string(max_bytes / (1024 * 1024)) + " MiB)");
    }
    std::ifstream in(file, std::ios::binary);
    std::string text;
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return text;
}

double round_to(double value, int digits) {
    if (value == 0 || !std::isfinite(value)) {
        return value;
    }
    const double scale =
        std::pow(10.0, digits - 1 - static_cast<int>(std::floor(std::log10(std::fabs(value)))));
    return std::round(value * scale) / scale;
}

std::string short_number(double value, int digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", digits, round_to(value, digits));
    return buf;
}

std::vector<double> median_and_p95(const std::vector<double>& values) {
    std::vector<double> points;
    if (values.empty()) {
        return points;
    }
    for (const double p : {0.5, 0.95}) {
        const double v = round_to(quantile(values, p), 4);
        if (v > 0 && (points.empty() || v > points.back())) {
            points.push_back(v);
        }
    }
    return points;
}

}  // namespace detail
}  // namespace raidadv::measure
