#include "compare_view.h"

#include <algorithm>
#include <iterator>
#include <utility>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>

#include "advice_charts.h"
#include "advisor/explain.h"
#include "advisor/ties.h"
#include "band_text.h"
#include "chart_widget.h"
#include "recommendations_model.h"
#include "results_model.h"
#include "size_units.h"

namespace raidadv::gui {

CompareView::CompareView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("compareView"));
    hint_ = new QLabel(this);
    hint_->setObjectName(QStringLiteral("compareHintLabel"));
    hint_->setWordWrap(true);
    clearButton_ = new QPushButton(tr("Clear pins"), this);
    clearButton_->setObjectName(QStringLiteral("clearPinsPushButton"));
    connect(clearButton_, &QPushButton::clicked, this, &CompareView::clear);
    table_ = new QTableWidget(this);
    table_->setObjectName(QStringLiteral("compareTableWidget"));
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table_->setWordWrap(true);
    response_ = new charts::ChartWidget(this);
    response_->setObjectName(QStringLiteral("compareResponseChartWidget"));
    throughput_ = new charts::ChartWidget(this);
    throughput_->setObjectName(QStringLiteral("compareThroughputChartWidget"));

    auto* top = new QHBoxLayout;
    top->addWidget(hint_, 1);
    top->addWidget(clearButton_);
    auto* chartsRow = new QWidget(this);
    auto* chartsLayout = new QHBoxLayout(chartsRow);
    chartsLayout->setContentsMargins(0, 0, 0, 0);
    chartsLayout->addWidget(response_, 3);
    chartsLayout->addWidget(throughput_, 2);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(table_);
    splitter->addWidget(chartsRow);
    splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);
    refresh();
}

bool CompareView::isPinned(const std::string& name) const {
    for (const Pin& p : pins_) {
        if (p.candidate.system.name == name) {
            return true;
        }
    }
    return false;
}

bool CompareView::pin(const advisor::Candidate& candidate, int rank,
                      const advisor::Request& request) {
    if (pinCount() >= kMaxPins || isPinned(candidate.system.name)) {
        return false;
    }
    pins_.push_back({candidate, rank});
    request_ = request;
    refresh();
    emit pinsChanged();
    return true;
}

bool CompareView::unpin(const std::string& name) {
    const auto found = std::find_if(pins_.begin(), pins_.end(),
                                    [&](const Pin& p) { return p.candidate.system.name == name; });
    if (found == pins_.end()) {
        return false;
    }
    pins_.erase(found);
    refresh();
    emit pinsChanged();
    return true;
}

std::vector<std::string> CompareView::pinnedNames() const {
    std::vector<std::string> names;
    for (const Pin& p : pins_) {
        names.push_back(p.candidate.system.name);
    }
    return names;
}

void CompareView::clear() {
    pins_.clear();
    refresh();
    emit pinsChanged();
}

void CompareView::refresh() {
    clearButton_->setEnabled(!pins_.empty());
    hint_->setText(pins_.size() < 2
                       ? tr("Pin two to four configurations with \"Pin to compare\" under the "
                            "recommendations (%1 pinned).")
                             .arg(pins_.size())
                       : tr("%1 configurations pinned; the pins keep their numbers when the "
                            "search changes.")
                             .arg(pins_.size()));
    setMetricRows();
    fillPinColumns();

    updateCharts();
}

/// The metric rows: each metric's name and, on hover, what it is and its unit.
void CompareView::setMetricRows() {
    const bool files = request_.workload.unit == Workload::Unit::File;
    const QString currency = QString::fromStdString(request_.constraints.currency);
    const QString rate = throughputUnitName();
    // Each metric's name and, on hover, what it is and its unit.
    const std::pair<QString, QString> rows[] = {
        {tr("Configuration"), tr("Drives, RAID level, stripe unit, controller and link")},
        {tr("Rank when pinned"), tr("Place in the advisor's ranking when it was pinned")},
        {tr("Typical response (ms)"),
         tr("Mean response time in milliseconds (geometric mean over the load points); "
            "\u2248: tied with the pick on speed (each within the other's 80% range)") +
             QLatin1Char('\n') + rangeMeaning()},
        {files ? tr("Files/s") : tr("IOPS"),
         (files ? tr("Files per second at the heaviest load point")
                : tr("Requests per second at the heaviest load point")) +
             QLatin1Char('\n') + rangeMeaning()},
        {rate, tr("User data throughput at the heaviest load point, in %1").arg(rate) +
                   QLatin1Char('\n') + rangeMeaning()},
        {tr("Cost (%1)").arg(currency),
         tr("Purchase cost of drives, controller and bays from catalog prices, in %1")
             .arg(currency)},
        {tr("Usable capacity"),
         sizeUnits() == SizeUnits::Binary
             ? tr("Space for your data after mirroring or parity (1 TiB = 2^40 bytes)")
             : tr("Space for your data after mirroring or parity (1 TB = 10^12 bytes)")},
        {tr("Failures survived"),
         tr("Drives that may fail at once, in the worst case, without data loss")},
        {tr("P(loss) over horizon (%)"),
         tr("Probability of losing data over the planning horizon (%1 years), in percent")
             .arg(request_.constraints.horizon_years)},
        {tr("Bottleneck"), tr("Busiest component at the heaviest load point")}};
    constexpr int rowCount = static_cast<int>(std::size(rows));
    table_->clear();
    table_->setRowCount(rowCount);
    table_->setColumnCount(static_cast<int>(pins_.size()));
    for (int r = 0; r < rowCount; ++r) {
        auto* item = new QTableWidgetItem(rows[r].first);
        item->setToolTip(rows[r].second);
        table_->setVerticalHeaderItem(r, item);
    }
}

/// One column per pin with its values, and the table's height to show every row.
void CompareView::fillPinColumns() {
    QStringList headers;
    for (std::size_t i = 0; i < pins_.size(); ++i) {
        headers << tr("Pin %1").arg(i + 1);
        const advisor::Candidate& c = pins_[i].candidate;
        const advisor::Assessment& a = c.assessment;
        const advisor::Performance& p = c.performance;
        // The heaviest point's band goes with the throughput figures (taken at that point).
        const PointBand heaviest = p.points.empty() ? PointBand{} : p.points.back().band;
        const ShownRange response = responseRangeMs(advisor::response_band(p));
        const bool finite = std::isfinite(p.mean_response_s) && p.mean_response_s >= 0.0;
        const QStringList values{
            QString::fromStdString(advisor::describe(c.system)),
            QString::number(pins_[i].rank),
            (c.speed_tied_with_pick ? QStringLiteral("\u2248 ") : QString()) +
                withRange(formatMilliseconds(p.mean_response_s), finite ? response : ShownRange{}),
            withRange(ResultsModel::formatNumber(p.throughput), iopsRange(heaviest.iops)),
            withRange(ResultsModel::formatNumber(throughputValue(p.mb_per_s)),
                      throughputRange(heaviest.mb_per_s)),
            a.price_known
                ? QString::fromStdString(advisor::format_money(a.total_usd, request_.constraints))
                : tr("unknown"),
            formatBytes(a.usable_bytes),
            QString::number(a.failures_tolerated),
            std::isfinite(a.p_data_loss) ? ResultsModel::formatNumber(a.p_data_loss * 100.0)
                                         : QStringLiteral("-"),
            QString::fromStdString(advisor::component_name(c.performance.bottleneck))};
        for (int r = 0; r < values.size(); ++r) {
            auto* item = new QTableWidgetItem(values[r]);
            const bool text = r == 0 || r == values.size() - 1;
            item->setTextAlignment(Qt::Alignment(text ? Qt::AlignLeft : Qt::AlignRight) |
                                   Qt::AlignVCenter);
            item->setToolTip(values[r]);
            table_->setItem(r, static_cast<int>(i), item);
        }
        // The banded figures say on hover where their range comes from.
        const QString responseTip = rangeToolTip(
            p.points.empty() ? PointBand{} : p.points.front().band, response, tr("ms"));
        const QString tips[] = {
            responseTip,
            rangeToolTip(
                heaviest, iopsRange(heaviest.iops),
                request_.workload.unit == Workload::Unit::File ? tr("files/s") : tr("IOPS")),
            rangeToolTip(heaviest, throughputRange(heaviest.mb_per_s), throughputUnitName())};
        for (int r = 0; r < 3; ++r) {
            if (!tips[r].isEmpty() && finite) {
                table_->item(2 + r, static_cast<int>(i))
                    ->setToolTip(values[2 + r] + QStringLiteral("\n") + tips[r]);
            }
        }
    }
    for (int i = 0; i < headers.size(); ++i) {
        auto* item = new QTableWidgetItem(headers[i]);
        item->setToolTip(tr("Pinned configuration %1: %2")
                             .arg(i + 1)
                             .arg(QString::fromStdString(advisor::describe(
                                 pins_[static_cast<std::size_t>(i)].candidate.system))));
        table_->setHorizontalHeaderItem(i, item);
    }
    // Names wrap onto four lines; the metric rows keep one. Every row shows without scrolling
    // (the charts below take the remaining height).
    table_->setRowHeight(0, table_->fontMetrics().lineSpacing() * 4 + 8);
    int height = table_->horizontalHeader()->sizeHint().height() + 2 * table_->frameWidth();
    for (int r = 0; r < table_->rowCount(); ++r) {
        height += table_->rowHeight(r);
    }
    table_->setMinimumHeight(height);
}

/// The response and throughput charts of the pins, or a message when nothing is pinned.
void CompareView::updateCharts() {
    if (pins_.empty()) {
        response_->showMessage(tr("Nothing pinned yet."));
        throughput_->showMessage(tr("Nothing pinned yet."));
        return;
    }
    std::vector<NamedCandidate> named;
    charts::BarChart bars;
    bars.title = tr("Throughput at the heaviest load");
    bars.x_title = tr("Pinned configuration");
    bars.y_title = throughputUnitName();
    bars.value_unit = QLatin1Char(' ') + throughputUnitName();
    for (std::size_t i = 0; i < pins_.size(); ++i) {
        named.push_back({tr("Pin %1").arg(i + 1), &pins_[i].candidate,
                         static_cast<std::size_t>(pins_[i].rank)});
        bars.categories.push_back(tr("Pin %1").arg(i + 1));
        const double v = throughputValue(pins_[i].candidate.performance.mb_per_s);
        bars.values.push_back(std::isfinite(v) && v > 0.0 ? v : 0.0);
    }
    charts::Chart chart = responseChart(named, request_);
    chart.title = tr("Mean response time against load, pinned configurations");
    response_->setChart(chart);
    throughput_->setBars(bars);
}

}  // namespace raidadv::gui
