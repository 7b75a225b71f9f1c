#pragma once
// Table model of the advisor's ranked candidates: one row per configuration, best first, with
// the key metrics in explicit units. The advisor's pick (rank 1) is highlighted. Scores that
// tie at the shown precision read "100=" (as the CLI prints them: advisor::score_text), and a
// row that folds near-identical set-ups (Candidate::variants) says how many ("(+2) ...") and lists
// them in its tooltip.

#include <QAbstractTableModel>

#include "advisor/advisor.h"
#include "advisor/request.h"

namespace raidadv::gui {

class RecommendationsModel : public QAbstractTableModel {
    Q_OBJECT

  public:
    enum Column {
        RankColumn,
        ScoreColumn,
        ConfigurationColumn,  ///< "(+2) name" when near-identical set-ups are folded into the row
        ResponseColumn,    ///< geometric mean over the load points, ms (80% range in the tooltip);
                           ///< "≈ " before it: a tie with the pick on speed
        ThroughputColumn,  ///< at the heaviest load point, per second
        MbPerSecondColumn,
        CostColumn,
        UsableColumn,  ///< TB or TiB (GB or GiB when all candidates are below 1 TB or TiB)
        FailuresColumn,
        LossColumn,  ///< probability of data loss over the horizon, %
        BottleneckColumn,
        ParetoColumn,
        ColumnCount
    };

    /// Unformatted value of a cell, for sorting (double, int or QString).
    static constexpr int RawValueRole = Qt::UserRole + 1;

    explicit RecommendationsModel(QObject* parent = nullptr);

    /// Shows `result` (ranked as given) for `request` (currency, horizon, unit of work).
    void setResult(const raidadv::advisor::Result& result,
                   const raidadv::advisor::Request& request);
    void clear();
    /// Shows sizes and rates again in the current SizeUnits (size_units.h).
    void refreshUnits();

    /// The candidate in `row` (rank row + 1), or nullptr.
    const raidadv::advisor::Candidate* candidateAt(int row) const;
    const raidadv::advisor::Result& result() const { return result_; }
    const raidadv::advisor::Request& request() const { return request_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

  private:
    QVariant display(const raidadv::advisor::Candidate& c, int row, int column) const;
    QVariant raw(const raidadv::advisor::Candidate& c, int row, int column) const;
    /// The response cell's tooltip: its 80% range and evidence, and a tie with the pick.
    QString responseToolTip(const raidadv::advisor::Candidate& c, bool pick) const;
    /// The column's title (Qt::DisplayRole of the header).
    QVariant headerTitle(int section) const;
    /// What the column shows, with its unit (Qt::ToolTipRole of the header).
    QVariant headerToolTip(int section) const;

    raidadv::advisor::Result result_;
    double largestUsable_ = 0.0;  ///< bytes: picks the capacity column's unit
    raidadv::advisor::Request request_;
};

/// The variants folded into `c` as one line each ("RAID 10 of 12, 6 disks per span, ..."),
/// introduced by what they share with it; empty when there are none.
QString variantsText(const raidadv::advisor::Candidate& c);

/// "12.3 ms", "saturated" for non-finite or negative times: never NaN or a negative time.
QString formatMilliseconds(double seconds);

}  // namespace raidadv::gui
