#pragma once
// Static charts rendered to PNG with Qt Charts (a QChart in a QChartView painted into a QImage),
// for reports. Needs a QApplication; works on the offscreen platform. No Qt types beyond QString
// and QColor in the interface, so that callers describe charts with plain data.

#include <QColor>
#include <QString>
#include <vector>

class QPainter;
class QRectF;

namespace raidadv::charts {

enum class Scale {
    Linear,
    Log10,  ///< decades, minor grid lines at 2..9
    Log2    ///< powers of two (concurrency, request sizes)
};

struct Series {
    enum class Style { Line, DashedLine, Markers, LineAndMarkers };
    enum class Marker { Circle, Square, Triangle, Diamond };

    QString name;  ///< legend entry
    std::vector<double> x, y;
    Style style = Style::Line;
    Marker marker = Marker::Circle;
    QColor color = QColor(0x1f, 0x77, 0xb4);
    bool filled = true;     ///< markers filled with the color, or hollow
    bool in_legend = true;  ///< false: drawn without a legend entry
    /// Optional name of each point, shown when the pointer rests on it (ChartWidget only).
    std::vector<QString> point_labels;
};

/// A shaded area between two curves (an 80% prediction interval around a series), drawn
/// semi-transparent under the lines.
struct Band {
    QString name;  ///< legend entry ("80% range")
    std::vector<double> x, low, high;
    QColor color = QColor(0x1f, 0x77, 0xb4);  ///< the series' colour; drawn with alpha
    bool in_legend = true;
};

struct Chart {
    QString title;
    QString x_title, y_title;  ///< axis titles, with units
    Scale x_scale = Scale::Linear, y_scale = Scale::Linear;
    std::vector<Series> series;
    std::vector<Band> bands;     ///< drawn before (under) the series
    bool start_at_zero = false;  ///< linear axes start at 0 when all values are positive
    /// Predicted-vs-measured mode: both axes get the same range and the line y = x is drawn,
    /// with dotted lines at y = (1 +- band) x when band > 0 (e.g. 0.35).
    bool identity_line = false;
    double band = 0.0;
    bool legend_right = false;  ///< legend as a column right of the plot (default: below it)
    int legend_pixels = 16;     ///< legend font size (the right-hand legend is at most ~40% wide)
    int width = 1000, height = 700;
};

/// Bars over named categories (a histogram of sizes, utilization per component).
struct BarChart {
    QString title;
    QString x_title, y_title;  ///< with units
    std::vector<QString> categories;
    std::vector<double> values;
    QString value_unit;  ///< appended to values in tooltips ("%", " MB/s")
    QColor color = QColor(0x1f, 0x77, 0xb4);
    /// Bars drawn in `highlight_color` (e.g. the bottleneck); same length as values or empty.
    std::vector<bool> highlighted;
    QColor highlight_color = QColor(0xd6, 0x27, 0x28);
    double max_value = 0.0;  ///< fixed axis maximum; 0 = from the data
};

/// Points that a log axis cannot show (x or y <= 0) and non-finite values are left out.
/// Returns the number of points left out of `chart`'s series.
int drawable_points_dropped(const Chart& chart);

/// True when the positive values span more than `ratio` (max / min > ratio).
bool spans_more_than(const std::vector<double>& values, double ratio);
/// The i-th colour of the series palette (Matplotlib's "tab10" without its red: blue, orange,
/// green, purple, brown, pink), repeating.
QColor series_colour(int index);
/// A curve that covers an earlier one on the chart would hide it: its legend says so ("#2 (= #1)"
/// when equal, with an approximately-equal sign when within 1% of the y axis's range, or of the
/// values on a log axis) and, if a line, it is drawn dashed without markers so the one below
/// shows through the gaps. Call it once the chart's y scale is set.
void mark_coincident_curves(Chart& chart);
/// True when every value is a positive integer power of two.
bool all_powers_of_two(const std::vector<double>& values);

/// Paints `chart` into `target` of `painter` as vector graphics (lines, text and markers stay
/// paths and text in a PDF). The chart is laid out at chart.width x chart.height and scaled to
/// fit `target`, fonts with it. Needs a QApplication.
void paint_chart(const Chart& chart, QPainter& painter, const QRectF& target);
/// The same for a bar chart laid out at `width` x `height`.
void paint_bars(const BarChart& chart, QPainter& painter, const QRectF& target, int width = 1000,
                int height = 700);

/// Renders `chart` and writes it to `path` as PNG (into a temporary file next to it, then renamed).
/// Returns an empty string on success, else a message naming the path.
QString write_png(const Chart& chart, const QString& path);

}  // namespace raidadv::charts
