// On-screen charts: the report's chart builder, restyled for a window (smaller fonts, the
// palette's colors) with hover tooltips.

#include "chart_widget.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QEvent>
#include <QLabel>
#include <QLegend>
#include <QLocale>
#include <QStackedBarSeries>
#include <QStackedLayout>
#include <QToolTip>
#include <QValueAxis>
#include <QXYSeries>
#include <algorithm>
#include <cmath>

#include "chart_build.h"

namespace raidadv::charts {

namespace {

QString number(double value) {
    if (!std::isfinite(value)) {
        return QStringLiteral("-");
    }
    const double magnitude = value == 0.0 ? 0.0 : std::floor(std::log10(std::abs(value)));
    const int decimals = static_cast<int>(std::clamp(2.0 - magnitude, 0.0, 4.0));
    return QLocale().toString(value, 'f', decimals);
}

QFont sized(const QFont& base, int points, bool bold = false) {
    QFont font = base;
    font.setPointSize(points);
    font.setBold(bold);
    return font;
}

/// Screen fonts and palette colors for every part of `chart`.
void restyle(QChart* chart, const QPalette& palette) {
    const QFont base = QApplication::font();
    const int points = std::max(8, base.pointSize());
    const QColor text = palette.color(QPalette::Text);
    const QColor grid = palette.color(QPalette::Mid);
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->setTitleBrush(text);
    chart->setTitleFont(sized(base, points + 1, true));
    chart->setMargins(QMargins(4, 4, 12, 4));
    chart->legend()->setFont(sized(base, points - 1));
    chart->legend()->setLabelColor(text);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setTitleFont(sized(base, points - 1, true));
        axis->setTitleBrush(text);
        axis->setLabelsFont(sized(base, points - 1));
        axis->setLabelsColor(text);
        axis->setGridLineColor(grid);
        QColor minor = grid;
        minor.setAlpha(80);
        axis->setMinorGridLineColor(minor);
        axis->setLinePenColor(text);
    }
}

}  // namespace

ChartWidget::ChartWidget(QWidget* parent) : QWidget(parent) {
    stack_ = new QStackedLayout(this);
    stack_->setContentsMargins(0, 0, 0, 0);
    message_ = new QLabel(this);
    message_->setObjectName(QStringLiteral("chartMessageLabel"));
    message_->setAlignment(Qt::AlignCenter);
    message_->setWordWrap(true);
    auto* view = new QChartView(this);
    view->setRenderHint(QPainter::Antialiasing);
    view->setFocusPolicy(Qt::NoFocus);  // nothing to do with keys: Tab passes it by
    view->setFrameShape(QFrame::NoFrame);
    view->setMinimumSize(260, 200);
    view_ = view;
    stack_->addWidget(message_);
    stack_->addWidget(view_);
    showMessage(tr("No chart yet."));
}

ChartWidget::~ChartWidget() = default;

void ChartWidget::showMessage(const QString& message) {
    title_ = message;
    seriesCount_ = 0;
    bandCount_ = 0;
    message_->setText(message);
    stack_->setCurrentWidget(message_);
}

void ChartWidget::setChart(const Chart& spec) {
    std::unique_ptr<QChart> chart = build_chart(spec);
    chart->setTitle(spec.title.toHtmlEscaped());
    restyle(chart.get(), palette());
    const QString xTitle = spec.x_title;
    const QString yTitle = spec.y_title;
    const QList<QAbstractSeries*> all = chart->series();
    // The builder adds the guide lines and the bands first, then the spec's series in order.
    const qsizetype offset = all.size() - static_cast<qsizetype>(spec.series.size());
    for (qsizetype i = 0; i < all.size(); ++i) {
        auto* series = qobject_cast<QXYSeries*>(all[i]);
        if (series == nullptr || i < offset) {
            continue;
        }
        const Series& source = spec.series[static_cast<std::size_t>(i - offset)];
        std::vector<QString> labels = source.point_labels;
        std::vector<double> xs = source.x;
        std::vector<double> ys = source.y;
        const QString name = source.name;
        connect(series, &QXYSeries::hovered, this,
                [name, labels, xs, ys, xTitle, yTitle](const QPointF& point, bool state) {
                    if (!state) {
                        QToolTip::hideText();
                        return;
                    }
                    QString label;
                    // The nearest point names itself (labels follow the spec's points).
                    double best = INFINITY;
                    for (std::size_t p = 0; p < xs.size() && p < ys.size() && p < labels.size();
                         ++p) {
                        const double dx = (xs[p] - point.x()) / std::max(1e-300, std::abs(xs[p]));
                        const double dy = (ys[p] - point.y()) / std::max(1e-300, std::abs(ys[p]));
                        const double d = dx * dx + dy * dy;
                        if (d < best) {
                            best = d;
                            label = labels[p];
                        }
                    }
                    QStringList lines{label.isEmpty() ? name : label};
                    lines << QStringLiteral("%1: %2").arg(xTitle, number(point.x()))
                          << QStringLiteral("%1: %2").arg(yTitle, number(point.y()));
                    QToolTip::showText(QCursor::pos(), lines.join(QLatin1Char('\n')));
                });
    }
    auto* view = static_cast<QChartView*>(view_);
    QChart* old = view->chart();
    view->setChart(chart.release());
    delete old;
    title_ = spec.title;
    seriesCount_ = static_cast<int>(spec.series.size());
    bandCount_ = static_cast<int>(spec.bands.size());
    stack_->setCurrentWidget(view_);
}

void ChartWidget::setBars(const BarChart& spec) {
    std::unique_ptr<QChart> chart = build_bar_chart(spec);
    QStringList categories;
    for (std::size_t i = 0; i < spec.categories.size() && i < spec.values.size(); ++i) {
        categories << spec.categories[i];
    }
    auto* series = qobject_cast<QStackedBarSeries*>(chart->series().value(0));
    restyle(chart.get(), palette());
    const QString unit = spec.value_unit;
    connect(
        series, &QStackedBarSeries::hovered, this,
        [categories, unit](bool state, int index, QBarSet* set) {
            if (!state || index < 0 || index >= categories.size()) {
                QToolTip::hideText();
                return;
            }
            QToolTip::showText(
                QCursor::pos(),
                QStringLiteral("%1: %2%3").arg(categories[index], number(set->at(index)), unit));
        });
    auto* view = static_cast<QChartView*>(view_);
    QChart* old = view->chart();
    view->setChart(chart.release());
    delete old;
    title_ = spec.title;
    seriesCount_ = 1;
    bandCount_ = 0;
    stack_->setCurrentWidget(view_);
}

void ChartWidget::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) {
        applyPalette();
    }
    QWidget::changeEvent(event);
}

void ChartWidget::applyPalette() {
    auto* view = static_cast<QChartView*>(view_);
    if (view->chart() != nullptr) {
        restyle(view->chart(), palette());
    }
}

}  // namespace raidadv::charts
