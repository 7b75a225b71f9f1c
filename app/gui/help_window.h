#pragma once
// Help > Manual (F1): the user manual (docs/manual.md, Markdown) in a window of its own, rendered
// by QTextBrowser. The file is found next to the executable, as installed
// (<exe>/../share/doc/raid-advisor/manual.md; the build tree has the same layout).

#include <QDialog>
#include <QString>

class QTextBrowser;

namespace raidadv::gui {

/// Where the manual is: `<exe>/../share/doc/raid-advisor/manual.md`, or the file the environment
/// variable RAID_ADVISOR_MANUAL names. Empty when neither exists.
QString manualPath();

class HelpWindow : public QDialog {
    Q_OBJECT

  public:
    /// Shows the manual at `path` (a message saying where it was looked for when it is missing).
    explicit HelpWindow(const QString& path, QWidget* parent = nullptr);

    QTextBrowser* browser() const { return browser_; }
    /// True when the manual was found and shown.
    bool hasManual() const { return found_; }

  private:
    QTextBrowser* browser_ = nullptr;
    bool found_ = false;
};

}  // namespace raidadv::gui
