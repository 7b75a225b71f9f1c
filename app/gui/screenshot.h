#pragma once
// The hidden --screenshot FILE option: grab the main window once its results are shown, save it as
// an image and quit. Used to look at the GUI from scripts (Xvfb or QT_QPA_PLATFORM=offscreen).

#include <QString>

class QApplication;

namespace raidadv::gui {

class MainWindow;

/// Saves a picture of `window` (QWidget::grab) to `file` once the project run started next has
/// been shown, or as soon as the window is up if `waitForRun` is false, then ends the event loop.
/// Errors go to stderr instead of message boxes. Exit code: 0 saved, 1 not saved, 2 saved but the
/// project could not be loaded or evaluated.
void screenshotWhenReady(MainWindow& window, const QString& file, bool waitForRun);

/// The hidden --wizard-screenshots DIR option: opens the new-project wizard with its defaults and
/// the tour, saves DIR/wizard-<n>-<page>.png and DIR/wizard-<n>-tour.png for every page,
/// finishes it, and saves DIR/main-window.png, one picture per detail tab, DIR/compare.png (the
/// first three pinned), DIR/catalog-editor.png and DIR/manual.png once the recommendations are
/// shown; then quits (exit code 0 when every picture was saved). With a `project`, that project
/// is opened instead of walking the wizard.
void wizardScreenshots(MainWindow& window, const QString& dir, const QString& project = {});

/// The hidden --dark option: the Fusion style with a dark palette, to look at the window as
/// users of a dark desktop theme see it.
void useDarkPalette(QApplication& app);

}  // namespace raidadv::gui
