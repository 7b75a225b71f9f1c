#pragma once
// Table model of evaluation results: one row per (system, workload, load point).

#include <QAbstractTableModel>
#include <vector>

#include "system/metrics.h"

namespace raidadv::gui {

class ResultsModel : public QAbstractTableModel {
    Q_OBJECT

  public:
    enum Column {
        SystemColumn,
        WorkloadColumn,
        LoadColumn,  ///< concurrency (closed point) or arrival rate (open point)
        IopsColumn,
        MbPerSecondColumn,
        MeanResponseColumn,
        P95ResponseColumn,
        BottleneckColumn,
        ColumnCount
    };

    /// Role giving the unformatted value of a cell (double, int or QString).
    static constexpr int RawValueRole = Qt::UserRole + 1;

    explicit ResultsModel(QObject* parent = nullptr);

    /// Replaces the shown results.
    void setEvaluations(std::vector<raidadv::Evaluation> evaluations);
    void clear();
    /// Shows rates again in the current SizeUnits (size_units.h).
    void refreshUnits();
    const std::vector<raidadv::Evaluation>& evaluations() const { return evaluations_; }

    /// The evaluation (system x workload) a row belongs to; nullptr for an invalid row.
    const raidadv::Evaluation* evaluationAt(int row) const;
    /// The load point a row shows; nullptr for an invalid row.
    const raidadv::PointMetrics* pointAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    /// Formats a value with about three significant digits ("0.123", "12.3", "1234").
    static QString formatNumber(double value);

  private:
    struct RowRef {
        int evaluation;
        int point;
    };
    QVariant display(const raidadv::Evaluation& evaluation, const raidadv::PointMetrics& point,
                     int column) const;
    QVariant raw(const raidadv::Evaluation& evaluation, const raidadv::PointMetrics& point,
                 int column) const;
    QString toolTip(const raidadv::PointMetrics& point, int column) const;

    std::vector<raidadv::Evaluation> evaluations_;
    std::vector<RowRef> rows_;
};

}  // namespace raidadv::gui
