// ZFS pools through the command line: evaluate --json gives the pool's space by OpenZFS's rules,
// recommend explains a pool's requests and builds it with zpool (issue 28).

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "shell_run.h"

using Catch::Matchers::Contains;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::string example(const char* name) {
    return raidadv::test::shell_quoted((fs::path(RAID_RESOURCES_DIR) / "examples" / name).string());
}

}  // namespace

TEST_CASE("evaluate --json gives a pool's vdevs and space", "[cli][zfs]") {
    const auto run = raidadv::test::run_cli("evaluate --json " + example("zfs-nas-pools.json"));
    REQUIRE(run.status == 0);
    const json j = json::parse(run.out);
    REQUIRE(j["systems"].size() == 5);
    const json& z2 = j["systems"][0];
    CHECK(z2["level"] == "raidz2");
    CHECK(z2["total_drives"] == 6);
    CHECK(z2["zfs"]["vdevs"] == 1);
    CHECK(z2["zfs"]["drives_per_vdev"] == 6);
    CHECK(z2["zfs"]["recordsize_bytes"] == 1048576.0);
    // 1 MiB on 6-wide raidz2: 256 data + 2 x 64 parity = 384 sectors, a multiple of 3: 2/3.
    CHECK(z2["zfs"]["data_share_at_record"].get<double>() == Approx(2.0 / 3.0));
    const json& mirrors = j["systems"][3];
    CHECK(mirrors["zfs"]["vdevs"] == 3);
    // One drive's space per mirror vdev, less the slop: under half the raw space.
    CHECK(mirrors["usable_bytes"].get<double>() < 0.5 * mirrors["zfs"]["raw_bytes"].get<double>());
    const json& draid = j["systems"][4];
    CHECK(draid["zfs"]["draid_data"] == 3);
    CHECK(draid["zfs"]["draid_spares"] == 1);
}

TEST_CASE("recommend on a ZFS question compares pools with other arrays", "[cli][zfs]") {
    const auto plain = raidadv::test::run_cli("recommend " + example("advisor-zfs-nas.json"));
    REQUIRE(plain.status == 0);
    // The pick is compared with the best pool (or, for a pool, with the best array without ZFS).
    CHECK((plain.out.find("Why not ZFS here") != std::string::npos ||
           plain.out.find("Why ZFS here") != std::string::npos));
    // Only pools allowed: the pick is a pool, described and explained as one.
    json question = json::parse(R"json({
      "format": "raid-advisor-project", "version": 3, "name": "pools only",
      "workloads": [{"name": "w", "read_fraction": 0.7, "pattern": "random",
                     "request_size": {"fixed_kib": 16}, "concurrency": [4, 16]}],
      "advisor": {"workload": "w", "host": "diy-nas-node804-b650", "capacity_gb": 20000,
                  "min_failures_tolerated": 1, "max_drive_bays": 8,
                  "allowed": {"drive_kinds": ["hdd"], "levels": ["raidz1", "zfs-mirror"]}}
    })json");
    const fs::path file = raidadv::test::scratch_dir() / "zfs-only.json";
    std::ofstream(file) << question.dump();
    const auto run =
        raidadv::test::run_cli("recommend --json " + raidadv::test::shell_quoted(file.string()));
    INFO(run.err);
    REQUIRE(run.status == 0);
    const json j = json::parse(run.out);
    REQUIRE(!j["recommendations"].empty());
    const json& pick = j["recommendations"][0]["system"];
    CHECK((pick["level"] == "raidz1" || pick["level"] == "zfs-mirror"));
    // 16 KiB random requests: the recordsize rule gives 16 KiB records.
    CHECK(pick["recordsize_kib"] == 16.0);
    CHECK(pick.contains("vdevs"));
    CHECK_FALSE(pick.contains("stripe_kib"));
}
