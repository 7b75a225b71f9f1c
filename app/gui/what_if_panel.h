#pragma once
// The what-if side panel: the workload and constraint fields of the advisor's request. Moving a
// weight slider re-ranks at once (advisor::rank, no re-evaluation); editing any other field asks
// for a new search, a moment after the typing stops, once every field is valid.

#include <QWidget>

#include "advisor/request.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSlider;
class QSpinBox;
class QTimer;

namespace raidadv::gui {

class CheckedField;

class WhatIfPanel : public QWidget {
    Q_OBJECT

  public:
    explicit WhatIfPanel(QWidget* parent = nullptr);

    /// Fills the fields from `request` (no signal is emitted).
    void setRequest(const raidadv::advisor::Request& request);
    /// The request the fields describe (the one last set, with the fields' values).
    raidadv::advisor::Request request() const;
    /// True when every field is valid.
    bool isValid() const;
    /// Milliseconds between the last edit and searchRequested (tests shorten it).
    void setSearchDelay(int ms);
    /// Shows the capacity again in the current SizeUnits (size_units.h) unless the user edited
    /// it; no signal is emitted and the request does not change.
    void refreshUnits();

  signals:
    /// A weight moved: re-rank with request().weights.
    void weightsChanged();
    /// A workload or constraint field changed and all fields are valid: search again.
    void searchRequested();

  private:
    CheckedField* addField(const QString& name, std::function<QString(const QString&)> check);
    /// A checkbox whose toggling is an edit (searches again after the delay).
    QCheckBox* addCheckBox(const QString& name, const QString& text, const QString& toolTip);
    void fieldEdited();
    void updateCapacityLabel();
    /// Enables the ZFS choice only when `request`'s computer runs ZFS (or the request asks for
    /// it already).
    void offerZfs(const raidadv::advisor::Request& request);
    /// The md bitmap choice only where the user builds md arrays (not on an appliance, nor on
    /// a computer without md).
    void offerMdBitmap(const raidadv::advisor::Request& request);

    raidadv::advisor::Request base_;
    bool filling_ = false;
    CheckedField* concurrency_;
    CheckedField* readPercent_;
    QSpinBox* threads_;  ///< Workload::threads (fio numjobs); 0 = one per outstanding request
    QDoubleSpinBox* workingSet_;  ///< Workload::working_set_bytes in GiB; 0 = the whole volume
    CheckedField* capacity_;
    CheckedField* budget_;
    CheckedField* bays_;
    CheckedField* rebuild_;  ///< longest rebuild, hours; empty = no limit
    CheckedField* power_;    ///< drives' active power, W; empty = no limit
    QComboBox* failures_;
    QCheckBox* powerSafe_;
    QCheckBox* raidSoftware_;        ///< the host RAID software licence is owned
    QComboBox* raidSoftwareChoice_;  ///< advisor::RaidSoftware, by its file word
    QComboBox* mdBitmapChoice_;      ///< MdBitmap, by its file word
    QString mdBitmapToolTip_;        ///< what the choice does, where it is offered
    QSlider* performance_;
    QSlider* cost_;
    QSlider* reliability_;
    QSlider* capacityWeight_;
    QLabel* reason_;
    QLabel* concurrencyLabel_ = nullptr;
    QLabel* capacityLabel_ = nullptr;
    QLabel* budgetLabel_ = nullptr;
    /// The capacity and budget as last filled in: while the text is unchanged the request keeps
    /// the exact value (the shown text is rounded).
    QString shownCapacity_;
    QString shownBudget_;
    QString shownRebuild_;  ///< the limits as filled in: unchanged text keeps the exact value
    QString shownPower_;
    QTimer* searchTimer_;
    std::vector<CheckedField*> fields_;
};

}  // namespace raidadv::gui
