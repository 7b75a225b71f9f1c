#include "project_draft.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace raidadv::gui {

namespace {

QJsonObject sizeJson(const raidadv::SizeDistribution& d) {
    using Kind = raidadv::SizeDistribution::Kind;
    switch (d.kind) {
        case Kind::Fixed:
            return {{QStringLiteral("fixed_bytes"), d.fixed_bytes}};
        case Kind::Uniform:
            return {{QStringLiteral("uniform_bytes"), QJsonArray{d.min_bytes, d.max_bytes}}};
        case Kind::Lognormal: {
            QJsonObject lognormal{{QStringLiteral("median_bytes"), d.median_bytes},
                                  {QStringLiteral("sigma"), d.sigma}};
            if (d.min_bytes > 0.0) {
                lognormal.insert(QStringLiteral("min_bytes"), d.min_bytes);
            }
            if (d.max_bytes > 0.0) {
                lognormal.insert(QStringLiteral("max_bytes"), d.max_bytes);
            }
            return {{QStringLiteral("lognormal"), lognormal}};
        }
        case Kind::Histogram: {
            QJsonArray bins;
            for (const auto& bin : d.bins) {
                bins.append(QJsonObject{{QStringLiteral("size_bytes"), bin.bytes},
                                        {QStringLiteral("weight"), bin.weight}});
            }
            return {{QStringLiteral("histogram"), bins}};
        }
    }
    return {};
}

QJsonArray stringArray(const QStringList& list) {
    QJsonArray array;
    for (const QString& s : list) {
        array.append(s);
    }
    return array;
}

}  // namespace

QJsonObject workloadJson(const raidadv::Workload& w) {
    const bool files = w.unit == raidadv::Workload::Unit::File;
    QJsonObject o{
        {QStringLiteral("name"), QString::fromStdString(w.name)},
        {QStringLiteral("unit"), files ? QStringLiteral("file") : QStringLiteral("request")},
        {QStringLiteral("read_fraction"), w.read_fraction},
        {QStringLiteral("sequential_fraction"), w.sequential_fraction},
        {files ? QStringLiteral("file_size") : QStringLiteral("request_size"), sizeJson(w.size)},
    };
    if (w.streams > 0) {
        o.insert(QStringLiteral("streams"), w.streams);
    }
    if (w.think_time_s > 0.0) {
        o.insert(QStringLiteral("think_time_ms"), w.think_time_s * 1e3);
    }
    if (!files && w.alignment_bytes != 4096.0) {
        o.insert(QStringLiteral("alignment_bytes"), w.alignment_bytes);
    }
    if (w.span_fraction != 1.0) {
        o.insert(QStringLiteral("span_fraction"), w.span_fraction);
    }
    if (!w.concurrency.empty()) {
        QJsonArray points;
        for (int c : w.concurrency) {
            points.append(c);
        }
        o.insert(QStringLiteral("concurrency"), points);
    }
    if (!w.arrival_rates_per_s.empty()) {
        QJsonArray rates;
        for (double r : w.arrival_rates_per_s) {
            rates.append(r);
        }
        o.insert(QStringLiteral("arrival_rates_per_s"), rates);
    }
    return o;
}

QJsonObject projectJson(const ProjectDraft& d) {
    QJsonObject advisor{
        {QStringLiteral("workload"), QString::fromStdString(d.workload.name)},
        {QStringLiteral("host"), d.hostId},
        {QStringLiteral("can_spread_over_volumes"), d.canSpreadOverVolumes},
        {QStringLiteral("capacity_gb"), d.capacityBytes / 1e9},
        {QStringLiteral("growth_percent_per_year"), d.growthPerYear * 100.0},
        {QStringLiteral("horizon_years"), d.horizonYears},
        {QStringLiteral("min_failures_tolerated"), d.minFailuresTolerated},
        {QStringLiteral("max_drive_bays"), d.maxDriveBays},
        {QStringLiteral("weights"),
         QJsonObject{{QStringLiteral("performance"), d.weights.performance},
                     {QStringLiteral("cost"), d.weights.cost},
                     {QStringLiteral("reliability"), d.weights.reliability},
                     {QStringLiteral("capacity"), d.weights.capacity}}},
    };
    if (d.budget > 0.0) {
        advisor.insert(QStringLiteral("budget"), d.budget);
    }
    if (!d.currency.isEmpty() && d.currency != QStringLiteral("USD")) {
        advisor.insert(QStringLiteral("currency"), d.currency);
        advisor.insert(QStringLiteral("usd_per_currency_unit"), d.usdPerCurrencyUnit);
    }
    QJsonObject allowed;
    if (!d.driveKinds.isEmpty()) {
        allowed.insert(QStringLiteral("drive_kinds"), stringArray(d.driveKinds));
    }
    if (!d.levels.isEmpty()) {
        allowed.insert(QStringLiteral("levels"), stringArray(d.levels));
    }
    if (!d.drives.isEmpty()) {
        allowed.insert(QStringLiteral("drives"), stringArray(d.drives));
    }
    if (!d.controllers.isEmpty()) {
        allowed.insert(QStringLiteral("controllers"), stringArray(d.controllers));
    }
    if (!allowed.isEmpty()) {
        advisor.insert(QStringLiteral("allowed"), allowed);
    }
    if (!d.ownedController.isEmpty()) {
        advisor.insert(QStringLiteral("owned_controller"), d.ownedController);
    }
    return {
        {QStringLiteral("format"), QStringLiteral("raid-advisor-project")},
        {QStringLiteral("version"), 2},
        {QStringLiteral("written_by"),
         QJsonObject{{QStringLiteral("app"), QStringLiteral("RAID Advisor")},
                     {QStringLiteral("version"), QStringLiteral(RAID_ADVISOR_VERSION)}}},
        {QStringLiteral("name"), d.name},
        {QStringLiteral("workloads"), QJsonArray{workloadJson(d.workload)}},
        {QStringLiteral("advisor"), advisor},
    };
}

QByteArray projectJsonText(const ProjectDraft& draft) {
    return QJsonDocument(projectJson(draft)).toJson(QJsonDocument::Indented);
}

}  // namespace raidadv::gui
