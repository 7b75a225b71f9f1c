// The report's inputs section: the workload with its size histogram, the needs and constraints.
// Parts the request names by catalog id are shown by their human names.

#include <QStringList>
#include <algorithm>

#include "advice_charts.h"
#include "catalog/catalog.h"
#include "report_writer.h"

namespace raidadv::report::detail {

namespace {

enum class PartKind { Drive, Controller, Link };

/// The human name of a catalog part: from the catalog if the report has it, else from the
/// candidates found; the id only if neither knows it.
std::string part_name(const ReportInput& in, PartKind kind, const std::string& id) {
    if (in.catalog != nullptr) {
        try {
            if (kind == PartKind::Drive) {
                if (const auto d = in.catalog->drive(id)) {
                    return d->info.name;
                }
            } else if (kind == PartKind::Controller) {
                if (const auto c = in.catalog->controller(id)) {
                    return c->info.name;
                }
            } else if (const auto l = in.catalog->link(id)) {
                return l->info.name;
            }
        } catch (const std::exception&) {
            // A catalog that cannot be read here: fall back to the candidates' names.
        }
    }
    for (const advisor::Candidate& c : in.result->ranked) {
        const System& s = c.system;
        const CatalogInfo& info = kind == PartKind::Drive        ? s.drive.info
                                  : kind == PartKind::Controller ? s.controller.info
                                                                 : s.drive_link.info;
        if (info.id == id && !info.name.empty()) {
            return info.name;
        }
    }
    return id;
}

QString plain_list(const std::vector<std::string>& items) {
    QStringList out;
    for (const std::string& item : items) {
        out << esc(item);
    }
    return out.isEmpty() ? tr("any") : out.join(QStringLiteral(", "));
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

/// The workload table: unit, mix, sizes, load points.
void workload_table(Writer& w, const advisor::Request& r) {
    const Workload& wl = r.workload;
    const bool files = wl.unit == Workload::Unit::File;
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
    html += row2(
        tr("Working set"),
        wl.working_set_bytes > 0.0
            ? tr("%1 (the same bytes on every configuration)").arg(size_text(wl.working_set_bytes))
            : tr("%1 of the volume").arg(percent(wl.span_fraction)));
    html += row2(tr("Load points"), load_points(wl));
    if (wl.think_time_s > 0.0) {
        html += row2(tr("Think time"), num(wl.think_time_s * 1e3) + tr(" ms"));
    }
    html += row2(tr("Data can be spread over volumes"),
                 r.can_spread_over_volumes ? tr("yes") : tr("no"));
    w.block(html + QStringLiteral("</table>"));
}

/// The size histogram of the workload, on one size unit named in the axis title.
void size_histogram(Writer& w, const Workload& wl) {
    const bool files = wl.unit == Workload::Unit::File;
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
}

/// The needs and constraints table, parts by their human names.
void constraints_table(Writer& w, const ReportInput& in) {
    const advisor::Request& r = *in.request;
    w.heading(tr("Needs and constraints"));
    const advisor::Constraints& k = r.constraints;
    QString html = QStringLiteral("<table cellpadding='2' width='100%'>");
    html += row2(tr("Capacity"),
                 tr("%1 now, %2% growth a year: %3 needed after %4 years")
                     .arg(capacity(k.capacity_bytes), fixed(100.0 * k.growth_per_year, 0),
                          capacity(k.capacity_needed_bytes()), num(k.horizon_years)));
    html += row2(tr("Budget"), k.budget_usd > 0.0 ? money(k.budget_usd, r) : tr("no limit"));
    html += row2(tr("Drive failures to survive"), QString::number(k.min_failures_tolerated));
    html += row2(tr("Writes safe across a power cut"),
                 k.power_loss_safe_writes ? tr("required: drive write caches off")
                                          : tr("not required: drive write caches as configured"));
    html += row2(tr("Longest rebuild"),
                 k.max_rebuild_hours > 0.0 ? num(k.max_rebuild_hours) + tr(" h") : tr("no limit"));
    html +=
        row2(tr("Drive bays"), r.enclosure_cost_per_bay_usd > 0.0
                                   ? tr("%1 (%2 owned, %3 per further bay)")
                                         .arg(k.max_drive_bays)
                                         .arg(r.bays_owned)
                                         .arg(money(r.enclosure_cost_per_bay_usd, r))
                                   : tr("%1 (no cost counted for the bays)").arg(k.max_drive_bays));
    html += row2(tr("Power"),
                 k.max_power_w > 0.0 ? num(k.max_power_w) + tr(" W at most") : tr("no limit"));
    if (r.include_power_cost) {
        html += row2(tr("Power cost"),
                     tr("included, %1 per kWh").arg(money(r.power_price_usd_per_kwh, r)));
    }
    const auto joined = [&](const std::vector<std::string>& ids, PartKind kind) {
        QStringList out;
        for (const std::string& id : ids) {
            out << esc(part_name(in, kind, id));
        }
        return out.isEmpty() ? tr("any") : out.join(QStringLiteral(", "));
    };
    QStringList levels;
    for (RaidLevel level : k.levels) {
        levels << gui::raidLevelName(level);
    }
    html += row2(tr("RAID layouts allowed"),
                 levels.isEmpty() ? tr("any") : levels.join(QStringLiteral(", ")));
    html += row2(tr("Drives allowed"), joined(k.drives, PartKind::Drive));
    html += row2(tr("Controllers allowed"), joined(k.controllers, PartKind::Controller));
    html +=
        row2(tr("RAID software"), k.raid_software_owned ? tr("owned: RAID layouts need no licence")
                                                        : tr("bought where a controller needs it"));
    if (!k.owned_controller.empty()) {
        html += row2(tr("Controller owned"),
                     esc(part_name(in, PartKind::Controller, k.owned_controller)));
    }
    html += row2(tr("Drive interfaces"), joined(k.interfaces, PartKind::Link));
    html += row2(tr("Drive form factors"), plain_list(k.form_factors));
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

}  // namespace

void inputs_section(Writer& w, const ReportInput& in) {
    const advisor::Request& r = *in.request;
    w.section(section_title(Section::Inputs), true);
    w.heading(tr("Workload"));
    workload_table(w, r);

    size_histogram(w, r.workload);

    constraints_table(w, in);
}

}  // namespace raidadv::report::detail
