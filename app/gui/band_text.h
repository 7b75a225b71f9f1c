#pragma once
// How the desktop app shows a prediction's 80% range (issue 24, docs/model.md "Error bands"):
// "16.0 (12.1–21.0)" in tables, and on hover which validation evidence the range comes from and
// why it is wider. A point without a band (saturated, not solved) shows no range: never 0 or NaN.

#include <QString>

#include "system/metrics.h"

namespace raidadv::gui {

/// A range in the units shown (milliseconds, IOPS, MB/s or MiB/s).
struct ShownRange {
    double low = 0.0;
    double high = 0.0;
    /// Finite, positive and ordered: a band to show.
    bool valid() const;
};

/// The response band in milliseconds, the IOPS band, the data-rate band in throughputUnitName().
ShownRange responseRangeMs(const raidadv::Interval& seconds);
ShownRange iopsRange(const raidadv::Interval& perSecond);
ShownRange throughputRange(const raidadv::Interval& megabytesPerSecond);

/// "12.1–21.0" (ResultsModel::formatNumber for both ends); empty without a band.
QString rangeText(const ShownRange& range);
/// "16.0 (12.1–21.0)": `value` followed by the range in brackets; `value` alone without a band.
QString withRange(const QString& value, const ShownRange& range);

/// The tooltip of a figure with a band: "80% range 12.1–21.0 ms: ..." naming the evidence class
/// and the reason it is widened; empty without a band. `unit` follows the numbers ("ms").
QString rangeToolTip(const raidadv::PointBand& band, const ShownRange& range, const QString& unit);

/// One sentence saying what the 80% ranges are, for headers and notes.
QString rangeMeaning();

}  // namespace raidadv::gui
