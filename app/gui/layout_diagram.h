#pragma once
// A drawing of one configuration (QPainter): the host, the controller, the drive links, and the
// drives grouped as the layout groups them (mirror sets, parity groups, spans, volumes), with the
// first stripes' blocks labelled D (data), P and Q (parity) or M (mirror copy).

#include <QWidget>
#include <optional>

#include "layout_painter.h"
#include "system/system.h"

namespace raidadv::gui {

class LayoutDiagram : public QWidget {
    Q_OBJECT

  public:
    explicit LayoutDiagram(QWidget* parent = nullptr);

    /// `attachedAs`: Assessment::attached_as (extra cards, expanders, JBODs), shown under it.
    void setSystem(const raidadv::System& system, const QString& attachedAs = QString());
    void clear();
    bool hasSystem() const { return system_.has_value(); }

    QSize sizeHint() const override { return {640, 360}; }
    QSize minimumSizeHint() const override { return {320, 220}; }

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    std::optional<raidadv::System> system_;
    QString attachedAs_;
};

}  // namespace raidadv::gui
