// The advisor's RAID software choice (advisor.raid_software, the wizard's hardware page) and ZFS
// pools on NVMe drives attached to CPU lanes (issue 28).

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>

#include "advisor/buying_summary.h"
#include "advisor/explain.h"
#include "advisor_fixture.h"
#include "layout/raid_level.h"
#include "project/writer.h"
#include "system/raid_software.h"

namespace {

using raidadv::ControllerKind;
using raidadv::RaidLevel;
using raidadv::advisor::Candidate;
using raidadv::advisor::RaidSoftware;
using raidadv::advisor::Request;

std::vector<Candidate> all_candidates(const raidadv::advisor::Result& r) {
    std::vector<Candidate> all = r.ranked;
    all.insert(all.end(), r.over_budget.begin(), r.over_budget.end());
    return all;
}

raidadv::advisor::Result search_with(Request request, RaidSoftware software) {
    request.constraints.raid_software = software;
    raidadv::advisor::SearchOptions options;
    options.explain_top = 0;
    options.find_way_out = false;
    return raidadv::advisor::recommend(request, raidadv::test::bundled_catalog(), options);
}

bool is_pool(const Candidate& c) {
    return raidadv::is_zfs(c.system.layout.level);
}

bool on_hba(const Candidate& c) {
    return c.system.controller.kind == ControllerKind::Hba;
}

/// The text of the bundled example `name`.
std::string example_text(const char* name) {
    std::ifstream in(std::filesystem::path(RAID_RESOURCES_DIR) / "examples" / name);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

/// `text` with `"key": value,` written after `anchor` (a key of the advisor section).
std::string with_key(std::string text, const std::string& anchor, const std::string& key,
                     const std::string& value) {
    text.replace(text.find(anchor), anchor.size(), anchor + " \"" + key + "\": " + value + ",");
    return text;
}

}  // namespace

TEST_CASE("the RAID software choice restricts the advisor's candidates", "[advisor][zfs]") {
    const Request request = raidadv::test::example_request("advisor-zfs-nas.json");
    REQUIRE(request.constraints.raid_software == RaidSoftware::Any);

    const auto any = all_candidates(search_with(request, RaidSoftware::Any));
    // Without a choice the question's answer holds both ZFS pools and md arrays: the choices
    // below have something to leave out.
    REQUIRE(std::any_of(any.begin(), any.end(), is_pool));
    REQUIRE(std::any_of(any.begin(), any.end(), [](const Candidate& c) {
        return !is_pool(c) && c.system.layout.level != RaidLevel::Simple;
    }));

    SECTION("ZFS: only pools") {
        const auto zfs = all_candidates(search_with(request, RaidSoftware::Zfs));
        REQUIRE_FALSE(zfs.empty());
        CHECK(std::all_of(zfs.begin(), zfs.end(), is_pool));
    }
    SECTION("md: only block RAID levels on HBAs or on-board ports") {
        const auto md = all_candidates(search_with(request, RaidSoftware::Md));
        REQUIRE_FALSE(md.empty());
        for (const Candidate& c : md) {
            CHECK_FALSE(is_pool(c));
            CHECK(on_hba(c));
            CHECK(c.system.layout.level != RaidLevel::Simple);
        }
    }
    SECTION("hardware RAID: only a controller's own RAID") {
        const auto result = search_with(request, RaidSoftware::Hardware);
        for (const Candidate& c : all_candidates(result)) {
            CHECK_FALSE(is_pool(c));
            CHECK_FALSE(on_hba(c));
        }
        CHECK(result.stats.rejected.count(
                  "controller does not suit the chosen RAID software (hardware)") == 1);
    }
}

TEST_CASE("ZFS on a host that does not run it finds nothing, and says why", "[advisor][zfs]") {
    Request request = raidadv::test::example_request("advisor-zfs-nas.json");
    request.host.raid_software = "md";
    const auto result = search_with(request, RaidSoftware::Zfs);
    CHECK(result.ranked.empty());
    CHECK(result.stats.rejected.count(
              "the host does not run ZFS (its RAID software lists no zfs)") == 1);
}

TEST_CASE("NVMe drives on CPU lanes make ZFS pools where the host runs ZFS", "[advisor][zfs]") {
    Request request = raidadv::test::example_request("advisor-zfs-nas.json");
    request.host = *raidadv::test::bundled_catalog().host("supermicro-as-2125hs-tnr");
    request.constraints.drive_kinds.clear();
    request.constraints.drives = {"samsung-pm9a3-7.68tb"};
    request.constraints.budget_usd = 0.0;
    request.constraints.max_drive_bays = 24;
    // An hour a day of streaming: at CPU-lane speed eight hours would wear these 1-DWPD drives
    // out within the horizon (wear.h), which is not what this test is about.
    request.constraints.busy_hours_per_day = 1.0;

    const auto pools = all_candidates(search_with(request, RaidSoftware::Zfs));
    REQUIRE_FALSE(pools.empty());
    const bool direct = std::any_of(pools.begin(), pools.end(), [](const Candidate& c) {
        return is_pool(c) && c.system.controller.info.id == "nvme-direct-cpu";
    });
    CHECK(direct);

    SECTION("not where the host does not run ZFS") {
        request.host.raid_software = "md";
        const auto md_only = all_candidates(search_with(request, RaidSoftware::Any));
        REQUIRE_FALSE(md_only.empty());
        CHECK(std::none_of(md_only.begin(), md_only.end(), is_pool));
    }
}

TEST_CASE("an appliance NAS builds the levels its own software offers, on its own ports",
          "[advisor][zfs]") {
    const auto nas = raidadv::test::bundled_catalog().host("synology-rs2423plus");
    REQUIRE(nas.has_value());
    CHECK(raidadv::host_offers_md(*nas));  // DSM is md underneath
    for (RaidLevel level : {RaidLevel::Raid0, RaidLevel::Raid1, RaidLevel::Raid5, RaidLevel::Raid6,
                            RaidLevel::Raid10, RaidLevel::Simple}) {
        CHECK(raidadv::host_builds_level(*nas, level));
    }
    for (RaidLevel level :
         {RaidLevel::Raid50, RaidLevel::Raid60, RaidLevel::Raid01, RaidLevel::Raidz2}) {
        CHECK_FALSE(raidadv::host_builds_level(*nas, level));  // not in DSM's Storage Manager
    }
    // A generic Linux server nests md arrays: RAID 50 and 60 too, and md's own raid10.
    const auto server = raidadv::test::bundled_catalog().host("linux-server-2024");
    REQUIRE(server.has_value());
    CHECK(raidadv::host_builds_level(*server, RaidLevel::Raid50));
    CHECK(raidadv::host_builds_md_layouts(*server));
    // QNAP's QTS: 50 and 60 as well; neither appliance builds md's raid10 placements.
    const auto qnap = raidadv::test::bundled_catalog().host("qnap-ts-464");
    REQUIRE(qnap.has_value());
    CHECK(raidadv::host_builds_level(*qnap, RaidLevel::Raid50));
    CHECK_FALSE(raidadv::host_builds_level(*qnap, RaidLevel::Raid01));
    CHECK_FALSE(raidadv::host_builds_md_layouts(*qnap));
    CHECK_FALSE(raidadv::host_builds_md_layouts(*nas));
    Request request = raidadv::test::example_request("advisor-small-nas.json");
    request.host = *nas;
    request.constraints.owned_controller.clear();
    request.constraints.max_drive_bays = 12;
    const auto result = search_with(request, RaidSoftware::Any);
    REQUIRE_FALSE(result.ranked.empty());
    for (const Candidate& c : all_candidates(result)) {
        INFO(c.system.name);
        CHECK(raidadv::host_builds_level(*nas, c.system.layout.level));
        CHECK(c.system.controller.info.price_usd == 0.0);  // no card: the bays are the board's
        CHECK(c.system.name.find("(md ") == std::string::npos);  // no "(md near layout)"
        for (const std::string& variant : c.variants) {
            CHECK(variant.find("(md ") == std::string::npos);
        }
    }
}

TEST_CASE("a Windows host builds its arrays with Storage Spaces, not Linux md", "[advisor][zfs]") {
    // The HP Z4 G5 runs Windows 11: its RAID software is Storage Spaces (and Intel VROC).
    const auto host = raidadv::test::bundled_catalog().host("hp-z4-g5-windows11");
    REQUIRE(host.has_value());
    CHECK_FALSE(raidadv::host_offers_md(*host));
    CHECK(raidadv::host_builds_level(*host, RaidLevel::Raid5));   // parity
    CHECK(raidadv::host_builds_level(*host, RaidLevel::Raid10));  // mirror, columns
    CHECK_FALSE(raidadv::host_builds_level(*host, RaidLevel::Raid50));
    CHECK_FALSE(raidadv::host_builds_level(*host, RaidLevel::Raidz2));
    const auto md = raidadv::test::bundled_catalog().controller("linux-md");
    const auto lanes = raidadv::test::bundled_catalog().controller("nvme-direct-cpu");
    REQUIRE(md.has_value());
    REQUIRE(lanes.has_value());
    CHECK(raidadv::is_md_software(*md));
    CHECK_FALSE(raidadv::is_md_software(*lanes));  // ports (CPU lanes), whose RAID is the host's

    Request request = raidadv::test::example_request("advisor-nvme-scratch.json");
    request.host = *host;
    request.constraints.controllers.clear();  // (the example asks for Linux md)
    request.constraints.writes_per_day_bytes = 2e12;
    request.constraints.min_failures_tolerated = 1;  // mirrors and parity, not only RAID 0
    request.constraints.capacity_bytes = 2e12;       // small enough for mirrors of 2 to 4 drives
    request.constraints.horizon_years = 0.0;
    const auto result = search_with(request, RaidSoftware::Any);
    REQUIRE_FALSE(result.ranked.empty());
    CHECK(result.stats.rejected.count("the host's operating system does not run Linux md") == 1);
    // Storage Spaces' dual parity needs seven drives: no RAID 6 of four M.2 drives.
    CHECK(result.stats.rejected.count("Storage Spaces' dual parity needs at least 7 drives") == 1);
    int mirrors = 0;
    for (const Candidate& c : all_candidates(result)) {
        INFO(c.system.name);
        CHECK_FALSE(raidadv::is_md_software(c.system.controller));
        CHECK_FALSE(raidadv::linux_md(c.system));  // modelled as the host's RAID, not md's
        CHECK(raidadv::host_builds_level(*host, c.system.layout.level));
        // md's own raid10 placements and 3-drive raid10 are not Storage Spaces'.
        CHECK(c.system.layout.placement == raidadv::CopyPlacement::Near);
        mirrors += c.system.layout.level == RaidLevel::Raid10 ? 1 : 0;
        CHECK((c.system.layout.level != RaidLevel::Raid6 || c.system.layout.drives >= 7));
        for (const std::string& variant : c.variants) {
            CHECK(variant.find("(md ") == std::string::npos);  // "(md offset layout)"
        }
        CHECK(c.system.name.find("(md ") == std::string::npos);
    }
    CHECK(mirrors > 0);  // (Storage Spaces' two-way mirror with columns)
    // How to build it: Storage Spaces, with no mdadm line.
    const auto summary = raidadv::advisor::buying_summary(raidadv::test::pick(result), request);
    CHECK(summary.plan.primary.title.find("Storage Spaces") != std::string::npos);
    for (const std::string& line : summary.plan.primary.commands) {
        CHECK(line.find("mdadm") == std::string::npos);
    }
}

TEST_CASE("advisor.raid_software is read, written back and checked", "[advisor][zfs][project]") {
    const std::string text = example_text("advisor-zfs-nas.json");
    const std::string anchor = "\"max_drive_bays\": 8,";
    REQUIRE(text.find(anchor) != std::string::npos);
    const auto with = [&](const std::string& value) {
        return with_key(text, anchor, "raid_software", value);
    };
    const auto& catalog = raidadv::test::bundled_catalog();

    const raidadv::Project plain = raidadv::parse_project(text, catalog);
    CHECK(plain.advisor->constraints.raid_software == RaidSoftware::Any);
    // "any" is the default and is not written: files without a choice stay as they were.
    CHECK(raidadv::project_to_json(plain, "test")["advisor"].count("raid_software") == 0);

    const raidadv::Project md = raidadv::parse_project(with("\"md\""), catalog);
    CHECK(md.advisor->constraints.raid_software == RaidSoftware::Md);
    const auto written = raidadv::project_to_json(md, "test");
    CHECK(written["advisor"]["raid_software"] == "md");
    const raidadv::Project again = raidadv::parse_project(written.dump(), catalog);
    CHECK(again.advisor->constraints.raid_software == RaidSoftware::Md);

    try {
        (void)raidadv::parse_project(with("\"raidz\""), catalog);
        FAIL("a RAID software the format does not know was accepted");
    } catch (const raidadv::ProjectError& e) {
        REQUIRE(e.issues.size() == 1);
        CHECK(e.issues[0].path == "advisor.raid_software");
        CHECK(e.issues[0].message ==
              R"(must be "any", "hardware", "md" or "zfs", got the string "raidz")");
    }
}

TEST_CASE("advisor.md_bitmap is read, written back, checked and given to md arrays",
          "[advisor][project]") {
    const std::string text = example_text("advisor-small-nas.json");
    const std::string anchor = "\"max_drive_bays\": 4,";
    REQUIRE(text.find(anchor) != std::string::npos);
    const auto with = [&](const std::string& value) {
        return with_key(text, anchor, "md_bitmap", value);
    };
    const auto& catalog = raidadv::test::bundled_catalog();
    const raidadv::Project plain = raidadv::parse_project(text, catalog);
    CHECK(plain.advisor->constraints.md_bitmap == raidadv::MdBitmap::Auto);
    CHECK(raidadv::project_to_json(plain, "test")["advisor"].count("md_bitmap") == 0);

    const raidadv::Project none = raidadv::parse_project(with("\"none\""), catalog);
    CHECK(none.advisor->constraints.md_bitmap == raidadv::MdBitmap::None);
    const auto written = raidadv::project_to_json(none, "test");
    CHECK(written["advisor"]["md_bitmap"] == "none");
    // Every md array the search builds carries it, and the pick's build plan says so.
    const auto result = raidadv::test::run_advisor(*none.advisor);
    REQUIRE_FALSE(result.ranked.empty());
    for (const auto& c : result.ranked) {
        CHECK(c.system.layout.md_bitmap == raidadv::MdBitmap::None);
    }

    try {
        (void)raidadv::parse_project(with("\"sometimes\""), catalog);
        FAIL("a bitmap the format does not know was accepted");
    } catch (const raidadv::ProjectError& e) {
        REQUIRE(e.issues.size() == 1);
        CHECK(e.issues[0].path == "advisor.md_bitmap");
        CHECK(
            e.issues[0].message ==
            R"(must be "auto" (mdadm's default), "internal" or "none" (mdadm --bitmap), got the string "sometimes")");
    }
}

TEST_CASE("session.pool_what_if is checked by the project reader", "[advisor][zfs][project]") {
    const std::string text = example_text("advisor-zfs-nas.json");
    const std::size_t end = text.rfind('}');
    REQUIRE(end != std::string::npos);
    const auto with = [&](const std::string& pool) {
        return text.substr(0, end) + ", \"session\": {\"pool_what_if\": " + pool + "}}";
    };
    const auto& catalog = raidadv::test::bundled_catalog();
    CHECK_NOTHROW(raidadv::parse_project(
        with(R"({"configuration": "x", "drives_per_vdev": 4, "vdevs": 2, "recordsize_kib": 1024,
                 "draid_data": 0})"),
        catalog));
    try {
        (void)raidadv::parse_project(
            with(R"({"configuration": "x", "drives_per_vdev": 4, "vdevs": 0,
                     "recordsize_kib": 128})"),
            catalog);
        FAIL("zero vdevs were accepted");
    } catch (const raidadv::ProjectError& e) {
        REQUIRE(e.issues.size() == 1);
        CHECK(e.issues[0].path == "session.pool_what_if.vdevs");
    }
}

TEST_CASE("ZFS and NAS appliances take plain disks: no hardware RAID volume, their own ports",
          "[advisor][zfs]") {
    const auto& catalog = raidadv::test::bundled_catalog();
    const auto truenas = catalog.host("truenas-mini-x-plus");
    const auto synology = catalog.host("synology-rs2423plus");
    const auto server = catalog.host("linux-server-2024");
    REQUIRE(truenas.has_value());
    REQUIRE(synology.has_value());
    REQUIRE(server.has_value());
    CHECK_FALSE(raidadv::host_takes_hardware_raid(*truenas));
    CHECK_FALSE(raidadv::host_takes_hardware_raid(*synology));
    CHECK(raidadv::host_takes_hardware_raid(*server));
    GIVEN("a small-NAS question asked of a TrueNAS Mini X+ (one free slot)") {
        Request request = raidadv::test::example_request("advisor-small-nas.json");
        request.host = *truenas;
        request.constraints.owned_controller.clear();
        const auto result = search_with(request, RaidSoftware::Any);
        THEN("no candidate puts a PERC or MegaRAID volume under TrueNAS (one was the pick)") {
            REQUIRE_FALSE(result.ranked.empty());
            for (const Candidate& c : all_candidates(result)) {
                INFO(c.system.name);
                CHECK(c.system.controller.kind != ControllerKind::HardwareRaid);
            }
            CHECK(result.stats.rejected.count(
                      "the host's storage software takes plain disks, not a hardware RAID "
                      "volume") == 1);
        }
    }
    GIVEN("a scratch question asked of a Synology box and of a generic Linux NAS") {
        Request request = raidadv::test::example_request("advisor-scratch-no-redundancy.json");
        request.host = *synology;
        const auto on_synology = search_with(request, RaidSoftware::Any);
        request.host = *catalog.host("linux-nas-2024");
        const auto elsewhere = search_with(request, RaidSoftware::Any);
        THEN("the appliance's own SATA row serves the Synology alone, no AMD chipset ports") {
            REQUIRE_FALSE(on_synology.ranked.empty());
            for (const Candidate& c : all_candidates(on_synology)) {
                INFO(c.system.name);
                CHECK(c.system.controller.info.id != "amd-chipset-sata");
            }
            for (const Candidate& c : all_candidates(elsewhere)) {
                INFO(c.system.name);
                CHECK(c.system.controller.info.id != "nas-appliance-sata");
            }
            CHECK(elsewhere.stats.rejected.count("another kind of host's own on-board ports") == 1);
        }
    }
}

TEST_CASE("a chipset's RAID is offered on the boards built on that chipset only", "[advisor]") {
    const auto& catalog = raidadv::test::bundled_catalog();
    const auto core2 = catalog.host("intel-core2-e6600-vista");  // its board has the ICH8R
    const auto server = catalog.host("windows-server-2022-2u-8lff");
    REQUIRE(core2.has_value());
    REQUIRE(server.has_value());
    Request request = raidadv::test::example_request("advisor-sequential-capacity-2007.json");
    request.constraints.owned_controller.clear();
    const auto ids = [](const raidadv::advisor::Result& r) {
        std::set<std::string> seen;
        for (const Candidate& c : all_candidates(r)) {
            seen.insert(c.system.controller.info.id);
        }
        return seen;
    };
    WHEN("a 2007 media-volume question is asked of a 2022 Windows server") {
        request.host = *server;
        const auto result = search_with(request, RaidSoftware::Any);
        THEN("no 2005-2006 Intel chipset RAID is offered (one was the pick, at no known price)") {
            REQUIRE_FALSE(result.ranked.empty());
            CHECK(ids(result).count("intel-ich7r") == 0);
            CHECK(ids(result).count("intel-ich8r") == 0);
            CHECK(result.stats.rejected.count("another kind of host's own on-board ports") == 1);
        }
    }
    WHEN("it is asked of the Core 2 board it was measured on") {
        request.host = *core2;
        const auto result = search_with(request, RaidSoftware::Any);
        THEN("its own ICH8R is offered at no price of its own; the other board's ICH7R is not") {
            CHECK(ids(result).count("intel-ich8r") == 1);
            CHECK(ids(result).count("intel-ich7r") == 0);
        }
    }
}

TEST_CASE("an appliance NAS builds its md arrays with its own 64 KiB chunk", "[advisor]") {
    const auto& catalog = raidadv::test::bundled_catalog();
    Request request = raidadv::test::example_request("advisor-small-nas.json");
    request.constraints.owned_controller.clear();
    request.constraints.drive_kinds.clear();  // SSDs too: the 4 KiB units they liked
    for (const char* id : {"synology-rs2423plus", "qnap-ts-464"}) {
        INFO(id);
        request.host = *catalog.host(id);
        const auto result = search_with(request, RaidSoftware::Any);
        REQUIRE_FALSE(result.ranked.empty());
        for (const Candidate& c : all_candidates(result)) {
            if (raidadv::is_striped(c.system.layout.level) &&
                c.system.controller.kind == ControllerKind::Hba) {
                INFO(c.system.name);
                CHECK(c.system.layout.stripe_unit_bytes == 64.0 * 1024.0);
            }
        }
    }
    request.host = *catalog.host("linux-nas-2024");  // md itself: any power of two
    std::set<double> units;
    for (const Candidate& c : all_candidates(search_with(request, RaidSoftware::Any))) {
        if (raidadv::is_striped(c.system.layout.level)) {
            units.insert(c.system.layout.stripe_unit_bytes);
        }
    }
    CHECK(units.size() > 1);
}

TEST_CASE("a Storage Spaces parity space keeps one stripe of data within an NTFS cluster",
          "[advisor]") {
    raidadv::Layout layout;
    layout.level = RaidLevel::Raid5;
    layout.drives = 3;  // 2 data columns: clusters up to 2 MiB take interleaves up to 1 MiB
    CHECK(raidadv::parity_space_max_interleave_bytes(layout) == 1024.0 * 1024.0);
    layout.drives = 4;  // 3 data columns: no power-of-two cluster is a stripe of data
    CHECK(raidadv::parity_space_max_interleave_bytes(layout) == 0.0);
    layout.level = RaidLevel::Raid6;
    layout.drives = 10;  // 8 data columns
    layout.stripe_unit_bytes = 64.0 * 1024.0;
    CHECK(raidadv::parity_space_cluster_bytes(layout) == 512.0 * 1024.0);
    const auto& catalog = raidadv::test::bundled_catalog();
    const auto windows = catalog.host("windows-server-2022-2u-8lff");
    const auto linux_server = catalog.host("linux-server-2024");
    REQUIRE(windows.has_value());
    REQUIRE(linux_server.has_value());
    const raidadv::ControllerSpec hba;  // (kind hba: plain drives for the host's software)
    CHECK(raidadv::storage_spaces_cluster_bytes(*windows, hba, layout) == 512.0 * 1024.0);
    CHECK(raidadv::storage_spaces_cluster_bytes(*linux_server, hba, layout) == 0.0);  // md
    GIVEN(
        "a RAID 5 question on a Windows server, its drives on an HBA (Storage Spaces builds it)") {
        Request request = raidadv::test::example_request("advisor-small-nas.json");
        request.host = *windows;
        request.constraints.owned_controller.clear();
        request.constraints.levels = {RaidLevel::Raid5};
        request.constraints.controllers = {"dell-hba355i"};
        request.constraints.capacity_bytes = 20e12;
        request.constraints.budget_usd = 4000.0;
        const auto result = search_with(request, RaidSoftware::Any);
        THEN("no power-of-two parity space has a stripe of data larger than 2 MiB") {
            REQUIRE_FALSE(result.ranked.empty());
            int aligned = 0;
            for (const Candidate& c : all_candidates(result)) {
                const double most = raidadv::storage_spaces_max_interleave_bytes(
                    c.system.host, c.system.controller, c.system.layout);
                if (most > 0.0) {
                    ++aligned;
                    INFO(c.system.name);
                    CHECK(c.system.layout.stripe_unit_bytes <= most);
                }
            }
            CHECK(aligned > 0);
        }
        THEN("a parity space no cluster can align says so among the buying summary's risks") {
            const auto all = all_candidates(result);
            const auto odd = std::find_if(all.begin(), all.end(), [](const Candidate& c) {
                return raidadv::storage_spaces_data_columns(c.system.host, c.system.controller,
                                                            c.system.layout) == 3;
            });
            REQUIRE(odd != all.end());  // RAID 5 of 4
            const auto risks = raidadv::advisor::buying_summary(*odd, request).risks;
            CHECK(std::any_of(risks.begin(), risks.end(), [](const std::string& r) {
                return r.find("Storage Spaces parity over 3 data columns") == 0;
            }));
        }
    }

    GIVEN("five 4 TB drives on a Windows server's HBA, the only RAID 5 that holds the data") {
        Request request = raidadv::test::example_request("advisor-small-nas.json");
        request.host = *windows;
        request.constraints.owned_controller.clear();
        request.constraints.levels = {RaidLevel::Raid5};
        request.constraints.controllers = {"dell-hba355i"};
        request.constraints.drives = {"seagate-st4000vn006"};
        request.constraints.capacity_bytes = 7e12;  // 14 TB with growth and fill: 4 data drives
        request.constraints.max_drive_bays = 5;
        request.constraints.budget_usd = 4000.0;
        auto result = search_with(request, RaidSoftware::Any);
        REQUIRE_FALSE(result.ranked.empty());
        const Candidate& pick = result.ranked.front();
        REQUIRE(raidadv::storage_spaces_data_columns(pick.system.host, pick.system.controller,
                                                     pick.system.layout) == 4);
        THEN("its interleave is at most 512 KiB (4 x 512 KiB: NTFS's largest cluster)") {
            CHECK(pick.system.layout.stripe_unit_bytes <= 512.0 * 1024.0);
            CHECK(pick.stripe_rule.rounded_bytes > 512.0 * 1024.0);  // the rule asked for more
        }
        THEN("the explanation says why the unit is smaller than the rule's") {
            raidadv::advisor::explain_top(result, request, 1);
            REQUIRE(result.explanations.size() == 1);
            const auto& reasons = result.explanations.front().reasons;
            const auto stripe = std::find_if(reasons.begin(), reasons.end(), [](const auto& r) {
                return r.rfind("Stripe unit", 0) == 0;
            });
            REQUIRE(stripe != reasons.end());
            INFO(*stripe);
            CHECK(stripe->find("at most 512 KiB") != std::string::npos);
            CHECK(stripe->find("was fastest") == std::string::npos);
        }
    }
}

TEST_CASE("no ZFS pool is built on shingled drives; md keeps them with a warning",
          "[advisor][zfs]") {
    Request request = raidadv::test::example_request("advisor-small-nas.json");
    request.host = *raidadv::test::bundled_catalog().host("linux-nas-2024");
    request.constraints.owned_controller.clear();
    request.constraints.capacity_bytes = 2e12;  // a cheap question: SMR drives were its picks
    request.constraints.budget_usd = 300.0;
    const auto zfs = search_with(request, RaidSoftware::Zfs);
    const auto md = search_with(request, RaidSoftware::Md);
    REQUIRE_FALSE(zfs.ranked.empty());
    for (const Candidate& c : all_candidates(zfs)) {
        INFO(c.system.name);
        CHECK_FALSE(c.system.drive.smr);
    }
    CHECK(zfs.stats.rejected.count(
              "shingled (SMR) drives in a ZFS pool: resilvers onto them can stall") == 1);
    const auto all_md = all_candidates(md);
    CHECK(std::any_of(all_md.begin(), all_md.end(),
                      [](const Candidate& c) { return c.system.drive.smr; }));
}

TEST_CASE("an appliance pick's bitmap sentence names no mdadm option the user cannot set",
          "[advisor]") {
    Request request = raidadv::test::example_request("advisor-small-nas.json");
    request.host = *raidadv::test::bundled_catalog().host("synology-ds923plus");
    request.constraints.owned_controller.clear();
    auto result = search_with(request, RaidSoftware::Any);
    REQUIRE_FALSE(result.ranked.empty());
    raidadv::advisor::explain_top(result, request, 1);
    REQUIRE(result.explanations.size() == 1);
    const auto& reasons = result.explanations.front().reasons;
    const auto bitmap = std::find_if(reasons.begin(), reasons.end(), [](const std::string& r) {
        return r.find("write-intent bitmap") != std::string::npos;
    });
    REQUIRE(bitmap != reasons.end());  // RAID 6 of 4 x 8 TB: md's bitmap is on
    INFO(*bitmap);
    CHECK(bitmap->find("the storage manager's md arrays carry one") != std::string::npos);
    CHECK(bitmap->find("mdadm") == std::string::npos);
}

TEST_CASE("on an appliance NAS the array is named for its storage manager, not mdadm",
          "[advisor][zfs]") {
    const auto nas = raidadv::test::bundled_catalog().host("synology-ds923plus");
    REQUIRE(nas.has_value());
    Request request = raidadv::test::example_request("advisor-small-nas.json");
    request.host = *nas;
    request.constraints.owned_controller.clear();
    const auto result = search_with(request, RaidSoftware::Any);
    REQUIRE_FALSE(result.ranked.empty());
    const Candidate& pick = result.ranked.front();
    INFO(pick.system.name);
    CHECK(pick.system.name.find("Synology DSM storage pool (md)") != std::string::npos);
    CHECK(pick.system.name.find("mdadm") == std::string::npos);
    for (const std::string& variant : pick.variants) {
        INFO(variant);
        CHECK(variant.find("mdadm") == std::string::npos);
        CHECK(variant.find("on-board SATA") == std::string::npos);  // the same pool, said once
    }
    const auto summary = raidadv::advisor::buying_summary(pick, request);
    const auto raid = std::find_if(summary.items.begin(), summary.items.end(),
                                   [](const auto& line) { return line.role == "RAID"; });
    REQUIRE(raid != summary.items.end());
    CHECK(raid->part == "Synology DSM storage pool (md)");
    CHECK(raid->free);
}
