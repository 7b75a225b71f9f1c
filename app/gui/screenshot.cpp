#include "screenshot.h"

#include <QCoreApplication>
#include <QPixmap>
#include <QTimer>
#include <cstdio>

#include "main_window.h"

namespace raidadv::gui {

namespace {

constexpr int kSettleMs = 200;  ///< lets the layout and the table's column sizes settle

void grabAndQuit(MainWindow& window, const QString& file, bool ok) {
    QTimer::singleShot(kSettleMs, &window, [&window, file, ok] {
        const bool saved = window.grab().save(file);
        if (!saved) {
            std::fprintf(stderr, "raid-advisor: cannot save screenshot to %s\n", qPrintable(file));
        }
        QCoreApplication::exit(!saved ? 1 : (ok ? 0 : 2));
    });
}

}  // namespace

void screenshotWhenReady(MainWindow& window, const QString& file, bool waitForRun) {
    window.setErrorReporter([](const QString& title, const QString& message) {
        std::fprintf(stderr, "raid-advisor: %s\n%s\n", qPrintable(title), qPrintable(message));
    });
    if (!waitForRun) {
        grabAndQuit(window, file, true);
        return;
    }
    QObject::connect(
        &window, &MainWindow::runFinished, &window,
        [&window, file](bool ok) { grabAndQuit(window, file, ok); }, Qt::SingleShotConnection);
}

}  // namespace raidadv::gui
