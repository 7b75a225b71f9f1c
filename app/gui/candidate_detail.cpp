#include "candidate_detail.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>
#include <cmath>

#include "advice_charts.h"
#include "advisor/explain.h"
#include "recommendations_model.h"
#include "results_model.h"

namespace raidadv::gui {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("CandidateDetail", text);
}

QString esc(const std::string& text) {
    return QString::fromStdString(text).toHtmlEscaped();
}

QString row(const QString& name, const QString& value) {
    return QStringLiteral("<tr><td style='padding-right:12px'>%1</td><td>%2</td></tr>")
        .arg(name, value);
}

QString money(double usd, const advisor::Request& request) {
    return QString::fromStdString(advisor::format_money(usd, request.constraints)).toHtmlEscaped();
}

QString probability(double p) {
    if (!std::isfinite(p)) {
        return QStringLiteral("-");
    }
    if (p < 1e-6) {
        return tr("under 0.0001%");
    }
    return ResultsModel::formatNumber(p * 100.0) + QStringLiteral(" %");
}

QString rebuildTime(double seconds, int failuresTolerated) {
    if (failuresTolerated <= 0) {
        return tr("none (no redundancy to rebuild)");
    }
    if (!std::isfinite(seconds) || seconds <= 0.0) {
        return tr("not estimated");
    }
    return QString::fromStdString(advisor::format_time(seconds));
}

}  // namespace

QString candidateDetailHtml(const advisor::Candidate& c, int rank,
                            const advisor::Explanation* explanation,
                            const advisor::Request& request) {
    const advisor::Assessment& a = c.assessment;
    const System& s = c.system;
    const bool files = request.workload.unit == Workload::Unit::File;
    QString html;
    html += QStringLiteral("<h3>%1%2</h3>")
                .arg(rank == 1 ? tr("The pick: ") : tr("Rank %1: ").arg(rank),
                     esc(advisor::describe(s)));
    if (explanation != nullptr) {
        html += QStringLiteral("<p><b>%1</b></p>").arg(esc(explanation->headline));
        if (!explanation->reasons.empty()) {
            html += QStringLiteral("<ul>");
            for (const std::string& reason : explanation->reasons) {
                html += QStringLiteral("<li>%1</li>").arg(esc(reason));
            }
            html += QStringLiteral("</ul>");
        }
        if (!explanation->what_would_change.empty()) {
            html += tr("<p><b>What would change the choice</b></p>") + QStringLiteral("<ul>");
            for (const std::string& change : explanation->what_would_change) {
                html += QStringLiteral("<li>%1</li>").arg(esc(change));
            }
            html += QStringLiteral("</ul>");
        }
    } else {
        html +=
            tr("<p><i>The advisor writes explanations for its top three candidates; this "
               "one's numbers follow.</i></p>");
    }

    html += tr("<p><b>Parts</b></p>") + QStringLiteral("<table>");
    html += row(tr("Drives"), tr("%1 x %2").arg(s.total_drives()).arg(esc(s.drive.info.name)));
    html +=
        row(tr("Layout"),
            raidLevelName(s.layout.level) +
                (s.layout.volumes > 1
                     ? tr(", %1 volumes of %2 drives").arg(s.layout.volumes).arg(s.layout.drives)
                     : QString()));
    if (s.layout.level != RaidLevel::Simple && s.layout.level != RaidLevel::Raid1) {
        html += row(tr("Stripe unit"),
                    QStringLiteral("%1 KiB").arg(s.layout.stripe_unit_bytes / 1024.0));
    }
    html += row(tr("Controller"), esc(s.controller.info.name));
    html += row(tr("Drive link"), esc(s.drive_link.info.name));
    html += row(tr("Host"), esc(s.host.info.name));
    html += QStringLiteral("</table>");

    html += tr("<p><b>Performance per load point</b></p>");
    html += QStringLiteral(
                "<table cellpadding='2'><tr><th align='right'>%1</th><th align='right'>%2</th>"
                "<th align='right'>%3</th><th align='right'>%4</th><th align='right'>%5</th>"
                "<th align='left'>%6</th></tr>")
                .arg(tr("Load"), files ? tr("Files/s") : tr("IOPS"), tr("MB/s"), tr("Mean (ms)"),
                     tr("p95 (ms)"), tr("Bottleneck"));
    for (const PointMetrics& p : c.performance.points) {
        QString load = tr("%1/s").arg(ResultsModel::formatNumber(p.arrival_rate_per_s));
        if (p.concurrency > 0) {
            load = !files               ? tr("%1 outstanding").arg(p.concurrency)
                   : p.concurrency == 1 ? tr("1 process")
                                        : tr("%1 processes").arg(p.concurrency);
        }
        const bool bad =
            p.saturated || !std::isfinite(p.mean_response_s) || p.mean_response_s < 0.0;
        const auto ms = [bad](double seconds) {
            return bad || !std::isfinite(seconds) || seconds < 0.0
                       ? tr("saturated")
                       : ResultsModel::formatNumber(seconds * 1e3);
        };
        html += QStringLiteral(
                    "<tr><td align='right'>%1</td><td align='right'>%2</td><td "
                    "align='right'>%3</td><td align='right'>%4</td><td align='right'>%5</td>"
                    "<td>%6</td></tr>")
                    .arg(load, bad ? tr("saturated") : ResultsModel::formatNumber(p.iops),
                         bad ? tr("saturated") : ResultsModel::formatNumber(p.mb_per_s),
                         ms(p.mean_response_s), ms(p.p95_response_s),
                         esc(advisor::component_name(p.bottleneck)));
    }
    html += QStringLiteral("</table>");

    html += tr("<p><b>Cost</b></p>") + QStringLiteral("<table>");
    if (a.price_known) {
        html += row(tr("Total"), QStringLiteral("<b>%1</b>").arg(money(a.total_usd, request)));
        html += row(tr("Drives"), money(a.drives_usd, request));
        html += row(tr("Controller"), money(a.controller_usd, request));
        if (a.enclosure_usd > 0.0) {
            html += row(tr("Drive bays"), money(a.enclosure_usd, request));
        }
        if (a.power_usd > 0.0) {
            html += row(tr("Power over the horizon"), money(a.power_usd, request));
        }
        if (a.usd_per_usable_tb > 0.0) {
            html += row(tr("Per usable TB"), money(a.usd_per_usable_tb, request));
        }
    } else {
        html += row(tr("Total"), tr("unknown: a part has no catalog price"));
    }
    html += QStringLiteral("</table>");

    html += tr("<p><b>Capacity and reliability</b></p>") + QStringLiteral("<table>");
    html += row(tr("Usable capacity"),
                QString::fromStdString(advisor::format_capacity(a.usable_bytes)).toHtmlEscaped());
    html += row(tr("Drive failures survived"), QString::number(a.failures_tolerated));
    html += row(tr("Rebuild time"), rebuildTime(a.rebuild_time_s, a.failures_tolerated));
    html += row(tr("Data loss over %1 years").arg(request.constraints.horizon_years),
                probability(a.p_data_loss));
    html += QStringLiteral("</table>");
    if (!a.assumptions.empty()) {
        html += tr("<p><small>Assumptions: %1</small></p>").arg(esc([&] {
            std::string all;
            for (const std::string& x : a.assumptions) {
                all += (all.empty() ? "" : "; ") + x;
            }
            return all;
        }()));
    }
    return html;
}

QString noCandidateHtml(const advisor::Result& result) {
    QString html = tr("<h3>No configuration fits</h3>");
    if (!result.problems.empty()) {
        html += QStringLiteral("<ul>");
        for (const std::string& problem : result.problems) {
            html += QStringLiteral("<li>%1</li>").arg(esc(problem));
        }
        html += QStringLiteral("</ul>");
    }
    if (!result.stats.rejected.empty()) {
        html += tr("<p>Candidates rejected:</p><ul>");
        for (const auto& [reason, count] : result.stats.rejected) {
            html += QStringLiteral("<li>%1: %2</li>").arg(count).arg(esc(reason));
        }
        html += QStringLiteral("</ul>");
    }
    html += tr("<p>Loosen a limit in the What-if panel (budget, bays, failures, capacity).</p>");
    return html;
}

}  // namespace raidadv::gui
