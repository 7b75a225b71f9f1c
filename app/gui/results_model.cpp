#include "results_model.h"

#include <QLocale>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <utility>

#include "band_text.h"
#include "size_units.h"

namespace raidadv::gui {

namespace {

bool isOpenPoint(const raidadv::PointMetrics& point) {
    return point.concurrency <= 0;
}

/// Arrival rates as the user wrote them: whole numbers without decimals ("10/s", "2,500/s").
QString formatRate(double rate) {
    if (std::isfinite(rate) && rate == std::round(rate) && std::abs(rate) < 1e15) {
        return QLocale().toString(static_cast<qlonglong>(rate));
    }
    return ResultsModel::formatNumber(rate);
}

bool isNumericColumn(int column) {
    return column == ResultsModel::LoadColumn || column == ResultsModel::IopsColumn ||
           column == ResultsModel::MbPerSecondColumn ||
           column == ResultsModel::MeanResponseColumn || column == ResultsModel::P95ResponseColumn;
}

bool isMetricColumn(int column) {
    return column == ResultsModel::IopsColumn || column == ResultsModel::MbPerSecondColumn ||
           column == ResultsModel::MeanResponseColumn || column == ResultsModel::P95ResponseColumn;
}

}  // namespace

ResultsModel::ResultsModel(QObject* parent) : QAbstractTableModel(parent) {}

void ResultsModel::setEvaluations(std::vector<raidadv::Evaluation> evaluations) {
    beginResetModel();
    evaluations_ = std::move(evaluations);
    rows_.clear();
    for (std::size_t e = 0; e < evaluations_.size(); ++e) {
        for (std::size_t p = 0; p < evaluations_[e].points.size(); ++p) {
            rows_.push_back({static_cast<int>(e), static_cast<int>(p)});
        }
    }
    endResetModel();
}

void ResultsModel::clear() {
    setEvaluations({});
}

void ResultsModel::refreshUnits() {
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (rowCount() > 0) {
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    }
}

const raidadv::Evaluation* ResultsModel::evaluationAt(int row) const {
    if (row < 0 || row >= static_cast<int>(rows_.size())) {
        return nullptr;
    }
    return &evaluations_[static_cast<std::size_t>(rows_[static_cast<std::size_t>(row)].evaluation)];
}

const raidadv::PointMetrics* ResultsModel::pointAt(int row) const {
    const raidadv::Evaluation* evaluation = evaluationAt(row);
    if (evaluation == nullptr) {
        return nullptr;
    }
    const auto point = static_cast<std::size_t>(rows_[static_cast<std::size_t>(row)].point);
    return &evaluation->points[point];
}

int ResultsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ResultsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ResultsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.column() < 0 || index.column() >= ColumnCount) {
        return {};
    }
    const raidadv::Evaluation* evaluation = evaluationAt(index.row());
    const raidadv::PointMetrics* point = pointAt(index.row());
    if (evaluation == nullptr || point == nullptr) {
        return {};
    }
    switch (role) {
        case Qt::DisplayRole:
            return display(*evaluation, *point, index.column());
        case RawValueRole:
            return raw(*evaluation, *point, index.column());
        case Qt::ToolTipRole: {
            const QString tip = toolTip(*point, index.column());
            return tip.isEmpty() ? QVariant() : QVariant(tip);
        }
        case Qt::TextAlignmentRole:
            if (isNumericColumn(index.column())) {
                return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
            }
            return QVariant::fromValue(Qt::Alignment(Qt::AlignLeft | Qt::AlignVCenter));
        default:
            return {};
    }
}

QVariant ResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) {
        return {};
    }
    if (role == Qt::DisplayRole) {
        switch (section) {
            case SystemColumn:
                return tr("System");
            case WorkloadColumn:
                return tr("Workload");
            case LoadColumn:
                return tr("Concurrency / Arrival rate");
            case IopsColumn:
                return tr("IOPS");
            case MbPerSecondColumn:
                return throughputUnitName();
            case MeanResponseColumn:
                return tr("Mean response (ms)");
            case P95ResponseColumn:
                return tr("p95 (ms)");
            case BottleneckColumn:
                return tr("Bottleneck");
            default:
                return {};
        }
    }
    if (role == Qt::TextAlignmentRole) {
        return QVariant::fromValue(Qt::Alignment(
            (isNumericColumn(section) ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
            case SystemColumn:
                return tr("The storage system the project describes (drives, layout, controller)");
            case WorkloadColumn:
                return tr("The workload the system was evaluated under");
            case LoadColumn:
                return tr(
                    "Closed load: requests (or processes) outstanding.\n"
                    "Open load: arrivals per second.");
            case IopsColumn:
                return tr("Requests per second (files per second for file workloads)") +
                       QLatin1Char('\n') + rangeMeaning();
            case MbPerSecondColumn:
                return (sizeUnits() == SizeUnits::Binary
                            ? tr("User data throughput, in MiB/s (2^20 bytes per second)")
                            : tr("User data throughput, in MB/s (10^6 bytes per second)")) +
                       QLatin1Char('\n') + rangeMeaning();
            case MeanResponseColumn:
                return tr("Mean time from issuing a request to its completion, in "
                          "milliseconds") +
                       QLatin1Char('\n') + rangeMeaning();
            case P95ResponseColumn:
                return tr(
                    "95th percentile response time (estimate), in milliseconds: 95 of 100 "
                    "requests finish sooner");
            case BottleneckColumn:
                return tr("Component with the highest utilization");
            default:
                return {};
        }
    }
    return {};
}

QString ResultsModel::formatNumber(double value) {
    if (!std::isfinite(value)) {
        return QStringLiteral("-");
    }
    if (value == 0.0) {
        return QStringLiteral("0");
    }
    const double magnitude = std::floor(std::log10(std::abs(value)));
    const int decimals = static_cast<int>(std::clamp(2.0 - magnitude, 0.0, 6.0));
    return QLocale().toString(value, 'f', decimals);
}

QVariant ResultsModel::display(const raidadv::Evaluation& evaluation,
                               const raidadv::PointMetrics& point, int column) const {
    if (point.saturated && isMetricColumn(column)) {
        return tr("saturated");
    }
    switch (column) {
        case SystemColumn:
            return QString::fromStdString(evaluation.system);
        case WorkloadColumn:
            return QString::fromStdString(evaluation.workload);
        case LoadColumn:
            if (isOpenPoint(point)) {
                return tr("%1/s").arg(formatRate(point.arrival_rate_per_s));
            }
            return QLocale().toString(point.concurrency);
        case IopsColumn:  // "420 (380–470)": the 80% range in brackets, if the point has one
            return withRange(formatNumber(point.iops), iopsRange(point.band.iops));
        case MbPerSecondColumn:
            return withRange(formatNumber(throughputValue(point.mb_per_s)),
                             throughputRange(point.band.mb_per_s));
        case MeanResponseColumn:
            return withRange(formatNumber(point.mean_response_s * 1e3),
                             responseRangeMs(point.band.mean_response_s));
        case P95ResponseColumn:
            return formatNumber(point.p95_response_s * 1e3);
        case BottleneckColumn:
            return QString::fromStdString(point.bottleneck);
        default:
            return {};
    }
}

QVariant ResultsModel::raw(const raidadv::Evaluation& evaluation,
                           const raidadv::PointMetrics& point, int column) const {
    switch (column) {
        case SystemColumn:
            return QString::fromStdString(evaluation.system);
        case WorkloadColumn:
            return QString::fromStdString(evaluation.workload);
        case LoadColumn:
            return isOpenPoint(point) ? QVariant(point.arrival_rate_per_s)
                                      : QVariant(point.concurrency);
        case IopsColumn:
            return point.iops;
        case MbPerSecondColumn:
            return throughputValue(point.mb_per_s);
        case MeanResponseColumn:
            return point.mean_response_s * 1e3;
        case P95ResponseColumn:
            return point.p95_response_s * 1e3;
        case BottleneckColumn:
            return QString::fromStdString(point.bottleneck);
        default:
            return {};
    }
}

QString ResultsModel::toolTip(const raidadv::PointMetrics& point, int column) const {
    switch (column) {
        case LoadColumn:
            if (isOpenPoint(point)) {
                return tr("Open load: %1 arrivals per second")
                    .arg(formatRate(point.arrival_rate_per_s));
            }
            return tr("Closed load: %1 outstanding").arg(point.concurrency);
        case IopsColumn:
        case MbPerSecondColumn:
        case MeanResponseColumn:
        case P95ResponseColumn:
            if (point.saturated) {
                return tr(
                    "The arrival rate is at or beyond the bottleneck's capacity: "
                    "queues grow without bound.");
            }
            if (column == IopsColumn) {
                return rangeToolTip(point.band, iopsRange(point.band.iops), tr("IOPS"));
            }
            if (column == MbPerSecondColumn) {
                return rangeToolTip(point.band, throughputRange(point.band.mb_per_s),
                                    throughputUnitName());
            }
            if (column == MeanResponseColumn) {
                return rangeToolTip(point.band, responseRangeMs(point.band.mean_response_s),
                                    tr("ms"));
            }
            return {};
        case BottleneckColumn: {
            if (point.utilization.empty()) {
                return {};
            }
            std::vector<std::pair<std::string, double>> byLoad(point.utilization.begin(),
                                                               point.utilization.end());
            std::stable_sort(byLoad.begin(), byLoad.end(),
                             [](const auto& a, const auto& b) { return a.second > b.second; });
            QStringList lines{tr("Utilization:")};
            for (const auto& [component, busy] : byLoad) {
                lines << tr("%1: %2 %")
                             .arg(QString::fromStdString(component),
                                  QLocale().toString(busy * 100.0, 'f', 1));
            }
            return lines.join(QLatin1Char('\n'));
        }
        default:
            return {};
    }
}

}  // namespace raidadv::gui
