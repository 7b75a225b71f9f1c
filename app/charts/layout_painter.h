#pragma once
// A drawing of one configuration (QPainter): the host, the controller, the drive links, and the
// drives grouped as the layout groups them (mirror sets, parity groups, spans, volumes), with the
// first stripes' blocks labelled D (data), P and Q (parity) or M (mirror copy). Painted by the
// desktop app's LayoutDiagram widget and by the PDF report.

#include <QFont>
#include <QFontMetrics>
#include <QPalette>
#include <QRect>
#include <QString>

#include "system/system.h"

class QPainter;

namespace raidadv::gui {

/// Paints the diagram of `system` into `area` (its top left corner; the width is used, the
/// height needed is layoutDiagramHeight()). Text in `font`, colors from `palette` (Text, Mid,
/// Button). `attachedAs` (Assessment::attached_as: extra cards, expanders, JBODs), when not
/// empty, is written as the last line.
void paintLayoutDiagram(QPainter& painter, const QRect& area, const raidadv::System& system,
                        const QFont& font, const QPalette& palette,
                        const QString& attachedAs = QString());

/// Height the diagram needs with text measured by `metrics`.
int layoutDiagramHeight(const QFontMetrics& metrics);

/// What block `row` of drive `drive` (0-based, within one parity group or mirror set) holds in
/// the diagram: "D", "P", "Q" or "M". `groupSize` drives in the group.
QString blockLabel(raidadv::RaidLevel level, int drive, int row, int groupSize, int copies);
/// The same for a raid10 md builds as one group of `drives` (far, offset, or near on copies + 1
/// drives), `rows` rows drawn: far's first section data then copies, offset's rows alternate,
/// near's slots hold the copies of consecutive chunks in turn (drivers/md/raid10.c).
QString mdBlockLabel(raidadv::CopyPlacement placement, int drive, int row, int drives, int copies,
                     int rows);

}  // namespace raidadv::gui
