// Columns of drives.csv / table drives (see resources/catalog/README.md for units).

#include <string>

#include "catalog/column_builders.h"
#include "catalog/columns.h"
#include "components/hdd_model.h"
#include "units/units.h"

namespace raidadv::catalog_detail {
namespace {

using E = DriveEntry;
namespace u = raidadv::units;

std::string set_kind(E& e, std::string_view name) {
    if (name == "hdd") {
        e.spec.kind = DriveKind::Hdd;
    } else if (name == "ssd") {
        e.spec.kind = DriveKind::Ssd;
    } else {
        return "must be hdd or ssd";
    }
    return "";
}

std::string get_kind(const E& e) {
    return e.spec.kind == DriveKind::Hdd ? "hdd" : "ssd";
}

// One table of every drives.csv column, a row per column (name, field, unit, limits).
std::vector<Column<E>> make_drive_columns() {
    std::vector<Column<E>> c = leading_columns<E>();
    std::vector<Column<E>> own = {
        name_column<E>("kind", "kind", set_kind, get_kind),
        real_column<E>("capacity_gb", "capacity_bytes", u::GB, 0.001, 1e6,
                       [](E& e) -> double& { return e.spec.capacity_bytes; }),
        text_column<E>(
            "interface", "interface", [](E& e) -> std::string& { return e.spec.interface; },
            check_id),
        text_column<E>(
            "form_factor", "form_factor", [](E& e) -> std::string& { return e.spec.form_factor; },
            check_form_factor),
        real_column<E>(
            "mtbf_hours", "mtbf_hours", 1.0, 0.0, 1e8,
            [](E& e) -> double& { return e.spec.mtbf_hours; }, kOptional),
        real_column<E>(
            "afr_percent", "afr", 0.01, 0.0, 100.0, [](E& e) -> double& { return e.spec.afr; },
            kOptional),
        real_column<E>(
            "ber", "ber", 1.0, 1e-20, 1e-9, [](E& e) -> double& { return e.spec.ber; }, kOptional),
        real_column<E>(
            "power_idle_w", "power_idle_w", 1.0, 0.0, 100.0,
            [](E& e) -> double& { return e.spec.power_idle_w; }, kOptional),
        real_column<E>(
            "power_active_w", "power_active_w", 1.0, 0.0, 100.0,
            [](E& e) -> double& { return e.spec.power_active_w; }, kOptional),
        // Rotating disks.
        real_column<E>(
            "rpm", "rpm", 1.0, 3000.0, 20000.0, [](E& e) -> double& { return e.spec.hdd.rpm; },
            kHdd),
        real_column<E>(
            "seek_track_ms", "seek_track_to_track_s", u::ms, 0.01, 20.0,
            [](E& e) -> double& { return e.spec.hdd.seek_track_to_track_s; }, kHdd),
        real_column<E>(
            "seek_avg_ms", "seek_average_s", u::ms, 0.5, 50.0,
            [](E& e) -> double& { return e.spec.hdd.seek_average_s; }, kHdd),
        real_column<E>(
            "seek_full_ms", "seek_full_stroke_s", u::ms, 1.0, 100.0,
            [](E& e) -> double& { return e.spec.hdd.seek_full_stroke_s; }, kHdd),
        real_column<E>(
            "write_seek_extra_ms", "write_seek_extra_s", u::ms, 0.0, 10.0,
            [](E& e) -> double& { return e.spec.hdd.write_seek_extra_s; }, kHddOptional),
        real_column<E>(
            "seek_jitter_ms", "seek_jitter_s", u::ms, 0.0, 10.0,
            [](E& e) -> double& { return e.spec.hdd.seek_jitter_s; }, kHddOptional),
        real_column<E>(
            "media_rate_outer_mb_s", "media_rate_outer_Bps", u::MB, 0.1, 5000.0,
            [](E& e) -> double& { return e.spec.hdd.media_rate_outer_Bps; }, kHdd),
        real_column<E>(
            "media_rate_inner_mb_s", "media_rate_inner_Bps", u::MB, 0.1, 5000.0,
            [](E& e) -> double& { return e.spec.hdd.media_rate_inner_Bps; }, kHdd),
        real_column<E>(
            "command_overhead_ms", "command_overhead_s", u::ms, 0.0, 20.0,
            [](E& e) -> double& { return e.spec.hdd.command_overhead_s; }, kHdd),
        real_column<E>(
            "write_command_overhead_ms", "write_command_overhead_s", u::ms, 0.0, 20.0,
            [](E& e) -> double& { return e.spec.hdd.write_command_overhead_s; }, kHddOptional),
        real_column<E>(
            "cache_mib", "cache_bytes", u::MiB, 0.0, 65536.0,
            [](E& e) -> double& { return e.spec.hdd.cache_bytes; }, kHdd),
        int_column<E>(
            "cache_segments", "cache_segments", 1, 1024,
            [](E& e) -> int& { return e.spec.hdd.cache_segments; }, kHddOptional),
        int_column<E>(
            "write_cache_writes", "write_cache_writes", 1, kMaxBufferedWrites,
            [](E& e) -> int& { return e.spec.hdd.write_cache_writes; }, kHddOptional),
        bool_column<E>(
            "read_ahead", "read_ahead", [](E& e) -> bool& { return e.spec.hdd.read_ahead; },
            kHddOptional),
        int_column<E>(
            "queue_depth", "queue_depth", 1, 256,
            [](E& e) -> int& { return e.spec.hdd.queue_depth; }, kHdd),
        // Flash drives.
        real_column<E>(
            "read_latency_us", "read_latency_s", u::us, 1.0, 1e5,
            [](E& e) -> double& { return e.spec.ssd.read_latency_s; }, kSsd),
        real_column<E>(
            "write_latency_us", "write_latency_s", u::us, 1.0, 1e5,
            [](E& e) -> double& { return e.spec.ssd.write_latency_s; }, kSsd),
        real_column<E>(
            "seq_read_mb_s", "seq_read_Bps", u::MB, 1.0, 1e5,
            [](E& e) -> double& { return e.spec.ssd.seq_read_Bps; }, kSsd),
        real_column<E>(
            "seq_write_mb_s", "seq_write_Bps", u::MB, 1.0, 1e5,
            [](E& e) -> double& { return e.spec.ssd.seq_write_Bps; }, kSsd),
        real_column<E>(
            "random_read_iops", "random_read_iops", 1.0, 1.0, 1e8,
            [](E& e) -> double& { return e.spec.ssd.random_read_iops; }, kSsd),
        real_column<E>(
            "random_write_iops", "random_write_iops", 1.0, 1.0, 1e8,
            [](E& e) -> double& { return e.spec.ssd.random_write_iops; }, kSsd),
        bool_column<E>(
            "write_iops_steady_state", "write_iops_steady_state",
            [](E& e) -> bool& { return e.spec.ssd.write_iops_steady_state; }, kSsd),
        real_column<E>(
            "over_provisioning_percent", "over_provisioning", 0.01, 0.0, 400.0,
            [](E& e) -> double& { return e.spec.ssd.over_provisioning; }, kSsd),
        // After the SLC write cache (client drives' data sheets); empty: seq_write holds.
        real_column<E>(
            "sustained_write_mb_s", "sustained_write_Bps", u::MB, 1.0, 1e5,
            [](E& e) -> double& { return e.spec.ssd.sustained_write_Bps; }, kSsdOptional),
        // Empty: derived from random_read_iops x read_latency (ssd_model.h).
        int_column<E>(
            "flash_units", "flash_units", 1, 4096,
            [](E& e) -> int& { return e.spec.ssd.flash_units; }, kSsdOptional),
        // Buyer's facts (issue 25): power-loss protection and endurance for flash, SMR for disks.
        bool_column<E>(
            "power_loss_protection", "power_loss_protection",
            [](E& e) -> bool& { return e.spec.power_loss_protection; }, kSsd),
        real_column<E>(
            "endurance_tbw", "endurance_bytes", 1e12, 0.01, 1e7,
            [](E& e) -> double& { return e.spec.endurance_bytes; }, kSsd),
        // Optional for disks (datasheets give it); required for SSDs in entry_checks.cpp.
        real_column<E>(
            "warranty_years", "warranty_years", 1.0, 0.0, 20.0,
            [](E& e) -> double& { return e.spec.warranty_years; }, kOptional),
        // Optional (no) so that project files' inline disks keep reading; the bundled catalog
        // states it for every disk (tests/catalog/test_catalog_today.cpp).
        bool_column<E>(
            "smr", "smr", [](E& e) -> bool& { return e.spec.smr; }, kHddOptional),
    };
    c.insert(c.end(), own.begin(), own.end());
    std::vector<Column<E>> tail = trailing_columns<E>();
    c.insert(c.end(), tail.begin(), tail.end());
    return c;
}

}  // namespace

const std::vector<Column<DriveEntry>>& drive_columns() {
    static const std::vector<Column<DriveEntry>> columns = make_drive_columns();
    return columns;
}

}  // namespace raidadv::catalog_detail
