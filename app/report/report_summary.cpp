// The report's first page: a title block and the buying summary (core/advisor/buying_summary):
// what to buy with dated prices, what it achieves, the risks in words, and how to build it.
// A manager reads this page and no other.

#include <QLocale>

#include "advisor/buying_summary.h"
#include "format/format.h"
#include "report_writer.h"

namespace raidadv::report::detail {

namespace {

void title_block(Writer& w, const ReportInput& in) {
    QString html =
        QStringLiteral(
            "<p align='center' style='font-size:20pt; font-weight:bold; color:#1f3b5c'>%1</p>"
            "<p align='center' style='font-size:14pt'>%2</p>")
            .arg(tr("RAID Advisor report"), in.project_name.toHtmlEscaped());
    if (!in.project_description.isEmpty()) {
        html += QStringLiteral("<p align='center'><i>%1</i></p>")
                    .arg(in.project_description.toHtmlEscaped());
    }
    html += QStringLiteral("<p align='center' style='font-size:8pt; color:#555555'>%1</p>")
                .arg(tr("%1, RAID Advisor %2. Predictions of the analytic queueing model for "
                        "hardware from the bundled catalog. MB/s = 10^6 bytes per second, "
                        "TB = 10^12 bytes, KiB = 1024 bytes.")
                         .arg(QLocale::c().toString(in.created, QStringLiteral("yyyy-MM-dd")),
                              in.app_version.toHtmlEscaped()));
    w.plainHtml(html);
}

QString unit_price(const advisor::ShoppingLine& line, const advisor::Request& r) {
    if (line.owned) {
        return tr("you have it");
    }
    if (!line.price_known) {
        return tr("unknown");
    }
    if (line.user_price) {
        return money(line.unit_usd, r) + tr(" (your price)");
    }
    return esc(format::dated_price(line.unit_usd, line.price_date, r.constraints.currency,
                                   r.constraints.usd_per_currency_unit));
}

QString line_total(const advisor::ShoppingLine& line, const advisor::Request& r) {
    if (line.owned || line.free) {
        return tr("nothing to pay");
    }
    return line.price_known ? money(line.total_usd, r) : tr("unknown");
}

void shopping_list(Writer& w, const advisor::BuyingSummary& s, const advisor::Request& r) {
    w.heading(tr("What to buy"));
    Table t;
    t.header = {tr("Part"), tr("Part number"), tr("Qty"), tr("Unit price"), tr("Total")};
    t.right = {false, false, true, true, true};
    t.widths = {37, 20, 5, 23, 15};
    for (const advisor::ShoppingLine& line : s.items) {
        t.rows.push_back({esc(line.role) + QStringLiteral(": ") + esc(line.part),
                          line.part_number.empty() ? QStringLiteral("-") : esc(line.part_number),
                          QString::number(line.quantity), unit_price(line, r),
                          line_total(line, r)});
    }
    QString dates;
    if (!s.oldest_price_date.empty()) {
        dates = s.oldest_price_date == s.newest_price_date
                    ? tr(" (prices of %1)").arg(esc(s.oldest_price_date))
                    : tr(" (prices of %1 to %2)")
                          .arg(esc(s.oldest_price_date), esc(s.newest_price_date));
    }
    t.rows.push_back(
        {QStringLiteral("<b>%1</b>").arg(tr("Total") + dates), QString(), QString(), QString(),
         QStringLiteral("<b>%1</b>")
             .arg(money(s.total_usd, r) + (s.total_known ? QString() : tr(" or more")))});
    w.block(t.html());
    if (s.power_usd > 0.0) {
        w.block(QStringLiteral("<p>%1</p>")
                    .arg(tr("Electricity for the drives over %1 years: about %2.")
                             .arg(num(s.horizon_years), money(s.power_usd, r))));
    }
}

/// `pick`'s load points (the summary's, in the same order) give each figure its 80% range.
void achievements(Writer& w, const advisor::BuyingSummary& s, const advisor::Candidate& pick) {
    w.heading(tr("What it achieves"));
    Table t;
    t.header = {tr("Load"), s.files ? tr("Files/s") : tr("IOPS"), tr("MB/s"),
                tr("Mean response (ms)"), tr("95th percentile (ms)")};
    t.right = {false, true, true, true, true};
    const std::vector<PointMetrics>& points = pick.performance.points;
    for (std::size_t i = 0; i < s.points.size(); ++i) {
        const advisor::LoadPointResult& p = s.points[i];
        const PointBand band = i < points.size() ? points[i].band : PointBand{};
        t.rows.push_back({esc(p.load),
                          with_range(esc(format::per_second(p.per_second)), rate_range(band.iops)),
                          with_range(num(p.bytes_per_second / 1e6), rate_range(band.mb_per_s)),
                          with_range(ms(p.mean_response_s), ms_range(band.mean_response_s)),
                          ms(p.p95_response_s)});
    }
    w.block(t.html());
    if (const QString sentence = range_sentence(pick); !sentence.isEmpty()) {
        w.block(QStringLiteral("<p style='font-size:8pt'>%1</p>").arg(sentence));
    }
    QString needs;
    if (s.capacity_needed_bytes > 0.0) {
        needs = tr(" (%1 needed after %2 years)")
                    .arg(capacity(s.capacity_needed_bytes), num(s.horizon_years));
    }
    w.block(QStringLiteral("<p>%1</p>")
                .arg(tr("Usable capacity <b>%1</b>%2; survives <b>%3</b> failed drive(s) per "
                        "volume; chance of data loss over %4 years <b>%5</b>.")
                         .arg(capacity(s.usable_bytes), needs)
                         .arg(s.failures_tolerated)
                         .arg(num(s.horizon_years), probability(s.p_data_loss))));
}

void build_steps(Writer& w, const advisor::BuildMethod& method, const QString& title) {
    w.heading(title);
    w.list(method.steps, Writer::ListStyle::Steps);
    if (!method.commands.empty()) {
        w.code(method.commands);
    }
    for (const std::string& note : method.notes) {
        w.block(QStringLiteral("<p style='font-size:8pt'>%1</p>").arg(esc(note)));
    }
}

}  // namespace

void buying_summary_section(Writer& w, const ReportInput& in) {
    title_block(w, in);
    const advisor::Result& result = *in.result;
    const advisor::Request& r = *in.request;
    w.section(section_title(Section::BuyingSummary));
    if (result.ranked.empty()) {
        w.block(QStringLiteral("<p><b>%1</b></p>")
                    .arg(tr("Nothing to buy: no configuration meets every constraint.")));
        w.list(result.problems);
        return;
    }
    const advisor::BuyingSummary s = advisor::buying_summary(result.ranked.front(), r);
    w.block(QStringLiteral("<p style='font-size:11pt'>%1 <b>%2</b></p>")
                .arg(tr("Recommended:"), esc(s.configuration)));
    shopping_list(w, s, r);
    achievements(w, s, result.ranked.front());
    w.heading(tr("Risks"));
    w.list(s.risks);
    build_steps(w, s.plan.primary,
                tr("How to build it: %1").arg(QString::fromStdString(s.plan.primary.title)));
    for (const advisor::BuildMethod& other : s.plan.alternatives) {
        build_steps(w, other, tr("Or: %1").arg(QString::fromStdString(other.title)));
    }
}

}  // namespace raidadv::report::detail
