#include "candidate_detail.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>
#include <QStringList>
#include <algorithm>
#include <cmath>

#include "advice_charts.h"
#include "advisor/explain.h"
#include "advisor/ties.h"
#include "band_text.h"
#include "recommendations_model.h"
#include "results_model.h"
#include "size_units.h"
#include "system/md_bitmap.h"
#include "system/raid_software.h"
#include "units/units.h"

namespace raidadv::gui {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("CandidateDetail", text);
}

QString esc(const std::string& text) {
    return QString::fromStdString(text).toHtmlEscaped();
}

/// The names of `c`'s configuration and parts: kept as written in converted text.
std::vector<std::string> namesOf(const advisor::Candidate& c) {
    const System& s = c.system;
    return {s.name, s.drive.info.name, s.controller.info.name, s.drive_link.info.name,
            s.host.info.name};
}

/// Core text, converted (shownText) and escaped.
QString shown(const std::string& text, const std::vector<std::string>& names = {}) {
    return shownText(text, names).toHtmlEscaped();
}

/// Says which response figure is which: the headline's mean is the typical one over all load
/// points, the reasons speak of the heaviest point (explain.cpp bottleneck_reason).
QString responseFiguresNote(const advisor::Candidate& c, const advisor::Request& request) {
    const std::vector<PointMetrics>& points = c.performance.points;
    if (points.size() < 2 || !std::isfinite(c.performance.mean_response_s)) {
        return {};
    }
    const bool files = request.workload.unit == Workload::Unit::File;
    const auto loadName = [files](const PointMetrics& p) {
        if (p.concurrency > 0) {
            return files ? tr("%1 processes").arg(p.concurrency)
                         : tr("%1 outstanding").arg(p.concurrency);
        }
        return tr("%1/s").arg(ResultsModel::formatNumber(p.arrival_rate_per_s));
    };
    const PointMetrics& heavy = points.back();
    const QString heavyMean =
        heavy.saturated || !std::isfinite(heavy.mean_response_s)
            ? tr("saturated")
            : ResultsModel::formatNumber(heavy.mean_response_s * 1e3) + tr(" ms");
    const QString typicalRange = rangeText(responseRangeMs(advisor::response_band(c.performance)));
    return tr("<p><small>Response times: <b>typical %1 ms</b> is the mean over all %2 load "
              "points (geometric mean, %3 to %4), as ranked; <b>at the heaviest load</b> "
              "(%4) the mean is %5. The table below gives every point.</small></p>")
        .arg(ResultsModel::formatNumber(c.performance.mean_response_s * 1e3) +
             (typicalRange.isEmpty() ? QString() : tr(" (80% range %1)").arg(typicalRange)))
        .arg(points.size())
        .arg(loadName(points.front()), loadName(heavy), heavyMean);
}

/// A metric's name and value; `tip` (plain words: what it is, its unit) shows on hover.
QString row(const QString& name, const QString& value, const QString& tip) {
    return QStringLiteral(
               "<tr><td style='padding-right:12px'><span title='%3'>%1</span></td>"
               "<td><span title='%3'>%2</span></td></tr>")
        .arg(name, value, tip.toHtmlEscaped());
}

QString header(const QString& align, const QString& name, const QString& tip) {
    return QStringLiteral("<th align='%1'><span title='%3'>%2</span></th>")
        .arg(align, name, tip.toHtmlEscaped());
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
    const QString currency = QString::fromStdString(request.constraints.currency);
    const std::vector<std::string> names = namesOf(c);
    QString html;
    html += QStringLiteral("<h3>%1%2</h3>")
                .arg(rank == 1 ? tr("The pick: ") : tr("Rank %1: ").arg(rank),
                     esc(advisor::describe(s)));
    if (c.speed_tied_with_pick) {
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("\u2248 <b>Tied with the pick on speed:</b> its response time and "
                            "the pick's differ by less than the model's 80% error in comparing "
                            "two configurations, so the model cannot tell which is faster (the "
                            "ranking still orders them by the predicted figures): let cost, loss "
                            "risk and capacity decide between them."));
    }
    if (explanation != nullptr) {
        html += QStringLiteral("<p><b>%1</b></p>").arg(shown(explanation->headline, names));
        html += responseFiguresNote(c, request);
        if (!explanation->reasons.empty()) {
            html += QStringLiteral("<ul>");
            for (const std::string& reason : explanation->reasons) {
                html += QStringLiteral("<li>%1</li>").arg(shown(reason, names));
            }
            html += QStringLiteral("</ul>");
        }
        if (!explanation->what_would_change.empty()) {
            html += tr("<p><b>What would change the choice</b></p>") + QStringLiteral("<ul>");
            for (const std::string& change : explanation->what_would_change) {
                html += QStringLiteral("<li>%1</li>").arg(shown(change, names));
            }
            html += QStringLiteral("</ul>");
        }
    } else {
        html +=
            tr("<p><i>The advisor writes explanations for its top three candidates; this "
               "one's numbers follow.</i></p>");
        html += responseFiguresNote(c, request);
    }

    html += tr("<p><b>Parts</b></p>") + QStringLiteral("<table>");
    html += row(tr("Drives"), tr("%1 x %2").arg(s.total_drives()).arg(esc(s.drive.info.name)),
                tr("Number of drives in the array and the drive model"));
    html +=
        row(tr("Layout"),
            raidLevelName(s.layout.level) +
                (s.layout.volumes > 1
                     ? tr(", %1 volumes of %2 drives").arg(s.layout.volumes).arg(s.layout.drives)
                     : QString()),
            tr("How data is spread and protected over the drives (RAID level)"));
    if (is_zfs(s.layout.level)) {
        html += row(tr("Vdevs"),
                    tr("%1 of %2 drives")
                        .arg(s.layout.vdevs)
                        .arg(s.layout.drives / std::max(1, s.layout.vdevs)),
                    tr("Top-level vdevs the pool spreads its records over, and drives in each"));
        html += row(s.layout.zvol ? tr("Volblocksize") : tr("Recordsize"),
                    formatStripeUnit(s.layout.record_bytes),
                    tr("The block ZFS reads, checksums and rewrites whole (KiB = 1024 bytes)"));
    } else if (s.layout.level != RaidLevel::Simple && s.layout.level != RaidLevel::Raid1) {
        html += row(tr("Stripe unit"), formatStripeUnit(s.layout.stripe_unit_bytes),
                    tr("Bytes written to one drive before the stripe moves on to the next "
                       "drive (KiB = 1024 bytes, as controllers set it)"));
    }
    html += row(tr("Controller"), esc(advisor::array_builder_name(s)),
                tr("The RAID controller (or software RAID) that runs the layout"));
    if (linux_md(s) && s.layout.level != RaidLevel::Raid0 && s.layout.level != RaidLevel::Simple &&
        !is_zfs(s.layout.level)) {
        html +=
            row(tr("Write-intent bitmap"),
                md_bitmap_on(s) ? tr("internal, %1 MiB per bit")
                                      .arg(md_bitmap_chunk_bytes(s) / (1024.0 * 1024.0), 0, 'g', 6)
                                : tr("none"),
                tr("Linux md's record of the regions being written (mdadm --bitmap): a "
                   "write to a region idle for 5 to 10 s waits while md updates it on every "
                   "drive; without one a crash resynchronizes the whole array"));
    }
    if (s.drive.kind == DriveKind::Ssd) {
        html += row(tr("SSD writes"),
                    s.ssd_state == SsdState::Fresh ? tr("fresh out of the box")
                                                   : tr("in service (steady state)"),
                    tr("Fresh: the data sheet's burst write rates, as a new or purged drive "
                       "writes them. In service: the rate after the drive's SLC write cache, "
                       "and random writes paying for the flash's garbage collection"));
    }
    html += row(tr("Drive link"), esc(s.drive_link.info.name),
                tr("The bus or link between the controller and the drives"));
    html += row(tr("Host"), esc(s.host.info.name), tr("The computer the storage is attached to"));
    html += QStringLiteral("</table>");
    if (!c.variants.empty()) {
        // The ranking folds these into this row ("(+2)" before its name).
        QStringList lines = variantsText(c).toHtmlEscaped().split(QLatin1Char('\n'));
        html += QStringLiteral("<p>%1</p>").arg(lines.join(QStringLiteral("<br>")));
    }

    html += tr("<p><b>Performance per load point</b></p>");
    const QString right = QStringLiteral("right");
    html += QStringLiteral("<table cellpadding='2'><tr>") +
            header(right, tr("Load"),
                   files ? tr("Concurrent processes, or file requests arriving per second")
                         : tr("Requests outstanding, or requests arriving per second")) +
            header(right, files ? tr("Files/s") : tr("IOPS"),
                   files ? tr("Files read or written per second")
                         : tr("Requests completed per second")) +
            header(right, throughputUnitName(),
                   tr("User data moved per second, in %1").arg(throughputUnitName())) +
            header(right, tr("Mean (ms)"), tr("Mean response time of a request, in milliseconds")) +
            header(right, tr("p95 (ms)"),
                   tr("95th percentile response time, in milliseconds: 95 of 100 requests "
                      "finish sooner")) +
            header(QStringLiteral("left"), tr("Bottleneck"),
                   tr("The busiest component at this load: it limits throughput")) +
            QStringLiteral("</tr>");
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
        // A figure and, below it in small type, its 80% range (none for a saturated point).
        const auto banded = [&p, bad](const QString& value, const ShownRange& range,
                                      const QString& unit) {
            const QString text = bad ? QString() : rangeText(range);
            if (text.isEmpty()) {
                return value;
            }
            return QStringLiteral("<span title='%3'>%1<br><small>%2</small></span>")
                .arg(value, text, rangeToolTip(p.band, range, unit).toHtmlEscaped());
        };
        html += QStringLiteral(
                    "<tr><td align='right' valign='top'>%1</td><td align='right'>%2</td><td "
                    "align='right'>%3</td><td align='right'>%4</td><td align='right' "
                    "valign='top'>%5</td><td valign='top'>%6</td></tr>")
                    .arg(load,
                         banded(bad ? tr("saturated") : ResultsModel::formatNumber(p.iops),
                                iopsRange(p.band.iops), files ? tr("files/s") : tr("IOPS")),
                         banded(bad ? tr("saturated")
                                    : ResultsModel::formatNumber(throughputValue(p.mb_per_s)),
                                throughputRange(p.band.mb_per_s), throughputUnitName()),
                         banded(ms(p.mean_response_s), responseRangeMs(p.band.mean_response_s),
                                tr("ms")),
                         ms(p.p95_response_s), esc(advisor::component_name(p.bottleneck)));
    }
    html += QStringLiteral("</table>");
    if (!c.performance.points.empty() &&
        responseRangeMs(c.performance.points.front().band.mean_response_s).valid()) {
        html += QStringLiteral("<p><small>%1</small></p>")
                    .arg(tr("Under each figure: its 80% range, where the measured value should "
                            "fall 8 times in 10, from the model's errors in the validation "
                            "studies (evidence: %1).")
                             .arg(esc(c.performance.points.front().band.evidence)));
    }

    html += tr("<p><b>Cost</b></p>") + QStringLiteral("<table>");
    if (a.price_known) {
        html += row(tr("Total"), QStringLiteral("<b>%1</b>").arg(money(a.total_usd, request)),
                    tr("Purchase cost of the whole configuration, in %1").arg(currency));
        html += row(tr("Drives"), money(a.drives_usd, request),
                    tr("Cost of all the drives, in %1").arg(currency));
        html += row(tr("Controller"), money(a.controller_usd, request),
                    tr("Cost of the controller (nothing for software RAID or one you own), in "
                       "%1")
                        .arg(currency));
        if (a.raid_software_usd > 0.0) {
            html += row(tr("RAID software"), money(a.raid_software_usd, request),
                        tr("Licence of the host software the RAID layout needs (not owned), in %1")
                            .arg(currency));
        }
        if (a.enclosure_usd > 0.0) {
            html +=
                row(tr("Drive bays"), money(a.enclosure_usd, request),
                    tr("Cost of the drive bays needed beyond those you own, in %1").arg(currency));
        }
        if (a.power_usd > 0.0) {
            html += row(
                tr("Power over the horizon"), money(a.power_usd, request),
                tr("Electricity for the drives over the planning horizon, in %1").arg(currency));
        }
        if (a.usd_per_usable_tb > 0.0) {
            const SizeUnit tera = capacityUnit(1e15);
            // usd_per_usable_tb is per 10^12 bytes: scale to the unit shown.
            html += row(tr("Per usable %1").arg(tera.name),
                        money(a.usd_per_usable_tb * tera.divisor / 1e12, request),
                        tr("Total cost divided by the usable capacity, in %1 per %2")
                            .arg(currency, tera.name));
        }
    } else {
        html += row(tr("Total"), tr("unknown: a part has no catalog price"),
                    tr("A part has no price in the catalog, so the total is not known"));
    }
    html += QStringLiteral("</table>");

    html += tr("<p><b>Capacity and reliability</b></p>") + QStringLiteral("<table>");
    html += row(tr("Usable capacity"), formatBytes(a.usable_bytes),
                sizeUnits() == SizeUnits::Binary
                    ? tr("Space for your data after mirroring or parity (1 TiB = 2^40 bytes)")
                    : tr("Space for your data after mirroring or parity (1 TB = 10^12 bytes)"));
    html += row(tr("Drive failures survived"), QString::number(a.failures_tolerated),
                tr("Drives that may fail at once, in the worst case, without losing data"));
    html += row(tr("Rebuild time"), rebuildTime(a.rebuild_time_s, a.failures_tolerated),
                tr("Time to rebuild a replaced drive while the array keeps serving"));
    html += row(tr("Data loss over %1 years").arg(request.constraints.horizon_years),
                probability(a.p_data_loss),
                tr("Probability of losing data over the planning horizon, in percent"));
    html += QStringLiteral("</table>");
    if (!a.assumptions.empty()) {
        html += tr("<p><small>Assumptions: %1</small></p>").arg(shown([&] {
            std::string all;
            for (const std::string& x : a.assumptions) {
                all += (all.empty() ? "" : "; ") + x;
            }
            return all;
        }()));
    }
    return html;
}

QString shownText(const std::string& coreText, const std::vector<std::string>& names) {
    QString text = QString::fromStdString(coreText);
    // Names are set aside as placeholders (\x01<n>\x01) while units are converted.
    QStringList kept;
    for (const std::string& name : names) {
        const QString n = QString::fromStdString(name);
        if (!n.isEmpty() && text.contains(n)) {
            text.replace(n, QStringLiteral("\x01%1\x01").arg(kept.size()));
            kept << n;
        }
    }
    const auto restore = [&kept](QString converted) {
        for (qsizetype i = 0; i < kept.size(); ++i) {
            converted.replace(QStringLiteral("\x01%1\x01").arg(i), kept[i]);
        }
        return converted;
    };
    // Keys of the project file the core may name, as the what-if panel and wizard label them.
    static const std::pair<const char*, const char*> keys[] = {
        {"power_loss_safe_writes", "\"Writes survive a power cut\""},
        {"raid_software_owned", "\"RAID software owned\""},
        {"min_failures_tolerated", "\"Drive failures to survive\""},
        {"max_drive_bays", "\"Drive bays\""},
        {"max_rebuild_hours", "\"Longest rebuild\""},
        {"max_power_w", "\"Drive power\""},
        {"capacity_gb", "\"Capacity now\""},
    };
    for (const auto& [key, label] : keys) {
        text.replace(QLatin1String(key), tr(label));
    }
    if (sizeUnits() != SizeUnits::Binary) {
        return restore(text);  // the core writes decimal units (KB, MB/s), as shown
    }
    // "160 MB/s", "4 TB", "64 KB": decimal units the core wrote, in binary (IEC 80000-13).
    static const QRegularExpression size(
        QStringLiteral("(\\d[\\d,]*(?:\\.\\d+)?) ?(KB|MB|GB|TB|PB)(/s)?\\b"));
    static const std::pair<const char*, std::pair<double, const char*>> conversions[] = {
        {"KB", {units::kB / units::KiB, "KiB"}},    {"MB", {units::MB / units::MiB, "MiB"}},
        {"GB", {units::GB / units::GiB, "GiB"}},    {"TB", {units::TB / units::TiB, "TiB"}},
        {"PB", {1e15 / 1125899906842624.0, "PiB"}},  // derived: 10^15 / 2^50
    };
    QString out;
    qsizetype from = 0;
    for (auto it = size.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        QString number = m.captured(1);
        number.remove(QLatin1Char(','));
        bool ok = false;
        const double value = number.toDouble(&ok);
        const QString unit = m.captured(2);
        for (const auto& [name, conversion] : conversions) {
            if (ok && unit == QLatin1String(name)) {
                out += text.mid(from, m.capturedStart() - from);
                out += ResultsModel::formatNumber(value * conversion.first) + QLatin1Char(' ') +
                       QLatin1String(conversion.second) + m.captured(3);
                from = m.capturedEnd();
            }
        }
    }
    return restore(out + text.mid(from));
}

QString noCandidateHtml(const advisor::Result& result) {
    QString html = tr("<h3>No configuration fits</h3>");
    if (!result.problems.empty()) {
        html += QStringLiteral("<ul>");
        for (const std::string& problem : result.problems) {
            html += QStringLiteral("<li>%1</li>").arg(shown(problem));
        }
        html += QStringLiteral("</ul>");
    }
    if (!result.stats.rejected.empty()) {
        html += tr("<p>Candidates rejected:</p><ul>");
        for (const auto& [reason, count] : result.stats.rejected) {
            html += QStringLiteral("<li>%1: %2</li>").arg(count).arg(shown(reason));
        }
        html += QStringLiteral("</ul>");
    }
    html += tr("<p>Loosen a limit in the What-if panel (budget, bays, failures, capacity).</p>");
    return html;
}

}  // namespace raidadv::gui
