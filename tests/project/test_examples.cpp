// The bundled example projects parse against the bundled catalog and together cover every RAID
// level, independent volumes, and HDD, SATA SSD and NVMe drives.

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>

#include "project/project.h"
#include "test_catalog.h"

using namespace raidadv;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> example_files() {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(fs::path(RAID_RESOURCES_DIR) / "examples")) {
        if (entry.path().extension() == ".json") {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace

TEST_CASE("every example project parses", "[project][examples]") {
    const auto files = example_files();
    REQUIRE(files.size() >= 8);
    for (const auto& file : files) {
        INFO(file.filename().string());
        try {
            const Project p = load_project(file, test::bundled_catalog());
            CHECK_FALSE(p.name.empty());
            // A project holds systems to evaluate, a question for the advisor, or both.
            CHECK((!p.systems.empty() || p.advisor.has_value()));
            CHECK_FALSE(p.workloads.empty());
        } catch (const ProjectError& e) {
            std::string all;
            for (const auto& issue : e.issues) {
                all += issue.to_string() + "\n";
            }
            FAIL(all);
        }
    }
}

TEST_CASE("the examples cover every level and drive kind", "[project][examples]") {
    std::set<RaidLevel> levels;
    bool hdd = false, sata_ssd = false, nvme = false, several_volumes = false, spans = false;
    for (const auto& file : example_files()) {
        const Project p = load_project(file, test::bundled_catalog());
        for (const System& s : p.systems) {
            levels.insert(s.layout.level);
            hdd = hdd || s.drive.kind == DriveKind::Hdd;
            // NVMe drives attach by PCIe (their interface is a pcie* link of the catalog)
            const bool is_nvme = s.drive.interface.rfind("pcie", 0) == 0;
            nvme = nvme || (s.drive.kind == DriveKind::Ssd && is_nvme);
            sata_ssd = sata_ssd || (s.drive.kind == DriveKind::Ssd &&
                                    s.drive.interface.find("sata") != std::string::npos);
            several_volumes = several_volumes || s.layout.volumes > 1;
            spans = spans || (s.layout.level == RaidLevel::Raid10 && s.layout.disks_per_span > 0);
        }
    }
    std::size_t count = 0;
    const RaidLevel* all = all_raid_levels(count);
    for (std::size_t i = 0; i < count; ++i) {
        INFO("level " << to_string(all[i]));
        CHECK(levels.count(all[i]) == 1);
    }
    CHECK(hdd);
    CHECK(sata_ssd);
    CHECK(nvme);
    CHECK(several_volumes);
    CHECK(spans);
}

TEST_CASE("the Hauser example has the 14 configurations of Table I", "[project][examples]") {
    const Project p =
        load_project(fs::path(RAID_RESOURCES_DIR) / "examples" / "hauser-1996-ssa101.json",
                     test::bundled_catalog());
    CHECK(p.systems.size() == 14);
    for (const System& s : p.systems) {
        INFO(s.name);
        CHECK(s.total_drives() <= 6);
    }
    REQUIRE(p.workloads.size() >= 1);
    const Workload& w = p.workloads.front();
    CHECK(w.unit == Workload::Unit::File);
    CHECK(w.read_fraction == 1.0);
    CHECK(w.size.kind == SizeDistribution::Kind::Histogram);
    CHECK(w.size.bins.size() == 10);
    CHECK(w.concurrency.size() == 12);
}

TEST_CASE("the advisor section says whether writes must survive a power cut",
          "[project][advisor]") {
    std::ifstream in(fs::path(RAID_RESOURCES_DIR) / "examples" / "advisor-small-nas.json");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    REQUIRE(text.find("power_loss_safe_writes") == std::string::npos);
    const Project as_is = parse_project(text, test::bundled_catalog());
    REQUIRE(as_is.advisor.has_value());
    CHECK_FALSE(as_is.advisor->constraints.power_loss_safe_writes);  // the default

    std::string safe_text = text;
    const std::string key = "\"advisor\": {";
    const auto at = safe_text.find(key);
    REQUIRE(at != std::string::npos);
    safe_text.insert(at + key.size(), "\"power_loss_safe_writes\": true, ");
    const Project safe = parse_project(safe_text, test::bundled_catalog());
    REQUIRE(safe.advisor.has_value());
    CHECK(safe.advisor->constraints.power_loss_safe_writes);
}

TEST_CASE("the 1996 examples say who has the RAID software", "[project][advisor]") {
    const auto read = [](const char* name) {
        return load_project(fs::path(RAID_RESOURCES_DIR) / "examples" / name,
                            test::bundled_catalog());
    };
    // Hauser et al. had Volume Manager; the tight-budget archive bought the array without it.
    CHECK(read("advisor-archive-1996-fast.json").advisor->constraints.raid_software_owned);
    CHECK(read("advisor-archive-1996-cost.json").advisor->constraints.raid_software_owned);
    CHECK_FALSE(read("advisor-archive-1996-budget.json").advisor->constraints.raid_software_owned);
    CHECK(test::bundled_catalog().controller("sun-ssa-101")->raid_software_usd > 0.0);
}
