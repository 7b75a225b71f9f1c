#pragma once
// How sizes and data rates are shown: decimal (KB = 10^3 bytes, MB/s = 10^6 bytes per second) or
// binary (KiB = 2^10 bytes, MiB/s = 2^20 bytes per second), after IEC 80000-13. One process-wide
// choice (View > Units in the desktop app); every table, detail pane and chart axis that shows a
// size formats it here, so switching the choice and refreshing the views changes them all.

#include <QString>

namespace raidadv::gui {

enum class SizeUnits { Decimal, Binary };

/// The current choice (Decimal until set).
SizeUnits sizeUnits();
void setSizeUnits(SizeUnits units);

/// A size with about three significant digits and the largest prefix that keeps it at least 1:
/// 4096 bytes is "4.1 KB" in decimal and "4 KiB" in binary. Negative or non-finite: "-".
QString formatBytes(double bytes);
/// A size with up to six significant digits, for fields the user may edit ("3.63798 TiB").
QString formatBytesPrecise(double bytes);

/// A fixed unit for a column or an axis: values are shown as bytes / divisor.
struct SizeUnit {
    double divisor = 1.0;  ///< bytes per unit
    QString name;          ///< "TB", "TiB", "KB", ...
};
/// TB (TiB), or GB (GiB) when `largestBytes` is below one TB (TiB).
SizeUnit capacityUnit(double largestBytes);
/// KB or KiB: request sizes on chart axes.
SizeUnit kiloUnit();
/// KiB whatever the choice: stripe units are powers of two in every controller's settings and
/// datasheet ("64 KiB", never "65.5 KB").
SizeUnit stripeUnit();
/// A stripe unit in stripeUnit(): "32 KiB", "1024 KiB", "0.5 KiB".
QString formatStripeUnit(double bytes);

/// "MB/s" or "MiB/s".
QString throughputUnitName();
/// `megabytesPerSecond` (10^6 bytes per second, as the model reports it) in throughputUnitName().
double throughputValue(double megabytesPerSecond);

}  // namespace raidadv::gui
