// The report's writer (report_writer.h): HTML blocks and tables with rules on a QTextDocument,
// and the text helpers, whose numbers come from core/format.

#include "report_writer.h"

#include <QCoreApplication>
#include <QTextBlock>
#include <QTextBlockFormat>
#include <QTextFrame>
#include <QTextList>
#include <QTextTable>
#include <cmath>

#include "advisor/explain.h"
#include "format/format.h"

namespace raidadv::report::detail {

QString tr(const char* text) {
    return QCoreApplication::translate("Report", text);
}

QString esc(const std::string& text) {
    return QString::fromStdString(text).toHtmlEscaped();
}

QString num(double value, int significant) {
    return esc(format::number(value, significant));
}

QString fixed(double value, int decimals) {
    return esc(format::fixed(value, decimals));
}

QString percent(double fraction) {
    return esc(format::percent(fraction));
}

QString probability(double p) {
    return esc(format::probability(p));
}

QString ms(double seconds) {
    if (!std::isfinite(seconds) || seconds < 0.0) {
        return tr("saturated");
    }
    return esc(format::milliseconds(seconds));
}

namespace {

bool has_range(const Interval& i) {
    return std::isfinite(i.low) && std::isfinite(i.high) && i.low > 0.0 && i.high >= i.low;
}

}  // namespace

QString ms_range(const Interval& seconds) {
    if (!has_range(seconds)) {
        return {};
    }
    return esc(format::milliseconds(seconds.low)) + QStringLiteral("\u2013") +
           esc(format::milliseconds(seconds.high));
}

QString rate_range(const Interval& per_second) {
    if (!has_range(per_second)) {
        return {};
    }
    return num(per_second.low) + QStringLiteral("\u2013") + num(per_second.high);
}

QString with_range(const QString& value, const QString& range) {
    // The range on a line of its own, in smaller type: in a narrow column it would otherwise
    // break at its dash.
    return range.isEmpty()
               ? value
               : value + QStringLiteral("<br><span style='font-size:7.5pt'>(%1)</span>").arg(range);
}

QString size_text(double bytes) {
    return esc(format::bytes(bytes, format::SizeSystem::Binary));
}

QString money(double usd, const advisor::Request& r) {
    return esc(format::money(usd, r.constraints.currency, r.constraints.usd_per_currency_unit));
}

QString capacity(double bytes) {
    return esc(format::capacity(bytes));
}

QString row2(const QString& name, const QString& value) {
    return QStringLiteral("<tr><td width='35%'><b>%1</b></td><td>%2</td></tr>").arg(name, value);
}

QString Table::html() const {
    // Rules and padding are set on the laid-out table (Writer::styleTables).
    QString out = QStringLiteral("<table cellspacing='0' width='100%' style='font-size:8.5pt'>");
    out += QStringLiteral("<thead><tr style='background-color:#e8eef5'>");
    for (qsizetype i = 0; i < header.size(); ++i) {
        const auto column = static_cast<std::size_t>(i);
        const QString width =
            column < widths.size() ? QStringLiteral(" width='%1%'").arg(widths[column]) : QString();
        out += QStringLiteral("<th align='%1'%2>%3</th>")
                   .arg(aligned(i) ? QStringLiteral("right") : QStringLiteral("left"), width,
                        header[i]);
    }
    out += QStringLiteral("</tr></thead>");
    for (const QStringList& row : rows) {
        out += QStringLiteral("<tr>");
        for (qsizetype i = 0; i < row.size(); ++i) {
            out += QStringLiteral("<td align='%1'>%2</td>")
                       .arg(aligned(i) ? QStringLiteral("right") : QStringLiteral("left"), row[i]);
        }
        out += QStringLiteral("</tr>");
    }
    return out + QStringLiteral("</table>");
}

bool Table::aligned(qsizetype i) const {
    return static_cast<std::size_t>(i) < right.size() && right[static_cast<std::size_t>(i)];
}

void Writer::html(const QString& text) {
    const qsizetype before = cursor_.document()->rootFrame()->childFrames().size();
    cursor_.insertHtml(text);
    styleTables(before);
}

void Writer::section(const QString& title, bool new_page) {
    QTextBlockFormat format;
    if (new_page) {
        format.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
    } else {
        format.setTopMargin(18);
    }
    format.setProperty(kKeepWithNext, true);
    format.setBottomMargin(6);
    QTextCharFormat chars;
    QFont font = cursor_.document()->defaultFont();
    font.setPointSizeF(font.pointSizeF() * 1.6);
    font.setBold(true);
    chars.setFont(font);
    chars.setForeground(QColor(0x1f, 0x3b, 0x5c));
    startBlock(format, chars);
    cursor_.insertText(title);
}

void Writer::heading(const QString& title) {
    QTextBlockFormat format;
    format.setTopMargin(10);
    format.setBottomMargin(4);
    format.setProperty(kKeepWithNext, true);
    QTextCharFormat chars;
    QFont font = cursor_.document()->defaultFont();
    font.setPointSizeF(font.pointSizeF() * 1.25);
    font.setBold(true);
    chars.setFont(font);
    chars.setForeground(QColor(0x1f, 0x3b, 0x5c));
    startBlock(format, chars);
    cursor_.insertText(title);
}

void Writer::block(const QString& htmlText) {
    startBlock(QTextBlockFormat(), QTextCharFormat());
    html(htmlText);
}

void Writer::list(const std::vector<std::string>& items, ListStyle style) {
    if (items.empty()) {
        return;
    }
    startBlock(QTextBlockFormat(), QTextCharFormat());
    QTextListFormat format;
    format.setStyle(style == ListStyle::Steps ? QTextListFormat::ListDecimal
                                              : QTextListFormat::ListDisc);
    format.setIndent(1);
    cursor_.createList(format);
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0) {
            cursor_.insertBlock();
        }
        QTextBlockFormat spacing;  // a little air above and below the list, none inside
        spacing.setTopMargin(i == 0 ? 3 : 0);
        spacing.setBottomMargin(i + 1 == items.size() ? 4 : 0);
        if (style == ListStyle::Steps) {
            spacing.setProperty(kKeepWithNext, true);  // steps stay with their commands
        }
        cursor_.mergeBlockFormat(spacing);
        cursor_.insertText(QString::fromStdString(items[i]));
    }
}

void Writer::figure(Figure f) {
    QTextBlockFormat centered;
    centered.setAlignment(Qt::AlignHCenter);
    centered.setTopMargin(4);
    centered.setBottomMargin(8);
    startBlock(centered, QTextCharFormat());
    QTextCharFormat format;
    format.setObjectType(kFigureObjectType);
    format.setProperty(kFigureIndex, static_cast<int>(figures_.size()));
    figures_.push_back(std::move(f));
    cursor_.insertText(QString(QChar::ObjectReplacementCharacter), format);
}

void Writer::startBlock(const QTextBlockFormat& format, const QTextCharFormat& chars) {
    const QTextBlock current = cursor_.block();
    if (current.text().isEmpty() && current.textList() == nullptr &&
        cursor_.currentTable() == nullptr && current.position() > 0) {
        cursor_.setBlockFormat(format);
        cursor_.setBlockCharFormat(chars);
        cursor_.setCharFormat(chars);
        return;
    }
    cursor_.insertBlock(format, chars);
}

/// Rules on the tables inserted since the root frame had `before` child frames: a grid of
/// thin grey lines and a darker line under the header row for tables with a header;
/// lines between the rows of name-value tables.
void Writer::styleTables(qsizetype before) {
    QTextDocument* doc = cursor_.document();
    // Table padding and borders are in CSS pixels (1/96 inch), scaled to the device by Qt.
    const double perMm = 96.0 / 25.4;
    const QList<QTextFrame*> frames = doc->rootFrame()->childFrames();
    QTextCursor batch(doc);
    batch.beginEditBlock();  // one layout update for all the cells, not one per cell
    for (qsizetype i = before; i < frames.size(); ++i) {
        auto* table = qobject_cast<QTextTable*>(frames[i]);
        if (table == nullptr) {
            continue;
        }
        QTextTableFormat format = table->format();
        const int header = format.headerRowCount();
        format.setBorderCollapse(true);
        format.setTopMargin(2.0);  // a little air around the table
        format.setBottomMargin(3.0);
        format.setBorder(0);
        format.setCellSpacing(0);
        format.setCellPadding(0.9 * perMm);
        table->setFormat(format);
        const QBrush light(QColor(0xbb, 0xbb, 0xbb));
        const QBrush dark(QColor(0x55, 0x55, 0x55));
        const double thin = 0.12 * perMm;
        for (int r = 0; r < table->rows(); ++r) {
            for (int c = 0; c < table->columns(); ++c) {
                QTextTableCell cell = table->cellAt(r, c);
                QTextTableCellFormat cf = cell.format().toTableCellFormat();
                const bool inHeader = r < header;
                const bool grid = header > 0;
                cf.setTopBorder(r == 0 ? thin : 0);
                cf.setTopBorderBrush(inHeader ? dark : light);
                cf.setTopBorderStyle(QTextFrameFormat::BorderStyle_Solid);
                cf.setBottomBorder(r == header - 1 ? 2.0 * thin : thin);
                cf.setBottomBorderBrush(r == header - 1 ? dark : light);
                cf.setBottomBorderStyle(QTextFrameFormat::BorderStyle_Solid);
                cf.setLeftBorder(grid && c > 0 ? thin : 0);
                cf.setRightBorder(0);
                cf.setLeftBorderBrush(light);
                cf.setLeftBorderStyle(grid && c > 0 ? QTextFrameFormat::BorderStyle_Solid
                                                    : QTextFrameFormat::BorderStyle_None);
                cell.setFormat(cf);
            }
        }
    }
    batch.endEditBlock();
}

void Writer::code(const std::vector<std::string>& lines) {
    // One shaded table cell of monospaced lines: copyable as a block from the PDF viewer.
    QString html = QStringLiteral(
        "<table width='100%' cellpadding='4' style='background-color:#f2f2f2'><tr><td>");
    for (std::size_t i = 0; i < lines.size(); ++i) {
        html += (i > 0 ? QStringLiteral("<br>") : QString()) +
                QStringLiteral("<span style='font-family:monospace; font-size:7.5pt'>%1</span>")
                    .arg(esc(lines[i]));
    }
    startBlock(QTextBlockFormat(), QTextCharFormat());
    plainHtml(html + QStringLiteral("</td></tr></table>"));
}

}  // namespace raidadv::report::detail
