#pragma once
// Compare: two to four pinned configurations side by side, their metrics in columns and their
// response-time curves overlaid. Pins are copies, so they stay while the search changes.

#include <QWidget>
#include <vector>

#include "advisor/advisor.h"
#include "advisor/request.h"

class QLabel;
class QPushButton;
class QTableWidget;

namespace raidadv::charts {
class ChartWidget;
}

namespace raidadv::gui {

class CompareView : public QWidget {
    Q_OBJECT

  public:
    static constexpr int kMaxPins = 4;

    explicit CompareView(QWidget* parent = nullptr);

    /// Pins `candidate` (rank = its 1-based rank now). Returns false if it is pinned already or
    /// four are pinned.
    bool pin(const raidadv::advisor::Candidate& candidate, int rank,
             const raidadv::advisor::Request& request);
    /// Removes the pin of configuration `name`; false if it is not pinned.
    bool unpin(const std::string& name);
    void clear();
    /// Names of the pinned configurations, in pin order.
    std::vector<std::string> pinnedNames() const;
    int pinCount() const { return static_cast<int>(pins_.size()); }
    bool isPinned(const std::string& name) const;
    /// Shows sizes and rates again in the current SizeUnits (size_units.h).
    void refreshUnits() { refresh(); }
    /// The table of pinned metrics (a row per metric, a column per pin).
    QTableWidget* table() const { return table_; }

  signals:
    void pinsChanged();

  private:
    struct Pin {
        raidadv::advisor::Candidate candidate;
        int rank;
    };
    void refresh();
    void setMetricRows();
    void fillPinColumns();
    void updateCharts();

    std::vector<Pin> pins_;
    raidadv::advisor::Request request_;
    QTableWidget* table_;
    raidadv::charts::ChartWidget* response_;
    raidadv::charts::ChartWidget* throughput_;
    QLabel* hint_;
    QPushButton* clearButton_;
};

}  // namespace raidadv::gui
