// Ties on speed (core/advisor/ties.h): two candidates tie when their mean responses differ by
// less than the model's 80% error in comparing them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>

#include "advisor/ties.h"
#include "advisor_fixture.h"
#include "evaluate/error_band.h"

using namespace raidadv;
using namespace raidadv::advisor;

namespace {

/// A candidate with one load point of mean response `response_s` whose band says `evidence`,
/// with the given spreads (none: no band; against other hardware: 0.4 or the whole spread),
/// on `drive` behind an HBA.
Candidate candidate(double response_s, const std::string& evidence, double log_sd,
                    double relative_log_sd, const std::string& drive = "drive-a") {
    Candidate c;
    c.system.drive.info.id = drive;
    c.system.controller.info.id = "hba";
    PointMetrics p;
    p.concurrency = 4;
    p.mean_response_s = response_s;
    p.band.evidence = evidence;
    p.band.log_sd = log_sd;
    p.band.relative_log_sd = relative_log_sd;
    p.band.other_hardware_log_sd = std::min(log_sd, 0.4);
    p.band.mean_response_s = {response_s * 0.5, response_s * 2.0};
    c.performance.points.push_back(p);
    c.performance.mean_response_s = response_s;
    return c;
}

/// Candidates of the two classes the scenarios compare: whole spread 0.6, relative 0.2.
Candidate hdd(double response_s) {
    return candidate(response_s, "HDD, random I/O", 0.6, 0.2);
}
Candidate ssd(double response_s) {
    return candidate(response_s, "SSD and NVMe, mostly reads", 0.6, 0.2);
}

}  // namespace

SCENARIO("Two candidates of one evidence class tie within the spread their comparison has") {
    GIVEN("the same class: only the spread within a study counts (0.2 each)") {
        const double limit = kZ80 * std::sqrt(0.2 * 0.2 + 0.2 * 0.2);  // 0.3625: 1.44x
        const Candidate pick = hdd(0.010);
        THEN("a response 1.4x the pick's is a tie, 1.5x is not") {
            CHECK(std::log(1.4) < limit);
            CHECK(speed_tied(hdd(0.014), pick));
            CHECK_FALSE(speed_tied(hdd(0.015), pick));
            CHECK(comparison_log_sd(pick.performance, pick.performance, true) ==
                  Approx(std::sqrt(0.08)));
        }
        THEN("either way round") {
            CHECK(speed_tied(pick, hdd(0.014)));
            CHECK(speed_tied(hdd(0.0072), pick));
        }
    }
    GIVEN("the same class on other drives (or another controller): their pairs' spread (0.4)") {
        const double limit = kZ80 * std::sqrt(0.4 * 0.4 + 0.4 * 0.4);  // 0.725: 2.06x
        const Candidate pick = hdd(0.010);
        THEN("1.5x apart ties now, 2.1x does not") {
            CHECK(std::log(2.1) > limit);
            CHECK(speed_tied(candidate(0.015, "HDD, random I/O", 0.6, 0.2, "drive-b"), pick));
            CHECK_FALSE(speed_tied(candidate(0.021, "HDD, random I/O", 0.6, 0.2, "drive-b"), pick));
            Candidate raid_card = hdd(0.015);
            raid_card.system.controller.info.id = "raid-card";
            CHECK(speed_tied(raid_card, pick));
            CHECK(comparison_log_sd(pick.performance, pick.performance, false) ==
                  Approx(std::sqrt(0.32)));
        }
    }
    GIVEN("two classes: each prediction's whole spread counts (0.6 each)") {
        const Candidate pick = hdd(0.010);
        THEN("2.9x apart is still a tie (limit exp(1.2816 x 0.849) = 2.97x)") {
            CHECK(speed_tied(ssd(0.0035), pick));
            CHECK_FALSE(speed_tied(ssd(0.0030), pick));
        }
    }
    GIVEN("a candidate without a band (a saturated point)") {
        const Candidate pick = hdd(0.010);
        const Candidate none = candidate(0.010, "HDD, random I/O", 0.0, 0.0);
        THEN("nothing ties with it, not even an equal response") {
            CHECK_FALSE(speed_tied(none, pick));
            CHECK_FALSE(speed_tied(pick, none));
        }
    }
}

SCENARIO("The pick's explanation names its ties on speed and points to the rest",
         "[advisor][explain]") {
    GIVEN("the small NAS, where several 4-drive RAID 6 arrays of other 8-16 TB drives tie") {
        const auto result =
            raidadv::test::run_advisor(raidadv::test::example_request("advisor-small-nas.json"));
        int tied = 0;
        for (const Candidate& c : result.ranked) {
            tied += c.speed_tied_with_pick ? 1 : 0;
        }
        REQUIRE(tied > 3);
        REQUIRE_FALSE(result.explanations.empty());
        std::string sentence;
        for (const auto& reason : result.explanations.front().reasons) {
            if (reason.rfind("Tied on speed", 0) == 0) {
                sentence = reason;
            }
        }
        INFO(sentence);
        THEN("three are named and the others pointed to, not dropped") {
            CHECK(sentence.find("; and others ranked lower, each marked as a speed tie") !=
                  std::string::npos);
            int named = 0;
            for (const Candidate& c : result.ranked) {
                named += c.speed_tied_with_pick &&
                                 sentence.find(c.system.name + ";") != std::string::npos
                             ? 1
                             : 0;
            }
            CHECK(named == 3);
        }
    }
}
