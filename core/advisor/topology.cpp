// Attaching drives to a host: built-in ports, controller cards, SAS expanders, JBOD enclosures
// (see topology.h). The rules are the ones a storage architect applies by hand:
// - built-in ports (a controller that costs nothing: chipset SATA, CPU lanes, Linux md) are the
//   host's own: on-board SATA ports, NVMe bays, M.2 sockets; SAS drives need a card;
// - a card takes a PCIe slot and gives one lane per port; a direct-attach bay needs a lane;
// - bays behind an expander backplane, an expander card or a JBOD share the expander's uplink
//   (lanes x lane rate), which is the link the model charges;
// - the cheaper of "more cards" and "one card plus expanders" wins; ties go to fewer parts.

#include "advisor/topology.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <sstream>

#include "advisor/advisor.h"
#include "system/pcie_link.h"

namespace raidadv::advisor {
namespace {

std::vector<std::string> items(const std::string& list) {
    std::vector<std::string> out;
    std::stringstream in(list);
    std::string item;
    while (std::getline(in, item, ',')) {
        if (!item.empty()) {
            out.push_back(item);
        }
    }
    return out;
}

bool lists(const std::string& list, const std::string& id) {
    const auto all = items(list);
    return std::find(all.begin(), all.end(), id) != all.end();
}

/// Every drive the plan attaches: the array's and its hot spares (each in a bay on a port).
int attached(const TopologyInput& in) {
    return in.drives + in.spares;
}

bool is_nvme(const std::string& interface) {
    return interface.rfind("pcie", 0) == 0;
}

bool is_bay_drive(const DriveSpec& d) {
    return d.form_factor != "m.2" && d.form_factor != "aic";
}

/// Why a card's ports cannot take drives of `d`'s form factor, or empty: a card whose ports are
/// sockets on the card itself says which form factors (ControllerSpec::drive_form_factors: the
/// M.2 adapters); any other card is cabled to drive bays, which M.2 and add-in-card drives do
/// not sit in (derived: M.2 is a board-mounted socket, an add-in card a PCIe slot).
std::string card_form_factor_problem(const ControllerSpec& c, const DriveSpec& d) {
    if (!c.drive_form_factors.empty()) {
        return lists(c.drive_form_factors, d.form_factor)
                   ? std::string()
                   : "'" + c.info.name + "' holds only " + c.drive_form_factors +
                         " drives (its ports are sockets on the card), not " + d.form_factor;
    }
    if (d.form_factor == "m.2") {
        return "'" + c.info.name +
               "' is cabled to drive bays; an M.2 drive needs an M.2 socket or an M.2 adapter "
               "card";
    }
    if (d.form_factor == "aic") {
        return "an add-in-card drive takes a PCIe slot of its own, not a port of '" + c.info.name +
               "'";
    }
    return "";
}

/// Why a bay-mounted NVMe drive `d` does not fit the host's NVMe bays, which are of the
/// host's bay size (2.5-inch U.2/U.3 bays in every catalog host that has them), or empty:
/// derived: U.2 and U.3 are 2.5-inch drives (SFF-8639); E1.S and E3.S need EDSFF bays.
std::string nvme_bay_problem(const DriveSpec& d, const HostSpec& h) {
    const bool small = d.form_factor == "u.2" || d.form_factor == "u.3" || d.form_factor == "2.5";
    const std::string& bay = h.bay_form_factor;
    return small && (bay.empty() || bay == "2.5" || bay == "3.5")
               ? std::string()
               : "the host's NVMe bays take 2.5-inch U.2/U.3 drives, not " + d.form_factor +
                     " (EDSFF) drives";
}

/// A 2.5-inch drive fits a 3.5-inch bay (in a carrier); not the other way round.
bool fits_bay(const std::string& drive_ff, const std::string& bay_ff) {
    return bay_ff.empty() || drive_ff == bay_ff || (drive_ff == "2.5" && bay_ff == "3.5");
}

/// A controller that costs nothing (a known price of 0) is built in: chipset ports, CPU lanes,
/// host software RAID. It uses the host's own ports and takes no slot.
bool built_in(const ControllerSpec& c) {
    return c.info.costs_nothing();
}

double price_of(const CatalogInfo& info) {
    return info.price_known() ? info.price_usd : 0.0;
}

/// Fastest SAS lane the controller drives (0 if it has none: SATA-only or NVMe-only ports).
double sas_lane_Bps(const ControllerSpec& c, const std::map<std::string, LinkSpec>& links) {
    double best = 0.0;
    for (const std::string& id : items(c.drive_interfaces)) {
        const auto it = links.find(id);
        if (id.rfind("sas-", 0) == 0 && it != links.end()) {
            best = std::max(best, it->second.bandwidth_Bps);
        }
    }
    return best;
}

/// A group of drives behind one uplink.
struct Group {
    int drives = 0;
    double Bps = 0.0;
    int lanes = 0;
};

/// What the SAS/SATA drives of a card plan need: lanes on the cards, parts, shared groups.
struct CardNeeds {
    int lanes = 0;           ///< every lane, internal and external
    int external_lanes = 0;  ///< of them, JBOD uplinks: a cable out of the case
    bool anywhere = false;   ///< the host states no bays: any port serves any drive
    std::vector<TopologyPart> parts;
    std::vector<Group> groups;
    double parts_usd = 0.0;
    std::string problem;
};

/// The cheapest expander or JBOD of `kind` that takes the drive (by total price for `drives`).
const EnclosureSpec* cheapest(const std::vector<EnclosureSpec>& all, EnclosureKind kind,
                              const DriveSpec& drive, int drives) {
    const EnclosureSpec* best = nullptr;
    double best_usd = 0.0;
    for (const EnclosureSpec& e : all) {
        if (e.kind != kind || !lists(e.drive_interfaces, drive.interface) ||
            (kind == EnclosureKind::Jbod && !fits_bay(drive.form_factor, e.form_factor))) {
            continue;
        }
        const int per_unit = kind == EnclosureKind::Jbod ? e.bays : e.drive_lanes;
        if (per_unit < 1) {
            continue;
        }
        const int units = (drives + per_unit - 1) / per_unit;
        const double usd = units * price_of(e.info);
        if (best == nullptr || usd < best_usd) {
            best = &e;
            best_usd = usd;
        }
    }
    return best;
}

/// Puts `drives` behind units of `e` (expanders or JBODs), each on its own uplink.
void add_enclosures(const EnclosureSpec& e, int drives, double lane_Bps, CardNeeds& needs) {
    const int per_unit = e.kind == EnclosureKind::Jbod ? e.bays : e.drive_lanes;
    const int units = (drives + per_unit - 1) / per_unit;
    TopologyPart part{e.info, units, e.kind == EnclosureKind::Jbod ? e.bays : 0, false, e.kind};
    needs.parts.push_back(part);
    needs.parts_usd += units * price_of(e.info);
    for (int u = 0; u < units; ++u) {
        // Drives spread evenly over the units (the busiest one gets the rounding).
        const int here = drives / units + (u < drives % units ? 1 : 0);
        needs.groups.push_back({here, e.uplink_lanes * lane_Bps, e.uplink_lanes});
        needs.lanes += e.uplink_lanes;
        needs.external_lanes += e.kind == EnclosureKind::Jbod ? e.uplink_lanes : 0;
    }
}

/// Cards for `lanes` drive lanes (or drives) at `per_card` each (at least one card).
int cards_for(int lanes, int per_card) {
    return std::max(1, (lanes + std::max(1, per_card) - 1) / std::max(1, per_card));
}

/// The cheapest internal-to-external port adapter per lane passed, or none.
const EnclosureSpec* cheapest_bracket(const std::vector<EnclosureSpec>& all) {
    const EnclosureSpec* best = nullptr;
    for (const EnclosureSpec& e : all) {
        if (e.kind == EnclosureKind::Bracket && e.uplink_lanes > 0 &&
            (best == nullptr ||
             price_of(e.info) / e.uplink_lanes < price_of(best->info) / best->uplink_lanes)) {
            best = &e;
        }
    }
    return best;
}

/// Cards of the controller a plan needs, and the brackets that lead internal lanes out to the
/// JBODs where the cards' external ports are too few.
struct CardCount {
    bool ok = false;
    int cards = 0;
    int brackets = 0;
    std::string problem;  ///< why not, when not ok
};

/// derived: a bay or an expander card inside the case takes an internal lane (SFF-8643); a
/// JBOD's cable an external one (SFF-8644), or an internal lane led out by a bracket. The fewest
/// cards with internal lanes for the first and external (or bracketed internal) lanes for the
/// second.
CardCount count_cards(const CardNeeds& needs, const ControllerSpec& c,
                      const EnclosureSpec* bracket) {
    CardCount out;
    if (needs.anywhere) {
        return {true, cards_for(needs.lanes, c.ports), 0, ""};
    }
    const int ports = std::max(1, c.ports);
    const int external = std::clamp(c.external_ports, 0, ports);
    const int internal = ports - external;
    const int inside = needs.lanes - needs.external_lanes;
    const int outside = needs.external_lanes;
    // (plan_cards_sas_sata gives an all-external card no bay drives; this also keeps the loop
    // below finite.)
    if (inside > 0 && internal == 0) {
        out.problem = "'" + c.info.name + "' has only external ports: it takes JBODs, not the " +
                      "host's own bays";
        return out;
    }
    if (outside > 0 && external == 0 && bracket == nullptr) {
        out.problem = "'" + c.info.name + "' has no external ports for a JBOD's cable and the " +
                      "catalog has no bracket to lead its internal ports out";
        return out;
    }
    for (int k = 1;; ++k) {
        const int short_out = std::max(0, outside - k * external);
        if ((short_out == 0 || bracket != nullptr) && inside + short_out <= k * internal) {
            out.ok = true;
            out.cards = k;
            out.brackets =
                short_out > 0 ? (short_out + bracket->uplink_lanes - 1) / bracket->uplink_lanes : 0;
            return out;
        }
    }
}

/// Adds `count.brackets` of `bracket` to the parts of `needs`.
void add_brackets(const CardCount& count, const EnclosureSpec* bracket, CardNeeds& needs) {
    if (count.brackets > 0 && bracket != nullptr) {
        needs.parts.push_back(
            TopologyPart{bracket->info, count.brackets, 0, false, EnclosureKind::Bracket});
        needs.parts_usd += count.brackets * price_of(bracket->info);
    }
}

/// The catalog link `id` (a host's socket or slot wiring), or null where it is not stated.
const LinkSpec* wiring(const std::map<std::string, LinkSpec>& links, const std::string& id) {
    const auto it = links.find(id);
    return id.empty() || it == links.end() ? nullptr : &it->second;
}

/// The host's slot wiring as a link, or null where the host does not state it.
const LinkSpec* slot_link(const TopologyInput& in) {
    return wiring(in.links, in.host.pcie_slot_link);
}

/// Whether `c` is a passive M.2 adapter: M.2 sockets on the card, each wired to four of its host
/// link's lanes, no switch between (derived: a x16 card with four sockets or a x8 card with two;
/// such a card needs the slot split into x4 links, BIOS "bifurcation").
bool passive_m2_adapter(const ControllerSpec& c, const std::map<std::string, LinkSpec>& links) {
    const auto host = links.find(c.host_link);
    return lists(c.drive_form_factors, "m.2") && host != links.end() &&
           pcie_lanes(host->second) == 4 * c.ports;
}

/// Drives one card of `in.controller` takes in the host's slot: a passive M.2 adapter feeds one
/// socket per four lanes of the slot, one alone where the slot does not bifurcate
/// (HostSpec::slot_bifurcation "no"; derived: without the split the slot trains as one link to
/// the first socket); any other card all its ports.
int ports_in_slot(const TopologyInput& in) {
    const ControllerSpec& c = in.controller;
    if (!passive_m2_adapter(c, in.links)) {
        return c.ports;
    }
    if (in.host.slot_bifurcation == "no") {
        return 1;
    }
    const LinkSpec* slot = slot_link(in);
    const int lanes = slot != nullptr ? pcie_lanes(*slot) : 0;
    return lanes > 0 ? std::clamp(lanes / 4, 1, c.ports) : c.ports;
}

/// Narrows the plan's drive link to `wiring` where the drive's interface is faster or wider.
void narrow_drive_link(const TopologyInput& in, const LinkSpec& wiring, AttachmentPlan& plan) {
    const auto own = in.links.find(in.drive.interface);
    if (own == in.links.end()) {
        return;
    }
    const LinkSpec link = negotiated_pcie_link(own->second, wiring);
    if (link.bandwidth_Bps < own->second.bandwidth_Bps) {
        plan.narrowed_drive_link = true;
        plan.drive_link = link;
    }
}

/// Free slots for cards: the host's where it states where drives go (0: none, as an appliance
/// NAS whose bays are wired to its own SATA ports), or one when it states nothing.
int card_slots(const HostSpec& h) {
    return host_layout_given(h) ? h.pcie_slots : 1;
}

void finish(AttachmentPlan& plan, const TopologyInput& in, int cards, const CardNeeds& needs) {
    const ControllerSpec& c = in.controller;
    plan.cards = cards;
    if (cards > 1) {
        plan.parts.insert(plan.parts.begin(), TopologyPart{c.info, cards - 1, 0, true});
    }
    plan.parts.insert(plan.parts.end(), needs.parts.begin(), needs.parts.end());
    for (const TopologyPart& p : plan.parts) {
        plan.extra_usd += p.count * price_of(p.info);
        plan.extra_prices_known = plan.extra_prices_known && p.info.price_known();
        plan.enclosure_bays += p.count * p.bays;
    }
    for (const EnclosureSpec& e : in.enclosures) {
        for (const TopologyPart& p : needs.parts) {
            if (p.info.id == e.info.id) {
                plan.extra_power_w += p.count * e.power_w;
            }
        }
    }
    const Group* busiest = nullptr;
    for (const Group& g : needs.groups) {
        if (busiest == nullptr || g.drives > busiest->drives) {
            busiest = &g;
        }
    }
    std::ostringstream s;
    s << cards << " x " << c.info.name;
    for (const TopologyPart& p : needs.parts) {
        s << " + " << p.count << " x " << p.info.name;
    }
    // derived: a hot spare is idle until a drive fails, so behind the busiest uplink are at
    // most the array's drives (at most one more than an even spread when a spare sits there).
    const int active = busiest != nullptr ? std::min(busiest->drives, in.drives) : 0;
    if (active > 1) {
        plan.shared_uplink = true;
        plan.drives_per_uplink = active;
        const auto lane = in.links.find(in.drive.interface);
        // No catalog id: the uplink is an inline link (a project file writes it out whole).
        plan.uplink.info.id.clear();
        plan.uplink.info.name = "x" + std::to_string(busiest->lanes) + " SAS uplink (" +
                                std::to_string(static_cast<int>(busiest->Bps / 1e6)) +
                                " MB/s shared by " + std::to_string(active) + " drives)";
        plan.uplink.info.source = "derived: expander uplink, lanes x lane rate";
        plan.uplink.bandwidth_Bps = busiest->Bps;
        plan.uplink.command_overhead_s =
            lane != in.links.end() ? lane->second.command_overhead_s : 5e-6;
        plan.uplink.shared = false;  // switched: no bus arbitration, one queue for the uplink
        plan.uplink.max_devices = active;
        s << "; " << plan.uplink.info.name;
    }
    plan.summary = s.str();
    plan.feasible = true;
}

/// SAS/SATA drives on cards of `in.controller`.
AttachmentPlan plan_cards_sas_sata(const TopologyInput& in) {
    AttachmentPlan plan;
    const HostSpec& h = in.host;
    const ControllerSpec& c = in.controller;
    const bool layout = host_layout_given(h);
    const double lane = sas_lane_Bps(c, in.links);
    const int host_bays =
        layout && h.drive_bays > 0
            ? (fits_bay(in.drive.form_factor, h.bay_form_factor) ? h.drive_bays : 0)
            : INT_MAX;  // not given: the request's bay limit decides
    // A card whose ports are all external takes its drives in JBODs, none in the host's bays.
    const bool bays_stated = host_bays != INT_MAX;
    const bool external_only = c.external_ports >= std::max(1, c.ports);
    const int n_host = external_only && bays_stated ? 0 : std::min(attached(in), host_bays);
    const int n_ext = attached(in) - n_host;
    plan.host_bays_used = n_host;
    // Two ways for the host's bays: a lane each (more cards), or expanders.
    CardNeeds direct;
    CardNeeds expanded;
    // Bays not stated: the drives sit wherever the card's ports reach.
    direct.anywhere = expanded.anywhere = !bays_stated;
    if (n_host > 0 && h.backplane_uplink_lanes > 0) {
        if (lane <= 0.0) {
            plan.problem = "the host's bays sit behind a SAS expander backplane, which '" +
                           c.info.name + "' cannot drive (no SAS lanes)";
            return plan;
        }
        // derived: current backplane expanders run 12 Gb/s SAS lanes (1200 MB/s each).
        const double bp_lane = std::min(lane, 1200e6);
        direct.lanes = h.backplane_uplink_lanes;
        direct.groups.push_back(
            {n_host, h.backplane_uplink_lanes * bp_lane, h.backplane_uplink_lanes});
        expanded.problem = "no need";
    } else if (n_host > 0) {
        direct.lanes = n_host;
        const EnclosureSpec* expander =
            lane > 0.0 ? cheapest(in.enclosures, EnclosureKind::Expander, in.drive, n_host)
                       : nullptr;
        if (expander != nullptr) {
            const auto up = in.links.find(expander->uplink_link);
            const double up_Bps = up != in.links.end() ? up->second.bandwidth_Bps : lane;
            add_enclosures(*expander, n_host, std::min(lane, up_Bps), expanded);
        } else {
            expanded.problem = "no expander";
        }
    } else {
        expanded.problem = "no need";
    }
    // Drives beyond the host's bays go into JBOD enclosures (one uplink each).
    if (n_ext > 0) {
        const EnclosureSpec* jbod =
            lane > 0.0 ? cheapest(in.enclosures, EnclosureKind::Jbod, in.drive, n_ext) : nullptr;
        if (jbod == nullptr) {
            plan.problem = "the host has " + std::to_string(host_bays) + " bays for " +
                           in.drive.form_factor + "-inch drives and no JBOD enclosure in the " +
                           "catalog takes the rest with '" + c.info.name + "'";
            return plan;
        }
        const auto l = in.links.find(jbod->uplink_link);
        const double jbod_lane =
            std::min(lane, l != in.links.end() ? l->second.bandwidth_Bps : lane);
        add_enclosures(*jbod, n_ext, jbod_lane, direct);
        if (expanded.problem.empty()) {
            add_enclosures(*jbod, n_ext, jbod_lane, expanded);
        }
    }
    // A bracket leads a card's internal lanes out of the case; it takes a slot opening, not a
    // PCIe slot (derived: a passive adapter, powered by nothing).
    const EnclosureSpec* bracket = cheapest_bracket(in.enclosures);
    const int slots = card_slots(h);
    const CardCount cd = count_cards(direct, c, bracket);
    const CardCount ce = expanded.problem.empty() ? count_cards(expanded, c, bracket) : CardCount{};
    add_brackets(cd, bracket, direct);
    add_brackets(ce, bracket, expanded);
    const bool direct_ok = cd.ok && cd.cards <= slots;
    const bool expanded_ok = ce.ok && ce.cards <= slots;
    const double usd_direct = (cd.cards - 1) * price_of(c.info) + direct.parts_usd;
    const double usd_expanded = (ce.cards - 1) * price_of(c.info) + expanded.parts_usd;
    if (direct_ok && (!expanded_ok || usd_direct <= usd_expanded)) {
        finish(plan, in, cd.cards, direct);
    } else if (expanded_ok) {
        finish(plan, in, ce.cards, expanded);
    } else if (!cd.ok) {
        plan.problem = cd.problem;
    } else {
        plan.problem = std::to_string(attached(in)) + " drives need " + std::to_string(cd.cards) +
                       " x '" + c.info.name +
                       "' (no expander in the catalog takes them), but the host has " +
                       std::to_string(slots) + " free PCIe slot(s)";
    }
    return plan;
}

/// Built-in ports: the host's own SATA ports, NVMe bays or M.2 sockets.
AttachmentPlan plan_built_in(const TopologyInput& in) {
    AttachmentPlan plan;
    const HostSpec& h = in.host;
    const DriveSpec& d = in.drive;
    int available = 0;
    std::string what;
    if (is_nvme(d.interface)) {
        if (d.form_factor == "m.2") {
            available = h.m2_slots;
            what = "M.2 sockets";
        } else if (d.form_factor == "aic") {
            available = h.pcie_slots;
            what = "free PCIe slots for add-in-card drives";
        } else if (h.nvme_bays > 0 && !nvme_bay_problem(d, h).empty()) {
            plan.problem = nvme_bay_problem(d, h);
            return plan;
        } else {
            available = h.nvme_bays;
            what = "NVMe bays on CPU lanes";
        }
    } else if (d.interface.rfind("sata", 0) == 0 && h.backplane_uplink_lanes > 0) {
        plan.problem = "the host's bays sit behind a SAS expander backplane, which on-board " +
                       std::string("SATA ports do not reach (it needs a SAS HBA or RAID card)");
        return plan;
    } else if (d.interface.rfind("sata", 0) == 0) {
        const int bays = fits_bay(d.form_factor, h.bay_form_factor) ? h.drive_bays : 0;
        available = h.drive_bays > 0 ? std::min(h.onboard_sata_ports, bays) : h.onboard_sata_ports;
        what = "on-board SATA ports with a bay";
    } else {
        plan.problem = "'" + in.controller.info.name + "' uses the host's own ports, which " +
                       "take no " + d.interface + " drives (they need an HBA)";
        return plan;
    }
    if (attached(in) > available) {
        plan.problem = "the host has " + std::to_string(available) + " " + what + ", not " +
                       std::to_string(attached(in));
        return plan;
    }
    plan.host_bays_used = is_bay_drive(d) ? attached(in) : 0;
    const LinkSpec* m2 = wiring(in.links, h.m2_link);
    if (is_nvme(d.interface) && d.form_factor == "m.2" && m2 != nullptr) {
        narrow_drive_link(in, *m2, plan);
    } else if (const LinkSpec* slot = slot_link(in);
               is_nvme(d.interface) && d.form_factor == "aic" && slot != nullptr) {
        narrow_drive_link(in, *slot, plan);  // an add-in-card drive in the host's slot
    }
    finish(plan, in, 0, CardNeeds{});
    plan.summary =
        std::to_string(attached(in)) + " x " + what + " (" + in.controller.info.name + ")";
    if (plan.narrowed_drive_link) {
        plan.summary += ", each " + plan.drive_link.info.name;
    }
    return plan;
}

}  // namespace

std::string onboard_problem(const HostSpec& h, const ControllerSpec& c) {
    if (h.onboard_controller.empty() || c.info.id == h.onboard_controller || !built_in(c) ||
        !c.levels.empty()) {
        return "";  // not stated, the host's own, or not on-board ports (Linux md, CPU lanes)
    }
    const auto interfaces = items(c.drive_interfaces);
    const bool sata_ports =
        !interfaces.empty() && std::all_of(interfaces.begin(), interfaces.end(),
                                           [](const auto& i) { return i.rfind("sata", 0) == 0; });
    return sata_ports ? "'" + c.info.name + "' is not the host's on-board SATA controller ('" +
                            h.onboard_controller + "')"
                      : "";
}

bool host_layout_given(const HostSpec& h) {
    return h.drive_bays > 0 || h.nvme_bays > 0 || h.m2_slots > 0 || h.pcie_slots > 0 ||
           h.onboard_sata_ports > 0;
}

AttachmentPlan plan_attachment(const TopologyInput& in) {
    AttachmentPlan plan;
    const ControllerSpec& c = in.controller;
    if (in.drives < 1 || in.spares < 0) {
        plan.problem = "no drives to attach";
        return plan;
    }
    if (!built_in(c)) {
        if (std::string why = card_form_factor_problem(c, in.drive); !why.empty()) {
            plan.problem = std::move(why);
            return plan;
        }
    }
    const auto link = in.links.find(in.drive.interface);
    const bool bus = link != in.links.end() && link->second.shared;
    if (bus || !host_layout_given(in.host)) {
        // Without a stated host layout (or on a shared parallel bus) a controller reaches its
        // ports (x devices per bus); beyond that, SAS/SATA drives go through expanders.
        const int per_port = bus ? std::max(1, link->second.max_devices) : 1;
        if (attached(in) <= c.ports * per_port) {
            plan.host_bays_used = attached(in);
            finish(plan, in, built_in(c) ? 0 : 1, CardNeeds{});
            return plan;
        }
        if (bus || is_nvme(in.drive.interface) || built_in(c)) {
            plan.problem = "'" + c.info.name + "' has " + std::to_string(c.ports) + " ports";
            return plan;
        }
        return plan_cards_sas_sata(in);
    }
    if (built_in(c)) {
        return plan_built_in(in);
    }
    if (is_nvme(in.drive.interface)) {
        const int per_card = ports_in_slot(in);
        const int cards = cards_for(attached(in), per_card);
        if (is_bay_drive(in.drive) && in.host.nvme_bays < 1) {
            plan.problem = "the host has no NVMe bays for " + in.drive.form_factor + " drives";
            return plan;
        }
        if (is_bay_drive(in.drive) && !nvme_bay_problem(in.drive, in.host).empty()) {
            plan.problem = nvme_bay_problem(in.drive, in.host);
            return plan;
        }
        if (cards > card_slots(in.host)) {
            plan.problem = std::to_string(attached(in)) + " NVMe drives need " +
                           std::to_string(cards) + " x '" + c.info.name + "', but the host has " +
                           std::to_string(card_slots(in.host)) + " free PCIe slot(s)";
            return plan;
        }
        if (is_bay_drive(in.drive) && attached(in) > in.host.nvme_bays) {
            plan.problem = "the host has " + std::to_string(in.host.nvme_bays) + " NVMe bays";
            return plan;
        }
        plan.host_bays_used = is_bay_drive(in.drive) ? attached(in) : 0;
        if (const LinkSpec* slot = slot_link(in);
            slot != nullptr && passive_m2_adapter(c, in.links)) {
            narrow_drive_link(in, pcie_link_share(*slot, 4), plan);  // a socket: x4 of the slot
        }
        finish(plan, in, cards, CardNeeds{});
        if (per_card < c.ports) {
            plan.summary += " (" + std::to_string(per_card) + " of its " + std::to_string(c.ports) +
                            " sockets in the host's slot)";
        }
        return plan;
    }
    return plan_cards_sas_sata(in);
}

int max_attachable(const TopologyInput& in) {
    const ControllerSpec& c = in.controller;
    const auto link = in.links.find(in.drive.interface);
    const bool bus = link != in.links.end() && link->second.shared;
    const int per_port = bus ? std::max(1, link->second.max_devices) : 1;
    if (bus || is_nvme(in.drive.interface) || built_in(c) || sas_lane_Bps(c, in.links) <= 0.0) {
        if (!host_layout_given(in.host) || bus) {
            return c.ports * per_port;
        }
        // Built-in ports, NVMe on cards, SATA-only cards: what the host gives (checked per n).
        return std::max({in.host.onboard_sata_ports, in.host.nvme_bays + in.host.m2_slots,
                         c.ports * card_slots(in.host)});
    }
    return 4096;  // expanders and JBODs: the request's bay limit bounds it
}

void apply_plan(const AttachmentPlan& plan, System& system) {
    if (plan.feasible && plan.shared_uplink) {
        system.drive_link = plan.uplink;
        system.drives_per_link = plan.drives_per_uplink;
    } else if (plan.feasible && plan.narrowed_drive_link) {
        system.drive_link = plan.drive_link;
    }
}

LinkSpec card_host_link(const HostSpec& host, const ControllerSpec& controller,
                        const LinkSpec& card_link, const std::map<std::string, LinkSpec>& links) {
    const LinkSpec* slot = wiring(links, host.pcie_slot_link);
    return built_in(controller) || slot == nullptr ? card_link
                                                   : negotiated_pcie_link(card_link, *slot);
}

void add_plan_cost(const AttachmentPlan& plan, Assessment& a) {
    if (!plan.feasible || plan.parts.empty()) {
        return;
    }
    for (const TopologyPart& p : plan.parts) {
        const double usd = p.count * price_of(p.info);
        (p.card ? a.controller_usd : a.enclosure_usd) += usd;
        if (!p.info.price_known()) {
            a.assumptions.push_back("No price for " + p.info.name + ": the cost is a lower bound.");
        }
    }
    a.total_usd += plan.extra_usd;
    a.price_known = a.price_known && plan.extra_prices_known;
    if (a.usable_bytes > 0.0) {
        a.usd_per_usable_tb = a.total_usd / (a.usable_bytes / 1e12);  // derived: as core/cost
    }
    a.attached_as = plan.summary;
    a.attached_parts = plan.parts;
    a.assumptions.push_back("Attached as: " + plan.summary + ".");
}

}  // namespace raidadv::advisor
