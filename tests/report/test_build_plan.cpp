// core/advisor build_plan and buying_summary: the commands for a layout, worked by hand from the
// tools' manuals (mdadm(8): --chunk in KiB, raid10 --layout=nN / fN / oN; StorCLI reference: add vd
// type= drives=e:s-e:s pdperarray= strip=<KB>; MegaCLI -CfgLdAdd/-CfgSpanAdd -strpsz<KB>).

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "advisor/build_plan.h"
#include "advisor/buying_summary.h"
#include "units/units.h"

using namespace raidadv;
using Catch::Matchers::Contains;
using Catch::Matchers::EndsWith;
using Catch::Matchers::StartsWith;

namespace {

System host_raid_system(RaidLevel level, int drives, int volumes = 1, int span = 0) {
    System s;
    s.name = "test";
    s.drive.info.name = "Seagate Exos X18 18 TB SATA (ST18000NM000J)";
    s.drive.info.price_usd = 320.0;
    s.drive.info.price_date = "2021-06";
    s.drive.interface = "sata-6g";
    s.drive.capacity_bytes = 18e12;
    s.controller.info.id = "broadcom-9300-8i";
    s.controller.info.name = "Broadcom (LSI) SAS 9300-8i HBA";
    s.controller.info.vendor = "Broadcom (LSI)";
    s.controller.info.year = 2013;
    s.controller.info.price_usd = 250.0;
    s.controller.info.price_date = "2019-01";
    s.controller.kind = ControllerKind::Hba;
    s.layout.level = level;
    s.layout.drives = drives;
    s.layout.volumes = volumes;
    s.layout.disks_per_span = span;
    s.layout.stripe_unit_bytes = 64 * units::KiB;
    return s;
}

System megaraid(const std::string& name, const std::string& vendor, int year) {
    System s = host_raid_system(RaidLevel::Raid5, 6);
    s.controller.kind = ControllerKind::HardwareRaid;
    s.controller.info.name = name;
    s.controller.info.vendor = vendor;
    s.controller.info.year = year;
    s.controller.cache_bytes = 1024 * units::MiB;
    s.controller.battery_backed = true;
    return s;
}

bool has_line(const std::vector<std::string>& lines, const std::string& wanted) {
    return std::find(lines.begin(), lines.end(), wanted) != lines.end();
}

}  // namespace

TEST_CASE("mdadm lines say the write-intent bitmap the model took", "[build_plan]") {
    System s = host_raid_system(RaidLevel::Raid6, 6);
    s.host.raid_software = "md";  // an HBA on a host that builds its RAID with md
    // 18 TB members: mdadm 3.3 to 4.3 create an internal bitmap; 4.4 would ask.
    CHECK(advisor::mdadm_commands(s).front().find(" --bitmap=internal ") != std::string::npos);
    s.layout.md_bitmap = MdBitmap::None;
    CHECK(advisor::mdadm_commands(s).front().find(" --bitmap=none ") != std::string::npos);
    s.layout.md_bitmap = MdBitmap::Internal;
    s.layout.md_bitmap_chunk_bytes = 256.0 * 1024 * 1024;
    CHECK(advisor::mdadm_commands(s).front().find(" --bitmap=internal --bitmap-chunk=262144K ") !=
          std::string::npos);
    s.layout.level = RaidLevel::Raid0;  // RAID 0 has no bitmap: no option
    CHECK(advisor::mdadm_commands(s).front().find("--bitmap") == std::string::npos);
    // Nested: each RAID 6 group of a RAID 60 keeps one, the RAID 0 above none; a RAID 01's
    // RAID 1 keeps one, its RAID 0 sides none.
    s.layout.md_bitmap_chunk_bytes = 0.0;
    s.layout.level = RaidLevel::Raid60;
    s.layout.drives = 8;
    s.layout.disks_per_span = 4;
    const auto nested = advisor::mdadm_commands(s);
    REQUIRE(nested.size() == 3);
    CHECK(nested[0].find(" --level=6 ") != std::string::npos);
    CHECK(nested[0].find(" --bitmap=internal ") != std::string::npos);
    CHECK(nested[2].find(" --level=0 ") != std::string::npos);
    CHECK(nested[2].find("--bitmap") == std::string::npos);
    s.layout.level = RaidLevel::Raid01;
    s.layout.disks_per_span = 0;
    const auto mirror = advisor::mdadm_commands(s);
    REQUIRE(mirror.size() == 3);
    CHECK(mirror[0].find("--bitmap") == std::string::npos);
    CHECK(mirror[2].find(" --level=1 ") != std::string::npos);
    CHECK(mirror[2].find(" --bitmap=internal ") != std::string::npos);
}

TEST_CASE("mdadm lines for the plain levels: chunk in KiB, drives counted", "[build_plan]") {
    CHECK(advisor::mdadm_commands(host_raid_system(RaidLevel::Raid5, 6)) ==
          std::vector<std::string>{"mdadm --create /dev/md0 --level=5 --raid-devices=6 "
                                   "--chunk=64K /dev/sdb /dev/sdc /dev/sdd /dev/sde /dev/sdf "
                                   "/dev/sdg"});
    CHECK(advisor::mdadm_commands(host_raid_system(RaidLevel::Raid10, 4)) ==
          std::vector<std::string>{"mdadm --create /dev/md0 --level=10 --raid-devices=4 "
                                   "--layout=n2 --chunk=64K /dev/sdb /dev/sdc /dev/sdd /dev/sde"});
    // md's far and offset layouts (mdadm(8): --layout f2 / o2), on 2 and 3 drives too.
    System far = host_raid_system(RaidLevel::Raid10, 2);
    far.layout.placement = CopyPlacement::Far;
    CHECK(advisor::mdadm_commands(far) ==
          std::vector<std::string>{"mdadm --create /dev/md0 --level=10 --raid-devices=2 "
                                   "--layout=f2 --chunk=64K /dev/sdb /dev/sdc"});
    System offset = host_raid_system(RaidLevel::Raid10, 3);
    offset.layout.placement = CopyPlacement::Offset;
    CHECK(advisor::mdadm_commands(offset) ==
          std::vector<std::string>{"mdadm --create /dev/md0 --level=10 --raid-devices=3 "
                                   "--layout=o2 --chunk=64K /dev/sdb /dev/sdc /dev/sdd"});
    // Two independent mirrors: one md device each, on their own drives; no chunk for RAID 1.
    CHECK(advisor::mdadm_commands(host_raid_system(RaidLevel::Raid1, 2, 2)) ==
          std::vector<std::string>{
              "mdadm --create /dev/md0 --level=1 --raid-devices=2 /dev/sdb /dev/sdc",
              "mdadm --create /dev/md1 --level=1 --raid-devices=2 /dev/sdd /dev/sde"});
    CHECK(advisor::mdadm_commands(host_raid_system(RaidLevel::Simple, 3)).empty());
}

TEST_CASE("RAID 50 is built from RAID 5 groups striped together", "[build_plan]") {
    CHECK(advisor::mdadm_commands(host_raid_system(RaidLevel::Raid50, 6, 1, 3)) ==
          std::vector<std::string>{
              "mdadm --create /dev/md0 --level=5 --raid-devices=3 --chunk=64K /dev/sdb /dev/sdc "
              "/dev/sdd",
              "mdadm --create /dev/md1 --level=5 --raid-devices=3 --chunk=64K /dev/sde /dev/sdf "
              "/dev/sdg",
              "mdadm --create /dev/md2 --level=0 --raid-devices=2 --chunk=64K /dev/md0 /dev/md1"});
}

TEST_CASE("drive names go past sdz and NVMe drives get their own names", "[build_plan]") {
    const auto wide = advisor::mdadm_commands(host_raid_system(RaidLevel::Raid0, 26));
    REQUIRE(wide.size() == 1);
    CHECK_THAT(wide[0], Contains("/dev/sdz /dev/sdaa"));  // sda is the system disk
    System nvme = host_raid_system(RaidLevel::Raid0, 2);
    // The catalog's NVMe drives name their PCIe link (a 990 PRO: "pcie4-x4"); the plans named
    // them /dev/sdb, /dev/sdc until stop 39.
    for (const char* interface : {"pcie4-x4", "pcie5-x4", "nvme"}) {
        INFO(interface);
        nvme.drive.interface = interface;
        CHECK(advisor::mdadm_commands(nvme) ==
              std::vector<std::string>{"mdadm --create /dev/md0 --level=0 --raid-devices=2 "
                                       "--chunk=64K /dev/nvme0n1 /dev/nvme1n1"});
    }
    const advisor::BuildPlan plan = advisor::build_plan(nvme, false);
    const auto& notes = plan.primary.notes;
    CHECK(std::any_of(notes.begin(), notes.end(), [](const std::string& n) {
        return n.find("nvme0n1 onwards") != std::string::npos &&
               n.find("sda taken") == std::string::npos;
    }));
}

TEST_CASE("host RAID plan: file system aligned to the stripe, Storage Spaces too", "[build_plan]") {
    const advisor::BuildPlan plan =
        advisor::build_plan(host_raid_system(RaidLevel::Raid6, 8), false);
    CHECK(plan.tool == advisor::BuildTool::Mdadm);
    // RAID 6 of 8 drives: 6 data drives per row.
    CHECK(has_line(plan.primary.commands, "mkfs.xfs -d su=64k,sw=6 /dev/md0"));
    REQUIRE(plan.alternatives.size() == 1);
    CHECK_THAT(plan.alternatives[0].commands[2],
               Contains("-ResiliencySettingName Parity -PhysicalDiskRedundancy 2 "
                        "-NumberOfColumns 8 -Interleave 64KB"));
    // Writes that must survive a power cut: the drives' caches go off first.
    const advisor::BuildPlan safe =
        advisor::build_plan(host_raid_system(RaidLevel::Raid6, 8), true);
    CHECK(safe.primary.commands.front() == "hdparm -W 0 /dev/sdb");
}

TEST_CASE("a Storage Spaces parity space is formatted with one stripe of data per cluster",
          "[build_plan]") {
    // RAID 6 of 10: 8 data columns x 64 KiB = 512 KiB clusters (storagespaceswarstories.com).
    const advisor::BuildPlan ten =
        advisor::build_plan(host_raid_system(RaidLevel::Raid6, 10), false);
    REQUIRE(ten.alternatives.size() == 1);
    CHECK_THAT(ten.alternatives[0].commands.back(),
               EndsWith("Format-Volume -FileSystem NTFS -AllocationUnitSize 524288"));
    // RAID 6 of 8: 6 data columns, no power-of-two cluster matches: default clusters, a warning.
    const advisor::BuildPlan eight =
        advisor::build_plan(host_raid_system(RaidLevel::Raid6, 8), false);
    CHECK_THAT(eight.alternatives[0].commands.back(), EndsWith("Format-Volume -FileSystem NTFS"));
    const auto& notes = eight.alternatives[0].notes;
    CHECK(std::any_of(notes.begin(), notes.end(), [](const std::string& n) {
        return n.find("No NTFS cluster is a whole stripe of data here (6 data columns") == 0 &&
               n.find("a power of two of data columns avoids it") != std::string::npos;
    }));
    // RAID 5 of 5 with a 1 MiB interleave: 4 MiB is over NTFS's 2 MiB clusters.
    System wide = host_raid_system(RaidLevel::Raid5, 5);
    wide.layout.stripe_unit_bytes = 1024 * units::KiB;
    const advisor::BuildPlan big = advisor::build_plan(wide, false);
    CHECK_THAT(big.alternatives[0].notes.front(), Contains("an interleave of 512 KiB or less"));
    // Mirrors have no parity: nothing to match.
    const advisor::BuildPlan mirror =
        advisor::build_plan(host_raid_system(RaidLevel::Raid10, 4), false);
    CHECK_THAT(mirror.alternatives[0].commands.back(), EndsWith("-FileSystem NTFS"));
}

TEST_CASE("MegaRAID, PERC and their predecessors get their own tool", "[build_plan]") {
    const System storcli = megaraid("Broadcom MegaRAID 9460-8i", "Broadcom", 2017);
    const advisor::BuildPlan a = advisor::build_plan(storcli, false);
    CHECK(a.tool == advisor::BuildTool::StorCli);
    // Behind a hardware RAID controller the drives' caches are off by default (Auto).
    CHECK(a.primary.commands.front() ==
          "storcli /c0 add vd type=raid5 size=all name=data0 drives=252:0-5 strip=64 wb ra "
          "direct pdcache=off");
    const advisor::BuildPlan b =
        advisor::build_plan(megaraid("Dell PERC H730P", "Dell", 2014), false);
    CHECK(b.tool == advisor::BuildTool::PercCli);
    CHECK_THAT(b.primary.commands.front(), StartsWith("perccli /c0 add vd type=raid5"));
    System perc6 = megaraid("Dell PERC 6/i (LSI SAS1078)", "Dell", 2007);
    perc6.layout.level = RaidLevel::Raid10;
    perc6.layout.drives = 4;
    perc6.layout.disks_per_span = 2;
    const advisor::BuildPlan c = advisor::build_plan(perc6, false);
    CHECK(c.tool == advisor::BuildTool::MegaCli);
    CHECK(c.primary.commands.front() ==
          "MegaCli64 -CfgSpanAdd -r10 -Array0[252:0,252:1] -Array1[252:2,252:3] WB RA Direct "
          "-strpsz64 -a0");
}

TEST_CASE("chipset RAID is built in the firmware menu or with Intel metadata", "[build_plan]") {
    System ich = host_raid_system(RaidLevel::Raid5, 4);
    ich.controller.kind = ControllerKind::HostRaid;
    ich.controller.info.name = "Intel ICH8R (82801HR) SATA RAID";
    const advisor::BuildPlan plan = advisor::build_plan(ich, false);
    CHECK(plan.tool == advisor::BuildTool::ChipsetRaid);
    CHECK_THAT(plan.primary.steps[1], Contains("Ctrl+I"));
    CHECK(has_line(plan.primary.commands,
                   "mdadm --create /dev/md/vol0 --level=5 "
                   "--raid-devices=4 --chunk=64K /dev/md/imsm0"));
}

TEST_CASE("part numbers come from the catalog name", "[build_plan]") {
    CHECK(advisor::part_number("WD Red 4 TB (WD40EFRX)") == "WD40EFRX");
    CHECK(advisor::part_number("Dell PERC 6/i (LSI SAS1078)") == "");  // a chip, has a space
    CHECK(advisor::part_number("Kioxia CD7-R 7.68 TB E3.S PCIe 5.0") == "");
    CHECK(advisor::part_number("Samsung 870 EVO 1 TB (MZ-77E1T0)") == "MZ-77E1T0");
}

TEST_CASE("the shopping list: dated prices, owned parts cost nothing", "[build_plan]") {
    advisor::Candidate pick;
    pick.system = host_raid_system(RaidLevel::Raid5, 6);
    pick.assessment.drives_usd = 6 * 320.0;
    pick.assessment.controller_usd = 0.0;
    pick.assessment.price_known = true;
    pick.assessment.failures_tolerated = 1;
    pick.assessment.rebuild_time_s = 30 * units::hour;
    advisor::Request request;
    request.constraints.owned_controller = "broadcom-9300-8i";
    const advisor::BuyingSummary summary = advisor::buying_summary(pick, request);
    REQUIRE(summary.items.size() == 2);
    CHECK(summary.items[0].quantity == 6);
    CHECK(summary.items[0].part_number == "ST18000NM000J");
    CHECK(summary.items[0].part == "Seagate Exos X18 18 TB SATA");  // the number in its column
    CHECK(summary.items[0].total_usd == Approx(1920.0));
    CHECK(summary.items[1].owned);
    CHECK(summary.total_usd == Approx(1920.0));  // the owned controller is not bought
    CHECK(summary.total_known);
    CHECK(summary.oldest_price_date == "2021-06");
    CHECK_THAT(summary.risks.front(), Contains("Survives 1 failed drive per volume"));
    CHECK_THAT(summary.risks.front(), Contains("30 h"));
}

TEST_CASE("the shopping list has every part the attachment plan added", "[build_plan]") {
    // 30 drives on 8-port cards: a second card, a 24-bay JBOD and the bracket its cable leaves
    // the case through (advisor/topology.h), priced
    // in the assessment, must be on the list to buy, so that the list adds up to the cost.
    advisor::Candidate pick;
    pick.system = host_raid_system(RaidLevel::Raid6, 30);
    pick.assessment.drives_usd = 30 * 320.0;
    pick.assessment.price_known = true;
    advisor::TopologyPart card;
    card.info = pick.system.controller.info;
    card.count = 1;
    card.card = true;
    const auto part = [](const char* id, const char* name, double usd, EnclosureKind kind) {
        advisor::TopologyPart p;
        p.info.id = id;
        p.info.name = name;
        p.info.price_usd = usd;
        p.info.price_date = "2024-06";
        p.count = 1;
        p.kind = kind;
        return p;
    };
    advisor::TopologyPart jbod =
        part("jbod24", "24-bay JBOD (SHELF24)", 900.0, EnclosureKind::Jbod);
    jbod.bays = 24;
    // The cards' ports are internal: a bracket leads the JBOD's lanes out of the case.
    const advisor::TopologyPart bracket =
        part("bracket8", "Port bracket (B8I8E)", 60.0, EnclosureKind::Bracket);
    pick.assessment.attached_parts = {card, jbod, bracket};
    pick.assessment.controller_usd = 2 * 250.0;
    pick.assessment.enclosure_usd = 900.0 + 60.0;
    const advisor::BuyingSummary summary = advisor::buying_summary(pick, advisor::Request{});
    REQUIRE(summary.items.size() == 4);
    CHECK(summary.items[1].role == "Controller");
    CHECK(summary.items[1].quantity == 2);
    CHECK(summary.items[2].role == "Drive enclosure (JBOD)");
    CHECK(summary.items[2].part_number == "SHELF24");
    CHECK(summary.items[2].total_usd == Approx(900.0));
    CHECK(summary.items[3].role == "SAS port bracket (to the JBOD)");
    CHECK(summary.items[3].total_usd == Approx(60.0));
    // How to build it starts with the wiring: the second card, the JBOD through the bracket.
    REQUIRE_FALSE(summary.plan.primary.steps.empty());
    const std::string& wiring = summary.plan.primary.steps.front();
    INFO(wiring);
    const auto more_cards = wiring.find("Fit 1 more");
    const auto bracket_at = wiring.find("Fit 1 x Port bracket (B8I8E) in a free slot opening");
    const auto shelf = wiring.find(
        "Cable 1 x 24-bay JBOD (SHELF24) to the controller's external "
        "ports (on the bracket)");
    CHECK(more_cards != std::string::npos);
    CHECK(bracket_at != std::string::npos);
    CHECK(shelf != std::string::npos);
    CHECK(more_cards < bracket_at);  // in the order they are fitted
    CHECK(bracket_at < shelf);
    const advisor::Assessment& a = pick.assessment;
    CHECK(summary.total_usd == Approx(a.drives_usd + a.controller_usd + a.enclosure_usd));
    CHECK(summary.newest_price_date == "2024-06");
}

TEST_CASE("hot spares are connected and made spares with each tool", "[build_plan]") {
    // mdadm: --add to the running array (a spare), before the scan that mdadm.conf records.
    const System raid6 = host_raid_system(RaidLevel::Raid6, 4);
    const advisor::BuildPlan md = advisor::build_plan(raid6, false, true, 1);
    const auto& c = md.primary.commands;
    const auto add = std::find(c.begin(), c.end(), "mdadm /dev/md0 --add /dev/sdf");
    REQUIRE(add != c.end());
    CHECK(std::find(add, c.end(), "mdadm --detail --scan") != c.end());
    CHECK_THAT(md.primary.steps.front(), StartsWith("Connect the 4 drives and the 1 hot spare"));
    // Storage Spaces, the alternative: a pool disk in reserve.
    REQUIRE_FALSE(md.alternatives.empty());
    CHECK_THAT(md.alternatives.front().commands.back(), Contains("-Usage HotSpare"));
    // RAID 50 of two groups: the spare joins the first group's array (md0), not the RAID 0.
    System raid50 = host_raid_system(RaidLevel::Raid50, 8, 1, 4);
    const advisor::BuildPlan fifty = advisor::build_plan(raid50, false, true, 1);
    CHECK(std::find(fifty.primary.commands.begin(), fifty.primary.commands.end(),
                    "mdadm /dev/md0 --add /dev/sdj") != fifty.primary.commands.end());
    // StorCLI: a global hot spare in the slot after the drives.
    System mega = raid6;
    mega.controller.kind = ControllerKind::HardwareRaid;
    mega.controller.info.vendor = "Broadcom";
    mega.controller.info.name = "Broadcom MegaRAID 9460-8i";
    mega.controller.info.id = "broadcom-9460-8i";
    const advisor::BuildPlan storcli = advisor::build_plan(mega, false, true, 2);
    CHECK(storcli.primary.commands.back() == "storcli /c0/e252/s5 add hotsparedrive");
    CHECK_THAT(storcli.primary.steps.back(), Contains("(they stand in for any virtual drive)"));
    const advisor::BuildPlan one = advisor::build_plan(mega, false, true, 1);
    CHECK_THAT(one.primary.steps.back(), Contains("(it stands in for any virtual drive)"));
    // No spares: nothing added.
    const advisor::BuildPlan none = advisor::build_plan(raid6, false, true, 0);
    for (const std::string& line : none.primary.commands) {
        CHECK_THAT(line, !Contains("--add"));
    }
}

TEST_CASE("zpool create names the separate log devices, mirrored when two", "[build_plan][sync]") {
    System s = host_raid_system(RaidLevel::Raidz2, 6);
    s.layout.record_bytes = 128 * units::KiB;
    const std::string plain =
        "zpool create -o ashift=12 tank raidz2 /dev/sdb /dev/sdc /dev/sdd "
        "/dev/sde /dev/sdf /dev/sdg";
    CHECK(has_line(advisor::build_plan(s, false).primary.commands, plain));
    s.log.drive.info.name = "Intel Optane";
    s.log.drive.interface = "nvme";
    s.log.drive.kind = DriveKind::Ssd;
    s.log.count = 2;
    const advisor::BuildMethod m = advisor::build_plan(s, false).primary;
    CHECK(has_line(m.commands, plain + " log mirror /dev/nvme0n1 /dev/nvme1n1"));
    CHECK_THAT(m.steps.front(), Contains("Connect the 8 drives"));
    // A SATA log device is named after the pool's drives.
    s.log.drive.interface = "sata-6g";
    s.log.count = 1;
    CHECK(has_line(advisor::build_plan(s, false).primary.commands, plain + " log /dev/sdh"));
}

TEST_CASE("The controller reads ahead for sequential workloads only", "[build_plan]") {
    Workload random;
    random.sequential_fraction = 0.0;
    Workload stream = random;
    stream.sequential_fraction = 1.0;
    Workload files = random;
    files.unit = Workload::Unit::File;
    CHECK_FALSE(advisor::controller_read_ahead(random));
    CHECK(advisor::controller_read_ahead(stream));
    CHECK(advisor::controller_read_ahead(files));

    const System storcli = megaraid("Broadcom MegaRAID 9460-8i", "Broadcom", 2017);
    const advisor::BuildPlan off = advisor::build_plan(storcli, false, false);
    CHECK(off.primary.commands.front() ==
          "storcli /c0 add vd type=raid5 size=all name=data0 drives=252:0-5 strip=64 wb nora "
          "direct pdcache=off");
    CHECK(has_line(off.primary.notes,
                   "Read ahead is off: this workload's reads are random, and a controller "
                   "reading on to the end of each stripe would read data nobody asked for (the "
                   "model's figures take this setting)."));
    System perc6 = megaraid("Dell PERC 6/i (LSI SAS1078)", "Dell", 2007);
    CHECK_THAT(advisor::build_plan(perc6, false, false).primary.commands.front(),
               Contains(" WB NORA Direct"));
    CHECK_THAT(advisor::build_plan(perc6, false, true).primary.commands.front(),
               Contains(" WB RA Direct"));
}

TEST_CASE("on a NAS appliance the storage manager builds the array, not mdadm", "[build_plan]") {
    System raid5 = host_raid_system(RaidLevel::Raid5, 4);
    raid5.host.raid_software = "synology-shr,md,btrfs";
    const advisor::BuildPlan dsm = advisor::build_plan(raid5, false, true, 1);
    CHECK(dsm.primary.title == "Synology DSM Storage Manager");
    CHECK(dsm.primary.commands.empty());  // no shell: the owner builds it in DSM
    CHECK(dsm.alternatives.empty());
    const auto has = [](const advisor::BuildMethod& m, const std::string& words) {
        for (const std::string& step : m.steps) {
            if (step.find(words) != std::string::npos) {
                return true;
            }
        }
        return false;
    };
    CHECK(has(dsm.primary, "RAID type RAID 5, the 4 drives"));
    CHECK(has(dsm.primary, "Assign the 1 hot spare under Storage Manager > Hot Spare"));
    raid5.host.raid_software = "qnap-qts,md,lvm";
    const advisor::BuildPlan qts = advisor::build_plan(raid5, false, true, 0);
    CHECK(qts.primary.title == "QNAP QTS Storage & Snapshots");
    CHECK_FALSE(has(qts.primary, "spare"));
    CHECK(has(qts.primary, "into the bays"));
    // M.2 drives go into the unit's M.2 sockets, not its bays.
    raid5.drive.form_factor = "m.2";
    const advisor::BuildPlan m2 = advisor::build_plan(raid5, false, true, 0);
    CHECK(has(m2.primary, "install the 4 M.2 drives in its M.2 sockets"));
    CHECK_FALSE(has(m2.primary, "bays"));
    // A Linux server builds it with mdadm, as before.
    raid5.host.raid_software = "md,zfs,btrfs,lvm";
    CHECK(advisor::build_plan(raid5, false, true, 0).primary.title.find("mdadm") !=
          std::string::npos);
}

TEST_CASE("on TrueNAS the web interface builds the pool; zpool is the plain OpenZFS way",
          "[build_plan][zfs]") {
    System pool = host_raid_system(RaidLevel::Raidz2, 6);
    pool.layout.record_bytes = 1024 * units::KiB;
    pool.host.raid_software = "truenas,zfs";
    const advisor::BuildPlan plan = advisor::build_plan(pool, false, true, 1);
    CHECK(plan.primary.title == "TrueNAS web interface (Storage > Create Pool)");
    CHECK(plan.primary.commands.empty());  // the middleware manages what its web interface makes
    const auto has = [](const advisor::BuildMethod& m, const std::string& words) {
        return std::any_of(m.steps.begin(), m.steps.end(), [&](const std::string& step) {
            return step.find(words) != std::string::npos;
        });
    };
    CHECK(has(plan.primary, "Data: layout RAIDZ2, width 6, 1 VDEV (6 drives)"));
    CHECK(has(plan.primary, "Spare: the 1 spare drive."));
    CHECK(has(plan.primary, "Record Size to 1024 KiB"));
    REQUIRE(plan.alternatives.size() == 1);
    CHECK(plan.alternatives[0].commands.front().rfind("zpool create", 0) == 0);
    // Without spares the zpool alternative says nothing of them.
    const advisor::BuildPlan none = advisor::build_plan(pool, false, true, 0);
    for (const std::string& step : none.alternatives.at(0).steps) {
        CHECK(step.find("spare") == std::string::npos);
    }
    // Elsewhere ZFS is built with zpool, as before.
    pool.host.raid_software = "md,zfs,btrfs,lvm";
    CHECK(advisor::build_plan(pool, false, true, 0).primary.title == "ZFS pool (OpenZFS zpool)");
}
