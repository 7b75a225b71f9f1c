// Chart rendering with Qt Charts: builds the QChart from plain data, lays it out in a QChartView
// that is never shown, and paints the view into an image that is saved as PNG.

#include "charts.h"

#include "chart_build.h"

#include <QApplication>
#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QFont>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPainter>
#include <QPen>
#include <QSaveFile>
#include <QScatterSeries>
#include <QStringList>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

namespace raidadv::charts {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

bool drawable(double x, double y, const Chart& chart) {
    if (!std::isfinite(x) || !std::isfinite(y)) {
        return false;
    }
    if (chart.x_scale != Scale::Linear && x <= 0.0) {
        return false;
    }
    if (chart.y_scale != Scale::Linear && y <= 0.0) {
        return false;
    }
    return true;
}

QFont pixel_font(int pixels, bool bold = false) {
    QFont font = QApplication::font();
    font.setPixelSize(pixels);
    font.setBold(bold);
    return font;
}

double log_base(Scale scale) {
    return scale == Scale::Log2 ? 2.0 : 10.0;
}

/// Axis range for the data range [lo, hi]: padded, and for log axes wide enough to show at
/// least two labelled powers of the base.
std::pair<double, double> axis_range(double lo, double hi, Scale scale, bool from_zero) {
    if (!(lo <= hi)) {
        lo = scale == Scale::Linear ? 0.0 : 1.0;
        hi = scale == Scale::Linear ? 1.0 : 10.0;
    }
    if (scale == Scale::Linear) {
        double span = hi - lo;
        if (span <= 0.0) {
            span = lo != 0.0 ? std::fabs(lo) * 0.2 : 1.0;
        }
        double a = lo - 0.05 * span;
        const double b = hi + 0.05 * span;
        if (from_zero && lo >= 0.0) {
            a = 0.0;
        } else if (lo >= 0.0 && a < 0.0) {
            a = 0.0;  // no negative axis for positive quantities
        }
        return {a, b};
    }
    const double base = log_base(scale);
    const auto log = [base](double v) { return std::log(v) / std::log(base); };
    // Pad by a fifth of a decade (log10) or about half a step (log2) on either side.
    const double pad = scale == Scale::Log2 ? 0.4 : 0.2;
    double a = log(lo) - pad;
    double b = log(hi) + pad;
    if (std::floor(b) - std::ceil(a) < 1.0) {  // fewer than two labelled powers
        a = std::floor(log(lo));
        b = std::max(std::ceil(log(hi)), a + 1.0);
    }
    return {std::pow(base, a), std::pow(base, b)};
}

/// Titles are rich text in Qt Charts: escape them, and break a long one into lines of about
/// `width` characters at spaces.
QString title_html(const QString& text, int width) {
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QStringList lines;
    QString line;
    for (const QString& word : words) {
        if (!line.isEmpty() && line.size() + 1 + word.size() > width) {
            lines << line;
            line.clear();
        }
        line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + word;
    }
    if (!line.isEmpty()) {
        lines << line;
    }
    for (QString& l : lines) {
        l = l.toHtmlEscaped();
    }
    return lines.join(QStringLiteral("<br>"));
}

QAbstractAxis* make_axis(Scale scale, const QString& title, std::pair<double, double> range) {
    QAbstractAxis* axis = nullptr;
    if (scale == Scale::Linear) {
        auto* value = new QValueAxis;
        value->setRange(range.first, range.second);
        value->applyNiceNumbers();
        value->setLabelFormat(QStringLiteral("%g"));
        value->setMinorTickCount(1);
        axis = value;
    } else {
        auto* log = new QLogValueAxis;
        double base = log_base(scale);
        int minor = scale == Scale::Log10 ? 8 : 0;
        // Over more than 7 decades a label per decade no longer fits: one per 2, 3, ... decades.
        const double decades = std::log10(range.second / range.first);
        if (scale == Scale::Log10 && decades > 7.0) {
            base = std::pow(10.0, std::ceil(decades / 7.0));
            minor = 0;
        }
        log->setBase(base);
        log->setRange(range.first, range.second);
        log->setLabelFormat(QStringLiteral("%g"));
        log->setMinorTickCount(minor);
        axis = log;
    }
    axis->setTitleText(title_html(title, 80));
    axis->setTitleFont(pixel_font(17, true));
    axis->setLabelsFont(pixel_font(15));
    axis->setLabelsColor(QColor(0x20, 0x20, 0x20));
    axis->setGridLineColor(QColor(0xd0, 0xd0, 0xd0));
    axis->setMinorGridLineColor(QColor(0xec, 0xec, 0xec));
    axis->setLinePenColor(QColor(0x60, 0x60, 0x60));
    return axis;
}

QScatterSeries::MarkerShape shape_of(Series::Marker marker) {
    switch (marker) {
        case Series::Marker::Square:
            return QScatterSeries::MarkerShapeRectangle;
        case Series::Marker::Triangle:
            return QScatterSeries::MarkerShapeTriangle;
        case Series::Marker::Diamond:
            return QScatterSeries::MarkerShapeRotatedRectangle;
        case Series::Marker::Circle:
            break;
    }
    return QScatterSeries::MarkerShapeCircle;
}

QXYSeries* make_series(const Series& spec, const Chart& chart) {
    QXYSeries* series = nullptr;
    if (spec.style == Series::Style::Markers) {
        auto* scatter = new QScatterSeries;
        scatter->setMarkerShape(shape_of(spec.marker));
        scatter->setMarkerSize(spec.marker == Series::Marker::Triangle ? 15.0 : 13.0);
        scatter->setColor(spec.filled ? spec.color : QColor(Qt::white));
        scatter->setBorderColor(spec.filled ? spec.color.darker(140) : spec.color);
        QPen pen(spec.filled ? spec.color.darker(140) : spec.color);
        pen.setWidthF(spec.filled ? 1.0 : 2.5);
        scatter->setPen(pen);
        series = scatter;
    } else {
        auto* line = new QLineSeries;
        QPen pen(spec.color);
        pen.setWidthF(spec.style == Series::Style::DashedLine ? 2.0 : 3.0);
        pen.setStyle(spec.style == Series::Style::DashedLine ? Qt::DashLine : Qt::SolidLine);
        line->setPen(pen);
        if (spec.style == Series::Style::LineAndMarkers) {
            line->setPointsVisible(true);
            line->setMarkerSize(9.0);
        }
        series = line;
    }
    series->setName(spec.name);
    const std::size_t n = std::min(spec.x.size(), spec.y.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (drawable(spec.x[i], spec.y[i], chart)) {
            series->append(spec.x[i], spec.y[i]);
        }
    }
    return series;
}

QLineSeries* guide_line(const QString& name, double lo, double hi, double factor,
                        Qt::PenStyle style, const QColor& color, double width) {
    auto* line = new QLineSeries;
    line->setName(name);
    QPen pen(color);
    pen.setStyle(style);
    pen.setWidthF(width);
    line->setPen(pen);
    // Enough points that the line stays straight on any axis type.
    const int steps = 64;
    for (int i = 0; i <= steps; ++i) {
        const double t = static_cast<double>(i) / steps;
        const double x = lo > 0.0 ? lo * std::pow(hi / lo, t) : lo + (hi - lo) * t;
        line->append(x, factor * x);
    }
    return line;
}

/// A band as a semi-transparent area between its low and high curves, without outline (the
/// points a log axis cannot show are left out, as for a series).
QAreaSeries* make_band(const Band& spec, const Chart& chart) {
    auto* upper = new QLineSeries;
    auto* lower = new QLineSeries;
    const std::size_t n = std::min({spec.x.size(), spec.low.size(), spec.high.size()});
    for (std::size_t i = 0; i < n; ++i) {
        if (drawable(spec.x[i], spec.low[i], chart) && drawable(spec.x[i], spec.high[i], chart)) {
            upper->append(spec.x[i], spec.high[i]);
            lower->append(spec.x[i], spec.low[i]);
        }
    }
    auto* area = new QAreaSeries(upper, lower);  // takes neither; parented below
    upper->setParent(area);
    lower->setParent(area);
    area->setName(spec.name);
    QColor fill = spec.color;
    fill.setAlpha(48);
    area->setBrush(fill);
    area->setPen(Qt::NoPen);
    return area;
}

/// Title, background, margins and legend of a chart, the same for every chart.
void style_chart(QChart* chart, const Chart& spec) {
    chart->setTitle(title_html(spec.title, 72));
    chart->setTitleFont(pixel_font(21, true));
    chart->setTitleBrush(QColor(0x10, 0x10, 0x10));
    chart->setBackgroundRoundness(0);
    chart->setBackgroundBrush(Qt::white);
    chart->setDropShadowEnabled(false);
    chart->setMargins(QMargins(12, 8, 28, 8));
    chart->legend()->setAlignment(spec.legend_right ? Qt::AlignRight : Qt::AlignBottom);
    chart->legend()->setFont(pixel_font(spec.legend_pixels));
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
}

/// The axis ranges that hold every drawable point (one range for both axes with the y = x
/// guide when the scales match).
void axis_ranges(const Chart& spec, std::pair<double, double>& xr, std::pair<double, double>& yr) {
    double xlo = kInf, xhi = -kInf, ylo = kInf, yhi = -kInf;
    for (const Band& b : spec.bands) {  // the whole band shows, not only the line inside it
        const std::size_t n = std::min({b.x.size(), b.low.size(), b.high.size()});
        for (std::size_t i = 0; i < n; ++i) {
            if (drawable(b.x[i], b.low[i], spec) && drawable(b.x[i], b.high[i], spec)) {
                ylo = std::min(ylo, b.low[i]);
                yhi = std::max(yhi, b.high[i]);
            }
        }
    }
    for (const Series& s : spec.series) {
        const std::size_t n = std::min(s.x.size(), s.y.size());
        for (std::size_t i = 0; i < n; ++i) {
            if (drawable(s.x[i], s.y[i], spec)) {
                xlo = std::min(xlo, s.x[i]);
                xhi = std::max(xhi, s.x[i]);
                ylo = std::min(ylo, s.y[i]);
                yhi = std::max(yhi, s.y[i]);
            }
        }
    }
    if (spec.identity_line) {
        const double lo = std::min(xlo, ylo);
        const double hi = std::max(xhi, yhi);
        xr = axis_range(lo, hi, spec.x_scale, true);
        yr = axis_range(lo, hi, spec.y_scale, true);
        if (spec.x_scale == spec.y_scale) {
            yr = xr;
        }
    } else {
        xr = axis_range(xlo, xhi, spec.x_scale, spec.start_at_zero);
        yr = axis_range(ylo, yhi, spec.y_scale, spec.start_at_zero);
    }
}

/// The y = x guide and its +-band lines, over the whole x axis range.
template <typename Add>
void add_identity_guides(QChart* chart, QAbstractAxis* x_axis, const Chart& spec, const Add& add) {
    // The guides span the whole (nice-numbered) axis range.
    double lo = 0, hi = 0;
    if (auto* v = qobject_cast<QValueAxis*>(x_axis)) {
        lo = v->min();
        hi = v->max();
    } else if (auto* l = qobject_cast<QLogValueAxis*>(x_axis)) {
        lo = l->min();
        hi = l->max();
    }
    add(guide_line(QStringLiteral("y = x (exact)"), lo, hi, 1.0, Qt::DashLine,
                   QColor(0x30, 0x30, 0x30), 1.8));
    if (spec.band > 0.0) {
        const QString band = QStringLiteral("y = x \u00b1%1%").arg(spec.band * 100.0, 0, 'g', 3);
        QLineSeries* upper =
            guide_line(band, lo, hi, 1.0 + spec.band, Qt::DotLine, QColor(0x90, 0x90, 0x90), 1.5);
        QLineSeries* lower =
            guide_line(band, lo, hi, 1.0 - spec.band, Qt::DotLine, QColor(0x90, 0x90, 0x90), 1.5);
        add(upper);
        add(lower);
        for (QLegendMarker* marker : chart->legend()->markers(lower)) {
            marker->setVisible(false);
        }
    }
}

std::unique_ptr<QChart> build(const Chart& spec) {
    auto chart = std::make_unique<QChart>();
    style_chart(chart.get(), spec);

    std::pair<double, double> xr, yr;
    axis_ranges(spec, xr, yr);
    QAbstractAxis* x_axis = make_axis(spec.x_scale, spec.x_title, xr);
    QAbstractAxis* y_axis = make_axis(spec.y_scale, spec.y_title, yr);
    chart->addAxis(x_axis, Qt::AlignBottom);
    chart->addAxis(y_axis, Qt::AlignLeft);

    const auto add = [&](QXYSeries* series) {
        chart->addSeries(series);
        series->attachAxis(x_axis);
        series->attachAxis(y_axis);
    };
    if (spec.identity_line) {
        add_identity_guides(chart.get(), x_axis, spec, add);
    }
    for (const Band& b : spec.bands) {
        QAreaSeries* area = make_band(b, spec);
        chart->addSeries(area);
        area->attachAxis(x_axis);
        area->attachAxis(y_axis);
        for (QLegendMarker* marker : chart->legend()->markers(area)) {
            marker->setVisible(b.in_legend);
            // One entry stands for every band: a neutral grey patch, not the first one's colour.
            marker->setShape(QLegend::MarkerShapeRectangle);  // "from series" draws it hollow
            marker->setBrush(QColor(0x80, 0x80, 0x80, 110));
            marker->setPen(Qt::NoPen);
        }
    }
    for (const Series& s : spec.series) {
        QXYSeries* series = make_series(s, spec);
        add(series);
        if (!s.in_legend) {
            for (QLegendMarker* marker : chart->legend()->markers(series)) {
                marker->setVisible(false);
            }
        }
    }
    return chart;
}

}  // namespace

std::unique_ptr<QChart> build_chart(const Chart& chart) {
    return build(chart);
}

int drawable_points_dropped(const Chart& chart) {
    int dropped = 0;
    for (const Series& s : chart.series) {
        const std::size_t n = std::min(s.x.size(), s.y.size());
        for (std::size_t i = 0; i < n; ++i) {
            dropped += drawable(s.x[i], s.y[i], chart) ? 0 : 1;
        }
    }
    return dropped;
}

bool spans_more_than(const std::vector<double>& values, double ratio) {
    double lo = kInf, hi = 0.0;
    for (double v : values) {
        if (std::isfinite(v) && v > 0.0) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
    return hi > 0.0 && hi / lo > ratio;
}

namespace {

/// Whether b's curve lies on a's within `relative` of the values plus `absolute` at every point.
bool same_curve(const Series& a, const Series& b, double relative, double absolute) {
    if (a.x != b.x || a.y.size() != b.y.size() || a.y.empty()) {
        return false;
    }
    for (std::size_t k = 0; k < a.y.size(); ++k) {
        const double allowed = relative * std::max(std::abs(a.y[k]), std::abs(b.y[k])) + absolute;
        if (!(std::abs(a.y[k] - b.y[k]) <= allowed)) {
            return false;
        }
    }
    return true;
}

}  // namespace

QColor series_colour(int index) {
    static const QColor palette[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e),
                                     QColor(0x2c, 0xa0, 0x2c), QColor(0x94, 0x67, 0xbd),
                                     QColor(0x8c, 0x56, 0x4b), QColor(0xe3, 0x77, 0xc2)};
    constexpr int kColours = 6;
    return palette[((index % kColours) + kColours) % kColours];
}

void mark_coincident_curves(Chart& chart) {
    // Curves within 1% of the plotted range (linear axis) or of their values (log axis) cover
    // each other's lines and markers.
    constexpr double kSame = 1e-9, kCovering = 0.01;
    double covering_abs = 0.0;
    if (chart.y_scale == Scale::Linear) {
        double lo = kInf, hi = -kInf;
        for (const Series& s : chart.series) {
            for (double y : s.y) {
                if (std::isfinite(y)) {
                    lo = std::min(lo, y);
                    hi = std::max(hi, y);
                }
            }
        }
        if (hi >= lo) {
            covering_abs = kCovering * (hi - (chart.start_at_zero && lo > 0.0 ? 0.0 : lo));
        }
    }
    std::vector<Series>& series = chart.series;
    std::vector<QString> names;  // as given: "#5 (= #4)", never "#5 (= #4 (= #3))"
    for (const Series& s : series) {
        names.push_back(s.name);
    }
    for (std::size_t j = 1; j < series.size(); ++j) {
        for (std::size_t i = 0; i < j; ++i) {
            if (!series[i].in_legend ||
                !same_curve(series[i], series[j], kCovering, covering_abs)) {
                continue;
            }
            const bool equal = same_curve(series[i], series[j], kSame, 0.0);
            series[j].name =
                QStringLiteral("%1 (%2 %3)")
                    .arg(series[j].name, equal ? QStringLiteral("=") : QStringLiteral("\u2248"),
                         names[i]);
            if (series[j].style == Series::Style::Line ||
                series[j].style == Series::Style::LineAndMarkers) {
                series[j].style = Series::Style::DashedLine;  // no markers over the earlier ones
            }
            break;
        }
    }
}

bool all_powers_of_two(const std::vector<double>& values) {
    if (values.empty()) {
        return false;
    }
    for (double v : values) {
        if (!(v >= 1.0) || !std::isfinite(v)) {
            return false;
        }
        int exponent = 0;
        if (std::frexp(v, &exponent) != 0.5) {
            return false;
        }
    }
    return true;
}

QString write_png(const Chart& chart, const QString& path) {
    std::unique_ptr<QChart> built = build(chart);
    // Constructed with the chart, the view owns it (setChart() on a default-constructed view
    // would leave the view's own initial chart undeleted).
    QChartView view(built.release());
    view.setRenderHint(QPainter::Antialiasing);
    view.setFrameShape(QFrame::NoFrame);
    view.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    view.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.resize(chart.width, chart.height);
    view.show();  // lays out the chart; never on screen
    QApplication::processEvents();

    QImage image(chart.width, chart.height, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        view.render(&painter);
    }
    view.hide();

    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
    }
    if (!image.save(&file, "PNG")) {
        file.cancelWriting();
        return QStringLiteral("cannot write %1: PNG encoding failed").arg(path);
    }
    if (!file.commit()) {
        return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
    }
    return {};
}

}  // namespace raidadv::charts
