#include "help_window.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QPushButton>
#include <QScreen>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>
#include <algorithm>

namespace raidadv::gui {

QString manualPath() {
    const QString fromEnv = qEnvironmentVariable("RAID_ADVISOR_MANUAL");
    if (!fromEnv.isEmpty() && QFileInfo::exists(fromEnv)) {
        return fromEnv;
    }
    const QString installed =
        QDir(QCoreApplication::applicationDirPath())
            .absoluteFilePath(QStringLiteral("../share/doc/raid-advisor/manual.md"));
    return QFileInfo::exists(installed) ? QFileInfo(installed).canonicalFilePath() : QString();
}

HelpWindow::HelpWindow(const QString& path, QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("helpWindow"));
    setWindowTitle(tr("RAID Advisor manual"));
    browser_ = new QTextBrowser(this);
    browser_->setObjectName(QStringLiteral("manualTextBrowser"));
    browser_->setOpenExternalLinks(true);
    QFile file(path);
    if (!path.isEmpty() && file.open(QIODevice::ReadOnly)) {
        browser_->setSearchPaths({QFileInfo(path).absolutePath()});
        browser_->setMarkdown(QString::fromUtf8(file.readAll()));
        found_ = true;
    } else {
        browser_->setPlainText(
            tr("The manual (manual.md) was not found. It is installed in "
               "<prefix>/share/doc/raid-advisor next to the program's <prefix>/bin; in the "
               "source tree it is docs/manual.md."));
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setObjectName(QStringLiteral("helpClosePushButton"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(browser_, 1);
    layout->addWidget(buttons);
    // Readable lines: about 90 characters wide, two thirds of the screen high.
    const int width = fontMetrics().horizontalAdvance(QLatin1Char('x')) * 90;
    int height = fontMetrics().height() * 40;
    if (const QScreen* screen = QGuiApplication::primaryScreen()) {
        height = std::min(height, screen->availableGeometry().height() * 2 / 3);
    }
    resize(width, height);
}

}  // namespace raidadv::gui
