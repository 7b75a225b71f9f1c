#include "recommendations_model.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>
#include <QStringList>
#include <algorithm>
#include <cmath>

#include "advisor/explain.h"
#include "advisor/ties.h"
#include "band_text.h"
#include "results_model.h"
#include "size_units.h"

namespace raidadv::gui {

namespace {

bool isNumeric(int column) {
    return column != RecommendationsModel::ConfigurationColumn &&
           column != RecommendationsModel::BottleneckColumn &&
           column != RecommendationsModel::ParetoColumn;
}

bool fileLevel(const advisor::Request& request) {
    return request.workload.unit == Workload::Unit::File;
}

}  // namespace

QString variantsText(const advisor::Candidate& c) {
    if (c.variants.empty()) {
        return {};
    }
    // advisor.h, fold_variants(): the same drives, level, cost and capacity; the mean response
    // and the loss probability within 5%.
    QString text = RecommendationsModel::tr(
        "Also possible with the same drives at the same cost (response and loss risk within "
        "5%):");
    for (const std::string& v : c.variants) {
        text += QStringLiteral("\n\u2022 ") + QString::fromStdString(v);
    }
    return text;
}

QString formatMilliseconds(double seconds) {
    if (!std::isfinite(seconds) || seconds < 0.0) {
        return RecommendationsModel::tr("saturated");
    }
    return ResultsModel::formatNumber(seconds * 1e3) + QStringLiteral(" ms");
}

RecommendationsModel::RecommendationsModel(QObject* parent) : QAbstractTableModel(parent) {}

void RecommendationsModel::setResult(const advisor::Result& result,
                                     const advisor::Request& request) {
    beginResetModel();
    result_ = result;
    request_ = request;
    double largest = 0.0;
    for (const advisor::Candidate& c : result_.ranked) {
        largest = std::max(largest, c.assessment.usable_bytes);
    }
    largestUsable_ = largest;
    endResetModel();
}

void RecommendationsModel::refreshUnits() {
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (rowCount() > 0) {
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    }
}

void RecommendationsModel::clear() {
    setResult({}, {});
}

const advisor::Candidate* RecommendationsModel::candidateAt(int row) const {
    if (row < 0 || row >= static_cast<int>(result_.ranked.size())) {
        return nullptr;
    }
    return &result_.ranked[static_cast<std::size_t>(row)];
}

int RecommendationsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(result_.ranked.size());
}

int RecommendationsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RecommendationsModel::data(const QModelIndex& index, int role) const {
    const advisor::Candidate* c = candidateAt(index.row());
    if (c == nullptr || index.column() < 0 || index.column() >= ColumnCount) {
        return {};
    }
    const bool pick = index.row() == 0;
    switch (role) {
        case Qt::DisplayRole:
            return display(*c, index.row(), index.column());
        case RawValueRole:
            return raw(*c, index.row(), index.column());
        case Qt::TextAlignmentRole:
            return QVariant::fromValue(Qt::Alignment(
                (isNumeric(index.column()) ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
        case Qt::FontRole:
            if (pick) {
                QFont bold;
                bold.setBold(true);
                return bold;
            }
            return {};
        case Qt::BackgroundRole:
            if (pick) {
                return QBrush(QColor(46, 160, 67, 70));  // readable on light and dark palettes
            }
            return {};
        case Qt::ToolTipRole:
            if (index.column() == ConfigurationColumn) {
                const QString variants = variantsText(*c);
                const QString described = QString::fromStdString(advisor::describe(c->system));
                return variants.isEmpty() ? described
                                          : described + QStringLiteral("\n\n") + variants;
            }
            if (index.column() == ScoreColumn &&
                display(*c, index.row(), ScoreColumn).toString().endsWith(QLatin1Char('='))) {
                return tr(
                    "Tied at the shown precision with the row above or below: the order "
                    "between them comes from a difference of less than half a point");
            }
            if (index.column() == ResponseColumn) {
                return responseToolTip(*c, pick);
            }
            if (pick) {
                return tr("The advisor's pick under the current weights");
            }
            return {};
        default:
            return {};
    }
}

QString RecommendationsModel::responseToolTip(const advisor::Candidate& c, bool pick) const {
    const advisor::Performance& p = c.performance;
    QStringList lines;
    if (c.speed_tied_with_pick && !result_.ranked.empty()) {
        const advisor::Candidate& top = result_.ranked.front();
        lines << tr("\u2248 Tied with the pick on speed: its response time and the pick's "
                    "differ by less than the model's 80% error in comparing two "
                    "configurations, so the model cannot tell which is faster (this %1 ms, "
                    "the pick %2 ms).")
                     .arg(withRange(ResultsModel::formatNumber(p.mean_response_s * 1e3),
                                    responseRangeMs(advisor::response_band(p))),
                          withRange(
                              ResultsModel::formatNumber(top.performance.mean_response_s * 1e3),
                              responseRangeMs(advisor::response_band(top.performance))));
    } else if (pick) {
        lines << tr("The advisor's pick under the current weights");
    }
    // The typical response's band is the geometric mean of the points' bands (ties.h); its
    // evidence is the points'.
    if (!p.points.empty()) {
        const QString tip = rangeToolTip(p.points.front().band,
                                         responseRangeMs(advisor::response_band(p)), tr("ms"));
        if (!tip.isEmpty()) {
            lines << tip;
        }
    }
    return lines.join(QLatin1Char('\n'));
}

QVariant RecommendationsModel::display(const advisor::Candidate& c, int row, int column) const {
    const advisor::Assessment& a = c.assessment;
    const advisor::Performance& p = c.performance;
    const QLocale locale;
    switch (column) {
        case RankColumn:
            return row == 0 ? tr("1 (pick)") : QString::number(row + 1);
        case ScoreColumn:  // "100=" for a tie at the shown precision, as the CLI prints it
            return QString::fromStdString(
                advisor::score_text(result_.ranked, static_cast<std::size_t>(row)));
        case ConfigurationColumn:  // the count first: long names are elided at their end
            return c.variants.empty() ? QString::fromStdString(c.system.name)
                                      : tr("(+%1) %2")
                                            .arg(static_cast<int>(c.variants.size()))
                                            .arg(QString::fromStdString(c.system.name));
        case ResponseColumn:  // the header carries the unit
            if (!std::isfinite(p.mean_response_s) || p.mean_response_s < 0.0) {
                return tr("saturated");
            }
            // "≈ 5.2": a tie with the pick on speed and the figure; its 80% range is in the
            // tooltip (in the cell it would leave the ranking too wide at 14 pt in 1600 px)
            return (c.speed_tied_with_pick ? QStringLiteral("\u2248 ") : QString()) +
                   ResultsModel::formatNumber(p.mean_response_s * 1e3);
        case ThroughputColumn:
            return ResultsModel::formatNumber(p.throughput);
        case MbPerSecondColumn:
            return ResultsModel::formatNumber(throughputValue(p.mb_per_s));
        case CostColumn:
            if (!a.price_known) {
                return tr("unknown");
            }
            return QString::fromStdString(advisor::format_money(a.total_usd, request_.constraints));
        case UsableColumn:
            return locale.toString(a.usable_bytes / capacityUnit(largestUsable_).divisor, 'f', 2);
        case FailuresColumn:
            return a.failures_tolerated;
        case LossColumn:
            if (!std::isfinite(a.p_data_loss)) {
                return QStringLiteral("-");
            }
            if (a.p_data_loss > 0.0 && a.p_data_loss * 100.0 < 1e-4) {
                // As the CLI and the report say "under 0.0001%" (format::probability), not
                // "0.000000".
                return QStringLiteral("<") + QLocale().toString(0.0001, 'f', 4);
            }
            return ResultsModel::formatNumber(a.p_data_loss * 100.0);
        case BottleneckColumn:
            return QString::fromStdString(advisor::component_name(p.bottleneck));
        case ParetoColumn:
            return c.pareto ? tr("yes") : QString();
        default:
            return {};
    }
}

QVariant RecommendationsModel::raw(const advisor::Candidate& c, int row, int column) const {
    const advisor::Assessment& a = c.assessment;
    const advisor::Performance& p = c.performance;
    switch (column) {
        case RankColumn:
            return row + 1;
        case ScoreColumn:
            return c.score;
        case ConfigurationColumn:
            return QString::fromStdString(c.system.name);
        case ResponseColumn:
            return p.mean_response_s * 1e3;
        case ThroughputColumn:
            return p.throughput;
        case MbPerSecondColumn:
            return throughputValue(p.mb_per_s);
        case CostColumn:
            return a.total_usd;
        case UsableColumn:
            return a.usable_bytes / capacityUnit(largestUsable_).divisor;
        case FailuresColumn:
            return a.failures_tolerated;
        case LossColumn:
            return a.p_data_loss;
        case BottleneckColumn:
            return QString::fromStdString(p.bottleneck);
        case ParetoColumn:
            return c.pareto ? 1 : 0;
        default:
            return {};
    }
}

/// Long titles take two lines ("Failures\nsurvived"), so that the columns stay narrow enough for
/// the whole ranking to fit the window with a large font; copies join the lines with a space.
QVariant RecommendationsModel::headerTitle(int section) const {
    const bool files = fileLevel(request_);
    switch (section) {
        case RankColumn:
            return tr("Rank");
        case ScoreColumn:
            return tr("Score");
        case ConfigurationColumn:
            return tr("Configuration");
        case ResponseColumn:
            return tr("Typical\nresponse (ms)");
        case ThroughputColumn:
            return files ? tr("Files/s") : tr("IOPS");
        case MbPerSecondColumn:
            return throughputUnitName();
        case CostColumn:
            return tr("Cost\n(%1)").arg(QString::fromStdString(request_.constraints.currency));
        case UsableColumn:
            return tr("Usable\n(%1)").arg(capacityUnit(largestUsable_).name);
        case FailuresColumn:
            return tr("Failures\nsurvived");
        case LossColumn:
            return tr("P(loss)\n(%)");
        case BottleneckColumn:
            return tr("Bottleneck");
        case ParetoColumn:
            return tr("Pareto");
        default:
            return {};
    }
}

QVariant RecommendationsModel::headerToolTip(int section) const {
    const bool files = fileLevel(request_);
    const QString currency = QString::fromStdString(request_.constraints.currency);
    switch (section) {
        case RankColumn:
            return tr(
                "Place in the advisor's ranking under the current weights; 1 is the pick "
                "(highlighted)");
        case ConfigurationColumn:
            return tr(
                "The configuration: drives, RAID level, stripe unit, controller and link "
                "(hover a cell for the full description); \"(+2)\": two near-identical "
                "set-ups (the same drives at the same cost, response and loss risk within 5%) "
                "folded into the row, named in its tooltip");
        case ScoreColumn:
            return tr(
                "Weighted utility rescaled to 0..100 over the feasible candidates "
                "(higher is better); \"=\" marks a tie at the shown precision");
        case ResponseColumn:
            return tr("Typical mean response time in milliseconds: the geometric mean over all "
                      "load points (the explanation's bullets give the heaviest point). "
                      "\u2248: tied with the pick on speed (each response time within the "
                      "other's 80% range).") +
                   QLatin1Char('\n') + rangeMeaning();
        case ThroughputColumn:
            return files ? tr("Files per second at the heaviest load point")
                         : tr("Requests per second at the heaviest load point");
        case MbPerSecondColumn:
            return sizeUnits() == SizeUnits::Binary
                       ? tr("User data throughput at the heaviest load point, in MiB/s "
                            "(2^20 bytes per second)")
                       : tr("User data throughput at the heaviest load point, in MB/s "
                            "(10^6 bytes per second)");
        case CostColumn:
            return tr("Purchase cost of drives, controller and bays from catalog prices, "
                      "in %1")
                .arg(currency);
        case UsableColumn: {
            const SizeUnit unit = capacityUnit(largestUsable_);
            return tr("Usable capacity of the array for your data, in %1 (%2 bytes)")
                .arg(unit.name, QLocale::c().toString(unit.divisor, 'g', 16));
        }
        case FailuresColumn:
            return tr("Drives that may fail at once, in the worst case, without data loss");
        case LossColumn:
            return tr("Probability of losing data over the planning horizon (%1 years), in "
                      "percent")
                .arg(request_.constraints.horizon_years);
        case BottleneckColumn:
            return tr("Busiest component at the heaviest load point");
        case ParetoColumn:
            return tr(
                "Not beaten on response time, cost, loss risk and capacity all at "
                "once by any other candidate");
        default:
            return {};
    }
}

QVariant RecommendationsModel::headerData(int section, Qt::Orientation orientation,
                                          int role) const {
    if (orientation != Qt::Horizontal) {
        return {};
    }
    if (role == Qt::DisplayRole) {
        return headerTitle(section);
    }
    if (role == Qt::ToolTipRole) {
        return headerToolTip(section);
    }
    if (role == Qt::TextAlignmentRole) {
        return QVariant::fromValue(Qt::Alignment(
            (isNumeric(section) ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    }
    return {};
}

}  // namespace raidadv::gui
