#include "screenshot.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QPalette>
#include <QPixmap>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <cstdio>
#include <memory>

#include "help_window.h"
#include "main_window.h"
#include "project_wizard.h"

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

namespace {

bool save(QWidget& widget, const QString& path) {
    const bool saved = widget.grab().save(path);
    if (!saved) {
        std::fprintf(stderr, "raid-advisor: cannot save screenshot to %s\n", qPrintable(path));
    }
    return saved;
}

/// The main window's tabs, the comparison of the first three configurations, the catalog
/// editor and the manual, each saved under dir; then quits (1 when a picture failed).
void saveResultScreens(MainWindow& window, const QString& dir, const std::shared_ptr<bool>& ok) {
    auto* tabs = window.findChild<QTabWidget*>(QStringLiteral("detailTabWidget"));
    *ok = save(window, dir + QStringLiteral("/main-window.png")) && *ok;
    for (int i = 1; tabs != nullptr && i < tabs->count(); ++i) {
        tabs->setCurrentIndex(i);
        QCoreApplication::processEvents();
        // "main-window-3-stripe-risk.png": the tab's place and its name.
        const QString name = tabs->tabText(i)
                                 .remove(QLatin1Char('&'))
                                 .toLower()
                                 .replace(QLatin1Char(' '), QLatin1Char('-'))
                                 .replace(QStringLiteral("--"), QStringLiteral("-"));
        *ok = save(window, dir + QStringLiteral("/main-window-%1-%2.png").arg(i + 1).arg(name)) &&
              *ok;
    }
    // Compare: the first three configurations pinned.
    auto* table = window.findChild<QTableView*>(QStringLiteral("recommendationsTableView"));
    auto* main = window.findChild<QTabWidget*>(QStringLiteral("mainTabWidget"));
    for (int row = 0; table != nullptr && row < 3 && row < table->model()->rowCount(); ++row) {
        table->setCurrentIndex(table->model()->index(row, 0));
        window.pinSelected();
    }
    if (main != nullptr) {
        main->setCurrentIndex(1);
        QCoreApplication::processEvents();
        *ok = save(window, dir + QStringLiteral("/compare.png")) && *ok;
    }
    // The catalog editor and the manual (Help > Manual, F1).
    window.findChild<QAction*>(QStringLiteral("catalogAction"))->trigger();
    if (auto* editor = window.findChild<QWidget*>(QStringLiteral("catalogEditor"))) {
        editor->resize(window.size() * 4 / 5);
        QCoreApplication::processEvents();
        *ok = save(*editor, dir + QStringLiteral("/catalog-editor.png")) && *ok;
        editor->close();
    }
    HelpWindow* help = window.showManual();
    QCoreApplication::processEvents();
    *ok = save(*help, dir + QStringLiteral("/manual.png")) && *ok;
    QCoreApplication::exit(*ok ? 0 : 1);
}

}  // namespace

void wizardScreenshots(MainWindow& window, const QString& dir, const QString& project) {
    QDir().mkpath(dir);
    window.setErrorReporter([](const QString& title, const QString& message) {
        std::fprintf(stderr, "raid-advisor: %s\n%s\n", qPrintable(title), qPrintable(message));
        QCoreApplication::exit(2);
    });
    auto ok = std::make_shared<bool>(true);
    QObject::connect(
        &window, &MainWindow::recommendationsShown, &window,
        [&window, dir, ok] {
            QTimer::singleShot(kSettleMs, &window,
                               [&window, dir, ok] { saveResultScreens(window, dir, ok); });
        },
        Qt::SingleShotConnection);
    if (!project.isEmpty()) {
        window.openProject(project);  // the pictures of the results follow
        return;
    }
    QTimer::singleShot(0, &window, [&window, dir, ok] {
        ProjectWizard* wizard = window.takeTour();  // the tour beside each page, pictured too
        const char* names[] = {"workload", "sizes", "capacity", "budget", "hardware", "review"};
        auto step = std::make_shared<std::function<void(int)>>();
        *step = [wizard, dir, ok, names, step](int page) {
            QTimer::singleShot(kSettleMs, wizard, [wizard, dir, ok, names, step, page] {
                *ok = save(*wizard, dir + QStringLiteral("/wizard-%1-%2.png")
                                              .arg(page + 1)
                                              .arg(QString::fromLatin1(names[page]))) &&
                      *ok;
                if (auto* tour = wizard->findChild<QWidget*>(QStringLiteral("wizardTourFrame"))) {
                    *ok = save(*tour, dir + QStringLiteral("/wizard-%1-tour.png").arg(page + 1)) &&
                          *ok;
                }
                if (page + 1 < 6) {
                    wizard->next();
                    (*step)(page + 1);
                } else {
                    wizard->button(QWizard::FinishButton)->click();
                }
            });
        };
        (*step)(0);
    });
}

void useDarkPalette(QApplication& app) {
    QApplication::setStyle(QStringLiteral("Fusion"));
    QPalette p;
    const QColor window(0x2d, 0x2d, 0x30);
    const QColor base(0x1e, 0x1e, 0x1e);
    const QColor text(0xe8, 0xe8, 0xe8);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7a, 0xd6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6a, 0xb0, 0xf3));
    p.setColor(QPalette::Mid, QColor(0x50, 0x50, 0x55));
    // As dark desktop themes (Breeze Dark, Adwaita-dark) do: hints stay readable on `base`.
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    app.setPalette(p);
}

}  // namespace raidadv::gui
