#pragma once
// The one colour of error messages in the GUI: red that stays readable on light and dark palettes.

#include <QColor>
#include <QPalette>

namespace raidadv::gui {

/// Red for error text on `palette`'s window colour: dark red on light themes, light red on dark
/// ones (derived: both about 5.5:1 or more against their background, WCAG 2.1 criterion 1.4.3).
inline QColor errorTextColor(const QPalette& palette) {
    return palette.color(QPalette::Window).lightness() < 128 ? QColor(0xff, 0x7b, 0x72)
                                                             : QColor(0xc0, 0x1c, 0x1c);
}

}  // namespace raidadv::gui
