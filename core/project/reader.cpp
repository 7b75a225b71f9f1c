#include "project/reader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace raidadv::project_detail {

std::string join_path(const std::string& parent, std::string_view key) {
    const bool root = parent.empty() || parent == "$";
    // A key that is empty or holds path punctuation is written in brackets (JSONPath's
    // ["key"] notation), so that every path names its place: $[""], systems[0]["a.b"].
    const bool plain = !key.empty() && key.find_first_of(".[]\" \t\r\n") == std::string_view::npos;
    if (!plain) {
        std::string quoted;
        for (char c : key) {
            if (c == '"' || c == '\\') {
                quoted += '\\';
            }
            quoted += c;
        }
        return (root ? std::string("$") : parent) + "[\"" + quoted + "\"]";
    }
    return root ? std::string(key) : parent + "." + std::string(key);
}

std::string index_path(const std::string& parent, std::size_t index) {
    return (parent == "$" ? std::string() : parent) + "[" + std::to_string(index) + "]";
}

std::string format_number(double value) {
    if (!std::isfinite(value)) {
        return std::isnan(value) ? "NaN" : (value > 0 ? "inf" : "-inf");
    }
    if (value == std::floor(value) && std::fabs(value) < 1e15) {
        const double magnitude = std::fabs(value);
        if (magnitude >= 1e6) {
            const double exponent = std::round(std::log10(magnitude));
            if (std::pow(10.0, exponent) == magnitude) {
                return std::string(value < 0 ? "-" : "") + "1e" +
                       std::to_string(static_cast<int>(exponent));
            }
        }
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.0f", value);
        return buffer;
    }
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.10g", value);
    std::string text = buffer;
    // 1e+20 -> 1e20, 1e-05 -> 1e-5
    const auto e = text.find('e');
    if (e != std::string::npos) {
        std::string mantissa = text.substr(0, e);
        std::string exponent = text.substr(e + 1);
        const bool negative = !exponent.empty() && exponent[0] == '-';
        if (!exponent.empty() && (exponent[0] == '+' || exponent[0] == '-')) {
            exponent.erase(0, 1);
        }
        exponent.erase(0, std::min(exponent.find_first_not_of('0'), exponent.size() - 1));
        text = mantissa + "e" + (negative ? "-" : "") + exponent;
    }
    return text;
}

std::string describe(const json& value) {
    switch (value.type()) {
        case json::value_t::null:
            return "null";
        case json::value_t::boolean:
            return value.get<bool>() ? "true" : "false";
        case json::value_t::number_integer:
            return std::to_string(value.get<long long>());
        case json::value_t::number_unsigned:
            return std::to_string(value.get<unsigned long long>());
        case json::value_t::number_float:
            return format_number(value.get<double>());
        case json::value_t::string: {
            std::string text = value.get<std::string>();
            if (text.size() > 40) {
                text = text.substr(0, 40) + "...";
            }
            return "the string \"" + text + "\"";
        }
        case json::value_t::array:
            return value.empty() ? "an empty array" : "an array";
        case json::value_t::object:
            return value.empty() ? "an empty object" : "an object";
        default:
            return "an unsupported value";
    }
}

bool Range::contains(double value) const {
    if (!std::isfinite(value)) {
        return false;
    }
    const bool above = lo_open ? value > lo : value >= lo;
    const bool below = hi_open ? value < hi : value <= hi;
    return above && below;
}

std::string Range::describe() const {
    const std::string a = format_number(lo);
    const std::string b = format_number(hi);
    if (!lo_open && !hi_open) {
        return "from " + a + " to " + b;
    }
    return std::string(lo_open ? "greater than " : "at least ") + a + " and " +
           (hi_open ? "less than " : "at most ") + b;
}

const std::vector<Unit>& size_units() {
    static const std::vector<Unit> units = {
        {"bytes", "B", 1.0}, {"kib", "KiB", 1024.0}, {"mib", "MiB", 1024.0 * 1024.0}};
    return units;
}

std::string format_bytes(double bytes) {
    static const struct {
        double factor;
        const char* symbol;
    } steps[] = {{1024.0 * 1024 * 1024 * 1024, "TiB"},
                 {1024.0 * 1024 * 1024, "GiB"},
                 {1024.0 * 1024, "MiB"},
                 {1024.0, "KiB"}};
    for (const auto& step : steps) {
        if (bytes >= step.factor && std::fmod(bytes, step.factor) == 0.0) {
            return format_number(bytes / step.factor) + " " + step.symbol;
        }
    }
    return format_number(bytes) + " B";
}

std::vector<std::string> size_keys(std::string_view base) {
    std::vector<std::string> keys;
    for (const Unit& unit : size_units()) {
        keys.push_back(std::string(base) + "_" + std::string(unit.suffix));
    }
    return keys;
}

std::vector<std::string> concat_keys(std::initializer_list<std::vector<std::string>> lists) {
    std::vector<std::string> all;
    for (const auto& list : lists) {
        all.insert(all.end(), list.begin(), list.end());
    }
    return all;
}

namespace {

std::string join(const std::vector<std::string>& items, const char* separator) {
    std::string text;
    for (const auto& item : items) {
        if (!text.empty()) {
            text += separator;
        }
        text += item;
    }
    return text;
}

}  // namespace

// Wagner & Fischer 1974: the edit distance, one row of the table at a time.
std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) {
        row[j] = j;
    }
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] =
                std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0u : 1u)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

ObjectReader::ObjectReader(const json& value, std::string path, Issues& issues,
                           std::vector<std::string> allowed, std::string_view what)
    : path_(std::move(path)), issues_(issues) {
    if (!value.is_object()) {
        issues_.add(path_, "must be " + std::string(what) + ", got " + describe(value));
        return;
    }
    object_ = &value;
    for (const auto& item : value.items()) {
        const std::string& key = item.key();
        if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) {
            continue;
        }
        std::string message = "unknown key '" + key + "'";
        std::string best;
        std::size_t best_distance = 3;
        for (const auto& candidate : allowed) {
            const std::size_t d = edit_distance(key, candidate);
            if (d < best_distance) {
                best_distance = d;
                best = candidate;
            }
        }
        if (!best.empty()) {
            message += " (did you mean '" + best + "'?)";
        }
        issues_.add(key_path(key), message + "; allowed: " + join(allowed, ", "));
    }
}

bool ObjectReader::has(std::string_view key) const {
    return find(key) != nullptr;
}

const json* ObjectReader::find(std::string_view key) const {
    if (object_ == nullptr) {
        return nullptr;
    }
    const auto it = object_->find(std::string(key));
    return it == object_->end() ? nullptr : &*it;
}

void ObjectReader::missing(std::string_view key, std::string_view hint) {
    std::string message = "missing required key '" + std::string(key) + "'";
    if (!hint.empty()) {
        message += " (" + std::string(hint) + ")";
    }
    issues_.add(key_path(key), std::move(message));
}

void ObjectReader::problem(std::string_view key, std::string message) {
    issues_.add(key_path(key), std::move(message));
}

std::optional<double> read_number(const json& value, const std::string& path, const Range& range,
                                  Issues& issues) {
    if (value.is_number()) {
        const double x = value.get<double>();
        if (range.contains(x)) {
            return x;
        }
    }
    issues.add(path, "must be a number " + range.describe() + ", got " + describe(value));
    return std::nullopt;
}

std::optional<long long> read_integer(const json& value, const std::string& path, long long lo,
                                      long long hi, Issues& issues) {
    if (value.is_number()) {
        const double x = value.get<double>();
        if (std::isfinite(x) && x == std::floor(x) && x >= static_cast<double>(lo) &&
            x <= static_cast<double>(hi)) {
            return static_cast<long long>(x);
        }
    }
    issues.add(path, "must be a whole number from " + std::to_string(lo) + " to " +
                         std::to_string(hi) + ", got " + describe(value));
    return std::nullopt;
}

std::optional<double> read_size(const json& value, const std::string& path, const Unit& unit,
                                const Range& bytes_range, double multiple_of, Issues& issues) {
    const std::string symbol(unit.symbol);
    std::string allowed = "a size ";
    if (!bytes_range.lo_open && !bytes_range.hi_open) {
        allowed += "from " + format_bytes(bytes_range.lo) + " to " + format_bytes(bytes_range.hi);
    } else {
        allowed += std::string(bytes_range.lo_open ? "greater than " : "at least ") +
                   format_bytes(bytes_range.lo) + " and " +
                   (bytes_range.hi_open ? "less than " : "at most ") + format_bytes(bytes_range.hi);
    }
    if (unit.factor != 1.0) {
        allowed += " (" + format_number(bytes_range.lo / unit.factor) + " to " +
                   format_number(bytes_range.hi / unit.factor) + " " + symbol + ")";
    }
    if (!value.is_number()) {
        issues.add(path, "must be " + allowed + ", got " + describe(value));
        return std::nullopt;
    }
    const double bytes = value.get<double>() * unit.factor;
    if (!bytes_range.contains(bytes)) {
        issues.add(path, "must be " + allowed + ", got " + describe(value) + " " + symbol);
        return std::nullopt;
    }
    if (multiple_of > 0 && std::fmod(bytes, multiple_of) != 0.0) {
        issues.add(path, "must be a multiple of " + format_bytes(multiple_of) + ", got " +
                             describe(value) + " " + symbol + " (" + format_number(bytes) +
                             " bytes)");
        return std::nullopt;
    }
    return bytes;
}

bool ObjectReader::number(std::string_view key, const Range& range, double& out, double scale,
                          Need need) {
    const json* value = find(key);
    if (value == nullptr) {
        if (need == Need::Required && valid()) {
            missing(key, "a number " + range.describe());
        }
        return false;
    }
    const auto x = read_number(*value, key_path(key), range, issues_);
    if (!x) {
        return false;
    }
    out = *x * scale;
    return true;
}

bool ObjectReader::integer(std::string_view key, long long lo, long long hi, int& out, Need need) {
    const json* value = find(key);
    if (value == nullptr) {
        if (need == Need::Required && valid()) {
            missing(key, "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
        }
        return false;
    }
    const auto x = read_integer(*value, key_path(key), lo, hi, issues_);
    if (!x) {
        return false;
    }
    out = static_cast<int>(*x);
    return true;
}

bool ObjectReader::boolean(std::string_view key, bool& out, Need need) {
    const json* value = find(key);
    if (value == nullptr) {
        if (need == Need::Required && valid()) {
            missing(key, "true or false");
        }
        return false;
    }
    if (!value->is_boolean()) {
        problem(key, "must be true or false, got " + describe(*value));
        return false;
    }
    out = value->get<bool>();
    return true;
}

bool ObjectReader::text(std::string_view key, std::string& out, std::size_t max_length, Need need,
                        bool allow_empty) {
    const json* value = find(key);
    if (value == nullptr) {
        if (need == Need::Required && valid()) {
            missing(key, "a string");
        }
        return false;
    }
    if (!value->is_string()) {
        problem(key, "must be a string, got " + describe(*value));
        return false;
    }
    const std::string& s = value->get_ref<const std::string&>();
    if (s.empty() && !allow_empty) {
        problem(key, "must not be empty");
        return false;
    }
    if (s.size() > max_length) {
        problem(key, "must be at most " + std::to_string(max_length) + " bytes long, got " +
                         std::to_string(s.size()));
        return false;
    }
    for (const char c : s) {
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') {
            problem(key, "must not contain control characters");
            return false;
        }
    }
    out = s;
    return true;
}

bool ObjectReader::choice(std::string_view key, const std::vector<std::string>& options,
                          std::string& out, Need need) {
    std::string list;
    for (const auto& option : options) {
        list += (list.empty() ? "\"" : ", \"") + option + "\"";
    }
    const json* value = find(key);
    if (value == nullptr) {
        if (need == Need::Required && valid()) {
            missing(key, "one of " + list);
        }
        return false;
    }
    if (value->is_string()) {
        const std::string& s = value->get_ref<const std::string&>();
        if (std::find(options.begin(), options.end(), s) != options.end()) {
            out = s;
            return true;
        }
    }
    problem(key, "must be one of " + list + "; got " + describe(*value));
    return false;
}

bool ObjectReader::has_size(std::string_view base) const {
    for (const auto& key : size_keys(base)) {
        if (has(key)) {
            return true;
        }
    }
    return false;
}

bool ObjectReader::size(std::string_view base, const Range& bytes_range, double& out_bytes,
                        Need need, double multiple_of) {
    const auto keys = size_keys(base);
    std::vector<std::size_t> present;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (has(keys[i])) {
            present.push_back(i);
        }
    }
    if (present.empty()) {
        if (need == Need::Required && valid()) {
            missing(keys[1], "or " + keys[0] + " / " + keys[2] + ": a size from " +
                                 format_bytes(bytes_range.lo) + " to " +
                                 format_bytes(bytes_range.hi));
        }
        return false;
    }
    if (present.size() > 1) {
        problem(keys[present[1]], "give the size once: '" + keys[present[0]] + "' and '" +
                                      keys[present[1]] + "' are both present");
        return false;
    }
    const std::size_t i = present.front();
    const auto bytes = read_size(*find(keys[i]), key_path(keys[i]), size_units()[i], bytes_range,
                                 multiple_of, issues_);
    if (!bytes) {
        return false;
    }
    out_bytes = *bytes;
    return true;
}

}  // namespace raidadv::project_detail
