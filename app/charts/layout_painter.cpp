// The layout drawing, painted into any QPainter: the desktop app's LayoutDiagram widget and the
// PDF report use it.

#include "layout_painter.h"

#include <QCoreApplication>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <vector>

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
        case RaidLevel::Simple:
        case RaidLevel::Raid0:
            break;
    }
    return QStringLiteral("D");
}

void paintLayoutDiagram(QPainter& p, const QRect& area, const System& s, const QFont& font,
                        const QPalette& pal) {
    p.save();
    p.translate(area.topLeft());
    p.setFont(font);
    p.setRenderHint(QPainter::Antialiasing);
    const QColor text = pal.color(QPalette::Text);
    const QColor line = pal.color(QPalette::Mid);
    p.setPen(text);
    const QFontMetrics fm(font, p.device());
    const int margin = 10;
    const int boxH = fm.height() * 2 + 8;
    const int w = area.width() - 2 * margin;

    // Host and controller boxes, joined by the host link.
    const auto box = [&](const QRect& r, const QString& title, const QString& detail,
                         const QColor& fill) {
        p.setPen(line);
        p.setBrush(fill);
        p.drawRoundedRect(r, 6, 6);
        p.setPen(Qt::black);
        const QRect inner = r.adjusted(6, 2, -6, -2);
        p.drawText(inner, Qt::AlignHCenter | Qt::AlignTop,
                   fm.elidedText(title, Qt::ElideRight, inner.width()));
        p.drawText(inner, Qt::AlignHCenter | Qt::AlignBottom,
                   fm.elidedText(detail, Qt::ElideRight, inner.width()));
    };
    const int boxW = std::min(w, 460);
    const QRect host(margin + (w - boxW) / 2, margin, boxW, boxH);
    box(host, tr("Host"), QString::fromStdString(s.host.info.name), QColor(0xdd, 0xdd, 0xee));
    const QRect ctrl(host.left(), host.bottom() + fm.height() + 12, boxW, boxH);
    p.setPen(QPen(text, 2));
    p.drawLine(host.center().x(), host.bottom(), ctrl.center().x(), ctrl.top());
    p.setPen(text);
    p.drawText(QRect(host.center().x() + 6, host.bottom(), w / 2, ctrl.top() - host.bottom()),
               Qt::AlignVCenter | Qt::AlignLeft,
               s.host_link.info.name.empty() ? tr("host link")
                                             : QString::fromStdString(s.host_link.info.name));
    box(ctrl, tr("Controller"), QString::fromStdString(s.controller.info.name),
        QColor(0xee, 0xe4, 0xcc));

    // Volumes and groups of drives.
    const Layout& l = s.layout;
    const std::vector<Group> groups = groupsOf(l);
    const int volumesDrawn = std::min(std::max(1, l.volumes), kMaxVolumes);
    int driveSlots = 0;  // drives of one volume
    for (const Group& g : groups) {
        driveSlots += g.drives;
    }
    const int totalSlots = volumesDrawn * driveSlots;
    const int gaps = volumesDrawn * static_cast<int>(groups.size()) + volumesDrawn;
    const int gapW = 10;
    const int driveW = std::clamp((w - gaps * gapW) / std::max(1, totalSlots), 14, 70);
    const int busY = ctrl.bottom() + fm.height() + 8;
    const int groupTop = busY + fm.height() + 6;
    const int cell = std::max(fm.height(), 14);
    const int driveH = kRows * cell + 10;

    int x = margin + std::max(0, (w - (totalSlots * driveW + gaps * gapW)) / 2);
    const int firstX = x;
    std::vector<int> driveCenters;
    for (int v = 0; v < volumesDrawn; ++v) {
        const int volumeLeft = x;
        for (const Group& g : groups) {
            const QRect gr(x - 3, groupTop, g.drives * driveW + 6, driveH + fm.height() + 10);
            p.setPen(QPen(line, 1, Qt::DashLine));
            p.setBrush(Qt::NoBrush);
            if (!g.label.isEmpty()) {
                p.drawRoundedRect(gr, 4, 4);
            }
            p.setPen(text);
            p.drawText(QRect(gr.left(), gr.bottom() - fm.height() - 2, gr.width(), fm.height()),
                       Qt::AlignCenter, fm.elidedText(g.label, Qt::ElideRight, gr.width()));
            for (int d = 0; d < g.drives; ++d) {
                const QRect dr(x + 2, groupTop + 4, driveW - 4, driveH);
                p.setPen(line);
                p.setBrush(pal.color(QPalette::Button));
                p.drawRoundedRect(dr, 4, 4);
                for (int r = 0; r < kRows; ++r) {
                    const QString label = blockLabel(l.level, d, r, g.drives, l.mirror_copies);
                    const QRect br(dr.left() + 3, dr.top() + 5 + r * cell, dr.width() - 6,
                                   cell - 2);
                    p.setPen(Qt::NoPen);
                    p.setBrush(blockColor(label));
                    p.drawRect(br);
                    if (br.width() >= fm.horizontalAdvance(QLatin1Char('M'))) {
                        p.setPen(Qt::black);
                        p.drawText(br, Qt::AlignCenter, label);
                    }
                }
                driveCenters.push_back(dr.center().x());
                x += driveW;
            }
            x += gapW;
        }
        if (l.volumes > 1) {
            p.setPen(text);
            p.drawText(QRect(volumeLeft, groupTop + driveH + fm.height() + 14, x - volumeLeft,
                             fm.height()),
                       Qt::AlignCenter, tr("volume %1").arg(v + 1));
        }
        x += gapW;
    }

    // Drive links: a shared bus as one line per bus, point-to-point lanes as one line per drive.
    p.setPen(QPen(text, 1.5));
    const int perLink = std::max(1, s.drives_per_link);
    const bool shared = s.drive_link.shared && perLink > 1;
    for (std::size_t i = 0; i < driveCenters.size(); ++i) {
        p.drawLine(driveCenters[i], busY + (shared ? 0 : 0), driveCenters[i], groupTop + 4);
    }
    if (shared) {
        for (std::size_t first = 0; first < driveCenters.size(); first += perLink) {
            const std::size_t last = std::min(driveCenters.size(), first + perLink) - 1;
            p.drawLine(driveCenters[first], busY, driveCenters[last], busY);
            const int mid = (driveCenters[first] + driveCenters[last]) / 2;
            p.drawLine(mid, busY, ctrl.center().x(), ctrl.bottom());
        }
    } else {
        for (int c : driveCenters) {
            p.drawLine(c, busY, ctrl.center().x(), ctrl.bottom());
        }
    }
    // Caption and legend.
    QString linkText = s.drive_link.info.name.empty()
                           ? tr("drive links not modelled")
                           : QString::fromStdString(s.drive_link.info.name);
    if (shared) {
        linkText += tr(" (shared bus, %1 drives each)").arg(perLink);
    }
    QString caption = tr("%1 x %2 on %3")
                          .arg(s.total_drives())
                          .arg(QString::fromStdString(s.drive.info.name), linkText);
    if (l.volumes > kMaxVolumes) {
        caption += tr("; %1 identical volumes, %2 drawn").arg(l.volumes).arg(kMaxVolumes);
    }
    const int captionY = groupTop + driveH + fm.height() * 2 + 22;
    // Under the drives when it fits there, else from the left margin; elided only past the edge.
    const int captionX =
        fm.horizontalAdvance(caption) <= margin + w - firstX ? firstX : std::min(firstX, margin);
    const int captionW = margin + w - captionX;
    p.drawText(QRect(captionX, captionY, captionW, fm.height()), Qt::AlignLeft,
               fm.elidedText(caption, Qt::ElideRight, captionW));
    int lx = firstX;
    const int ly = captionY + fm.height() + 6;
    const std::pair<QString, QString> legend[] = {{QStringLiteral("D"), tr("data")},
                                                  {QStringLiteral("P"), tr("parity")},
                                                  {QStringLiteral("Q"), tr("second parity")},
                                                  {QStringLiteral("M"), tr("mirror copy")}};
    for (const auto& [key, name] : legend) {
        p.setPen(Qt::NoPen);
        p.setBrush(blockColor(key));
        p.drawRect(lx, ly, cell, cell - 2);
        p.setPen(Qt::black);
        p.drawText(QRect(lx, ly, cell, cell - 2), Qt::AlignCenter, key);
        p.setPen(text);
        p.drawText(lx + cell + 4, ly + fm.ascent(), name);
        lx += cell + 12 + fm.horizontalAdvance(name);
    }
    p.restore();
}

int layoutDiagramHeight(const QFontMetrics& fm) {
    // The same sums as paintLayoutDiagram(): boxes, bus, drives, labels, caption and legend.
    const int boxH = fm.height() * 2 + 8;
    const int cell = std::max(fm.height(), 14);
    const int driveH = kRows * cell + 10;
    const int groupTop = 10 + boxH + fm.height() + 12 + boxH + fm.height() + 8 + fm.height() + 6;
    return groupTop + driveH + fm.height() * 3 + 28 + cell + 10;
}

}  // namespace raidadv::gui
