// Attaching drives to a host (core/advisor/topology.h): ports, cards, expanders, JBODs, the
// shared uplink, and what they cost, on cases worked by hand.

#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "advisor/advisor.h"
#include "advisor/topology.h"
#include "catalog/catalog.h"
#include "system/pcie_link.h"

using namespace raidadv;
using namespace raidadv::advisor;

namespace {

LinkSpec link(const std::string& id, double mb_s, bool shared = false, int devices = 1) {
    LinkSpec l;
    l.info.id = id;
    l.info.name = id;
    l.bandwidth_Bps = mb_s * 1e6;
    l.command_overhead_s = 5e-6;
    l.shared = shared;
    l.max_devices = devices;
    return l;
}

std::map<std::string, LinkSpec> links() {
    std::map<std::string, LinkSpec> m;
    for (const LinkSpec& l :
         {link("sata-6g", 600), link("sas-6g", 600), link("sas-12g", 1200), link("pcie4-x4", 7877),
          link("pcie4-x16", 31508), link("pcie3-x1", 985), link("pcie3-x4", 3938),
          link("pcie4-x8", 15754), link("bus", 20, true, 15)}) {
        m[l.info.id] = l;
    }
    return m;
}

DriveSpec drive(const std::string& interface, const std::string& ff = "3.5") {
    DriveSpec d;
    d.info.id = "disk";
    d.info.name = "Disk";
    d.interface = interface;
    d.form_factor = ff;
    d.kind = interface.rfind("pcie", 0) == 0 ? DriveKind::Ssd : DriveKind::Hdd;
    return d;
}

ControllerSpec card(int ports, double usd, const std::string& accepts = "sata-6g,sas-12g") {
    ControllerSpec c;
    c.info.id = "hba" + std::to_string(ports);
    c.info.name = "HBA " + std::to_string(ports) + "i";
    c.info.price_usd = usd;
    c.info.price_date = "2024-06";
    c.ports = ports;
    c.drive_interfaces = accepts;
    return c;
}

ControllerSpec onboard(int ports, const std::string& accepts) {
    ControllerSpec c = card(ports, 0.0, accepts);
    c.info.id = "onboard";
    c.info.name = "On-board";
    return c;
}

EnclosureSpec expander(const std::string& id, int lanes, int uplink, double usd) {
    EnclosureSpec e;
    e.info.id = id;
    e.info.name = id;
    e.info.price_usd = usd;
    e.info.price_date = "2024-06";
    e.kind = EnclosureKind::Expander;
    e.drive_lanes = lanes;
    e.uplink_lanes = uplink;
    e.uplink_link = "sas-12g";
    e.drive_interfaces = "sata-6g,sas-12g";
    return e;
}

EnclosureSpec jbod(const std::string& id, int bays, double usd) {
    EnclosureSpec e = expander(id, bays, 4, usd);
    e.kind = EnclosureKind::Jbod;
    e.bays = bays;
    e.form_factor = "3.5";
    e.power_w = 80.0;
    return e;
}

/// An internal-to-external port adapter passing `lanes` lanes.
EnclosureSpec bracket(const std::string& id, int lanes, double usd) {
    EnclosureSpec e = expander(id, lanes, lanes, usd);
    e.kind = EnclosureKind::Bracket;
    return e;
}

/// A card with `external` of its `ports` lanes on external connectors.
ControllerSpec card_with_external(int ports, int external, double usd) {
    ControllerSpec c = card(ports, usd);
    c.info.id += "e" + std::to_string(external);
    c.info.name += " with " + std::to_string(external) + " external";
    c.external_ports = external;
    return c;
}

HostSpec host(int bays, int slots, int backplane_lanes = 0) {
    HostSpec h;
    h.drive_bays = bays;
    h.bay_form_factor = "3.5";
    h.pcie_slots = slots;
    h.backplane_uplink_lanes = backplane_lanes;
    return h;
}

AttachmentPlan plan(const HostSpec& h, const DriveSpec& d, const ControllerSpec& c, int n,
                    const std::vector<EnclosureSpec>& enclosures) {
    const auto all_links = links();
    return plan_attachment({h, d, c, n, enclosures, all_links});
}

}  // namespace

TEST_CASE("24 drives on an 8-port HBA in one slot need an expander; cost and uplink add up",
          "[catalog][topology]") {
    // Two expanders: 28 drive lanes for $300, 24 for $450: the cheaper one takes all 24 drives.
    const std::vector<EnclosureSpec> parts = {expander("exp28", 28, 8, 300),
                                              expander("exp24", 24, 4, 450)};
    const AttachmentPlan p = plan(host(24, 1), drive("sata-6g"), card(8, 250), 24, parts);
    REQUIRE(p.feasible);
    CHECK(p.cards == 1);
    REQUIRE(p.parts.size() == 1);
    CHECK(p.parts[0].info.id == "exp28");
    CHECK(p.parts[0].count == 1);
    CHECK(p.extra_usd == Approx(300.0));
    CHECK(p.host_bays_used == 24);
    // All 24 drives share the expander's 8 uplink lanes at 1200 MB/s: 9600 MB/s.
    CHECK(p.shared_uplink);
    CHECK(p.drives_per_uplink == 24);
    CHECK(p.uplink.bandwidth_Bps == Approx(8 * 1200e6));
    // Up to 8 drives need nothing beyond the card.
    const AttachmentPlan eight = plan(host(24, 1), drive("sata-6g"), card(8, 250), 8, parts);
    REQUIRE(eight.feasible);
    CHECK(eight.parts.empty());
    CHECK_FALSE(eight.shared_uplink);
}

TEST_CASE("more cards or an expander: the cheaper wins", "[catalog][topology]") {
    // Three slots: 24 direct bays need 3 x 8-port cards (2 more at $250 = $500) or one card
    // plus a $300 expander. The expander is cheaper.
    const AttachmentPlan cheap_exp =
        plan(host(24, 3), drive("sata-6g"), card(8, 250), 24, {expander("exp28", 28, 8, 300)});
    REQUIRE(cheap_exp.feasible);
    CHECK(cheap_exp.cards == 1);
    CHECK(cheap_exp.extra_usd == Approx(300.0));
    // A $600 expander loses to two more cards ($500), and then no lane is shared.
    const AttachmentPlan cards =
        plan(host(24, 3), drive("sata-6g"), card(8, 250), 24, {expander("exp28", 28, 8, 600)});
    REQUIRE(cards.feasible);
    CHECK(cards.cards == 3);
    CHECK(cards.extra_usd == Approx(500.0));
    REQUIRE(cards.parts.size() == 1);
    CHECK(cards.parts[0].card);
    CHECK(cards.parts[0].count == 2);
    CHECK_FALSE(cards.shared_uplink);
    // No expander in the catalog and one slot: 24 drives cannot be attached, and the problem
    // names the slots.
    const AttachmentPlan none = plan(host(24, 1), drive("sata-6g"), card(8, 250), 24, {});
    CHECK_FALSE(none.feasible);
    CHECK(none.problem.find("1 free PCIe slot") != std::string::npos);
}

TEST_CASE("bays behind an expander backplane share its uplink", "[catalog][topology]") {
    // 24 bays behind a x4 backplane expander: one 8-port card, nothing to buy, 4 x 1200 MB/s.
    const AttachmentPlan p = plan(host(24, 1, 4), drive("sata-6g"), card(8, 250), 24, {});
    REQUIRE(p.feasible);
    CHECK(p.cards == 1);
    CHECK(p.parts.empty());
    CHECK(p.drives_per_uplink == 24);
    CHECK(p.uplink.bandwidth_Bps == Approx(4800e6));
    // A 6 Gb/s HBA runs the uplink at its own lane rate: 4 x 600 MB/s.
    const AttachmentPlan slow =
        plan(host(24, 1, 4), drive("sata-6g"), card(8, 250, "sata-6g,sas-6g"), 24, {});
    REQUIRE(slow.feasible);
    CHECK(slow.uplink.bandwidth_Bps == Approx(2400e6));
    // On-board SATA ports do not reach a SAS expander backplane.
    const AttachmentPlan chipset =
        plan(host(24, 1, 4), drive("sata-6g"), onboard(8, "sata-6g"), 4, {});
    CHECK_FALSE(chipset.feasible);
    CHECK(chipset.problem.find("expander backplane") != std::string::npos);
}

TEST_CASE("drives beyond the host's bays go into the cheapest JBOD", "[catalog][topology]") {
    // 12 direct bays and a 16-port card (internal lanes), a bracket leading 4 of them out to
    // the JBOD: 24 drives = 12 in the host (12 lanes) + 12 in a JBOD
    // (4 lanes), 16 lanes on one card. A 12-bay JBOD ($1500) beats a 24-bay one ($1800).
    const std::vector<EnclosureSpec> parts = {jbod("jbod12", 12, 1500), jbod("jbod24", 24, 1800),
                                              bracket("bracket8", 8, 60)};
    const AttachmentPlan p = plan(host(12, 2), drive("sas-12g"), card(16, 700), 24, parts);
    REQUIRE(p.feasible);
    CHECK(p.cards == 1);
    CHECK(p.host_bays_used == 12);
    CHECK(p.enclosure_bays == 12);
    REQUIRE(p.parts.size() == 2);
    CHECK(p.parts[0].info.id == "jbod12");
    CHECK(p.parts[1].info.id == "bracket8");
    CHECK(p.parts[1].kind == EnclosureKind::Bracket);
    CHECK(p.parts[1].count == 1);
    CHECK(p.extra_usd == Approx(1560.0));
    CHECK(p.extra_power_w == Approx(80.0));
    CHECK(p.drives_per_uplink == 12);
    CHECK(p.uplink.bandwidth_Bps == Approx(4800e6));
    // 36 drives: 24 in JBODs, one 24-bay ($1800) is cheaper than two 12-bay ($3000); 12 + 4
    // lanes still fit one card.
    const AttachmentPlan more = plan(host(12, 2), drive("sas-12g"), card(16, 700), 36, parts);
    REQUIRE(more.feasible);
    CHECK(more.parts[0].info.id == "jbod24");
    CHECK(more.extra_usd == Approx(1860.0));
    CHECK(more.drives_per_uplink == 24);
    // 2.5-inch JBODs do not take 3.5-inch drives.
    EnclosureSpec small = jbod("sff24", 24, 900);
    small.form_factor = "2.5";
    CHECK_FALSE(plan(host(12, 2), drive("sas-12g"), card(16, 700), 24, {small}).feasible);
}

SCENARIO("a JBOD's cable needs an external port: on the card, or led out by a bracket",
         "[catalog][topology]") {
    const std::vector<EnclosureSpec> shelf = {jbod("jbod12", 12, 1500)};
    GIVEN("12 direct bays full, 12 drives more in a JBOD") {
        WHEN("the card's ports are all internal and the catalog has no bracket") {
            const AttachmentPlan p = plan(host(12, 2), drive("sas-12g"), card(16, 700), 24, shelf);
            THEN("the plan is refused, and says why") {
                CHECK_FALSE(p.feasible);
                CHECK(p.problem.find("no external ports") != std::string::npos);
            }
        }
        WHEN("the card has 8 internal and 8 external lanes (an -8i8e card)") {
            const AttachmentPlan p =
                plan(host(12, 2), drive("sas-12g"), card_with_external(16, 8, 800), 24, shelf);
            THEN("the host's 12 bays need a second card's internal lanes; the JBOD the external") {
                REQUIRE(p.feasible);
                CHECK(p.cards == 2);
                CHECK(p.extra_usd == Approx(800.0 + 1500.0));
            }
        }
        WHEN("a bracket is in the catalog but two cards fit no slot") {
            std::vector<EnclosureSpec> parts = shelf;
            parts.push_back(bracket("bracket8", 8, 60));
            const AttachmentPlan p = plan(host(12, 1), drive("sas-12g"), card(8, 250), 24, parts);
            THEN("8 internal lanes are too few for 12 bays and a JBOD: refused on the slots") {
                CHECK_FALSE(p.feasible);
                CHECK(p.problem.find("free PCIe slot") != std::string::npos);
            }
        }
    }
    GIVEN("a card whose 8 lanes are all external (an -8e card)") {
        const ControllerSpec outside = card_with_external(8, 8, 650);
        THEN("on a host with bays it puts every drive in JBODs, with no bracket") {
            const AttachmentPlan p = plan(host(12, 1), drive("sas-12g"), outside, 8, shelf);
            REQUIRE(p.feasible);
            CHECK(p.host_bays_used == 0);
            REQUIRE(p.parts.size() == 1);
            CHECK(p.parts[0].info.id == "jbod12");
            CHECK(p.extra_usd == Approx(1500.0));
        }
        THEN("on a host that states no bays its ports take the drives as they are") {
            const AttachmentPlan p = plan(host(0, 1), drive("sas-12g"), outside, 8, shelf);
            REQUIRE(p.feasible);
            CHECK(p.parts.empty());
        }
    }
}

TEST_CASE("built-in ports: on-board SATA, NVMe bays and M.2 sockets", "[catalog][topology]") {
    HostSpec nas = host(4, 0);
    nas.onboard_sata_ports = 4;
    nas.m2_slots = 2;
    const ControllerSpec sata = onboard(6, "sata-6g");
    CHECK(plan(nas, drive("sata-6g"), sata, 4, {}).feasible);
    const AttachmentPlan five = plan(nas, drive("sata-6g"), sata, 5, {});
    CHECK_FALSE(five.feasible);
    CHECK(five.problem.find("4 on-board SATA ports") != std::string::npos);
    const ControllerSpec cpu = onboard(32, "pcie4-x4");
    CHECK(plan(nas, drive("pcie4-x4", "m.2"), cpu, 2, {}).feasible);
    CHECK_FALSE(plan(nas, drive("pcie4-x4", "m.2"), cpu, 3, {}).feasible);
    // SAS drives need a card.
    CHECK_FALSE(plan(nas, drive("sas-12g"), onboard(8, "sata-6g,sas-12g"), 2, {}).feasible);
    // A server with 24 NVMe bays on CPU lanes takes 24 U.2 drives at no cost.
    HostSpec server = host(24, 4);
    server.bay_form_factor = "2.5";
    server.nvme_bays = 24;
    const AttachmentPlan nvme = plan(server, drive("pcie4-x4", "u.2"), cpu, 24, {});
    REQUIRE(nvme.feasible);
    CHECK(nvme.cards == 0);
    CHECK(nvme.extra_usd == 0.0);
}

TEST_CASE("an appliance NAS with no free slot takes no card; a host stating nothing takes one",
          "[catalog][topology]") {
    HostSpec nas = host(4, 0);  // 4 bays wired to its 4 SATA ports, no slot for a card
    nas.onboard_sata_ports = 4;
    const AttachmentPlan carded = plan(nas, drive("sata-6g"), card(8, 250), 4, {});
    CHECK_FALSE(carded.feasible);
    CHECK(carded.problem.find("0 free PCIe slot") != std::string::npos);
    CHECK(plan(nas, drive("sata-6g"), onboard(6, "sata-6g"), 4, {}).feasible);
    // A host that states no layout at all: one card, as before.
    CHECK(plan(HostSpec{}, drive("sata-6g"), card(8, 250), 4, {}).feasible);
}

TEST_CASE("a host that names its on-board SATA controller has no other", "[catalog][topology]") {
    HostSpec intel = host(4, 1);
    intel.onboard_sata_ports = 4;
    ControllerSpec pch = onboard(6, "sata-6g");
    pch.info.id = "ahci-pch-sata";
    ControllerSpec amd = onboard(4, "sata-3g,sata-6g");
    amd.info.id = "amd-chipset-sata";
    ControllerSpec md = onboard(64, "sata-6g,sas-12g");
    md.levels = "0,1,5,6,10";  // host software RAID: uses whichever ports there are
    const ControllerSpec cpu = onboard(32, "pcie4-x4");
    CHECK(onboard_problem(intel, amd).empty());  // not stated: any
    intel.onboard_controller = "ahci-pch-sata";
    CHECK(onboard_problem(intel, pch).empty());
    CHECK(onboard_problem(intel, amd).find("not the host's on-board SATA controller") !=
          std::string::npos);
    CHECK(onboard_problem(intel, md).empty());
    CHECK(onboard_problem(intel, cpu).empty());
    CHECK(onboard_problem(intel, card(8, 250)).empty());  // a card in a slot
}

SCENARIO("hot spares take a bay and a port each but no share of an uplink", "[catalog][topology]") {
    const auto all_links = links();
    GIVEN("a workstation with 2 bays for 3.5-inch drives and 4 on-board SATA ports") {
        HostSpec desk = host(2, 0);
        desk.onboard_sata_ports = 4;
        const ControllerSpec sata = onboard(6, "sata-6g");
        THEN("a mirror fits, its hot spare does not: the ports are there, the bay is not") {
            CHECK(plan_attachment({desk, drive("sata-6g"), sata, 2, {}, all_links}).feasible);
            const AttachmentPlan spare =
                plan_attachment({desk, drive("sata-6g"), sata, 2, {}, all_links, 1});
            CHECK_FALSE(spare.feasible);
            CHECK(spare.problem.find("2 on-board SATA ports with a bay, not 3") !=
                  std::string::npos);
        }
    }
    GIVEN("12 direct bays, a 16-port card and a 12-bay JBOD") {
        const std::vector<EnclosureSpec> parts = {jbod("jbod12", 12, 1500),
                                                  bracket("bracket8", 8, 60)};
        THEN("12 drives fill the host; their spare goes into the JBOD, bought for it") {
            const AttachmentPlan bare = plan_attachment(
                {host(12, 1), drive("sas-12g"), card(16, 700), 12, parts, all_links});
            REQUIRE(bare.feasible);
            CHECK(bare.parts.empty());
            const AttachmentPlan spare = plan_attachment(
                {host(12, 1), drive("sas-12g"), card(16, 700), 12, parts, all_links, 1});
            REQUIRE(spare.feasible);
            REQUIRE(spare.parts.size() == 2);  // and a bracket for its cable
            CHECK(spare.parts[0].info.id == "jbod12");
            CHECK(spare.extra_usd == Approx(1560.0));
            // The idle spare is alone behind the JBOD's uplink: no drive shares it.
            CHECK_FALSE(spare.shared_uplink);
        }
    }
    GIVEN("24 bays behind a x4 expander backplane") {
        THEN("23 drives and a spare share the uplink as 23 drives do") {
            const AttachmentPlan p = plan_attachment(
                {host(24, 1, 4), drive("sata-6g"), card(8, 250), 23, {}, all_links, 1});
            REQUIRE(p.feasible);
            CHECK(p.host_bays_used == 24);
            CHECK(p.drives_per_uplink == 23);
            // 24 drives and a spare do not fit the 24 bays without a JBOD, and none is listed.
            CHECK_FALSE(plan_attachment(
                            {host(24, 1, 4), drive("sata-6g"), card(8, 250), 24, {}, all_links, 1})
                            .feasible);
        }
    }
}

TEST_CASE("NVMe drives go where their form factor fits: M.2 sockets, cabled bays, PCIe slots",
          "[catalog][topology]") {
    HostSpec server = host(10, 2);
    server.bay_form_factor = "2.5";
    server.nvme_bays = 10;
    server.m2_slots = 2;
    ControllerSpec m2_adapter = card(4, 60, "pcie4-x4");
    m2_adapter.info.name = "M.2 adapter";
    m2_adapter.drive_form_factors = "m.2";
    ControllerSpec tri_mode = card(8, 250, "sata-6g,sas-12g,pcie4-x4");
    tri_mode.info.name = "Tri-mode HBA";
    GIVEN("a card whose ports are M.2 sockets on the card") {
        THEN("it holds M.2 drives, not U.3 ones") {
            CHECK(plan(server, drive("pcie4-x4", "m.2"), m2_adapter, 4, {}).feasible);
            const AttachmentPlan u3 = plan(server, drive("pcie4-x4", "u.3"), m2_adapter, 4, {});
            CHECK_FALSE(u3.feasible);
            CHECK(u3.problem.find("holds only m.2 drives") != std::string::npos);
        }
        THEN("even on a host that says nothing of its layout") {
            CHECK_FALSE(plan(HostSpec{}, drive("pcie4-x4", "u.2"), m2_adapter, 2, {}).feasible);
        }
    }
    GIVEN("a tri-mode HBA, cabled to bays") {
        THEN("U.2 and U.3 drives go in the host's NVMe bays; M.2 and add-in cards do not") {
            CHECK(plan(server, drive("pcie4-x4", "u.3"), tri_mode, 8, {}).feasible);
            const AttachmentPlan m2 = plan(server, drive("pcie4-x4", "m.2"), tri_mode, 2, {});
            CHECK_FALSE(m2.feasible);
            CHECK(m2.problem.find("M.2 socket") != std::string::npos);
            CHECK_FALSE(plan(server, drive("pcie4-x4", "aic"), tri_mode, 1, {}).feasible);
        }
        THEN("E1.S drives need EDSFF bays, which 2.5-inch NVMe bays are not") {
            const AttachmentPlan e1s = plan(server, drive("pcie4-x4", "e1.s"), tri_mode, 4, {});
            CHECK_FALSE(e1s.feasible);
            CHECK(e1s.problem.find("not e1.s") != std::string::npos);
        }
        THEN("a host with bays but no NVMe bays takes no U.2 drives") {
            HostSpec nas = host(4, 1);
            const AttachmentPlan none = plan(nas, drive("pcie4-x4", "u.2"), tri_mode, 2, {});
            CHECK_FALSE(none.feasible);
            CHECK(none.problem.find("no NVMe bays") != std::string::npos);
        }
    }
    GIVEN("the host's own CPU lanes") {
        const ControllerSpec cpu = onboard(32, "pcie4-x4");
        THEN("add-in-card drives take its PCIe slots, E1.S drives no 2.5-inch bay") {
            CHECK(plan(server, drive("pcie4-x4", "aic"), cpu, 2, {}).feasible);
            CHECK_FALSE(plan(server, drive("pcie4-x4", "aic"), cpu, 3, {}).feasible);
            CHECK_FALSE(plan(server, drive("pcie4-x4", "e1.s"), cpu, 2, {}).feasible);
            CHECK(plan(server, drive("pcie4-x4", "u.2"), cpu, 10, {}).feasible);
        }
    }
}

SCENARIO("a drive or card in a narrower or older socket or slot trains down to it",
         "[catalog][topology]") {
    const auto all_links = links();
    GIVEN("PCIe links negotiated as both ends allow") {
        THEN(
            "an x8 PCIe 4.0 card in a PCIe 3.0 x4 slot runs at 3.0 x4; a wider slot changes "
            "nothing") {
            const LinkSpec card = all_links.at("pcie4-x8");
            const LinkSpec slow = negotiated_pcie_link(card, all_links.at("pcie3-x4"));
            CHECK(slow.bandwidth_Bps == Approx(3938e6));
            CHECK(slow.command_overhead_s == Approx(card.command_overhead_s * 15754.0 / 3938.0));
            CHECK(slow.info.id.empty());
            CHECK(negotiated_pcie_link(card, all_links.at("pcie4-x16")).bandwidth_Bps ==
                  Approx(15754e6));
            CHECK(pcie_lanes(all_links.at("pcie4-x16")) == 16);
            CHECK(pcie_lanes(all_links.at("bus")) == 0);
            CHECK(pcie_link_share(all_links.at("pcie4-x16"), 4).bandwidth_Bps == Approx(7877e6));
        }
    }
    GIVEN("a NAS whose two M.2 sockets are wired PCIe 3.0 x1") {
        HostSpec nas = host(4, 0);
        nas.m2_slots = 2;
        nas.m2_link = "pcie3-x1";
        const AttachmentPlan p =
            plan(nas, drive("pcie4-x4", "m.2"), onboard(32, "pcie4-x4"), 2, {});
        THEN("each PCIe 4.0 x4 drive there moves 985 MB/s, and the plan says so") {
            REQUIRE(p.feasible);
            REQUIRE(p.narrowed_drive_link);
            CHECK(p.drive_link.bandwidth_Bps == Approx(985e6));
            CHECK(p.summary.find("each pcie4-x4 at ") != std::string::npos);  // trained down
            System s;
            s.drive_link = all_links.at("pcie4-x4");
            apply_plan(p, s);
            CHECK(s.drive_link.bandwidth_Bps == Approx(985e6));
        }
    }
    GIVEN("a passive x16 adapter with four M.2 sockets") {
        ControllerSpec adapter = card(4, 60, "pcie4-x4");
        adapter.info.name = "M.2 adapter";
        adapter.drive_form_factors = "m.2";
        adapter.host_link = "pcie4-x16";
        HostSpec box = host(4, 1);
        WHEN("the host's one slot is PCIe 3.0 x4") {
            box.pcie_slot_link = "pcie3-x4";
            THEN("it feeds one socket, at PCIe 3.0 x4; four drives need four slots") {
                const AttachmentPlan one = plan(box, drive("pcie4-x4", "m.2"), adapter, 1, {});
                REQUIRE(one.feasible);
                CHECK(one.drive_link.bandwidth_Bps == Approx(3938e6));
                CHECK(one.summary.find("1 of its 4 sockets") != std::string::npos);
                const AttachmentPlan four = plan(box, drive("pcie4-x4", "m.2"), adapter, 4, {});
                CHECK_FALSE(four.feasible);
                CHECK(four.problem.find("need 4 x 'M.2 adapter'") != std::string::npos);
            }
            THEN("an x8 HBA there runs at PCIe 3.0 x4") {
                ControllerSpec hba = card(8, 250);
                hba.host_link = "pcie4-x8";
                CHECK(card_host_link(box, hba, all_links.at("pcie4-x8"), all_links).bandwidth_Bps ==
                      Approx(3938e6));
                CHECK(
                    card_host_link(box, onboard(8, "sata-6g"), all_links.at("pcie4-x8"), all_links)
                        .bandwidth_Bps == Approx(15754e6));
            }
        }
        WHEN("the slot is x16 but does not bifurcate") {
            box.pcie_slot_link = "pcie4-x16";
            box.slot_bifurcation = "no";
            THEN("only the first socket works") {
                CHECK(plan(box, drive("pcie4-x4", "m.2"), adapter, 1, {}).feasible);
                CHECK_FALSE(plan(box, drive("pcie4-x4", "m.2"), adapter, 2, {}).feasible);
            }
        }
        WHEN("the slot is x16 and bifurcates (or the host does not say)") {
            box.pcie_slot_link = "pcie4-x16";
            THEN("all four sockets work at the drives' own speed") {
                const AttachmentPlan p = plan(box, drive("pcie4-x4", "m.2"), adapter, 4, {});
                REQUIRE(p.feasible);
                CHECK_FALSE(p.narrowed_drive_link);
                box.pcie_slot_link.clear();
                CHECK(plan(box, drive("pcie4-x4", "m.2"), adapter, 4, {}).feasible);
            }
        }
    }
}

TEST_CASE("without a host layout: the card's ports, then an expander", "[catalog][topology]") {
    const HostSpec plain;  // says nothing about bays or slots
    const std::vector<EnclosureSpec> parts = {expander("exp28", 28, 8, 300)};
    const AttachmentPlan eight = plan(plain, drive("sata-6g"), card(8, 250), 8, parts);
    REQUIRE(eight.feasible);
    CHECK(eight.parts.empty());
    const AttachmentPlan twelve = plan(plain, drive("sata-6g"), card(8, 250), 12, parts);
    REQUIRE(twelve.feasible);
    CHECK(twelve.extra_usd == Approx(300.0));
    CHECK(twelve.drives_per_uplink == 12);
    // A shared parallel bus: ports x devices per bus, never an expander.
    CHECK(plan(plain, drive("bus"), card(2, 300, "bus"), 30, parts).feasible);
    CHECK_FALSE(plan(plain, drive("bus"), card(2, 300, "bus"), 31, parts).feasible);
}

TEST_CASE("the plan changes the evaluated system and the cost", "[catalog][topology]") {
    const AttachmentPlan p =
        plan(host(24, 1), drive("sata-6g"), card(8, 250), 24, {expander("exp28", 28, 8, 300)});
    REQUIRE(p.feasible);
    System s;
    s.drive_link = links()["sata-6g"];
    s.drives_per_link = 1;
    apply_plan(p, s);
    CHECK(s.drive_link.bandwidth_Bps == Approx(9600e6));
    CHECK(s.drives_per_link == 24);
    CHECK(s.drive_link.max_devices == 24);
    Assessment a;
    a.total_usd = 1000.0;
    a.enclosure_usd = 0.0;
    a.price_known = true;
    a.usable_bytes = 100e12;
    add_plan_cost(p, a);
    CHECK(a.total_usd == Approx(1300.0));
    CHECK(a.enclosure_usd == Approx(300.0));
    CHECK(a.usd_per_usable_tb == Approx(13.0));
    CHECK(a.price_known);
    REQUIRE_FALSE(a.assumptions.empty());
    CHECK(a.assumptions.back().find("exp28") != std::string::npos);
    CHECK(a.attached_as == p.summary);  // the layout diagram's last line
    CHECK(a.attached_as.find("exp28") != std::string::npos);
}

TEST_CASE("the bundled 24-bay archive host takes 24 drives on one HBA", "[catalog][topology]") {
    const Catalog c = Catalog::open(RAID_CATALOG_DB);
    const auto box = c.host("supermicro-846-24bay-expander");
    const auto disk = c.drive("seagate-st16000nm001g");
    const auto hba = c.controller("broadcom-9400-8i");
    REQUIRE(box);
    REQUIRE(disk);
    REQUIRE(hba);
    std::map<std::string, LinkSpec> all;
    for (const LinkSpec& l : c.links()) {
        all[l.info.id] = l;
    }
    const auto enclosures = c.enclosures();
    const AttachmentPlan p = plan_attachment({*box, *disk, *hba, 24, enclosures, all});
    REQUIRE(p.feasible);
    CHECK(p.cards == 1);
    CHECK(p.parts.empty());
    CHECK(p.uplink.bandwidth_Bps == Approx(4 * 1200e6));
    // 28 drives: 24 in the bays, 4 in the cheapest 3.5-inch JBOD on the card's other 4 lanes.
    const AttachmentPlan more = plan_attachment({*box, *disk, *hba, 28, enclosures, all});
    REQUIRE(more.feasible);
    CHECK(more.enclosure_bays >= 4);
    // Linux md on the host's own ports cannot reach the backplane's bays.
    const auto md = c.controller("linux-md");
    REQUIRE(md);
    CHECK_FALSE(plan_attachment({*box, *disk, *md, 8, enclosures, all}).feasible);
}
