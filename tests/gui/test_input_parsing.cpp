// What people type (sizes with units, lists, histograms), the wizard's project JSON read back by
// the core's project reader, and times that are never shown as NaN or negative.

#include <QRegularExpression>
#include <QtTest>
#include <cmath>
#include <limits>

#include "catalog/catalog.h"
#include "input_parsing.h"
#include "issue_text.h"
#include "layout_diagram.h"
#include "project/project.h"
#include "project_draft.h"
#include "recommendations_model.h"
#include "workload/presets.h"

using namespace raidadv::gui;

class InputParsingTest : public QObject {
    Q_OBJECT

  private slots:
    void projectProblemsAreToldAsTheWindowNamesThem() {
        const raidadv::Catalog catalog = raidadv::Catalog::open(raidadv::Catalog::default_path());
        using raidadv::gui::userIssueText;
        // A fraction in the file is a percentage in the wizard.
        QCOMPARE(
            userIssueText({"workloads[0].read_fraction", "must be a number from 0 to 1, got 1.5"},
                          &catalog),
            QStringLiteral("Workload page, Reads (%): must be a number from 0 % to 100 %, "
                           "got 150 %"));
        QCOMPARE(userIssueText({"advisor.capacity_gb", "missing required key"}, &catalog),
                 QStringLiteral("Capacity page, Data stored now (GB): missing required key"));
        // A mistyped drive id gets the closest catalog id.
        const QString typo = userIssueText(
            {"advisor.constraints.drives[0]", "no drive 'wd-wd40efrxx' in the catalog"}, &catalog);
        QVERIFY2(typo.startsWith(QStringLiteral("Hardware page, drives: ")), qPrintable(typo));
        QVERIFY2(typo.endsWith(QStringLiteral("(did you mean 'wd-wd40efrx'?)")), qPrintable(typo));
        QCOMPARE(raidadv::gui::closestDriveId("completely-unlike-anything", catalog), QString());
        // Places the window does not show keep the file's path.
        QCOMPARE(
            userIssueText({"systems[0].layout.drives", "raid5 needs at least 3 drives"}, &catalog),
            QStringLiteral("systems[0].layout.drives: raid5 needs at least 3 drives"));
    }

    void sizesWithUnits() {
        QCOMPARE(parseSize(QStringLiteral("4 KiB"), 1, 0, 1e18).value, 4096.0);
        QCOMPARE(parseSize(QStringLiteral("4k"), 1, 0, 1e18).value, 4096.0);
        QCOMPARE(parseSize(QStringLiteral("1.5 MB"), 1, 0, 1e18).value, 1.5e6);
        QCOMPARE(parseSize(QStringLiteral("2 tb"), 1, 0, 1e18).value, 2e12);
        QCOMPARE(parseSize(QStringLiteral("3"), 1e12, 0, 1e18).value, 3e12);  // default unit
        QVERIFY(parseSize(QStringLiteral("3 parsecs"), 1, 0, 1e18)
                    .error.contains(QStringLiteral("unknown unit")));
        // "50 PB" is refused with a list naming every accepted unit, each of which parses.
        const QString refused = parseSize(QStringLiteral("50 PB"), 1, 0, 1e18).error;
        QVERIFY2(refused.contains(QStringLiteral("\"PB\"")), qPrintable(refused));
        const QString list = refused.mid(refused.indexOf(QStringLiteral("use ")) + 4);
        for (QString unit : list.split(QRegularExpression(QStringLiteral(",\\s*|\\s+or\\s+")))) {
            unit = unit.trimmed();
            QVERIFY2(parseSize(QStringLiteral("1 ") + unit, 1, 0, 1e18).ok(), qPrintable(unit));
        }
        QVERIFY2(list.contains(QStringLiteral("TB")), qPrintable(list));
        QVERIFY(parseSize(QStringLiteral("-4 KiB"), 1, 0, 1e18)
                    .error.contains(QStringLiteral("not a size")));
        QVERIFY(parseSize(QStringLiteral("100 B"), 1, 512, 1073741824.0)
                    .error.contains(QStringLiteral("between 512 B and 1 GiB")));
        QVERIFY(!parseSize(QString(), 1, 0, 1).ok());
    }

    void numbersAndLists() {
        QCOMPARE(parseNumber(QStringLiteral(" 80 "), 0, 100).value, 80.0);
        QVERIFY(!parseNumber(QStringLiteral("80%x"), 0, 100).ok());
        QVERIFY(!parseInteger(QStringLiteral("2.5"), 0, 10).ok());
        QCOMPARE(parseIntegerList(QStringLiteral("1, 4 16;64"), 1, 100).value,
                 (std::vector<int>{1, 4, 16, 64}));
        QVERIFY(parseIntegerList(QStringLiteral("4, 4"), 1, 100)
                    .error.contains(QStringLiteral("increasing")));
        QVERIFY(!parseIntegerList(QString(), 1, 100).ok());
        QVERIFY(parseRateList(QString(), 1e9).ok());  // rates are optional
        QVERIFY(!parseRateList(QStringLiteral("0"), 1e9).ok());
    }

    void histograms() {
        const auto h =
            parseHistogram(QStringLiteral("# IOMeter\n512 B 10\n4 KiB 60\n\n64k 30"), 512, 1e9);
        QVERIFY2(h.ok(), qPrintable(h.error));
        QCOMPARE(h.value.size(), std::size_t{3});
        QCOMPARE(h.value[2].bytes, 65536.0);
        QCOMPARE(h.value[2].weight, 30.0);
        QVERIFY(parseHistogram(QStringLiteral("4 KiB 1\n4096 B 2"), 512, 1e9)
                    .error.contains(QStringLiteral("twice")));
        QVERIFY(parseHistogram(QStringLiteral("4 KiB -1"), 512, 1e9)
                    .error.contains(QStringLiteral("line 1")));
        // Text written by histogramText reads back the same bins.
        const auto back = parseHistogram(histogramText(h.value), 512, 1e9);
        QCOMPARE(back.value.size(), h.value.size());
        for (std::size_t i = 0; i < back.value.size(); ++i) {
            QCOMPARE(back.value[i].bytes, h.value[i].bytes);
        }
        QCOMPARE(formatSizeBinary(50e3), QStringLiteral("50 KB"));
        QCOMPARE(formatSizeBinary(4096), QStringLiteral("4 KiB"));
        QCOMPARE(formatSizeBinary(512), QStringLiteral("512 B"));
        QCOMPARE(formatSizeBinary(1.5 * 1024 * 1024), QStringLiteral("1.5 MiB"));
    }

    void timesNeverNanOrNegative() {
        QCOMPARE(formatMilliseconds(std::numeric_limits<double>::quiet_NaN()),
                 QStringLiteral("saturated"));
        QCOMPARE(formatMilliseconds(std::numeric_limits<double>::infinity()),
                 QStringLiteral("saturated"));
        QCOMPARE(formatMilliseconds(-0.001), QStringLiteral("saturated"));
        QCOMPARE(formatMilliseconds(0.0123), QStringLiteral("12.3 ms"));
    }

    void parityRotatesInTheDiagram() {
        using raidadv::RaidLevel;
        // RAID 5 of 4: one P per stripe, on a different drive each stripe.
        for (int row = 0; row < 4; ++row) {
            int parity = 0;
            for (int drive = 0; drive < 4; ++drive) {
                parity += blockLabel(RaidLevel::Raid5, drive, row, 4, 2) == QStringLiteral("P");
            }
            QCOMPARE(parity, 1);
            QVERIFY(blockLabel(RaidLevel::Raid5, 3 - row, row, 4, 2) == QStringLiteral("P"));
        }
        int q = 0;
        for (int drive = 0; drive < 6; ++drive) {
            q += blockLabel(RaidLevel::Raid6, drive, 0, 6, 2) == QStringLiteral("Q");
        }
        QCOMPARE(q, 1);
        QCOMPARE(blockLabel(RaidLevel::Raid10, 1, 0, 2, 2), QStringLiteral("M"));
        // md raid10 of 3 drives, 4 rows: far data on top, copies below; offset alternates;
        // near: slots 0..11 hold copy 0 and copy 1 of chunks 0..5 in turn.
        using raidadv::CopyPlacement;
        QCOMPARE(mdBlockLabel(CopyPlacement::Far, 2, 1, 3, 2, 4), QStringLiteral("D"));
        QCOMPARE(mdBlockLabel(CopyPlacement::Far, 0, 2, 3, 2, 4), QStringLiteral("M"));
        QCOMPARE(mdBlockLabel(CopyPlacement::Offset, 1, 2, 3, 2, 4), QStringLiteral("D"));
        QCOMPARE(mdBlockLabel(CopyPlacement::Offset, 1, 3, 3, 2, 4), QStringLiteral("M"));
        QCOMPARE(mdBlockLabel(CopyPlacement::Near, 1, 0, 3, 2, 4), QStringLiteral("M"));
        QCOMPARE(mdBlockLabel(CopyPlacement::Near, 0, 1, 3, 2, 4), QStringLiteral("M"));
        QCOMPARE(mdBlockLabel(CopyPlacement::Near, 1, 1, 3, 2, 4), QStringLiteral("D"));
    }

    void layoutDiagramDrawsEveryLevel() {
        using raidadv::RaidLevel;
        struct Case {
            const char* name;
            RaidLevel level;
            int drives, span, volumes, perLink;
        };
        const Case cases[] = {
            {"simple", RaidLevel::Simple, 4, 0, 1, 1}, {"raid0", RaidLevel::Raid0, 4, 0, 2, 1},
            {"raid1", RaidLevel::Raid1, 2, 0, 3, 1},   {"raid10", RaidLevel::Raid10, 8, 0, 1, 1},
            {"raid01", RaidLevel::Raid01, 6, 0, 1, 1}, {"raid5-scsi", RaidLevel::Raid5, 6, 0, 1, 3},
            {"raid6", RaidLevel::Raid6, 8, 0, 1, 1},   {"raid50", RaidLevel::Raid50, 12, 6, 1, 1},
            {"raid60", RaidLevel::Raid60, 16, 8, 5, 1}};
        const QString shots = qEnvironmentVariable("RAID_GUI_SHOTS");
        for (const Case& c : cases) {
            raidadv::System s;
            s.drive.info.name = "Test drive";
            s.controller.info.name = "Test controller";
            s.host.info.name = "Test host";
            s.drive_link.info.name = "Test link";
            s.drive_link.shared = c.perLink > 1;
            s.drives_per_link = c.perLink;
            s.layout.level = c.level;
            s.layout.drives = c.drives;
            s.layout.disks_per_span = c.span;
            s.layout.volumes = c.volumes;
            s.layout.mirror_copies = c.level == RaidLevel::Raid1 ? c.drives : 2;
            LayoutDiagram diagram;
            diagram.resize(800, 380);
            diagram.setSystem(s);
            const QImage image = diagram.grab().toImage();
            QVERIFY(!image.isNull());
            if (!shots.isEmpty()) {
                image.save(shots + QStringLiteral("/layout-%1.png").arg(QLatin1String(c.name)));
            }
        }
    }

    void draftBecomesAValidProject() {
        const raidadv::Catalog catalog = raidadv::Catalog::open(raidadv::Catalog::default_path());
        for (const raidadv::WorkloadPreset& preset : raidadv::workload_presets()) {
            ProjectDraft draft;
            draft.name = QStringLiteral("Draft \"%1\"").arg(QString::fromStdString(preset.name));
            draft.workload = preset.workload;
            draft.hostId = QStringLiteral("linux-server-2024");
            draft.capacityBytes = 3e12;
            draft.growthPerYear = 0.25;
            draft.horizonYears = 4;
            draft.budget = 8000;
            draft.minFailuresTolerated = 2;
            draft.maxDriveBays = 10;
            draft.weights.cost = 3;
            draft.levels = {QStringLiteral("raid6"), QStringLiteral("raid10")};
            draft.driveKinds = {QStringLiteral("hdd")};
            draft.ownedController = QStringLiteral("dell-perc6i");
            draft.interfaces = {QStringLiteral("sas-6g"), QStringLiteral("sata-6g")};
            draft.formFactors = {QStringLiteral("3.5")};
            draft.maxRebuildHours = 30;
            draft.maxPowerW = 250;
            draft.powerLossSafeWrites = true;
            draft.raidSoftwareOwned = true;
            draft.maxFillPercent = 90;
            draft.busyHoursPerDay = 24;
            draft.writesPerDayTb = 1.5;
            draft.hotSpares = raidadv::advisor::HotSpares::PerVolume;
            draft.replacementHours = 12;
            raidadv::Project project;
            try {
                project = raidadv::parse_project(projectJsonText(draft).toStdString(), catalog);
            } catch (const raidadv::ProjectError& e) {
                QFAIL(qPrintable(QString::fromStdString(e.issues.front().to_string())));
            }
            QCOMPARE(QString::fromStdString(project.name), draft.name);
            QVERIFY(project.advisor.has_value());
            const raidadv::advisor::Request& r = *project.advisor;
            const raidadv::Workload& w = r.workload;
            QCOMPARE(w.name, preset.workload.name);
            QVERIFY(w.unit == preset.workload.unit);
            QCOMPARE(w.read_fraction, preset.workload.read_fraction);
            QCOMPARE(w.sequential_fraction, preset.workload.sequential_fraction);
            QCOMPARE(w.concurrency, preset.workload.concurrency);
            QCOMPARE(w.streams, preset.workload.streams);
            QVERIFY(w.size.kind == preset.workload.size.kind);
            QVERIFY(std::abs(w.size.mean_bytes() - preset.workload.size.mean_bytes()) <
                    1e-9 * preset.workload.size.mean_bytes());
            QCOMPARE(r.host.info.id, std::string("linux-server-2024"));
            QCOMPARE(r.constraints.capacity_bytes, 3e12);
            QCOMPARE(r.constraints.growth_per_year, 0.25);
            QCOMPARE(r.constraints.budget_usd, 8000.0);
            QCOMPARE(r.constraints.min_failures_tolerated, 2);
            QCOMPARE(r.constraints.max_drive_bays, 10);
            QCOMPARE(r.constraints.levels.size(), std::size_t{2});
            QCOMPARE(r.constraints.owned_controller, std::string("dell-perc6i"));
            QCOMPARE(r.weights.cost, 3.0);
            QCOMPARE(r.can_spread_over_volumes, false);
            QCOMPARE(r.constraints.interfaces, (std::vector<std::string>{"sas-6g", "sata-6g"}));
            QCOMPARE(r.constraints.form_factors, std::vector<std::string>{"3.5"});
            QCOMPARE(r.constraints.max_rebuild_hours, 30.0);
            QCOMPARE(r.constraints.max_power_w, 250.0);
            QVERIFY(r.constraints.power_loss_safe_writes);
            QVERIFY(r.constraints.raid_software_owned);
            QCOMPARE(r.constraints.max_fill_fraction, 0.9);
            QCOMPARE(r.constraints.busy_hours_per_day, 24.0);
            QCOMPARE(r.constraints.writes_per_day_bytes, 1.5e12);
            QVERIFY(r.hot_spares == raidadv::advisor::HotSpares::PerVolume);
            QCOMPARE(r.replacement_hours, 12.0);
            // And back: the wizard's view of that request is the draft again.
            const ProjectDraft back = draftFromRequest(r, draft.name);
            QCOMPARE(back.interfaces, draft.interfaces);
            QCOMPARE(back.formFactors, draft.formFactors);
            QCOMPARE(back.maxRebuildHours, 30.0);
            QCOMPARE(back.maxPowerW, 250.0);
            QVERIFY(back.raidSoftwareOwned);
            QVERIFY(back.powerLossSafeWrites);
            QCOMPARE(back.maxFillPercent, 90.0);
            QCOMPARE(back.busyHoursPerDay, 24.0);
            QCOMPARE(back.writesPerDayTb, 1.5);
            QVERIFY(back.hotSpares == raidadv::advisor::HotSpares::PerVolume);
            QCOMPARE(back.replacementHours, 12.0);
        }
    }

    void wizardListsInAnotherOrderAreNoChange() {
        ProjectDraft before;
        before.levels = {QStringLiteral("raid6"), QStringLiteral("raid10")};
        before.interfaces = {QStringLiteral("pcie5-x4"), QStringLiteral("pcie4-x4")};
        ProjectDraft edited = before;
        edited.levels = {QStringLiteral("raid10"), QStringLiteral("raid6")};
        edited.interfaces = {QStringLiteral("pcie4-x4"), QStringLiteral("pcie5-x4")};
        const ProjectDraft same = mergeWizardDraft(before, edited);
        QCOMPARE(same.levels, before.levels);  // the file's order stays
        QCOMPARE(same.interfaces, before.interfaces);
        edited.interfaces = {QStringLiteral("pcie4-x4")};
        QCOMPARE(mergeWizardDraft(before, edited).interfaces, edited.interfaces);
    }
};

int runInputParsingTests(int argc, char** argv) {
    InputParsingTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_input_parsing.moc"
