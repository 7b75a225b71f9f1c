// Charts painted into any QPainter (a PDF page): the QChart is laid out in a view that is never
// shown, at the size the chart was designed for, and its scene rendered scaled into the target
// rectangle, so lines, markers and text stay vector graphics. Also the bar chart builder shared
// with the on-screen ChartWidget.

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QFont>
#include <QGraphicsScene>
#include <QLegend>
#include <QPainter>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <memory>

#include "chart_build.h"
#include "charts.h"

namespace raidadv::charts {

namespace {

QFont page_font(int pixels, bool bold = false) {
    QFont font = QApplication::font();
    font.setPixelSize(pixels);
    font.setBold(bold);
    return font;
}

/// Pixel-sized fonts everywhere: a point-sized font would be scaled by the page's resolution
/// while the chart was laid out at the screen's.
void pixel_fonts(QChart& chart) {
    chart.setTitleFont(page_font(21, true));
    chart.setTitleBrush(QColor(0x10, 0x10, 0x10));
    chart.setBackgroundRoundness(0);
    chart.setBackgroundBrush(Qt::white);
    chart.setDropShadowEnabled(false);
    chart.legend()->setFont(page_font(16));
    for (QAbstractAxis* axis : chart.axes()) {
        axis->setTitleFont(page_font(17, true));
        axis->setLabelsFont(page_font(15));
        axis->setLabelsColor(QColor(0x20, 0x20, 0x20));
        axis->setGridLineColor(QColor(0xd0, 0xd0, 0xd0));
        axis->setLinePenColor(QColor(0x60, 0x60, 0x60));
    }
}

void paint(std::unique_ptr<QChart> built, QPainter& painter, const QRectF& target, int width,
           int height) {
    QChartView view(built.release());  // the view owns the chart
    view.setRenderHint(QPainter::Antialiasing);
    view.setFrameShape(QFrame::NoFrame);
    view.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    view.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.resize(width, height);
    view.show();  // lays out the chart; never on screen
    QApplication::processEvents();
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    view.scene()->render(&painter, target, QRectF(0, 0, width, height), Qt::KeepAspectRatio);
    painter.restore();
    view.hide();
}

}  // namespace

void paint_chart(const Chart& chart, QPainter& painter, const QRectF& target) {
    paint(build_chart(chart), painter, target, chart.width, chart.height);
}

void paint_bars(const BarChart& chart, QPainter& painter, const QRectF& target, int width,
                int height) {
    std::unique_ptr<QChart> built = build_bar_chart(chart);
    pixel_fonts(*built);
    built->setMargins(QMargins(12, 8, 28, 8));
    paint(std::move(built), painter, target, width, height);
}

std::unique_ptr<QChart> build_bar_chart(const BarChart& spec) {
    auto chart = std::make_unique<QChart>();
    chart->setTitle(spec.title.toHtmlEscaped());
    chart->legend()->hide();
    // Stacked: a bar is either in the normal set or the highlighted one (the other holds 0).
    auto* series = new QStackedBarSeries;
    auto* normal = new QBarSet(spec.y_title);
    auto* marked = new QBarSet(spec.y_title);
    normal->setColor(spec.color);
    normal->setBorderColor(spec.color.darker(130));
    marked->setColor(spec.highlight_color);
    marked->setBorderColor(spec.highlight_color.darker(130));
    QStringList categories;
    double top = 0.0;
    bool anyMarked = false;
    for (std::size_t i = 0; i < spec.categories.size() && i < spec.values.size(); ++i) {
        const double v = std::isfinite(spec.values[i]) ? spec.values[i] : 0.0;
        const bool hi = i < spec.highlighted.size() && spec.highlighted[i];
        anyMarked = anyMarked || hi;
        *normal << (hi ? 0.0 : v);
        *marked << (hi ? v : 0.0);
        categories << spec.categories[i];
        top = std::max(top, v);
    }
    series->append(normal);
    if (anyMarked) {
        series->append(marked);
    } else {
        delete marked;
    }
    series->setBarWidth(0.75);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    x->setTitleText(spec.x_title.toHtmlEscaped());
    // Long or many labels would be cut short: tilt them.
    qsizetype longest = 0;
    for (const QString& c : categories) {
        longest = std::max(longest, c.size());
    }
    if (categories.size() * (longest + 2) > 48) {
        x->setLabelsAngle(-35);
        x->setTruncateLabels(false);  // tilted labels fit; eliding them left "51..." at 100%
    }
    auto* y = new QValueAxis;
    y->setRange(0.0, spec.max_value > 0.0 ? spec.max_value : (top > 0.0 ? top * 1.1 : 1.0));
    if (spec.max_value <= 0.0) {
        y->applyNiceNumbers();
    }
    y->setLabelFormat(QStringLiteral("%g"));
    y->setTitleText(spec.y_title.toHtmlEscaped());
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    return chart;
}

}  // namespace raidadv::charts
