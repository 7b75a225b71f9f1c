#pragma once
// How N drives of one interface attach to a host through a controller model: which ports, how
// many cards, which SAS expanders or JBOD enclosures, what they cost and how many bays they
// bring, and the shared link the drives go through (an expander's uplink: lanes x lane rate),
// so that the model can charge that link's bandwidth. Qt-free; used by the advisor's search.

#include <map>
#include <string>
#include <vector>

#include "components/specs.h"
#include "system/system.h"

namespace raidadv::advisor {

struct Assessment;

/// Parts a plan buys beyond the first controller card (which the cost model already prices).
struct TopologyPart {
    CatalogInfo info;  ///< the part's catalog entry: id, name, price and its date
    int count = 0;
    int bays = 0;       ///< bays each unit brings (JBOD enclosures)
    bool card = false;  ///< more cards of the chosen controller (else an enclosure row)
    EnclosureKind kind = EnclosureKind::Expander;  ///< an enclosure row's kind (not a card)
};

/// The answer: feasible or why not, the parts, the bays and the shared uplink.
struct AttachmentPlan {
    bool feasible = false;
    std::string problem;              ///< why not (names the binding resource), when not feasible
    int cards = 0;                    ///< controller cards of the chosen model; 0 = built-in ports
    std::vector<TopologyPart> parts;  ///< extra cards, expanders, JBODs
    int host_bays_used = 0;           ///< drives in the host's own bays
    int enclosure_bays = 0;           ///< bays the plan's JBOD enclosures bring
    double extra_usd = 0.0;           ///< the parts' price (known prices only)
    bool extra_prices_known = true;
    double extra_power_w = 0.0;  ///< the enclosures' own power
    /// The link the drives go through: a lane each, or a shared expander uplink.
    bool shared_uplink = false;
    int drives_per_uplink = 1;  ///< drives behind the busiest uplink
    LinkSpec uplink;            ///< the uplink as one link (bandwidth = lanes x lane rate)
    /// An NVMe drive's own link where the host's socket or slot is narrower or older than its
    /// interface (HostSpec::m2_link, pcie_slot_link): the link trains down (system/pcie_link.h).
    bool narrowed_drive_link = false;
    LinkSpec drive_link;
    std::string summary;  ///< "1 x Broadcom HBA 9500-8i + 1 x expander ... (x4 12 Gb/s)"
};

struct TopologyInput {
    const HostSpec& host;
    const DriveSpec& drive;
    const ControllerSpec& controller;
    int drives = 0;  ///< the array's drives
    const std::vector<EnclosureSpec>& enclosures;
    const std::map<std::string, LinkSpec>& links;  ///< by id
    int spares = 0;  ///< hot spares attached besides them: a bay and a port each, no I/O
};

/// Why `controller` is not on `host`, or empty: a host that names its on-board SATA controller
/// (HostSpec::onboard_controller) has no other (an Intel box has no AMD chipset ports); any
/// other controller, and any on a host that names none, is empty.
std::string onboard_problem(const HostSpec& host, const ControllerSpec& controller);

/// Whether the host states where drives go (bays, slots, ports); without that the plan only
/// bounds drives by the controller's ports plus the cheapest expander.
bool host_layout_given(const HostSpec& host);

/// The plan for `in.drives` drives and `in.spares` hot spares. Never throws; an impossible request
/// gives feasible = false and a problem naming the missing resource.
AttachmentPlan plan_attachment(const TopologyInput& in);

/// Upper bound on the drives `plan_attachment` can place for this host, drive and controller
/// (the search enumerates drive counts up to it).
int max_attachable(const TopologyInput& in);

/// The link a card with host link `card_link` gets in the host's free slots: the slots'
/// wiring where the host states it (HostSpec::pcie_slot_link) and it is narrower or older,
/// else `card_link`. Built-in controllers take no slot: `card_link` unchanged.
LinkSpec card_host_link(const HostSpec& host, const ControllerSpec& controller,
                        const LinkSpec& card_link, const std::map<std::string, LinkSpec>& links);

/// Sets the System's drive link to the plan's shared uplink (drives_per_link = drives behind
/// it) where there is one, or to the narrowed link of a drive in a narrower socket or slot;
/// otherwise leaves the drive's own lane.
void apply_plan(const AttachmentPlan& plan, System& system);

/// Adds the plan's extra parts (cards beyond the first, expanders, JBODs) to a candidate's cost:
/// extra cards to controller_usd, expanders and JBODs to enclosure_usd, and says what was added.
void add_plan_cost(const AttachmentPlan& plan, Assessment& assessment);

}  // namespace raidadv::advisor
