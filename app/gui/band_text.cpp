#include "band_text.h"

#include <QCoreApplication>
#include <cmath>

#include "results_model.h"
#include "size_units.h"

namespace raidadv::gui {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("BandText", text);
}

ShownRange scaled(const Interval& range, double factor) {
    return {range.low * factor, range.high * factor};
}

}  // namespace

bool ShownRange::valid() const {
    return std::isfinite(low) && std::isfinite(high) && low > 0.0 && high >= low;
}

ShownRange responseRangeMs(const Interval& seconds) {
    return scaled(seconds, 1e3);
}

ShownRange iopsRange(const Interval& perSecond) {
    return scaled(perSecond, 1.0);
}

ShownRange throughputRange(const Interval& megabytesPerSecond) {
    return {throughputValue(megabytesPerSecond.low), throughputValue(megabytesPerSecond.high)};
}

QString rangeText(const ShownRange& range) {
    if (!range.valid()) {
        return {};
    }
    return ResultsModel::formatNumber(range.low) + QStringLiteral("\u2013") +
           ResultsModel::formatNumber(range.high);
}

QString withRange(const QString& value, const ShownRange& range) {
    const QString text = rangeText(range);
    return text.isEmpty() ? value : value + QStringLiteral(" (") + text + QLatin1Char(')');
}

QString rangeToolTip(const PointBand& band, const ShownRange& range, const QString& unit) {
    const QString text = rangeText(range);
    if (text.isEmpty()) {
        return {};
    }
    QString tip = tr("80% range %1 %2: the measured value should fall in it 8 times in 10, "
                     "judging by the model's errors in the validation studies, each study's "
                     "own bias included: a system no study measured (evidence: %3).")
                      .arg(text, unit, QString::fromStdString(band.evidence));
    if (!band.widened.empty()) {
        tip += QLatin1Char('\n') + tr("Widened, outside what the studies measured: %1.")
                                       .arg(QString::fromStdString(band.widened));
    }
    return tip;
}

QString rangeMeaning() {
    return tr(
        "In brackets: the 80% range, where the measured value should fall 8 times in 10, "
        "from the model's errors in the validation studies (Help > Manual, \"80% ranges\").");
}

}  // namespace raidadv::gui
