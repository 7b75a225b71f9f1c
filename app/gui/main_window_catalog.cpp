#include "main_window_catalog.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QTimer>

#include "catalog_editor.h"
#include "main_window.h"
#include "user_catalog.h"

namespace raidadv::gui {

CatalogEditor* showCatalogEditor(MainWindow* window, const QString& catalogPath) {
    auto* editor = window->findChild<CatalogEditor*>(QStringLiteral("catalogEditor"));
    if (editor == nullptr) {
        editor = new CatalogEditor(catalogPath, userCatalogPath(), window);
    }
    editor->show();
    editor->raise();
    editor->activateWindow();
    return editor;
}

void installCatalogEditor(MainWindow* window) {
    QMenuBar* bar = window->menuBar();
    auto* tools = bar->findChild<QMenu*>(QStringLiteral("toolsMenu"));
    if (tools == nullptr) {
        tools = new QMenu(MainWindow::tr("&Tools"), bar);
        tools->setObjectName(QStringLiteral("toolsMenu"));
        // Before Help, which is the last menu by convention.
        QAction* help = nullptr;
        for (QAction* a : bar->actions()) {
            if (a->menu() != nullptr && a->menu()->objectName() == QStringLiteral("helpMenu")) {
                help = a;
            }
        }
        bar->insertMenu(help, tools);
    }
    QAction* action = tools->addAction(MainWindow::tr("&Catalog..."), window, [window] {
        showCatalogEditor(window, window->catalogPath());
    });
    action->setObjectName(QStringLiteral("catalogAction"));
    action->setStatusTip(MainWindow::tr(
        "Browse the hardware catalog; add, edit, import and export your own entries"));

    if (userCatalogPath().isEmpty()) {
        return;
    }
    // After the window is up: the check may set a broken user catalog aside.
    QTimer::singleShot(0, window, [window] {
        const QString message = checkUserCatalogAtStart(window->catalogPath());
        if (message.isEmpty()) {
            return;
        }
        auto* box = new QMessageBox(QMessageBox::Warning, MainWindow::tr("User catalog"), message,
                                    QMessageBox::Ok, window);
        box->setObjectName(QStringLiteral("userCatalogMessageBox"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
}

}  // namespace raidadv::gui
