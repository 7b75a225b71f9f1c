// Louwrentius' fio grids as validation studies (issue 24, "More evidence"): their error and
// ordering stay where they are (docs/validation/validation.md), and the directions of effect
// the data show (docs/validation/candidates/README.md) hold in the predictions.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "validation/validation.h"
#include "validation_report.h"

using namespace raidadv;
using namespace raidadv::validation;

namespace {

const StudyResult& study(const std::string& name) {
    for (const auto& s : test::validation_report().studies) {
        if (s.name == name) {
            return s;
        }
    }
    FAIL("no study " << name);
    throw;
}

/// The figure whose name starts with `config` and ends with `test`.
const Figure& figure(const StudyResult& s, const std::string& config, const std::string& test) {
    for (const auto& f : s.figures) {
        if (f.name.rfind(config, 0) == 0 && f.name.size() >= test.size() &&
            f.name.compare(f.name.size() - test.size(), test.size(), test) == 0) {
            return f;
        }
    }
    FAIL("no figure " << config << " ... " << test);
    throw;
}

constexpr const char* kRaid5 = "louwrentius-2020-md-raid5-8x2tb";
constexpr const char* kMx200 = "louwrentius-2019-p420i-mx200-md-raid0";
constexpr const char* kM1015 = "md RAID 5, 8 x 2 TB HDD on IBM M1015";
constexpr const char* kSingle = "single Crucial MX200";
constexpr const char* kMd0 = "md RAID 0, 3 x Crucial MX200 (";
constexpr const char* kMd127 = "md RAID 0, 3 x Crucial MX200, 8 KiB chunk";

}  // namespace

TEST_CASE("md RAID 5 of eight HDDs: error, ordering and calibration as documented") {
    const StudyResult& s = study(kRaid5);
    INFO("median " << s.median_abs_error_pct << "%, tau " << s.kendall_tau);
    // 13.5% and 0.84 when encoded; the targets are 15% and 0.7.
    CHECK(s.median_abs_error_pct <= 15.0);
    CHECK(s.kendall_tau >= 0.8);
    int calibration = 0;
    for (const auto& f : s.figures) {
        calibration += f.calibration ? 1 : 0;
        // Its writes have a class of their own (the bitmap's cost the model is known short of).
        const bool write = f.name.find("random write") != std::string::npos;
        CHECK(f.evidence == (write ? EvidenceClass::MdParityWrites : EvidenceClass::HddRandom));
    }
    CHECK(calibration == 2);  // one point: its IOPS and its latency
    const Figure& cal = figure(s, kM1015, "random read, iodepth 1 x numjobs 1");
    CHECK(cal.calibration);
    CHECK(std::abs(cal.error_pct()) < 1.0);
}

TEST_CASE("md RAID 5 of eight HDDs: reads scale with outstanding I/Os, writes pay RAID 5") {
    const StudyResult& s = study(kRaid5);
    const double r1 = figure(s, kM1015, "random read, iodepth 1 x numjobs 1").predicted;
    const double r64 = figure(s, kM1015, "random read, iodepth 64 x numjobs 64").predicted;
    const double w64 = figure(s, kM1015, "random write, iodepth 64 x numjobs 64").predicted;
    // Measured: 106 -> 1,666 IOPS (about 16x); eight drives with tagged queueing.
    CHECK(r64 > 10.0 * r1);
    CHECK(r64 < 25.0 * r1);
    // Measured writes / reads at saturation: 0.28-0.33 (RAID 5's four disk I/Os per small
    // write against one per read, less what reordering gains).
    CHECK(w64 / r64 > 0.2);
    CHECK(w64 / r64 < 0.4);
}

TEST_CASE("md RAID 0 of three MX200: error, ordering and calibration as documented") {
    const StudyResult& s = study(kMx200);
    INFO("median " << s.median_abs_error_pct << "%, tau " << s.kendall_tau);
    // 17.2% and 0.70 when encoded: above the 15% target (docs/validation: the single
    // drive's read ceiling behind the P420i and one fio job's per-request CPU). The bound
    // keeps it from getting worse unnoticed. 16.1% and 0.63 since an SSD's programs run in the
    // background: the two arrays, which differ only in chunk size (nothing for 4 KiB requests,
    // measured or modelled), are predicted equal where their writes reach the drives' program
    // rate, and Kendall's tau-b counts a tie against the measured order (noise of 1-2%).
    // 6.6% since the drive's flash units are a choice (4, stop 46): its ceiling behind the
    // P420i follows, the 15% target met.
    CHECK(s.median_abs_error_pct <= 8.0);
    CHECK(s.kendall_tau >= 0.6);
    int calibration = 0, choices = 0;
    for (const auto& f : s.figures) {
        CHECK(f.evidence == (f.name.find("random write") != std::string::npos
                                 ? EvidenceClass::FlashWrites
                                 : EvidenceClass::FlashReads));
        if (f.calibration) {
            ++calibration;
            // Only the single drive's write files (a fit) and three of its reads (the flash
            // units' choice) calibrate.
            CHECK(f.name.rfind(kSingle, 0) == 0);
            const bool write = f.name.find("random write") != std::string::npos;
            CHECK(f.calibration_choice == !write);
            choices += f.calibration_choice ? 1 : 0;
        }
    }
    CHECK(calibration == 59);
    CHECK(choices == 3);
}

TEST_CASE("md RAID 0 of three MX200: the ceiling the flash units choice did not see") {
    const StudyResult& s = study(kMx200);
    // Chosen on the single drive's reads at iodepth 1 x numjobs 4, 8, 16; its reads at 32 or
    // more outstanding and the arrays' are predictions (measured 45,500-47,700 on one drive,
    // 136,000-144,000 on three).
    for (const std::string& test : {std::string("random read, iodepth 64 x numjobs 64"),
                                    std::string("random read, iodepth 16 x numjobs 4"),
                                    std::string("random read, iodepth 1 x numjobs 64")}) {
        INFO(test);
        for (const char* config : {kSingle, kMd0, kMd127}) {
            const Figure& f = figure(s, config, test);
            INFO(config << ": measured " << f.measured << ", predicted " << f.predicted);
            CHECK_FALSE(f.calibration);
            CHECK(std::abs(f.error_pct()) < 15.0);
        }
    }
}

TEST_CASE("md RAID 0 of three MX200: the directions of effect the data show") {
    const StudyResult& s = study(kMx200);
    const std::string qd1 = "random read, iodepth 1 x numjobs 1";
    // At iodepth 1 x numjobs 1 the array reads no faster than one drive (6,575 vs 6,614).
    CHECK(figure(s, kMd0, qd1).predicted <= figure(s, kSingle, qd1).predicted * 1.01);
    // Writes scale about 3x with three drives once enough are in flight (6.9k -> 20.8k).
    const std::string w = "random write, iodepth 64 x numjobs 64";
    const double wr = figure(s, kMd0, w).predicted / figure(s, kSingle, w).predicted;
    CHECK(wr > 2.5);
    CHECK(wr < 3.5);
    // Reads: measured 3.0x (47.7k -> 139.6k). The model's array is faster than one drive but
    // gains only about 2x: its single drive reads at the SATA lane's per-command limit
    // (84,500, not the 47,000 measured) and its array at the P420i's 200,000 IOPS.
    const std::string r = "random read, iodepth 64 x numjobs 64";
    const double rr = figure(s, kMd0, r).predicted / figure(s, kSingle, r).predicted;
    CHECK(rr > 1.5);
    CHECK(rr < 3.5);
    // 8 KiB against 4 KiB chunks makes no difference to 4 KiB requests (within 2%).
    for (const std::string& test :
         {qd1, r, w, std::string("random write, iodepth 4 x numjobs 1")}) {
        INFO(test);
        CHECK(figure(s, kMd127, test).predicted ==
              Approx(figure(s, kMd0, test).predicted).epsilon(0.02));
    }
}
