#include "risk_charts.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

#include "size_units.h"

namespace raidadv::gui {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("RiskCharts", text);
}

}  // namespace

bool hasStripeTrials(const std::vector<NamedCandidate>& candidates) {
    return std::any_of(candidates.begin(), candidates.end(), [](const NamedCandidate& n) {
        return n.candidate != nullptr && !n.candidate->stripe_trials.empty();
    });
}

charts::Chart stripeChart(const std::vector<NamedCandidate>& candidates) {
    charts::Chart chart;
    chart.title = tr("Response time against stripe unit");
    const SizeUnit kilo = stripeUnit();
    chart.x_title = tr("Stripe unit (%1)").arg(kilo.name);
    chart.y_title = tr("Response (ms)");
    chart.x_scale = charts::Scale::Log2;
    chart.start_at_zero = true;
    charts::Series chosen;
    chosen.name = tr("In use");
    chosen.style = charts::Series::Style::Markers;
    chosen.marker = charts::Series::Marker::Diamond;
    chosen.color = QColor(0x30, 0x30, 0x30);
    chosen.filled = false;
    int colour = 0;
    for (const NamedCandidate& named : candidates) {
        if (named.candidate == nullptr || named.candidate->stripe_trials.empty()) {
            continue;
        }
        const advisor::Candidate& c = *named.candidate;
        // Legends name the rank ("#2", as the response chart does: longer names were cut
        // short); hovering a point shows the whole configuration.
        charts::Series s;
        s.name = named.name;
        s.style = charts::Series::Style::LineAndMarkers;
        s.color = candidateColour(named, colour++);  // one colour per rank, in every tab
        for (const advisor::StripeTrial& t : c.stripe_trials) {
            if (!t.feasible || !(t.mean_response_s > 0.0) || !std::isfinite(t.mean_response_s)) {
                continue;  // a saturated unit has no response time to draw
            }
            s.x.push_back(t.unit_bytes / kilo.divisor);
            s.y.push_back(t.mean_response_s * 1e3);
            s.point_labels.push_back(shortLabel(c, named.rank));
            if (t.unit_bytes == c.system.layout.stripe_unit_bytes) {
                chosen.x.push_back(s.x.back());
                chosen.y.push_back(s.y.back());
                chosen.point_labels.push_back(tr("%1: unit in use").arg(shortLabel(c, named.rank)));
            }
        }
        chart.series.push_back(std::move(s));
    }
    charts::mark_coincident_curves(chart);
    if (chart.series.empty()) {
        chart.title = tr("Stripe unit: no striped configuration was refined");
    } else {
        chart.series.push_back(std::move(chosen));
    }
    return chart;
}

charts::Chart lossChart(const std::vector<NamedCandidate>& candidates,
                        const advisor::Request& request) {
    charts::Chart chart;
    const double horizon = std::max(1.0, request.constraints.horizon_years);
    chart.title = tr("Probability of data loss over %1 years").arg(horizon, 0, 'g', 3);
    chart.x_title = tr("Years in service");
    chart.y_title = tr("Probability of loss (%)");
    chart.start_at_zero = true;
    constexpr int kSteps = 20;
    std::vector<double> ends;
    int colour = 0;
    for (const NamedCandidate& named : candidates) {
        if (named.candidate == nullptr) {
            continue;
        }
        const advisor::Candidate& c = *named.candidate;
        charts::Series s;
        s.name = named.name;
        s.style = charts::Series::Style::Line;
        s.color = candidateColour(named, colour++);  // one colour per rank, in every tab
        for (const advisor::LossPoint& p :
             advisor::loss_over_time(c.system, request, horizon, kSteps)) {
            if (!std::isfinite(p.p_data_loss)) {
                continue;
            }
            s.x.push_back(p.years);
            s.y.push_back(p.p_data_loss * 100.0);
            s.point_labels.push_back(shortLabel(c, named.rank));
        }
        if (!s.y.empty()) {
            ends.push_back(s.y.back());
        }
        chart.series.push_back(std::move(s));
    }
    // Loss risks of RAID 0 and RAID 6 differ by orders of magnitude: a log axis shows both
    // (the zero at year 0 is then left out, as a log axis cannot show it).
    if (charts::spans_more_than(ends, 100.0)) {
        chart.y_scale = charts::Scale::Log10;
        chart.start_at_zero = false;
    }
    charts::mark_coincident_curves(chart);
    return chart;
}

}  // namespace raidadv::gui
