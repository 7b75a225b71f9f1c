#include "input_parsing.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>
#include <QStringList>
#include <cmath>
#include <set>

#include "units/units.h"

namespace raidadv::gui {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("InputParsing", text);
}

/// The number in `text` (locale or C format), or nullopt-like false.
bool toDouble(const QString& text, double& value) {
    bool ok = false;
    value = QLocale().toDouble(text, &ok);
    if (!ok) {
        value = QLocale::c().toDouble(text, &ok);
    }
    return ok && std::isfinite(value);
}

QString rangeText(double min, double max) {
    return tr("between %1 and %2").arg(formatPlain(min, 6), formatPlain(max, 6));
}

struct UnitName {
    const char* name;
    double bytes;
};

constexpr UnitName kUnits[] = {
    {"b", 1.0},          {"byte", 1.0},       {"bytes", 1.0},      {"kb", units::kB},
    {"mb", units::MB},   {"gb", units::GB},   {"tb", units::TB},   {"k", units::KiB},
    {"kib", units::KiB}, {"m", units::MiB},   {"mib", units::MiB}, {"g", units::GiB},
    {"gib", units::GiB}, {"tib", units::TiB},
};

QStringList splitList(const QString& text) {
    static const QRegularExpression separators(QStringLiteral("[,;\\s]+"));
    return text.split(separators, Qt::SkipEmptyParts);
}

}  // namespace

QString formatPlain(double value, int maxDecimals) {
    QString text = QLocale::c().toString(value, 'f', maxDecimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0'))) {
            text.chop(1);
        }
        if (text.endsWith(QLatin1Char('.'))) {
            text.chop(1);
        }
    }
    return text;
}

Parsed<double> parseNumber(const QString& text, double min, double max) {
    Parsed<double> result;
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty()) {
        result.error = tr("enter a number %1").arg(rangeText(min, max));
        return result;
    }
    if (!toDouble(trimmed, result.value)) {
        result.error = tr("\"%1\" is not a number").arg(trimmed);
        return result;
    }
    if (result.value < min || result.value > max) {
        result.error = tr("must be %1").arg(rangeText(min, max));
    }
    return result;
}

Parsed<double> parseOptionalLimit(const QString& text, double max) {
    if (text.trimmed().isEmpty()) {
        return {};  // no limit
    }
    Parsed<double> result = parseNumber(text, 0, max);
    if (result.ok() && result.value <= 0.0) {
        result.error = tr("leave empty for no limit, or enter a number above 0");
    }
    return result;
}

std::function<QString(const QString&)> optionalLimitCheck(double max) {
    return [max](const QString& text) { return parseOptionalLimit(text, max).error; };
}

std::function<QString(const QString&)> positiveNumberCheck(double max, const QString& belowOrZero) {
    return [max, belowOrZero](const QString& text) {
        const Parsed<double> v = parseNumber(text, 0, max);
        return v.ok() && v.value <= 0.0 ? belowOrZero : v.error;
    };
}

Parsed<int> parseInteger(const QString& text, int min, int max) {
    Parsed<int> result;
    const Parsed<double> number = parseNumber(text, min, max);
    if (!number.ok()) {
        result.error = number.error;
        return result;
    }
    if (number.value != std::round(number.value)) {
        result.error = tr("must be a whole number");
        return result;
    }
    result.value = static_cast<int>(number.value);
    return result;
}

Parsed<double> parseSize(const QString& text, double defaultUnitBytes, double minBytes,
                         double maxBytes) {
    Parsed<double> result;
    static const QRegularExpression pattern(
        QStringLiteral("^\\s*([0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)\\s*([A-Za-z]*)\\s*$"));
    const QString trimmed = text.trimmed();
    const QString range =
        tr("between %1 and %2").arg(formatSizeBinary(minBytes), formatSizeBinary(maxBytes));
    if (trimmed.isEmpty()) {
        result.error = tr("enter a size %1, e.g. \"4 KiB\"").arg(range);
        return result;
    }
    const QRegularExpressionMatch match = pattern.match(trimmed);
    double number = 0.0;
    if (!match.hasMatch() || !toDouble(match.captured(1), number)) {
        result.error =
            tr("\"%1\" is not a size; write a number and a unit, e.g. \"64 KiB\"").arg(trimmed);
        return result;
    }
    double unit = defaultUnitBytes;
    const QString unitText = match.captured(2).toLower();
    if (!unitText.isEmpty()) {
        unit = 0.0;
        for (const UnitName& u : kUnits) {
            if (unitText == QLatin1String(u.name)) {
                unit = u.bytes;
            }
        }
        if (unit == 0.0) {
            // Every unit the parser accepts (kUnits), so "50 PB" is told TB is there.
            result.error = tr("unknown unit \"%1\"; use B, KB, MB, GB, TB, KiB, MiB, GiB or TiB")
                               .arg(match.captured(2));
            return result;
        }
    }
    result.value = number * unit;
    if (result.value < minBytes || result.value > maxBytes) {
        result.error = tr("must be %1").arg(range);
    }
    return result;
}

Parsed<std::vector<int>> parseIntegerList(const QString& text, int min, int max) {
    Parsed<std::vector<int>> result;
    const QStringList items = splitList(text);
    if (items.isEmpty()) {
        result.error = tr("enter at least one whole number, e.g. \"4, 16, 64\"");
        return result;
    }
    for (const QString& item : items) {
        const Parsed<int> value = parseInteger(item, min, max);
        if (!value.ok()) {
            result.error = tr("\"%1\": %2").arg(item, value.error);
            return result;
        }
        if (!result.value.empty() && value.value <= result.value.back()) {
            result.error = tr("list the numbers in increasing order without repeats");
            return result;
        }
        result.value.push_back(value.value);
    }
    return result;
}

Parsed<std::vector<double>> parseRateList(const QString& text, double max) {
    Parsed<std::vector<double>> result;
    for (const QString& item : splitList(text)) {
        double value = 0.0;
        if (!toDouble(item, value)) {
            result.error = tr("\"%1\" is not a number").arg(item);
            return result;
        }
        if (value <= 0.0 || value >= max) {
            result.error =
                tr("\"%1\": rates must be above 0 and below %2").arg(item).arg(max, 0, 'g', 3);
            return result;
        }
        if (!result.value.empty() && value <= result.value.back()) {
            result.error = tr("list the rates in increasing order without repeats");
            return result;
        }
        result.value.push_back(value);
    }
    return result;
}

Parsed<std::vector<SizeDistribution::Bin>> parseHistogram(const QString& text, double minBytes,
                                                          double maxBytes) {
    Parsed<std::vector<SizeDistribution::Bin>> result;
    const QStringList lines = text.split(QLatin1Char('\n'));
    std::set<double> sizes;
    static const QRegularExpression lastField(QStringLiteral("^(.*\\S)\\s+(\\S+)\\s*$"));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString line = lines[i].trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#'))) {
            continue;
        }
        const QString where = tr("line %1").arg(i + 1);
        const QRegularExpressionMatch match = lastField.match(line);
        if (!match.hasMatch()) {
            result.error = tr("%1: write a size and a weight, e.g. \"4 KiB 60\"").arg(where);
            return result;
        }
        const Parsed<double> size = parseSize(match.captured(1), units::KiB, minBytes, maxBytes);
        if (!size.ok()) {
            result.error = tr("%1: %2").arg(where, size.error);
            return result;
        }
        double weight = 0.0;
        if (!toDouble(match.captured(2), weight) || weight <= 0.0 || weight > 1e9) {
            result.error = tr("%1: the weight must be a number above 0").arg(where);
            return result;
        }
        if (!sizes.insert(size.value).second) {
            result.error =
                tr("%1: the size %2 is listed twice").arg(where, formatSizeBinary(size.value));
            return result;
        }
        result.value.push_back({size.value, weight});
    }
    if (result.value.empty()) {
        result.error = tr("enter at least one line \"SIZE WEIGHT\", e.g. \"4 KiB 60\"");
    }
    return result;
}

QString formatSizeBinary(double bytes) {
    struct Step {
        double bytes;
        const char* name;
    };
    constexpr Step binary[] = {
        {units::TiB, "TiB"}, {units::GiB, "GiB"}, {units::MiB, "MiB"}, {units::KiB, "KiB"}};
    constexpr Step decimal[] = {
        {units::TB, "TB"}, {units::GB, "GB"}, {units::MB, "MB"}, {units::kB, "KB"}};
    // Sizes given in decimal units ("50 KB" files) read back as such; the rest in binary units.
    for (const Step& step : decimal) {
        const double n = bytes / step.bytes;
        if (std::abs(bytes) >= step.bytes && n == std::round(n) &&
            std::fmod(bytes, units::KiB) != 0.0) {
            return formatPlain(n, 0) + QLatin1Char(' ') + QLatin1String(step.name);
        }
    }
    for (const Step& step : binary) {
        if (std::abs(bytes) >= step.bytes) {
            return formatPlain(bytes / step.bytes, 2) + QLatin1Char(' ') + QLatin1String(step.name);
        }
    }
    return formatPlain(bytes, 0) + QStringLiteral(" B");
}

QString histogramText(const std::vector<SizeDistribution::Bin>& bins) {
    QStringList lines;
    for (const SizeDistribution::Bin& bin : bins) {
        lines << formatSizeBinary(bin.bytes) + QLatin1Char(' ') + formatPlain(bin.weight, 4);
    }
    return lines.join(QLatin1Char('\n'));
}

QString joinInts(const std::vector<int>& values) {
    QStringList parts;
    for (int v : values) {
        parts << QString::number(v);
    }
    return parts.join(QStringLiteral(", "));
}

QString joinRates(const std::vector<double>& values) {
    QStringList parts;
    for (double v : values) {
        parts << formatPlain(v, 3);
    }
    return parts.join(QStringLiteral(", "));
}

}  // namespace raidadv::gui
