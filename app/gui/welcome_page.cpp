#include "welcome_page.h"

#include <QCommandLinkButton>
#include <QDir>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

#include "app_resources.h"

namespace raidadv::gui {

namespace {

constexpr int kContentMaxWidth = 1000;
constexpr int kIconSize = 64;

QCommandLinkButton* commandLink(const QString& title, const QString& description,
                                const QString& objectName, QWidget* parent) {
    auto* button = new QCommandLinkButton(title, description, parent);
    button->setObjectName(objectName);
    return button;
}

}  // namespace

QList<WelcomeExample> welcomeExamples() {
    return {
        {QStringLiteral("advisor-archive-1996-cost.json"), WelcomePage::tr("1996 image archive"),
         WelcomePage::tr("Hauser et al.'s image archive on a SPARCstorage Array, cost weighted: "
                         "which fault-tolerant layout gives the most per dollar?")},
        {QStringLiteral("advisor-file-server-2007.json"),
         WelcomePage::tr("2007 four-drive home server"),
         WelcomePage::tr("Four Barracuda drives on Intel ICH8R under IOMeter's File Server mix: "
                         "RAID 5, RAID 10 or two mirrored pairs?")},
        {QStringLiteral("advisor-vm-datastore.json"), WelcomePage::tr("VM datastore"),
         WelcomePage::tr("Write-heavy virtual machines, 8 TB, up to 12 bays, one failure "
                         "survived: is RAID 10 still the answer with today's drives?")},
        {QStringLiteral("advisor-nvme-scratch.json"), WelcomePage::tr("NVMe scratch array"),
         WelcomePage::tr("Scratch space for 4K multicam editing, no fault tolerance needed: how "
                         "many NVMe drives, and which stripe unit?")},
        {QStringLiteral("advisor-small-nas.json"), WelcomePage::tr("Small NAS"),
         WelcomePage::tr("Office file shares on a four-bay Linux NAS under 1200 USD: which hard "
                         "drives, and which RAID level?")},
    };
}

namespace {

/// The application's icon beside its name and what it does.
QHBoxLayout* createHeader(QWidget* content) {
    auto* icon = new QLabel(content);
    icon->setPixmap(applicationIcon().pixmap(kIconSize, kIconSize));
    auto* title = new QLabel(
        WelcomePage::tr(
            "<h1>RAID Advisor</h1><p>Describe a workload and what you need from the storage; the "
            "advisor searches a catalog of drives and controllers, predicts how each RAID "
            "configuration performs, and says which to build, and why.</p>"),
        content);
    title->setObjectName(QStringLiteral("welcomeTitleLabel"));
    title->setWordWrap(true);
    auto* header = new QHBoxLayout;
    header->addWidget(icon, 0, Qt::AlignTop);
    header->addWidget(title, 1);
    return header;
}

}  // namespace

WelcomePage::WelcomePage(const QString& examplesDir, QWidget* parent)
    : QWidget(parent), examplesDir_(examplesDir) {
    setObjectName(QStringLiteral("welcomePage"));

    auto* content = new QWidget;
    content->setMaximumWidth(kContentMaxWidth);
    QHBoxLayout* header = createHeader(content);

    auto* columns = new QHBoxLayout;
    columns->addWidget(createStartBox(content), 2);
    columns->addWidget(createExamplesBox(content), 3);

    auto* contentLayout = new QVBoxLayout(content);
    contentLayout->addLayout(header);
    contentLayout->addLayout(columns);
    contentLayout->addStretch(1);

    // Centered, scrolling when the window is small.
    auto* holder = new QWidget;
    auto* holderLayout = new QHBoxLayout(holder);
    holderLayout->addStretch(1);
    holderLayout->addWidget(content, 100);
    holderLayout->addStretch(1);
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("welcomeScrollArea"));
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setWidget(holder);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
}

QGroupBox* WelcomePage::createStartBox(QWidget* content) {
    auto* start = new QGroupBox(tr("Start"), content);
    auto* startLayout = new QVBoxLayout(start);
    auto* newButton =
        commandLink(tr("New project..."),
                    tr("Describe your workload, capacity, budget and hardware step by step."),
                    QStringLiteral("newProjectCommandLinkButton"), start);
    auto* openButton =
        commandLink(tr("Open project..."), tr("Open a project file (.json or .raidproj)."),
                    QStringLiteral("openProjectCommandLinkButton"), start);
    auto* tourButton =
        commandLink(tr("Take the tour"),
                    tr("Walk through the new-project wizard with a short explanation of each "
                       "page."),
                    QStringLiteral("tourCommandLinkButton"), start);
    connect(newButton, &QAbstractButton::clicked, this, &WelcomePage::newProjectRequested);
    connect(openButton, &QAbstractButton::clicked, this, &WelcomePage::openProjectRequested);
    connect(tourButton, &QAbstractButton::clicked, this, &WelcomePage::tourRequested);
    startLayout->addWidget(newButton);
    startLayout->addWidget(openButton);
    startLayout->addWidget(tourButton);
    startLayout->addStretch(1);
    return start;
}

QGroupBox* WelcomePage::createExamplesBox(QWidget* content) {
    auto* examples = new QGroupBox(tr("Examples"), content);
    auto* examplesLayout = new QVBoxLayout(examples);
    const QList<WelcomeExample> list = welcomeExamples();
    for (int i = 0; i < list.size(); ++i) {
        auto* button = commandLink(list[i].title, list[i].summary,
                                   QStringLiteral("exampleCommandLinkButton%1").arg(i), examples);
        const QString path = examplePath(i);
        if (QFileInfo::exists(path)) {
            button->setToolTip(QDir::toNativeSeparators(path));
            connect(button, &QAbstractButton::clicked, this,
                    [this, path] { emit exampleChosen(path); });
        } else {
            button->setEnabled(false);
            button->setToolTip(tr("Not installed: %1").arg(QDir::toNativeSeparators(path)));
        }
        exampleButtons_.append(button);
        examplesLayout->addWidget(button);
    }
    examplesLayout->addStretch(1);
    return examples;
}

QString WelcomePage::examplePath(int index) const {
    const QList<WelcomeExample> list = welcomeExamples();
    if (index < 0 || index >= list.size()) {
        return {};
    }
    return QDir(examplesDir_).filePath(list[index].fileName);
}

}  // namespace raidadv::gui
