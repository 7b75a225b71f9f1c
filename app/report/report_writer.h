#pragma once
// Inside app/report only: the writer every section uses (HTML blocks, headings, lists, tables
// with rules, figures) and the report's text helpers, which take their numbers' text from
// core/format (the application's one formatting module) and only escape and wrap it.

#include <QString>
#include <QStringList>
#include <QTextCursor>
#include <string>
#include <vector>

#include "advisor/advisor.h"
#include "advisor/request.h"
#include "report_sections.h"
#include "system/metrics.h"

namespace raidadv::report::detail {

QString tr(const char* text);
/// Plain text from core, HTML-escaped.
QString esc(const std::string& text);
/// A number for people (format::number): "199,800", "2.5", "-" if not finite.
QString num(double value, int significant = 3);
QString fixed(double value, int decimals);
/// "80%".
QString percent(double fraction);
QString probability(double p);
/// Milliseconds without the unit (for "(ms)" columns); "saturated" if not finite.
QString ms(double seconds);
/// "12.1–21.0": an 80% range (PointMetrics::band), milliseconds as ms() writes them or rates as
/// num(); empty when there is no band (a saturated point): never 0 or NaN.
QString ms_range(const Interval& seconds);
QString rate_range(const Interval& per_second);
/// `value` with its range in brackets on the line below (table cells), or `value` alone.
QString with_range(const QString& value, const QString& range);
/// One sentence saying what the 80% ranges in brackets are and where `c`'s come from (its
/// evidence class, why they are widened).
QString range_sentence(const advisor::Candidate& c);
/// A size in binary units ("64 KiB"): request and file sizes as the file format writes them.
QString size_text(double bytes);
QString money(double usd, const advisor::Request& r);
QString capacity(double bytes);
/// "<tr><td><b>name</b></td><td>value</td></tr>" for name-value tables.
QString row2(const QString& name, const QString& value);

/// Builds the HTML of one table: a header row and rows of cells (already escaped).
struct Table {
    QStringList header;
    std::vector<QStringList> rows;
    std::vector<bool> right;  ///< right-aligned columns (numbers)
    std::vector<int> widths;  ///< column widths in percent of the text width; empty = automatic

    QString html() const;
    bool aligned(qsizetype i) const;
};

/// Appends to the report's document: blocks, headings, lists, figures.
class Writer {
  public:
    Writer(QTextDocument& doc, std::vector<Figure>& figures) : cursor_(&doc), figures_(figures) {}

    /// Inserts HTML; the tables in it get rules (thin lines between rows and columns).
    void html(const QString& text);
    /// HTML with no rules added to its tables (the title block's centred tables).
    void plainHtml(const QString& text) { cursor_.insertHtml(text); }
    /// A section heading; `new_page` starts it on a new page (the first section after the
    /// buying summary), otherwise it follows the section before with some space.
    void section(const QString& title, bool new_page = false);
    void heading(const QString& title);
    /// HTML in a fresh block (no alignment, list or heading carried over from the one before).
    void block(const QString& htmlText);
    /// Lines of monospaced text (commands to copy), each its own paragraph, shaded.
    void code(const std::vector<std::string>& lines);
    enum class ListStyle {
        Bullets,
        Steps  ///< numbered, and kept on the page of what follows (the commands)
    };
    /// A list of plain-text items, right under the block before it.
    void list(const std::vector<std::string>& items, ListStyle style = ListStyle::Bullets);
    void figure(Figure f);

  private:
    void startBlock(const QTextBlockFormat& format, const QTextCharFormat& chars);
    void styleTables(qsizetype before);

    QTextCursor cursor_;
    std::vector<Figure>& figures_;
};

// The sections, in the order build_document writes them.
void buying_summary_section(Writer& w, const ReportInput& in);
void inputs_section(Writer& w, const ReportInput& in);
void recommendation_section(Writer& w, const ReportInput& in);
void alternatives_section(Writer& w, const ReportInput& in);
void chart_section(Writer& w, const ReportInput& in);
void reliability_cost_section(Writer& w, const ReportInput& in);
void sensitivity_section(Writer& w, const ReportInput& in);
void assumptions_section(Writer& w, const ReportInput& in);
/// Only when the caller ran the validation studies (ReportInput::validation).
void validation_appendix(Writer& w, const ReportInput& in);

}  // namespace raidadv::report::detail
