#include "test_catalog.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "catalog/columns.h"

namespace raidadv::test {
namespace {

namespace fs = std::filesystem;
using Row = std::map<std::string, std::string>;

/// Writes `<dir>/<file>` with the catalog's own header and the given rows (absent columns
/// empty).
template <class E>
void write_table(const fs::path& dir, const char* file,
                 const std::vector<catalog_detail::Column<E>>& columns,
                 const std::vector<Row>& rows) {
    std::ofstream out(dir / file);
    std::string header;
    for (const auto& c : columns) {
        header += (header.empty() ? "" : ",") + std::string(c.csv);
    }
    out << header << "\n";
    for (const Row& row : rows) {
        std::string line;
        bool first = true;
        for (const auto& c : columns) {
            const auto it = row.find(std::string(c.csv));
            line +=
                (first ? "" : ",") + (it == row.end() ? std::string() : "\"" + it->second + "\"");
            first = false;
        }
        out << line << "\n";
    }
}

/// A per-process scratch directory, removed at exit (CTest runs test cases in parallel).
struct ScratchDir {
    fs::path path =
        fs::temp_directory_path() / ("raid-advisor-test-catalog-" + std::to_string(::getpid()));
    ScratchDir() { fs::remove_all(path); }
    ~ScratchDir() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
};

std::unique_ptr<Catalog> build_small_catalog() {
    static const ScratchDir scratch;
    const fs::path& dir = scratch.path;
    fs::create_directories(dir / "src");
    const Row common = {{"vendor", "Test"}, {"year", "2007"}, {"source", "test data"}};
    auto with = [&](Row row) {
        row.insert(common.begin(), common.end());
        return row;
    };
    write_table(dir / "src", "drives.csv", catalog_detail::drive_columns(),
                {with({{"id", "test-hdd"},
                       {"name", "Test HDD 500"},
                       {"kind", "hdd"},
                       {"capacity_gb", "500"},
                       {"interface", "test-sata"},
                       {"form_factor", "3.5"},
                       {"rpm", "7200"},
                       {"seek_track_ms", "0.8"},
                       {"seek_avg_ms", "11"},
                       {"seek_full_ms", "21"},
                       {"media_rate_outer_mb_s", "72"},
                       {"media_rate_inner_mb_s", "37"},
                       {"command_overhead_ms", "0.2"},
                       {"cache_mib", "16"},
                       {"queue_depth", "32"},
                       {"smr", "no"},
                       {"price_usd", "100"},
                       {"price_date", "2007-03"}}),
                 with({{"id", "test-ssd"},
                       {"name", "Test SSD 960"},
                       {"kind", "ssd"},
                       {"capacity_gb", "960"},
                       {"interface", "test-sata"},
                       {"form_factor", "2.5"},
                       {"read_latency_us", "90"},
                       {"write_latency_us", "30"},
                       {"seq_read_mb_s", "550"},
                       {"seq_write_mb_s", "520"},
                       {"random_read_iops", "90000"},
                       {"random_write_iops", "30000"},
                       {"write_iops_steady_state", "yes"},
                       {"over_provisioning_percent", "7"},
                       {"power_loss_protection", "yes"},
                       {"endurance_tbw", "1750"},
                       {"warranty_years", "5"}})});
    write_table(dir / "src", "controllers.csv", catalog_detail::controller_columns(),
                {with({{"id", "test-raid"},
                       {"name", "Test RAID"},
                       {"kind", "hardware_raid"},
                       {"ports", "8"},
                       {"max_iops", "100000"},
                       {"max_bandwidth_mb_s", "1000"},
                       {"cache_mib", "256"},
                       {"battery_backed", "yes"},
                       {"levels", "0,1,5,10"}}),
                 with({{"id", "test-hba"},
                       {"name", "Test HBA"},
                       {"kind", "hba"},
                       {"ports", "4"},
                       {"max_iops", "200000"},
                       {"max_bandwidth_mb_s", "2000"},
                       {"cache_mib", "0"},
                       {"battery_backed", "no"}})});
    write_table(dir / "src", "links.csv", catalog_detail::link_columns(),
                {with({{"id", "test-sata"},
                       {"name", "Test SATA"},
                       {"bandwidth_mb_s", "300"},
                       {"command_overhead_us", "5"},
                       {"shared", "no"},
                       {"max_devices", "1"}}),
                 with({{"id", "test-bus"},
                       {"name", "Test bus"},
                       {"bandwidth_mb_s", "20"},
                       {"command_overhead_us", "50"},
                       {"shared", "yes"},
                       {"max_devices", "15"}}),
                 with({{"id", "test-pcie"},
                       {"name", "Test PCIe"},
                       {"bandwidth_mb_s", "4000"},
                       {"command_overhead_us", "1"},
                       {"shared", "no"},
                       {"max_devices", "1"}})});
    write_table(dir / "src", "hosts.csv", catalog_detail::host_columns(),
                {with({{"id", "test-host"},
                       {"name", "Test host"},
                       {"per_request_overhead_us", "20"},
                       {"max_io_kib", "1024"},
                       {"cpu_cores", "2"},
                       {"raid_cpu_per_io_us", "5"},
                       {"parity_cpu_mb_s", "2000"}})});
    const auto errors = Catalog::build(dir / "src", dir / "catalog.db");
    for (const auto& e : errors) {
        UNSCOPED_INFO(e.where << ": " << e.message);
    }
    REQUIRE(errors.empty());
    return std::make_unique<Catalog>(Catalog::open(dir / "catalog.db"));
}

}  // namespace

const Catalog& small_catalog() {
    static const std::unique_ptr<Catalog> catalog = build_small_catalog();
    return *catalog;
}

const Catalog& bundled_catalog() {
    static const std::unique_ptr<Catalog> catalog = [] {
        INFO("bundled catalog " << RAID_CATALOG_DB << " (build target raid_catalog_db)");
        REQUIRE(fs::exists(RAID_CATALOG_DB));
        return std::make_unique<Catalog>(Catalog::open(RAID_CATALOG_DB));
    }();
    return *catalog;
}

}  // namespace raidadv::test
