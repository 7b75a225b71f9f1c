#include "advisor/dominance.h"

#include "components/hdd_model.h"
#include "components/ssd_model.h"

#include <set>
#include <sstream>
#include <string>

namespace raidadv::advisor {

namespace {

/// 0 means "not limiting" for these ceilings.
double ceiling(double value) {
    return value > 0.0 ? value : 1e300;
}

/// Price for comparison: unknown prices never dominate and are never dominated.
bool cheaper_or_equal(const CatalogInfo& a, const CatalogInfo& b) {
    return a.price_known() && b.price_known() && a.price_usd <= b.price_usd;
}

bool hdd_at_least(const HddSpec& a, const HddSpec& b) {
    return a.rpm >= b.rpm && a.seek_track_to_track_s <= b.seek_track_to_track_s &&
           a.seek_average_s <= b.seek_average_s && a.seek_full_stroke_s <= b.seek_full_stroke_s &&
           a.write_seek_extra_s <= b.write_seek_extra_s && a.seek_jitter_s <= b.seek_jitter_s &&
           a.media_rate_outer_Bps >= b.media_rate_outer_Bps &&
           a.media_rate_inner_Bps >= b.media_rate_inner_Bps &&
           a.command_overhead_s <= b.command_overhead_s &&
           hdd_command_overhead(a, true) <= hdd_command_overhead(b, true) &&
           a.cache_bytes >= b.cache_bytes && a.cache_segments >= b.cache_segments &&
           a.read_ahead >= b.read_ahead && a.queue_depth >= b.queue_depth &&
           hdd_max_buffered_writes(a) >= hdd_max_buffered_writes(b);
}

bool ssd_at_least(const SsdSpec& a, const SsdSpec& b) {
    return a.read_latency_s <= b.read_latency_s && a.write_latency_s <= b.write_latency_s &&
           a.seq_read_Bps >= b.seq_read_Bps && a.seq_write_Bps >= b.seq_write_Bps &&
           a.random_read_iops >= b.random_read_iops && a.random_write_iops >= b.random_write_iops &&
           a.write_iops_steady_state == b.write_iops_steady_state &&
           a.over_provisioning >= b.over_provisioning && ssd_parallelism(a) >= ssd_parallelism(b) &&
           ssd_sustained_write_Bps(a) >= ssd_sustained_write_Bps(b);
}

/// Failure rate as the reliability estimate reads it: AFR if given, else from the MTBF.
bool fails_no_more(const DriveSpec& a, const DriveSpec& b) {
    if (a.afr > 0.0 && b.afr > 0.0) {
        return a.afr <= b.afr;
    }
    if (a.afr == 0.0 && b.afr == 0.0 && a.mtbf_hours > 0.0 && b.mtbf_hours > 0.0) {
        return a.mtbf_hours >= b.mtbf_hours;
    }
    return false;  // different bases: not comparable
}

bool levels_cover(const std::string& a, const std::string& b) {
    auto split = [](const std::string& text) {
        std::set<std::string> items;
        std::stringstream in(text);
        std::string item;
        while (std::getline(in, item, ',')) {
            items.insert(item);
        }
        return items;
    };
    if (a.empty()) {
        return true;  // RAID by host software: every level
    }
    if (b.empty()) {
        return false;
    }
    const auto sa = split(a);
    for (const auto& level : split(b)) {
        if (sa.count(level) == 0) {
            return false;
        }
    }
    return true;
}

}  // namespace

bool drive_dominates(const DriveSpec& a, const DriveSpec& b) {
    if (a.kind != b.kind || a.interface != b.interface || a.form_factor != b.form_factor) {
        return false;
    }
    const bool spec =
        a.capacity_bytes >= b.capacity_bytes && fails_no_more(a, b) && a.ber <= b.ber &&
        a.power_active_w <= b.power_active_w && a.power_idle_w <= b.power_idle_w &&
        (a.kind == DriveKind::Hdd ? hdd_at_least(a.hdd, b.hdd) : ssd_at_least(a.ssd, b.ssd));
    if (!spec || !cheaper_or_equal(a.info, b.info)) {
        return false;
    }
    // Strictly better somewhere, or identical and first by id.
    return a.info.price_usd < b.info.price_usd || a.capacity_bytes > b.capacity_bytes ||
           a.info.id < b.info.id;
}

bool controller_dominates(const ControllerSpec& a, double a_host_Bps, const ControllerSpec& b,
                          double b_host_Bps) {
    const bool spec =
        a.kind == b.kind && a.ports >= b.ports && a.max_iops >= b.max_iops &&
        a.max_bandwidth_Bps >= b.max_bandwidth_Bps && a.cache_bytes >= b.cache_bytes &&
        a.battery_backed >= b.battery_backed && ceiling(a.parity_Bps) >= ceiling(b.parity_Bps) &&
        ceiling(a.max_command_bytes) >= ceiling(b.max_command_bytes) && a_host_Bps >= b_host_Bps &&
        levels_cover(a.levels, b.levels) && a.raid_software_usd <= b.raid_software_usd &&
        a.port_read_command_s <= b.port_read_command_s &&
        a.port_write_command_s <= b.port_write_command_s;
    if (!spec || !cheaper_or_equal(a.info, b.info)) {
        return false;
    }
    return a.info.price_usd < b.info.price_usd || a.info.id < b.info.id;
}

std::vector<DriveSpec> undominated_drives(std::vector<DriveSpec> drives) {
    std::vector<DriveSpec> kept;
    for (const DriveSpec& d : drives) {
        bool dominated = false;
        for (const DriveSpec& other : drives) {
            if (&other != &d && drive_dominates(other, d)) {
                dominated = true;
                break;
            }
        }
        if (!dominated) {
            kept.push_back(d);
        }
    }
    return kept;
}

}  // namespace raidadv::advisor
