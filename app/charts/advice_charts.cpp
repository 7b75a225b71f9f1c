#include "advice_charts.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

#include "advisor/explain.h"
#include "advisor/target_changes.h"
#include "size_units.h"

namespace raidadv::gui {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("AdviceCharts", text);
}

bool usable(double v) {
    return std::isfinite(v) && v > 0.0;
}

}  // namespace

QString raidLevelName(RaidLevel level) {
    switch (level) {
        case RaidLevel::Simple:
            return tr("independent drives");
        case RaidLevel::Raid0:
            return QStringLiteral("RAID 0");
        case RaidLevel::Raid1:
            return QStringLiteral("RAID 1");
        case RaidLevel::Raid10:
            return QStringLiteral("RAID 10");
        case RaidLevel::Raid01:
            return QStringLiteral("RAID 0+1");
        case RaidLevel::Raid5:
            return QStringLiteral("RAID 5");
        case RaidLevel::Raid6:
            return QStringLiteral("RAID 6");
        case RaidLevel::Raid50:
            return QStringLiteral("RAID 50");
        case RaidLevel::Raid60:
            return QStringLiteral("RAID 60");
        default:
            return QString::fromStdString(advisor::level_display_name(level));
    }
}

QString shortLabel(const advisor::Candidate& c, std::size_t rank) {
    const Layout& l = c.system.layout;
    QString text = QStringLiteral("#%1 %2 x %3")
                       .arg(rank)
                       .arg(c.system.total_drives())
                       .arg(raidLevelName(l.level));
    if (is_zfs(l.level)) {
        text += tr(", %1 records").arg(formatStripeUnit(l.record_bytes));
    } else if (l.level != RaidLevel::Simple && l.level != RaidLevel::Raid1) {
        text += QStringLiteral(", %1").arg(formatStripeUnit(l.stripe_unit_bytes));
    }
    if (l.volumes > 1) {
        text += tr(", %1 volumes").arg(l.volumes);
    }
    return text;
}

QColor candidateColour(const NamedCandidate& named, int fallback) {
    return charts::series_colour(named.rank > 0 ? static_cast<int>(named.rank) - 1 : fallback);
}

charts::Chart responseChart(const std::vector<NamedCandidate>& candidates,
                            const advisor::Request& request) {
    charts::Chart chart;
    const bool closed = !request.workload.concurrency.empty();
    const bool files = request.workload.unit == Workload::Unit::File;
    chart.title = tr("Mean response time against load");
    chart.x_title = closed ? (files ? tr("Concurrent processes") : tr("Outstanding requests"))
                           : (files ? tr("Files per second") : tr("Requests per second"));
    chart.y_title = tr("Response (ms)");
    chart.start_at_zero = true;
    std::vector<double> xs;
    int colour = 0;
    for (const NamedCandidate& named : candidates) {
        if (named.candidate == nullptr) {
            continue;
        }
        const advisor::Candidate& c = *named.candidate;
        charts::Series s;
        s.name = named.name;
        s.style = charts::Series::Style::LineAndMarkers;
        s.color = candidateColour(named, colour++);  // one colour per rank, in every tab
        charts::Band band;
        band.color = s.color;
        for (const PointMetrics& p : c.performance.points) {
            const bool isClosed = p.concurrency > 0;
            if (isClosed != closed || p.saturated || !usable(p.mean_response_s)) {
                continue;  // never draw a saturated point as a time
            }
            s.x.push_back(closed ? p.concurrency : p.arrival_rate_per_s);
            s.y.push_back(p.mean_response_s * 1e3);
            s.point_labels.push_back(shortLabel(c, named.rank));
            xs.push_back(s.x.back());
            const Interval& range = p.band.mean_response_s;
            if (usable(range.low) && range.high >= range.low) {  // no band: nothing drawn
                band.x.push_back(s.x.back());
                band.low.push_back(range.low * 1e3);
                band.high.push_back(range.high * 1e3);
            }
        }
        // One band, the first line's (the pick's where it is shown): every line of one kind
        // has a band of the same relative width, and overlapping shades hide the lines. An area
        // needs two points.
        if (band.x.size() >= 2 && chart.bands.empty()) {
            band.name = named.rank > 0 ? tr("80% range of #%1").arg(named.rank) : tr("80% range");
            band.in_legend = true;
            chart.bands.push_back(std::move(band));
        }
        chart.series.push_back(std::move(s));
    }
    charts::mark_coincident_curves(chart);
    // A band wider than 8x from its low to its high would squash the lines against the axis
    // (the axis must hold the band's top): a log axis shows both.
    for (const charts::Band& b : chart.bands) {
        const auto low = std::min_element(b.low.begin(), b.low.end());
        const auto high = std::max_element(b.high.begin(), b.high.end());
        if (low != b.low.end() && high != b.high.end() && *low > 0.0 && *high > 8.0 * *low) {
            chart.y_scale = charts::Scale::Log10;
            chart.start_at_zero = false;
        }
    }
    if (charts::all_powers_of_two(xs) && charts::spans_more_than(xs, 8.0)) {
        chart.x_scale = charts::Scale::Log2;
    } else if (charts::spans_more_than(xs, 50.0)) {
        chart.x_scale = charts::Scale::Log10;
    }
    return chart;
}

namespace {

/// A marker-only series for the cost chart.
charts::Series markerSeries(const QString& name, const QColor& color,
                            charts::Series::Marker marker = charts::Series::Marker::Circle,
                            bool filled = true) {
    charts::Series s;
    s.name = name;
    s.style = charts::Series::Style::Markers;
    s.marker = marker;
    s.color = color;
    s.filled = filled;
    return s;
}

/// The cost chart's series before the Pareto front is put in cost order.
struct CostSeries {
    charts::Series others;  ///< every priced candidate with a response time
    charts::Series pick;    ///< the first ranked, if it is drawn
    charts::Series chosen;  ///< the selected row, if drawn and not the pick
    std::vector<std::pair<double, double>> frontPoints;  ///< (cost, ms) of the Pareto-optimal
    std::vector<QString> frontLabels;
    std::vector<double> ys;  ///< every response time drawn (ms)
};

/// Places each priced candidate with a usable response time: cost in the request's currency
/// (`rate` USD per unit) against milliseconds.
CostSeries costSeries(const advisor::Result& result, std::size_t selected, double rate) {
    CostSeries out;
    out.others = markerSeries(tr("Candidates"), QColor(0x7f, 0x7f, 0x7f),
                              charts::Series::Marker::Circle, false);
    out.pick =
        markerSeries(tr("The pick"), QColor(0x2c, 0xa0, 0x2c), charts::Series::Marker::Diamond);
    out.chosen = markerSeries(tr("Selected"), QColor(0xd6, 0x27, 0x28),
                              charts::Series::Marker::Square, false);
    for (std::size_t i = 0; i < result.ranked.size(); ++i) {
        const advisor::Candidate& c = result.ranked[i];
        const double cost = c.assessment.total_usd / rate;
        const double ms = c.performance.mean_response_s * 1e3;
        if (!c.assessment.price_known || !usable(ms) || !std::isfinite(cost)) {
            continue;
        }
        out.ys.push_back(ms);
        const QString label = shortLabel(c, i + 1);
        out.others.x.push_back(cost);
        out.others.y.push_back(ms);
        out.others.point_labels.push_back(label);
        if (c.pareto) {
            out.frontPoints.emplace_back(cost, ms);
            out.frontLabels.push_back(label);
        }
        if (i == 0) {
            out.pick.x = {cost};
            out.pick.y = {ms};
            out.pick.point_labels = {label};
        }
        if (i == selected && i != 0) {
            out.chosen.x = {cost};
            out.chosen.y = {ms};
            out.chosen.point_labels = {label};
        }
    }
    return out;
}

/// The Pareto-optimal candidates in order of cost (then response time).
charts::Series paretoSeries(const std::vector<std::pair<double, double>>& frontPoints,
                            const std::vector<QString>& frontLabels) {
    // The front is over four criteria (response, cost, loss risk, capacity): its members are
    // marked, not joined, since in these two dimensions they need not form a curve.
    charts::Series front = markerSeries(tr("Pareto-optimal"), QColor(0x1f, 0x77, 0xb4));
    std::vector<std::size_t> order(frontPoints.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
    }
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return frontPoints[a] < frontPoints[b]; });
    for (std::size_t i : order) {
        front.x.push_back(frontPoints[i].first);
        front.y.push_back(frontPoints[i].second);
        front.point_labels.push_back(frontLabels[i]);
    }
    return front;
}

}  // namespace

charts::Chart costChart(const advisor::Result& result, std::size_t selected,
                        const advisor::Request& request) {
    charts::Chart chart;
    chart.title = tr("Cost against response time");
    chart.x_title = tr("Cost (%1)").arg(QString::fromStdString(request.constraints.currency));
    chart.y_title = tr("Response (ms)");
    const double rate = request.constraints.usd_per_currency_unit > 0.0
                            ? request.constraints.usd_per_currency_unit
                            : 1.0;
    CostSeries series = costSeries(result, selected, rate);
    chart.series.push_back(std::move(series.others));
    chart.series.push_back(paretoSeries(series.frontPoints, series.frontLabels));
    chart.series.push_back(std::move(series.pick));
    if (!series.chosen.x.empty()) {
        chart.series.push_back(std::move(series.chosen));
    }
    if (charts::spans_more_than(series.ys, 20.0)) {
        chart.y_scale = charts::Scale::Log10;
    }
    return chart;
}

charts::BarChart utilizationChart(const advisor::Candidate& c) {
    charts::BarChart bars;
    bars.title = tr("Utilization at the heaviest load");
    bars.x_title = tr("Component");
    bars.y_title = tr("Busy (%)");
    bars.value_unit = QStringLiteral(" %");
    bars.max_value = 100.0;
    if (c.performance.points.empty()) {
        return bars;
    }
    const PointMetrics& p = c.performance.points.back();
    std::vector<std::pair<std::string, double>> byLoad(p.utilization.begin(), p.utilization.end());
    std::stable_sort(byLoad.begin(), byLoad.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    for (const auto& [component, busy] : byLoad) {
        bars.categories.push_back(QString::fromStdString(advisor::component_name(component)));
        bars.values.push_back(std::clamp(busy, 0.0, 1.0) * 100.0);
        bars.highlighted.push_back(component == p.bottleneck);
    }
    return bars;
}

charts::BarChart throughputChart(const advisor::Result& result, int count) {
    charts::BarChart bars;
    bars.title = tr("Throughput at the heaviest load");
    bars.x_title = tr("Candidate (rank)");
    bars.y_title = throughputUnitName();
    bars.value_unit = QLatin1Char(' ') + throughputUnitName();
    for (std::size_t i = 0; i < result.ranked.size() && static_cast<int>(i) < count; ++i) {
        bars.categories.push_back(QStringLiteral("#%1").arg(i + 1));
        const double v = throughputValue(result.ranked[i].performance.mb_per_s);
        bars.values.push_back(std::isfinite(v) && v > 0.0 ? v : 0.0);
        bars.highlighted.push_back(i == 0);
    }
    bars.highlight_color = QColor(0x2c, 0xa0, 0x2c);
    return bars;
}

}  // namespace raidadv::gui
