#include "advisor/layouts.h"

namespace raidadv::advisor {

namespace {

/// Fewest drives in one volume the search offers: the level's own minimum, and two for raid0 (a
/// one-drive raid0 is a simple volume, which the search lists as such).
int min_search_drives(RaidLevel level) {
    return level == RaidLevel::Raid0 ? 2 : min_volume_drives(level);
}

/// Layouts of one volume of `drives` drives (all volumes are identical).
std::vector<Layout> volume_layouts(RaidLevel level, int drives, int min_failures, bool md_raid10) {
    std::vector<Layout> out;
    Layout base;
    base.level = level;
    base.drives = drives;
    // md's far and offset raid10 of 2 copies (mdadm --layout f2 / o2), on 2 drives too.
    auto add_md_placements = [&]() {
        for (CopyPlacement p : {CopyPlacement::Far, CopyPlacement::Offset}) {
            Layout l = base;
            l.placement = p;
            out.push_back(l);
        }
    };
    if (level == RaidLevel::Raid10 && md_raid10 && drives == 2) {
        add_md_placements();
        return out;
    }
    if (drives < min_search_drives(level)) {
        return out;
    }
    switch (level) {
        case RaidLevel::Raid1:
            // 2-way mirrors, or 3-way where two failures must be survived.
            if (drives == 2 || (drives == 3 && min_failures >= 2)) {
                base.mirror_copies = drives;
                out.push_back(base);
            }
            break;
        case RaidLevel::Raid10:
            if (drives == 3 && md_raid10) {
                out.push_back(base);  // md's near layout: 1.5 drives of capacity, any 1 may fail
                add_md_placements();
                break;
            }
            if (drives % 2 != 0 || drives < 4) {
                break;
            }
            if (md_raid10) {
                add_md_placements();
            }
            // PERC/MegaRAID "disks per span": every even divisor. Spans of 2 (one mirror pair
            // each, striped) are the same array as span 0 (a stripe over all the pairs), so
            // only span 0 is listed for them.
            for (int span = 4; span < drives; span += 2) {
                if (drives % span == 0) {
                    Layout l = base;
                    l.disks_per_span = span;
                    out.push_back(l);
                }
            }
            out.push_back(base);
            break;
        case RaidLevel::Raid01:
            if (drives % 2 == 0) {
                out.push_back(base);
            }
            break;
        case RaidLevel::Raid50:
        case RaidLevel::Raid60: {
            for (int span = min_span_drives(level); span * 2 <= drives; ++span) {
                if (drives % span == 0) {
                    Layout l = base;
                    l.disks_per_span = span;
                    out.push_back(l);
                }
            }
            break;
        }
        default:
            out.push_back(base);
    }
    return out;
}

}  // namespace

std::vector<Layout> layouts_for(RaidLevel level, int total_drives, bool spread,
                                int min_failures_tolerated, bool md_raid10) {
    std::vector<Layout> out;
    if (level == RaidLevel::Simple) {
        if (spread || total_drives == 1) {
            Layout l;
            l.level = RaidLevel::Simple;
            l.drives = total_drives;
            out.push_back(l);
        }
        return out;
    }
    const int max_volumes = spread ? total_drives : 1;
    for (int volumes = 1; volumes <= max_volumes; ++volumes) {
        if (total_drives % volumes != 0) {
            continue;
        }
        for (Layout l :
             volume_layouts(level, total_drives / volumes, min_failures_tolerated, md_raid10)) {
            l.volumes = volumes;
            out.push_back(l);
        }
    }
    return out;
}

std::vector<int> drive_counts(int max_drives) {
    std::vector<int> counts;
    for (int n = 1; n <= max_drives; ++n) {
        if (n <= 8 || (n <= 16 && n % 2 == 0) || n % 4 == 0) {
            counts.push_back(n);
        }
    }
    return counts;
}

}  // namespace raidadv::advisor
