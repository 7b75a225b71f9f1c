// `evaluate --json`: machine-readable results. Non-finite numbers never appear: they become
// null (response times of saturated points are always null).

#include <cmath>

#include "evaluate_output.h"
#include "layout/zfs_pool.h"

namespace raidadv::cli {
namespace {

using nlohmann::json;

json number_or_null(double value) {
    return std::isfinite(value) ? json(value) : json(nullptr);
}

json system_json(const SystemResult& r) {
    const System& s = *r.system;
    json j = {
        {"name", s.name},
        {"level", std::string(to_string(s.layout.level))},
        {"drives", s.layout.drives},
        {"volumes", s.layout.volumes},
        {"total_drives", s.total_drives()},
        {"drive", s.drive.info.name},
        {"usable_bytes", number_or_null(r.summary.usable_bytes)},
        {"failures_tolerated", r.summary.failures_tolerated},
    };
    if (r.summary.cost_known) {
        j["cost_usd"] = number_or_null(r.summary.cost_usd);
    }
    if (is_zfs(s.layout.level)) {
        // The pool by OpenZFS's rules (layout/zfs_pool.h); `drives` above is the pool's.
        const ZfsPool pool = make_zfs_pool(s.layout);
        const ZfsSpace space = zfs_space(s.layout, s.drive.capacity_bytes);
        j["zfs"] = {{"vdevs", pool.vdevs},
                    {"drives_per_vdev", pool.children},
                    {s.layout.zvol ? "volblocksize_bytes" : "recordsize_bytes", pool.record},
                    {"ashift", s.layout.ashift},
                    {"raw_bytes", number_or_null(space.raw_bytes)},
                    {"slop_bytes", number_or_null(space.slop_bytes)},
                    {"zfs_list_avail_bytes", number_or_null(space.reported_bytes)},
                    {"data_share_at_record", number_or_null(space.data_share)}};
        if (is_draid(s.layout.level)) {
            j["zfs"]["draid_data"] = pool.draid_data;
            j["zfs"]["draid_spares"] = pool.draid_spares;
        }
        if (s.log.count > 0) {  // separate log devices (SLOG)
            j["zfs"]["log"] = {{"drive", s.log.drive.info.name}, {"count", s.log.count}};
        }
    }
    return j;
}

json point_json(const SystemResult& r, const Evaluation& e, const PointMetrics& p) {
    json j = {{"system", e.system}, {"workload", e.workload}};
    if (p.concurrency > 0) {
        j["concurrency"] = p.concurrency;
    } else {
        j["arrival_rate_per_s"] = number_or_null(p.arrival_rate_per_s);
    }
    // A saturated open point has no steady state: its throughput is reported only if the
    // evaluation gives one (the capacity it is served at), its response times never.
    const bool no_rate = p.saturated && !(p.iops > 0);
    j["iops"] = no_rate ? json(nullptr) : number_or_null(p.iops);
    j["mb_per_s"] = no_rate ? json(nullptr) : number_or_null(p.mb_per_s);
    j["mean_response_ms"] = p.saturated ? json(nullptr) : number_or_null(p.mean_response_s * 1e3);
    j["p95_response_ms"] = p.saturated ? json(nullptr) : number_or_null(p.p95_response_s * 1e3);
    json utilization = json::object();
    for (const auto& [component, fraction] : p.utilization) {
        utilization[component] = number_or_null(fraction);
    }
    j["utilization"] = std::move(utilization);
    j["band"] = band_json(p.band);
    j["bottleneck"] = p.bottleneck;
    j["saturated"] = p.saturated;
    if (p.md_bitmap_fast_iops > 0.0) {
        // (the md bitmap holds this point at two rates: the figures are the slower one's)
        j["md_bitmap_fast_iops"] = number_or_null(p.md_bitmap_fast_iops);
    }
    j["usable_bytes"] = number_or_null(r.summary.usable_bytes);
    j["failures_tolerated"] = r.summary.failures_tolerated;
    if (r.summary.cost_known) {
        j["cost_usd"] = number_or_null(r.summary.cost_usd);
    }
    return j;
}

json interval_json(const Interval& i, double scale) {
    return i.high > 0.0 ? json::array({i.low * scale, i.high * scale}) : json(nullptr);
}

}  // namespace

/// The 80% prediction intervals (docs/file-format.md, "evaluate --json"); null for a saturated
/// point.
json band_json(const PointBand& b) {
    if (b.evidence.empty() || !(b.mean_response_s.high > 0.0 || b.iops.high > 0.0)) {
        return nullptr;
    }
    return {{"iops", interval_json(b.iops, 1.0)},
            {"mb_per_s", interval_json(b.mb_per_s, 1.0)},
            {"mean_response_ms", interval_json(b.mean_response_s, 1e3)},
            {"evidence", b.evidence},
            {"widened", b.widened.empty() ? json(nullptr) : json(b.widened)},
            {"log_sd", b.log_sd},
            {"relative_log_sd", b.relative_log_sd},
            {"other_hardware_log_sd", b.other_hardware_log_sd}};
}

json results_json(const Project& project, const std::vector<SystemResult>& results) {
    json systems = json::array();
    json points = json::array();
    for (const SystemResult& r : results) {
        systems.push_back(system_json(r));
        for (const Evaluation& e : r.evaluations) {
            for (const PointMetrics& p : e.points) {
                points.push_back(point_json(r, e, p));
            }
        }
    }
    return {{"project", project.name},
            {"app_version", RAID_ADVISOR_VERSION},
            {"systems", std::move(systems)},
            {"results", std::move(points)}};
}

}  // namespace raidadv::cli
