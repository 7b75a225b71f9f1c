// Louwrentius 2019, two hard disks alone on an HPE MicroServer Gen10's AHCI ports (issue 24,
// more evidence for the drive model): the figures compared as the assumptions say (docs/
// validation/candidates/louwrentius-2019-ahci-hdds-assumptions.md), the F1's seek jitter
// calibrated on two of its reads (scripts/calibrate-seek-jitter.py), every large miss explained,
// and the writes the calibration did not see predicted from it.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "validation/validation.h"
#include "validation_report.h"

using namespace raidadv;
using namespace raidadv::validation;

namespace {

constexpr const char* kStudy = "louwrentius-2019-ahci-hdds";
constexpr const char* kHgst =
    "HGST 2.5-inch 7200 rpm 100 GB (HTS72101) on the MicroServer Gen10's AHCI port";
constexpr const char* kF1 =
    "Samsung SpinPoint F1 1 TB 7200 rpm on the MicroServer Gen10's AHCI port";

const Figure& figure(const std::string& config, const std::string& test) {
    return test::required_figure(test::required_study(kStudy), config + ": 4 KiB " + test);
}

}  // namespace

TEST_CASE("Two disks on AHCI: the F1's seek jitter calibrated on two reads, misses explained") {
    const StudyResult& s = test::required_study(kStudy);
    CHECK(s.year == 2008);
    CHECK(s.figures.size() == 80);  // 2 disks x (32 IOPS + 8 mean latencies)
    int calibration = 0;
    for (const auto& f : s.figures) {
        INFO(f.name);
        // The F1's reads at iodepth 16 and 32 x numjobs 1, IOPS and latency.
        const bool f1 = f.name.rfind(kF1, 0) == 0;
        const bool read = f.name.find("random read") != std::string::npos;
        const bool at = f.name.find("iodepth 16 x numjobs 1") != std::string::npos ||
                        f.name.find("iodepth 32 x numjobs 1") != std::string::npos;
        const bool one_job = f.name.find("numjobs 16") == std::string::npos;
        // The HGST's write-cache depth: its writes at iodepth 1 x numjobs 1, IOPS and latency.
        const bool hgst_write = f.name.rfind(kHgst, 0) == 0 && !read &&
                                f.name.find("iodepth 1 x numjobs 1") != std::string::npos &&
                                f.name.find("numjobs 16") == std::string::npos;
        CHECK(f.calibration == ((f1 && read && at && one_job) || hgst_write));
        CHECK(f.calibration_choice == hgst_write);  // a whole number of writes, the nearest
        calibration += f.calibration ? 1 : 0;
        REQUIRE(f.evidence.has_value());
        CHECK(*f.evidence == EvidenceClass::HddRandom);
        if (!f.calibration && std::abs(f.error_pct()) > 35.0) {
            CHECK_FALSE(f.note.empty());
        }
    }
    CHECK(calibration == 6);
}

TEST_CASE("Two disks on AHCI: one read at a time right, queued reads and writes as documented") {
    // The positioning profile: the F1 at iodepth 1 (measured 72.1 IOPS, 13.85 ms).
    CHECK(std::abs(figure(kF1, "random read, iodepth 1 x numjobs 1").error_pct()) < 10.0);
    CHECK(std::abs(figure(kF1, "random read, iodepth 1 x numjobs 1|mean latency").error_pct()) <
          10.0);
    // Queued reads at 4 in flight, not calibrated: the disk gains less than the model still
    // (+17.6%; +22% with an exact scheduler).
    const Figure& four = figure(kF1, "random read, iodepth 4 x numjobs 1");
    CHECK(four.error_pct() > 0.0);
    CHECK(four.error_pct() < 20.0);
    // The F1's writes, which the calibration did not see: its write cache destages them in the
    // order its reads are served (+72..+77% with an exact scheduler, 148-152 IOPS measured).
    for (const std::string test :
         {"random write, iodepth 1 x numjobs 1", "random write, iodepth 4 x numjobs 1",
          "random write, iodepth 32 x numjobs 16"}) {
        INFO(test);
        CHECK(std::abs(figure(kF1, test).error_pct()) < 10.0);
    }
    // The HGST's writes with a cache of one write: flat at every depth, as measured (43-46
    // IOPS from iodepth 1 to 32), where the default cache reordered them to 3x.
    const double one = figure(kHgst, "random write, iodepth 1 x numjobs 1").predicted;
    CHECK(figure(kHgst, "random write, iodepth 32 x numjobs 1").predicted ==
          Approx(one).epsilon(0.05));
    const StudyResult& s = test::required_study(kStudy);
    INFO("median " << s.median_abs_error_pct << "%, tau " << s.kendall_tau);
    // 71.9% when encoded; 17.3% with the calibrated seek jitter (the HGST's writes, which it
    // writes through here, stay above +200%: docs/model.md section 10); 15.0% since the HGST's
    // write cache holds one write (calibrated on its writes at iodepth 1: +40..+49% at every
    // depth, its destages slower than the estimated seeks say).
    CHECK(s.median_abs_error_pct <= 16.0);
}
