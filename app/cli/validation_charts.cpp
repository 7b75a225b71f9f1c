// The charts of `validate --report`: per study a predicted-vs-measured scatter and one line chart
// per series, drawn with raid_charts (Qt Charts). A QApplication exists only while they are drawn.

#include <QByteArray>
#include <QString>
#include <algorithm>
#include <memory>
#include <set>

#include "charts.h"
#include "qt_scope.h"
#include "validation_report.h"

namespace raidadv::cli {

namespace fs = std::filesystem;
using validation::Figure;
using validation::StudyResult;
using validation::ValidationReport;

namespace {

const QColor kModelColor(0x1f, 0x77, 0xb4);
const QColor kCalibrationColor(0xe6, 0x6a, 0x00);
const QColor kBaselineColor(0x7a, 0x7a, 0x7a);

QString q(const std::string& text) {
    return QString::fromStdString(text);
}

/// Unique file names within the report directory.
class Names {
  public:
    std::string take(const std::string& stem) {
        std::string name = stem + ".png";
        for (int i = 2; used_.count(name) != 0; ++i) {
            name = stem + "-" + std::to_string(i) + ".png";
        }
        used_.insert(name);
        return name;
    }

  private:
    std::set<std::string> used_;
};

void write(const charts::Chart& chart, const fs::path& path) {
    const QString error = charts::write_png(chart, QString::fromStdString(path.string()));
    if (!error.isEmpty()) {
        throw ReportError(error.toStdString());
    }
}

/// "s" or "s, MB/s": the units of the study's figures, in order of appearance ("x", a factor,
/// is called "ratio" so as not to be read as the axis).
std::string unit_list(const StudyResult& study) {
    std::string out;
    std::set<std::string> seen;
    for (const Figure& f : study.figures) {
        if (!f.unit.empty() && seen.insert(f.unit).second) {
            out += (out.empty() ? "" : ", ") + (f.unit == "x" ? std::string("ratio") : f.unit);
        }
    }
    return out;
}

charts::Series markers(const char* name, charts::Series::Marker marker, const QColor& color,
                       bool filled) {
    charts::Series s;
    s.name = QString::fromUtf8(name);
    s.style = charts::Series::Style::Markers;
    s.marker = marker;
    s.color = color;
    s.filled = filled;
    return s;
}

charts::Chart scatter_chart(const StudyResult& study) {
    charts::Chart chart;
    chart.title = q(study.name + ": predicted vs measured");
    const std::string units = unit_list(study);
    const bool one_unit = units.find(", ") == std::string::npos;
    chart.x_title = q("Measured" + (units.empty() ? std::string() : " (" + units + ")"));
    chart.y_title = q("Predicted" + (units.empty() ? std::string()
                                     : one_unit    ? " (" + units + ")"
                                                   : std::string(" (same unit as measured)")));
    chart.identity_line = true;
    chart.band = kLargeErrorPct / 100.0;
    chart.legend_right = true;  // a squarer plot for y = x, and room for the longer entries

    charts::Series predicted =
        markers("model: prediction", charts::Series::Marker::Circle, kModelColor, true);
    charts::Series calibration = markers("model: calibration (fitted)",
                                         charts::Series::Marker::Square, kCalibrationColor, false);
    charts::Series baseline =
        markers("rule of thumb (baseline)", charts::Series::Marker::Triangle, kBaselineColor, true);
    std::vector<double> values;
    for (const Figure& f : study.figures) {
        charts::Series& model = f.calibration ? calibration : predicted;
        model.x.push_back(f.measured);
        model.y.push_back(f.predicted);
        values.push_back(f.measured);
        values.push_back(f.predicted);
        if (f.has_baseline()) {
            baseline.x.push_back(f.measured);
            baseline.y.push_back(f.baseline);
            values.push_back(f.baseline);
        }
    }
    if (charts::spans_more_than(values, 10.0)) {
        chart.x_scale = chart.y_scale = charts::Scale::Log10;
    }
    for (charts::Series* s : {&predicted, &calibration, &baseline}) {
        if (!s->x.empty()) {
            chart.series.push_back(std::move(*s));
        }
    }
    return chart;
}

/// Series drawn together: those with the same chart title (validation::Series::chart), in
/// order of first appearance; a series without a chart title gets a chart of its own.
struct SeriesGroup {
    std::string title;
    std::vector<const validation::Series*> members;
};

std::vector<SeriesGroup> group_series(const StudyResult& study) {
    std::vector<SeriesGroup> groups;
    for (const validation::Series& series : study.series) {
        SeriesGroup* group = nullptr;
        if (!series.chart.empty()) {
            for (SeriesGroup& g : groups) {
                if (g.title == series.chart) {
                    group = &g;
                }
            }
        }
        if (group == nullptr) {
            groups.push_back({series.chart.empty() ? series.name : series.chart, {}});
            group = &groups.back();
        }
        group->members.push_back(&series);
    }
    return groups;
}

/// One line chart: every series of the group in its own colour, predicted as a line and
/// measured as markers of the same colour, with a key for the two styles.
/// A series with filled circle markers; in_legend false draws it without a legend entry.
charts::Series make_series(QString name, std::vector<double> x, std::vector<double> y,
                           charts::Series::Style style, QColor color, bool in_legend) {
    charts::Series s;
    s.name = std::move(name);
    s.x = std::move(x);
    s.y = std::move(y);
    s.style = style;
    s.color = color;
    s.in_legend = in_legend;
    return s;
}

charts::Chart group_chart(const StudyResult& study, const SeriesGroup& group) {
    static const QColor palette[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28),
                                     QColor(0x2c, 0xa0, 0x2c), QColor(0xff, 0x7f, 0x0e),
                                     QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                                     QColor(0xe3, 0x77, 0xc2), QColor(0x17, 0xbe, 0xcf),
                                     QColor(0xbc, 0xbd, 0x22), QColor(0x7f, 0x7f, 0x7f)};
    constexpr std::size_t kColors = sizeof palette / sizeof palette[0];

    charts::Chart chart;
    chart.title = q(study.name + ": " + group.title);
    const validation::Series& first = *group.members.front();
    chart.x_title = q(first.x_label);
    chart.y_title = q(first.y_label);
    chart.start_at_zero = true;

    std::vector<double> xs, ys;
    bool any_measured = false;
    for (const validation::Series* s : group.members) {
        xs.insert(xs.end(), s->x.begin(), s->x.end());
        ys.insert(ys.end(), s->predicted.begin(), s->predicted.end());
        ys.insert(ys.end(), s->measured.begin(), s->measured.end());
        any_measured = any_measured || !s->measured.empty();
    }
    // Powers of two (queue depths, stripe sizes) on a log2 axis once they span 8x; anything else
    // stays linear (slopes per process or per disk read best there) unless it spans 100x.
    if (charts::all_powers_of_two(xs) && charts::spans_more_than(xs, 7.9)) {
        chart.x_scale = charts::Scale::Log2;
    } else if (charts::spans_more_than(xs, 100.0)) {
        chart.x_scale = charts::Scale::Log10;
    }
    if (charts::spans_more_than(ys, 1000.0)) {
        chart.y_scale = charts::Scale::Log10;
    }

    std::size_t legend_chars = 0;
    for (std::size_t i = 0; i < group.members.size(); ++i) {
        const validation::Series& s = *group.members[i];
        const QColor color = palette[i % kColors];
        const std::string name = s.name.empty() ? group.title : s.name;
        legend_chars += name.size() + 5;
        chart.series.push_back(
            make_series(q(name), s.x, s.predicted, charts::Series::Style::Line, color, true));
        if (!s.measured.empty()) {
            chart.series.push_back(make_series(q(name + " (measured)"), s.x, s.measured,
                                               charts::Series::Style::Markers, color, false));
        }
    }
    // The key to the two styles, drawn in black (series without points).
    const QColor key(0x30, 0x30, 0x30);
    chart.series.push_back(make_series(QStringLiteral("line: predicted (model)"), {}, {},
                                       charts::Series::Style::Line, key, true));
    legend_chars += 28;
    if (any_measured) {
        chart.series.push_back(make_series(QStringLiteral("markers: measured (study)"), {}, {},
                                           charts::Series::Style::Markers, key, true));
        legend_chars += 30;
    }
    chart.legend_right = legend_chars > 95;  // a row below the plot holds about this much
    if (chart.legend_right) {
        chart.legend_pixels = 14;  // long series names, in at most ~40% of the width
    }
    return chart;
}

}  // namespace

std::vector<StudyCharts> write_validation_charts(const ValidationReport& report,
                                                 const fs::path& dir) {
    QtScope gui(QtScope::Platform::OffscreenWithoutDisplay);
    Names names;
    std::vector<StudyCharts> all;
    for (const StudyResult& study : report.studies) {
        StudyCharts files;
        const std::string stem = slug(study.name);
        if (!study.figures.empty()) {
            const charts::Chart chart = scatter_chart(study);
            files.scatter = names.take(stem + "-predicted-vs-measured");
            files.scatter_left_out = charts::drawable_points_dropped(chart);
            write(chart, dir / files.scatter);
        }
        for (const SeriesGroup& group : group_series(study)) {
            const charts::Chart chart = group_chart(study, group);
            std::size_t points = 0;
            for (const charts::Series& s : chart.series) {
                points += std::min(s.x.size(), s.y.size());
            }
            if (points <= static_cast<std::size_t>(charts::drawable_points_dropped(chart))) {
                continue;  // nothing to draw
            }
            const std::string name = names.take(stem + "-" + slug(group.title));
            write(chart, dir / name);
            files.series.push_back(name);
            files.series_titles.push_back(group.title);
        }
        all.push_back(std::move(files));
    }
    return all;
}

}  // namespace raidadv::cli
