#include "size_units.h"

#include <QLocale>
#include <atomic>
#include <cmath>

namespace raidadv::gui {

namespace {

std::atomic<SizeUnits> currentUnits{SizeUnits::Decimal};

// SI prefixes (10^3k) and IEC binary prefixes (2^10k): IEC 80000-13.
const char* const kDecimalNames[] = {"B", "KB", "MB", "GB", "TB", "PB", "EB"};
const char* const kBinaryNames[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
constexpr int kPrefixes = 7;

double base() {
    return sizeUnits() == SizeUnits::Binary ? 1024.0 : 1000.0;
}

QString prefixName(int power) {
    return QString::fromLatin1(sizeUnits() == SizeUnits::Binary ? kBinaryNames[power]
                                                                : kDecimalNames[power]);
}

/// `value` rounded to `digits` significant digits, without trailing zeros ("4.1", "65.5", "4").
QString significant(double value, int digits) {
    if (value == 0.0) {
        return QStringLiteral("0");
    }
    const int magnitude = static_cast<int>(std::floor(std::log10(std::abs(value))));
    const int decimals = std::max(0, digits - 1 - magnitude);
    QString text = QLocale().toString(value, 'f', decimals);
    const QString point = QLocale().decimalPoint();
    if (decimals > 0 && text.contains(point)) {
        while (text.endsWith(QLatin1Char('0'))) {
            text.chop(1);
        }
        if (text.endsWith(point)) {
            text.chop(point.size());
        }
    }
    return text;
}

QString format(double bytes, int digits) {
    if (!std::isfinite(bytes) || bytes < 0.0) {
        return QStringLiteral("-");
    }
    const double step = base();
    int power = 0;
    double value = bytes;
    while (power + 1 < kPrefixes && value >= step) {
        value /= step;
        ++power;
    }
    // Rounding may carry to the next prefix (999.96 KB shows as "1 MB", not "1000 KB").
    if (value > 0.0 && power + 1 < kPrefixes) {
        const double scale =
            std::pow(10.0, digits - 1 - static_cast<int>(std::floor(std::log10(value))));
        if (std::round(value * scale) / scale >= step) {
            value /= step;
            ++power;
        }
    }
    return significant(value, digits) + QLatin1Char(' ') + prefixName(power);
}

}  // namespace

SizeUnits sizeUnits() {
    return currentUnits.load();
}

void setSizeUnits(SizeUnits units) {
    currentUnits.store(units);
}

QString formatBytes(double bytes) {
    return format(bytes, 3);
}

QString formatBytesPrecise(double bytes) {
    return format(bytes, 6);
}

SizeUnit capacityUnit(double largestBytes) {
    const double tera = std::pow(base(), 4);
    const int power = largestBytes > 0.0 && largestBytes < tera ? 3 : 4;
    return {std::pow(base(), power), prefixName(power)};
}

SizeUnit kiloUnit() {
    return {base(), prefixName(1)};
}

SizeUnit stripeUnit() {
    return {1024.0, QStringLiteral("KiB")};
}

QString formatStripeUnit(double bytes) {
    if (!std::isfinite(bytes) || bytes <= 0.0) {
        return QStringLiteral("-");
    }
    return QStringLiteral("%1 KiB").arg(bytes / 1024.0, 0, 'g', 6);
}

QString throughputUnitName() {
    return prefixName(2) + QStringLiteral("/s");
}

double throughputValue(double megabytesPerSecond) {
    if (sizeUnits() == SizeUnits::Decimal) {
        return megabytesPerSecond;  // the model's unit already
    }
    return megabytesPerSecond * 1e6 / std::pow(base(), 2);
}

}  // namespace raidadv::gui
