#include "working_set_field.h"

#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <algorithm>
#include <cmath>

#include "units/units.h"

namespace raidadv::gui {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("WorkingSetField", text);
}

constexpr int kDecimals = 3;
constexpr double kStepsPerGib = 1000.0;        ///< 10^kDecimals: the box's steps in one GiB
constexpr double kMaxWorkingSetGib = 1048576;  ///< 1 PiB (the project file allows up to 1 EiB)

/// `bytes` in the box's steps (0.001 GiB) as the box shows them: at least one step when above 0
/// (a small working set is not the whole volume), at most the box's largest value.
long long shownSteps(double bytes) {
    if (!(bytes > 0.0)) {
        return 0;
    }
    const double steps = std::min(bytes / units::GiB, kMaxWorkingSetGib) * kStepsPerGib;
    return std::max(1LL, std::llround(steps));
}

}  // namespace

QDoubleSpinBox* newWorkingSetSpinBox(const QString& objectName, QWidget* parent) {
    auto* box = new QDoubleSpinBox(parent);
    box->setObjectName(objectName);
    box->setDecimals(kDecimals);
    box->setRange(0.0, kMaxWorkingSetGib);
    box->setSpecialValueText(tr("whole volume"));
    box->setToolTip(
        tr("The data the requests touch, in GiB: a benchmark's test file (CrystalDiskMark's "
           "1000 MB is 0.977 GiB; fio's size) or a database's size. The same bytes on every "
           "configuration. 0, the whole volume: each configuration's volume is the working "
           "set."));
    return box;
}

void showWorkingSet(QDoubleSpinBox* box, double bytes) {
    box->setValue(static_cast<double>(shownSteps(bytes)) / kStepsPerGib);
}

double workingSetBytes(const QDoubleSpinBox& box, double exactBytes) {
    const double shown = box.value() * units::GiB;
    return sameShownWorkingSet(shown, exactBytes) ? exactBytes : shown;
}

bool sameShownWorkingSet(double aBytes, double bBytes) {
    return shownSteps(aBytes) == shownSteps(bBytes);
}

void setWorkingSet(Workload& w, double bytes) {
    w.working_set_bytes = bytes;
    if (bytes > 0.0) {
        w.span_fraction = 1.0;
    }
}

}  // namespace raidadv::gui
