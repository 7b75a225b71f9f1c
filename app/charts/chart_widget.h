#pragma once
// Charts on screen: a widget showing a charts::Chart (lines and markers) or a bar chart, styled
// for the window's palette (light or dark), with the values of a point shown when the pointer
// rests on it. Qt Charts stays inside app/charts: this header includes no Qt Charts type.

#include <QColor>
#include <QString>
#include <QWidget>
#include <vector>

#include "charts.h"

class QLabel;
class QStackedLayout;

namespace raidadv::charts {

class ChartWidget : public QWidget {
    Q_OBJECT

  public:
    explicit ChartWidget(QWidget* parent = nullptr);
    ~ChartWidget() override;

    /// Shows a line/marker chart (the same description the PNG report uses).
    void setChart(const Chart& chart);
    /// Shows a bar chart.
    void setBars(const BarChart& chart);
    /// Shows `message` instead of a chart (nothing to draw yet).
    void showMessage(const QString& message);

    /// Title of the chart shown, or the message; for tests.
    QString currentTitle() const { return title_; }
    /// Number of series in the chart shown (0 when a message is shown).
    int seriesCount() const { return seriesCount_; }
    /// Number of shaded bands (80% ranges) in the chart shown.
    int bandCount() const { return bandCount_; }

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void applyPalette();

    QStackedLayout* stack_;
    QLabel* message_;
    QWidget* view_ = nullptr;  ///< the QChartView
    QString title_;
    int seriesCount_ = 0;
    int bandCount_ = 0;
};

}  // namespace raidadv::charts
