// A project with known values: every field lands in the right SI field.

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "components/ssd_model.h"
#include "project/project.h"
#include "test_catalog.h"

using namespace raidadv;
using Catch::Matchers::Contains;

namespace {

const char* kProject = R"json({
  "format": "raid-advisor-project", "version": 1, "app_version": "0.1.0",
  "name": "round trip", "description": "known values",
  "systems": [
    {"name": "catalog ids", "drive": "test-hdd",
     "layout": {"level": "raid5", "drives": 4, "stripe_kib": 128},
     "controller": "test-raid", "write_back_cache": false, "drive_write_cache": "on",
     "ssd_state": "fresh", "controller_read_ahead": "none", "host": "test-host"},
    {"name": "inline",
     "drive": {"name": "My HDD", "source": "made up", "kind": "hdd", "capacity_gb": 1.05,
               "rpm": 5400, "seek_track_ms": 1.7, "seek_avg_ms": 10.5, "seek_full_ms": 22,
               "media_rate_outer_mb_s": 5.9, "media_rate_inner_mb_s": 3.3,
               "command_overhead_ms": 0.5, "cache_mib": 0.25, "queue_depth": 1,
               "read_ahead": false, "cache_segments": 4, "write_seek_extra_ms": 1,
               "afr_percent": 2, "price_usd": 500, "price_date": "1996-01"},
     "layout": {"level": "raid60", "drives": 8, "disks_per_span": 4, "stripe_bytes": 4096,
                "volumes": 2},
     "controller": {"base": "test-hba", "ports": 16, "levels": "0,1"},
     "drive_link": "test-bus", "drives_per_link": 8, "host_link": "test-pcie"},
    {"name": "bigger ssd", "drive": {"base": "test-ssd", "capacity_gb": 1920, "flash_units": 6},
     "layout": {"level": "simple", "drives": 4}},
    {"name": "three-way mirror", "drive": "test-ssd",
     "layout": {"level": "raid1", "drives": 3, "md_bitmap": "internal", "md_bitmap_chunk_mib": 128}},
    {"name": "raid10 spans", "drive": "test-ssd",
     "layout": {"level": "raid10", "drives": 12, "disks_per_span": 6, "mirror_copies": 3,
                "stripe_kib": 0.5}}
  ],
  "workloads": [
    {"name": "requests", "read_fraction": 0.7, "pattern": "sequential",
     "request_size": {"fixed_kib": 64}, "alignment_kib": 64, "span_fraction": 0.5,
     "streams": 3, "concurrency": [1, 4, 16], "think_time_ms": 2.5, "arrival_rates_per_s": [10, 100.5]},
    {"name": "files", "unit": "file", "read_fraction": 1, "sequential_fraction": 0.25,
     "file_size": {"histogram": [{"size_kib": 50, "weight": 1}, {"size_bytes": 1000, "weight": 3},
                                 {"size_mib": 2, "weight": 0.5}]},
     "concurrency": [1, 12]},
    {"name": "lognormal", "read_fraction": 0,
     "request_size": {"lognormal": {"median_kib": 64, "sigma": 1.5, "max_mib": 1}},
     "arrival_rates_per_s": [1000]},
    {"name": "uniform", "read_fraction": 0.25,
     "request_size": {"uniform_bytes": [512, 131072]}, "concurrency": [2],
     "alignment_bytes": 512}
  ]
})json";

}  // namespace

TEST_CASE("project values are converted to SI units", "[project]") {
    const Project p = parse_project(kProject, test::small_catalog());
    CHECK(p.name == "round trip");
    CHECK(p.description == "known values");
    REQUIRE(p.systems.size() == 5);
    REQUIRE(p.workloads.size() == 4);

    SECTION("components by catalog id") {
        const System& s = p.systems[0];
        CHECK(s.name == "catalog ids");
        CHECK(s.drive.info.id == "test-hdd");
        CHECK(s.drive.kind == DriveKind::Hdd);
        CHECK(s.drive.capacity_bytes == Approx(500e9));
        CHECK(s.drive.hdd.seek_average_s == Approx(11e-3));
        CHECK(s.drive.hdd.media_rate_outer_Bps == Approx(72e6));
        CHECK(s.layout.level == RaidLevel::Raid5);
        CHECK(s.layout.drives == 4);
        CHECK(s.layout.volumes == 1);
        CHECK(s.layout.stripe_unit_bytes == 128.0 * 1024);
        CHECK(s.layout.disks_per_span == 0);
        CHECK(s.controller.info.id == "test-raid");
        CHECK(s.controller.kind == ControllerKind::HardwareRaid);
        CHECK_FALSE(s.write_back_cache);
        CHECK(s.drive_write_cache == DriveWriteCache::On);
        CHECK(p.systems[1].drive_write_cache == DriveWriteCache::Auto);  // the default
        CHECK(s.ssd_state == SsdState::Fresh);
        CHECK(p.systems[1].ssd_state == SsdState::Steady);  // the default
        CHECK(s.controller_read_ahead == ControllerReadAhead::None);
        CHECK(p.systems[1].controller_read_ahead == ControllerReadAhead::Adaptive);  // default
        CHECK(s.layout.md_bitmap == MdBitmap::Auto);                                 // the default
        CHECK(p.systems[3].layout.md_bitmap == MdBitmap::Internal);
        CHECK(p.systems[3].layout.md_bitmap_chunk_bytes == Approx(128.0 * 1024 * 1024));
        // drive_link defaults to the link named by the drive's interface
        CHECK(s.drive_link.info.id == "test-sata");
        CHECK(s.drive_link.bandwidth_Bps == Approx(300e6));
        CHECK(s.drives_per_link == 1);
        CHECK(s.host.info.id == "test-host");
        CHECK(s.host.per_request_overhead_s == Approx(20e-6));
        // host_link omitted: not modelled (no limit)
        CHECK(s.host_link.bandwidth_Bps >= 1e12);
    }
    SECTION("inline components and overrides") {
        const System& s = p.systems[1];
        const DriveSpec& d = s.drive;
        CHECK(d.info.id.empty());
        CHECK(d.info.name == "My HDD");
        CHECK(d.info.source == "made up");
        CHECK(d.info.price_usd == 500);
        CHECK(d.capacity_bytes == Approx(1.05e9));
        CHECK(d.hdd.rpm == 5400);
        CHECK(d.hdd.seek_track_to_track_s == Approx(1.7e-3));
        CHECK(d.hdd.seek_average_s == Approx(10.5e-3));
        CHECK(d.hdd.seek_full_stroke_s == Approx(22e-3));
        CHECK(d.hdd.write_seek_extra_s == Approx(1e-3));
        CHECK(d.hdd.media_rate_outer_Bps == Approx(5.9e6));
        CHECK(d.hdd.media_rate_inner_Bps == Approx(3.3e6));
        CHECK(d.hdd.command_overhead_s == Approx(0.5e-3));
        CHECK(d.hdd.cache_bytes == Approx(256 * 1024));
        CHECK(d.hdd.cache_segments == 4);
        CHECK_FALSE(d.hdd.read_ahead);
        CHECK(d.hdd.queue_depth == 1);
        CHECK(d.afr == Approx(0.02));
        CHECK(s.layout.level == RaidLevel::Raid60);
        CHECK(s.layout.disks_per_span == 4);
        CHECK(s.layout.stripe_unit_bytes == 4096);
        CHECK(s.layout.volumes == 2);
        CHECK(s.total_drives() == 16);
        CHECK(s.controller.info.id.empty());
        CHECK(s.controller.info.name == "Test HBA (modified)");
        CHECK_THAT(s.controller.info.source, Contains("test data") && Contains("ports, levels"));
        CHECK(s.controller.ports == 16);
        CHECK(s.controller.levels == "0,1");
        CHECK(s.controller.max_iops == Approx(200000));  // kept from the base
        CHECK(s.drive_link.info.id == "test-bus");
        CHECK(s.drive_link.shared);
        CHECK(s.drives_per_link == 8);
        CHECK(s.host_link.bandwidth_Bps == Approx(4000e6));
        CHECK(s.write_back_cache);  // default
    }
    SECTION("simple, raid1 and raid10 layouts") {
        const System& simple = p.systems[2];
        CHECK(simple.drive.kind == DriveKind::Ssd);
        CHECK(simple.drive.capacity_bytes == Approx(1920e9));
        CHECK(simple.drive.ssd.random_read_iops == Approx(90000));
        CHECK(simple.drive.ssd.flash_units == 6);
        CHECK(ssd_flash_units(simple.drive.ssd) == 6);
        CHECK(p.systems[3].drive.ssd.flash_units == 0);  // not stated: derived
        CHECK(simple.drive.ssd.over_provisioning == Approx(0.07));
        CHECK(simple.layout.level == RaidLevel::Simple);
        CHECK(simple.layout.drives == 4);
        CHECK(simple.layout.volumes == 1);
        CHECK(simple.total_drives() == 4);
        const Layout& mirror = p.systems[3].layout;
        CHECK(mirror.level == RaidLevel::Raid1);
        CHECK(mirror.mirror_copies == 3);
        const Layout& r10 = p.systems[4].layout;
        CHECK(r10.level == RaidLevel::Raid10);
        CHECK(r10.disks_per_span == 6);
        CHECK(r10.mirror_copies == 3);
        CHECK(r10.stripe_unit_bytes == 512);
    }
    SECTION("request workload") {
        const Workload& w = p.workloads[0];
        CHECK(w.name == "requests");
        CHECK(w.unit == Workload::Unit::Request);
        CHECK(w.read_fraction == Approx(0.7));
        CHECK(w.sequential_fraction == 1.0);
        CHECK(w.size.kind == SizeDistribution::Kind::Fixed);
        CHECK(w.size.fixed_bytes == 65536);
        CHECK(w.alignment_bytes == 65536);
        CHECK(w.span_fraction == Approx(0.5));
        CHECK(w.streams == 3);
        CHECK(w.concurrency == std::vector<int>{1, 4, 16});
        CHECK(w.think_time_s == Approx(2.5e-3));
        REQUIRE(w.arrival_rates_per_s.size() == 2);
        CHECK(w.arrival_rates_per_s[1] == Approx(100.5));
    }
    SECTION("file workload with a histogram") {
        const Workload& w = p.workloads[1];
        CHECK(w.unit == Workload::Unit::File);
        CHECK(w.sequential_fraction == Approx(0.25));
        CHECK(w.size.kind == SizeDistribution::Kind::Histogram);
        REQUIRE(w.size.bins.size() == 3);
        CHECK(w.size.bins[0].bytes == 51200);
        CHECK(w.size.bins[0].weight == 1);
        CHECK(w.size.bins[1].bytes == 1000);
        CHECK(w.size.bins[2].bytes == 2 * 1024 * 1024);
        CHECK(w.size.bins[2].weight == 0.5);
        CHECK(w.alignment_bytes == 4096);  // default
        CHECK(w.span_fraction == 1.0);     // default
        CHECK(w.streams == 0);             // default: one stream per process
        CHECK(w.think_time_s == 0.0);
        CHECK(w.arrival_rates_per_s.empty());
    }
    SECTION("lognormal and uniform sizes") {
        const SizeDistribution& ln = p.workloads[2].size;
        CHECK(p.workloads[2].sequential_fraction == 0.0);  // "random" by default
        CHECK(ln.kind == SizeDistribution::Kind::Lognormal);
        CHECK(ln.median_bytes == 65536);
        CHECK(ln.sigma == 1.5);
        CHECK(ln.min_bytes == 512);  // clamped to the allowed request sizes by default
        CHECK(ln.max_bytes == 1024 * 1024);
        CHECK(p.workloads[2].concurrency.empty());
        const SizeDistribution& u = p.workloads[3].size;
        CHECK(u.kind == SizeDistribution::Kind::Uniform);
        CHECK(u.min_bytes == 512);
        CHECK(u.max_bytes == 131072);
        CHECK(p.workloads[3].alignment_bytes == 512);
    }
}

TEST_CASE("load_project reads files and refuses missing or huge ones", "[project]") {
    namespace fs = std::filesystem;
    const fs::path dir =
        fs::temp_directory_path() / ("raid-advisor-test-load-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    { std::ofstream(dir / "ok.json") << kProject; }
    CHECK(load_project(dir / "ok.json", test::small_catalog()).systems.size() == 5);
    try {
        load_project(dir / "missing.json", test::small_catalog());
        FAIL("no error for a missing file");
    } catch (const ProjectError& e) {
        REQUIRE(e.issues.size() == 1);
        CHECK(e.issues[0].path == "$");
        CHECK_THAT(e.issues[0].message, Contains("no such file"));
    }
    {
        std::ofstream big(dir / "big.json");
        big.seekp(64ll * 1024 * 1024);  // sparse file of 64 MiB + 1 byte
        big.put(' ');
    }
    try {
        load_project(dir / "big.json", test::small_catalog());
        FAIL("no error for a file over 64 MiB");
    } catch (const ProjectError& e) {
        REQUIRE(e.issues.size() == 1);
        CHECK_THAT(e.issues[0].message, Contains("at most 64 MiB"));
    }
    fs::remove_all(dir);
}
