// The detail pane's parts table names what builds the array as the ranking does: on an appliance
// NAS its storage manager, not the catalog row of the md it runs underneath.
#include <QtTest>

#include "candidate_detail.h"

class CandidateDetailTest : public QObject {
    Q_OBJECT

  private slots:
    void appliancePartsNameItsStorageManager() {
        raidadv::advisor::Candidate c;
        c.system.name = "Synology pool";
        c.system.layout.level = raidadv::RaidLevel::Raid6;
        c.system.layout.drives = 4;
        c.system.controller.info.name = "Linux md software RAID (mdadm)";
        c.system.controller.info.price_usd = 0.0;  // md costs nothing
        c.system.controller.info.price_date = "2024-06";
        c.system.host.raid_software = "synology-shr,md,btrfs";
        raidadv::advisor::Request request;
        const QString html = raidadv::gui::candidateDetailHtml(c, 1, nullptr, request);
        QVERIFY(html.contains(QStringLiteral("Synology DSM storage pool (md)")));
        c.system.host.raid_software = "md,zfs";  // a Linux server: md by its own name
        const QString server = raidadv::gui::candidateDetailHtml(c, 1, nullptr, request);
        QVERIFY(!server.contains(QStringLiteral("Synology")));
        QVERIFY(server.contains(QStringLiteral("Linux md software RAID (mdadm)")));
    }
};

int runCandidateDetailTests(int argc, char** argv) {
    CandidateDetailTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_candidate_detail.moc"
