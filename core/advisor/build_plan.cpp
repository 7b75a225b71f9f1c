// The commands that build a recommended system. Sources for every syntax used here:
// - mdadm(8) (mdadm 4.2): --chunk is in kibibytes (suffix K allowed); raid10 --layout nN / fN / oN
//   keeps N copies (near / far / offset); nested RAID 50/60/01 built from md devices.
// - xfs mkfs.xfs(8): -d su=<stripe unit>,sw=<data drives> aligns the file system to the stripe.
// - Broadcom "StorCLI Reference Manual" (pub. 53419-00): /cx add vd type=raidX size=all name=
//   drives=e:s-e:s pdperarray= strip=<KB> wb|wt ra|nora direct pdcache=on|off. Dell PERCCLI is the
//   same command set ("Dell EMC PowerEdge RAID Controller CLI Reference Guide").
// - LSI "MegaCLI" (MegaRAID SAS Software User Guide, 2011): -CfgLdAdd -rX [E:S,...] WB|WT RA
//   Direct -strpszN -aN; -CfgSpanAdd -r10 -Array0[...] -Array1[...] for spanned levels.
// - Microsemi "ARCCONF Command Line Utility User Guide": CREATE <ctrl> LOGICALDRIVE
//   [Stripesize <KB>] [Legs <n>] <size|MAX> <RAID#> <Channel# ID#>...
// - Intel "Rapid Storage Technology enterprise (RSTe) Linux software user guide": mdadm
//   --metadata=imsm container, then the volume inside it; option ROM Ctrl+I menu.
// - OpenZFS zpool-create(8), zpoolconcepts(7) (vdev specs "mirror", "raidz2",
//   "draid2:8d:1s"), zfsprops(7) (recordsize, volblocksize), zfs-create(8) -V for zvols.
// - Microsoft Storage Spaces PowerShell reference: New-StoragePool, New-VirtualDisk
//   -ResiliencySettingName Simple|Mirror|Parity -NumberOfColumns -Interleave.

#include "advisor/build_plan.h"

#include "advisor/build_plan_nas.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "format/format.h"
#include "layout/geometry.h"
#include "system/md_bitmap.h"
#include "system/raid_software.h"
#include "units/units.h"

namespace raidadv::advisor {

namespace {

bool contains(const std::string& text, const char* word) {
    std::string lower = text;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower.find(word) != std::string::npos;
}

/// An NVMe drive's interface: the catalog's PCIe links ("pcie4-x4"), or one naming NVMe.
bool nvme_interface(const std::string& interface) {
    return interface.rfind("pcie", 0) == 0 || contains(interface, "nvme");
}

bool is_nvme(const System& s) {
    return nvme_interface(s.drive.interface);
}

bool is_sas_or_scsi(const System& s) {
    return contains(s.drive.interface, "sas") || contains(s.drive.interface, "scsi");
}

/// Linux names of the `index`-th drive (0-based) the array uses: /dev/sdb, /dev/sdc, ... (sda is
/// taken to be the system disk), /dev/nvme0n1, ... for NVMe drives.
std::string device_name(bool nvme, int index) {
    if (nvme) {
        return "/dev/nvme" + std::to_string(index) + "n1";
    }
    std::string letters;
    for (int n = index + 1; n >= 0; n = n / 26 - 1) {  // bijective base 26: a..z, aa, ab, ...
        letters.insert(letters.begin(), static_cast<char>('a' + n % 26));
    }
    return "/dev/sd" + letters;
}

std::string device(const System& s, int index) {
    return device_name(is_nvme(s), index);
}

/// A ZFS pool's separate log devices (`log` or `log mirror` and their names, after the pool's
/// drives when they are named alike), or "".
std::string zpool_log_vdev(const System& s) {
    if (s.log.count <= 0) {
        return "";
    }
    const bool nvme = nvme_interface(s.log.drive.interface);
    const int first = nvme == is_nvme(s) ? s.total_drives() : 0;
    std::string line = s.log.count > 1 ? " log mirror" : " log";
    for (int i = 0; i < s.log.count; ++i) {
        line += " " + device_name(nvme, first + i);
    }
    return line;
}

std::string devices(const System& s, int first, int count) {
    std::string list;
    for (int i = 0; i < count; ++i) {
        list += (i > 0 ? " " : "") + device(s, first + i);
    }
    return list;
}

/// The stripe unit in whole KiB, as every tool here takes it.
long long stripe_kib(const Layout& layout) {
    return std::llround(layout.stripe_unit_bytes / units::KiB);
}

int level_number(RaidLevel level) {
    switch (level) {
        case RaidLevel::Simple:
        case RaidLevel::Raid0:
            return 0;
        case RaidLevel::Raid1:
            return 1;
        case RaidLevel::Raid10:
        case RaidLevel::Raid01:
            return 10;
        case RaidLevel::Raid5:
            return 5;
        case RaidLevel::Raid6:
            return 6;
        case RaidLevel::Raid50:
            return 50;
        case RaidLevel::Raid60:
            return 60;
        default:  // ZFS pools have no RAID number (zpool_method)
            return 0;
    }
}

std::string md_create(int md, const std::string& level, int count, const std::string& extra,
                      const std::string& members) {
    return "mdadm --create /dev/md" + std::to_string(md) + " --level=" + level +
           " --raid-devices=" + std::to_string(count) + extra + " " + members;
}

/// The md devices of one volume whose drives start at `first`; `md` is the next free md number.
/// Returns the lines; `top` receives the md number holding the volume's data.
/// mdadm(8) --bitmap: said outright, as the model took it (system/md_bitmap.h), because mdadm
/// 4.4 asks when it is not given and earlier versions chose by the members' size.
std::string md_bitmap_option(const System& s) {
    if (!linux_md(s)) {
        return "";  // the model took no md bitmap either way: mdadm's own default
    }
    if (!md_bitmap_on(s)) {
        return " --bitmap=none";
    }
    std::string option = " --bitmap=internal";
    if (s.layout.md_bitmap_chunk_bytes > 0.0) {
        // mdadm(8) --bitmap-chunk: a size with a suffix (K, M).
        option += " --bitmap-chunk=" +
                  std::to_string(static_cast<long long>(s.layout.md_bitmap_chunk_bytes / 1024.0)) +
                  "K";
    }
    return option;
}

std::vector<std::string> mdadm_volume(const System& s, int first, int& md, int& top) {
    const Layout& layout = s.layout;
    const Geometry g = make_geometry(layout);
    const std::string chunk = " --chunk=" + std::to_string(stripe_kib(layout)) + "K";
    const std::string bitmap = md_bitmap_option(s);
    std::vector<std::string> lines;
    switch (layout.level) {
        case RaidLevel::Simple:
            top = -1;
            return lines;
        case RaidLevel::Raid0:
        case RaidLevel::Raid5:
        case RaidLevel::Raid6:
            top = md++;
            lines.push_back(
                md_create(top, std::to_string(level_number(layout.level)), layout.drives,
                          chunk + (layout.level == RaidLevel::Raid0 ? std::string() : bitmap),
                          devices(s, first, layout.drives)));
            return lines;
        case RaidLevel::Raid1:
            top = md++;
            lines.push_back(
                md_create(top, "1", layout.drives, bitmap, devices(s, first, layout.drives)));
            return lines;
        case RaidLevel::Raid10:
            top = md++;
            // mdadm(8): --layout n2 / f2 / o2, the placement's first letter and the copies.
            lines.push_back(md_create(top, "10", layout.drives,
                                      " --layout=" + std::string(1, to_string(g.placement)[0]) +
                                          std::to_string(g.copies) + chunk + bitmap,
                                      devices(s, first, layout.drives)));
            return lines;
        case RaidLevel::Raid01:
        case RaidLevel::Raid50:
        case RaidLevel::Raid60:
            break;
        default:  // ZFS pools are built with zpool (zpool_method), not md
            top = -1;
            return lines;
    }
    // Nested: the groups first (RAID 0 sides of a RAID 01, RAID 5/6 groups of a RAID 50/60), then
    // the level above them.
    const bool mirror_of_stripes = layout.level == RaidLevel::Raid01;
    const std::string inner =
        mirror_of_stripes ? "0" : (layout.level == RaidLevel::Raid50 ? "5" : "6");
    std::string members;
    for (int group = 0; group < g.groups; ++group) {
        const int number = md++;
        // (a RAID 50/60 group keeps its write-intent bitmap; a RAID 01's is its RAID 1's)
        lines.push_back(md_create(number, inner, g.group_drives,
                                  chunk + (mirror_of_stripes ? std::string() : bitmap),
                                  devices(s, first + group * g.group_drives, g.group_drives)));
        members += (group > 0 ? " /dev/md" : "/dev/md") + std::to_string(number);
    }
    top = md++;
    lines.push_back(md_create(top, mirror_of_stripes ? "1" : "0", g.groups,
                              mirror_of_stripes ? bitmap : chunk, members));
    return lines;
}

/// mkfs.xfs aligned to the stripe: su = the stripe unit, sw = data drives per row.
std::string mkfs_line(const System& s, const std::string& target) {
    const Layout& layout = s.layout;
    if (!is_striped(layout.level)) {
        return "mkfs.xfs " + target;
    }
    const long long data = std::llround(data_drive_equivalents(layout));
    return "mkfs.xfs -d su=" + std::to_string(stripe_kib(layout)) + "k,sw=" + std::to_string(data) +
           " " + target;
}

bool drive_cache_off(const System& s, bool required_off) {
    if (required_off || s.drive_write_cache == DriveWriteCache::Off) {
        return true;
    }
    return s.drive_write_cache == DriveWriteCache::Auto &&
           s.controller.kind == ControllerKind::HardwareRaid;
}

/// Lines that turn the drives' volatile write caches off (host-attached drives).
std::vector<std::string> cache_off_lines(const System& s) {
    std::vector<std::string> lines;
    for (int i = 0; i < s.total_drives(); ++i) {
        if (is_nvme(s)) {
            lines.push_back("nvme set-feature /dev/nvme" + std::to_string(i) + " -f 6 -v 0");
        } else if (is_sas_or_scsi(s)) {
            lines.push_back("sdparm --clear=WCE --save " + device(s, i));
        } else {
            lines.push_back("hdparm -W 0 " + device(s, i));
        }
    }
    return lines;
}

std::string level_words(const Layout& layout) {
    switch (layout.level) {
        case RaidLevel::Simple:
            return "one plain volume per drive";
        case RaidLevel::Raid1:
            return std::to_string(layout.drives) + "-way mirror (RAID 1)";
        case RaidLevel::Raid01:
            return "RAID 0+1 (a mirror of two RAID 0 sides)";
        default:
            return "RAID " + std::to_string(level_number(layout.level));
    }
}

std::string volume_count_words(const Layout& layout) {
    return layout.volumes > 1 ? std::to_string(layout.volumes) + " identical volumes of " +
                                    std::to_string(layout.drives) + " drives each"
                              : "one volume of " + std::to_string(layout.drives) + " drives";
}

BuildMethod mdadm_method(const System& s, bool cache_off) {
    BuildMethod m;
    m.title = "Linux software RAID (mdadm)";
    const Layout& layout = s.layout;
    // A card is named; software RAID on the computer's own ports needs no words about it.
    const bool card = s.controller.info.price_usd > 0.0;
    m.steps.push_back("Connect the " + std::to_string(s.total_drives()) + " drives" +
                      (card ? " to the " + s.controller.info.name : std::string()) +
                      " and check their names with lsblk.");
    if (cache_off) {
        m.steps.push_back(
            "Turn the drives' volatile write caches off (the writes must survive a "
            "power cut).");
        const auto lines = cache_off_lines(s);
        m.commands.insert(m.commands.end(), lines.begin(), lines.end());
    }
    if (layout.level == RaidLevel::Simple) {
        m.steps.push_back("Make a file system on each drive; no RAID is needed.");
        for (int i = 0; i < s.total_drives(); ++i) {
            m.commands.push_back(mkfs_line(s, device(s, i)));
        }
    } else {
        m.steps.push_back(
            "Create " + volume_count_words(layout) + ", " + level_words(layout) +
            (is_striped(layout.level)
                 ? ", chunk (stripe unit) " + format::stripe_unit(layout.stripe_unit_bytes)
                 : "") +
            ".");
        int md = 0;
        std::vector<int> tops;
        for (int v = 0; v < layout.volumes; ++v) {
            int top = 0;
            const auto lines = mdadm_volume(s, v * layout.drives, md, top);
            m.commands.insert(m.commands.end(), lines.begin(), lines.end());
            tops.push_back(top);
        }
        m.steps.push_back(
            "Make an XFS file system aligned to the stripe, and record the arrays "
            "so that they assemble at boot (append the scan to mdadm.conf).");
        for (int top : tops) {
            m.commands.push_back(mkfs_line(s, "/dev/md" + std::to_string(top)));
        }
        m.commands.push_back("mdadm --detail --scan");
    }
    m.notes.push_back(std::string("The device names are examples (") +
                      (is_nvme(s) ? "nvme0n1 onwards; a system disk on NVMe takes one of "
                                    "those names"
                                  : "sda taken as the system disk") +
                      "): replace them with your drives' names from lsblk before you run the "
                      "commands; mdadm --create erases the drives named.");
    return m;
}

/// Enclosure:slot names for StorCLI/PERCCLI/MegaCLI: enclosure 252 (the controller's own
/// backplane-less ports; `show` lists the real ones), slots from `first`.
std::string slot(int index) {
    return "252:" + std::to_string(index);
}

std::string slot_range(int first, int count) {
    return count == 1 ? slot(first) : slot(first) + "-" + std::to_string(first + count - 1);
}

std::string slot_list(int first, int count) {
    std::string list;
    for (int i = 0; i < count; ++i) {
        list += (i > 0 ? "," : "") + slot(first + i);
    }
    return list;
}

bool write_back(const System& s) {
    return s.write_back_cache && s.controller.cache_bytes > 0.0;
}

/// The note on the controller's read policy (controller_read_ahead).
std::string read_policy_note(bool read_ahead) {
    return read_ahead ? "Read ahead is on: this workload reads sequentially, and the controller "
                        "reading on to the end of each stripe serves the next requests from its "
                        "cache (the model's figures take this setting)."
                      : "Read ahead is off: this workload's reads are random, and a controller "
                        "reading on to the end of each stripe would read data nobody asked for "
                        "(the model's figures take this setting).";
}

BuildMethod storcli_method(const System& s, bool cache_off, const std::string& tool,
                           bool read_ahead) {
    BuildMethod m;
    const Layout& layout = s.layout;
    const Geometry g = make_geometry(layout);
    const bool perc = tool == "perccli";
    m.title = perc ? "Dell PERC controller (perccli)" : "Broadcom MegaRAID controller (storcli)";
    m.steps.push_back("Connect the " + std::to_string(s.total_drives()) +
                      " drives and list them with '" + tool + " /c0 show' (enclosure:slot names).");
    m.steps.push_back("Create " + volume_count_words(layout) + ", " + level_words(layout) +
                      (is_striped(layout.level)
                           ? ", strip size " + format::stripe_unit(layout.stripe_unit_bytes)
                           : "") +
                      ".");
    const bool simple = layout.level == RaidLevel::Simple;
    const int per_volume = simple ? 1 : layout.drives;
    const int count = simple ? s.total_drives() : layout.volumes;
    for (int v = 0; v < count; ++v) {
        std::string line = tool + " /c0 add vd type=raid" +
                           std::to_string(simple ? 0 : level_number(layout.level)) +
                           " size=all name=data" + std::to_string(v) +
                           " drives=" + slot_range(v * per_volume, per_volume);
        if (has_spans(layout.level) || layout.level == RaidLevel::Raid01) {
            line += " pdperarray=" + std::to_string(g.group_drives);
        }
        if (is_striped(layout.level) || simple) {
            line += " strip=" + std::to_string(stripe_kib(layout));
        }
        line += write_back(s) ? " wb" : " wt";
        line += read_ahead ? " ra direct" : " nora direct";
        line += drive_cache_off(s, cache_off) ? " pdcache=off" : " pdcache=on";
        m.commands.push_back(line);
    }
    m.commands.push_back(tool + " /c0/vall show");
    m.notes.push_back("252 stands for the enclosure id '" + tool +
                      " /c0 show' reports; slots are numbered from 0. Creating a virtual drive "
                      "erases the drives named.");
    m.notes.push_back(read_policy_note(read_ahead));
    if (write_back(s) && !s.controller.battery_backed) {
        m.notes.push_back(
            "Write-back without a battery or flash backup loses acknowledged "
            "writes on a power cut.");
    }
    return m;
}

BuildMethod megacli_method(const System& s, bool cache_off, bool read_ahead) {
    BuildMethod m;
    const Layout& layout = s.layout;
    const Geometry g = make_geometry(layout);
    m.title = "LSI MegaRAID / Dell PERC 5-6 controller (MegaCli)";
    m.steps.push_back("Connect the " + std::to_string(s.total_drives()) +
                      " drives and list them with 'MegaCli64 -PDList -a0' (Enclosure Device ID "
                      "and Slot Number).");
    m.steps.push_back("Create " + volume_count_words(layout) + ", " + level_words(layout) + ".");
    const std::string policy =
        std::string(write_back(s) ? " WB" : " WT") + (read_ahead ? " RA" : " NORA") + " Direct";
    const std::string strip =
        is_striped(layout.level) ? " -strpsz" + std::to_string(stripe_kib(layout)) : "";
    const bool simple = layout.level == RaidLevel::Simple;
    const int per_volume = simple ? 1 : layout.drives;
    const int count = simple ? s.total_drives() : layout.volumes;
    for (int v = 0; v < count; ++v) {
        const int first = v * per_volume;
        if (has_spans(layout.level)) {
            std::string arrays;
            for (int group = 0; group < g.groups; ++group) {
                arrays += " -Array" + std::to_string(group) + "[" +
                          slot_list(first + group * g.group_drives, g.group_drives) + "]";
            }
            m.commands.push_back("MegaCli64 -CfgSpanAdd -r" +
                                 std::to_string(level_number(layout.level)) + arrays + policy +
                                 strip + " -a0");
        } else {
            m.commands.push_back("MegaCli64 -CfgLdAdd -r" +
                                 std::to_string(simple ? 0 : level_number(layout.level)) + " [" +
                                 slot_list(first, per_volume) + "]" + policy + strip + " -a0");
        }
    }
    m.commands.push_back(std::string("MegaCli64 -LDSetProp ") +
                         (drive_cache_off(s, cache_off) ? "-DisDskCache" : "-EnDskCache") +
                         " -LAll -a0");
    m.notes.push_back(
        "252 stands for the Enclosure Device ID the PDList shows; slots from 0. "
        "Creating a logical drive erases the drives named.");
    m.notes.push_back(read_policy_note(read_ahead));
    return m;
}

BuildMethod arcconf_method(const System& s, bool cache_off) {
    BuildMethod m;
    const Layout& layout = s.layout;
    const Geometry g = make_geometry(layout);
    m.title = "Adaptec SmartRAID controller (arcconf)";
    m.steps.push_back(
        "Connect the drives and list them with 'arcconf getconfig 1 pd' (channel "
        "and device numbers).");
    m.steps.push_back("Create " + volume_count_words(layout) + ", " + level_words(layout) + ".");
    const bool simple = layout.level == RaidLevel::Simple;
    const int per_volume = simple ? 1 : layout.drives;
    const int count = simple ? s.total_drives() : layout.volumes;
    for (int v = 0; v < count; ++v) {
        std::string line = "arcconf create 1 logicaldrive";
        if (is_striped(layout.level)) {
            line += " stripesize " + std::to_string(stripe_kib(layout));
        }
        if (layout.level == RaidLevel::Raid50 || layout.level == RaidLevel::Raid60) {
            line += " legs " + std::to_string(g.groups);
        }
        line += " max " + std::to_string(simple ? 0 : level_number(layout.level));
        for (int i = 0; i < per_volume; ++i) {
            line += " 0 " + std::to_string(v * per_volume + i);
        }
        m.commands.push_back(line + " noprompt");
    }
    m.commands.push_back(std::string("arcconf setcache 1 drivewritecachepolicy all ") +
                         (drive_cache_off(s, cache_off) ? "1" : "2") + " noprompt");
    m.notes.push_back(
        "Channel 0 and devices from 0 are examples: use the numbers 'getconfig' "
        "shows. Drive write cache policy 1 = disabled, 2 = enabled.");
    return m;
}

BuildMethod chipset_method(const System& s, bool cache_off) {
    BuildMethod m;
    const Layout& layout = s.layout;
    m.title = "Chipset RAID (" + s.controller.info.name + ")";
    m.steps = {
        "In the BIOS setup, set the SATA controller's mode to RAID, save and restart.",
        "At the Intel RAID option ROM prompt press Ctrl+I and choose 'Create RAID Volume'.",
        "Name the volume, choose " + level_words(layout) + ", select the " +
            std::to_string(layout.drives) + " drives" +
            (is_striped(layout.level)
                 ? ", strip size " + format::stripe_unit(layout.stripe_unit_bytes)
                 : "") +
            ", capacity: all; create it and leave the menu" +
            (layout.volumes > 1
                 ? " (repeat for each of the " + std::to_string(layout.volumes) + " volumes)."
                 : "."),
        "Windows: install the Intel Rapid Storage Technology driver. Linux: mdadm assembles the "
        "volume from its Intel metadata; the commands below create the same volume from Linux "
        "instead of the firmware menu.",
    };
    if (cache_off) {
        const auto lines = cache_off_lines(s);
        m.commands.insert(m.commands.end(), lines.begin(), lines.end());
    }
    for (int v = 0; v < layout.volumes; ++v) {
        const std::string members = devices(s, v * layout.drives, layout.drives);
        const std::string container = "/dev/md/imsm" + std::to_string(v);
        m.commands.push_back("mdadm --create " + container + " --metadata=imsm --raid-devices=" +
                             std::to_string(layout.drives) + " " + members);
        std::string line = "mdadm --create /dev/md/vol" + std::to_string(v) +
                           " --level=" + std::to_string(level_number(layout.level)) +
                           " --raid-devices=" + std::to_string(layout.drives);
        if (is_striped(layout.level)) {
            line += " --chunk=" + std::to_string(stripe_kib(layout)) + "K";
        }
        m.commands.push_back(line + " " + container);
    }
    m.notes.push_back("The device names are examples: check them with lsblk first.");
    return m;
}

/// Storage Spaces can build the same layout where it has a resiliency setting for it.
bool storage_spaces_fits(const Layout& layout) {
    return storage_spaces_builds(layout.level);
}

/// A host without Linux md whose Storage Spaces builds the layout (Windows): the array is built
/// there, and mdadm is no choice.
bool storage_spaces_primary(const System& s) {
    return !host_offers_md(s.host) && storage_spaces_fits(s.layout);
}

BuildMethod storage_spaces_method(const System& s) {
    BuildMethod m;
    const Layout& layout = s.layout;
    const Geometry g = make_geometry(layout);
    m.title = "Windows Storage Spaces (PowerShell)";
    std::string resiliency = "-ResiliencySettingName Simple";
    int columns = layout.drives;
    if (is_mirrored(layout.level)) {
        resiliency =
            "-ResiliencySettingName Mirror -NumberOfDataCopies " + std::to_string(g.copies);
        columns = layout.level == RaidLevel::Raid1 ? 1 : layout.drives / g.copies;
    } else if (layout.level == RaidLevel::Raid5 || layout.level == RaidLevel::Raid6) {
        resiliency = "-ResiliencySettingName Parity -PhysicalDiskRedundancy " +
                     std::string(layout.level == RaidLevel::Raid6 ? "2" : "1");
    }
    m.steps.push_back("Pool the " + std::to_string(layout.drives) +
                      " drives and create a fixed virtual disk with the same layout (per volume).");
    m.commands.push_back("$disks = Get-PhysicalDisk -CanPool $true | Select-Object -First " +
                         std::to_string(layout.drives));
    m.commands.push_back(
        "New-StoragePool -FriendlyName pool0 -StorageSubSystemFriendlyName "
        "'Windows Storage*' -PhysicalDisks $disks");
    std::string disk = "New-VirtualDisk -StoragePoolFriendlyName pool0 -FriendlyName data0 " +
                       resiliency + " -NumberOfColumns " + std::to_string(columns);
    if (is_striped(layout.level)) {
        disk += " -Interleave " + std::to_string(stripe_kib(layout)) + "KB";
    }
    m.commands.push_back(disk + " -ProvisioningType Fixed -UseMaximumSize");
    // A parity space writes whole stripes where one NTFS cluster is one stripe of data
    // (raid_software.h parity_space_max_interleave_bytes: the sources): format with it.
    const int data = parity_space_data_columns(layout);
    const bool parity = data > 0;
    const double cluster = parity_space_cluster_bytes(layout);
    const bool cluster_fits = cluster > 0.0;
    std::string format =
        "Get-VirtualDisk -FriendlyName data0 | Get-Disk | Initialize-Disk "
        "-PassThru | New-Partition -AssignDriveLetter -UseMaximumSize | "
        "Format-Volume -FileSystem NTFS";
    if (cluster_fits) {
        format += " -AllocationUnitSize " + std::to_string(static_cast<long long>(cluster));
    }
    m.commands.push_back(format);
    if (cluster_fits) {
        // NTFS's largest cluster before Windows 10 1709: above it, note the small files' slack.
        constexpr double kClassicMaxClusterBytes = 64.0 * 1024.0;
        m.notes.push_back("NTFS clusters of " + format::stripe_unit(cluster) +
                          " (the interleave x " + std::to_string(data) +
                          " data columns): each cluster is a whole stripe of data, which the "
                          "parity space writes without reading old data and parity first." +
                          (cluster > kClassicMaxClusterBytes
                               ? " Each file takes whole clusters: many small files waste space "
                                 "at this size; a smaller interleave makes smaller clusters."
                               : ""));
    } else if (parity) {
        const double most = parity_space_max_interleave_bytes(layout);
        m.notes.push_back(
            "No NTFS cluster is a whole stripe of data here (" + std::to_string(data) +
            " data columns x " + format::stripe_unit(layout.stripe_unit_bytes) +
            "): the parity space reads old data and parity on most writes, and users report "
            "20-40 MB/s from disks (storagespaceswarstories.com); " +
            (most > 0.0 ? "an interleave of " + format::stripe_unit(most) + " or less"
                        : std::string("a power of two of data columns")) +
            " avoids it.");
    }
    m.notes.push_back(
        "The model's numbers are for the method above; Storage Spaces parity "
        "writes are known to be slower than Linux md's.");
    return m;
}

/// The index of the first hot spare's device name: after the drives, and after the ZFS log
/// devices where those are named alike (zpool_log_vdev).
int first_spare_index(const System& s) {
    const bool log_alike = s.log.count > 0 && nvme_interface(s.log.drive.interface) == is_nvme(s);
    return s.total_drives() + (log_alike ? s.log.count : 0);
}

/// The md arrays a spare drive can stand in for, per volume (mdadm_volume's numbering): a
/// RAID 1/5/6/10 volume's own array, a RAID 50/60 volume's first group (mdadm --monitor moves
/// a spare within its spare-group); none for RAID 0+1, whose mirror halves are RAID 0 arrays.
std::vector<int> md_spare_targets(const System& s) {
    std::vector<int> targets;
    int md = 0;
    for (int v = 0; v < s.layout.volumes; ++v) {
        const int first_md = md;
        int top = 0;
        mdadm_volume(s, v * s.layout.drives, md, top);
        switch (s.layout.level) {
            case RaidLevel::Raid1:
            case RaidLevel::Raid5:
            case RaidLevel::Raid6:
            case RaidLevel::Raid10:
                targets.push_back(top);
                break;
            case RaidLevel::Raid50:
            case RaidLevel::Raid60:
                targets.push_back(first_md);
                break;
            default:
                break;
        }
    }
    return targets;
}

/// Adds `spares` hot spares to `m`, the method of `tool`, each named after the drives.
void add_hot_spares(BuildMethod& m, BuildTool tool, const System& s, int spares) {
    const int first = first_spare_index(s);
    const std::string count = std::to_string(spares) + " hot spare" + (spares > 1 ? "s" : "");
    // "Connect the 4 drives ..." -> "Connect the 4 drives and the 1 hot spare ...".
    if (!m.steps.empty() && m.steps.front().rfind("Connect the ", 0) == 0) {
        const auto at = m.steps.front().find(" drives");
        if (at != std::string::npos) {
            m.steps.front().insert(at + 7, " and the " + count);
        }
    }
    switch (tool) {
        case BuildTool::Mdadm:
        case BuildTool::ChipsetRaid: {
            if (tool == BuildTool::ChipsetRaid) {
                // mdadm(8) with Intel metadata: a disk added to the container is its spare.
                m.steps.push_back("Add the " + count +
                                  " to the Intel RAID container (the option "
                                  "ROM's 'Mark as Spare' does the same).");
                for (int i = 0; i < spares; ++i) {
                    m.commands.push_back("mdadm --add /dev/md/imsm0 " + device(s, first + i));
                }
                break;
            }
            const std::vector<int> targets = md_spare_targets(s);
            if (targets.empty()) {
                m.notes.push_back("md cannot keep one drive as a hot spare for " +
                                  level_words(s.layout) +
                                  ": keep the spare on the shelf and rebuild the failed side "
                                  "by hand.");
                break;
            }
            // mdadm(8): --add to a running array that lacks no member makes the device a spare;
            // md rebuilds onto it by itself when a member fails. mdadm --monitor moves spares
            // between arrays of one spare-group (mdadm.conf(5)).
            const std::string step =
                targets.size() == 1
                    ? "Add the " + count +
                          " to the array: md rebuilds onto it by itself when a "
                          "drive fails (run mdadm --monitor, the mdmonitor "
                          "service, to be told)."
                    : "Add the " + count +
                          "; to let a spare serve every array, give each ARRAY line of "
                          "mdadm.conf the same spare-group=spares and run mdadm --monitor (the "
                          "mdmonitor service).";
            // Before the file-system step, as the commands come before the closing scan.
            const bool fs_last = m.steps.size() > 1 && m.steps.back().rfind("Make an XFS", 0) == 0;
            m.steps.insert(fs_last ? m.steps.end() - 1 : m.steps.end(), step);
            std::vector<std::string> lines;
            for (int i = 0; i < spares; ++i) {
                lines.push_back(
                    "mdadm /dev/md" +
                    std::to_string(targets[static_cast<std::size_t>(i) % targets.size()]) +
                    " --add " + device(s, first + i));
            }
            // After the arrays, before their file systems (as the steps say).
            const auto mkfs =
                std::find_if(m.commands.begin(), m.commands.end(),
                             [](const std::string& c) { return c.rfind("mkfs", 0) == 0; });
            m.commands.insert(mkfs, lines.begin(), lines.end());
            break;
        }
        case BuildTool::StorCli:
        case BuildTool::PercCli: {
            const std::string cli = tool == BuildTool::PercCli ? "perccli" : "storcli";
            // StorCLI reference: /cx/ex/sx add hotsparedrive (no DGs=: a global hot spare).
            m.steps.push_back("Make the " + count + " global (" +
                              (spares == 1 ? "it stands" : "they stand") +
                              " in for any virtual drive).");
            for (int i = 0; i < spares; ++i) {
                m.commands.push_back(cli + " /c0/e252/s" + std::to_string(first + i) +
                                     " add hotsparedrive");
            }
            break;
        }
        case BuildTool::MegaCli:
            // MegaCLI: -PDHSP -Set makes a global hot spare unless -Dedicated is given.
            m.steps.push_back("Make the " + count + " global.");
            for (int i = 0; i < spares; ++i) {
                m.commands.push_back("MegaCli64 -PDHSP -Set -PhysDrv[" + slot(first + i) + "] -a0");
            }
            break;
        case BuildTool::Arcconf:
            // arcconf SETSTATE ... HSP without LOGICALDRIVE: a global hot spare.
            m.steps.push_back("Make the " + count + " global.");
            for (int i = 0; i < spares; ++i) {
                m.commands.push_back("arcconf setstate 1 device 0 " + std::to_string(first + i) +
                                     " hsp noprompt");
            }
            break;
        case BuildTool::Zpool: {
            // zpoolconcepts(7): "spare" vdevs; the ZFS event daemon (zed) puts one in when a
            // drive faults.
            m.steps.push_back("Add the " + count +
                              (spares == 1 ? " as a spare vdev" : " as spare vdevs") +
                              "; the ZFS event daemon (zed) starts the replacement when a drive "
                              "faults.");
            for (int v = 0; v < s.layout.volumes; ++v) {
                const std::string name = s.layout.volumes > 1 ? "tank" + std::to_string(v) : "tank";
                std::string line = "zpool add " + name + " spare";
                for (int i = v; i < spares; i += s.layout.volumes) {
                    line += " " + device(s, first + i);
                }
                if (v < spares) {
                    m.commands.push_back(line);
                }
            }
            break;
        }
    }
}

}  // namespace

/// The zpool vdev type word: "mirror", "raidz2", "draid2:8d:12c:1s" (zpoolconcepts(7)).
std::string zpool_vdev_type(const Layout& layout) {
    const ZfsPool pool = make_zfs_pool(layout);
    if (layout.level == RaidLevel::ZfsMirror) {
        return "mirror";
    }
    const std::string parity = std::to_string(pool.parity);
    if (is_raidz(layout.level)) {
        return "raidz" + parity;
    }
    return "draid" + parity + ":" + std::to_string(pool.draid_data) +
           "d:" + std::to_string(pool.children) + "c:" + std::to_string(pool.draid_spares) + "s";
}

/// "128K", "1M": a size as zfs set takes it.
std::string zfs_size(double bytes) {
    if (bytes >= units::MiB && std::fmod(bytes, units::MiB) == 0.0) {
        return std::to_string(std::llround(bytes / units::MiB)) + "M";
    }
    if (bytes >= units::KiB && std::fmod(bytes, units::KiB) == 0.0) {
        return std::to_string(std::llround(bytes / units::KiB)) + "K";
    }
    return std::to_string(std::llround(bytes));
}

BuildMethod zpool_method(const System& s) {
    BuildMethod m;
    m.title = "ZFS pool (OpenZFS zpool)";
    const Layout& layout = s.layout;
    const ZfsPool pool = make_zfs_pool(layout);
    const bool card = s.controller.info.price_usd > 0.0;
    m.steps.push_back("Connect the " + std::to_string(s.all_drives()) + " drives" +
                      (card ? " to the " + s.controller.info.name + " (as plain disks, no RAID)"
                            : std::string()) +
                      " and find their stable names with ls -l /dev/disk/by-id.");
    const std::string vdev_words = std::to_string(pool.vdevs) + " " + zpool_vdev_type(layout) +
                                   " vdev" + (pool.vdevs == 1 ? "" : "s") + " of " +
                                   std::to_string(pool.children) + " drives";
    for (int v = 0; v < layout.volumes; ++v) {
        const std::string name = layout.volumes > 1 ? "tank" + std::to_string(v) : "tank";
        std::string line = "zpool create -o ashift=" + std::to_string(layout.ashift) + " " + name;
        const int first = v * layout.drives;
        for (int d = 0; d < pool.vdevs; ++d) {
            line += " " + zpool_vdev_type(layout) + " " +
                    devices(s, first + d * pool.children, pool.children);
        }
        line += zpool_log_vdev(s);  // zpool create(8): "log" vdevs (a single pool only)
        m.commands.push_back(line);
        if (layout.zvol) {
            m.commands.push_back("zfs create -s -V <size> -o volblocksize=" +
                                 zfs_size(layout.record_bytes) + " " + name + "/vol");
        } else {
            m.commands.push_back("zfs set recordsize=" + zfs_size(layout.record_bytes) + " " +
                                 name);
        }
    }
    m.steps.push_back("Create the pool: " + vdev_words + ", sectors of " +
                      std::to_string(static_cast<long long>(pool.sector)) + " bytes (ashift " +
                      std::to_string(layout.ashift) + "), then set the " +
                      (layout.zvol ? "zvol's volblocksize to " : "file system's recordsize to ") +
                      format::stripe_unit(layout.record_bytes) + ".");
    if (s.log.count > 0) {
        m.steps.push_back("Add the separate log device" +
                          std::string(s.log.count > 1 ? "s (a mirror) " : " ") + "of " +
                          s.log.drive.info.name +
                          ": synchronous writes (fsync, databases, NFS, VMs) wait for their "
                          "intent-log block there, not on the pool's drives.");
    }
    m.notes.push_back(
        "The device names are examples: use the /dev/disk/by-id names of your drives, so that "
        "the pool survives a change of device order; zpool create erases the drives named.");
    m.notes.push_back(
        "Leave the drives' write caches on: ZFS flushes them at every transaction group commit "
        "and for synchronous writes.");
    return m;
}

bool controller_read_ahead(const Workload& workload) {
    return workload.unit == Workload::Unit::File || workload.sequential_fraction >= 0.5;
}

BuildPlan build_plan(const System& system, bool drives_write_cache_off, bool read_ahead,
                     int hot_spares) {
    BuildPlan plan;
    plan.tool = build_tool(system);
    switch (plan.tool) {
        case BuildTool::Mdadm:
            if (auto nas = appliance_method(system, hot_spares)) {
                plan.primary = std::move(*nas);  // (its hot spares in its own steps)
                return plan;
            }
            if (storage_spaces_primary(system)) {
                plan.primary = storage_spaces_method(system);
                plan.primary.notes.back() =
                    "The model's figures are for RAID computed on the host in general; Storage "
                    "Spaces parity writes are known to be slower than that.";
                break;
            }
            plan.primary = mdadm_method(system, drives_write_cache_off);
            if (storage_spaces_fits(system.layout)) {
                plan.alternatives.push_back(storage_spaces_method(system));
            }
            break;
        case BuildTool::StorCli:
            plan.primary = storcli_method(system, drives_write_cache_off, "storcli", read_ahead);
            break;
        case BuildTool::PercCli:
            plan.primary = storcli_method(system, drives_write_cache_off, "perccli", read_ahead);
            break;
        case BuildTool::MegaCli:
            plan.primary = megacli_method(system, drives_write_cache_off, read_ahead);
            break;
        case BuildTool::Arcconf:
            plan.primary = arcconf_method(system, drives_write_cache_off);
            break;
        case BuildTool::ChipsetRaid:
            plan.primary = chipset_method(system, drives_write_cache_off);
            break;
        case BuildTool::Zpool:
            if (auto truenas = truenas_method(system, hot_spares)) {
                // Its web interface builds the pool; the zpool commands stay as the plain
                // OpenZFS way (with their spares).
                plan.primary = std::move(*truenas);
                plan.alternatives.push_back(zpool_method(system));
                if (hot_spares > 0) {
                    add_hot_spares(plan.alternatives.back(), plan.tool, system, hot_spares);
                }
                return plan;
            }
            plan.primary = zpool_method(system);
            break;
    }
    if (hot_spares > 0) {
        // Microsoft, Add-PhysicalDisk: -Usage HotSpare keeps a pool disk in reserve.
        const auto pool_spares = [hot_spares](BuildMethod& m) {
            m.steps.push_back("Add the hot spare" + std::string(hot_spares > 1 ? "s" : "") +
                              " to the pool in reserve.");
            m.commands.push_back(
                "Get-PhysicalDisk -CanPool $true | Select-Object -First " +
                std::to_string(hot_spares) +
                " | Add-PhysicalDisk -StoragePoolFriendlyName pool0 -Usage HotSpare");
        };
        if (plan.tool == BuildTool::Mdadm && storage_spaces_primary(system)) {
            pool_spares(plan.primary);
        } else {
            add_hot_spares(plan.primary, plan.tool, system, hot_spares);
        }
        for (BuildMethod& m : plan.alternatives) {  // Storage Spaces
            pool_spares(m);
        }
    }
    return plan;
}

std::vector<std::string> mdadm_commands(const System& system) {
    std::vector<std::string> lines;
    int md = 0;
    for (int v = 0; v < system.layout.volumes; ++v) {
        int top = 0;
        const auto volume = mdadm_volume(system, v * system.layout.drives, md, top);
        lines.insert(lines.end(), volume.begin(), volume.end());
    }
    return lines;
}

BuildTool build_tool(const System& system) {
    if (is_zfs(system.layout.level)) {
        return BuildTool::Zpool;
    }
    const ControllerSpec& c = system.controller;
    const std::string words = c.info.vendor + " " + c.info.name + " " + c.info.id;
    switch (c.kind) {
        case ControllerKind::Hba:
            return BuildTool::Mdadm;
        case ControllerKind::HostRaid:
            return BuildTool::ChipsetRaid;
        case ControllerKind::HardwareRaid:
            break;
    }
    if (contains(words, "adaptec") || contains(words, "microsemi") ||
        contains(words, "smartraid")) {
        return BuildTool::Arcconf;
    }
    // StorCLI and PERCCLI manage the SAS2 generation (2009) and later; older MegaRAID and PERC 5/6
    // (LSI SAS1068/1078) are managed with MegaCLI.
    const bool old = c.info.year > 0 && c.info.year < 2009;
    if (old) {
        return BuildTool::MegaCli;
    }
    return contains(words, "perc") || contains(words, "dell") ? BuildTool::PercCli
                                                              : BuildTool::StorCli;
}

}  // namespace raidadv::advisor
