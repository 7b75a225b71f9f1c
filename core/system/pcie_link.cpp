// PCIe link width and rate negotiation (see pcie_link.h).

#include "system/pcie_link.h"

#include <algorithm>
#include <charconv>

namespace raidadv {

int pcie_lanes(const LinkSpec& link) {
    // Catalog convention (links.csv): "pcie<generation>-x<lanes>".
    const std::string& id = link.info.id;
    const auto x = id.rfind("-x");
    if (id.rfind("pcie", 0) != 0 || x == std::string::npos || link.shared) {
        return 0;
    }
    int lanes = 0;
    const char* first = id.data() + x + 2;
    const char* last = id.data() + id.size();
    const auto [end, error] = std::from_chars(first, last, lanes);
    return error == std::errc() && end == last && lanes > 0 ? lanes : 0;
}

LinkSpec negotiated_pcie_link(const LinkSpec& device, const LinkSpec& slot) {
    const int device_lanes = pcie_lanes(device);
    const int slot_lanes = pcie_lanes(slot);
    if (device_lanes == 0 || slot_lanes == 0) {
        return device;
    }
    const int lanes = std::min(device_lanes, slot_lanes);
    const double per_lane =
        std::min(device.bandwidth_Bps / device_lanes, slot.bandwidth_Bps / slot_lanes);
    const double bandwidth = per_lane * lanes;
    if (bandwidth >= device.bandwidth_Bps * (1.0 - 1e-9)) {
        return device;
    }
    LinkSpec out = device;
    out.bandwidth_Bps = bandwidth;
    // derived: the same bytes of TLPs per command over the narrower link (links.csv).
    out.command_overhead_s = device.command_overhead_s * device.bandwidth_Bps / bandwidth;
    // "PCI Express 4.0 x8 at 3.0 x4": the device's link and what it trained to (short: it labels
    // diagrams and tables).
    const bool slower = per_lane < device.bandwidth_Bps / device_lanes * (1.0 - 1e-9);
    std::string generation = slot.info.name.substr(0, slot.info.name.rfind(" x"));
    if (generation.rfind("PCI Express ", 0) == 0) {
        generation.erase(0, 12);
    }
    out.info.name =
        device.info.name + " at " + (slower ? generation + " " : "") + "x" + std::to_string(lanes);
    out.info.id.clear();  // an inline link: no catalog row says this
    out.info.source = "derived: PCIe link training to the narrower or older end (" +
                      device.info.id + " in " + slot.info.id + ")";
    return out;
}

LinkSpec pcie_link_share(const LinkSpec& slot, int lanes) {
    const int slot_lanes = pcie_lanes(slot);
    if (slot_lanes == 0 || lanes >= slot_lanes || lanes < 1) {
        return slot;
    }
    LinkSpec out = slot;
    out.bandwidth_Bps = slot.bandwidth_Bps * lanes / slot_lanes;
    out.command_overhead_s = slot.command_overhead_s * slot_lanes / lanes;
    out.info.id = slot.info.id.substr(0, slot.info.id.rfind("-x")) + "-x" + std::to_string(lanes);
    out.info.name =
        slot.info.name.substr(0, slot.info.name.rfind(" x")) + " x" + std::to_string(lanes);
    out.info.source = "derived: " + std::to_string(lanes) + " of the " +
                      std::to_string(slot_lanes) + " lanes of " + slot.info.id;
    return out;
}

}  // namespace raidadv
