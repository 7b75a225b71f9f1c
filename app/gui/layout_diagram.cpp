#include "layout_diagram.h"

#include <QPainter>

#include "layout_painter.h"

namespace raidadv::gui {

namespace {

constexpr int kRows = 4;  ///< stripes drawn per drive (as layout_painter.cpp)

}  // namespace

LayoutDiagram::LayoutDiagram(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("layoutDiagram"));
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
}

void LayoutDiagram::setSystem(const System& system, const QString& attachedAs) {
    system_ = system;
    attachedAs_ = attachedAs;
    setToolTip(
        tr("Blocks: D = data, P and Q = parity, M = mirror copy (first %1 stripes)").arg(kRows));
    update();
}

void LayoutDiagram::clear() {
    system_.reset();
    update();
}

void LayoutDiagram::paintEvent(QPaintEvent*) {
    QPainter p(this);
    if (!system_) {
        p.setPen(palette().color(QPalette::Text));
        p.drawText(rect(), Qt::AlignCenter, tr("Select a configuration to see its layout."));
        return;
    }
    paintLayoutDiagram(p, rect(), *system_, font(), palette(), attachedAs_);
}

}  // namespace raidadv::gui
