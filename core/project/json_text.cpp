#include "project/json_text.h"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <utility>

#include "project/reader.h"

namespace raidadv::project_detail {
namespace {

using nlohmann::json;

/// "line L column C" of the byte offset `position` (1-based, counting bytes).
std::string line_and_column(const std::string& text, std::size_t position) {
    const std::size_t end = std::min(position, text.size());
    std::size_t line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++line;
            line_start = i + 1;
        }
    }
    const std::size_t column = end >= line_start ? end - line_start : 0;
    return "line " + std::to_string(line) + " column " + std::to_string(column == 0 ? 1 : column);
}

/// `text` with bytes that are not valid UTF-8 written as \xNN (messages quote the input).
std::string printable(const std::string& text) {
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t length = c < 0x80           ? 1
                                   : (c >> 5) == 0x6  ? 2
                                   : (c >> 4) == 0xE  ? 3
                                   : (c >> 3) == 0x1E ? 4
                                                      : 0;
        bool ok = length > 0 && i + length <= text.size();
        for (std::size_t k = 1; ok && k < length; ++k) {
            ok = (static_cast<unsigned char>(text[i + k]) >> 6) == 0x2;
        }
        if (ok) {
            out.append(text, i, length);
            i += length;
        } else {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02X", c);
            out += escaped;
            ++i;
        }
    }
    return out;
}

/// The readable part of a nlohmann exception text: without "[json.exception.x.N] " and without
/// its own "parse error at line L, column C: " (we print the position ourselves).
std::string plain_message(const std::string& what) {
    std::string message = what;
    if (message.rfind("[json.exception.", 0) == 0) {
        const auto close = message.find("] ");
        if (close != std::string::npos) {
            message = message.substr(close + 2);
        }
    }
    if (message.rfind("parse error", 0) == 0) {
        const auto colon = message.find(": ");
        if (colon != std::string::npos) {
            message = message.substr(colon + 2);
        }
    }
    return printable(message);
}

/// Builds the DOM like nlohmann's own SAX DOM parser, and in addition tracks JSON paths to report
/// duplicate keys, and limits nesting.
class Builder : public nlohmann::json_sax<json> {
  public:
    Builder(const std::string& text, std::vector<ProjectIssue>& issues)
        : text_(text), issues_(issues) {}

    json result;
    bool failed = false;

    bool null() override { return add(json(nullptr)); }
    bool boolean(bool value) override { return add(json(value)); }
    bool number_integer(number_integer_t value) override { return add(json(value)); }
    bool number_unsigned(number_unsigned_t value) override { return add(json(value)); }
    bool number_float(number_float_t value, const string_t&) override { return add(json(value)); }
    bool string(string_t& value) override { return add(json(std::move(value))); }
    bool binary(binary_t& value) override { return add(json::binary(std::move(value))); }

    bool start_object(std::size_t) override { return open(json::object()); }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(json::array()); }
    bool end_array() override { return close(); }

    bool key(string_t& name) override {
        Frame& frame = stack_.back();
        if (frame.value->contains(name)) {
            issues_.push_back(
                {child_path(frame.path, name),
                 "duplicate key '" + name + "' in the same object (each key may appear once)"});
            frame.value->erase(name);  // the last occurrence wins, as in most JSON readers
        }
        frame.key = name;
        return true;
    }

    bool parse_error(std::size_t position, const std::string&,
                     const nlohmann::detail::exception& error) override {
        fail(plain_message(error.what()), position);
        return false;
    }

  private:
    struct Frame {
        json* value;
        std::string path;
        std::string key;
    };

    static std::string child_path(const std::string& parent, const std::string& key) {
        return join_path(parent, key);
    }

    void fail(const std::string& message, std::size_t position) {
        if (!failed) {
            issues_.push_back(
                {"$", "not valid JSON: " + message + " at " + line_and_column(text_, position)});
        }
        failed = true;
    }

    /// Puts `value` into the current container; returns where it landed and its path.
    std::pair<json*, std::string> place(json&& value) {
        if (stack_.empty()) {
            result = std::move(value);
            return {&result, "$"};
        }
        Frame& frame = stack_.back();
        if (frame.value->is_array()) {
            const std::string path = frame.path + "[" + std::to_string(frame.value->size()) + "]";
            frame.value->push_back(std::move(value));
            return {&frame.value->back(), path};
        }
        json& slot = (*frame.value)[frame.key];
        slot = std::move(value);
        return {&slot, child_path(frame.path, frame.key)};
    }

    bool add(json&& value) {
        place(std::move(value));
        return true;
    }

    bool open(json&& container) {
        if (static_cast<int>(stack_.size()) >= kMaxJsonDepth) {
            fail("nested deeper than " + std::to_string(kMaxJsonDepth) + " levels",
                 position_hint());
            return false;
        }
        auto [where, path] = place(std::move(container));
        stack_.push_back({where, std::move(path), {}});
        return true;
    }

    bool close() {
        stack_.pop_back();
        return true;
    }

    /// Nesting errors have no position from the parser: point at the innermost '[' or '{' found by
    /// scanning (good enough for a message).
    std::size_t position_hint() const {
        int depth = 0;
        bool in_string = false;
        for (std::size_t i = 0; i < text_.size(); ++i) {
            const char c = text_[i];
            if (in_string) {
                if (c == '\\') {
                    ++i;
                } else if (c == '"') {
                    in_string = false;
                }
            } else if (c == '"') {
                in_string = true;
            } else if (c == '[' || c == '{') {
                if (++depth > kMaxJsonDepth) {
                    return i + 1;
                }
            } else if (c == ']' || c == '}') {
                --depth;
            }
        }
        return 0;
    }

    const std::string& text_;
    std::vector<ProjectIssue>& issues_;
    std::vector<Frame> stack_;
};

}  // namespace

std::optional<json> parse_json_text(const std::string& text, std::vector<ProjectIssue>& issues) {
    Builder builder(text, issues);
    bool ok = false;
    try {
        ok = json::sax_parse(text, &builder, json::input_format_t::json, true, false);
    } catch (const json::exception& error) {
        // sax_parse reports through parse_error(); this is a safety net only.
        issues.push_back({"$", "not valid JSON: " + plain_message(error.what())});
        return std::nullopt;
    }
    if (!ok || builder.failed) {
        if (!builder.failed) {
            issues.push_back({"$", "not valid JSON"});
        }
        return std::nullopt;
    }
    return std::move(builder.result);
}

}  // namespace raidadv::project_detail
