#pragma once
// The "Working set (GiB)" field (Workload::working_set_bytes) as the wizard's workload page and
// the what-if panel show it: GiB on screen (1 GiB = 1024^3 bytes), bytes inside; 0 is the whole
// volume, each configuration's span_fraction of its volumes.

#include <QString>

#include "workload/workload.h"

class QDoubleSpinBox;
class QWidget;

namespace raidadv::gui {

/// A spin box for the working set in GiB: 0 to 1,048,576 GiB, 3 decimals, 0 shown as "whole
/// volume", with the tooltip that says what the working set is.
QDoubleSpinBox* newWorkingSetSpinBox(const QString& objectName, QWidget* parent);

/// Shows `bytes` in `box`, rounded to 0.001 GiB (at least 0.001 GiB when above 0).
void showWorkingSet(QDoubleSpinBox* box, double bytes);

/// The working set `box` holds, in bytes: `exactBytes` while the box shows it (rounded), so a
/// working set of 1000 MiB (0.977 GiB on screen) stays 1000 MiB; else the box's value.
double workingSetBytes(const QDoubleSpinBox& box, double exactBytes);

/// True when the two working sets (bytes) look the same in the spin box.
bool sameShownWorkingSet(double aBytes, double bBytes);

/// Gives `w` a working set of `bytes`. Above 0 it replaces the span (span_fraction 1, as core's
/// project reader sets it); 0 leaves span_fraction as it was.
void setWorkingSet(raidadv::Workload& w, double bytes);

}  // namespace raidadv::gui
