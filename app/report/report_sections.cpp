// The report's text: every number comes from the advisor's result, the request, the sensitivity
// run or the validation run; this file only formats them (units in the headers: ms, MB/s, TB).

#include "report_sections.h"

#include <QAbstractTextDocumentLayout>
#include <QCoreApplication>
#include <QLocale>
#include <QTextBlock>
#include <QTextBlockFormat>
#include <QTextCursor>
#include <QTextFrame>
#include <QTextList>
#include <QTextTable>
#include <algorithm>
#include <cmath>

#include "advice_charts.h"
#include "advisor/explain.h"
#include "advisor/sensitivity.h"

namespace raidadv::report::detail {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("Report", text);
}

QString esc(const std::string& text) {
    return QString::fromStdString(text).toHtmlEscaped();
}

QString num(double value, int significant = 3) {
    if (!std::isfinite(value)) {
        return QStringLiteral("-");
    }
    return QLocale::c().toString(value, 'g', significant);
}

QString fixed(double value, int decimals) {
    if (!std::isfinite(value)) {
        return QStringLiteral("-");
    }
    return QLocale::c().toString(value, 'f', decimals);
}

QString percent(double fraction) {
    return fixed(100.0 * fraction, 0) + QStringLiteral("&nbsp;%");
}

QString probability(double p) {
    if (!std::isfinite(p)) {
        return QStringLiteral("-");
    }
    if (p < 1e-6) {
        return tr("under 0.0001&nbsp;%");
    }
    return num(100.0 * p, 2) + QStringLiteral("&nbsp;%");
}

QString size_text(double bytes) {
    if (bytes >= 1024.0 * 1024.0) {
        return num(bytes / (1024.0 * 1024.0)) + QStringLiteral(" MiB");
    }
    if (bytes >= 1024.0) {
        return num(bytes / 1024.0) + QStringLiteral(" KiB");
    }
    return fixed(bytes, 0) + QStringLiteral(" B");
}

QString ms(double seconds) {
    if (!std::isfinite(seconds) || seconds < 0.0) {
        return tr("saturated");
    }
    return num(seconds * 1e3);
}

QString money(double usd, const advisor::Request& r) {
    return esc(advisor::format_money(usd, r.constraints));
}

QString hours(double seconds) {
    return std::isfinite(seconds) && seconds > 0.0 ? num(seconds / 3600.0) + tr(" h")
                                                   : QStringLiteral("-");
}

/// Builds the HTML of one table: a header row and rows of cells (already escaped).
struct Table {
    QStringList header;
    std::vector<QStringList> rows;
    std::vector<bool> right;  ///< right-aligned columns (numbers)
    std::vector<int> widths;  ///< column widths in percent of the text width; empty = automatic

    QString html() const {
        // Rules and padding are set on the laid-out table (Writer::styleTables).
        QString out =
            QStringLiteral("<table cellspacing='0' width='100%' style='font-size:8.5pt'>");
        out += QStringLiteral("<thead><tr style='background-color:#e8eef5'>");
        for (qsizetype i = 0; i < header.size(); ++i) {
            const auto column = static_cast<std::size_t>(i);
            const QString width = column < widths.size()
                                      ? QStringLiteral(" width='%1%'").arg(widths[column])
                                      : QString();
            out += QStringLiteral("<th align='%1'%2>%3</th>")
                       .arg(aligned(i) ? QStringLiteral("right") : QStringLiteral("left"), width,
                            header[i]);
        }
        out += QStringLiteral("</tr></thead>");
        for (const QStringList& row : rows) {
            out += QStringLiteral("<tr>");
            for (qsizetype i = 0; i < row.size(); ++i) {
                out +=
                    QStringLiteral("<td align='%1'>%2</td>")
                        .arg(aligned(i) ? QStringLiteral("right") : QStringLiteral("left"), row[i]);
            }
            out += QStringLiteral("</tr>");
        }
        return out + QStringLiteral("</table>");
    }
    bool aligned(qsizetype i) const {
        return static_cast<std::size_t>(i) < right.size() && right[static_cast<std::size_t>(i)];
    }
};

QString row2(const QString& name, const QString& value) {
    return QStringLiteral("<tr><td width='35%'><b>%1</b></td><td>%2</td></tr>").arg(name, value);
}

class Writer {
  public:
    Writer(QTextDocument& doc, std::vector<Figure>& figures) : cursor_(&doc), figures_(figures) {}

    /// Inserts HTML; the tables in it get rules (thin lines between rows and columns).
    void html(const QString& text) {
        const qsizetype before = cursor_.document()->rootFrame()->childFrames().size();
        cursor_.insertHtml(text);
        styleTables(before);
    }
    /// HTML with no rules added to its tables (the title page's centred tables).
    void plainHtml(const QString& text) { cursor_.insertHtml(text); }
    /// A section heading that starts a new page.
    void section(const QString& title) {
        QTextBlockFormat format;
        format.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        format.setBottomMargin(6);
        QTextCharFormat chars;
        QFont font = cursor_.document()->defaultFont();
        font.setPointSizeF(font.pointSizeF() * 1.9);
        font.setBold(true);
        chars.setFont(font);
        chars.setForeground(QColor(0x1f, 0x3b, 0x5c));
        startBlock(format, chars);
        cursor_.insertText(title);
    }
    void heading(const QString& title) {
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
    /// HTML in a fresh block (no alignment, list or heading carried over from the one before).
    void block(const QString& htmlText) {
        startBlock(QTextBlockFormat(), QTextCharFormat());
        html(htmlText);
    }
    /// A bulleted list of plain-text items, right under the block before it.
    void list(const std::vector<std::string>& items) {
        if (items.empty()) {
            return;
        }
        startBlock(QTextBlockFormat(), QTextCharFormat());
        QTextListFormat format;
        format.setStyle(QTextListFormat::ListDisc);
        format.setIndent(1);
        cursor_.createList(format);
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (i > 0) {
                cursor_.insertBlock();
            }
            QTextBlockFormat spacing;  // a little air above and below the list, none inside
            spacing.setTopMargin(i == 0 ? 3 : 0);
            spacing.setBottomMargin(i + 1 == items.size() ? 4 : 0);
            cursor_.mergeBlockFormat(spacing);
            cursor_.insertText(QString::fromStdString(items[i]));
        }
    }
    void figure(Figure f) {
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

  private:
    /// A new block, or the empty one the cursor is in (the block Qt leaves after a table):
    /// an empty block between a table and the next heading would take room, even a page.
    void startBlock(const QTextBlockFormat& format, const QTextCharFormat& chars) {
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
    void styleTables(qsizetype before) {
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

    QTextCursor cursor_;
    std::vector<Figure>& figures_;
};

void title_page(Writer& w, const ReportInput& in) {
    const advisor::Result& result = *in.result;
    QString html =
        QStringLiteral(
            "<p style='margin-top:120px'>&nbsp;</p>"
            "<p align='center' style='font-size:26pt; font-weight:bold; color:#1f3b5c'>%1</p>"
            "<p align='center' style='font-size:17pt'>%2</p>")
            .arg(tr("RAID Advisor report"), in.project_name.toHtmlEscaped());
    if (!in.project_description.isEmpty()) {
        html += QStringLiteral("<p align='center'><i>%1</i></p>")
                    .arg(in.project_description.toHtmlEscaped());
    }
    html += QStringLiteral("<p>&nbsp;</p><table align='center' cellpadding='3'>");
    html += row2(tr("Date"), QLocale::c().toString(in.created, QStringLiteral("yyyy-MM-dd HH:mm")));
    html += row2(tr("Application"), tr("RAID Advisor %1").arg(in.app_version.toHtmlEscaped()));
    if (!in.source_file.isEmpty()) {
        html += row2(tr("Project file"), in.source_file.toHtmlEscaped());
    }
    html += row2(tr("Workload"), esc(in.request->workload.name));
    html += row2(tr("Recommendation"), result.ranked.empty()
                                           ? tr("none: no configuration meets every constraint")
                                           : esc(result.ranked.front().system.name));
    html +=
        QStringLiteral("</table><p>&nbsp;</p><p align='center'><b>%1</b></p>").arg(tr("Contents"));
    html += QStringLiteral("<table align='center' cellpadding='1'>");
    for (const QString& title : section_titles()) {
        html += QStringLiteral("<tr><td>%1</td></tr>").arg(title.toHtmlEscaped());
    }
    html += QStringLiteral("</table>");
    html +=
        QStringLiteral("<p>&nbsp;</p><p align='center' style='font-size:8pt; color:#555555'>%1</p>")
            .arg(tr("Predictions of the analytic queueing model (docs/model.md) for hardware "
                    "from the bundled catalog; every hardware number cites its datasheet. "
                    "MB/s = 10^6 bytes per second, TB = 10^12 bytes, KiB = 1024 bytes."));
    w.plainHtml(html);
}

QString load_points(const Workload& wl) {
    QStringList parts;
    const bool files = wl.unit == Workload::Unit::File;
    if (!wl.concurrency.empty()) {
        QStringList n;
        for (int c : wl.concurrency) {
            n << QString::number(c);
        }
        parts << n.join(QStringLiteral(", ")) +
                     (files ? tr(" concurrent processes") : tr(" outstanding requests"));
    }
    if (!wl.arrival_rates_per_s.empty()) {
        QStringList r;
        for (double rate : wl.arrival_rates_per_s) {
            r << num(rate);
        }
        parts << r.join(QStringLiteral(", ")) + (files ? tr(" files/s") : tr(" requests/s"));
    }
    return parts.join(QStringLiteral("; "));
}

QString size_distribution(const SizeDistribution& d) {
    switch (d.kind) {
        case SizeDistribution::Kind::Fixed:
            return tr("fixed %1").arg(size_text(d.fixed_bytes));
        case SizeDistribution::Kind::Uniform:
            return tr("uniform %1 to %2").arg(size_text(d.min_bytes), size_text(d.max_bytes));
        case SizeDistribution::Kind::Lognormal:
            return tr("lognormal, median %1, sigma %2")
                .arg(size_text(d.median_bytes), num(d.sigma));
        case SizeDistribution::Kind::Histogram:
            return tr("histogram of %1 sizes").arg(d.bins.size());
    }
    return {};
}

void inputs(Writer& w, const ReportInput& in) {
    const advisor::Request& r = *in.request;
    const Workload& wl = r.workload;
    const bool files = wl.unit == Workload::Unit::File;
    w.section(section_titles()[0]);
    w.heading(tr("Workload"));
    QString html = QStringLiteral("<table cellpadding='2' width='100%'>");
    html += row2(tr("Name"), esc(wl.name));
    html += row2(tr("Unit"), files ? tr("whole files (read or written start to end)")
                                   : tr("requests (block level)"));
    html += row2(tr("Reads"), percent(wl.read_fraction));
    html += row2(tr("Sequential"), percent(wl.sequential_fraction));
    html +=
        row2(files ? tr("File size") : tr("Request size"),
             tr("%1; mean %2").arg(size_distribution(wl.size), size_text(wl.size.mean_bytes())));
    html += row2(tr("Alignment"), size_text(wl.alignment_bytes));
    html += row2(tr("Working set"), tr("%1 of the volume").arg(percent(wl.span_fraction)));
    html += row2(tr("Load points"), load_points(wl));
    if (wl.think_time_s > 0.0) {
        html += row2(tr("Think time"), num(wl.think_time_s * 1e3) + tr(" ms"));
    }
    html += row2(tr("Data can be spread over volumes"),
                 r.can_spread_over_volumes ? tr("yes") : tr("no"));
    w.block(html + QStringLiteral("</table>"));

    w.heading(files ? tr("File-size histogram") : tr("Request-size histogram"));
    charts::BarChart bars;
    bars.title = files ? tr("Share of files by size") : tr("Share of requests by size");
    bars.y_title = tr("Share (%)");
    // One unit for the whole axis, named in its title: short labels that need no eliding.
    const std::vector<SizeDistribution::Bin> bins = wl.size.discretize(16);
    double largest = 0.0;
    for (const SizeDistribution::Bin& bin : bins) {
        largest = std::max(largest, bin.bytes);
    }
    const bool mib = largest >= 1024.0 * 1024.0;
    const bool kib = !mib && largest >= 1024.0;
    const double unit = mib ? 1024.0 * 1024.0 : (kib ? 1024.0 : 1.0);
    const QString unitName =
        mib ? QStringLiteral("MiB") : (kib ? QStringLiteral("KiB") : QStringLiteral("B"));
    bars.x_title = (files ? tr("File size (%1)") : tr("Request size (%1)")).arg(unitName);
    for (const SizeDistribution::Bin& bin : bins) {
        bars.categories.push_back(num(bin.bytes / unit));
        bars.values.push_back(bin.weight * 100.0);
    }
    Figure f;
    f.kind = Figure::Kind::Bars;
    f.bars = std::move(bars);
    f.width_fraction = 0.75;
    f.aspect = 0.42;
    w.figure(std::move(f));

    w.heading(tr("Needs and constraints"));
    const advisor::Constraints& k = r.constraints;
    html = QStringLiteral("<table cellpadding='2' width='100%'>");
    html += row2(tr("Capacity"), tr("%1 now, %2 % growth a year: %3 needed after %4 years")
                                     .arg(esc(advisor::format_capacity(k.capacity_bytes)),
                                          fixed(100.0 * k.growth_per_year, 0),
                                          esc(advisor::format_capacity(k.capacity_needed_bytes())),
                                          num(k.horizon_years)));
    html += row2(tr("Budget"), k.budget_usd > 0.0 ? money(k.budget_usd, r) : tr("no limit"));
    html += row2(tr("Drive failures to survive"), QString::number(k.min_failures_tolerated));
    html += row2(tr("Writes safe across a power cut"),
                 k.power_loss_safe_writes ? tr("required: drive write caches off")
                                          : tr("not required: drive write caches as configured"));
    html += row2(tr("Longest rebuild"),
                 k.max_rebuild_hours > 0.0 ? num(k.max_rebuild_hours) + tr(" h") : tr("no limit"));
    html += row2(tr("Drive bays"), tr("%1 (%2 owned, %3 per further bay)")
                                       .arg(k.max_drive_bays)
                                       .arg(r.bays_owned)
                                       .arg(money(r.enclosure_cost_per_bay_usd, r)));
    html += row2(tr("Power"),
                 k.max_power_w > 0.0 ? num(k.max_power_w) + tr(" W at most") : tr("no limit"));
    if (r.include_power_cost) {
        html += row2(tr("Power cost"),
                     tr("included, %1 per kWh").arg(money(r.power_price_usd_per_kwh, r)));
    }
    const auto joined = [](const std::vector<std::string>& items) {
        QStringList out;
        for (const std::string& item : items) {
            out << QString::fromStdString(item).toHtmlEscaped();
        }
        return out.isEmpty() ? tr("any") : out.join(QStringLiteral(", "));
    };
    QStringList levels;
    for (RaidLevel level : k.levels) {
        levels << gui::raidLevelName(level);
    }
    html += row2(tr("RAID layouts allowed"),
                 levels.isEmpty() ? tr("any") : levels.join(QStringLiteral(", ")));
    html += row2(tr("Drives allowed"), joined(k.drives));
    html += row2(tr("Controllers allowed"), joined(k.controllers));
    html +=
        row2(tr("RAID software"), k.raid_software_owned ? tr("owned: RAID layouts need no licence")
                                                        : tr("bought where a controller needs it"));
    if (!k.owned_controller.empty()) {
        html += row2(tr("Controller owned"), esc(k.owned_controller));
    }
    html += row2(tr("Drive interfaces"), joined(k.interfaces));
    html += row2(tr("Drive form factors"), joined(k.form_factors));
    if (k.min_year > 0 || k.max_year > 0) {
        html += row2(tr("Hardware from"),
                     tr("%1 to %2")
                         .arg(k.min_year > 0 ? QString::number(k.min_year) : tr("any year"),
                              k.max_year > 0 ? QString::number(k.max_year) : tr("any year")));
    }
    html += row2(tr("Weights"), tr("performance %1, cost %2, reliability %3, capacity %4")
                                    .arg(num(r.weights.performance), num(r.weights.cost),
                                         num(r.weights.reliability), num(r.weights.capacity)));
    html += row2(tr("Host"), esc(r.host.info.name));
    w.block(html + QStringLiteral("</table>"));
}

void point_table(Writer& w, const advisor::Candidate& c, const Workload& wl) {
    const bool files = wl.unit == Workload::Unit::File;
    Table t;
    t.header = {tr("Load"),     files ? tr("Files/s") : tr("IOPS"),
                tr("MB/s"),     tr("Mean (ms)"),
                tr("p95 (ms)"), tr("Bottleneck")};
    t.right = {true, true, true, true, true, false};
    for (const PointMetrics& p : c.performance.points) {
        const QString load = p.concurrency > 0 ? QString::number(p.concurrency)
                                               : num(p.arrival_rate_per_s) + tr("/s");
        t.rows.push_back({load, num(p.iops, 4), num(p.mb_per_s, 4), ms(p.mean_response_s),
                          ms(p.p95_response_s), esc(advisor::component_name(p.bottleneck))});
    }
    w.block(t.html());
}

void recommendation(Writer& w, const ReportInput& in) {
    const advisor::Result& result = *in.result;
    const advisor::Request& r = *in.request;
    w.section(section_titles()[1]);
    if (result.ranked.empty()) {
        w.block(QStringLiteral("<p><b>%1</b></p>")
                    .arg(tr("No configuration meets every "
                            "constraint.")));
        w.list(result.problems);
        return;
    }
    const advisor::Candidate& pick = result.ranked.front();
    w.block(QStringLiteral("<p style='font-size:12pt'><b>%1</b></p>").arg(esc(pick.system.name)));
    if (!result.explanations.empty()) {
        const advisor::Explanation& e = result.explanations.front();
        w.block(QStringLiteral("<p>%1</p>").arg(esc(e.headline)));
        w.list(e.reasons);
    }
    w.heading(tr("Layout"));
    Figure f;
    f.kind = Figure::Kind::Diagram;
    f.system = pick.system;
    f.width_fraction = 0.95;
    w.figure(std::move(f));
    const advisor::Assessment& a = pick.assessment;
    QString html = QStringLiteral("<table cellpadding='2' width='100%'>");
    html += row2(tr("Mean response (geometric mean over the load points)"),
                 ms(pick.performance.mean_response_s) + tr(" ms"));
    html += row2(tr("Cost"), a.price_known ? money(a.total_usd, r) : tr("unknown"));
    html += row2(tr("Usable capacity"), esc(advisor::format_capacity(a.usable_bytes)));
    html += row2(tr("Drive failures survived"), QString::number(a.failures_tolerated));
    html += row2(tr("Data loss over %1 years").arg(num(r.constraints.horizon_years)),
                 probability(a.p_data_loss));
    w.block(html + QStringLiteral("</table>"));
    w.heading(tr("Performance of the pick at each load point"));
    point_table(w, pick, r.workload);
}

void alternatives(Writer& w, const ReportInput& in) {
    const advisor::Result& result = *in.result;
    const advisor::Request& r = *in.request;
    w.section(section_titles()[2]);
    w.block(QStringLiteral("<p>%1</p>")
                .arg(tr("The best %1 of %2 configurations that meet every constraint, by the "
                        "weighted log-utility of response time, cost, loss risk and capacity "
                        "(score 100 = the best, 0 = the worst feasible). P = on the Pareto front "
                        "(no other is better on all four at once).")
                         .arg(std::min<std::size_t>(12, result.ranked.size()))
                         .arg(result.ranked.size())));
    Table t;
    t.header = {tr("Rank"),   tr("Score"),   tr("Response (ms)"), tr("Cost"),
                tr("Usable"), tr("P(loss)"), tr("Configuration")};
    t.right = {true, true, true, true, true, true, false};
    t.widths = {7, 7, 13, 9, 9, 11, 44};
    for (std::size_t i = 0; i < result.ranked.size() && i < 12; ++i) {
        const advisor::Candidate& c = result.ranked[i];
        t.rows.push_back({QString::number(i + 1) + (c.pareto ? QStringLiteral(" P") : QString()),
                          fixed(c.score, 0), ms(c.performance.mean_response_s),
                          c.assessment.price_known ? money(c.assessment.total_usd, r) : tr("?"),
                          esc(advisor::format_capacity(c.assessment.usable_bytes)),
                          probability(c.assessment.p_data_loss), esc(c.system.name)});
    }
    w.block(t.html());
    for (std::size_t i = 1; i < result.explanations.size() && i < result.ranked.size(); ++i) {
        w.block(QStringLiteral("<p><b>#%1</b> %2</p>")
                    .arg(i + 1)
                    .arg(esc(result.explanations[i].headline)));
    }
}

void chart_section(Writer& w, const ReportInput& in) {
    const advisor::Result& result = *in.result;
    const advisor::Request& r = *in.request;
    w.section(section_titles()[3]);
    if (result.ranked.empty()) {
        w.block(tr("<p>Nothing to chart: no configuration meets every constraint.</p>"));
        return;
    }
    std::vector<gui::NamedCandidate> top;
    for (std::size_t i = 0; i < result.ranked.size() && i < 4; ++i) {
        top.push_back({gui::shortLabel(result.ranked[i], i + 1), &result.ranked[i], i + 1});
    }
    Figure response;
    response.chart = gui::responseChart(top, r);
    response.chart.title += tr(" (best four)");
    response.chart.legend_right = true;  // the configurations' names are too long for one row
    response.chart.legend_pixels = 13;
    w.figure(std::move(response));
    Figure cost;
    cost.chart = gui::costChart(result, 0, r);
    w.figure(std::move(cost));
    Figure utilization;
    utilization.kind = Figure::Kind::Bars;
    utilization.bars = gui::utilizationChart(result.ranked.front());
    utilization.bars.title += tr(" (the pick)");
    w.figure(std::move(utilization));
    Figure throughput;
    throughput.kind = Figure::Kind::Bars;
    throughput.bars = gui::throughputChart(result, 10);
    w.figure(std::move(throughput));
}

void reliability_cost(Writer& w, const ReportInput& in) {
    const advisor::Result& result = *in.result;
    const advisor::Request& r = *in.request;
    w.section(section_titles()[4]);
    const std::size_t n = std::min<std::size_t>(5, result.ranked.size());
    if (n == 0) {
        w.block(tr("<p>No configuration to assess.</p>"));
        return;
    }
    w.block(QStringLiteral("<p>%1</p>")
                .arg(tr("Cost and reliability of the best %1, over a planning horizon of %2 "
                        "years. Reliability numbers are model estimates with stated "
                        "assumptions (section 7); MTTDL models are known to be off by large "
                        "factors, so compare them rather than trust their absolute values.")
                         .arg(n)
                         .arg(num(r.constraints.horizon_years))));
    Table t;
    t.header << QString();
    for (std::size_t i = 0; i < n; ++i) {
        t.header << QStringLiteral("#%1").arg(i + 1);
    }
    t.right.assign(n + 1, true);
    t.right[0] = false;
    const auto add = [&](const QString& name, auto&& value) {
        QStringList row{name};
        for (std::size_t i = 0; i < n; ++i) {
            row << value(result.ranked[i].assessment);
        }
        t.rows.push_back(row);
    };
    using A = advisor::Assessment;
    const auto cost = [&](double usd, bool known) { return known ? money(usd, r) : tr("?"); };
    add(tr("Total cost"), [&](const A& a) { return cost(a.total_usd, a.price_known); });
    add(tr("Drives"), [&](const A& a) { return cost(a.drives_usd, a.price_known); });
    add(tr("Controller"), [&](const A& a) { return cost(a.controller_usd, a.price_known); });
    add(tr("RAID software"), [&](const A& a) { return cost(a.raid_software_usd, a.price_known); });
    add(tr("Drive bays"), [&](const A& a) { return cost(a.enclosure_usd, a.price_known); });
    add(tr("Power over the horizon"), [&](const A& a) { return cost(a.power_usd, a.price_known); });
    add(tr("Per usable TB"), [&](const A& a) { return cost(a.usd_per_usable_tb, a.price_known); });
    add(tr("Usable capacity"),
        [](const A& a) { return esc(advisor::format_capacity(a.usable_bytes)); });
    add(tr("Power, drives active (W)"), [](const A& a) { return num(a.power_w); });
    add(tr("Drive failures survived"),
        [](const A& a) { return QString::number(a.failures_tolerated); });
    add(tr("Rebuild time"), [](const A& a) { return hours(a.rebuild_time_s); });
    add(tr("MTTDL (years)"), [](const A& a) {
        return std::isfinite(a.mttdl_hours) && a.mttdl_hours > 0.0 ? num(a.mttdl_hours / 8766.0)
                                                                   : QStringLiteral("-");
    });
    add(tr("P(read error during a rebuild)"),
        [](const A& a) { return probability(a.p_ure_during_rebuild); });
    add(tr("P(data loss over the horizon)"), [](const A& a) { return probability(a.p_data_loss); });
    w.block(t.html());
    QString legend;
    for (std::size_t i = 0; i < n; ++i) {
        legend += QStringLiteral("<br>#%1: %2").arg(i + 1).arg(esc(result.ranked[i].system.name));
    }
    w.block(QStringLiteral("<p style='font-size:8pt'>%1</p>").arg(legend.mid(4)));
}

QString sensitivity_verdict(const advisor::SensitivityEntry& e) {
    if (!e.applicable) {
        return tr("does not apply");
    }
    if (!e.pick_changes) {
        return tr("<b>no change</b>");
    }
    if (!e.any_left) {
        return tr("<b>none of those examined</b>");
    }
    return tr("<b>changes</b> to #%1: %2").arg(e.new_pick_rank).arg(esc(e.new_pick));
}

void sensitivity_section(Writer& w, const ReportInput& in) {
    const advisor::Result& result = *in.result;
    const advisor::Request& r = *in.request;
    w.section(section_titles()[5]);
    if (result.ranked.empty()) {
        w.block(tr("<p>No pick to re-examine.</p>"));
        return;
    }
    const advisor::Sensitivity s =
        advisor::sensitivity(result, r, advisor::standard_perturbations(), 8);
    int changes = 0;
    for (const advisor::SensitivityEntry& e : s.entries) {
        changes += e.pick_changes ? 1 : 0;
    }
    w.block(QStringLiteral("<p>%1</p>")
                .arg(tr("Each change of the question below was applied alone; the best %1 "
                        "candidates were re-measured by the model under it (workload changes) or "
                        "re-checked against it (budget, capacity) and re-ranked. %2 of %3 "
                        "changes would change the pick. A candidate ranked below %1 that might "
                        "win under a change is not seen here: search again to be sure.")
                         .arg(s.examined)
                         .arg(changes)
                         .arg(s.entries.size())));
    Table t;
    t.header = {tr("Change"), tr("The pick"), tr("Why")};
    t.widths = {30, 40, 30};
    for (const advisor::SensitivityEntry& e : s.entries) {
        t.rows.push_back({esc(e.change), sensitivity_verdict(e), esc(e.note)});
    }
    w.block(t.html());
    if (!result.explanations.empty() && !result.explanations.front().what_would_change.empty()) {
        w.heading(tr("Crossovers and budget steps found by the advisor"));
        w.list(result.explanations.front().what_would_change);
    }
}

void assumptions(Writer& w, const ReportInput& in) {
    const advisor::Result& result = *in.result;
    w.section(section_titles()[6]);
    if (!result.ranked.empty()) {
        w.heading(tr("Assumptions behind the pick's numbers"));
        w.list(result.ranked.front().assessment.assumptions);
        const advisor::Candidate& pick = result.ranked.front();
        if (!pick.stripe_rule.explanation.empty()) {
            w.block(QStringLiteral("<p>%1 %2</p>")
                        .arg(tr("Stripe unit:"), esc(pick.stripe_rule.explanation)));
        }
    }
    w.heading(tr("What the model does not do"));
    w.list({
        "Controller read caches are not modelled; a drive's cache is modelled as read-ahead "
        "segments and a write cache whose number of held writes is estimated, not solved for.",
        "Mirror reads go to the copy whose arm is nearest when the copies are idle; the "
        "shorter-queue choice under load is modelled for arrival rates, not for a fixed number "
        "of outstanding requests.",
        "A controller's write-back destage is assumed to keep the drive's queue full even at "
        "light load, which flatters random writes behind a write-back cache at low load.",
        "The 95th percentile comes from a gamma distribution with the response's mean and "
        "variance, not from a measured tail: within 25% of the request-level simulator's on "
        "84% of its test grid, but up to 61% off for writes held in the drives' own caches.",
        "Reliability assumes independent drive failures at a field-adjusted rate; correlated "
        "failures, firmware faults and operator error are not modelled.",
        "Prices are catalog list prices at the hardware's introduction, in US dollars.",
        "The search covers the catalog's drives and controllers; hardware outside it is not "
        "considered. docs/model.md describes the model and its sources.",
    });
    w.heading(tr("The search"));
    QString html = QStringLiteral("<p>%1</p>")
                       .arg(tr("%1 candidates enumerated, %2 model evaluations, %3 feasible, %4 "
                               "on the Pareto front, in %5 s. Rejected:")
                                .arg(result.stats.candidates)
                                .arg(result.stats.evaluated)
                                .arg(result.ranked.size())
                                .arg(result.pareto.size())
                                .arg(num(result.stats.seconds)));
    std::vector<std::string> rejected;
    for (const auto& [reason, count] : result.stats.rejected) {
        if (count == 0) {
            continue;
        }
        rejected.push_back(std::to_string(count) + ": " + reason);
    }
    w.block(html);
    w.list(rejected);
}

void validation_section(Writer& w, const ReportInput& in) {
    w.section(section_titles()[7]);
    if (!in.validation_note.isEmpty()) {
        w.block(QStringLiteral("<p><i>%1</i></p>").arg(in.validation_note.toHtmlEscaped()));
    }
    if (in.validation == nullptr) {
        w.block(tr("<p>No validation numbers are available for this report.</p>"));
        return;
    }
    const validation::ValidationReport& v = *in.validation;
    w.block(
        QStringLiteral("<p>%1</p>")
            .arg(tr("The model predicts every figure of %1 published studies from each "
                    "study's hardware profile. Median absolute error over the predicted "
                    "(not calibrated) figures: <b>%2 %</b> (the online-calculator rule of "
                    "thumb: %3 %). Conclusions of the studies reproduced: <b>%4 of %5</b>.")
                     .arg(v.studies.size())
                     .arg(num(v.median_abs_error_pct, 2), num(v.baseline_median_abs_error_pct, 2))
                     .arg(v.conclusions_reproduced)
                     .arg(v.conclusions_total)));
    Table t;
    t.header = {tr("Study"),
                tr("Predicted figures"),
                tr("Median |error| (%)"),
                tr("Rule of thumb (%)"),
                tr("Kendall's tau"),
                tr("Conclusions")};
    t.right = {false, true, true, true, true, true};
    for (const validation::StudyResult& s : v.studies) {
        int predicted = 0, baseline = 0, reproduced = 0;
        for (const validation::Figure& f : s.figures) {
            predicted += !f.calibration && std::isfinite(f.predicted) ? 1 : 0;
            baseline += !f.calibration && f.has_baseline() ? 1 : 0;
        }
        for (const validation::Conclusion& c : s.conclusions) {
            reproduced += c.reproduced ? 1 : 0;
        }
        t.rows.push_back(
            {esc(s.name), QString::number(predicted),
             predicted > 0 ? num(s.median_abs_error_pct, 2) : QStringLiteral("-"),
             baseline > 0 ? num(s.baseline_median_abs_error_pct, 2) : QStringLiteral("-"),
             fixed(s.kendall_tau, 2), tr("%1 of %2").arg(reproduced).arg(s.conclusions.size())});
    }
    w.block(t.html());
    w.heading(tr("Conclusions"));
    Table c;
    c.header = {tr("Study"), tr("Conclusion"), tr("Reproduced")};
    for (const validation::StudyResult& s : v.studies) {
        for (const validation::Conclusion& k : s.conclusions) {
            c.rows.push_back(
                {esc(s.name), esc(k.statement), k.reproduced ? tr("yes") : tr("<b>no</b>")});
        }
    }
    w.block(c.html());
    // A reader who sees "no" wants the reason next to it, not only in docs/validation.
    for (const validation::StudyResult& s : v.studies) {
        for (const validation::Conclusion& k : s.conclusions) {
            if (!k.reproduced) {
                w.block(QStringLiteral("<p><b>%1</b> (%2): %3</p>")
                            .arg(tr("Not reproduced"), esc(s.name), esc(k.evidence)));
            }
        }
    }
}

}  // namespace

void build_document(QTextDocument& doc, const ReportInput& in, std::vector<Figure>& figures) {
    Writer w(doc, figures);
    title_page(w, in);
    inputs(w, in);
    recommendation(w, in);
    alternatives(w, in);
    chart_section(w, in);
    reliability_cost(w, in);
    sensitivity_section(w, in);
    assumptions(w, in);
    validation_section(w, in);
}

}  // namespace raidadv::report::detail
