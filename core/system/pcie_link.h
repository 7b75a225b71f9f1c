#pragma once
// A PCIe device in a narrower or older slot or socket: the link trains to the lanes and the
// speed both ends support (PCI Express Base Specification 3.0, 4.2 "Link Initialization and
// Training": the width and rate are negotiated down to what both ports support). Used for a
// card in a host's slot and for an NVMe drive in an M.2 socket or on a passive adapter.

#include <string>

#include "components/specs.h"

namespace raidadv {

/// Lanes of a PCIe link by its catalog id ("pcie3-x4" -> 4), 0 for a link that is not a plain
/// PCIe link of that form (a shared bus, a DMI link, a CPU root complex).
int pcie_lanes(const LinkSpec& link);

/// The link a PCIe device with link `device` gets in a slot or socket wired as `slot`: the lower
/// per-lane rate of the two on the fewer lanes. `device` itself where the slot is as fast and as
/// wide, or either is not a plain PCIe link. derived: PCIe link training (above); the
/// per-command cost grows as the bandwidth shrinks (the same TLP bytes: links.csv).
LinkSpec negotiated_pcie_link(const LinkSpec& device, const LinkSpec& slot);

/// `lanes` lanes of `slot` at its per-lane rate (a passive adapter's socket: x4 of the slot),
/// `slot` itself where it has no more lanes or is not a plain PCIe link.
LinkSpec pcie_link_share(const LinkSpec& slot, int lanes);

}  // namespace raidadv
