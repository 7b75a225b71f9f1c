#pragma once
// JSON key names of a project file, shared by reader and writer (meanings: docs/file-format.md).

// One nested namespace per section of the file, in the order of docs/file-format.md. Sizes
// written as `<base>_bytes`, `<base>_kib` or `<base>_mib` are named by their base (`stripe`),
// which ObjectReader::size(), size_keys() and put_size() complete; a full size key is here only
// where the code spells it out. The values of choices ("raid5", "hdd") are not keys.

namespace raidadv::project_keys {

/// The top level: header, name and the lists.
namespace top_level {
inline constexpr const char* format = "format";
inline constexpr const char* version = "version";
inline constexpr const char* written_by = "written_by";
/// Format version 1 only: the writer's version, moved into `written_by` by the migration.
inline constexpr const char* app_version = "app_version";
inline constexpr const char* name = "name";
inline constexpr const char* description = "description";
inline constexpr const char* systems = "systems";
inline constexpr const char* workloads = "workloads";
inline constexpr const char* advisor = "advisor";
inline constexpr const char* session = "session";
}  // namespace top_level

/// `written_by`: the program that wrote the file.
namespace written_by {
inline constexpr const char* app = "app";
inline constexpr const char* version = "version";
}  // namespace written_by

/// `session`: what the desktop application restores.
namespace session {
inline constexpr const char* pins = "pins";
inline constexpr const char* selected = "selected";
/// A what-if change of one ZFS configuration's pool: {"configuration", "drives_per_vdev",
/// "vdevs", "recordsize_kib", "draid_data"}.
inline constexpr const char* pool_what_if = "pool_what_if";
}  // namespace session

/// `systems[i]`.
namespace system {
inline constexpr const char* name = "name";
inline constexpr const char* description = "description";
inline constexpr const char* drive = "drive";
inline constexpr const char* layout = "layout";
inline constexpr const char* controller = "controller";
inline constexpr const char* write_back_cache = "write_back_cache";
inline constexpr const char* drive_write_cache = "drive_write_cache";
/// Format version 5: "steady" (the default) or "fresh" (system.h, SsdState).
inline constexpr const char* ssd_state = "ssd_state";
/// "adaptive" (the default), "always" or "none" (system.h, ControllerReadAhead); optional in
/// every format version.
inline constexpr const char* controller_read_ahead = "controller_read_ahead";
inline constexpr const char* drive_link = "drive_link";
inline constexpr const char* drives_per_link = "drives_per_link";
inline constexpr const char* host_link = "host_link";
inline constexpr const char* host = "host";
/// ZFS pools: separate log devices, {"drive": <drive>, "count": 1 or 2}.
inline constexpr const char* log = "log";
}  // namespace system

/// `systems[i].log`: a ZFS pool's separate intent-log devices (SLOG).
namespace zfs_log {
inline constexpr const char* drive = "drive";
inline constexpr const char* count = "count";
}  // namespace zfs_log

/// `systems[i].layout`.
namespace layout {
inline constexpr const char* level = "level";
inline constexpr const char* drives = "drives";
inline constexpr const char* stripe = "stripe";  ///< size base
inline constexpr const char* stripe_bytes = "stripe_bytes";
inline constexpr const char* stripe_kib = "stripe_kib";
inline constexpr const char* disks_per_span = "disks_per_span";
inline constexpr const char* mirror_copies = "mirror_copies";
inline constexpr const char* placement = "placement";  ///< raid10: "near", "far", "offset"
/// Linux md: "auto", "internal" or "none" (system/md_bitmap.h)
inline constexpr const char* md_bitmap = "md_bitmap";
inline constexpr const char* md_bitmap_chunk = "md_bitmap_chunk";  ///< mdadm --bitmap-chunk
inline constexpr const char* volumes = "volumes";
inline constexpr const char* failed_drives = "failed_drives";
inline constexpr const char* rebuild_rate_fraction = "rebuild_rate_fraction";
// ZFS pools (format version 3).
inline constexpr const char* vdevs = "vdevs";
inline constexpr const char* recordsize = "recordsize";      ///< size base
inline constexpr const char* volblocksize = "volblocksize";  ///< size base
inline constexpr const char* ashift = "ashift";
inline constexpr const char* draid_data = "draid_data";
inline constexpr const char* draid_spares = "draid_spares";
}  // namespace layout

/// Inline components: `base`, and the catalog columns (core/catalog/columns_*.cpp, which name
/// every column) that the project reader and writer treat specially.
namespace component {
inline constexpr const char* base = "base";
inline constexpr const char* id = "id";
inline constexpr const char* name = "name";
inline constexpr const char* vendor = "vendor";
inline constexpr const char* year = "year";
inline constexpr const char* price_usd = "price_usd";
inline constexpr const char* price_date = "price_date";
inline constexpr const char* source = "source";
inline constexpr const char* notes = "notes";
inline constexpr const char* interface = "interface";
inline constexpr const char* seek_avg_ms = "seek_avg_ms";
inline constexpr const char* media_rate_inner_mb_s = "media_rate_inner_mb_s";
inline constexpr const char* min_stripe_kib = "min_stripe_kib";
}  // namespace component

/// `workloads[i]`.
namespace workload {
inline constexpr const char* name = "name";
inline constexpr const char* description = "description";
inline constexpr const char* preset = "preset";
inline constexpr const char* unit = "unit";
inline constexpr const char* read_fraction = "read_fraction";
inline constexpr const char* pattern = "pattern";
inline constexpr const char* sequential_fraction = "sequential_fraction";
inline constexpr const char* request_size = "request_size";
inline constexpr const char* file_size = "file_size";
inline constexpr const char* alignment = "alignment";  ///< size base
inline constexpr const char* span_fraction = "span_fraction";
inline constexpr const char* working_set = "working_set";  ///< size base
inline constexpr const char* streams = "streams";
inline constexpr const char* threads = "threads";
inline constexpr const char* sync_writes = "sync_writes";
/// Optional in every format version (absent = false): Workload::lseek_per_request.
inline constexpr const char* lseek_per_request = "lseek_per_request";
inline constexpr const char* concurrency = "concurrency";
inline constexpr const char* think_time_ms = "think_time_ms";
inline constexpr const char* arrival_rates_per_s = "arrival_rates_per_s";
inline constexpr const char* measured = "measured";
}  // namespace workload

/// `workloads[i].measured[j]`: a load point measured on a real system.
namespace measured_point {
inline constexpr const char* concurrency = "concurrency";
inline constexpr const char* arrival_rate_per_s = "arrival_rate_per_s";
inline constexpr const char* iops = "iops";
inline constexpr const char* mb_per_s = "mb_per_s";
inline constexpr const char* mean_response_ms = "mean_response_ms";
inline constexpr const char* p95_response_ms = "p95_response_ms";
}  // namespace measured_point

/// `request_size` / `file_size`: exactly one of these.
namespace size_distribution {
inline constexpr const char* fixed = "fixed";      ///< size base
inline constexpr const char* uniform = "uniform";  ///< size base, of a [smallest, largest] pair
inline constexpr const char* lognormal = "lognormal";
inline constexpr const char* histogram = "histogram";
}  // namespace size_distribution

/// `lognormal`.
namespace lognormal {
inline constexpr const char* median = "median";  ///< size base
inline constexpr const char* sigma = "sigma";
inline constexpr const char* min = "min";  ///< size base
inline constexpr const char* max = "max";  ///< size base
}  // namespace lognormal

/// `histogram[i]`: one bin.
namespace histogram_bin {
inline constexpr const char* size = "size";  ///< size base
inline constexpr const char* weight = "weight";
}  // namespace histogram_bin

/// `advisor`: the question for the advisor.
namespace advisor {
inline constexpr const char* workload = "workload";
inline constexpr const char* host = "host";
inline constexpr const char* can_spread_over_volumes = "can_spread_over_volumes";
inline constexpr const char* capacity_gb = "capacity_gb";
inline constexpr const char* growth_percent_per_year = "growth_percent_per_year";
inline constexpr const char* horizon_years = "horizon_years";
inline constexpr const char* budget = "budget";
inline constexpr const char* currency = "currency";
inline constexpr const char* usd_per_currency_unit = "usd_per_currency_unit";
inline constexpr const char* min_failures_tolerated = "min_failures_tolerated";
inline constexpr const char* max_rebuild_hours = "max_rebuild_hours";
inline constexpr const char* max_drive_bays = "max_drive_bays";
inline constexpr const char* max_power_w = "max_power_w";
inline constexpr const char* power_loss_safe_writes = "power_loss_safe_writes";
/// "any", "hardware", "md" or "zfs" (advisor::RaidSoftware).
inline constexpr const char* raid_software = "raid_software";
inline constexpr const char* raid_software_owned = "raid_software_owned";
/// "auto", "internal" or "none": the write-intent bitmap of the md arrays the advisor builds
inline constexpr const char* md_bitmap = "md_bitmap";
inline constexpr const char* allowed = "allowed";
inline constexpr const char* owned_controller = "owned_controller";
inline constexpr const char* weights = "weights";
/// An array of stripe units, each in KiB (not a size with a choice of unit).
inline constexpr const char* stripe_kib = "stripe_kib";
inline constexpr const char* enclosure_cost_per_bay_usd = "enclosure_cost_per_bay_usd";
inline constexpr const char* bays_owned = "bays_owned";
inline constexpr const char* include_power_cost = "include_power_cost";
inline constexpr const char* power_price_usd_per_kwh = "power_price_usd_per_kwh";
inline constexpr const char* rebuild_rate_percent = "rebuild_rate_percent";
inline constexpr const char* busy_hours_per_day = "busy_hours_per_day";
inline constexpr const char* writes_per_day_tb = "writes_per_day_tb";
inline constexpr const char* max_fill_percent = "max_fill_percent";
/// 0, 1 or "per_volume".
inline constexpr const char* hot_spares = "hot_spares";
inline constexpr const char* hot_spares_per_volume = "per_volume";
inline constexpr const char* replacement_hours = "replacement_hours";
}  // namespace advisor

/// `advisor.allowed`.
namespace allowed {
inline constexpr const char* interfaces = "interfaces";
inline constexpr const char* form_factors = "form_factors";
inline constexpr const char* drive_kinds = "drive_kinds";
inline constexpr const char* levels = "levels";
inline constexpr const char* drives = "drives";
inline constexpr const char* controllers = "controllers";
inline constexpr const char* min_year = "min_year";
inline constexpr const char* max_year = "max_year";
}  // namespace allowed

/// `advisor.weights`.
namespace weights {
inline constexpr const char* performance = "performance";
inline constexpr const char* cost = "cost";
inline constexpr const char* reliability = "reliability";
inline constexpr const char* capacity = "capacity";
}  // namespace weights

}  // namespace raidadv::project_keys
