// The layout drawing, painted into any QPainter: the desktop app's LayoutDiagram widget and the
// PDF report use it.

#include "layout_painter.h"

#include <QCoreApplication>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <vector>

#include "advisor/advisor.h"

namespace raidadv::gui {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("raidadv::gui::LayoutDiagram", text);
}

}  // namespace

namespace {

constexpr int kRows = 4;        ///< stripes drawn per drive
constexpr int kMaxVolumes = 3;  ///< volumes drawn before "and N more"

/// Drives of one volume, partitioned into the groups the layout forms.
struct Group {
    QString label;
    int drives;
};

/// A raid10 md builds as one group: far, offset, or near on copies + 1 drives.
bool isMdSingleGroup(const Layout& l) {
    return l.level == RaidLevel::Raid10 && l.disks_per_span == 0 &&
           (l.placement != CopyPlacement::Near || l.drives % std::max(2, l.mirror_copies) != 0);
}

std::vector<Group> groupsOf(const Layout& l) {
    const int n = std::max(1, l.drives);
    const int copies = std::max(2, l.mirror_copies);
    std::vector<Group> groups;
    switch (l.level) {
        case RaidLevel::Simple:
            for (int i = 0; i < n; ++i) {
                groups.push_back({QString(), 1});
            }
            break;
        case RaidLevel::Raid0:
            groups.push_back({tr("stripe"), n});
            break;
        case RaidLevel::Raid1:
            groups.push_back({tr("mirror"), n});
            break;
        case RaidLevel::Raid10:
            if (isMdSingleGroup(l)) {
                // md's far/offset, or near on a drive count that is no multiple of the copies:
                // every drive shares chunks with its neighbours, one group.
                groups.push_back({tr("md raid10, %1 layout")
                                      .arg(QString::fromUtf8(to_string(l.placement).data())),
                                  n});
                break;
            }
            for (int i = 0; i < n / copies; ++i) {
                groups.push_back({tr("mirror %1").arg(i + 1), copies});
            }
            break;
        case RaidLevel::Raid01:
            for (int i = 0; i < copies; ++i) {
                groups.push_back({tr("stripe copy %1").arg(i + 1), n / copies});
            }
            break;
        case RaidLevel::Raid5:
        case RaidLevel::Raid6:
            groups.push_back({tr("parity group"), n});
            break;
        case RaidLevel::Raid50:
        case RaidLevel::Raid60: {
            const int span = l.disks_per_span > 0 ? l.disks_per_span : n;
            for (int i = 0; i < n / span; ++i) {
                groups.push_back({tr("span %1").arg(i + 1), span});
            }
            break;
        }
        case RaidLevel::ZfsMirror:
        case RaidLevel::Raidz1:
        case RaidLevel::Raidz2:
        case RaidLevel::Raidz3:
        case RaidLevel::Draid1:
        case RaidLevel::Draid2:
        case RaidLevel::Draid3: {
            // One group per top-level vdev (l.drives is the whole pool's).
            const int vdevs = std::max(1, l.vdevs);
            const QString type = l.level == RaidLevel::ZfsMirror
                                     ? QStringLiteral("mirror")
                                     : QString::fromUtf8(to_string(l.level).data());
            for (int i = 0; i < vdevs; ++i) {
                groups.push_back({tr("%1 vdev %2").arg(type).arg(i + 1), n / vdevs});
            }
            break;
        }
    }
    return groups;
}

QColor blockColor(const QString& label) {
    if (label == QLatin1String("P")) {
        return QColor(0xf2, 0xa1, 0x3b);
    }
    if (label == QLatin1String("Q")) {
        return QColor(0xe0, 0x6c, 0x5a);
    }
    if (label == QLatin1String("M")) {
        return QColor(0x8f, 0xbc, 0xe6);
    }
    return QColor(0x9e, 0xd0, 0x9a);
}

}  // namespace

QString blockLabel(RaidLevel level, int drive, int row, int groupSize, int copies) {
    switch (level) {
        case RaidLevel::Raid5:
        case RaidLevel::Raid50: {
            // Left-symmetric rotation: parity moves one drive left each stripe.
            const int parity = (groupSize - 1 - row % groupSize + groupSize) % groupSize;
            return drive == parity ? QStringLiteral("P") : QStringLiteral("D");
        }
        case RaidLevel::Raid6:
        case RaidLevel::Raid60: {
            const int p = (groupSize - 1 - row % groupSize + groupSize) % groupSize;
            const int q = (p + 1) % groupSize;
            if (drive == p) {
                return QStringLiteral("P");
            }
            return drive == q ? QStringLiteral("Q") : QStringLiteral("D");
        }
        case RaidLevel::Raid1:
        case RaidLevel::Raid10:
            return drive == 0 ? QStringLiteral("D") : QStringLiteral("M");
        case RaidLevel::Raid01:
            return copies > 1 && drive > 0 ? QStringLiteral("M") : QStringLiteral("D");
        case RaidLevel::ZfsMirror:
            return drive == 0 ? QStringLiteral("D") : QStringLiteral("M");
        case RaidLevel::Raidz1:
        case RaidLevel::Raidz2:
        case RaidLevel::Raidz3:
        case RaidLevel::Draid1:
        case RaidLevel::Draid2:
        case RaidLevel::Draid3: {
            // A block's parity columns come first and start where the previous block ended
            // (vdev_raidz_map_alloc): drawn moving on by the parity count each row.
            const int parity = zfs_parity(level);
            const int first = (row * parity) % std::max(1, groupSize);
            const int k = (drive - first + groupSize) % std::max(1, groupSize);
            return k < parity ? (k == 0 ? QStringLiteral("P") : QStringLiteral("Q"))
                              : QStringLiteral("D");
        }
        case RaidLevel::Simple:
        case RaidLevel::Raid0:
            break;
    }
    return QStringLiteral("D");
}

QString mdBlockLabel(CopyPlacement placement, int drive, int row, int drives, int copies,
                     int rows) {
    switch (placement) {
        case CopyPlacement::Far:  // the first section holds the data, the later ones copies
            return row < rows / std::max(1, copies) ? QStringLiteral("D") : QStringLiteral("M");
        case CopyPlacement::Offset:  // each row of data is followed by its copies' rows
            return row % std::max(1, copies) == 0 ? QStringLiteral("D") : QStringLiteral("M");
        case CopyPlacement::Near:
            break;
    }
    // Near: chunk slot row x drives + drive holds copy (slot mod copies) of its chunk.
    return (row * drives + drive) % std::max(1, copies) == 0 ? QStringLiteral("D")
                                                             : QStringLiteral("M");
}

namespace {

/// What every part of the drawing shares: the painter, the font's metrics, the palette and the
/// drawing width inside the margins.
struct Canvas {
    QPainter& p;
    const QFontMetrics& fm;
    const QPalette& pal;
    QColor text;
    QColor line;
    int margin;  ///< around the drawing
    int w;       ///< width inside the margins
};

/// Where the drive row goes: the groups of one volume, how many volumes are drawn, and the sizes
/// and positions the drives, the bus and the caption are laid out by.
struct DriveRow {
    std::vector<Group> groups;
    int volumesDrawn = 0;
    int gapW = 0;
    int driveW = 0;
    int busY = 0;
    int groupTop = 0;
    int cell = 0;
    int driveH = 0;
    int firstX = 0;  ///< left edge of the first drive
};

/// A rounded box with a title at the top and a detail line at the bottom.
void paintBox(const Canvas& c, const QRect& r, const QString& title, const QString& detail,
              const QColor& fill) {
    QPainter& p = c.p;
    p.setPen(c.line);
    p.setBrush(fill);
    p.drawRoundedRect(r, 6, 6);
    p.setPen(Qt::black);
    const QRect inner = r.adjusted(6, 2, -6, -2);
    p.drawText(inner, Qt::AlignHCenter | Qt::AlignTop,
               c.fm.elidedText(title, Qt::ElideRight, inner.width()));
    p.drawText(inner, Qt::AlignHCenter | Qt::AlignBottom,
               c.fm.elidedText(detail, Qt::ElideRight, inner.width()));
}

/// Host and controller boxes, joined by the host link; returns the controller's box.
QRect paintHostAndController(const Canvas& c, const System& s, int boxH) {
    QPainter& p = c.p;
    const QFontMetrics& fm = c.fm;
    const int boxW = std::min(c.w, 460);
    const QRect host(c.margin + (c.w - boxW) / 2, c.margin, boxW, boxH);
    paintBox(c, host, tr("Host"), QString::fromStdString(s.host.info.name),
             QColor(0xdd, 0xdd, 0xee));
    const QRect ctrl(host.left(), host.bottom() + fm.height() + 12, boxW, boxH);
    p.setPen(QPen(c.text, 2));
    p.drawLine(host.center().x(), host.bottom(), ctrl.center().x(), ctrl.top());
    p.setPen(c.text);
    // The link's name right of the line, elided at the drawing's edge (it once ran past it).
    const int linkX = host.center().x() + 6;
    const int linkW = std::max(0, c.margin + c.w - linkX);
    // A controller that costs nothing (on-board ports, CPU lanes, md) is the host's own: its
    // catalog link (one model socket's root complex for md and CPU lanes) names no part here.
    const bool own = s.controller.info.costs_nothing();
    const QString link = own ? tr("the host's own ports and lanes")
                         : s.host_link.info.name.empty()
                             ? tr("host link")
                             : QString::fromStdString(s.host_link.info.name);
    p.drawText(QRect(linkX, host.bottom(), linkW, ctrl.top() - host.bottom()),
               Qt::AlignVCenter | Qt::AlignLeft, fm.elidedText(link, Qt::ElideRight, linkW));
    paintBox(c, ctrl, tr("Controller"), QString::fromStdString(advisor::array_builder_name(s)),
             QColor(0xee, 0xe4, 0xcc));
    return ctrl;
}

/// Lays out the drives of the volumes drawn in one row under the controller box `ctrl`.
DriveRow driveRow(const Canvas& c, const Layout& l, const QRect& ctrl) {
    const QFontMetrics& fm = c.fm;
    DriveRow row;
    row.groups = groupsOf(l);
    row.volumesDrawn = std::min(std::max(1, l.volumes), kMaxVolumes);
    int driveSlots = 0;  // drives of one volume
    for (const Group& g : row.groups) {
        driveSlots += g.drives;
    }
    const int totalSlots = row.volumesDrawn * driveSlots;
    const int gaps = row.volumesDrawn * static_cast<int>(row.groups.size()) + row.volumesDrawn;
    row.gapW = 10;
    row.driveW = std::clamp((c.w - gaps * row.gapW) / std::max(1, totalSlots), 14, 70);
    row.busY = ctrl.bottom() + fm.height() + 8;
    row.groupTop = row.busY + fm.height() + 6;
    row.cell = std::max(fm.height(), 14);
    row.driveH = kRows * row.cell + 10;
    row.firstX = c.margin + std::max(0, (c.w - (totalSlots * row.driveW + gaps * row.gapW)) / 2);
    return row;
}

/// One drive's outline and its first kRows stripes, labelled D, P, Q or M.
void paintDrive(const Canvas& c, const QRect& dr, const Layout& l, int drive, int groupSize,
                int cell) {
    QPainter& p = c.p;
    p.setPen(c.line);
    p.setBrush(c.pal.color(QPalette::Button));
    p.drawRoundedRect(dr, 4, 4);
    for (int r = 0; r < kRows; ++r) {
        const QString label =
            isMdSingleGroup(l)
                ? mdBlockLabel(l.placement, drive, r, groupSize, l.mirror_copies, kRows)
                : blockLabel(l.level, drive, r, groupSize, l.mirror_copies);
        const QRect br(dr.left() + 3, dr.top() + 5 + r * cell, dr.width() - 6, cell - 2);
        p.setPen(Qt::NoPen);
        p.setBrush(blockColor(label));
        p.drawRect(br);
        if (br.width() >= c.fm.horizontalAdvance(QLatin1Char('M'))) {
            p.setPen(Qt::black);
            p.drawText(br, Qt::AlignCenter, label);
        }
    }
}

/// One group of drives from `x` on: its dashed frame and label, then its drives. Returns the
/// drives' centres.
std::vector<int> paintGroup(const Canvas& c, const Group& g, int x, const DriveRow& row,
                            const Layout& l) {
    QPainter& p = c.p;
    const QFontMetrics& fm = c.fm;
    const QRect gr(x - 3, row.groupTop, g.drives * row.driveW + 6, row.driveH + fm.height() + 10);
    p.setPen(QPen(c.line, 1, Qt::DashLine));
    p.setBrush(Qt::NoBrush);
    if (!g.label.isEmpty()) {
        p.drawRoundedRect(gr, 4, 4);
    }
    p.setPen(c.text);
    p.drawText(QRect(gr.left(), gr.bottom() - fm.height() - 2, gr.width(), fm.height()),
               Qt::AlignCenter, fm.elidedText(g.label, Qt::ElideRight, gr.width()));
    std::vector<int> centers;
    for (int d = 0; d < g.drives; ++d) {
        const QRect dr(x + 2, row.groupTop + 4, row.driveW - 4, row.driveH);
        paintDrive(c, dr, l, d, g.drives, row.cell);
        centers.push_back(dr.center().x());
        x += row.driveW;
    }
    return centers;
}

/// The volumes drawn, side by side, each labelled when there are several. Returns the centres
/// of all drives drawn, left to right.
std::vector<int> paintVolumes(const Canvas& c, const Layout& l, const DriveRow& row) {
    QPainter& p = c.p;
    const QFontMetrics& fm = c.fm;
    int x = row.firstX;
    std::vector<int> driveCenters;
    for (int v = 0; v < row.volumesDrawn; ++v) {
        const int volumeLeft = x;
        for (const Group& g : row.groups) {
            const std::vector<int> centers = paintGroup(c, g, x, row, l);
            driveCenters.insert(driveCenters.end(), centers.begin(), centers.end());
            x += g.drives * row.driveW + row.gapW;
        }
        if (l.volumes > 1) {
            p.setPen(c.text);
            p.drawText(QRect(volumeLeft, row.groupTop + row.driveH + fm.height() + 14,
                             x - volumeLeft, fm.height()),
                       Qt::AlignCenter, tr("volume %1").arg(v + 1));
        }
        x += row.gapW;
    }
    return driveCenters;
}

/// Drives per drive link, at least 1.
int drivesPerLink(const System& s) {
    return std::max(1, s.drives_per_link);
}

/// Whether the drives share a bus (rather than each having its own lane).
bool sharedBus(const System& s) {
    return s.drive_link.shared && drivesPerLink(s) > 1;
}

/// Drive links: a shared bus as one line per bus, point-to-point lanes as one line per drive.
void paintDriveLinks(const Canvas& c, const System& s, const std::vector<int>& driveCenters,
                     const DriveRow& row, const QRect& ctrl) {
    QPainter& p = c.p;
    const int busY = row.busY;
    p.setPen(QPen(c.text, 1.5));
    const int perLink = drivesPerLink(s);
    const bool shared = sharedBus(s);
    for (std::size_t i = 0; i < driveCenters.size(); ++i) {
        p.drawLine(driveCenters[i], busY + (shared ? 0 : 0), driveCenters[i], row.groupTop + 4);
    }
    if (shared) {
        for (std::size_t first = 0; first < driveCenters.size(); first += perLink) {
            const std::size_t last = std::min(driveCenters.size(), first + perLink) - 1;
            p.drawLine(driveCenters[first], busY, driveCenters[last], busY);
            const int mid = (driveCenters[first] + driveCenters[last]) / 2;
            p.drawLine(mid, busY, ctrl.center().x(), ctrl.bottom());
        }
    } else {
        for (int x : driveCenters) {
            p.drawLine(x, busY, ctrl.center().x(), ctrl.bottom());
        }
    }
}

/// The caption under the drives ("8 x <drive> on <link>"); returns its top.
int paintCaption(const Canvas& c, const System& s, const DriveRow& row) {
    const QFontMetrics& fm = c.fm;
    QString linkText = s.drive_link.info.name.empty()
                           ? tr("drive links not modelled")
                           : QString::fromStdString(s.drive_link.info.name);
    if (sharedBus(s)) {
        linkText += tr(" (shared bus, %1 drives each)").arg(drivesPerLink(s));
    }
    QString caption = tr("%1 x %2 on %3")
                          .arg(s.total_drives())
                          .arg(QString::fromStdString(s.drive.info.name), linkText);
    if (s.layout.volumes > kMaxVolumes) {
        caption += tr("; %1 identical volumes, %2 drawn").arg(s.layout.volumes).arg(kMaxVolumes);
    }
    const int captionY = row.groupTop + row.driveH + fm.height() * 2 + 22;
    // Under the drives when it fits there, else from the left margin; elided only past the edge.
    const int captionX = fm.horizontalAdvance(caption) <= c.margin + c.w - row.firstX
                             ? row.firstX
                             : std::min(row.firstX, c.margin);
    const int captionW = c.margin + c.w - captionX;
    c.p.drawText(QRect(captionX, captionY, captionW, fm.height()), Qt::AlignLeft,
                 fm.elidedText(caption, Qt::ElideRight, captionW));
    return captionY;
}

/// The legend of the block labels, from `x` on at height `y`.
void paintLegend(const Canvas& c, int x, int y, int cell) {
    QPainter& p = c.p;
    const std::pair<QString, QString> legend[] = {{QStringLiteral("D"), tr("data")},
                                                  {QStringLiteral("P"), tr("parity")},
                                                  {QStringLiteral("Q"), tr("second parity")},
                                                  {QStringLiteral("M"), tr("mirror copy")}};
    for (const auto& [key, name] : legend) {
        p.setPen(Qt::NoPen);
        p.setBrush(blockColor(key));
        p.drawRect(x, y, cell, cell - 2);
        p.setPen(Qt::black);
        p.drawText(QRect(x, y, cell, cell - 2), Qt::AlignCenter, key);
        p.setPen(c.text);
        p.drawText(x + cell + 4, y + c.fm.ascent(), name);
        x += cell + 12 + c.fm.horizontalAdvance(name);
    }
}

}  // namespace

void paintLayoutDiagram(QPainter& p, const QRect& area, const System& s, const QFont& font,
                        const QPalette& pal, const QString& attachedAs) {
    p.save();
    p.translate(area.topLeft());
    p.setFont(font);
    p.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics fm(font, p.device());
    const int margin = 10;
    const Canvas c{.p = p,
                   .fm = fm,
                   .pal = pal,
                   .text = pal.color(QPalette::Text),
                   .line = pal.color(QPalette::Mid),
                   .margin = margin,
                   .w = area.width() - 2 * margin};
    p.setPen(c.text);
    const int boxH = fm.height() * 2 + 8;

    const QRect ctrl = paintHostAndController(c, s, boxH);
    const DriveRow row = driveRow(c, s.layout, ctrl);
    const std::vector<int> driveCenters = paintVolumes(c, s.layout, row);
    paintDriveLinks(c, s, driveCenters, row, ctrl);
    const int captionY = paintCaption(c, s, row);
    const int legendY = captionY + fm.height() + 6;
    paintLegend(c, row.firstX, legendY, row.cell);
    if (!attachedAs.isEmpty()) {
        // The topology beyond the controller's ports (advisor/topology.h), under the legend.
        const QString text = tr("Attached through: %1").arg(attachedAs);
        const int x = std::min(row.firstX, c.margin);
        const int width = c.margin + c.w - x;
        p.setPen(c.text);
        // Two lines, word-wrapped (a JBOD's cabling ran past one); elided only beyond them, with
        // room for the words the wrapping moves to the second line.
        const int twoLines = 2 * width - 12 * fm.averageCharWidth();
        p.drawText(QRect(x, legendY + row.cell + 6, width, 2 * fm.height()),
                   Qt::AlignLeft | Qt::TextWordWrap,
                   fm.elidedText(text, Qt::ElideRight, std::max(width, twoLines)));
    }
    p.restore();
}

int layoutDiagramHeight(const QFontMetrics& fm) {
    // The same sums as paintLayoutDiagram(): boxes, bus, drives, labels, caption and legend.
    const int boxH = fm.height() * 2 + 8;
    const int cell = std::max(fm.height(), 14);
    const int driveH = kRows * cell + 10;
    const int groupTop = 10 + boxH + fm.height() + 12 + boxH + fm.height() + 8 + fm.height() + 6;
    // ... and two lines for the attachment (extra cards, expanders, JBODs) under the legend.
    return groupTop + driveH + fm.height() * 5 + 34 + cell + 10;
}

}  // namespace raidadv::gui
