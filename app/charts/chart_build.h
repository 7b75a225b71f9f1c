#pragma once
// Inside app/charts only: the QChart built from a plain Chart description, shared by the PNG
// writer (charts.cpp) and the on-screen ChartWidget (chart_widget.cpp).

#include <QChart>
#include <memory>

#include "charts.h"

namespace raidadv::charts {

/// The chart styled for a 1000 x 700 picture (white background, large fonts).
std::unique_ptr<QChart> build_chart(const Chart& chart);

/// A bar chart (bars in one color, highlighted ones in another) with plain styling; the caller
/// restyles it for a screen or a page.
std::unique_ptr<QChart> build_bar_chart(const BarChart& chart);

}  // namespace raidadv::charts
