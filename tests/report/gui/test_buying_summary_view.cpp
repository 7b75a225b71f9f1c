// The desktop app's Buying summary tab (app/gui/buying_summary_view): it shows the shopping list
// and the commands of the configuration it is given, and Copy puts exactly those commands on the
// clipboard.

#include <QApplication>
#include <QClipboard>
#include <QPushButton>
#include <QTextBrowser>
#include <QtTest>

#include "buying_summary_view.h"
#include "units/units.h"

using raidadv::gui::BuyingSummaryView;
namespace advisor = raidadv::advisor;

class BuyingSummaryViewTest : public QObject {
    Q_OBJECT

  private slots:
    void showsTheListAndCopiesTheCommands() {
        advisor::Candidate pick;
        raidadv::System& s = pick.system;
        s.drive.info.name = "WD Red 4 TB (WD40EFRX)";
        s.drive.info.price_usd = 100.0;
        s.drive.info.price_date = "2019-05";
        s.drive.interface = "sata-6g";
        s.controller.info.name = "Linux md software RAID (mdadm)";
        s.controller.kind = raidadv::ControllerKind::Hba;
        s.layout.level = raidadv::RaidLevel::Raid5;
        s.layout.drives = 4;
        s.layout.stripe_unit_bytes = 128 * raidadv::units::KiB;
        pick.assessment.price_known = true;
        pick.assessment.failures_tolerated = 1;
        advisor::Request request;

        BuyingSummaryView view;
        auto* text = view.findChild<QTextBrowser*>(QStringLiteral("buyingSummaryTextBrowser"));
        auto* copy = view.findChild<QPushButton*>(QStringLiteral("copyCommandsPushButton"));
        QVERIFY(text != nullptr && copy != nullptr);
        QVERIFY(!copy->isEnabled());

        view.setCandidate(pick, request);
        const QString shown = text->toPlainText();
        QVERIFY(shown.contains(QStringLiteral("What to buy")));
        QVERIFY(shown.contains(QStringLiteral("WD40EFRX")));
        QVERIFY(shown.contains(QStringLiteral("$100 (price of 2019-05)")));
        const QString create = QStringLiteral(
            "mdadm --create /dev/md0 --level=5 --raid-devices=4 --chunk=128K /dev/sdb /dev/sdc "
            "/dev/sdd /dev/sde");
        QVERIFY(shown.contains(create));
        QVERIFY(copy->isEnabled());
        QTest::mouseClick(copy, Qt::LeftButton);
        const QString copied = QApplication::clipboard()->text();
        QVERIFY(copied.startsWith(create + QLatin1Char('\n')));
        QVERIFY(copied.contains(QStringLiteral("mkfs.xfs -d su=128k,sw=3 /dev/md0")));

        view.clear();
        QVERIFY(text->toPlainText().isEmpty());
        QVERIFY(!copy->isEnabled());
    }
};

QTEST_MAIN(BuyingSummaryViewTest)
#include "test_buying_summary_view.moc"
