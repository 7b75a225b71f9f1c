#include "catalog/csv.h"

#include <string>

namespace raidadv::catalog_detail {
namespace {

bool is_blank(char c) {
    return c == ' ' || c == '\t';
}

std::string trimmed(const std::string& s) {
    std::size_t b = 0;
    std::size_t e = s.size();
    while (b < e && is_blank(s[b])) {
        ++b;
    }
    while (e > b && is_blank(s[e - 1])) {
        --e;
    }
    return s.substr(b, e - b);
}

/// Reads CSV text one row at a time, counting lines.
class Reader {
  public:
    Reader(std::string_view text, std::vector<CsvProblem>& problems)
        : text_(text), problems_(problems) {
        if (text_.substr(0, 3) == "\xEF\xBB\xBF") {
            pos_ = 3;  // UTF-8 byte order mark
        }
    }

    /// Skips blank and comment lines; false at the end of the text.
    bool next_row_start() {
        while (pos_ < text_.size()) {
            std::size_t j = pos_;
            while (j < text_.size() && is_blank(text_[j])) {
                ++j;
            }
            if (j < text_.size() && text_[j] != '#' && text_[j] != '\n' && text_[j] != '\r') {
                return true;
            }
            while (j < text_.size() && text_[j] != '\n') {
                ++j;  // rest of a comment or blank line
            }
            pos_ = j < text_.size() ? j + 1 : j;
            ++line_;
        }
        return false;
    }

    /// Reads one row; false if it had a syntax problem (already reported).
    bool read_row(CsvRow& row) {
        row.line = line_;
        row.fields.clear();
        bool ok = true;
        std::string field;
        bool quoted = false;     // the field started with a quote
        bool in_quotes = false;  // inside the quoted part
        bool closed = false;     // the closing quote has been seen
        auto finish_field = [&] {
            row.fields.push_back(quoted ? field : trimmed(field));
            field.clear();
            quoted = in_quotes = closed = false;
        };
        while (true) {
            if (pos_ >= text_.size()) {
                if (in_quotes) {
                    report(row.line, "unterminated quoted field (a '\"' is missing)");
                    ok = false;
                }
                finish_field();
                return ok;
            }
            const char c = text_[pos_];
            if (in_quotes) {
                if (c == '"' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '"') {
                    field += '"';
                    pos_ += 2;
                } else if (c == '"') {
                    in_quotes = false;
                    closed = true;
                    ++pos_;
                } else {
                    if (c == '\n') {
                        ++line_;
                    }
                    if (c != '\r') {
                        field += c;
                    }
                    ++pos_;
                }
                continue;
            }
            if (c == ',') {
                finish_field();
                ++pos_;
            } else if (c == '\n' || c == '\r') {
                pos_ += (c == '\r' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n') ? 2 : 1;
                ++line_;
                finish_field();
                return ok;
            } else if (c == '"' && !quoted && trimmed(field).empty()) {
                quoted = in_quotes = true;
                field.clear();
                ++pos_;
            } else {
                if (c == '"' || (closed && !is_blank(c))) {
                    if (ok) {
                        report(line_, closed ? "text after a closing quote (quote the whole field)"
                                             : "'\"' inside an unquoted field (quote the field "
                                               "and double the '\"')");
                    }
                    ok = false;
                }
                if (!closed) {
                    field += c;
                }
                ++pos_;
            }
        }
    }

  private:
    void report(int line, std::string message) {
        problems_.push_back(CsvProblem{line, std::move(message)});
    }

    std::string_view text_;
    std::vector<CsvProblem>& problems_;
    std::size_t pos_ = 0;
    int line_ = 1;
};

}  // namespace

CsvTable parse_csv(std::string_view text, std::vector<CsvProblem>& problems) {
    CsvTable table;
    Reader reader(text, problems);
    CsvRow row;
    bool have_header = false;
    while (reader.next_row_start()) {
        if (!reader.read_row(row)) {
            continue;
        }
        if (!have_header) {
            have_header = true;
            table.header_line = row.line;
            table.header = row.fields;
            continue;
        }
        if (row.fields.size() != table.header.size()) {
            problems.push_back(CsvProblem{row.line, "has " + std::to_string(row.fields.size()) +
                                                        " fields, the header has " +
                                                        std::to_string(table.header.size()) +
                                                        " (quote fields that contain commas)"});
            continue;
        }
        table.rows.push_back(row);
    }
    return table;
}

}  // namespace raidadv::catalog_detail
