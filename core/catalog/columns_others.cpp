// Columns of controllers.csv, links.csv and hosts.csv (see resources/catalog/README.md).

#include <string>
#include <vector>

#include "catalog/column_builders.h"
#include "catalog/columns.h"
#include "units/units.h"

namespace raidadv::catalog_detail {
namespace {

namespace u = raidadv::units;

template <class E>
std::vector<Column<E>> wrap(std::vector<Column<E>> own) {
    std::vector<Column<E>> c = leading_columns<E>();
    c.insert(c.end(), own.begin(), own.end());
    std::vector<Column<E>> tail = trailing_columns<E>();
    c.insert(c.end(), tail.begin(), tail.end());
    return c;
}

// ---- controllers ----

std::string set_controller_kind(ControllerEntry& e, std::string_view name) {
    if (name == "hba") {
        e.spec.kind = ControllerKind::Hba;
    } else if (name == "hardware_raid") {
        e.spec.kind = ControllerKind::HardwareRaid;
    } else if (name == "host_raid") {
        e.spec.kind = ControllerKind::HostRaid;
    } else {
        return "must be hba, hardware_raid or host_raid";
    }
    return "";
}

std::string get_controller_kind(const ControllerEntry& e) {
    switch (e.spec.kind) {
        case ControllerKind::Hba:
            return "hba";
        case ControllerKind::HardwareRaid:
            return "hardware_raid";
        case ControllerKind::HostRaid:
            return "host_raid";
    }
    return "hba";
}

/// The items of a comma-separated list, spaces around each trimmed ("a, b" -> a, b; "" -> none;
/// "a,,b" keeps the empty item for the caller to refuse).
std::vector<std::string> comma_items(const std::string& value) {
    std::vector<std::string> items;
    if (value.empty()) {
        return items;
    }
    std::size_t start = 0;
    while (start <= value.size()) {
        std::size_t end = value.find(',', start);
        if (end == std::string::npos) {
            end = value.size();
        }
        std::string token = value.substr(start, end - start);
        const std::size_t first = token.find_first_not_of(' ');
        token = first == std::string::npos
                    ? ""
                    : token.substr(first, token.find_last_not_of(' ') - first + 1);
        items.push_back(token);
        start = end + 1;
    }
    return items;
}

/// Comma-separated RAID levels without the "raid" prefix: 0 1 01 5 6 10 50 60, and "zfs" (the
/// row gives ZFS plain drives where the host runs it, beside the levels it names).
std::string check_levels(std::string& value) {
    std::string normalised;
    for (const std::string& token : comma_items(value)) {
        bool known = false;
        for (const char* level : {"0", "1", "01", "5", "6", "10", "50", "60", "zfs"}) {
            known = known || token == level;
        }
        if (!known) {
            return "must be a comma-separated list of 0, 1, 01, 5, 6, 10, 50, 60 and zfs (got "
                   "level '" +
                   token + "')";
        }
        normalised += (normalised.empty() ? "" : ",") + token;
    }
    value = normalised;
    return "";
}

/// Comma-separated link ids ("sata-3g, sas-6g"), normalised to "sata-3g,sas-6g". Whether the ids
/// name links of links.csv is checked once all tables are read (sources.cpp).
std::string check_id_list(std::string& value) {
    std::string normalised;
    std::vector<std::string> seen;
    for (const std::string& token : comma_items(value)) {
        std::string checked = token;
        if (token.empty() || !check_id(checked).empty()) {
            return "must be a comma-separated list of link ids (a-z 0-9 - . _), got item '" +
                   token + "'";
        }
        for (const std::string& s : seen) {
            if (s == token) {
                return "lists link id '" + token + "' twice";
            }
        }
        seen.push_back(token);
        normalised += (normalised.empty() ? "" : ",") + token;
    }
    value = normalised;
    return "";
}

/// Comma-separated drive form factors ("m.2"), each one check_form_factor takes, normalised.
std::string check_form_factor_list(std::string& value) {
    std::string normalised;
    for (const std::string& token : comma_items(value)) {
        std::string checked = token;
        if (const std::string why = check_form_factor(checked); !why.empty()) {
            return "each item " + why + " (got '" + token + "')";
        }
        normalised += (normalised.empty() ? "" : ",") + token;
    }
    value = normalised;
    return "";
}

/// A bay size: 3.5 or 2.5 (inches).
std::string check_bay_size(std::string& value) {
    return value == "3.5" || value == "2.5" ? "" : "must be 3.5 or 2.5";
}

/// The id of a controller row (empty: not given).
std::string check_id_text(std::string& value) {
    if (value.empty()) {
        return "";
    }
    const std::string why = check_id(value);
    return why.empty() ? why
                       : "must be a controller id (" + why.substr(8) + "), got '" + value + "'";
}

/// "yes", "no" or empty (not stated).
std::string check_yes_no_text(std::string& value) {
    return value.empty() || value == "yes" || value == "no"
               ? ""
               : "must be yes, no or empty (not stated), got '" + value + "'";
}

/// Host RAID software the OS offers: comma list of md, zfs, btrfs, lvm, storage-spaces,
/// intel-rst, intel-vroc, synology-shr, qnap-qts, truenas, unraid.
std::string check_raid_software(std::string& value) {
    std::string normalised;
    for (const std::string& token : comma_items(value)) {
        bool known = false;
        for (const char* name : {"md", "zfs", "btrfs", "lvm", "storage-spaces", "intel-rst",
                                 "intel-vroc", "synology-shr", "qnap-qts", "truenas", "unraid"}) {
            known = known || token == name;
        }
        if (!known) {
            return "must be a comma-separated list of md, zfs, btrfs, lvm, storage-spaces, "
                   "intel-rst, intel-vroc, synology-shr, qnap-qts, truenas, unraid (got '" +
                   token + "')";
        }
        normalised += (normalised.empty() ? "" : ",") + token;
    }
    value = normalised;
    return "";
}

std::vector<Column<ControllerEntry>> make_controller_columns() {
    using E = ControllerEntry;
    return wrap<E>({
        name_column<E>("kind", "kind", set_controller_kind, get_controller_kind),
        int_column<E>("ports", "ports", 1, 1024, [](E& e) -> int& { return e.spec.ports; }),
        real_column<E>("max_iops", "max_iops", 1.0, 1.0, 1e9,
                       [](E& e) -> double& { return e.spec.max_iops; }),
        real_column<E>("max_bandwidth_mb_s", "max_bandwidth_Bps", u::MB, 0.1, 1e6,
                       [](E& e) -> double& { return e.spec.max_bandwidth_Bps; }),
        real_column<E>("cache_mib", "cache_bytes", u::MiB, 0.0, 1e6,
                       [](E& e) -> double& { return e.spec.cache_bytes; }),
        bool_column<E>("battery_backed", "battery_backed",
                       [](E& e) -> bool& { return e.spec.battery_backed; }),
        real_column<E>(
            "parity_mb_s", "parity_Bps", u::MB, 0.0, 1e6,
            [](E& e) -> double& { return e.spec.parity_Bps; }, kOptional),
        real_column<E>(
            "max_command_kib", "max_command_bytes", u::KiB, 0.0, 1048576.0,
            [](E& e) -> double& { return e.spec.max_command_bytes; }, kOptional),
        real_column<E>(
            "min_stripe_kib", "min_stripe_bytes", u::KiB, 0.0, 1048576.0,
            [](E& e) -> double& { return e.spec.min_stripe_bytes; }, kOptional),
        real_column<E>(
            "max_stripe_kib", "max_stripe_bytes", u::KiB, 0.0, 1048576.0,
            [](E& e) -> double& { return e.spec.max_stripe_bytes; }, kOptional),
        text_column<E>(
            "levels", "levels", [](E& e) -> std::string& { return e.spec.levels; }, check_levels,
            kOptional),
        text_column<E>(
            "drive_interfaces", "drive_interfaces",
            [](E& e) -> std::string& { return e.spec.drive_interfaces; }, check_id_list, kOptional),
        text_column<E>(
            "drive_form_factors", "drive_form_factors",
            [](E& e) -> std::string& { return e.spec.drive_form_factors; }, check_form_factor_list,
            kOptional),
        int_column<E>(
            "external_ports", "external_ports", 0, 1024,
            [](E& e) -> int& { return e.spec.external_ports; }, kOptional),
        text_column<E>(
            "host_link", "host_link", [](E& e) -> std::string& { return e.spec.host_link; },
            check_id, kOptional),
        real_column<E>(
            "raid_software_usd", "raid_software_usd", 1.0, 0.0, 1e7,
            [](E& e) -> double& { return e.spec.raid_software_usd; }, kOptional),
        bool_column<E>(
            "chunk_split", "chunk_split", [](E& e) -> bool& { return e.spec.chunk_split; },
            kOptional),
        bool_column<E>(
            "onboard_only", "onboard_only", [](E& e) -> bool& { return e.spec.onboard_only; },
            kOptional),
        real_column<E>(
            "port_read_command_us", "port_read_command_s", u::us, 0.0, 1e4,
            [](E& e) -> double& { return e.spec.port_read_command_s; }, kOptional),
        real_column<E>(
            "port_write_command_us", "port_write_command_s", u::us, 0.0, 1e4,
            [](E& e) -> double& { return e.spec.port_write_command_s; }, kOptional),
    });
}

// ---- links ----

std::vector<Column<LinkEntry>> make_link_columns() {
    using E = LinkEntry;
    return wrap<E>({
        real_column<E>("bandwidth_mb_s", "bandwidth_Bps", u::MB, 0.01, 1e6,
                       [](E& e) -> double& { return e.spec.bandwidth_Bps; }),
        real_column<E>("command_overhead_us", "command_overhead_s", u::us, 0.0, 1e5,
                       [](E& e) -> double& { return e.spec.command_overhead_s; }),
        bool_column<E>("shared", "shared", [](E& e) -> bool& { return e.spec.shared; }),
        int_column<E>("max_devices", "max_devices", 1, 1024,
                      [](E& e) -> int& { return e.spec.max_devices; }),
    });
}

// ---- hosts ----

std::vector<Column<HostEntry>> make_host_columns() {
    using E = HostEntry;
    return wrap<E>({
        real_column<E>("per_request_overhead_us", "per_request_overhead_s", u::us, 0.0, 1e6,
                       [](E& e) -> double& { return e.spec.per_request_overhead_s; }),
        real_column<E>(
            "per_file_overhead_us", "per_file_overhead_s", u::us, 0.0, 1e7,
            [](E& e) -> double& { return e.spec.per_file_overhead_s; }, kOptional),
        real_column<E>(
            "metadata_reads_per_file", "metadata_reads_per_file", 1.0, 0.0, 1000.0,
            [](E& e) -> double& { return e.spec.metadata_reads_per_file; }, kOptional),
        real_column<E>(
            "metadata_read_kib", "metadata_read_bytes", u::KiB, 0.5, 65536.0,
            [](E& e) -> double& { return e.spec.metadata_read_bytes; }, kOptional),
        real_column<E>("max_io_kib", "max_io_bytes", u::KiB, 0.5, 1048576.0,
                       [](E& e) -> double& { return e.spec.max_io_bytes; }),
        int_column<E>(
            "file_read_ahead_ios", "file_read_ahead_ios", 1, 64,
            [](E& e) -> int& { return e.spec.file_read_ahead_ios; }, kOptional),
        int_column<E>("cpu_cores", "cpu_cores", 1, 4096,
                      [](E& e) -> int& { return e.spec.cpu_cores; }),
        real_column<E>("raid_cpu_per_io_us", "raid_cpu_per_io_s", u::us, 0.0, 1e5,
                       [](E& e) -> double& { return e.spec.raid_cpu_per_io_s; }),
        real_column<E>("parity_cpu_mb_s", "parity_cpu_Bps", u::MB, 0.1, 1e6,
                       [](E& e) -> double& { return e.spec.parity_cpu_Bps; }),
        real_column<E>(
            "block_llseek_us", "block_llseek_s", u::us, 0.0, 1000.0,
            [](E& e) -> double& { return e.spec.block_llseek_s; }, kOptional),
        // Where drives go (issue 25 topology); 0 / empty = not given.
        int_column<E>(
            "drive_bays", "drive_bays", 0, 4096, [](E& e) -> int& { return e.spec.drive_bays; },
            kOptional),
        text_column<E>(
            "bay_form_factor", "bay_form_factor",
            [](E& e) -> std::string& { return e.spec.bay_form_factor; }, check_bay_size, kOptional),
        int_column<E>(
            "backplane_uplink_lanes", "backplane_uplink_lanes", 0, 64,
            [](E& e) -> int& { return e.spec.backplane_uplink_lanes; }, kOptional),
        int_column<E>(
            "nvme_bays", "nvme_bays", 0, 256, [](E& e) -> int& { return e.spec.nvme_bays; },
            kOptional),
        int_column<E>(
            "m2_slots", "m2_slots", 0, 64, [](E& e) -> int& { return e.spec.m2_slots; }, kOptional),
        int_column<E>(
            "pcie_slots", "pcie_slots", 0, 64, [](E& e) -> int& { return e.spec.pcie_slots; },
            kOptional),
        text_column<E>(
            "m2_link", "m2_link", [](E& e) -> std::string& { return e.spec.m2_link; }, nullptr,
            kOptional),
        text_column<E>(
            "pcie_slot_link", "pcie_slot_link",
            [](E& e) -> std::string& { return e.spec.pcie_slot_link; }, nullptr, kOptional),
        text_column<E>(
            "slot_bifurcation", "slot_bifurcation",
            [](E& e) -> std::string& { return e.spec.slot_bifurcation; }, check_yes_no_text,
            kOptional),
        int_column<E>(
            "onboard_sata_ports", "onboard_sata_ports", 0, 64,
            [](E& e) -> int& { return e.spec.onboard_sata_ports; }, kOptional),
        text_column<E>(
            "onboard_controller", "onboard_controller",
            [](E& e) -> std::string& { return e.spec.onboard_controller; }, check_id_text,
            kOptional),
        text_column<E>(
            "raid_software", "raid_software",
            [](E& e) -> std::string& { return e.spec.raid_software; }, check_raid_software,
            kOptional),
        real_column<E>(
            "memory_gib", "memory_gib", 1024.0 * 1024.0 * 1024.0, 0.0, 1e6,
            [](E& e) -> double& { return e.spec.memory_bytes; }, kOptional),
    });
}

// ---- enclosures (SAS expanders, JBOD enclosures) ----

std::string set_enclosure_kind(EnclosureEntry& e, std::string_view name) {
    if (name == "expander") {
        e.spec.kind = EnclosureKind::Expander;
    } else if (name == "jbod") {
        e.spec.kind = EnclosureKind::Jbod;
    } else if (name == "bracket") {
        e.spec.kind = EnclosureKind::Bracket;
    } else {
        return "must be expander, jbod or bracket";
    }
    return "";
}

std::string get_enclosure_kind(const EnclosureEntry& e) {
    switch (e.spec.kind) {
        case EnclosureKind::Jbod:
            return "jbod";
        case EnclosureKind::Bracket:
            return "bracket";
        case EnclosureKind::Expander:
            break;
    }
    return "expander";
}

std::vector<Column<EnclosureEntry>> make_enclosure_columns() {
    using E = EnclosureEntry;
    return wrap<E>({
        name_column<E>("kind", "kind", set_enclosure_kind, get_enclosure_kind),
        int_column<E>(
            "bays", "bays", 0, 1024, [](E& e) -> int& { return e.spec.bays; }, kOptional),
        text_column<E>(
            "form_factor", "form_factor", [](E& e) -> std::string& { return e.spec.form_factor; },
            check_bay_size, kOptional),
        int_column<E>("drive_lanes", "drive_lanes", 1, 1024,
                      [](E& e) -> int& { return e.spec.drive_lanes; }),
        int_column<E>("uplink_lanes", "uplink_lanes", 1, 64,
                      [](E& e) -> int& { return e.spec.uplink_lanes; }),
        text_column<E>(
            "uplink_link", "uplink_link", [](E& e) -> std::string& { return e.spec.uplink_link; },
            check_id),
        text_column<E>(
            "drive_interfaces", "drive_interfaces",
            [](E& e) -> std::string& { return e.spec.drive_interfaces; }, check_id_list),
        real_column<E>(
            "power_w", "power_w", 1.0, 0.0, 5000.0, [](E& e) -> double& { return e.spec.power_w; },
            kOptional),
    });
}

}  // namespace

const std::vector<Column<ControllerEntry>>& controller_columns() {
    static const std::vector<Column<ControllerEntry>> columns = make_controller_columns();
    return columns;
}

const std::vector<Column<LinkEntry>>& link_columns() {
    static const std::vector<Column<LinkEntry>> columns = make_link_columns();
    return columns;
}

const std::vector<Column<HostEntry>>& host_columns() {
    static const std::vector<Column<HostEntry>> columns = make_host_columns();
    return columns;
}

const std::vector<Column<EnclosureEntry>>& enclosure_columns() {
    static const std::vector<Column<EnclosureEntry>> columns = make_enclosure_columns();
    return columns;
}

}  // namespace raidadv::catalog_detail
