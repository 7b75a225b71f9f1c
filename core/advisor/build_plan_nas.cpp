// The storage manager steps of NAS appliances (build_plan_nas.h). Sources, as recalled:
// Synology Knowledge Center, DSM 7 "Storage Manager": create a storage pool (RAID type, drives),
// then a volume on it, hot spares under Storage Manager > Hot Spare; QNAP QTS 5 user guide,
// "Storage & Snapshots": Create > New Storage Pool (drives, RAID type, spare disks), then a
// volume; TrueNAS SCALE documentation, "Creating Storage Pools" (Storage > Create Pool: Data,
// Log and Spare VDEVs, layout and width) and "Adding and Managing Datasets" (Record Size under
// Advanced Options).

#include "advisor/build_plan_nas.h"

#include <string>

#include "advisor/target_changes.h"
#include "format/format.h"
#include "layout/zfs_pool.h"
#include "system/raid_software.h"

namespace raidadv::advisor {

namespace {

/// The storage manager's name of the layout's RAID type ("Basic": a drive on its own).
std::string raid_type(const Layout& layout) {
    return layout.level == RaidLevel::Simple ? "Basic" : level_display_name(layout.level);
}

}  // namespace

std::optional<BuildMethod> appliance_method(const System& system, int hot_spares) {
    const std::string_view software = appliance_software(system.host);
    if (software.empty()) {
        return std::nullopt;
    }
    const bool dsm = software == "synology-shr";
    const Layout& layout = system.layout;
    const std::string drives = std::to_string(layout.drives * layout.volumes);
    const std::string spares =
        std::to_string(hot_spares) + " hot spare" + (hot_spares > 1 ? "s" : "");
    BuildMethod m;
    m.title = dsm ? "Synology DSM Storage Manager" : "QNAP QTS Storage & Snapshots";
    // M.2 drives go into the unit's M.2 sockets (with the unit off), the rest into its bays.
    const bool m2 = system.drive.form_factor == "m.2";
    m.steps.push_back((m2 ? "With the unit powered off, install the " + drives + " M.2 drives" +
                                (hot_spares > 0 ? " and the " + spares : std::string()) +
                                " in its M.2 sockets; start it and open "
                          : "Insert the " + drives + " drives" +
                                (hot_spares > 0 ? " and the " + spares : std::string()) +
                                " into the bays and open ") +
                      (dsm ? "DSM > Storage Manager." : "QTS > Storage & Snapshots."));
    m.steps.push_back(std::string(dsm ? "Create a storage pool" : "Create > New Storage Pool") +
                      ": RAID type " + raid_type(layout) + ", the " + drives + " drives" +
                      (layout.volumes > 1 ? " (one pool per volume)" : "") + ".");
    if (hot_spares > 0) {
        m.steps.push_back(dsm ? "Assign the " + spares + " under Storage Manager > Hot Spare."
                              : "Mark the " + spares +
                                    (hot_spares > 1 ? " as spare disks" : " as a spare disk") +
                                    " in the same wizard.");
    }
    m.steps.push_back("Create a volume on the pool (" + std::string(dsm ? "Btrfs" : "thick") +
                      ") and the shared folders on it.");
    if (is_striped(layout.level)) {
        m.notes.push_back(
            "The storage manager chooses the chunk (stripe unit) itself, " +
            format::stripe_unit(appliance_chunk_bytes(system.host, system.controller)) +
            "; the model's figures take it.");
    }
    m.notes.push_back(
        "The steps are in the storage manager's own words; it builds the array with md "
        "underneath.");
    return m;
}

std::optional<BuildMethod> truenas_method(const System& system, int hot_spares) {
    if (!host_is_truenas(system.host) || !is_zfs(system.layout.level)) {
        return std::nullopt;
    }
    const Layout& layout = system.layout;
    const ZfsPool pool = make_zfs_pool(layout);
    // The wizard's layout names: Mirror, RAIDZ1-3, dRAID1-3.
    const std::string type =
        layout.level == RaidLevel::ZfsMirror
            ? "Mirror"
            : (is_raidz(layout.level) ? "RAIDZ" : "dRAID") + std::to_string(pool.parity);
    const std::string drives = std::to_string(layout.drives * layout.volumes);
    BuildMethod m;
    m.title = "TrueNAS web interface (Storage > Create Pool)";
    m.steps.push_back(
        "Install the " + drives + " drives" +
        (hot_spares > 0
             ? " and the " + std::to_string(hot_spares) + " spare" + (hot_spares > 1 ? "s" : "")
             : std::string()) +
        (system.log.count > 0 ? " and the log device" + std::string(system.log.count > 1 ? "s" : "")
                              : std::string()) +
        ", then open Storage > Create Pool.");
    for (int v = 0; v < layout.volumes; ++v) {
        const std::string name = layout.volumes > 1 ? "tank" + std::to_string(v) : "tank";
        m.steps.push_back("Pool " + name + ", Data: layout " + type + ", width " +
                          std::to_string(pool.children) + ", " + std::to_string(pool.vdevs) +
                          " VDEV" + (pool.vdevs == 1 ? "" : "s") + " (" +
                          std::to_string(layout.drives) + " drives).");
    }
    if (system.log.count > 0) {
        m.steps.push_back("Log: the " + system.log.drive.info.name +
                          (system.log.count > 1 ? " pair, layout Mirror." : ", layout Stripe."));
    }
    if (hot_spares > 0) {
        m.steps.push_back("Spare: the " + std::to_string(hot_spares) + " spare drive" +
                          (hot_spares > 1 ? "s." : "."));
    }
    m.steps.push_back(
        layout.zvol ? "Add a zvol (Datasets > Add Zvol) with a block size of " +
                          format::stripe_unit(layout.record_bytes) + "."
                    : "Add a dataset (Datasets > Add Dataset) and set its Record Size to " +
                          format::stripe_unit(layout.record_bytes) + " under Advanced Options.");
    m.notes.push_back(
        "A pool made with zpool create in the shell is not one the TrueNAS middleware manages "
        "(it must be imported in the web interface): build it there. The zpool commands below "
        "make the same pool on plain OpenZFS.");
    return m;
}

}  // namespace raidadv::advisor
