#pragma once
// Reading what people type into the wizard and the what-if panel: numbers, sizes with units
// ("4 KiB", "1.5 MB"), lists of load points ("4, 16, 64") and histograms ("4 KiB 60" per line).
// Each parser returns the value or the reason the text is not acceptable, in words a user reads
// next to the field. SI inside (bytes); binary units are written as such (KiB = 1024 bytes, KB =
// 1000 bytes, as the README says).

#include <QString>
#include <functional>
#include <vector>

#include "workload/workload.h"

namespace raidadv::gui {

/// A parsed value, or the reason it could not be parsed (`error` empty = ok).
template <typename T>
struct Parsed {
    T value{};
    QString error;
    bool ok() const { return error.isEmpty(); }
};

/// A decimal number in [min, max]. Accepts the current locale's decimal separator and '.'.
Parsed<double> parseNumber(const QString& text, double min, double max);
/// An optional limit: empty text = no limit (value 0), else a number above 0 and at most `max`.
Parsed<double> parseOptionalLimit(const QString& text, double max);
/// A field check for parseOptionalLimit: the reason the text is refused, empty when it is fine.
std::function<QString(const QString&)> optionalLimitCheck(double max);
/// A field check for a number above 0 and at most `max`; `belowOrZero` is the reason given for
/// 0 (e.g. "must be more than 0 years"), parseNumber's for anything else.
std::function<QString(const QString&)> positiveNumberCheck(double max, const QString& belowOrZero);
/// A whole number in [min, max].
Parsed<int> parseInteger(const QString& text, int min, int max);
/// A size in bytes: a number with an optional unit (B, KB, MB, GB, TB, KiB, MiB, GiB, TiB; case
/// does not matter; "k"/"m"/"g" alone mean KiB/MiB/GiB). Without a unit the number is in
/// `defaultUnitBytes`. Must lie in [minBytes, maxBytes].
Parsed<double> parseSize(const QString& text, double defaultUnitBytes, double minBytes,
                         double maxBytes);
/// Strictly increasing whole numbers in [min, max], separated by commas or spaces; at least one.
Parsed<std::vector<int>> parseIntegerList(const QString& text, int min, int max);
/// Strictly increasing numbers > 0 and < max, separated by commas or spaces; empty text = none.
Parsed<std::vector<double>> parseRateList(const QString& text, double max);
/// Histogram bins, one per line: a size (as parseSize, default KiB) and a weight > 0, e.g.
/// "4 KiB 60". Blank lines and lines starting with '#' are skipped. Sizes must be distinct.
Parsed<std::vector<raidadv::SizeDistribution::Bin>> parseHistogram(const QString& text,
                                                                   double minBytes,
                                                                   double maxBytes);

/// "4 KiB", "1.5 MiB", "512 B", "50 KB": a size in binary units, or in decimal units when it is a
/// whole number of them and not of KiB; at most two decimals.
QString formatSizeBinary(double bytes);
/// The text parseHistogram reads back: one "SIZE WEIGHT" line per bin.
QString histogramText(const std::vector<raidadv::SizeDistribution::Bin>& bins);
/// A number without trailing zeros ("0.8", "12", "1.25").
QString formatPlain(double value, int maxDecimals = 3);

/// "4, 16, 64": whole numbers as a list field shows them.
QString joinInts(const std::vector<int>& values);

/// "100, 500.5": rates as a list field shows them (formatPlain, at most 3 decimals).
QString joinRates(const std::vector<double>& values);

}  // namespace raidadv::gui
