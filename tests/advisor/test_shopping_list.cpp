// The buying summary's shopping list adds up to what the advisor priced: every part the pick
// costs (drives, hot spares, controller cards, expanders, JBODs, bays, RAID software) is on it.

#include <catch2/catch.hpp>

#include <string>

#include "advisor/buying_summary.h"
#include "advisor_fixture.h"

using namespace raidadv;

TEST_CASE("The shopping list adds up to the pick's cost", "[advisor]") {
    // Examples whose picks cost in different ways: hot spares, an expander-backplane 24-bay
    // chassis, an owned md with a hardware budget, NVMe drives on md.
    for (const char* file : {"advisor-home-nas-spares.json", "advisor-archive-24-bay.json",
                             "advisor-small-nas.json", "advisor-nvme-scratch.json"}) {
        INFO(file);
        const advisor::Request request = test::example_request(file);
        const advisor::Result result = test::run_advisor(request);
        const advisor::Candidate& pick = test::pick(result);
        const advisor::BuyingSummary summary = advisor::buying_summary(pick, request);
        const advisor::Assessment& a = pick.assessment;
        // Power is a running cost, not a part; everything else is bought.
        CHECK(summary.total_usd == Approx(a.total_usd - a.power_usd).margin(0.01));
        int spares = 0;
        for (const auto& line : summary.items) {
            spares += line.role == "Spare drives" ? line.quantity : 0;
        }
        CHECK(spares == a.spare_drives);
    }
    // The spares example does buy a spare.
    const advisor::Result spares =
        test::run_advisor(test::example_request("advisor-home-nas-spares.json"));
    CHECK(test::pick(spares).assessment.spare_drives > 0);
}

TEST_CASE("The risks say what a further failure during a rebuild does", "[advisor]") {
    const advisor::Request request = test::example_request("advisor-small-nas.json");
    const advisor::Result result = test::run_advisor(request);
    advisor::Candidate pick = test::pick(result);  // RAID 6 of 4: survives two failed drives
    REQUIRE(pick.assessment.failures_tolerated == 2);
    const auto first_risk = [&] { return advisor::buying_summary(pick, request).risks.at(0); };
    const std::string double_parity = first_risk();
    INFO(double_parity);
    CHECK(double_parity.find("still survives 1 more failed drive.") != std::string::npos);
    CHECK(double_parity.find("loses data") == std::string::npos);
    pick.assessment.failures_tolerated = 1;  // as a RAID 5 or a mirror would
    const std::string single = first_risk();
    INFO(single);
    CHECK(single.find("a further failure in that window loses data") != std::string::npos);
    pick.assessment.failures_tolerated = 3;  // RAID-Z3
    CHECK(first_risk().find("still survives 2 more failed drives.") != std::string::npos);
}
