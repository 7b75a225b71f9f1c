// The report's results sections: the recommendation (headline, reasons, layout diagram, the
// pick at each load point), the ranked alternatives and the charts.

#include <algorithm>

#include "advice_charts.h"
#include "advisor/explain.h"
#include "advisor/ties.h"
#include "format/format.h"
#include "report_writer.h"

namespace raidadv::report::detail {

QString range_sentence(const advisor::Candidate& c) {
    const PointBand* band = nullptr;
    for (const PointMetrics& p : c.performance.points) {
        if (p.band.mean_response_s.high > 0.0) {
            band = &p.band;
            break;
        }
    }
    if (band == nullptr) {
        return {};  // no figure has a range (every point saturated)
    }
    QString text = tr("In brackets: the 80% range of a figure, where the measured value should "
                      "fall 8 times in 10. It comes from the model's errors against the "
                      "measurements of the validation studies for this kind of prediction: %1.")
                       .arg(esc(band->evidence));
    if (!band->widened.empty()) {
        text += QLatin1Char(' ') + tr("It is widened because %1.").arg(esc(band->widened));
    }
    return text + QLatin1Char(' ') +
           tr("The model documentation, section \"Error bands\", explains how it is derived.");
}

namespace {

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
        // Each figure with its 80% range (none at a saturated point).
        t.rows.push_back({load,
                          with_range(esc(format::per_second(p.iops)), rate_range(p.band.iops)),
                          with_range(num(p.mb_per_s, 4), rate_range(p.band.mb_per_s)),
                          with_range(ms(p.mean_response_s), ms_range(p.band.mean_response_s)),
                          ms(p.p95_response_s), esc(advisor::component_name(p.bottleneck))});
    }
    w.block(t.html());
    if (const QString sentence = range_sentence(c); !sentence.isEmpty()) {
        w.block(QStringLiteral("<p>%1</p>").arg(sentence));
    }
}

}  // namespace

void recommendation_section(Writer& w, const ReportInput& in) {
    const advisor::Result& result = *in.result;
    const advisor::Request& r = *in.request;
    w.section(section_title(Section::Recommendation));
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
    f.attached_as = QString::fromStdString(pick.assessment.attached_as);
    f.width_fraction = 0.95;
    w.figure(std::move(f));
    const advisor::Assessment& a = pick.assessment;
    QString html = QStringLiteral("<table cellpadding='2' width='100%'>");
    const QString typical = ms_range(advisor::response_band(pick.performance));
    html += row2(tr("Mean response (geometric mean over the load points)"),
                 ms(pick.performance.mean_response_s) + tr(" ms") +
                     (typical.isEmpty() ? QString() : tr(" (80% range %1 ms)").arg(typical)));
    html += row2(tr("Cost"), a.price_known ? money(a.total_usd, r) : tr("unknown"));
    html += row2(tr("Usable capacity"), capacity(a.usable_bytes));
    html += row2(tr("Drive failures survived"), QString::number(a.failures_tolerated));
    html += row2(tr("Data loss over %1 years").arg(num(r.constraints.horizon_years)),
                 probability(a.p_data_loss));
    w.block(html + QStringLiteral("</table>"));
    w.heading(tr("Performance of the pick at each load point"));
    point_table(w, pick, r.workload);
}

/// The variants folded into a ranked row, as a line under its name (empty without).
QString variants_text(const advisor::Candidate& c) {
    if (c.variants.empty()) {
        return {};
    }
    QStringList names;
    for (const std::string& v : c.variants) {
        names << esc(v);
    }
    return QStringLiteral("<br/><i>%1 %2</i>")
        .arg(c.variants.size() == 1 ? tr("Variant:") : tr("Variants:"),
             names.join(QStringLiteral("; ")));
}

void alternatives_section(Writer& w, const ReportInput& in) {
    const advisor::Result& result = *in.result;
    const advisor::Request& r = *in.request;
    w.section(section_title(Section::Alternatives));
    w.block(QStringLiteral("<p>%1</p>")
                .arg(tr("The best %1 of %2 configurations that meet every constraint, by the "
                        "weighted log-utility of response time, cost, loss risk and capacity "
                        "(score 100 = the best, 0 = the worst feasible; \"=\" marks a score "
                        "that ties with a neighbour's). P = on the Pareto front (no other is "
                        "better on all four at once). Near-identical configurations are folded "
                        "into one row, their variants listed under it. Response: the typical "
                        "mean and its 80% range; \u2248 marks a tie with the pick on speed "
                        "(the response times differ by less than the model's 80% error in "
                        "comparing two configurations, so it cannot tell which is faster).")
                         .arg(std::min<std::size_t>(12, result.ranked.size()))
                         .arg(result.ranked.size())));
    Table t;
    t.header = {tr("Rank"),   tr("Score"),   tr("Response (ms)"), tr("Cost"),
                tr("Usable"), tr("P(loss)"), tr("Configuration")};
    t.right = {true, true, true, true, true, true, false};
    t.widths = {7, 7, 17, 9, 9, 11, 40};
    for (std::size_t i = 0; i < result.ranked.size() && i < 12; ++i) {
        const advisor::Candidate& c = result.ranked[i];
        t.rows.push_back(
            {QString::number(i + 1) + (c.pareto ? QStringLiteral(" P") : QString()),
             QString::fromStdString(advisor::score_text(result.ranked, i)),
             (c.speed_tied_with_pick ? QStringLiteral("\u2248 ") : QString()) +
                 with_range(ms(c.performance.mean_response_s),
                            ms_range(advisor::response_band(c.performance))),
             c.assessment.price_known ? money(c.assessment.total_usd, r) : tr("unknown"),
             capacity(c.assessment.usable_bytes), probability(c.assessment.p_data_loss),
             esc(c.system.name) + variants_text(c)});
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
    w.section(section_title(Section::Charts));
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

}  // namespace raidadv::report::detail
