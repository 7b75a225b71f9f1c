// View > Units: decimal (KB, MB, MB/s) or binary (KiB, MiB, MiB/s) sizes everywhere at once.

#include <QAction>
#include <QActionGroup>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QTableView>

#include "compare_view.h"
#include "main_window.h"
#include "recommendations_model.h"
#include "results_model.h"
#include "size_units.h"
#include "what_if_panel.h"

namespace raidadv::gui {

namespace {

const QString kUnitsKey = QStringLiteral("view/sizeUnits");

}  // namespace

void MainWindow::createViewMenu() {
    auto* viewMenu = new QMenu(tr("&View"), this);
    viewMenu->setObjectName(QStringLiteral("viewMenu"));
    // Before Help (menus added later, such as Tools, go between).
    auto* helpMenu = menuBar()->findChild<QMenu*>(QStringLiteral("helpMenu"));
    menuBar()->insertMenu(helpMenu != nullptr ? helpMenu->menuAction() : nullptr, viewMenu);
    QMenu* unitsMenu = viewMenu->addMenu(tr("&Units"));
    unitsMenu->setObjectName(QStringLiteral("unitsMenu"));
    auto* group = new QActionGroup(this);
    decimalUnitsAction_ = unitsMenu->addAction(tr("&Decimal (KB, MB)"));
    decimalUnitsAction_->setObjectName(QStringLiteral("decimalUnitsAction"));
    decimalUnitsAction_->setToolTip(tr("1 KB = 1000 bytes, MB/s = 10^6 bytes per second"));
    binaryUnitsAction_ = unitsMenu->addAction(tr("&Binary (KiB, MiB)"));
    binaryUnitsAction_->setObjectName(QStringLiteral("binaryUnitsAction"));
    binaryUnitsAction_->setToolTip(tr("1 KiB = 1024 bytes, MiB/s = 2^20 bytes per second"));
    for (QAction* action : {decimalUnitsAction_, binaryUnitsAction_}) {
        action->setCheckable(true);
        group->addAction(action);
    }
    connect(decimalUnitsAction_, &QAction::triggered, this, [this] { setSizeUnitsShown(false); });
    connect(binaryUnitsAction_, &QAction::triggered, this, [this] { setSizeUnitsShown(true); });
    const bool binary = QSettings().value(kUnitsKey).toString() == QStringLiteral("binary");
    setSizeUnits(binary ? SizeUnits::Binary : SizeUnits::Decimal);
    (binary ? binaryUnitsAction_ : decimalUnitsAction_)->setChecked(true);
}

void MainWindow::setSizeUnitsShown(bool binary) {
    setSizeUnits(binary ? SizeUnits::Binary : SizeUnits::Decimal);
    QSettings().setValue(kUnitsKey, binary ? QStringLiteral("binary") : QStringLiteral("decimal"));
    (binary ? binaryUnitsAction_ : decimalUnitsAction_)->setChecked(true);
    model_->refreshUnits();
    table_->resizeColumnsToContents();
    compare_->refreshUnits();
    whatIf_->refreshUnits();
    if (!recModel_->result().ranked.empty()) {
        // Redraws the table, the detail pane and every chart with the new units.
        showAdvice(recModel_->result(), recModel_->request(), true);
    } else {
        recModel_->refreshUnits();
    }
    updateSummary();
}

}  // namespace raidadv::gui
