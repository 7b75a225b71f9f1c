// Louwrentius 2019, two hard disks alone on an HPE MicroServer Gen10's AHCI ports (issue 24,
// more evidence for the drive model): the figures compared as the assumptions say (docs/
// validation/candidates/louwrentius-2019-ahci-hdds-assumptions.md), nothing calibrated, every
// large miss explained, and the error where it was when encoded.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "validation/validation.h"
#include "validation_report.h"

using namespace raidadv;
using namespace raidadv::validation;

namespace {

constexpr const char* kStudy = "louwrentius-2019-ahci-hdds";
constexpr const char* kF1 =
    "Samsung SpinPoint F1 1 TB 7200 rpm on the MicroServer Gen10's AHCI port";

const Figure& figure(const std::string& config, const std::string& test) {
    return test::required_figure(test::required_study(kStudy), config + ": 4 KiB " + test);
}

}  // namespace

TEST_CASE("Two disks on AHCI: every figure predicted, none calibrated, misses explained") {
    const StudyResult& s = test::required_study(kStudy);
    CHECK(s.year == 2008);
    CHECK(s.figures.size() == 80);  // 2 disks x (32 IOPS + 8 mean latencies)
    for (const auto& f : s.figures) {
        INFO(f.name);
        CHECK_FALSE(f.calibration);
        REQUIRE(f.evidence.has_value());
        CHECK(*f.evidence == EvidenceClass::HddRandom);
        if (std::abs(f.error_pct()) > 35.0) {
            CHECK_FALSE(f.note.empty());
        }
    }
}

TEST_CASE("Two disks on AHCI: one read at a time right, queued reads and writes as documented") {
    // The positioning profile: the F1 at iodepth 1 (measured 72.1 IOPS, 13.85 ms).
    CHECK(std::abs(figure(kF1, "random read, iodepth 1 x numjobs 1").error_pct()) < 10.0);
    CHECK(std::abs(figure(kF1, "random read, iodepth 1 x numjobs 1|mean latency").error_pct()) <
          10.0);
    // Queued reads: the model's reordering gains more than the disk (+22..+27% at 4-32 when
    // encoded); a bound, so that it cannot grow unnoticed.
    for (const std::string test :
         {"random read, iodepth 4 x numjobs 1", "random read, iodepth 32 x numjobs 1"}) {
        INFO(test);
        const Figure& f = figure(kF1, test);
        CHECK(f.error_pct() > 0.0);
        CHECK(f.error_pct() < 35.0);
    }
    const StudyResult& s = test::required_study(kStudy);
    INFO("median " << s.median_abs_error_pct << "%, tau " << s.kendall_tau);
    // 71.9% when encoded: the writes (a write-through HGST taken as write-cached, the F1's
    // shallow cache taken as 512 writes deep) and the queued reads (docs/model.md section 10).
    CHECK(s.median_abs_error_pct <= 75.0);
}
